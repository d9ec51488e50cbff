"""The Durak computer against a panel of styles (issue 35), one line per style.

Opponents: ``bench/durak_styles.py`` (greedy, greedy10, never, defensive,
random). Throw-in Durak; 2 players (one opponent) and 3 players (two
opponents of the same style). Game ``n`` deals from seed ``3 * (seed + n)``
and seats the computer at ``n % seats``; whenever several seats may act, one
is picked with the deal's own table rng; the random style draws from its own.
Every player and style meets the same deals. Printed per style: how often the
computer is the durak with a 95% interval (Wilson) against the goal (at most
20% with 2 players, 9% with 3), and CPU per decision (``time.process_time``,
decisions with two or more legal actions; goal p95 at most 50 ms).

Run: python -m bench.durak_panel [games] [seed] [--style S]... [--seats 2|3]...
     [--player new|plain|mixed|weighted|uniform|blind|eagerbest|previous|soft|as-P]... [--jobs N]

Players: "new" (``ENGINE.choose``), "mixed" (``models.MIXED``, today's
default: the search's other seats in a style drawn per world from a mix,
two-player endgames scored against a plain player, a lost one played for the
move that wins against the most plain styles; its sampled worlds follow what
the others' moves said of their hands, ``games/durak/evidence.py``, the policy
drawn by how well it explains those moves, ``games/durak/likelihood.py``),
"uniform" (the same, the policy drawn uniformly: the computer before that), "blind"
(the mix with worlds that ignore those moves: the computer before the evidence),
"plain" (issue 25's model: the others greedy, throwing in whenever they can),
"eagerbest" (the others greedy, endgames by best play, no plain player in the
endgame), "previous" (the rules and the exact endgame, no search), "soft" (the
likelihood also weighs each move by its chance under the policy, ``models.SOFT``), "as-P" (the
others modelled as the one policy P of ``games/durak/models.py``, as if their
style were known: how much telling the styles apart could gain at most).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.durak_styles import STYLES
from bench.rates import cpu_text, percentile, rate_text
from games.durak import ENGINE, Action, DurakState, DurakView
from games.durak.ai import choose, ruled
from games.durak.models import BLIND, MIXED, PLAIN, POLICIES, SOFT, UNIFORM, WEIGHTED, Model

MAX_ACTIONS = 5000
GOALS = {2: 0.20, 3: 0.09}
CPU_GOAL = 0.050
Player = Callable[[DurakView, tuple[Action, ...], random.Random, str], Action]
PLAYERS: dict[str, Player] = {
    "new": ENGINE.choose,
    "plain": lambda view, legal, rng, level: choose(view, legal, rng, level, PLAIN),
    "mixed": lambda view, legal, rng, level: choose(view, legal, rng, level, MIXED),
    "blind": lambda view, legal, rng, level: choose(view, legal, rng, level, BLIND),
    "soft": lambda view, legal, rng, level: choose(view, legal, rng, level, SOFT),
    "uniform": lambda view, legal, rng, level: choose(view, legal, rng, level, UNIFORM),
    "weighted": lambda view, legal, rng, level: choose(view, legal, rng, level, WEIGHTED),
    "eagerbest": lambda view, legal, rng, level: choose(
        view, legal, rng, level, Model(("eager",), "best", (), False, False, ())
    ),
    "previous": lambda view, legal, rng, level: ruled(view, legal),
}


def known(name: str) -> Player:
    """The computer modelling the others as the one policy ``name``."""
    model = Model((name,), extra=())
    return lambda view, legal, rng, level: choose(view, legal, rng, level, model)


PLAYERS |= {f"as-{name}": known(name) for name in POLICIES}


def play(
    seats: int, computer: int, seed: int, player: str, style: str,
    watch: Callable[[DurakState], None] | None = None,
) -> tuple[bool, list[float]]:  # fmt: skip
    """One game; whether the computer was the durak, and its CPU per decision.
    ``watch`` sees the state before every action (``bench/durak_losses.py``)."""
    deal, table, mine = random.Random(seed), random.Random(seed + 1), random.Random(seed + 2)
    theirs = random.Random(seed + 3)
    choose, opponent = PLAYERS[player], STYLES[style]
    clock: list[float] = []
    state = ENGINE.new_game(seats, {"passing": False}, deal)
    for _ in range(MAX_ACTIONS):
        movers = ENGINE.to_move(state)
        if not movers:
            outcome = ENGINE.outcome(state)
            assert outcome is not None
            return computer in outcome.losers, clock
        if watch is not None:
            watch(state)
        seat = table.choice(sorted(movers))
        view = ENGINE.view(state, seat)
        if seat == computer:
            started = time.process_time()
            action = choose(view, view.legal, mine, "normal")
            if len(view.legal) > 1:
                clock.append(time.process_time() - started)
        else:
            action = opponent(view, theirs)
        state, _ = ENGINE.apply(state, seat, action)
    raise RuntimeError(f"no end after {MAX_ACTIONS} actions")


def chunk(args: tuple[int, int, int, int, str, str]) -> tuple[int, list[float]]:
    """Games ``first`` .. ``last - 1`` of one line: the duraks and the CPU times."""
    seats, first, last, seed, player, style = args
    fools, clock = 0, list[float]()
    for number in range(first, last):
        fool, times = play(seats, number % seats, 3 * (seed + number), player, style)
        fools += fool
        clock += times
    return fools, clock


def line(pool: ProcessPoolExecutor, seats: int, games: int, seed: int, player: str, style: str,
         jobs: int) -> bool:  # fmt: skip
    """Play and print one line; whether it meets both goals (the interval's top)."""
    step = max(1, -(-games // (4 * jobs)))
    parts = [(seats, first, min(games, first + step), seed, player, style)
             for first in range(0, games, step)]  # fmt: skip
    fools, clock = 0, list[float]()
    for part_fools, part_clock in pool.map(chunk, parts):
        fools += part_fools
        clock += part_clock
    print(
        f"{seats} players, {player:8} vs {style:9}: durak {rate_text(fools, games)} "
        f"(goal <= {100 * GOALS[seats]:.0f}%); {cpu_text(clock)}",
        flush=True,
    )
    return fools / games <= GOALS[seats] and percentile(clock, 0.95) <= CPU_GOAL


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", type=int, nargs="?", default=300)
    parser.add_argument("seed", type=int, nargs="?", default=35)
    parser.add_argument("--style", choices=sorted(STYLES), action="append")
    parser.add_argument("--seats", type=int, choices=(2, 3), action="append")
    parser.add_argument("--player", choices=sorted(PLAYERS), action="append")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print(f"Durak panel, throw-in, {args.games} games per line, seed {args.seed}")
    ok = True
    with ProcessPoolExecutor(args.jobs) as pool:
        for seats in args.seats or (2, 3):
            for player in args.player or ("new",):
                for style in args.style or tuple(STYLES):
                    met = line(pool, seats, args.games, args.seed, player, style, args.jobs)
                    ok = ok and met
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
