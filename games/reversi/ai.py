"""Computer players. They read the public view only, never the engine state.

- ``"easy"``: the tutorial strategy: take a corner when one is open, else the
  move that flips the most discs; ties go to the injected ``rng``.
- ``"normal"``: alpha-beta look-ahead (:mod:`.search`), four plies in the
  midgame and to the very end once few squares are left, within a node budget
  (about 0.1 s in CPython at worst, 15 ms on average).
- ``"hard"``: iterative deepening with a transposition table, a pattern
  evaluation learnt offline (38 patterns of the board, a weight for every
  configuration of each per stage of the game, plus mobility and parity:
  :mod:`.deep`, :mod:`.patterns`), and the game solved exactly from 14 empty
  squares when the budget allows (:mod:`.endgame`); under 0.5 s of CPython per
  move at the 95th percentile.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import board, deep, search
from .model import Place, ReversiView

LEVELS = ("easy", "normal", "hard")
NORMAL_DEPTH = 4  # plies of look-ahead in the midgame
NORMAL_ENDGAME = 8  # empty squares from which "normal" searches to the end
NORMAL_NODES = 4000  # work per move: the deepest search that fits is played
HARD_NODES = 22_000  # "hard"'s work per move, in positions (see deep.think)


def choose(view: ReversiView, legal: tuple[Place, ...], rng: random.Random, level: str) -> Place:
    """Pick one of ``legal`` for the seat to move in ``view``."""
    players: dict[str, Callable[[ReversiView, tuple[Place, ...], random.Random], Place]] = {
        "easy": choose_easy,
        "normal": choose_normal,
        "hard": choose_hard,
    }
    if level not in players:
        raise ValueError(f"unknown reversi level {level!r}; choose one of {LEVELS}")
    if view.to_move is None or not legal:
        raise ValueError("nobody has a move to choose")
    return players[level](view, legal, rng)


def _discs_to_move(view: ReversiView) -> tuple[int, int]:
    """(own, opponent) bitboards for the seat to move."""
    black, white = board.discs_from_cells(view.board)
    return (black, white) if view.to_move == 0 else (white, black)


def choose_easy(view: ReversiView, legal: tuple[Place, ...], rng: random.Random) -> Place:
    """A corner if one is legal, else the move flipping the most discs."""
    corners = [place for place in legal if place.square in board.CORNERS]
    if corners:
        return rng.choice(corners)
    own, opp = _discs_to_move(view)
    counts = [board.flips(own, opp, 1 << place.square).bit_count() for place in legal]
    most = max(counts)
    return rng.choice([place for place, count in zip(legal, counts, strict=True) if count == most])


def choose_normal(view: ReversiView, legal: tuple[Place, ...], rng: random.Random) -> Place:
    """The move with the best alpha-beta score; among equals the rng's shuffle decides."""
    own, opp = _discs_to_move(view)
    empties = board.SQUARES - (own | opp).bit_count()
    depth = empties if empties <= NORMAL_ENDGAME else NORMAL_DEPTH
    squares = [place.square for place in legal]
    rng.shuffle(squares)
    return Place(search.best_square(own, opp, squares, depth, NORMAL_NODES))


def choose_hard(
    view: ReversiView, legal: tuple[Place, ...], rng: random.Random, nodes: int = HARD_NODES
) -> Place:
    """The deepest look-ahead (or exact solution) ``nodes`` positions allow; the rng's
    shuffle decides among equals."""
    own, opp = _discs_to_move(view)
    squares = [place.square for place in legal]
    rng.shuffle(squares)
    return Place(deep.think(own, opp, squares, nodes).square)
