"""bot.ratings: who is ranked where, OpenSkill's shown number and its "?" (issue 33)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.ratings import provisional, rank_of_seats, rate, shown, start
from games.base import Outcome
from games.ratings import GLICKO2, OPENSKILL
from storage.meta import GameMeta, SeatJson
from storage.ratings import Rating
from storage.records import GameRecord, Status


@dataclass
class Stub:
    """What ranks_of reads of an adapter: its engine's outcome, who is out of the game."""

    result: Outcome | None
    out: frozenset[int] = frozenset()

    @property
    def engine(self) -> Stub:
        return self

    @property
    def table(self) -> Stub:
        return self

    def outcome(self, state: Any) -> Outcome | None:
        return self.result

    def out_of_game(self, game: GameRecord, state: Any) -> frozenset[int]:
        return self.out


def _game(users: list[int | None], **meta: Any) -> GameRecord:
    seats = [SeatJson(name=f"p{u}", user=u, level=None if u else "normal") for u in users]
    record = GameRecord(1, "kind", 1, status=Status.FINISHED, meta=GameMeta(seats=seats))
    record.meta.players = [1, 2, 3, 4][: len(users)]
    for key, value in meta.items():
        setattr(record.meta, key, value)
    return record


def ranks(stub: Stub, game: GameRecord) -> list[int]:
    return rank_of_seats(stub, game, None)  # type: ignore[arg-type]


def test_books_rank_the_seats_and_ties_share_a_place() -> None:
    outcome = Outcome(winners=(1, 2), losers=(0, 3), scores=(3, 4, 4, 2), draw=True)
    assert ranks(Stub(outcome), _game([1, 2, 3, 4])) == [1, 0, 0, 2]


def test_the_durak_is_last_and_the_others_share_first() -> None:
    outcome = Outcome(winners=(0, 2), losers=(1,))
    assert ranks(Stub(outcome), _game([1, 2, 3])) == [0, 1, 0]


def test_who_resigned_or_was_left_to_the_computer_is_last() -> None:
    outcome = Outcome(winners=(0, 1, 2), losers=(3,))
    # seat 1 resigned (the computer sits there now), seat 2 was stood in for at the end
    game = _game([1, None, 3, 4], auto=[2])
    assert ranks(Stub(outcome), game) == [0, 2, 2, 1]
    gone_fishing = Outcome(winners=(0,), losers=(1, 2), scores=(5, 6, 2), draw=False)
    assert ranks(Stub(gone_fishing, frozenset({1})), _game([1, 2, 3])) == [0, 2, 1]


def test_a_resigned_reversi_game_has_no_outcome_and_the_resigner_loses() -> None:
    assert ranks(Stub(None), _game([1, 2], resigned_seat=0)) == [1, 0]


def test_openskill_starts_at_1500_provisional_and_settles() -> None:
    first = start(OPENSKILL)
    assert shown(OPENSKILL, first) == 1500 and provisional(OPENSKILL, first)
    a, b = Rating(1, first.rating, first.deviation), Rating(2, first.rating, first.deviation)
    games = 0
    while provisional(OPENSKILL, a):
        a, b = rate(OPENSKILL, [a, b], [games % 2, 1 - games % 2])
        games += 1
    assert 12 <= games <= 20 and abs(shown(OPENSKILL, a) - 1500) < 100  # two alternate wins
    winner, loser = rate(OPENSKILL, [Rating(1, 25, 8.3333), Rating(2, 25, 8.3333)], [0, 1])
    assert shown(OPENSKILL, winner) > 1500 > shown(OPENSKILL, loser)


def test_glicko2_scores_a_draw_as_a_half() -> None:
    first = start(GLICKO2)
    a, b = rate(GLICKO2, [Rating(1, 1600, 80, 0.06), Rating(2, 1400, 80, 0.06)], [0, 0])
    assert a.rating < 1600 and b.rating > 1400 and not provisional(GLICKO2, a)
    assert shown(GLICKO2, first) == 1500 and provisional(GLICKO2, first)


def test_each_game_declares_its_rating_and_blackjack_none() -> None:
    from bot.glue.app import default_adapters

    declared = {kind: a.declaration.rating for kind, a in default_adapters().items()}
    assert declared == {
        "reversi": GLICKO2, "gofish": OPENSKILL, "gofarm": OPENSKILL, "durak": OPENSKILL,
        "blackjack": "",
    }  # fmt: skip
