"""The Durak bench's measuring tools (issue 35): ``bench/durak_variants.py`` changes only
the search constants it names, and ``bench/durak_losses.py`` follows a panel game to
its end, the same game the panel plays, and `bench/durak_paired.py` counts a split
with an exact sign test."""

from __future__ import annotations

import pytest

from bench import durak_losses, durak_paired, durak_panel, durak_variants
from games.durak import search


def test_a_variant_sets_only_a_named_search_constant(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "CANDIDATES", search.CANDIDATES)
    assert durak_variants.patch(["CANDIDATES=4"]) == ["search.CANDIDATES = 4"]
    assert search.CANDIDATES == 4
    with pytest.raises(SystemExit):
        durak_variants.patch(["WIN=9"])  # a score, not a knob


def test_a_followed_game_is_the_panels_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "BUDGET", 30)  # whole games: a small search keeps them quick
    for number in range(3):
        seed = 3 * (35 + number)
        fool, seen = durak_losses.follow(3, number % 3, seed, "greedy")
        assert fool == durak_panel.play(3, number % 3, seed, "new", "greedy")[0]
        sizes = seen["stock out"]
        assert isinstance(sizes, tuple) and len(sizes) == 3
        if seen.get("two"):
            assert seen["value"] in (-1, 0, 1, "oob", None)


def test_the_paired_bench_signs_its_split() -> None:
    assert durak_paired.sign_test(0, 0) == 1.0
    assert durak_paired.sign_test(5, 5) == 1.0
    assert durak_paired.sign_test(10, 0) == pytest.approx(2 / 1024)
    assert durak_paired.sign_test(3, 9) == durak_paired.sign_test(9, 3) < 0.2
    assert "as-keep" in durak_panel.PLAYERS and "soft" in durak_panel.PLAYERS
