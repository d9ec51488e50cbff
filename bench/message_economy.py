"""Bot API calls for one full game of each kind, through the stand-in.

    python bench/message_economy.py

Prints, per game: new group messages, group edits, private messages, private
edits, and the number of moves. The real bot (in this process) plays against
the stand-in over HTTP; people choose moves with a seeded policy.
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
from tests.e2e.harness import World, running_world
from tests.e2e.players import blackjack_step, durak_step, gofish_step, reversi_step

Game = Callable[[World, random.Random], Awaitable[int]]
Step = Callable[[StandIn, Message, dict[str, User], random.Random], Awaitable[bool]]


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


def _count(calls: list[ApiCall], group_id: int) -> dict[str, int]:
    ok = [c for c in calls if c.ok]
    return {
        "group messages": sum(c.method == "sendMessage" and c.chat_id == group_id for c in ok),
        "group edits": sum(c.method.startswith("edit") and c.chat_id == group_id for c in ok),
        "private messages": sum(c.method == "sendMessage" and c.chat_id != group_id for c in ok),
        "private edits": sum(c.method.startswith("edit") and c.chat_id != group_id for c in ok),
    }


async def measure(name: str, game: Game, seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with running_world(Path(folder)) as world:
            await world.start_bot(seed)
            mark = world.tg.mark()
            moves = await game(world, random.Random(seed))
            counts = _count(world.tg.calls_since(mark), world.group.id)
    figures = ", ".join(f"{k} {v}" for k, v in counts.items())
    print(f"{name}: {moves} moves; {figures}")


async def main() -> None:
    games: list[tuple[str, Game]] = [
        ("reversi", reversi),
        ("gofish (3 people)", gofish),
        ("durak (3 people)", durak),
        ("blackjack (2 people, 3 rounds)", blackjack),
    ]
    for name, game in games:
        await measure(name, game, seed=11)


if __name__ == "__main__":
    asyncio.run(main())
