"""The message pipeline end to end (issue 12): a press is saved and answered at
once, and the per-chat sender brings the group's table up to date within
Telegram's limits, whatever Telegram answers. What people see: answers that
come quickly, tables that catch up, one group's trouble never slowing another.
(Killing and stopping the bot with pending messages: test_pipeline_restart.py.)"""

from __future__ import annotations

import time
from pathlib import Path

from sandbox import Chat, Message, User
from tests.e2e.harness import World, running_world
from tests.e2e.reversi_board import (
    BLACK_DISCS,
    cells,
    data_of,
    disc_counts,
    hint_squares,
    turn_name,
)

ANSWER_BOUND = 2.0  # seconds a press may take to be answered, at most
PACING = 3.0  # Telegram's 20 per minute: after the burst, one group message per 3 s


async def open_reversi(world: World, group: Chat) -> Message:
    """Alice opens Reversi in ``group``, Bob joins, Alice starts; the board."""
    tg = world.tg
    mark = max((m.message_id for m in tg.messages(group)), default=0)
    await tg.send_text(world.alice, group, "/reversi")
    board = await tg.wait_for_bot_message(group, after=mark)
    await tg.press(world.bob, board, "Join")
    await tg.wait_for(lambda: "Bob" in (board.text or ""), what="Bob in the lobby")
    versions = len(board.versions)
    await tg.press(world.alice, board, "Start")
    await world.until_edited(board, versions)
    assert turn_name(board) is not None, board.text
    return board


def mover(world: World, board: Message) -> User:
    name = turn_name(board)
    return next(p for p in (world.alice, world.bob) if p.first_name == name)


def other(world: World, person: User) -> User:
    return world.bob if person is world.alice else world.alice


async def move(world: World, board: Message) -> float:
    """The player to move plays the first hinted square; it must be answered without
    an alert within ANSWER_BOUND and the board redrawn; the seconds the answer took."""
    tg, versions = world.tg, len(board.versions)
    started = time.monotonic()
    square = data_of(board, hint_squares(board)[0])
    query = await tg.press_nowait(mover(world, board), board, callback_data=square)
    answer = await tg.wait_answered(query, timeout=ANSWER_BOUND)
    took = time.monotonic() - started
    assert not answer.show_alert, answer.text
    await tg.wait_for(lambda: len(board.versions) > versions, timeout=ANSWER_BOUND)
    return took


async def test_a_500_on_the_answer_still_applies_the_move_once(world: World) -> None:
    """Telegram fails the answer to a press: the person's spinner times out, but the
    move was saved before it and the table shows it (once: one move, one edit)."""
    tg, db = world.tg, world.bots[0].db
    board = await open_reversi(world, world.group)
    player, square = mover(world, board), hint_squares(board)[0]
    game = await db.active_game(world.group.id)
    assert game is not None and disc_counts(board) == (2, 2)
    versions, mark = len(board.versions), tg.mark()
    tg.fail_next("answerCallbackQuery", 500, "Internal Server Error")
    query = await tg.press_nowait(player, board, callback_data=data_of(board, square))
    await world.until_edited(board, versions)
    await world.synced()
    assert [c.error_code for c in tg.calls_since(mark, "answerCallbackQuery")] == [500]
    assert query.answer is None  # the person saw no answer
    assert cells(board)[square][0] in BLACK_DISCS and disc_counts(board) == (4, 1)
    assert turn_name(board) == other(world, player).first_name
    assert len(board.versions) == versions + 1
    saved = await db.active_game(world.group.id)
    assert saved is not None and saved.version == game.version + 1


async def test_a_429_in_one_group_holds_only_that_group(tmp_path: Path) -> None:
    """Group A's table edit is refused with a 429 (retry after 3 s): group B plays on
    meanwhile, every press answered and its board redrawn; A's board catches up after
    the pause, without anyone pressing again."""
    async with running_world(tmp_path) as world:
        await world.start_bot()
        tg = world.tg
        group_b = tg.add_group("Others", members=[world.alice, world.bob], admins=[world.alice])
        board_a = await open_reversi(world, world.group)
        board_b = await open_reversi(world, group_b)
        waiting = other(world, mover(world, board_a)).first_name
        versions, mark = len(board_a.versions), tg.mark()
        tg.fail_next("editMessageText", 429, "Too Many Requests: retry after 3", retry_after=3)
        square = data_of(board_a, hint_squares(board_a)[0])
        query = await tg.press_nowait(mover(world, board_a), board_a, callback_data=square)
        answer = await tg.wait_answered(query, timeout=ANSWER_BOUND)
        assert not answer.show_alert, answer.text
        refused = await tg.wait_for(
            lambda: [c for c in tg.calls_since(mark, "editMessageText") if c.error_code == 429]
        )
        paused_at = time.monotonic()
        assert refused[0].chat_id == world.group.id
        for _ in range(3):
            await move(world, board_b)
        assert time.monotonic() - paused_at < 3  # B played within A's pause ...
        assert len(board_a.versions) == versions  # ... while A's board waited
        await tg.wait_for(lambda: len(board_a.versions) > versions, what="A's board")
        assert time.monotonic() - paused_at > 2.5  # not before Telegram said
        assert turn_name(board_a) == waiting and hint_squares(board_a)
