"""Inline chips in words (issue 30, item 8): ``/chips`` in the bot's chat shows the
balance every inline table plays from besides this chat's, ``/privacy`` names it, the
one-seat refusal at another inline table says so (not "in this chat"), and
``@tablebot blackjack`` while seated at one says why nothing is offered."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from sandbox import Message, User
from tests.e2e.blackjack_table import stack
from tests.e2e.harness import World, running_world
from tests.e2e.inline_tables import open_inline

JOIN, READY = "🪑 Join table", "✅ Ready"


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as running:
        await running.start_bot(seed=5)
        running.tg.set_inline_feedback(True)  # BotFather's /setinlinefeedback
        yield running


async def _press(world: World, table: Message, who: User, label: str) -> None:
    versions = len(table.versions)
    answer = await world.tg.press_inline(who, table, label)
    assert not answer.show_alert, answer.text
    await world.until_edited(table, versions)


async def test_chips_in_the_bots_chat_shows_the_inline_balance(world: World) -> None:
    db, alice, bob = world.bots[0].db, world.alice, world.bob
    table = await open_inline(world, alice, bob, "blackjack", JOIN)
    await stack(db, table, ["10H 6C"], "10D 7S")  # 16 stands against 17: loses 50
    for label in ("+25", "+25", READY, "Stand"):
        await _press(world, table, alice, label)
    assert "Alice · 🪙 450" in (table.text or ""), table.text
    text = (await world.command(alice, alice, "/chips")).text or ""
    assert "Alice: 500 chips in this chat." in text, text
    assert "450 chips at inline tables" in text, text
    privacy = (await world.command(alice, alice, "/privacy")).text or ""
    assert "your inline chips" in privacy, privacy


async def test_a_second_inline_table_says_why_it_seats_nobody_seated(world: World) -> None:
    tg, alice, bob, carol = world.tg, world.alice, world.bob, world.carol
    await open_inline(world, alice, bob, "blackjack", JOIN)
    asked = await tg.inline_query(alice, carol, "blackjack")  # seated: nothing offered
    assert asked.results == () and asked.button is not None
    assert "already sit at an inline blackjack table" in asked.button.text, asked.button
    carols = await open_inline(world, carol, alice, "blackjack", JOIN)
    refused = await tg.press_inline(alice, carols, JOIN)
    assert refused.show_alert and "another inline table" in (refused.text or ""), refused.text
    assert "in this chat" not in (refused.text or "")
