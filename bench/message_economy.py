"""Bot API calls for one full game of each kind, through the stand-in.

    python bench/message_economy.py          # every row
    python bench/message_economy.py --app    # the hand app's rows alone

Prints, per game: new group messages, group edits, private messages, private
edits, and the number of moves. The real bot (in this process) plays against
the stand-in over HTTP; people choose moves with a seeded policy.

Then the same card games with every player's hand by inline query (🃏 My cards:
nobody opened a private chat with the bot), on a group table and on an inline table
(``@tablebot durak`` in a chat the bot is not in: its edits go by
``inline_message_id`` and count as the table's edits); inline answers are counted
apart (they are answers to the person's own query, not messages).

Last, the card games with every hand in the hand app (issue 32: 🃏 Open my hand, the
Direct Link Mini App; nobody opened a private chat): each move is a POST to the app's
server by whoever may move (a seeded choice among their moves), timed from the POST
until the stand-in holds the table's edit (p50, p95); messages into the group by
anyone (the bot and the people) are counted too. The group's pace is lifted (as in
every row here): the figure is the bot's own, not Telegram's 20 edits a minute.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.adapter import state_of
from bot.buttons import from36
from bot.services import services_of
from sandbox import ApiCall, Message, StandIn, User
from sandbox.inline_model import InlineAnswer
from storage import gamestore
from storage.records import Status
from tests.e2e.hand_app import App, app_link, hand_app, table_of
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


# how often the seeded app players pick each kind of Durak move (its code's first letter)
APP_WEIGHTS = {"a": 1.0, "b": 6.0, "t": 1.0, "d": 3.0, "p": 2.0}
MAX_APP_MOVES = 3000


async def _app_lobby(world: World, command: str, people: list[User]) -> Message:
    """A group lobby the people join without a private chat, started."""
    table = await world.command(world.alice, world.group, command)
    for person in people:
        await world.tg.press(person, table, "Join")
        await world.tg.wait_for(lambda p=person: p.first_name in (table.text or ""))
    return await world.start_game(table)


async def _app_game(
    app: App, command: str, people: list[User], rng: random.Random, took: list[float]
) -> int:
    """A whole game played from the app; each move's POST-to-table-edit time in ``took``."""
    world = app.world
    table = await _app_lobby(world, command, people)
    await world.tg.wait_for(lambda: app_link(table) is not None, what="🃏 Open my hand")
    param = table_of(app_link(table) or "")
    game_id = from36(param.split("_")[0])
    adapter = services_of(app.bot.application).adapters
    moves = 0
    while moves < MAX_APP_MOVES:
        game = await gamestore.get_game(app.bot.db, game_id)
        if game is None or game.status is not Status.RUNNING or game.state is None:
            break
        state = state_of(adapter[game.kind], game)
        offers = []
        for seat in sorted(adapter[game.kind].engine.to_move(state)):
            status, body = await app.state(people[seat], param)
            assert status == 200 and body is not None, (status, body)
            offers += [(people[seat], m["argument"]) for m in body["state"]["moves"]]
        if not offers:
            break
        weights = [APP_WEIGHTS.get(a[:1], 1.0) if game.kind == "durak" else 1.0 for _, a in offers]
        person, argument = rng.choices(offers, weights)[0]
        edits = len(table.versions)
        while True:  # more than 5 moves a second by one person: 429, the app waits
            started = time.perf_counter()
            status, body = await app.move(person, param, game.version, argument)
            if status != 429:
                break
            await asyncio.sleep(0.1)
        assert status == 200, (status, body)
        await world.tg.wait_for(lambda n=edits: len(table.versions) > n, what="the table edited")
        took.append(time.perf_counter() - started)
        moves += 1
    return moves


async def measure_app(name: str, command: str, players: int, seed: int) -> None:
    """One game from the hand app: per move the table's edits, messages into the group
    by anyone, private messages; the app move to table edit times."""
    with tempfile.TemporaryDirectory() as folder:
        async with running_world(Path(folder)) as world, hand_app(world, seed=seed) as app:
            people = [world.alice, world.bob, world.carol][:players]
            mark = world.tg.mark()
            said = len([m for m in world.tg.messages(world.group) if not m.sender.is_bot])
            took: list[float] = []
            moves = await _app_game(app, command, people, random.Random(seed), took)
            counts = _count(world.tg.calls_since(mark), world.group.id)
            by_people = len([m for m in world.tg.messages(world.group) if not m.sender.is_bot])
    people_said = by_people - said - 1  # the opening command
    per_move = counts["group edits"] / max(moves, 1)
    p50 = statistics.median(took) if took else 0.0
    p95 = statistics.quantiles(took, n=20)[18] if len(took) >= 20 else max(took, default=0.0)
    print(
        f"{name}: {moves} moves; group edits {counts['group edits']} ({per_move:.2f} a move); "
        f"messages into the group: by the bot {counts['group messages']} (the table), by "
        f"people {people_said}; private messages {counts['private messages']}; app move to "
        f"table edit p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"
    )


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
    only_app = "--app" in sys.argv[1:]  # the hand app's rows alone
    for name, game in [] if only_app else games:
        await measure(name, game, seed=11)
    for name, command, players in [
        ("gofish, hand app (3 people)", "/gofish", 3),
        ("gofarm, hand app (2 people)", "/gofarm", 2),
        ("durak, hand app (3 people)", "/durak", 3),
    ]:
        await measure_app(name, command, players, seed=11)


if __name__ == "__main__":
    asyncio.run(main())
