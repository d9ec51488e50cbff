"""Asking policies against the perfect-memory player on the fast table (bench.gofish_sim).

Many more games than ``bench.gofish_ai`` can play (some 1500 a second), to compare
weights for :func:`games.gofish.odds.ask_scores`; the figures that count are the
real bench's. Game ``n`` deals from seed ``seed * 1000003 + n``, the policy at seat
``n % 2``; a tie counts as half a win. Names: ``ai`` (the computer player's
scores), ``ai,shown=0.2,power=3`` (other weights), ``pm`` (the perfect-memory
player itself), ``cheat`` (asks for a rank the other really holds: a ceiling).
The opponent is the perfect-memory player, or with ``--opponent random`` a
uniformly random asker (the panel's ``random`` style on this table).

Run: ``python -m bench.gofish_tune NAME... [--games 20000] [--seed 1] [--variant gofarm]
[--opponent pm|random]``
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import fields
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.gofish_sim import Policy, World, remembering
from bench.rates import rate_text
from games.cards import RANKS
from games.gofish.model import GOFARM, GOFISH
from games.gofish.odds import Weights, ask_scores
from games.gofish.record import SPAN, Record
from games.gofish.rules import DEFAULT_EMPTY_DRAW


def deal(rng: random.Random, variant: str) -> World:
    """Seven cards each, the first to ask drawn, books laid: like ``rules.new_game``."""
    deck = [rank for rank in RANKS for _ in range(4)]
    rng.shuffle(deck)
    hands = [[0] * SPAN for _ in range(2)]
    for i in range(14):
        hands[i % 2][deck[i]] += 1
    stock = deck[:13:-1]  # deck[14] is drawn first
    record = Record(2)
    record.blanks = [[0] * 7, [0] * 7]
    turn = rng.randrange(2)
    world = World(hands, stock, [0, 0], turn, record, variant, DEFAULT_EMPTY_DRAW[variant])
    for seat in range(2):
        for rank in RANKS:
            if hands[seat][rank] == 4:
                world.take(seat, rank, 0)
    world.settle()
    return world


def cheat(world: World, seat: int) -> int:
    hand, other = world.hands[seat], world.hands[1 - seat]
    return next((r for r in RANKS if hand[r] and other[r]), 0) or remembering(world, seat)


def scoring(weights: Weights, seed: int) -> Policy:
    ties = random.Random(seed)

    def policy(world: World, seat: int) -> int:
        scores = ask_scores(world.record, seat, 1 - seat, world.hands[seat], weights)
        top = max(scores.values())
        return ties.choice([rank for rank, score in scores.items() if score == top])

    return policy


def pick(name: str) -> Policy:
    if name in ("pm", "cheat"):
        return remembering if name == "pm" else cheat
    kind, *rest = name.split(",")
    if kind != "ai":
        raise SystemExit(f"no policy {name!r}")
    known = {f.name for f in fields(Weights)}
    params = {k: float(v) for k, v in (item.split("=") for item in rest)}
    if not set(params) <= known:
        raise SystemExit(f"weights are {sorted(known)}, not {sorted(set(params) - known)}")
    return scoring(Weights(**params), 5)


def uniform(seed: int) -> Policy:
    """A random asker: any rank in hand, uniformly."""
    rng = random.Random(seed)

    def policy(world: World, seat: int) -> int:
        return rng.choice([rank for rank in RANKS if world.hands[seat][rank]])

    return policy


def share(policy: Policy, games: int, seed: int, variant: str, opponent: str = "pm") -> float:
    won = 0.0
    other = remembering if opponent == "pm" else uniform(seed)
    for n in range(games):
        world = deal(random.Random(seed * 1_000_003 + n), variant)
        me = n % 2
        pair = (policy, other) if me == 0 else (other, policy)
        diff = world.play_out(pair) * (1 if me == 0 else -1)
        won += 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
    return won


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="+")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", choices=(GOFISH, GOFARM), default=GOFISH)
    parser.add_argument("--opponent", choices=("pm", "random"), default="pm")
    args = parser.parse_args()
    for name in args.names:
        won = share(pick(name), args.games, args.seed, args.variant, args.opponent)
        rate = rate_text(won, args.games)
        print(f"{args.variant} {name:12} vs {args.opponent}: {rate}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
