"""Inline tables played to the end (issue 24, item 2): Durak between Alice and Bob in
their private chat (the bot is not in it, neither ever opened a chat with the bot),
with their hands by inline query (🃏 My cards); a turn's clock and the computer's
stand-in on an inline Reversi table; a rematch drawn on the same inline message."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from sandbox import Message, User
from sandbox.inline_model import InlineAnswer, InlineResult
from tests.e2e.clock import TURN, ManualClock, nothing_due
from tests.e2e.harness import World, running_world
from tests.e2e.inline_hands import MY_CARDS, moves, version_of
from tests.e2e.inline_tables import labels, open_inline, press
from tests.e2e.players import drawn_at
from tests.e2e.reversi_board import disc_counts, turn_name


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as running:
        await running.start_bot(seed=7)
        running.tg.set_inline_feedback(True)
        yield running


async def _durak_inline_step(
    world: World, table: Message, people: list[User], rng: random.Random
) -> bool:
    """One move chosen from someone's inline answer, or ✋ Done pressed on the table;
    False once the game is over."""
    if not any(label.endswith(MY_CARDS) for label in labels(table)):
        return False
    await world.synced()
    version = drawn_at(table)
    offers: list[tuple[User, InlineAnswer | None, InlineResult | None]] = []
    for person in people:
        answer = await world.tg.switch_inline(person, table, MY_CARDS)
        offers += [(person, answer, r) for r in moves(answer) if version_of(r) == version]
        if "✋ Done" in labels(table):  # Done is a press on the table, not a post
            offers.append((person, None, None))
    if not offers:
        return not any(label.endswith("Rematch") for label in labels(table))
    person, answer, result = rng.choice(offers)
    if answer is None or result is None:
        if (await press(world, person, table, "✋ Done")).show_alert:
            return True  # not theirs to say: nothing changed
    else:
        posted = await world.tg.choose_result(person, answer, result.id)
        assert posted.chat is table.chat and posted.via_bot is not None
    await world.tg.wait_for(lambda: drawn_at(table) != version, what="the move on the table")
    return True


async def test_durak_played_to_the_end_with_inline_hands(world: World) -> None:
    chat = world.tg.add_private_chat(world.alice, world.bob)
    table = await open_inline(world, world.alice, world.bob, "durak")
    await press(world, world.bob, table, "Join")
    await world.tg.wait_for(lambda: "Start" in labels(table), what="Bob seated")
    await press(world, world.alice, table, "Start")
    await world.tg.wait_for(lambda: MY_CARDS in labels(table), what="the deal")
    people, rng, played = [world.alice, world.bob], random.Random(4), 0
    for _ in range(400):
        if not await _durak_inline_step(world, table, people, rng):
            break
        played += 1
    queries = world.tg.world.inline.queries.values()  # the moves chosen (not the opening)
    chosen = sum(1 for q in queries if q.chosen is not None and q.query.startswith("cards"))
    text = table.text or ""
    assert played > 10 and ("durak" in text or "A draw" in text), text
    assert any(label.endswith("Rematch") for label in labels(table))
    for person in people:  # nothing sent to anyone: the table edited, hands by inline query
        assert world.tg.bot_messages(person) == []
    assert [c.method for c in world.tg.calls if c.chat_id == chat.id] == []
    for message in chat.messages.values():  # what the chat shows: the table and moves
        assert message.via_bot is not None
    # each post is a move and no more (issue 30, item 5): no Done, no look at one's
    # cards, and not the chooser's name (the post is their own message)
    posts = [m.text or "" for m in chat.messages.values() if m is not table]
    assert len(posts) == chosen and not any("Alice" in p or "Bob" in p for p in posts), posts


async def test_a_rematch_is_drawn_on_the_same_inline_message(world: World) -> None:
    board = await open_inline(world, world.alice, world.bob, "reversi")
    await press(world, world.alice, board, "🤖 Easy")
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the game")
    await press(world, world.alice, board, "🏳️ Resign")
    await press(world, world.alice, board, "🏳️ Resign")
    await world.tg.wait_for(lambda: any(t.endswith("Rematch") for t in labels(board)))
    rematch = next(t for t in labels(board) if t.endswith("Rematch"))
    await press(world, world.alice, board, rematch)
    await world.tg.wait_for(lambda: turn_name(board) is not None, what="the rematch")
    assert sum(disc_counts(board)) in (4, 5)  # the same message: the computer may open


async def test_the_clock_and_the_stand_in_on_an_inline_table(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        running = await world.start_bot(clock=clock)
        world.tg.set_inline_feedback(True)
        board = await open_inline(world, world.alice, world.bob, "reversi")
        await press(world, world.bob, board, "Join")
        await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the game")
        clock.advance(TURN / 2 - 1)
        await nothing_due(running)
        clock.advance(1)
        await world.tg.wait_for(lambda: "Alice: 45 seconds left" in (board.text or ""))
        clock.advance(TURN / 2)
        await world.tg.wait_for(lambda: turn_name(board) == "Bob", what="a stand-in move")
        assert "the computer played for Alice" in (board.text or "")
        await world.synced()
        assert world.tg.bot_messages(world.alice) == world.tg.bot_messages(world.bob) == []
