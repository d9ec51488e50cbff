"""Go Fish for a player the bot cannot message: they play from the group table,
and the group sees nothing that depends on their hand until the final ask."""

from __future__ import annotations

import random
import re
from typing import Any

from sandbox import Message, MessageVersion
from tests.e2e.harness import World
from tests.e2e.players import gofish_step, gofish_to_move

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NOT_HELD = "You can only ask for a rank you hold."


def _group_versions(world: World) -> dict[int, int]:
    """How many versions each group message has now."""
    return {
        m.message_id: len(m.versions) for m in world.tg.messages(world.group, include_deleted=True)
    }


def _without_rank(markup: dict[str, Any] | None) -> Any:
    """The keyboard with the asked rank taken out of each ask's callback data (the
    rank the player tapped is theirs to say; whether they hold it is not)."""
    rows = (markup or {}).get("inline_keyboard", [])
    return [
        [(b["text"], re.sub(r":m:a(\d+)\.\d+$", r":m:a\1.R", b.get("callback_data", "")))
         for b in row]
        for row in rows
    ]  # fmt: skip


def _clock_as_drawn(text: str | None) -> str | None:
    """The text with the turn's time left taken out (it is counted from the clock when
    the table is drawn: two draws a second apart differ there, and nothing else)."""
    return None if text is None else re.sub(r"(⏳ [^\n]*· )\d+ (s|min)", r"\1T", text)


def _seen(version: MessageVersion) -> tuple[Any, ...]:
    texts = (_clock_as_drawn(version.text), _clock_as_drawn(version.html))
    return (*texts, version.deleted, _without_rank(version.reply_markup))


def _since(world: World, before: dict[int, int]) -> list[tuple[int, tuple[Any, ...]]]:
    """Every group message version added since ``before``, message by message."""
    added = []
    for message in world.tg.messages(world.group, include_deleted=True):
        for version in message.versions[before.get(message.message_id, 0) :]:
            added.append((message.message_id, _seen(version)))
    return added


def _labels(table: Message) -> list[str]:
    return [b.text for row in table.buttons() for b in row]


def _shows_ranks(table: Message) -> bool:
    return all(rank in _labels(table) for rank in RANKS)


def _shows_targets(table: Message) -> bool:
    return any(label.startswith("Ask ") for label in _labels(table))


async def _pick_and_go_back(world: World, table: Message, rank: str) -> list[Any]:
    """Bob taps ``rank`` on the group table, then Back; what the group saw meanwhile."""
    before = _group_versions(world)
    answer = await world.tg.press(world.bob, table, rank)
    assert not answer.show_alert and not answer.text, answer.text
    await world.tg.wait_for(lambda: _shows_targets(table), what=f"whom to ask for {rank}")
    back = await world.tg.press(world.bob, table, "← Back")
    assert not back.show_alert, back.text
    await world.tg.wait_for(lambda: _shows_ranks(table), what="the ranks again")
    return _since(world, before)


async def _bobs_turn_at_the_table(world: World) -> Message:
    """Alice, Bob (who blocked the bot before the deal) and a computer; Alice plays
    until it is Bob's turn with two opponents holding cards."""
    await world.start_privately(world.alice, world.bob)
    table = await world.open_lobby("/gofish", [world.bob], computers=1)
    world.tg.block_bot(world.bob)
    await world.start_game(table)
    rng = random.Random(3)
    for _ in range(100):
        if gofish_to_move(table) == "Bob":
            break
        assert await gofish_step(world.tg, table, {"Alice": world.alice}, rng)
    assert gofish_to_move(table) == "Bob"
    await world.tg.wait_for(lambda: _shows_ranks(table), what="every rank on the table")
    return table


async def test_a_rank_held_and_a_rank_not_held_look_the_same_to_the_group(
    world: World,
) -> None:
    table = await _bobs_turn_at_the_table(world)
    alert = await world.tg.press(world.bob, table, "🃏 My hand")
    assert alert.show_alert and alert.text and alert.text.startswith("Your hand:")
    held = {card[:-1] for card in alert.text.split(": ", 1)[1].split(" · ")[0].split()}
    holds, lacks = sorted(held)[0], next(r for r in RANKS if r not in held)

    seen_held = await _pick_and_go_back(world, table, holds)
    seen_lacked = await _pick_and_go_back(world, table, lacks)
    assert seen_held == seen_lacked
    assert len(seen_held) == 2  # the choice of whom to ask, then the ranks again

    # the final ask of a rank not held: refused to Bob alone, the table as before the pick
    before, shown = _group_versions(world), _seen(table.versions[-1])
    await world.tg.press(world.bob, table, lacks)
    await world.tg.wait_for(lambda: _shows_targets(table), what="whom to ask")
    target = next(label for label in _labels(table) if label.startswith("Ask "))
    refused = await world.tg.press(world.bob, table, target)
    assert refused.show_alert and refused.text == NOT_HELD
    await world.tg.wait_for(lambda: _shows_ranks(table), what="the ranks again")
    assert _seen(table.versions[-1]) == shown
    assert [m for m in world.tg.messages(world.group) if m.message_id not in before] == []
    assert gofish_to_move(table) == "Bob"

    # the final ask of a rank held is played (someone else's press leaves the pick be)
    await world.tg.press(world.bob, table, holds)
    await world.tg.wait_for(lambda: _shows_targets(table), what="whom to ask")
    versions = len(table.versions)
    other = await world.tg.press(world.alice, table, target)
    assert other.show_alert and other.text == "It is not your turn."
    assert len(table.versions) == versions and _shows_targets(table)
    asked = await world.tg.press(world.bob, table, target)
    assert not asked.show_alert, asked.text
    await world.until_edited(table, versions)
    assert "Bob asked" in (table.text or "")
