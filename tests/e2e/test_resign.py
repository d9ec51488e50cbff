"""🏳️ Resign, with a second press to confirm. Reversi: the other
player wins. Durak: the computer takes the seat. Go Fish: the player is out, their
cards go to the bottom of the stock, their books stay."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

import pytest

from bot.pipeline import resign as resign_module
from bot.services import services_of
from sandbox import Message, User
from storage import gamestore
from tests.e2e.harness import World
from tests.e2e.reversi_board import turn_name

RESIGN = "🏳️ Resign"
NOT_PLAYING = "You are not playing in this game."


async def _resign_twice(world: World, person: User, table: Message) -> None:
    """The first press only asks; the second resigns."""
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None
    first = await world.tg.press(person, table, RESIGN)
    assert first.show_alert and (first.text or "").startswith("Press 🏳️ Resign again")
    same = await gamestore.get_game(world.bots[0].db, game.id)
    assert same is not None and same.version == game.version  # a slip changes nothing
    second = await world.tg.press(person, table, RESIGN)
    assert second.text == "You resigned.", second.text


async def test_reversi_resigned_is_won_by_the_other_player(world: World) -> None:
    board = await world.open_lobby("/reversi", [world.bob])  # full: it starts
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the board")
    outsider = await world.tg.press(world.carol, board, RESIGN)
    assert outsider.show_alert and outsider.text == NOT_PLAYING
    await _resign_twice(world, world.bob, board)
    await world.tg.wait_for(lambda: "🏳️ Bob resigned: ⚫ Alice wins." in (board.text or ""))
    assert "🔁 Rematch" in [b.text for row in board.buttons() for b in row]
    assert RESIGN not in [b.text for row in board.buttons() for b in row]
    stats = await world.command(world.alice, world.group, "/stats")
    assert "Alice — 1/1" in (stats.text or "") and "Bob — 0/1" in (stats.text or "")


async def test_durak_resigned_seat_is_played_by_the_computer(world: World) -> None:
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(await world.open_lobby("/durak", [world.bob, world.carol]))
    await _resign_twice(world, world.bob, table)
    await world.tg.wait_for(
        lambda: "Bob resigned: the computer plays their cards." in (table.text or ""),
        what="the table says so",
    )
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.status == "running"
    assert game.meta.seats[1]["user"] is None  # the computer's seat now
    assert "🤖" in (table.text or "")
    hand = await world.tg.press(world.bob, table, "🃏 My hand")
    assert hand.show_alert and hand.text == NOT_PLAYING
    again = await world.tg.press(world.bob, table, RESIGN)
    assert again.show_alert and again.text == NOT_PLAYING


def _stock(table: Message) -> int:
    found = re.search(r"Stock: (\d+) card", table.text or "")
    assert found, table.text
    return int(found[1])


async def test_go_fish_resigned_player_is_out_and_their_cards_go_under_the_stock(
    world: World,
) -> None:
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(await world.open_lobby("/gofish", [world.bob, world.carol]))
    stock = _stock(table)
    await _resign_twice(world, world.bob, table)
    await world.tg.wait_for(lambda: "🏳️ Bob resigned: 7 cards went" in (table.text or ""))
    assert _stock(table) == stock + 7
    assert "🏳️ Bob — 0 cards" in (table.text or "")
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.status == "running"
    assert game.state is not None and game.state["hands"][1] == []
    turn = re.search(r"^▶️ (\w+)", table.text or "", re.M)
    assert turn is not None and turn[1] in ("Alice", "Carol")
    await world.tg.wait_for_bot_message(world.bob, containing="You resigned")


async def test_a_confirmed_resignation_whose_save_failed_resigns_when_tried_again(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the confirming press used the first press up in a transaction of its own, so when
    # the save after it failed on the database the update's retry found no first press:
    # it asked again ("Press 🏳️ Resign again"), and the person's confirmation was lost
    board = await world.open_lobby("/reversi", [world.bob])
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the board")
    world.bots[0].application.update_processor.first_pause = 0.05  # type: ignore[attr-defined]
    first = await world.tg.press(world.bob, board, RESIGN)
    assert (first.text or "").startswith("Press 🏳️ Resign again")
    saving = resign_module.save
    failed: list[bool] = []

    async def locked_once(*args: Any, **kwargs: Any) -> Any:
        if not failed:
            failed.append(True)
            raise sqlite3.OperationalError("database is locked")  # may pass: tried again
        return await saving(*args, **kwargs)

    monkeypatch.setattr(resign_module, "save", locked_once)
    second = await world.tg.press(world.bob, board, RESIGN, timeout=30)
    assert failed and second.text == "You resigned.", second.text
    await world.tg.wait_for(lambda: "🏳️ Bob resigned: ⚫ Alice wins." in (board.text or ""))


async def test_the_last_person_to_resign_durak_leaves_the_computers_a_quick_finish(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # with nobody left the computers played the rest at their own level, searching
    # every decision: seconds of CPU (more than 10 s once, on a loaded machine) before
    # the resignation was answered, with the game's line held all the while
    table = await world.start_game(await world.open_lobby("/durak", [], computers=2))
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None
    engine = type(services_of(world.bots[0].application).adapters["durak"].engine)
    choosing, levels = engine.choose, []

    def spy(self: Any, view: Any, legal: Any, rng: Any, level: str) -> Any:
        levels.append(level)
        return choosing(self, view, legal, rng, level)

    monkeypatch.setattr(engine, "choose", spy)
    await _resign_twice(world, world.alice, table)
    ended = await gamestore.get_game(world.bots[0].db, game.id)
    assert ended is not None and ended.status == "finished"
    assert levels and set(levels) == {"easy"}, levels
    await world.tg.wait_for(lambda: "🏳️" not in labels(table), what="the final table")


def labels(message: Message) -> list[str]:
    return [button.text for row in message.buttons() for button in row]
