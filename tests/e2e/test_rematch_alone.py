"""A rematch with nobody left to ask and nobody to play against (the other player used
/forgetme) opens a lobby that waits for someone to join; it does not start alone."""

from __future__ import annotations

from storage import gamestore
from tests.e2e.harness import World
from tests.e2e.test_privacy import DELETE, DONE_TEXT, _forgetme
from tests.e2e.test_resign import _resign_twice


async def test_a_rematch_with_nobody_to_ask_waits_for_a_second_player(world: World) -> None:
    db = world.bots[0].db
    board = await world.open_lobby("/reversi", [world.bob])  # full: it starts
    await _resign_twice(world, world.bob, board)
    await world.tg.wait_for(lambda: "🔁 Rematch" in str(board.buttons()), what="the end")
    prompt = await _forgetme(world, world.bob)
    assert (await world.tg.press(world.bob, prompt, DELETE)).text == DONE_TEXT
    mark = max(m.message_id for m in world.tg.messages(world.group))
    answer = await world.tg.press(world.alice, board, "🔁 Rematch")
    assert not answer.show_alert, answer.text
    lobby = await world.tg.wait_for_bot_message(world.group, after=mark, containing="Reversi")
    game = await gamestore.active_game(db, world.group.id)
    assert game is not None and game.status == "lobby", game
    assert "Join" in str(lobby.buttons()), lobby.text
    assert "1 of 2 seats taken: Alice" in (lobby.text or "") and "Rematch" not in (lobby.text or "")
    await world.tg.press(world.carol, lobby, "Join")  # a second player: it starts
    await world.tg.wait_for(lambda: "Carol" in (lobby.text or ""), what="Carol seated")
    started = await gamestore.active_game(db, world.group.id)
    assert started is not None and started.status == "running"


async def test_a_rematch_keeps_no_seat_for_someone_who_left_the_group(world: World) -> None:
    """Bob left the group after the game: he can no longer sit down, so the rematch's
    seat kept for him goes to the first member who takes it (not refused "kept for
    Bob" until the lobby closes 10 minutes later)."""
    db = world.bots[0].db
    board = await world.open_lobby("/reversi", [world.bob])  # full: it starts
    await _resign_twice(world, world.bob, board)
    await world.tg.wait_for(lambda: "🔁 Rematch" in str(board.buttons()), what="the end")
    world.tg.remove_member(world.group, world.bob)
    mark = max(m.message_id for m in world.tg.messages(world.group))
    await world.tg.press(world.alice, board, "🔁 Rematch")
    lobby = await world.tg.wait_for_bot_message(world.group, after=mark, containing="Reversi")
    answer = await world.tg.press(world.carol, lobby, "Join")
    assert not answer.show_alert, answer.text
    await world.tg.wait_for(lambda: "Carol" in (lobby.text or ""), what="Carol seated")
    started = await gamestore.active_game(db, world.group.id)
    assert started is not None and started.status == "running"
