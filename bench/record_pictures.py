"""CPU to draw a record's pictures (issue 34): a Reversi game's animated GIF (the start
and one frame per move) and the PNG of its final position, over seeded games of 60
moves (random legal moves; games ending earlier are skipped); and the PNG of a card
game's final table (``bot.presenters.card_picture``) over as many seeded tables: Go
Fish with four players stopped after 12 asks (the hands revealed), Durak with four
players to its end, Blackjack with seven boxes after 5 rounds (the last round's table).

Run: python -m bench.record_pictures [games] [seed]   (default: 20 games, seed 34)
Prints p50, p95 and max CPU seconds (time.process_time, so a loaded machine's waits
do not count), the pictures' sizes, and the goal: a 60-move GIF in at most 0.3 s (p95).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.adapter import Seat, set_seats
from bot.game_record import Record
from bot.games.blackjack import BLACKJACK
from bot.games.blackjack.sitters import note_sitters
from bot.games.durak import DURAK
from bot.games.gofish import GOFISH
from bot.games.reversi import picture as reversi_picture
from games import blackjack, durak, gofish
from games.reversi import ENGINE, ReversiState
from games.reversi.record import steps_of
from storage.records import GameRecord, Status

GOAL_SECONDS = 0.3
MOVES = 60


def full_games(count: int, seed: int) -> list[ReversiState]:
    rng, games = random.Random(seed), []
    while len(games) < count:
        state = ENGINE.new_game(2, {}, rng)
        while not state.finished:
            (seat,) = ENGINE.to_move(state)
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))[0]
        if state.moves is not None and len(state.moves) == MOVES:
            games.append(state)
    return games


def _game(kind: str, seats: int, status: Status) -> GameRecord:
    game = GameRecord(chat_id=-1, kind=kind, created_by=1, status=status)
    set_seats(game, [Seat(name=f"Игрок {n + 1}", user=n + 1) for n in range(seats)])
    return game


def gofish_table(rng: random.Random) -> Record | None:
    state = gofish.ENGINE.new_game(4, {}, rng)
    for _ in range(12):
        (seat,) = gofish.ENGINE.to_move(state)
        state = gofish.ENGINE.apply(
            state, seat, rng.choice(gofish.ENGINE.legal_actions(state, seat))
        )[0]
    return GOFISH.adapter.presenter.record(_game("gofish", 4, Status.STOPPED), state, "ru")


def durak_table(rng: random.Random) -> Record | None:
    state = durak.ENGINE.new_game(4, {}, rng)
    while not state.finished:
        seat = min(durak.ENGINE.to_move(state))
        state = durak.ENGINE.apply(
            state, seat, rng.choice(durak.ENGINE.legal_actions(state, seat))
        )[0]
    return DURAK.adapter.presenter.record(_game("durak", 4, Status.FINISHED), state, "ru")


def blackjack_table(rng: random.Random) -> Record | None:
    engine, game = blackjack.ENGINE, _game("blackjack", 7, Status.FINISHED)
    state = engine.new_game(7, {"chips": 10_000}, rng)
    for _ in range(5):
        for box in range(7):
            state = engine.apply(state, box, blackjack.Bet(10))[0]
        for box in range(7):
            if state.phase is blackjack.Phase.BETTING:
                state = engine.apply(state, box, blackjack.Ready())[0]
        while state.phase is not blackjack.Phase.SETTLED:
            box = min(engine.to_move(state))
            legal = engine.legal_actions(state, box)
            state = engine.apply(
                state, box, engine.choose(engine.view(state, box), legal, rng, "")
            )[0]
        note_sitters(game, state)
        state = blackjack.next_round(state)[0]
    return BLACKJACK.adapter.presenter.record(game, state, "ru")


def card_tables(count: int, seed: int) -> None:
    """The card games' final tables: CPU p50/p95/max and the PNG's size, per game."""
    for name, table in (("Go Fish", gofish_table), ("Durak", durak_table),
                        ("Blackjack", blackjack_table)):  # fmt: skip
        rng, cpu, sizes = random.Random(seed), [], []
        for _ in range(count):
            record = table(rng)
            assert record is not None and record.picture is not None
            began = time.process_time()
            sizes.append(len(record.picture()))
            cpu.append(time.process_time() - began)
        print(f"{name} table PNG: p50 {statistics.median(cpu):.4f}  p95 {percentile(cpu, 0.95):.4f}"
              f"  max {max(cpu):.4f} s; size p50 {statistics.median(sizes) / 1024:.1f} KiB,"
              f" max {max(sizes) / 1024:.1f} KiB")  # fmt: skip


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(count: int = 20, seed: int = 34) -> None:
    games = full_games(count, seed)
    reversi_picture.png(games[0].discs)  # the font and the empty board, drawn once
    gif_cpu, png_cpu, sizes = [], [], []
    for state in games:
        played = [(s.discs, s.square) for s in steps_of(state) or () if s.square is not None]
        began = time.process_time()
        sizes.append(len(reversi_picture.gif(played)))
        gif_cpu.append(time.process_time() - began)
        began = time.process_time()
        reversi_picture.png(state.discs, state.last_move)
        png_cpu.append(time.process_time() - began)
    print(f"{count} games of {MOVES} moves (seed {seed}); CPU seconds per picture")
    for name, values in (("GIF", gif_cpu), ("PNG", png_cpu)):
        print(f"{name}: p50 {statistics.median(values):.4f}  p95 {percentile(values, 0.95):.4f}"
              f"  max {max(values):.4f}")  # fmt: skip
    print(
        f"GIF size: p50 {statistics.median(sizes) / 1024:.0f} KiB, max {max(sizes) / 1024:.0f} KiB"
    )
    p95 = percentile(gif_cpu, 0.95)
    print(f"goal p95 <= {GOAL_SECONDS} s: {'met' if p95 <= GOAL_SECONDS else 'NOT met'}"
          f" ({p95 / GOAL_SECONDS:.0%} of it)")  # fmt: skip
    card_tables(count, seed)


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
