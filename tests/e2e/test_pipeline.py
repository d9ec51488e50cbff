"""The message pipeline end to end (issue 12): a press is saved and answered at
once, and the per-chat sender brings the group's table up to date within
Telegram's limits, whatever Telegram answers. What people see: answers that
come quickly, tables that catch up, one group's trouble never slowing another.
(Killing and stopping the bot with pending messages: test_pipeline_restart.py.)"""

from __future__ import annotations

import time
from pathlib import Path

from sandbox import ApiCall, Change, Chat, Message, StandIn, User
from sandbox import people as acting
from storage import gamestore
from tests.e2e.blackjack_table import open_table, press
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
    """Alice opens Reversi in ``group``, Bob takes the last seat (it starts); the board."""
    tg = world.tg
    mark = max((m.message_id for m in tg.messages(group)), default=0)
    await tg.send_text(world.alice, group, "/reversi")
    board = await tg.wait_for_bot_message(group, after=mark)
    await tg.press(world.bob, board, "Join")
    await tg.wait_for(lambda: turn_name(board) is not None, what="the board")
    return board


def mover(world: World, board: Message) -> User:
    name = turn_name(board)
    return next(p for p in (world.alice, world.bob) if p.first_name == name)


def other(world: World, person: User) -> User:
    return world.bob if person is world.alice else world.alice


async def move(world: World, board: Message, drawn_within: float = ANSWER_BOUND) -> float:
    """The player to move plays the first hinted square; it must be answered without
    an alert within ANSWER_BOUND and the board redrawn within ``drawn_within``; the
    seconds the answer took."""
    tg, versions = world.tg, len(board.versions)
    started = time.monotonic()
    square = data_of(board, hint_squares(board)[0])
    query = await tg.press_nowait(mover(world, board), board, callback_data=square)
    answer = await tg.wait_answered(query, timeout=ANSWER_BOUND)
    took = time.monotonic() - started
    assert not answer.show_alert, answer.text
    await tg.wait_for(lambda: len(board.versions) > versions, timeout=drawn_within)
    return took


class Timeline:
    """When each answer and each edit reached the stand-in, by message."""

    def __init__(self, tg: StandIn) -> None:
        self.events: list[tuple[float, str, int | None]] = []
        self.stop = tg.subscribe(self._seen)

    def _seen(self, change: Change) -> None:
        if change.kind in ("answer", "edit"):
            self.events.append((time.monotonic(), change.kind, change.message_id))

    def times(self, kind: str, message: Message) -> list[float]:
        return [t for t, k, m in self.events if k == kind and m == message.message_id]


def group_messages(tg: StandIn, group: Chat, since: int = 0) -> list[ApiCall]:
    """The messages the bot sent or edited in ``group`` (Telegram's limits count both)."""
    return [
        c for c in tg.calls_since(since)
        if c.method in ("sendMessage", "editMessageText") and c.ok and c.chat_id == group.id
    ]  # fmt: skip


def refused_429(tg: StandIn) -> list[ApiCall]:
    return [c for c in tg.calls if c.error_code == 429]


async def test_a_500_on_the_answer_still_applies_the_move_once(world: World) -> None:
    """Telegram fails the answer to a press: the person's spinner times out, but the
    move was saved before it and the table shows it (once: one move, one edit)."""
    tg, db = world.tg, world.bots[0].db
    board = await open_reversi(world, world.group)
    player, square = mover(world, board), hint_squares(board)[0]
    game = await gamestore.active_game(db, world.group.id)
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
    saved = await gamestore.active_game(db, world.group.id)
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


async def test_a_throttled_group_answers_a_burst_at_once_and_draws_it_once(
    tmp_path: Path,
) -> None:
    """Telegram's real group limit (20 a minute: a burst of 4, then one per 3 s) and
    its 429s on: once the group's burst is spent, five quick presses that each apply
    (Eve sits down, four players bet 10) are each answered at once, before the table
    is next drawn; the table then shows all of them in one or two edits (not five),
    and Telegram never refuses a message."""
    async with running_world(tmp_path) as world:
        await world.start_bot(group_per_minute=20)
        tg = world.tg
        dave, eve = tg.add_user("Dave", language_code="en"), tg.add_user("Eve", language_code="en")
        for person in (dave, eve):
            tg.add_member(world.group, person)
        tg.set_flood_control(True)
        table = await open_table(world, world.alice)
        for person in (world.bob, world.carol, dave):
            await press(world, table, person, "🪑 Join table")
        assert len(group_messages(tg, world.group)) == 4  # the burst is spent
        versions, timeline = len(table.versions), Timeline(tg)
        betting = [world.alice, world.bob, world.carol, dave]
        for person, label in [(eve, "🪑 Join table"), *((p, "+10") for p in betting)]:
            started = time.monotonic()
            answer = await tg.press(person, table, label, timeout=1.0)
            assert not answer.show_alert, answer.text
            assert time.monotonic() - started < 1.0  # far under the 3 s pacing
        await tg.wait_for(lambda: bets_shown(table) == 4 and "Eve · 🪙 500" in (table.text or ""))
        await world.synced()
        timeline.stop()
        answers, edits = timeline.times("answer", table), timeline.times("edit", table)
        assert len(answers) == 5 and max(answers) < min(edits)
        assert 1 <= len(table.versions) - versions <= 2 and len(edits) <= 2
        assert refused_429(tg) == []


def bets_shown(table: Message) -> int:
    return sum(line.endswith("· 🪙 490 · bet 10") for line in (table.text or "").splitlines())


async def test_spam_in_one_group_does_not_slow_another(tmp_path: Path) -> None:
    """In group A a non-player replays an old button 100 times and sends /help 100
    times (Telegram's limits and 429s on): group B's presses are each answered within
    2 s and its board drawn; A gets a few /help replies, not 100, and Telegram
    never has to refuse a message (no more than 20 a minute in any group)."""
    async with running_world(tmp_path) as world:
        await world.start_bot(group_per_minute=20)
        tg, carol = world.tg, world.carol
        tg.set_flood_control(True)
        group_b = tg.add_group("Others", members=[world.alice, world.bob], admins=[world.alice])
        board_a = await open_reversi(world, world.group)
        old_button = data_of(board_a, hint_squares(board_a)[0])
        await move(world, board_a)
        await move(world, board_a)  # A's fourth message: its burst is spent
        board_b = await open_reversi(world, group_b)
        queries = [acting.queue_query(tg.world, carol, board_a, old_button) for _ in range(100)]
        for _ in range(100):
            await tg.send_text(carol, world.group, "/help")
        for _ in range(2):  # the second is drawn at B's pace: 3 s after its burst
            assert await move(world, board_b, drawn_within=PACING + ANSWER_BOUND) < ANSWER_BOUND
        await tg.wait_for(lambda: all(q.answer for q in queries), what="the stale presses answered")
        assert {(q.answer.text, q.answer.show_alert) for q in queries if q.answer} == {
            ("This board has changed; here is the current one.", True)
        }

        def helps() -> list[Message]:
            return [m for m in tg.bot_messages(world.group) if "Table games" in (m.text or "")]

        await tg.wait_for(helps, what="a /help reply in A")
        assert len(helps()) <= 5
        assert len(group_messages(tg, world.group)) <= 20 and refused_429(tg) == []
        assert len(board_a.versions) == 4  # the stale presses redrew nothing
