"""Reversi tables and presses on them for bench/workers.py: an open-loop offered rate
and a closed-loop saturation pass, press-to-answer times taken when the stand-in
records the answer."""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field

from sandbox import CallbackQuery, Change, Message, StandIn, User
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name

SETUP_AT_ONCE = 20  # groups being opened at once


@dataclass
class Table:
    """One group's Reversi game between its own two people (a presser's callback
    queries are delivered one after another: people shared between groups would
    serialise the load)."""

    message: Message
    people: dict[str, User]
    seen: int = 0  # versions of the board when it was last pressed

    def ready(self) -> bool:
        """The board shows the last press and someone to move."""
        return len(self.message.versions) > self.seen and turn_name(self.message) is not None

    def discs(self) -> int:
        return sum(disc_counts(self.message))


async def open_table(tg: StandIn, number: int) -> Table:
    black = tg.add_user(f"Black{number}", language_code="en")
    white = tg.add_user(f"White{number}", language_code="en")
    group = tg.add_group(f"Reversi {number}", members=[black, white], admins=[black])
    await tg.send_text(black, group, "/reversi")
    table = await tg.wait_for_bot_message(group, timeout=120)
    answer = await tg.press(white, table, "Join", timeout=120)  # the last seat: it starts
    assert not answer.show_alert, answer.text
    await tg.wait_for(lambda: turn_name(table) is not None, timeout=120, what="the game")
    return Table(table, {"Black": black, "White": white, black.first_name: black,
                         white.first_name: white})  # fmt: skip


async def open_tables(tg: StandIn, count: int) -> list[Table]:
    gate = asyncio.Semaphore(SETUP_AT_ONCE)

    async def one(number: int) -> Table:
        async with gate:
            return await open_table(tg, number)

    return list(await asyncio.gather(*(one(n) for n in range(count))))


@dataclass
class Pass:
    """What one pass measured."""

    latencies: list[float] = field(default_factory=list)  # press -> answer, seconds
    moves: int = 0  # answered without a word: applied
    refused: list[str] = field(default_factory=list)  # answers with a text
    unanswered: int = 0
    offered: int = 0
    missed: int = 0  # ticks with no board ready to press
    wall: float = 0.0
    cpu: str = ""  # the cores each part used meanwhile

    def rate(self) -> float:
        return self.moves / self.wall if self.wall else 0.0


class Answers:
    """When each callback query was answered (the stand-in's change, as it happens)."""

    def __init__(self, tg: StandIn) -> None:
        self.at: dict[str, float] = {}
        self.event = asyncio.Event()
        self.unsubscribe = tg.subscribe(self._on_change)

    def _on_change(self, change: Change) -> None:
        if change.kind == "answer" and isinstance(change.detail, CallbackQuery):
            self.at.setdefault(change.detail.id, time.perf_counter())
            self.event.set()


async def press(tg: StandIn, table: Table) -> CallbackQuery:
    """The player to move presses the first hint square of the board they see."""
    name = turn_name(table.message)
    assert name is not None
    data = data_of(table.message, hint_squares(table.message)[0])
    table.seen = len(table.message.versions)
    return await tg.press_nowait(table.people[name], table.message, callback_data=data)


async def settle(tg: StandIn, queries: dict[str, tuple[CallbackQuery, float]], answers: Answers,
                 result: Pass, started: float) -> None:  # fmt: skip
    """Wait (bounded) for every press to be answered, then count; the pass lasted
    until the last answer, or until the presses stopped if that was later."""
    stopped = time.perf_counter()
    with contextlib.suppress(TimeoutError):  # the unanswered are counted
        await tg.wait_for(lambda: all(q.id in answers.at for q, _ in queries.values()),
                          timeout=60, what="every press answered")  # fmt: skip
    last = stopped
    for query, pressed in queries.values():
        if query.id not in answers.at or query.answer is None:
            result.unanswered += 1
            continue
        last = max(last, answers.at[query.id])
        result.latencies.append(answers.at[query.id] - pressed)
        if query.answer.text or query.answer.show_alert:
            result.refused.append(query.answer.text or "(an empty alert)")
        else:
            result.moves += 1
    result.wall = last - started


async def offer(tg: StandIn, tables: list[Table], rate: float, seconds: float) -> Pass:
    """Open loop: a press every 1/rate s on the next table whose board is ready
    (round robin), whether or not earlier presses were answered."""
    answers, result = Answers(tg), Pass()
    queries: dict[str, tuple[CallbackQuery, float]] = {}
    started, cursor = time.perf_counter(), 0
    try:
        for tick in range(int(rate * seconds)):
            pause = started + tick / rate - time.perf_counter()
            if pause > 0:
                await asyncio.sleep(pause)  # the offered rate (a benchmark's clock)
            result.offered += 1
            for step in range(len(tables)):
                table = tables[(cursor + step) % len(tables)]
                if table.ready():
                    cursor = (cursor + step + 1) % len(tables)
                    query = await press(tg, table)
                    queries[query.id] = (query, time.perf_counter())
                    break
            else:
                result.missed += 1
        await settle(tg, queries, answers, result, started)
    finally:
        answers.unsubscribe()
    return result


class Edited:
    """Tables whose board was edited since last looked at (the stand-in's changes)."""

    def __init__(self, tg: StandIn, tables: list[Table]) -> None:
        self.by_id = {(t.message.chat.id, t.message.message_id): t for t in tables}
        self.dirty: list[Table] = list(tables)
        self.event = asyncio.Event()
        self.event.set()
        self.unsubscribe = tg.subscribe(self._on_change)

    def _on_change(self, change: Change) -> None:
        table = self.by_id.get((change.chat_id or 0, change.message_id or 0))
        if change.kind == "edit" and table is not None:
            self.dirty.append(table)
            self.event.set()

    def take(self) -> list[Table]:
        taken, self.dirty = self.dirty, []
        self.event.clear()
        return taken


async def saturate(tg: StandIn, tables: list[Table], seconds: float) -> Pass:
    """Closed loop: every table is pressed again as soon as its board shows the last
    press, for ``seconds``."""
    answers, edited, result = Answers(tg), Edited(tg, tables), Pass()
    queries: dict[str, tuple[CallbackQuery, float]] = {}
    started = time.perf_counter()
    try:
        while (left := seconds - (time.perf_counter() - started)) > 0:
            for table in edited.take():
                if table.ready():
                    query = await press(tg, table)
                    queries[query.id] = (query, time.perf_counter())
                    result.offered += 1
            try:
                await asyncio.wait_for(edited.event.wait(), left)
            except TimeoutError:
                break
        await settle(tg, queries, answers, result, started)
    finally:
        answers.unsubscribe()
        edited.unsubscribe()
    return result
