"""Go Fish computer player against players who ask at random.

Run: ``python -m bench.gofish_ai [--games N] [--four N]`` from the repository root.
Two-player games (Go Fish, then Go Farm) alternate who sits at seat 0; the
computer player must win at least 60% of them (exit code 1 otherwise).
Four-player games seat one computer player (rotating seats) among three random
askers; a fair share is 25%. A tie counts as a share (1/k of a k-way tie).
Speeds are games per CPU second (the machine may be busy with other work).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from games.gofish import ENGINE, GoFishState

TARGET = 0.60


def play(seats: int, ai_seat: int, seed: int, options: dict[str, object]) -> tuple[float, int]:
    """One game; returns the computer player's share of the win (1/k in a k-way tie)."""
    rng = random.Random(seed)
    state: GoFishState = ENGINE.new_game(seats, options, rng)
    asks = 0
    while not state.finished:
        (seat,) = ENGINE.to_move(state)
        legal = ENGINE.legal_actions(state, seat)
        if seat == ai_seat:
            action = ENGINE.choose(ENGINE.view(state, seat), legal, rng, "normal")
        else:
            action = rng.choice(legal)
        state, _ = ENGINE.apply(state, seat, action)
        asks += 1
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    won = ai_seat in outcome.winners
    return (1.0 / len(outcome.winners) if won else 0.0), asks


def series(seats: int, games: int, options: dict[str, object]) -> tuple[float, float, float]:
    """(win share, games per CPU second, asks per game)."""
    start = time.process_time()
    wins = 0.0
    asks = 0
    for seed in range(games):
        share, n = play(seats, seed % seats, seed, options)
        wins += share
        asks += n
    elapsed = time.process_time() - start
    return wins / games, games / elapsed, asks / games


def engine_speed(games: int) -> float:
    """CPU milliseconds per two-player game between two random askers (the engine alone)."""
    start = time.process_time()
    for seed in range(games):
        play(2, -1, seed, {})
    return (time.process_time() - start) * 1000 / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000, help="two-player games")
    parser.add_argument("--four", type=int, default=10_000, help="four-player games")
    args = parser.parse_args()
    ok = True
    for variant in ("gofish", "gofarm"):
        share, speed, asks = series(2, args.games, {"variant": variant})
        verdict = "ok" if share >= TARGET else "TOO WEAK"
        ok = ok and share >= TARGET
        print(
            f"{variant} 2 players: AI won {share:.1%} of {args.games} games "
            f"(need {TARGET:.0%}: {verdict}); {speed:,.0f} games/s (CPU), {asks:.1f} asks/game"
        )
    share, speed, asks = series(4, args.four, {})
    print(
        f"gofish 4 players (1 AI + 3 random): AI won {share:.1%} of {args.four} games "
        f"(fair share 25%); {speed:,.0f} games/s (CPU), {asks:.1f} asks/game"
    )
    print(f"engine alone: {engine_speed(2_000):.2f} ms (CPU) per 2-player game, random askers")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
