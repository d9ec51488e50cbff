"""Moves per second and press-to-answer times with 1, 2 and 4 bot workers on one
PostgreSQL database, and SQLite against PostgreSQL in one process (issue 15).

    BENCH_POSTGRES_URL=postgresql://user@host:port/db python bench/workers.py \\
        [--workers 1,2,4] [--groups 200] [--rate 40] [--seconds 15] \\
        [--saturate | --no-saturate] [--saturate-seconds 8] [--no-sqlite] [--logs DIR]

A PostgreSQL server is needed (BENCH_POSTGRES_URL, else TEST_POSTGRES_URL): each
configuration gets a fresh database on it, dropped afterwards. Each configuration
runs the bot as that many ``python -m bot`` processes in webhook mode, each on its
own port, behind the stand-in, which spreads the webhook over them round robin as
a load balancer would (up to setWebhook's 40 connections at once). GROUPS groups
each hold a Reversi game of their own two people. The offered load is the same for
every configuration: RATE presses a second for SECONDS, open loop (a press every
1/RATE s whether or not earlier ones were answered), each the first hint square
of the player to move on the next board (round robin) that shows the last press.
The saturation pass then presses every board again as soon as it shows the last
press (closed loop): its moves/s is the most the configuration got through, and
its answer times are mostly the queue of up to GROUPS presses waiting at once.

Limits: the bot at Telegram's 20 messages a minute per group
(GROUP_MESSAGES_PER_MINUTE=20), which the stand-in enforces (its 429s are counted:
they must be 0). A group's board can then follow at most one move per 3 s after
the first few, so GROUPS must be at least 3 x RATE or the board, not the bot,
limits the rate (a tick with no board ready is counted as missed); the saturation
pass is capped at about GROUPS/3 moves/s for the same reason (printed). Telegram's
overall 30 messages/s is lifted in the stand-in and the bot (MESSAGES_PER_SECOND),
as in bench/cpu.py: every move is one board edit, so it would cap every run at 30.

Latency: from the press (the stand-in queues the update) to the stand-in recording
the bot's answerCallbackQuery. Moves: presses answered without a word (a refused
one gets a text); checked against the discs on the boards at the end and the
workers' "move" log lines. The cores used meanwhile by the stand-in (this process),
the workers, PostgreSQL and every other process on the machine are printed too:
a busy machine explains a bad run. Prints a line per configuration and the ratios against
the 1-worker PostgreSQL run of the same invocation (machines are shared and noisy).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sandbox.limits
from bench.pipeline import CallTimes, percentile
from bench.worker_fleet import CpuUse, free_ports, fresh_database, postgres_server, running_fleet
from bench.worker_load import Pass, Table, offer, open_tables, saturate
from sandbox import StandIn
from tests.e2e.harness import TOKEN

P99_TARGET = 0.3  # issue 15: answers stay within 0.3 s p99


@dataclass
class Outcome:
    label: str
    offered: Pass
    saturated: Pass | None
    notes: list[str]

    def p99(self) -> float:
        return percentile(self.offered.latencies, 0.99) if self.offered.latencies else 0.0


def latency_text(run: Pass) -> str:
    if not run.latencies:
        return "no answers"
    p50, p99 = percentile(run.latencies, 0.5), percentile(run.latencies, 0.99)
    return f"answer p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms"


async def shown(tg: StandIn, tables: list[Table], moves: int) -> str:
    """Whether the boards come to show every applied move (one disc each)."""
    expected = 4 * len(tables) + moves
    with contextlib.suppress(TimeoutError):  # told below
        await tg.wait_for(lambda: sum(t.discs() for t in tables) >= expected, timeout=60,
                          what="the boards to show every move")  # fmt: skip
    discs = sum(t.discs() for t in tables)
    return "all shown" if discs == expected else f"boards show {discs - 4 * len(tables)}"


async def configuration(kind: str, workers: int, options: argparse.Namespace,
                        folder: Path) -> Outcome:  # fmt: skip
    ports = free_ports(workers)
    backends = [f"http://127.0.0.1:{port}" for port in ports]
    async with StandIn(token=TOKEN, bot_username="tablebot", webhook_backends=backends) as tg:
        tg.set_flood_control(True)
        times = CallTimes(tg)
        async with fresh_database(kind, folder) as database:
            async with running_fleet(tg, database, ports, folder) as fleet:
                tables = await open_tables(tg, options.groups)
                cpu = CpuUse([process.pid for process in fleet.processes])
                cpu.start()
                offered = await offer(tg, tables, options.rate, options.seconds)
                offered.cpu = cpu.cores()
                saturated = None
                if options.saturate:
                    cpu.start()
                    saturated = await saturate(tg, tables, options.saturate_seconds)
                    saturated.cpu = cpu.cores()
                moves = offered.moves + (saturated.moves if saturated else 0)
                seen = await shown(tg, tables, moves)
                logged = fleet.moves_logged()
            problems = fleet.problems()
    refused = [c for c in times.tg.calls if c.error_code == 429]
    busiest = max(times.most_in_a_minute(t.message.chat.id) for t in tables)
    notes = [f"429s {len(refused)}", f"most group messages in 60 s {busiest}",
             f"moves {seen}, logged by worker {logged}",
             f"problems logged {len(problems)}"]  # fmt: skip
    for line in problems[:10]:
        print(f"    {line}", file=sys.stderr)
    label = f"{kind} x{workers}" if kind == "postgresql" else f"{kind} (one process)"
    return Outcome(label, offered, saturated, notes)


def describe(outcome: Outcome, options: argparse.Namespace) -> str:
    run = outcome.offered
    verdict = "met" if outcome.p99() <= P99_TARGET else "NOT met"
    text = (f"{outcome.label:22} offered {options.rate:g}/s for {options.seconds:g} s: "
            f"{run.offered} ticks ({run.missed} with no board ready), {run.moves} moves applied, "
            f"{run.rate():.1f} moves/s; {latency_text(run)} (p99 <= 300 ms: {verdict}); "
            f"{len(run.refused)} refused, {run.unanswered} unanswered; {run.cpu}")  # fmt: skip
    saturated = outcome.saturated
    if saturated is not None:
        text += (f"\n{'':22} saturated: {saturated.moves} moves in {saturated.wall:.1f} s, "
                 f"{saturated.rate():.1f} moves/s, {latency_text(saturated)}, "
                 f"{len(saturated.refused)} refused, {saturated.unanswered} unanswered; "
                 f"{saturated.cpu}")  # fmt: skip
    return f"{text}\n{'':22} {'; '.join(outcome.notes)}"


def ratio(mine: float, base: float) -> str:
    return f"{mine / base:.2f}x" if base else "n/a"


def ratios(outcome: Outcome, base: Outcome) -> str:
    text = (f"{outcome.label:22} against {base.label}: moves/s "
            f"{ratio(outcome.offered.rate(), base.offered.rate())}, "
            f"answer p99 {ratio(outcome.p99(), base.p99())}")  # fmt: skip
    if outcome.saturated is not None and base.saturated is not None:
        text += f", saturated moves/s {ratio(outcome.saturated.rate(), base.saturated.rate())}"
    return text


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", default="1,2,4", help="worker counts, e.g. 1,2,4")
    parser.add_argument("--groups", type=int, default=200)
    parser.add_argument("--rate", type=float, default=40.0, help="presses a second offered")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--saturate", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--saturate-seconds", type=float, default=8.0)
    parser.add_argument("--sqlite", action=argparse.BooleanOptionalAction, default=True,
                        help="also SQLite in one process on the same load")  # fmt: skip
    parser.add_argument("--logs", default="", help="keep the workers' logs in this folder")
    return parser.parse_args()


async def main(options: argparse.Namespace) -> None:
    # Telegram's overall 30 messages/s lifted (see above); the per-group limit stays
    sandbox.limits.GLOBAL_PER_SECOND = 1_000_000
    counts = [int(part) for part in options.workers.split(",") if part.strip()]
    print(f"{options.groups} Reversi groups, {options.rate:g} presses/s offered for "
          f"{options.seconds:g} s; saturation ceiling of the per-group limit about "
          f"{options.groups / 3:.0f} moves/s")  # fmt: skip
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(options.logs or name)
        folder.mkdir(parents=True, exist_ok=True)
        runs = [("postgresql", n) for n in counts] + ([("sqlite", 1)] if options.sqlite else [])
        for kind, workers in runs:
            outcome = await configuration(kind, workers, options, folder)
            outcomes.append(outcome)
            print(describe(outcome, options), flush=True)
    base = next((o for o in outcomes if o.label == "postgresql x1"), None)
    if base is not None:
        for outcome in outcomes:
            if outcome is not base:
                print(ratios(outcome, base))


if __name__ == "__main__":
    if not postgres_server():
        sys.exit(
            "bench/workers.py needs a PostgreSQL server: set BENCH_POSTGRES_URL "
            "(or TEST_POSTGRES_URL), e.g. postgresql://postgres@127.0.0.1:5432/postgres"
        )
    asyncio.run(main(arguments()))
