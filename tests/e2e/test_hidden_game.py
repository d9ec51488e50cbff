"""A sixth game is one folder's worth of code, hidden hands included (issue 31, item 6):
High Card, declared in the test suite alone (tests/e2e/hidden_game.py), is registered
with the bot and offered like its five games (/help, the command menu, /rules, the
inline-table offers) and played to the end through the stand-in, in a group and on an
inline table, each hand by direct message or by "🃏 My cards" and never on the table.
(Nim, the toy game before it, had no hand to keep.)"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.glue.registry import default_games
from sandbox import Message, User
from tests.e2e.harness import World, running_world
from tests.e2e.hidden_game import HIGH_CARD
from tests.e2e.inline_hands import moves
from tests.e2e.inline_tables import labels, open_inline
from tests.e2e.players import drawn_at

HAND_LINE = re.compile(r"Your hand: (.*)")
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♣♥♦]\ufe0f?")


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as running:
        await running.start_bot(adapters=[*default_games(), HIGH_CARD])
        running.tg.set_inline_feedback(True)  # BotFather's /setinlinefeedback
        yield running


def _turn(table: Message) -> str | None:
    found = re.search(r"Turn: (\w+)", table.text or "")
    return found[1] if found else None


def _hand(world: World, person: User) -> Message:
    """``person``'s latest High Card hand by direct message."""
    sent = [m for m in world.tg.bot_messages(person) if "High Card" in (m.text or "")]
    assert sent, f"no hand for {person.first_name}"
    return sent[-1]


async def _play_by_message(world: World, person: User, table: Message) -> None:
    version = drawn_at(table)
    await world.synced()
    hand = _hand(world, person)
    card = hand.buttons()[0][0]
    answer = await world.tg.press(person, hand, callback_data=card.callback_data)
    assert not answer.show_alert, answer.text
    await world.tg.wait_for(lambda: drawn_at(table) != version, what="the card on the table")


async def _play_by_inline(world: World, person: User, table: Message) -> None:
    await world.synced()
    version = drawn_at(table)
    answer = await world.tg.switch_inline(person, table, "🃏 My cards")
    assert answer.is_personal and answer.cache_time == 0
    offered = moves(answer)
    assert offered, answer.results
    await world.tg.choose_result(person, answer, offered[0].id)
    await world.tg.wait_for(lambda: drawn_at(table) != version, what="the card on the table")


def _hidden(world: World, table: Message, *people: User) -> None:
    """No card still in a hand shows on the table (a played card is public)."""
    table_cards = set(CARD.findall(table.text or ""))
    for person in people:
        found = HAND_LINE.search(_hand(world, person).text or "")
        held = set(CARD.findall(found[1])) if found else set()
        assert not held & table_cards, (person.first_name, held & table_cards)


async def test_a_hidden_hand_game_from_the_tests_alone_is_offered_and_played_in_a_group(
    world: World,
) -> None:
    tg = world.tg
    await world.start_privately(world.alice, world.bob)  # Carol never opens the bot's chat

    def offered() -> bool:
        menus = [menu for (_, language), menu in tg.world.settings.commands.items() if not language]
        return any({"command": "highcard", "description": "Play High Card"} in m for m in menus)

    await tg.wait_for(offered, what="the command menu with /highcard")
    help_text = (await world.command(world.alice, world.alice, "/help")).text or ""
    assert "/highcard — the highest card takes the trick" in help_text
    rules = await world.command(world.alice, world.group, "/rules highcard")
    assert "the highest takes the trick" in (rules.text or "")
    answer = await tg.inline_query(world.alice, world.bob, "highcard")
    assert [r.id for r in answer.results] == ["new:highcard"]

    table = await world.open_lobby("/highcard", [world.bob])
    told = await tg.press(world.carol, table, "Join")  # told how her cards reach her
    assert told.show_alert and "🃏 My cards" in (told.text or "")
    await tg.wait_for(lambda: "Carol" in (table.text or ""), what="Carol seated")
    await world.start_game(table)
    await tg.wait_for(lambda: _turn(table) == "Alice", what="the deal")
    people = {"Alice": world.alice, "Bob": world.bob, "Carol": world.carol}
    while (name := _turn(table)) is not None:
        await world.synced()
        _hidden(world, table, world.alice, world.bob)
        if name == "Carol":
            await _play_by_inline(world, world.carol, table)
        else:
            await _play_by_message(world, people[name], table)
    assert "win." in (table.text or "") and not table.buttons()
    assert [m for m in tg.messages(world.carol) if m.sender.id == tg.bot.id] == []
    await world.synced()
    assert "The game is over." in (_hand(world, world.bob).text or "")
    assert _hand(world, world.bob).buttons() == []
    stats = (await world.command(world.alice, world.group, "/stats")).text or ""
    assert "High Card" in stats  # counted like the bot's own games


async def test_a_hidden_hand_game_from_the_tests_alone_is_played_on_an_inline_table(
    world: World,
) -> None:
    table = await open_inline(world, world.alice, world.bob, "highcard")
    told = await world.tg.press_inline(world.bob, table, "Join")  # he never started the bot
    assert told.show_alert and "🃏 My cards" in (told.text or "")
    await world.tg.wait_for(lambda: "Bob" in (table.text or ""), what="Bob seated")
    if "Start" in labels(table):
        await world.tg.press_inline(world.alice, table, "Start")
    await world.tg.wait_for(lambda: _turn(table) is not None, what="the deal")
    people = {"Alice": world.alice, "Bob": world.bob}
    while (name := _turn(table)) is not None:
        await world.synced()
        version = drawn_at(table)
        answer = await world.tg.switch_inline(people[name], table, "🃏 My cards")
        offered = moves(answer)
        assert offered and answer.is_personal
        await world.tg.choose_result(people[name], answer, offered[0].id)
        await world.tg.wait_for(lambda v=version: drawn_at(table) != v, what="the card")
    assert "win." in (table.text or "") and "🃏 My cards" not in labels(table)
