"""The first press on 🏳️ Resign is kept by the database, so the
confirming press counts on whichever worker it reaches, and after a restart; the
time to confirm is the bot's clock's."""

from __future__ import annotations

from pathlib import Path

import pytest

from sandbox import Message, StandIn
from tests.databases import POSTGRES_URL, fresh_postgres
from tests.e2e.clock import ManualClock
from tests.e2e.harness import TOKEN, World, running_world
from tests.e2e.reversi_board import turn_name
from tests.e2e.test_workers import _free_port, workers

RESIGN = "🏳️ Resign"
AGAIN = "Press 🏳️ Resign again"
RESIGNED = "🏳️ Bob resigned: ⚫ Alice wins."


async def _reversi(world: World) -> Message:
    board = await world.open_lobby("/reversi", [world.bob])  # full: it starts
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the board")
    return board


async def _requests(world: World) -> int:
    """First presses still waiting for their confirmation (a used-up one keeps, until
    the prune, only the update that confirmed it: a negative time)."""
    row = await world.bots[-1].db.fetchone(
        "SELECT COUNT(*) FROM resign_requests WHERE asked_at >= 0"
    )
    assert row is not None
    return int(row[0])


async def test_the_confirming_press_counts_after_a_restart(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        first = await world.start_bot(clock=clock)
        board = await _reversi(world)
        asked = await world.tg.press(world.bob, board, RESIGN)
        assert asked.show_alert and (asked.text or "").startswith(AGAIN)
        await first.stop()  # the first press is not this process's to forget
        world.bots.remove(first)
        await world.start_bot(clock=clock)
        clock.advance(20)  # within the time to confirm
        confirmed = await world.tg.press(world.bob, board, RESIGN)
        assert confirmed.text == "You resigned.", confirmed.text
        await world.tg.wait_for(lambda: RESIGNED in (board.text or ""), what="the board")
        assert await _requests(world) == 0  # the request is used up


async def test_a_press_after_the_time_to_confirm_asks_again(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        board = await _reversi(world)
        await world.tg.press(world.bob, board, RESIGN)
        clock.advance(31)
        late = await world.tg.press(world.bob, board, RESIGN)
        assert late.show_alert and (late.text or "").startswith(AGAIN), late.text
        clock.advance(29)
        confirmed = await world.tg.press(world.bob, board, RESIGN)
        assert confirmed.text == "You resigned.", confirmed.text


@pytest.mark.skipif(not POSTGRES_URL, reason="TEST_POSTGRES_URL names no server")
async def test_two_presses_on_two_workers_resign(tmp_path: Path) -> None:
    ports = [_free_port() for _ in range(2)]
    backends = [f"http://127.0.0.1:{port}" for port in ports]
    async with (
        fresh_postgres() as url,
        StandIn(token=TOKEN, bot_username="tablebot", webhook_backends=backends) as tg,
        workers(tg, url, ports, tmp_path),
    ):
        alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
        group = tg.add_group("Friends", members=[alice, bob], admins=[alice])
        await tg.send_text(alice, group, "/reversi")
        board = await tg.wait_for_bot_message(group)
        await tg.press(bob, board, "Join")  # full: it starts
        await tg.wait_for(lambda: turn_name(board) == "Alice", what="the board")
        first = await tg.press_nowait(bob, board, RESIGN)
        asked = await tg.wait_answered(first)
        assert asked.show_alert and (asked.text or "").startswith(AGAIN)
        second = await tg.press_nowait(bob, board, RESIGN)
        confirmed = await tg.wait_answered(second)
        ids = [tg.update_id_of(query) for query in (first, second)]
        delivered = tg.webhook.delivered_to
        await tg.wait_for(lambda: all(i in delivered for i in ids), what="both delivered")
        taken = [delivered[i] for i in ids]
        assert taken[0] != taken[1]  # each press reached another worker
        assert confirmed.text == "You resigned.", confirmed.text
        await tg.wait_for(lambda: RESIGNED in (board.text or ""), what="the board")
