"""Blackjack's clocks on a clock the test moves (``ManualClock``): the betting time
from the first Ready, a decision's halfway warning and basic strategy standing in,
and the idle time that closes a table nobody plays at. No real seconds pass."""

from __future__ import annotations

from pathlib import Path

from sandbox import Message
from storage import gamestore
from tests.e2e.blackjack_table import balance, open_table, press, stack
from tests.e2e.clock import LOBBY, TURN, ManualClock, nothing_due
from tests.e2e.harness import World, running_world

READY = "✅ Ready"


async def _three_seats(world: World) -> Message:
    table = await open_table(world, world.alice)
    for person in (world.bob, world.carol):
        await press(world, table, person, "🪑 Join table")
    return table


async def test_betting_time_then_a_decision_then_the_idle_table_closes(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        running = await world.start_bot(clock=clock)
        db, tg, alice, bob = running.db, world.tg, world.alice, world.bob
        table = await _three_seats(world)
        await stack(db, table, ["10H 10C"], "10D 7S")
        await press(world, table, bob, "+25")  # Bob bets but never says Ready
        await press(world, table, alice, "+10")
        await press(world, table, alice, READY)  # the betting time starts now
        clock.advance(TURN / 2)  # halfway those not ready are nudged (tests/e2e/test_nudges.py)
        await tg.wait_for(lambda: "Bob, Carol: 45 seconds left to play" in (table.text or ""))
        clock.advance(TURN / 2 - 1)
        await nothing_due(running)
        clock.advance(1)
        await tg.wait_for(lambda: "Betting time ran out" in (table.text or ""))
        text = table.text or ""
        assert "10♥️ 10♣ — 20" in text and "Turn: Alice" in text
        assert "Bob · 🪙 500 · sits this round out" in text
        assert "Carol · 🪙 500 · sits this round out" in text
        # Alice never decides: halfway a warning, then basic strategy stands on 20
        clock.advance(TURN / 2)
        await tg.wait_for(lambda: "Alice: 45 seconds left to play" in (table.text or ""))
        mark = tg.bot_messages(world.group)[-1].message_id
        clock.advance(TURN / 2)
        summary = await tg.wait_for_bot_message(world.group, after=mark, containing="Alice wins")
        assert "Alice wins 10: 510 chips now" in (summary.text or "")
        assert "Bob" not in (summary.text or "")
        await tg.wait_for(lambda: "the computer played for Alice" in (table.text or ""))
        assert await balance(db, world.group.id, bob) == 500
        # nobody starts the next round: after the idle time the table closes
        clock.advance(LOBBY - 1)
        await nothing_due(running)
        clock.advance(1)
        closed = "Nobody played for a while: the table is closed."
        await tg.wait_for(lambda: closed in (table.text or ""))
        assert [[b.text for b in row] for row in table.buttons()] == [["📜 Record"]]
        assert await gamestore.active_game(db, world.group.id) is None


async def _betting_warned(world: World) -> tuple[ManualClock, Message]:
    """A bot on a clock the test moves; Alice bets and is ready, and halfway through
    the betting time the table warns Bob and Carol."""
    clock = ManualClock()
    await world.start_bot(clock=clock)
    table = await _three_seats(world)
    await press(world, table, world.alice, "+10")
    await press(world, table, world.alice, READY)  # the betting time starts now
    clock.advance(TURN / 2)
    await world.tg.wait_for(lambda: "Bob, Carol: 45 seconds left to play" in (table.text or ""))
    return clock, table


async def test_a_bet_after_the_betting_warning_shows_the_seconds_left(tmp_path: Path) -> None:
    """The betting warning stays until the bets close; a bet drawn after it says how
    many seconds are left then, not the 45 the warning said."""
    async with running_world(tmp_path) as world:
        clock, table = await _betting_warned(world)
        tg, bob = world.tg, world.bob
        clock.advance(30)
        await press(world, table, bob, "+25")
        await tg.wait_for(lambda: "bet 25" in (table.text or ""), what="the bet")
        assert "Bob, Carol: 15 seconds left to play" in (table.text or ""), table.text


async def test_the_betting_warning_names_only_those_still_not_ready(tmp_path: Path) -> None:
    """Someone who says Ready after the betting warning is no longer named in it: the
    table says whose time is running out, not whose was."""
    async with running_world(tmp_path) as world:
        _clock, table = await _betting_warned(world)
        tg, carol = world.tg, world.carol
        await press(world, table, carol, "+10")
        await press(world, table, carol, READY)
        await tg.wait_for(lambda: (table.text or "").count("✅") == 2, what="Carol ready")
        assert "Bob: 45 seconds left to play" in (table.text or ""), table.text
