"""`python -m bot` as a real process: killed with SIGKILL in the middle of games
of every kind, started again, and every game finishes from the same messages."""

from __future__ import annotations

import asyncio
import random
import re
import signal
from pathlib import Path

import pytest

from sandbox import Message, StandIn
from storage import chips
from storage.chips import STARTING_BALANCE
from storage.db import Database
from tests.e2e.harness import TOKEN, start_process
from tests.e2e.players import (
    blackjack_step,
    durak_step,
    gofish_step,
    gofish_to_move,
    reversi_step,
)
from tests.e2e.reversi_board import turn_name


async def _open(tg: StandIn, group, host, guest, command: str) -> Message:
    await tg.send_text(host, group, command)
    table = await tg.wait_for_bot_message(group)
    join = next(b.text for row in table.buttons() for b in row if "Join" in b.text)
    await tg.press(guest, table, join)
    await tg.wait_for(lambda: guest.first_name in (table.text or ""))
    if not any(b.text == "Start" for row in table.buttons() for b in row):
        return table  # a continuing table (blackjack) has no lobby
    versions = len(table.versions)
    await tg.press(host, table, "Start")
    await tg.wait_for(lambda: len(table.versions) > versions)
    return table


async def _balances_match_the_summaries(tg: StandIn, group, database: Path, people) -> None:
    """Every blackjack balance is what the last round's summary said, kill or not."""
    said = {name: STARTING_BALANCE for name in people}
    for message in tg.bot_messages(group):
        for line in (message.text or "").splitlines():
            found = re.match(r"^(\w+) (?:wins|loses|breaks)[^:]*: (\d+) chip", line)
            if found:
                said[found[1]] = int(found[2])
    db = await Database.open(str(database))
    try:
        stored = {n: await chips.balance(db, group.id, p.id) for n, p in people.items()}
    finally:
        await db.close()
    assert stored == said and said != {name: STARTING_BALANCE for name in people}


@pytest.mark.slow
async def test_sigkill_mid_games_then_every_game_plays_on(tmp_path: Path) -> None:
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
        people = {"Alice": alice, "Bob": bob}
        database = tmp_path / "bot.db"
        process = await start_process(tg, database)
        for person in (alice, bob):
            await tg.send_text(person, person, "/start")
            await tg.wait_for_bot_message(person)
        games = {
            "reversi": (reversi_step, tg.add_group("R", members=[alice, bob], admins=[alice])),
            "gofish": (gofish_step, tg.add_group("F", members=[alice, bob], admins=[alice])),
            "durak": (durak_step, tg.add_group("D", members=[alice, bob], admins=[alice])),
            "blackjack": (blackjack_step, tg.add_group("B", members=[alice, bob], admins=[alice])),
        }
        tables = {k: await _open(tg, g, alice, bob, f"/{k}") for k, (_, g) in games.items()}
        rng = random.Random(5)
        for kind, (step, _) in games.items():
            for _ in range(5):
                await step(tg, tables[kind], people, rng)
        before = {k: t.text for k, t in tables.items()}
        process.kill()  # SIGKILL: no chance to clean up
        assert await asyncio.wait_for(process.wait(), 30) == -signal.SIGKILL
        process = await start_process(tg, database)
        assert {k: t.text for k, t in tables.items()} == before
        for kind, (step, group) in games.items():
            for _ in range(400):
                if not await step(tg, tables[kind], people, rng):
                    break
            shown = [m for m in tg.bot_messages(group) if " · dealer: " not in (m.text or "")]
            assert [m.message_id for m in shown] == [tables[kind].message_id]  # + summaries
        assert turn_name(tables["reversi"]) is None and "Game over" in (
            tables["reversi"].text or ""
        )
        assert gofish_to_move(tables["gofish"]) is None
        assert "durak" in (tables["durak"].text or "") or "draw" in (tables["durak"].text or "")
        assert "Everybody left: the table is closed." in (tables["blackjack"].text or "")
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 30) == 0
        await _balances_match_the_summaries(tg, games["blackjack"][1], database, people)
        stderr = (await process.stderr.read()).decode() if process.stderr else ""
        assert TOKEN not in stderr
