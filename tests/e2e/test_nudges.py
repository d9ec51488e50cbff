"""Nudges (issue 13): the person a game waits for gets a NEW message halfway through
their turn (edits do not notify): a mention in the group, or a private message
when they play from a private hand. The previous nudge goes, so a group never
collects them, and a quick player is never nudged. On a clock the test moves."""

from __future__ import annotations

import random
from pathlib import Path

from sandbox import Message, User
from tests.e2e.blackjack_table import open_table, press, stack
from tests.e2e.clock import TURN, ManualClock
from tests.e2e.harness import World, running_world
from tests.e2e.players import gofish_step, gofish_to_move, reversi_step
from tests.e2e.reversi_board import data_of, hint_squares, turn_name

NUDGE = "your turn in"


def _nudges(world: World) -> list[Message]:
    return [m for m in world.tg.bot_messages(world.group) if NUDGE in (m.text or "")]


def _mentions(message: Message) -> list[int]:
    return [e["user"]["id"] for e in message.entities if e["type"] == "text_mention"]


async def started(world: World, command: str, *joiners: User) -> Message:
    """A lobby with ``joiners``; Start pressed if the last seat taken did not start it."""
    table = await world.open_lobby(command, list(joiners))
    await world.synced()
    start = [b for row in table.buttons() for b in row if (b.callback_data or "").endswith(":s")]
    if start:  # the Start button (whatever its label)
        versions = len(table.versions)
        await world.tg.press(world.alice, table, callback_data=start[0].callback_data)
        await world.until_edited(table, versions)
    await world.synced()
    return table


async def _reversi(world: World) -> Message:
    return await started(world, "/reversi", world.bob)


async def test_a_late_player_is_mentioned_once_and_the_mention_goes(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        tg = world.tg
        board = await _reversi(world)
        assert _nudges(world) == []
        clock.advance(TURN / 2)
        first = await tg.wait_for(lambda: next(iter(_nudges(world)), None),
                                  what="a nudge for Alice")  # fmt: skip
        assert _mentions(first) == [world.alice.id]
        assert f'href="tg://user?id={world.alice.id}"' in (first.html or "")
        assert "45 seconds left" in (first.text or "")
        # Alice moves: her nudge is deleted; Bob is late too: one nudge, his
        await tg.press(world.alice, board, callback_data=data_of(board, hint_squares(board)[0]))
        await tg.wait_for(lambda: first.deleted, what="Alice's nudge deleted")
        clock.advance(TURN / 2)
        second = await tg.wait_for(lambda: next(iter(_nudges(world)), None),
                                   what="a nudge for Bob")  # fmt: skip
        assert _mentions(second) == [world.bob.id]
        # Bob never moves: the computer plays for him and his nudge goes as well
        clock.advance(TURN / 2)
        await tg.wait_for(lambda: turn_name(board) == "Alice", what="the stand-in move")
        await tg.wait_for(lambda: second.deleted, what="Bob's nudge deleted")
        await world.synced()
        assert _nudges(world) == []


async def test_a_private_hand_is_nudged_in_private_not_in_the_group(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        tg = world.tg
        await world.start_privately(world.alice, world.bob)
        table = await started(world, "/gofish", world.bob)
        people = {"Alice": world.alice, "Bob": world.bob}
        late = people[gofish_to_move(table) or ""]
        group_before = len(tg.bot_messages(world.group))
        clock.advance(TURN / 2)

        def nudge() -> Message | None:
            found = [m for m in tg.bot_messages(late) if "Your turn in Go Fish" in (m.text or "")]
            return found[-1] if found else None

        private = await tg.wait_for(nudge, what="a private nudge")
        assert "your hand is above" in (private.text or "")
        await world.synced()
        assert len(tg.bot_messages(world.group)) == group_before  # no mention in the group
        await gofish_step(tg, table, people, random.Random(3))
        await tg.wait_for(lambda: private.deleted, what="the private nudge deleted")


async def test_a_quick_game_gets_no_nudge(tmp_path: Path) -> None:
    """Each move within 2 s: at most one new group message per 4 moves (none, here)."""
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock, turn_seconds=15)
        tg = world.tg
        board = await _reversi(world)
        mark = tg.mark()
        people = {"Alice": world.alice, "Bob": world.bob}
        rng = random.Random(5)
        moves = 0
        for _ in range(16):
            clock.advance(2)
            if not await reversi_step(tg, board, people, rng):
                break
            moves += 1
        await world.synced()
        sent = [c for c in tg.calls_since(mark, "sendMessage") if c.chat_id == world.group.id]
        assert moves == 16 and len(sent) <= moves // 4
        assert not [c for c in tg.calls_since(mark, "sendMessage") if c.chat_id != world.group.id]
        assert _nudges(world) == []


async def test_blackjack_nudges_those_not_ready_then_the_hand_to_play(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        running = await world.start_bot(clock=clock)
        tg, alice, bob = world.tg, world.alice, world.bob
        table = await open_table(world, alice)
        await press(world, table, bob, "🪑 Join table")
        await stack(running.db, table, ["10H 6C"], "10D 7S")
        await press(world, table, alice, "+10")
        await press(world, table, alice, "✅ Ready")  # the betting clock starts
        clock.advance(TURN / 2)
        betting = await tg.wait_for(lambda: next(iter(_nudges(world)), None), what="Bob nudged")
        assert _mentions(betting) == [bob.id]
        clock.advance(TURN / 2)  # bets close: Alice's bet is dealt, Bob's nudge goes
        await tg.wait_for(lambda: "Turn: Alice" in (table.text or ""), what="the deal")
        await tg.wait_for(lambda: betting.deleted, what="the betting nudge deleted")
        clock.advance(TURN / 2)  # Alice does not decide: she is nudged
        decision = await tg.wait_for(lambda: next(iter(_nudges(world)), None), what="Alice")
        assert _mentions(decision) == [alice.id]


async def test_a_betting_nudge_edited_for_those_left_says_the_seconds_left_then(
    tmp_path: Path,
) -> None:
    """The group's betting nudge names those still not ready: when one of them says
    Ready it is edited (an edit notifies nobody) to name the others, with the seconds
    left then, not the 45 of the first. A new message would notify Bob a second time
    because Carol said Ready."""
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        tg, alice, bob, carol = world.tg, world.alice, world.bob, world.carol
        table = await open_table(world, alice)
        for person in (bob, carol):
            await press(world, table, person, "🪑 Join table")
        await press(world, table, alice, "+10")
        await press(world, table, alice, "✅ Ready")  # the betting clock starts
        clock.advance(TURN / 2)
        first = await tg.wait_for(lambda: next(iter(_nudges(world)), None), what="the nudge")
        assert sorted(_mentions(first)) == sorted([bob.id, carol.id])
        assert "45 seconds left" in (first.text or "")
        clock.advance(30)
        await press(world, table, carol, "+10")  # a bet: the same people are late
        await world.synced()
        assert not first.deleted and len(_nudges(world)) == 1  # no nudge again for it
        await press(world, table, carol, "✅ Ready")
        await tg.wait_for(lambda: _mentions(first) == [bob.id], what="the nudge for Bob alone")
        assert "15 seconds left" in (first.text or ""), first.text
        await world.synced()
        assert not first.deleted and _nudges(world) == [first]


async def test_a_nudge_whose_deletion_meets_flood_control_still_goes(tmp_path: Path) -> None:
    """Telegram answers the nudge's deletion with 429 (flood control): the nudge is
    deleted once the wait it names is over, not left behind telling the group that
    someone who has moved is late."""
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        tg = world.tg
        board = await _reversi(world)
        clock.advance(TURN / 2)
        nudge = await tg.wait_for(lambda: next(iter(_nudges(world)), None), what="a nudge")
        tg.fail_next("deleteMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
        await tg.press(world.alice, board, callback_data=data_of(board, hint_squares(board)[0]))
        await tg.wait_for(lambda: nudge.deleted, what="Alice's nudge deleted")
        assert [c.error_code for c in tg.calls if c.method == "deleteMessage"] == [429, None]
