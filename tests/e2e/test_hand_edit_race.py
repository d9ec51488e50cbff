"""A hand the press path edits itself (a pick's second choice, Back) never outlives the
game's next state (issue 30, item 3: a Durak hand kept a position several moves old,
with live buttons, after the end). The sender draws every other change of a hand; a
pick is drawn by the press, and its edit can land after the sender drew a newer hand
(the game moved on while it travelled: a timeout, another seat's move, the end). Then
the bot draws the hand again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sandbox import Message, User
from tests.e2e.clock import TURN, ManualClock
from tests.e2e.harness import World, running_world
from tests.e2e.players import gofish_to_move


def _hand(world: World, person: User) -> Message:
    sent = [m for m in world.tg.bot_messages(person) if "Your hand" in (m.text or "")]
    assert sent, person.first_name
    return sent[-1]


async def test_a_pick_landing_after_the_game_moved_on_is_drawn_over(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        tg = world.tg
        await world.start_privately(world.alice, world.bob, world.carol)
        table = await world.open_lobby("/gofish", [world.bob, world.carol])
        await world.start_game(table)
        name = await tg.wait_for(lambda: gofish_to_move(table), what="the deal")
        mover = {"Alice": world.alice, "Bob": world.bob, "Carol": world.carol}[name]
        await world.synced()
        hand = _hand(world, mover)
        rank = hand.buttons()[0][0].callback_data or ""
        assert rank.split(":")[3] == "k"  # a rank: whom to ask is the second choice
        travelling, arrives = asyncio.Event(), asyncio.Event()

        async def travel() -> None:
            travelling.set()
            await arrives.wait()

        tg.slow_next("editMessageText", travel())  # the pick's edit travels slowly
        await tg.press_nowait(mover, hand, callback_data=rank)
        await tg.wait_for(travelling.is_set, what="the pick on its way")
        drawn = len(hand.versions)
        clock.advance(TURN)  # meanwhile their time runs out: the computer asks for them
        await tg.wait_for(lambda: gofish_to_move(table) != name, what="the stand-in's ask")
        await tg.wait_for(lambda: len(hand.versions) > drawn, what="the newer hand drawn")
        newer = hand.text
        arrives.set()  # the old pick lands last, over the newer hand
        await tg.wait_for(lambda: len(hand.versions) > drawn + 1, what="the old pick landing")
        await tg.wait_for(lambda: hand.text == newer, what="the hand drawn again as it is now")
        await world.synced()
        assert hand.text == newer
        assert not any(b.text.startswith("Ask ") for row in hand.buttons() for b in row)
