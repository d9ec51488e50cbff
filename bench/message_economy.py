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

from sandbox import ApiCall, Message
from tests.e2e.harness import World, running_world
from tests.e2e.reversi_board import data_of, hint_squares, turn_name

Game = Callable[[World, random.Random], Awaitable[int]]


async def reversi(world: World, rng: random.Random) -> int:
    board = await world.command(world.alice, world.group, "/reversi")
    await world.tg.press(world.bob, board, "Join")
    await world.tg.wait_for(lambda: "Bob" in (board.text or ""))
    await world.tg.press(world.alice, board, "Start")
    await world.tg.wait_for(lambda: turn_name(board) == "Alice")
    people = {"Alice": world.alice, "Bob": world.bob}
    moves = 0
    while turn_name(board) is not None:
        versions = len(board.versions)
        data = data_of(board, rng.choice(hint_squares(board)))
        await world.tg.press(people[turn_name(board) or ""], board, callback_data=data)
        await world.until_edited(board, versions)
        moves += 1
    return moves


async def gofish(world: World, rng: random.Random) -> int:
    for person in (world.alice, world.bob, world.carol):
        await world.command(person, person, "/start")
    table = await world.command(world.alice, world.group, "/gofish")
    for person in (world.bob, world.carol):
        await world.tg.press(person, table, "Join")
        await world.tg.wait_for(lambda p=person: p.first_name in (table.text or ""))
    await world.tg.press(world.alice, table, "Start")
    await world.tg.wait_for(lambda: "▶️" in (table.text or ""))
    people = {p.first_name: p for p in (world.alice, world.bob, world.carol)}
    moves = 0
    while "▶️" in (table.text or ""):
        name = next(
            line[3:].split(" — ")[0] for line in (table.text or "").splitlines()
            if line.startswith("▶️ ")
        )  # fmt: skip
        person = people[name]

        def keyboard(p=person) -> Message | None:
            for message in world.tg.bot_messages(p):
                if message.buttons() and "Your hand" in (message.text or ""):
                    return message
            return None

        hand = await world.tg.wait_for(keyboard)
        versions = len(table.versions)
        choice = rng.choice([b for row in hand.buttons() for b in row])
        await world.tg.press(person, hand, callback_data=choice.callback_data)
        if (choice.callback_data or "").split(":")[3] == "k":
            await world.tg.wait_for(lambda h=hand: h.buttons()[0][0].text.startswith("Ask "))
            targets = [row[0] for row in hand.buttons() if row[0].text.startswith("Ask ")]
            await world.tg.press(person, hand, callback_data=rng.choice(targets).callback_data)
        await world.until_edited(table, versions)
        moves += 1
    return moves


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
    for name, game in (("reversi", reversi), ("gofish (3 people)", gofish)):
        await measure(name, game, seed=11)


if __name__ == "__main__":
    asyncio.run(main())
