"""The computer Durak player against a greedy player: today's, the previous and the baseline.

The greedy player is written here from its description only: it always plays
the lowest card that works (plain suits before trumps, then by rank: it leads
its lowest card, throws in its lowest matching card whenever it may, covers
with its lowest card that beats an unbeaten one and still leaves every other
unbeaten card coverable when they all can be) and takes only when it cannot
cover. Throw-in Durak; 2 players (one greedy) and 3 players (two greedy).
Game ``n`` deals from seed ``seed + n`` and seats the computer at ``n % seats``
(so who leads rotates with the deal); whenever several seats may act, one is
picked with the deal's own table rng. The players ("new": ``ENGINE.choose``,
"previous": the rules and the exact endgame without the search, "baseline":
``bench/durak_baseline.py``, the player before issue 25) meet the same deals.
Printed: how often the computer is the durak, with a 95% interval, and CPU
per decision (``time.process_time``, decisions with two or more legal
actions).

Run: python -m bench.durak_ai [games] [seed] [--only new|previous|baseline] [--seats 2|3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import durak_baseline
from bench.durak_styles import coverable, low
from bench.rates import cpu_text, rate_text
from games.durak import ENGINE, Action, Attack, Beat, Done, DurakView, Take
from games.durak.ai import ruled

MAX_ACTIONS = 5000
GOALS = {2: 0.20, 3: 0.09}
Player = Callable[[DurakView, tuple[Action, ...], random.Random, str], Action]
PLAYERS: dict[str, Player] = {
    "new": ENGINE.choose,
    "previous": lambda view, legal, rng, level: ruled(view, legal),
    "baseline": durak_baseline.choose,
}


def greedy(view: DurakView) -> Action:
    """The lowest card that works; Take only when nothing covers, Done when nothing fits."""
    covers = [action for action in view.legal if isinstance(action, Beat)]
    if covers:
        covers.sort(key=lambda action: (low(action.card, view.trump), action.index))
        hand = list(view.hand)
        pending = {index: attack for index, (attack, cover) in enumerate(view.table) if not cover}
        for action in covers:
            rest = dict(pending)
            del rest[action.index]
            if coverable(
                list(rest.values()), [card for card in hand if card != action.card], view.trump
            ):
                return action
        return covers[0]
    attacks = [action for action in view.legal if isinstance(action, Attack)]
    if attacks:
        return min(attacks, key=lambda action: low(action.card, view.trump))
    return Take() if Take() in view.legal else Done()


def play(seats: int, computer: int, seed: int, player: Player, clock: list[float]) -> bool:
    """One game; whether the computer was the durak."""
    deal, table, mine = random.Random(seed), random.Random(seed + 1), random.Random(seed + 2)
    state = ENGINE.new_game(seats, {"passing": False}, deal)
    for _ in range(MAX_ACTIONS):
        movers = ENGINE.to_move(state)
        if not movers:
            outcome = ENGINE.outcome(state)
            assert outcome is not None
            return computer in outcome.losers
        seat = table.choice(sorted(movers))
        view = ENGINE.view(state, seat)
        if seat == computer:
            started = time.process_time()
            action = player(view, view.legal, mine, "normal")
            if len(view.legal) > 1:
                clock.append(time.process_time() - started)
        else:
            action = greedy(view)
        state, _ = ENGINE.apply(state, seat, action)
    raise RuntimeError(f"no end after {MAX_ACTIONS} actions")


def series(name: str, seats: int, games: int, seed: int) -> float:
    clock: list[float] = []
    fool = sum(
        play(seats, number % seats, (seed + number) * 3, PLAYERS[name], clock)
        for number in range(games)
    )
    print(
        f"{seats} players, {name:8}: durak {rate_text(fool, games)} "
        f"(goal <= {100 * GOALS[seats]:.0f}%); {cpu_text(clock)}",
        flush=True,
    )
    return fool / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", type=int, nargs="?", default=2000)
    parser.add_argument("seed", type=int, nargs="?", default=2024)
    parser.add_argument("--only", choices=sorted(PLAYERS), action="append")
    parser.add_argument("--seats", type=int, choices=(2, 3), action="append")
    args = parser.parse_args()
    print(f"computer vs greedy, throw-in Durak, {args.games} games per line, seed {args.seed}")
    ok = True
    for seats in args.seats or (2, 3):
        for name in args.only or ("new", "previous", "baseline"):
            rate = series(name, seats, args.games, args.seed)
            ok = ok and (name != "new" or rate <= GOALS[seats])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
