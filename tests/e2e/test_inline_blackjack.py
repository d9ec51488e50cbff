"""Blackjack on an inline table (issue 24): ``@tablebot blackjack`` in two people's
private chat (the bot is not in it) opens a table taking bets with the opener seated;
both bet and play a round to its settlement, then leave. Every inline table plays from
one chip account (and one seat) per person."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.blackjack import ENGINE, stack_shoe
from sandbox import Message, User
from storage import chips, gamestore
from storage.records import GameRecord, inline_chat
from tests.e2e.blackjack_table import BOUND
from tests.e2e.harness import World, running_world
from tests.e2e.inline_tables import labels, open_inline
from tests.games.blackjack_support import deal_order

READY, NEXT, JOIN, LEAVE = "✅ Ready", "▶️ Next round", "🪑 Join table", "🚪 Leave table"


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as running:
        await running.start_bot(seed=5)
        running.tg.set_inline_feedback(True)  # BotFather's /setinlinefeedback
        yield running


async def _press(world: World, table: Message, who: User, label: str) -> str | None:
    """A press that must work on the inline table: no alert, and the table is redrawn."""
    versions = len(table.versions)
    answer = await world.tg.press_inline(who, table, label)
    assert not answer.show_alert, answer.text
    await world.until_edited(table, versions)
    return answer.text


async def _stack(world: World, table: Message, players: list[str], dealer: str) -> None:
    """The next round at the inline ``table`` deals these cards."""
    db, chat = world.bots[0].db, inline_chat(table.inline_message_id or "")

    async def opened() -> GameRecord:
        while (game := await gamestore.active_game(db, chat)) is None:
            await asyncio.sleep(0.005)  # look again (bounded below)
        return game

    game = await asyncio.wait_for(opened(), BOUND)
    assert game.state is not None
    game.state = ENGINE.to_dict(stack_shoe(ENGINE.from_dict(game.state),
                                           deal_order(players, dealer)))  # fmt: skip
    assert await gamestore.save_game(db, game)


async def _balance(world: World, table: Message, person: User) -> int:
    return await chips.balance(world.bots[0].db, inline_chat(table.inline_message_id or ""),
                               person.id)  # fmt: skip


async def test_two_people_bet_and_play_a_round_in_their_private_chat(world: World) -> None:
    tg, alice, bob = world.tg, world.alice, world.bob
    chat = tg.add_private_chat(alice, bob)
    assert "Blackjack" in (await tg.inline_query(alice, bob, "")).titles
    offer = await tg.inline_query(alice, bob, "black")
    assert offer.titles == ["Blackjack"] and "Alice · 🪙 500" in (offer.results[0].text or "")
    table = await open_inline(world, alice, bob, "blackjack", JOIN)
    assert table.chat is chat and "Alice · 🪙 500" in (table.text or "")
    assert await _press(world, table, bob, JOIN) == "You sit down with 500 chips."
    assert "Bob · 🪙 500" in (table.text or "")
    await _stack(world, table, ["10H 6C", "10S 9C"], "10D 7S")
    await _press(world, table, alice, "+50")
    await _press(world, table, bob, "+25")
    await _press(world, table, alice, READY)
    await _press(world, table, bob, READY)
    assert "Turn: Alice" in (table.text or "")
    await _press(world, table, alice, "Stand")
    await _press(world, table, bob, "Stand")
    text = table.text or ""
    assert "Dealer: 10♦️ 7♠ — 17" in text and labels(table)[0] == NEXT, text
    assert (await _balance(world, table, alice), await _balance(world, table, bob)) == (450, 525)
    assert await chips.balance(world.bots[0].db, chat.id, alice.id) == 500  # not that chat's
    assert await _press(world, table, alice, LEAVE) == "You leave with 450 chips."
    assert await _press(world, table, bob, LEAVE) == "You leave with 525 chips."
    assert "Everybody left: the table is closed." in (table.text or "")
    assert [[b.text for b in row] for row in table.buttons()] == [["📜 Record"]]  # its record
    assert [c.method for c in tg.calls if c.chat_id == chat.id] == []  # edits by inline id
    assert tg.bot_messages(alice) == tg.bot_messages(bob) == []


async def test_every_inline_table_plays_from_one_account_per_person(world: World) -> None:
    tg, alice, bob, carol = world.tg, world.alice, world.bob, world.carol
    first = await open_inline(world, alice, bob, "blackjack", JOIN)
    await _stack(world, first, ["10H 6C"], "10D 9S")
    await _press(world, first, alice, "All-in")
    await _press(world, first, alice, READY)
    await _press(world, first, alice, "Stand")
    assert await _balance(world, first, alice) == 0
    assert await _press(world, first, alice, LEAVE) == "You leave with 0 chips."
    second = await open_inline(world, alice, carol, "blackjack", JOIN)  # no fresh 500 chips
    assert "Alice · 🪙 0" in (second.text or ""), second.text
    # seated at one inline table, Alice is offered no second one (one seat, one account)
    assert "Blackjack" not in (await tg.inline_query(alice, bob, "")).titles
    assert await _press(world, second, carol, JOIN) == "You sit down with 500 chips."
    top_up = await tg.press_inline(alice, second, "🎁 Daily top-up")
    assert top_up.text == "Daily top-up: you have 500 chips again."
    assert await _balance(world, second, alice) == 500
