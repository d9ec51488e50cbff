"""Chips in play are held until their round is banked (issue 29, item 2). Someone who
leaves mid-round is free of the table's decisions at once, but the round's chips are
written only when it settles: until then no other table of the same account (another
inline table, another forum topic of the group) seats them, so no table lets them bet
more than the account can pay once every open round is settled."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from sandbox import Message, User
from storage import chips
from storage.records import INLINE_ACCOUNTS
from tests.e2e.blackjack_table import balance, press, stack
from tests.e2e.harness import World, running_world
from tests.e2e.inline_tables import labels, open_inline

JOIN, LEAVE, READY = "🪑 Join table", "🚪 Leave table", "✅ Ready"
SETTING, OPEN_HERE = "⏳ Setting the table…", "🪑 Open the table here"
LEAVING = "Basic strategy plays your hand; you leave with your chips once the round is settled."


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


async def test_leaving_an_inline_round_all_in_frees_no_chips_for_another_table(
    world: World,
) -> None:
    tg, db, alice, bob, carol = world.tg, world.bots[0].db, world.alice, world.bob, world.carol
    kept = await tg.inline_query(alice, carol, "blackjack")  # an offer kept for later
    table = await open_inline(world, alice, bob, "blackjack", JOIN)
    assert await _press(world, table, bob, JOIN) == "You sit down with 500 chips."
    # Alice 17 (basic strategy stands), Bob 19, the dealer 19: Alice loses her 500
    await stack(db, table, ["10H 7C", "10S 9C"], "10D 9S")
    for who, label in ((alice, "All-in"), (bob, "+50"), (alice, READY), (bob, READY)):
        await _press(world, table, who, label)
    assert "Turn: Alice" in (table.text or "")
    assert await _press(world, table, alice, LEAVE) == LEAVING
    assert "Turn: Bob" in (table.text or "")  # the round is not settled: her 500 are in play
    # at once, a new inline table: none is offered while her chips are in play
    offer = await tg.inline_query(alice, carol, "blackjack")
    assert "Blackjack" not in offer.titles, [r.text for r in offer.results]
    # nor does the offer she kept: its message says why
    second = await tg.choose_result(alice, kept, "new:blackjack")
    await tg.wait_for(lambda: labels(second) == [OPEN_HERE], what="the kept offer told")
    assert "Alice's chips are still in play" in (second.text or ""), second.text
    await _press(world, table, bob, "Stand")  # the round settles: Alice's loss is banked
    assert await chips.balance(db, INLINE_ACCOUNTS, alice.id) == 0
    opened = await tg.press_inline(alice, second, OPEN_HERE)
    assert not opened.show_alert, opened.text
    await tg.wait_for(lambda: JOIN in labels(second), what="the table drawn")
    assert "Alice · 🪙 0" in (second.text or ""), second.text  # not the 500 she lost


async def test_leaving_a_round_in_one_forum_topic_frees_no_chips_in_another(
    world: World,
) -> None:
    tg, db, alice, bob = world.tg, world.bots[0].db, world.alice, world.bob
    forum = tg.add_group("Club", members=[alice, bob], admins=[alice], forum=True)
    first = tg.add_topic(forum, "Table one", by=alice)
    second = tg.add_topic(forum, "Table two", by=alice)
    await tg.send_text(alice, forum, "/blackjack", thread_id=first)
    table = await tg.wait_for_bot_message(forum, containing="Blackjack")
    await press(world, table, bob, JOIN)
    await stack(db, table, ["10H 7C", "10S 9C"], "10D 9S", thread=first)
    for who, label in ((alice, "All-in"), (bob, "+50"), (alice, READY), (bob, READY)):
        await press(world, table, who, label)
    assert await press(world, table, alice, LEAVE) == LEAVING
    assert "Turn: Bob" in (table.text or "")
    mark = tg.bot_messages(forum)[-1].message_id
    await tg.send_text(alice, forum, "/blackjack", thread_id=second)  # her 500 are in play
    refusal = await tg.wait_for_bot_message(forum, after=mark)
    assert "Blackjack" not in (refusal.text or ""), refusal.text  # no table seats her
    assert "once its round is settled" in (refusal.text or ""), refusal.text
    await press(world, table, bob, "Stand")
    await tg.wait_for_bot_message(forum, after=refusal.message_id, containing="· dealer:")
    assert await balance(db, forum.id, alice) == 0
    mark = tg.bot_messages(forum)[-1].message_id
    await tg.send_text(alice, forum, "/blackjack", thread_id=second)
    other = await tg.wait_for_bot_message(forum, after=mark, containing="Blackjack")
    assert "Alice · 🪙 0" in (other.text or ""), other.text


async def test_a_second_chosen_offer_says_why_it_opened_no_table(world: World) -> None:
    """Issue 29, item 5: asked for in two chats and chosen in both, the second offer's
    message said "Setting the table…" forever and its button "try again in a moment"."""
    tg, alice, bob, carol = world.tg, world.alice, world.bob, world.carol
    with_bob = await tg.inline_query(alice, bob, "blackjack")
    with_carol = await tg.inline_query(alice, carol, "blackjack")
    first = await tg.choose_result(alice, with_bob, "new:blackjack")
    await tg.wait_for(lambda: JOIN in labels(first), what="the first table drawn")
    second = await tg.choose_result(alice, with_carol, "new:blackjack")
    await tg.wait_for(lambda: labels(second) != [SETTING], what="the second message told")
    text = second.text or ""
    assert "Alice already plays at another blackjack table" in text, text
    assert "🚪 Leave table" in text and "Alice · 🪙" not in text, text
    assert labels(second) == [OPEN_HERE]
    refused = await tg.press_inline(alice, second, OPEN_HERE)  # she still sits at the first
    assert refused.show_alert and "another inline table" in (refused.text or ""), refused.text
    await _press(world, first, alice, LEAVE)  # between rounds: she is gone at once
    opened = await tg.press_inline(alice, second, OPEN_HERE)
    assert not opened.show_alert, opened.text
    await tg.wait_for(lambda: JOIN in labels(second), what="the second table drawn")
    assert "Alice · 🪙 500" in (second.text or ""), second.text
