"""The button codec (bot.buttons): compact, versioned callback data, one type per kind
of button, parsed once; forged data refused."""

from __future__ import annotations

import pytest

from bot.buttons import (
    ForgedCallback,
    ForgetButton,
    GameButton,
    HandQuery,
    LanguageButton,
    TopUpButton,
    Verb,
    from36,
    game_of,
    to36,
)


def test_a_game_button_round_trips_within_64_bytes() -> None:
    button = GameButton(game_id=123456789, version=4000, verb=Verb.MOVE, argument="p63")
    data = button.pack()
    assert data == "g:21i3v9:334:m:p63" and len(data.encode()) <= 64
    assert GameButton.parse(data) == button
    assert game_of(data) == 123456789
    assert from36(to36(0)) == 0


def test_every_verb_round_trips_and_its_letter_is_kept() -> None:
    letters = {verb: verb.value for verb in Verb}
    assert len(set(letters.values())) == len(Verb)  # one letter, one meaning
    for verb in Verb:
        argument = "" if verb is Verb.TOP_UP else "a1"
        button = GameButton(7, 3, verb, argument)
        assert GameButton.parse(button.pack()) == button


def test_the_old_top_up_data_still_means_the_top_up() -> None:
    # tables drawn before the top-up had a verb of its own said "o:top"
    assert GameButton.parse("g:7:3:o:top") == GameButton(7, 3, Verb.TOP_UP)
    assert GameButton.parse("g:7:3:o:pass") == GameButton(7, 3, Verb.OPTION, "pass")


def test_a_press_is_parsed_once() -> None:
    data = GameButton(99, 1, Verb.MOVE, "d3").pack()
    GameButton.parse(data)
    assert GameButton.parse(data) is GameButton.parse(data)  # the cached parse


@pytest.mark.parametrize(
    "data",
    ["", "g", "g:1:2", "g:1:2:z", "g:-1:2:m", "g:1:2:m:", "x:1:2:m", "g:1:2:m:a:b",
     "g:1_:2:m", "g:" + "z" * 20 + ":1:m", "g:1:2:t:7"],
)  # fmt: skip
def test_forged_data_is_refused(data: str) -> None:
    with pytest.raises(ForgedCallback):
        GameButton.parse(data)
    assert not GameButton.matches(data) and game_of(data) is None


def test_too_long_argument_is_refused_when_drawing() -> None:
    with pytest.raises(ValueError):
        GameButton(1, 1, Verb.MOVE, "x" * 64).pack()


def test_the_other_kinds_pack_parse_and_route_their_own_data() -> None:
    assert LanguageButton.parse(LanguageButton("es").pack()) == LanguageButton("es")
    assert ForgetButton.parse(ForgetButton(42).pack()) == ForgetButton(42)
    assert TopUpButton.parse(TopUpButton().pack()) == TopUpButton()
    kinds = (GameButton, LanguageButton, TopUpButton, ForgetButton)
    samples = [GameButton(1, 1, Verb.JOIN).pack(), LanguageButton("ru").pack(),
               TopUpButton().pack(), ForgetButton(5).pack()]  # fmt: skip
    for sample, own in zip(samples, kinds, strict=True):
        assert [kind.matches(sample) for kind in kinds] == [kind is own for kind in kinds]
    for forged in ("privacy:forget:x", "chips:nope", "lang"):
        with pytest.raises(ForgedCallback):
            {"p": ForgetButton, "c": TopUpButton, "l": LanguageButton}[forged[0]].parse(forged)


def test_a_hand_query_names_its_game_and_nothing_else_parses() -> None:
    query = HandQuery(123456789)
    assert query.pack() == "cards 21i3v9" and HandQuery.parsed(query.pack()) == query
    assert HandQuery.parsed(" cards 21i3v9 ") == query  # as a client may pass it on
    for other in ("", "cards", "cards ", "cards -1", "cards 1:2", "hand 1", "cards " + "z" * 13):
        assert HandQuery.parsed(other) is None, other


def test_a_chosen_result_plays_only_a_move() -> None:
    move = GameButton(7, 3, Verb.MOVE, "a1.12")
    assert GameButton.move_of(move.pack()) == move
    assert GameButton.move_of(GameButton(7, 3, Verb.MY_HAND).pack()) is None  # the hand
    assert GameButton.move_of("g:7:3:j") is None and GameButton.move_of("anything") is None
