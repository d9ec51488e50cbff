"""The lobby message (issue 13, item 6): a full lobby offers Start and Leave, not
Join or the computer buttons; seat counts agree with the number of seats in every
language; a rematch lobby names whom it waits for."""

from __future__ import annotations

from bot.adapter import Seat, set_seats
from bot.games.durak import DURAK
from bot.games.reversi import REVERSI
from bot.presenters.lobby_view import render_lobby, seat_count
from bot.ui import Buttons
from storage.records import GameRecord


def _labels(game: GameRecord, adapter) -> list[str]:
    rendered = render_lobby(adapter, game, "en", Buttons(1, 0))
    return [b.text for row in rendered.keyboard or [] for b in row]


def test_a_full_lobby_shows_start_and_hides_join_and_the_computers() -> None:
    game = GameRecord(chat_id=-1, kind="reversi", created_by=1)
    set_seats(game, [Seat("Ann", 1)])
    # two of two: no Start, the second seat taken starts it (issue 22)
    labels = ["Join", "Leave", "🤖 Easy", "🤖 Normal", "🤖 Hard", "📖 Rules"]
    assert _labels(game, REVERSI.adapter) == labels
    set_seats(game, [Seat("Ann", 1), Seat("Ben", 2)])
    assert _labels(game, REVERSI.adapter) == ["Leave", "Start", "📖 Rules"]
    text = render_lobby(REVERSI.adapter, game, "en", Buttons(1, 0)).text
    assert "2 of 2 seats taken: Ann, Ben" in text and "The table is full: press Start." in text


def test_seat_counts_agree_with_the_seats() -> None:
    assert seat_count("en", 1, 2, "Ann") == "1 of 2 seats taken: Ann"
    assert seat_count("es", 1, 2, "Ann") == "1 de 2 asientos ocupados: Ann"
    assert seat_count("ru", 1, 2, "Ann") == "Занято 1 из 2 мест: Ann"
    assert seat_count("ru", 3, 6, "…") == "Занято 3 из 6 мест: …"


def test_a_rematch_lobby_names_whom_it_waits_for() -> None:
    game = GameRecord(chat_id=-1, kind="durak", created_by=2)
    game.meta.rematch_of = {"order": [1, 2], "people": [{"user": 1, "name": "Ann"}]}
    set_seats(game, [Seat("Ben", 2)])
    text = render_lobby(DURAK.adapter, game, "en", Buttons(1, 0)).text
    assert "🔁 Rematch: it starts once everyone is back; waiting for Ann." in text
    spanish = render_lobby(DURAK.adapter, game, "es", Buttons(1, 0)).text
    assert "🔁 Revancha: empieza cuando vuelvan todos; esperando a Ann." in spanish
    russian = render_lobby(DURAK.adapter, game, "ru", Buttons(1, 0)).text
    assert "🔁 Реванш: начнётся, когда все вернутся; ждём: Ann." in russian
