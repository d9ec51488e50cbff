"""How fast presses are answered when Telegram's limits bite.

    python bench/pipeline.py [throttled|spam|all]

throttled: one group under the stand-in's flood control (20 messages per
    minute per group, as Telegram) and the bot at GROUP_MESSAGES_PER_MINUTE=20.
    Alice and Bob play Reversi, each pressing as soon as the board shows their
    turn; then the player to move presses five squares at once (a burst on one
    board). Prints press-to-answer percentiles, the most group messages in any
    60 s, 429s received, and how long the board took to show the last move.
spam: in one group a stranger replays an old button 300 times and sends
    /help 300 times; in another group Alice and Bob play. Flood control and
    the bot's limits as in throttled. Prints the players' press-to-answer
    percentiles.

The real bot runs in this process against the stand-in over HTTP.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sandbox import Message, StandIn, User
from tests.e2e.harness import World, running_world
from tests.e2e.reversi_board import data_of, hint_squares, turn_name


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def describe(name: str, latencies: list[float]) -> str:
    return (
        f"{name}: {len(latencies)} presses; answer p50 {percentile(latencies, 0.5) * 1000:.0f} ms,"
        f" p99 {percentile(latencies, 0.99) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms"
    )


class CallTimes:
    """When each Bot API call reached the stand-in (for sliding-window counts)."""

    def __init__(self, tg: StandIn) -> None:
        self.tg = tg
        self.seen = 0
        self.times: list[tuple[float, str, int | str | None, bool]] = []
        tg.subscribe(lambda _change: self.catch_up())

    def catch_up(self) -> None:
        calls = self.tg.calls
        now = time.monotonic()
        for call in calls[self.seen :]:
            self.times.append((now, call.method, call.chat_id, call.ok))
        self.seen = len(calls)

    def most_in_a_minute(self, chat_id: int) -> int:
        self.catch_up()
        sent = [t for t, method, chat, ok in self.times if chat == chat_id and ok
                and (method == "sendMessage" or method.startswith("edit"))]  # fmt: skip
        return max((sum(1 for u in sent if t <= u < t + 60) for t in sent), default=0)


async def timed_press(tg: StandIn, person: User, board: Message, data: str) -> float:
    started = time.perf_counter()
    await tg.press(person, board, callback_data=data, timeout=120)
    return time.perf_counter() - started


async def play_reversi(world: World, group: object, moves: int) -> tuple[Message, list[float]]:
    """Alice and Bob play ``moves`` moves, each as soon as the board shows their turn."""
    people = {"Alice": world.alice, "Bob": world.bob}
    table = await world.command(world.alice, group, "/reversi")  # type: ignore[arg-type]
    await world.tg.press(world.bob, table, "Join", timeout=120)  # the last seat: it starts
    latencies: list[float] = []
    for _ in range(moves):
        name = await world.tg.wait_for(lambda: turn_name(table), timeout=120, what="a turn")
        versions = len(table.versions)
        data = data_of(table, hint_squares(table)[0])
        latencies.append(await timed_press(world.tg, people[name], table, data))
        await world.tg.wait_for(lambda v=versions: len(table.versions) > v, timeout=120)
    return table, latencies


async def throttled(moves: int = 20) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with running_world(Path(folder)) as world:
            world.tg.set_flood_control(True)
            times = CallTimes(world.tg)
            await world.start_bot(group_per_minute=20)
            table, latencies = await play_reversi(world, world.group, moves)
            await world.tg.send_text(world.alice, world.group, "/stop")
            await world.tg.wait_for(lambda: "stopped" in (table.text or ""), timeout=120)
            table = await world.command(world.alice, world.group, "/blackjack")
            people = [world.alice, world.bob, world.carol]
            for name in ("Dave", "Erin"):
                person = world.tg.add_user(name, language_code="en")
                world.tg.add_member(world.group, person)
                people.append(person)
            for person in people[1:]:
                await world.tg.press(person, table, "🪑 Join table", timeout=120)
            everyone = [p.first_name for p in people]  # they bet on the table they see
            await world.tg.wait_for(lambda: all(n in (table.text or "") for n in everyone),
                                    timeout=180, what="everyone at the table")  # fmt: skip
            started = time.perf_counter()  # five people bet at once on one table
            queries = [await world.tg.press_nowait(p, table, "+10") for p in people]
            burst_latencies = []
            for query in queries:
                answer = await world.tg.wait_answered(query, timeout=120)
                assert not answer.show_alert, answer.text
                burst_latencies.append(time.perf_counter() - started)
            try:
                await world.tg.wait_for(lambda: (table.text or "").count("· bet 10") == 5,
                                        timeout=180)  # fmt: skip
                shown = f"after {time.perf_counter() - started:.1f} s"
            except TimeoutError:
                shown = f"never (still {table.text!r} after 180 s)"
            refused = sum(1 for _, _, chat, ok in times.times if chat == world.group.id and not ok)
            print(describe("throttled group, moves", latencies))
            print(
                describe(
                    "throttled group, burst of 5 bets by 5 people on one table", burst_latencies
                )
            )
            print(f"throttled group: most group messages in any 60 s: "
                  f"{times.most_in_a_minute(world.group.id)}; refused (429): {refused}; "
                  f"the table showed the five bets {shown}")  # fmt: skip


async def spam(moves: int = 20) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with running_world(Path(folder)) as world:
            world.tg.set_flood_control(True)
            await world.start_bot(group_per_minute=20)
            tg = world.tg
            mallory = tg.add_user("Mallory", language_code="en")
            other = tg.add_group("Other", members=[world.alice, world.bob, mallory])
            old = await world.command(world.alice, other, "/reversi")
            await tg.press(world.bob, old, "Join")
            await tg.wait_for(lambda: "Bob" in (old.text or "") and "Turn" in (old.text or ""))
            # a square of the board, pressed by someone not in the game (Telegram only
            # takes callback data that is on the message: a replayed button is one of them)
            stale = old.buttons()[0][0].callback_data or ""
            for _ in range(300):
                await tg.press_nowait(mallory, old, callback_data=stale)
                await tg.send_text(mallory, other, "/help")
            _, latencies = await play_reversi(world, world.group, moves)
            print(describe("a group next to a spammed one", latencies))


async def main(which: str) -> None:
    if which in ("throttled", "all"):
        await throttled()
    if which in ("spam", "all"):
        await spam()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "all"))
