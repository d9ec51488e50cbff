"""Someone who sat down at Go Fish without a private chat with the bot, and presses
Start there once the game runs (as the lobby's line told them), gets their hand there
at once: the turn reminder that follows says "your hand is above", and it is."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.clock import TURN, ManualClock
from tests.e2e.harness import World, running_world
from tests.e2e.players import gofish_step, gofish_to_move


async def test_start_pressed_mid_game_brings_the_hand_before_the_reminder(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        tg, bob = world.tg, world.bob
        await world.start_privately(world.alice)
        table = await world.command(world.alice, world.group, "/gofish")
        await tg.press(bob, table, "Join")  # no private chat yet: told of 🃏 My cards
        await tg.wait_for(lambda: "Bob" in (table.text or ""), what="Bob seated")
        await tg.press(world.alice, table, "Start")
        await tg.wait_for(lambda: gofish_to_move(table) is not None, what="dealt")
        people, rng = {"Alice": world.alice, "Bob": bob}, random.Random(1)
        while gofish_to_move(table) == "Alice":
            await gofish_step(tg, table, people, rng)
        await world.synced()
        assert gofish_to_move(table) == "Bob"
        await world.command(bob, bob, "/start")  # his private chat, opened now
        await world.synced()
        clock.advance(TURN / 2 + 1)
        reminder = await tg.wait_for(
            lambda: next(
                (m for m in tg.bot_messages(bob) if (m.text or "").startswith("⏰")), None
            ),
            what="the reminder",
        )
        assert "your hand is above" in (reminder.text or ""), reminder.text
        hands = [
            m
            for m in tg.bot_messages(bob)
            if (m.text or "").startswith("Go Fish") and m.message_id < reminder.message_id
        ]
        assert hands and "Your hand" in (hands[-1].text or ""), [
            m.text for m in tg.bot_messages(bob)
        ]
        assert hands[-1].buttons()  # his turn: the ranks to ask for


async def test_the_lobby_link_followed_once_the_game_started_brings_the_seated_hand(
    tmp_path: Path,
) -> None:
    """Bob sits down with Join, then taps the lobby's ✉️ Open private chat (as Join's
    alert says); Alice starts the game before he presses Start there. He is a player:
    not told the table takes no more players, and his hand comes."""
    async with running_world(tmp_path) as world:
        await world.start_bot()
        tg, bob = world.tg, world.bob
        await world.start_privately(world.alice)
        table = await world.command(world.alice, world.group, "/gofish")
        await tg.press(bob, table, "Join")
        await tg.wait_for(lambda: "Bob" in (table.text or ""), what="Bob seated")
        (link,) = [b.url for row in table.buttons() for b in row if b.url]
        await tg.press(world.alice, table, "Start")
        await tg.wait_for(lambda: gofish_to_move(table) is not None, what="dealt")
        await tg.open_url(bob, link)
        said = await tg.wait_for(
            lambda: (
                [m.text or "" for m in tg.bot_messages(bob)]
                if len(tg.bot_messages(bob)) >= 2
                else None
            ),
            what="the answer and the hand",
        )
        assert "You are already at the table." in said, said
        assert [t for t in said if t.startswith("Go Fish") and "Your hand" in t], said
        assert "That table is no longer taking players." not in said


async def test_the_lobby_link_after_the_start_says_the_game_has_started(world: World) -> None:
    """Carol never sat down: following the lobby's ✉️ link once the game started, she
    is told why no seat is hers and where the next one will be; nobody's hand comes."""
    await world.start_privately(world.alice, world.bob)
    table = await world.command(world.alice, world.group, "/gofish")
    await world.tg.press(world.bob, table, "Join")
    await world.tg.wait_for(lambda: "Bob" in (table.text or ""), what="Bob seated")
    (link,) = [b.url for row in table.buttons() for b in row if b.url]
    await world.tg.press(world.alice, table, "Start")
    await world.tg.wait_for(lambda: gofish_to_move(table) is not None, what="dealt")
    await world.tg.open_url(world.carol, link)
    said = await world.tg.wait_for(lambda: world.tg.bot_messages(world.carol) or None)
    assert [m.text for m in said] == [
        "That table is no longer taking players: its game has started. "
        "You can join the next one in the group."
    ]
