"""Every move posted from 🃏 My cards ends up telling the truth (issue 30, item 1).

Alice opened 🃏 My cards, her time ran out, the computer played for her, the turn came
back to her, and she chose an ask from the list still open: her client posted it "via"
the bot as if played. The move results carry a small keyboard (🃏 My cards), so the
posted message has an ``inline_message_id``: the bot edits a move it did not play to
say so, and Alice sees it where she chose it. A move that was played is left as posted.
"""

from __future__ import annotations

from pathlib import Path

from sandbox import Message
from tests.e2e.clock import TURN, ManualClock
from tests.e2e.harness import World, running_world
from tests.e2e.inline_hands import MY_CARDS, moves, my_cards, not_played
from tests.e2e.players import drawn_at, gofish_to_move


def _labels(message: Message) -> list[str]:
    return [b.text for row in message.buttons() for b in row]


async def _alices_turn(world: World, table: Message) -> None:
    await world.tg.wait_for(lambda: gofish_to_move(table) == "Alice", what="Alice's turn")
    await world.synced()


async def test_a_move_chosen_after_the_clock_played_for_her_says_not_played(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(seed=3, clock=clock)
        world.tg.set_inline_feedback(True)
        table = await world.open_lobby("/gofish", [], computers=1)
        await world.tg.press(world.alice, table, "Start")
        await world.tg.wait_for(lambda: MY_CARDS in _labels(table), what="the deal")
        await _alices_turn(world, table)
        old, version = await my_cards(world, world.alice, table), drawn_at(table)
        assert moves(old)
        clock.advance(TURN)  # her time runs out: the computer asks for her
        await world.tg.wait_for(lambda: drawn_at(table) != version, what="the stand-in")
        for _ in range(50):  # the computer's own turns: back to Alice
            if gofish_to_move(table) == "Alice":
                break
            clock.advance(TURN)
            await world.synced()
        await _alices_turn(world, table)
        now, text = drawn_at(table), table.text
        stale = await world.tg.choose_result(world.alice, old, moves(old)[0].id)
        assert stale.text == moves(old)[0].text and stale.inline_message_id is not None
        await not_played(world, stale)
        await world.synced()
        assert (drawn_at(table), table.text) == (now, text)  # nothing played
        # a move from a list drawn now is played, and its post stays as it was posted
        fresh = await my_cards(world, world.alice, table)
        posted = await world.tg.choose_result(world.alice, fresh, moves(fresh)[0].id)
        await world.tg.wait_for(lambda: drawn_at(table) != now, what="Alice's ask")
        await world.synced()
        assert posted.text == moves(fresh)[0].text and len(posted.versions) == 1
