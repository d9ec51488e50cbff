"""What a new player tripped on, issue 30 item 10: messages that said less than they
should. A rematch lobby "waiting for Bob" keeps Bob's seat (Carol could take it)."""

from __future__ import annotations

from sandbox import Message
from tests.e2e.harness import World
from tests.e2e.reversi_board import turn_name


def _labels(message: Message) -> list[str]:
    return [b.text for row in message.buttons() for b in row]


async def test_a_rematch_lobby_keeps_the_seat_of_the_player_it_waits_for(world: World) -> None:
    board = await world.command(world.alice, world.group, "/reversi")
    await world.tg.press(world.bob, board, "Join")
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the game")
    await world.tg.press(world.alice, board, "🏳️ Resign")
    await world.tg.press(world.alice, board, "🏳️ Resign")
    await world.tg.wait_for(lambda: "🔁 Rematch" in _labels(board), what="the end")
    await world.tg.press(world.alice, board, "🔁 Rematch")
    lobby = await world.tg.wait_for_bot_message(world.group, after=board.message_id)
    assert "waiting for Bob." in (lobby.text or "")
    taken = await world.tg.press(world.carol, lobby, "Join")
    assert taken.show_alert and taken.text == (
        "🔁 The seats left are kept for Bob: the rematch waits for them."
    )
    computer = await world.tg.press(world.alice, lobby, "🤖 Easy")  # nor a computer
    assert computer.show_alert and "kept for Bob" in (computer.text or "")
    await world.synced()
    assert "Carol" not in (lobby.text or "") and "waiting for Bob." in (lobby.text or "")
    assert not (await world.tg.press(world.bob, lobby, "Join")).show_alert
    await world.tg.wait_for(lambda: turn_name(lobby) is not None, what="the rematch")
    assert "Bob" in (lobby.text or "") and "Carol" not in (lobby.text or "")
