"""Inline moves post nothing a person did not mean to say (issue 30, item 5).

Choosing an inline result always posts it, so looking at one's cards is no result:
the hand is the answer's button above the moves (tapping it opens the private chat
with the bot, which shows the whole hand there; nothing goes to the group). Durak's
✋ Done says nothing the table does not show: it is a press on the table, not a post.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from sandbox import Message
from tests.e2e.harness import World, running_world
from tests.e2e.inline_hands import cards_in, hand_line, my_cards


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as running:
        await running.start_bot(seed=5)
        running.tg.set_inline_feedback(True)
        yield running


def _labels(message: Message) -> list[str]:
    return [b.text for row in message.buttons() for b in row]


async def test_the_hand_is_the_answers_button_and_posts_nothing(world: World) -> None:
    table = await world.command(world.alice, world.group, "/gofish")
    await world.tg.press(world.bob, table, "Join")  # he never opened the bot's chat
    await world.tg.wait_for(lambda: "Bob" in (table.text or ""), what="Bob seated")
    await world.tg.press(world.alice, table, "Start")
    await world.tg.wait_for(lambda: "🃏 My cards" in _labels(table), what="the deal")
    await world.synced()
    in_group = len(world.tg.messages(world.group))
    for person in (world.alice, world.bob):  # on their turn and off it
        answer = await my_cards(world, person, table)
        line = hand_line(answer)
        assert line.startswith("🃏 Your hand: ") and cards_in(line)
        assert all(r.id.split(":")[3] == "m" for r in answer.results)  # moves alone
        assert all(not cards_in(r.text) for r in answer.results)
    # Bob never opened the bot's chat; the button opens it and shows him his hand
    assert world.tg.bot_messages(world.bob) == []
    await world.tg.press_results_button(world.bob, answer)
    hand = await world.tg.wait_for(
        lambda: next(iter(world.tg.bot_messages(world.bob)), None), what="Bob's hand"
    )
    assert (hand.text or "").startswith("Go Fish") and cards_in(line) <= cards_in(hand.text or "")
    await world.synced()
    assert len(world.tg.messages(world.group)) == in_group  # the group saw nothing
