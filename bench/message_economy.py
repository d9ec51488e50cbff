"""Bot API calls for one full game of each kind, through the stand-in.

    python bench/message_economy.py

Prints, per game: new group messages, group edits, private messages, private
edits, and the number of moves. The real bot (in this process) plays against
the stand-in over HTTP; people choose moves with a seeded policy.

Then the same card games with every player's hand by inline query (🃏 My cards:
nobody opened a private chat with the bot), on a group table and on an inline table
(``@tablebot durak`` in a chat the bot is not in: its edits go by
``inline_message_id`` and count as the table's edits); inline answers are counted
apart (they are answers to the person's own query, not messages).
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sandbox import ApiCall, Message, StandIn, User
from sandbox.inline_model import InlineAnswer
from tests.e2e.harness import World, running_world
from tests.e2e.inline_hands import MY_CARDS, moves, version_of
from tests.e2e.inline_tables import open_inline
from tests.e2e.players import blackjack_step, drawn_at, durak_step, gofish_step, reversi_step

Game = Callable[[World, random.Random], Awaitable[int]]
Rng = random.Random
Step = Callable[[StandIn, Message, dict[str, User], random.Random], Awaitable[bool]]
DONE = "✋ Done"


async def _play(world: World, table: Message, step: Step, rng: random.Random) -> int:
    people = {p.first_name: p for p in (world.alice, world.bob, world.carol)}
    moves = 0
    while await step(world.tg, table, people, rng):
        moves += 1
    return moves


async def reversi(world: World, rng: random.Random) -> int:
    table = await world.start_game(await world.open_lobby("/reversi", [world.bob]))
    return await _play(world, table, reversi_step, rng)


async def gofish(world: World, rng: random.Random) -> int:
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(await world.open_lobby("/gofish", [world.bob, world.carol]))
    return await _play(world, table, gofish_step, rng)


async def durak(world: World, rng: random.Random) -> int:
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(await world.open_lobby("/durak", [world.bob, world.carol]))
    return await _play(world, table, durak_step, rng)


async def blackjack(world: World, rng: random.Random) -> int:
    table = await world.command(world.alice, world.group, "/blackjack")
    await world.tg.press(world.bob, table, "🪑 Join table")
    await world.tg.wait_for(lambda: "Bob" in (table.text or ""))
    return await _play(world, table, blackjack_step, rng)


async def inline_step(
    tg: StandIn, table: Message, people: dict[str, User], rng: random.Random
) -> bool:
    """One move chosen from someone's inline answer (🃏 My cards on the table), or
    Durak's ✋ Done pressed on the table (it is no inline result: a press posts nothing)."""
    labels = [b.text for row in table.buttons() for b in row]
    if not any(label.endswith(MY_CARDS) for label in labels):
        return False
    version = drawn_at(table)
    offers: list[tuple[User, InlineAnswer | None, str]] = []
    for person in people.values():
        answer = await tg.switch_inline(person, table, MY_CARDS)
        offers += [(person, answer, r.id) for r in moves(answer) if version_of(r) == version]
        offers += [(person, None, DONE)] if DONE in labels else []
    rng.shuffle(offers)
    for person, answer, result_id in offers:
        if answer is not None:
            await tg.choose_result(person, answer, result_id)
        elif table.inline_message_id is not None:
            if (await tg.press_inline(person, table, DONE)).show_alert:
                continue  # not theirs to say
        elif (await tg.press(person, table, DONE)).show_alert:
            continue
        await tg.wait_for(lambda: drawn_at(table) != version, what="the move on the table")
        return True
    return False


def _synced(world: World) -> Step:
    """``inline_step`` once the sender is idle (an answer is drawn at the table's version)."""

    async def step(tg: StandIn, table: Message, people: dict[str, User], rng: Rng) -> bool:
        await world.synced()
        return await inline_step(tg, table, people, rng)

    return step


async def _group_lobby(world: World, command: str) -> Message:
    """A group lobby that Bob and Carol join without a private chat (they are told
    about 🃏 My cards in an alert), started."""
    world.tg.set_inline_feedback(True)
    table = await world.command(world.alice, world.group, command)
    for person in (world.bob, world.carol):
        await world.tg.press(person, table, "Join")
        await world.tg.wait_for(lambda p=person: p.first_name in (table.text or ""))
    return await world.start_game(table)


async def gofish_inline(world: World, rng: random.Random) -> int:
    return await _play(world, await _group_lobby(world, "/gofish"), _synced(world), rng)


async def durak_inline(world: World, rng: random.Random) -> int:
    return await _play(world, await _group_lobby(world, "/durak"), _synced(world), rng)


async def _inline_table(world: World, kind: str) -> Message:
    """An inline table in a group the bot is not in, Bob and Carol seated, started."""
    friends = world.tg.add_group("Friends", [world.alice, world.bob, world.carol],
                                 bot_status="left")  # fmt: skip
    table = await open_inline(world, world.alice, friends, kind)
    for person in (world.bob, world.carol):
        await world.tg.press_inline(person, table, "Join")
        await world.tg.wait_for(lambda p=person: p.first_name in (table.text or ""))
    if kind != "reversi":
        await world.tg.press_inline(world.alice, table, "Start")
    await world.tg.wait_for(lambda: drawn_at(table) > 0 and "Join" not in str(table.buttons()))
    return table


async def reversi_inline_table(world: World, rng: random.Random) -> int:
    from tests.e2e.inline_tables import reversi_inline_step

    world.tg.set_inline_feedback(True)
    friends = world.tg.add_private_chat(world.alice, world.bob)
    table = await open_inline(world, world.alice, world.bob, "reversi")
    await world.tg.press_inline(world.bob, table, "Join")
    await world.tg.wait_for(lambda: "Turn: " in (table.text or ""))
    assert table.chat is friends
    people = {"Alice": world.alice, "Bob": world.bob}
    moves_ = 0
    while await reversi_inline_step(world, table, people, rng):
        moves_ += 1
    return moves_


async def durak_inline_table(world: World, rng: random.Random) -> int:
    world.tg.set_inline_feedback(True)
    return await _play(world, await _inline_table(world, "durak"), _synced(world), rng)


async def gofish_inline_table(world: World, rng: random.Random) -> int:
    world.tg.set_inline_feedback(True)
    return await _play(world, await _inline_table(world, "gofish"), _synced(world), rng)


def _count(calls: list[ApiCall], group_id: int) -> dict[str, int]:
    ok = [c for c in calls if c.ok]
    table = [c for c in ok if c.chat_id == group_id or "inline_message_id" in c.params]
    return {
        "group messages": sum(c.method == "sendMessage" and c.chat_id == group_id for c in ok),
        "group edits": sum(c.method.startswith("edit") for c in table),
        "private messages": sum(c.method == "sendMessage" and c.chat_id != group_id for c in ok),
        "private edits": sum(
            c.method.startswith("edit") and c not in table and c.chat_id is not None for c in ok
        ),
        "inline answers": sum(c.method == "answerInlineQuery" for c in ok),
    }


async def measure(name: str, game: Game, seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with running_world(Path(folder)) as world:
            await world.start_bot(seed)
            mark = world.tg.mark()
            moves = await game(world, random.Random(seed))
            counts = _count(world.tg.calls_since(mark), world.group.id)
    figures = ", ".join(f"{k} {v}" for k, v in counts.items())
    per_move = counts["group edits"] / max(moves, 1)
    print(f"{name}: {moves} moves; {figures}; group edits per move {per_move:.2f}")


async def main() -> None:
    games: list[tuple[str, Game]] = [
        ("reversi", reversi),
        ("gofish (3 people)", gofish),
        ("durak (3 people)", durak),
        ("blackjack (2 people, 3 rounds)", blackjack),
        ("gofish, inline hands (3 people)", gofish_inline),
        ("durak, inline hands (3 people)", durak_inline),
        ("reversi, inline table (2 people)", reversi_inline_table),
        ("gofish, inline table, inline hands (3 people)", gofish_inline_table),
        ("durak, inline table, inline hands (3 people)", durak_inline_table),
    ]
    for name, game in games:
        await measure(name, game, seed=11)


if __name__ == "__main__":
    asyncio.run(main())
