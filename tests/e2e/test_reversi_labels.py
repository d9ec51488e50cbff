"""Reversi's board names its squares: "d3" in the move log is found under column d
(the letters row under the board) in row 3 from the top, with a Telegram-sized keyboard."""

from __future__ import annotations

from sandbox import Message
from tests.e2e.harness import World
from tests.e2e.reversi_board import cells, data_of, hint_squares, turn_name


async def test_the_square_in_the_log_is_found_by_its_column_and_row(world: World) -> None:
    board = await world.command(world.alice, world.group, "/reversi")
    await world.tg.press(world.bob, board, "Join")
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the game")
    assert "Columns a–h under the board, rows 1–8 from the top." in (board.text or "")
    versions = len(board.versions)
    answer = await world.tg.press(
        world.alice, board, callback_data=data_of(board, hint_squares(board)[0])
    )
    assert not answer.show_alert, answer.text
    await world.until_edited(board, versions)
    played = next(line for line in (board.text or "").splitlines() if " played " in line)
    square = played.removesuffix(".").rsplit(" ", 1)[1]  # e.g. "d3"
    letters = [button.text for button in board.buttons()[8]]
    assert letters == list("abcdefgh")
    column, row = letters.index(square[0]), int(square[1]) - 1
    assert cells(board)[row * 8 + column][0] == "🖤"  # the disc just placed
    rows = board.buttons()
    assert all(len(r) <= 8 for r in rows) and sum(len(r) for r in rows) <= 100
    letter = await world.tg.press(world.bob, board, "d")  # the labels do nothing
    assert not letter.show_alert and len(board.versions) == versions + 1


async def test_hints_belong_to_the_player_who_switches_them(world: World) -> None:
    board = await world.command(world.alice, world.group, "/reversi")
    await world.tg.press(world.bob, board, "Join")
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the game")
    # Bob switches his hints off while Alice is to move: her dots stay
    switch = next(b.callback_data for r in board.buttons() for b in r if b.text.startswith("💡"))
    versions = len(board.versions)
    answer = await world.tg.press(world.bob, board, callback_data=switch)
    assert not answer.show_alert
    await world.until_edited(board, versions)
    assert len(hint_squares(board)) == 4  # Alice's dots stay
    assert "💡 Hints: ⚫ on · ⚪ off" in labels(board)
    versions = len(board.versions)
    square = data_of(board, hint_squares(board)[0])
    await world.tg.press(world.alice, board, callback_data=square)
    await world.until_edited(board, versions)
    assert turn_name(board) == "Bob" and hint_squares(board) == []  # his turn: no dots
    stranger = await world.tg.press(world.carol, board, "💡 Hints: ⚫ on · ⚪ off")
    assert stranger.show_alert  # not playing: changes nothing
    assert "💡 Hints: ⚫ on · ⚪ off" in labels(board)


def labels(board: Message) -> list[str]:
    return [button.text for row in board.buttons() for button in row]
