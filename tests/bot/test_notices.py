"""The line a finished table adds for the seats the computer kept to the end: said of
one person or of several, as Spanish and Russian tell them apart."""

from __future__ import annotations

import pytest

from bot.adapter import Seat, set_seats
from bot.presenters.notices import with_notices
from bot.ui import Buttons, Rendered
from storage.records import GameRecord, Status


def _finished(away: list[int]) -> GameRecord:
    game = GameRecord(chat_id=-5, kind="durak", created_by=1, status=Status.FINISHED)
    set_seats(game, [Seat("Ann", 1), Seat("Ben", 2), Seat("Cleo", 3)])
    game.meta.auto = away
    return game


@pytest.mark.parametrize(
    ("language", "away", "said"),
    [
        ("en", [1], "The computer played for Ben to the end: the game does not count for them"),
        ("es", [1], "El ordenador jugó por Ben hasta el final: la partida no le cuenta en"),
        ("es", [1, 2], "por Ben, Cleo hasta el final: la partida no les cuenta en /stats."),
        ("ru", [1], "Компьютер доиграл за Ben до конца: этому игроку эта игра не"),
        ("ru", [1, 2], "за Ben, Cleo до конца: этим игрокам эта игра не засчитывается"),
    ],
)
def test_the_computer_played_to_the_end_for_one_or_several(
    language: str, away: list[int], said: str
) -> None:
    game = _finished(away)
    text = with_notices(Rendered("table"), game, language, Buttons(1, 1)).text
    assert said in text, text
