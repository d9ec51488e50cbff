"""The computer's exact play once the stock is empty and two players are left.

Everything not in the computer's hand, on the table or in the discard is then
in the opponent's hand, so :mod:`games.durak.endgame` can search the rest of the
game. The heuristic's own choice is kept whenever it is as good as the best.
When every move loses against best play, it picks one that still wins against
plain players (lowest card that works, takes only when it must; throwing in
whenever it can, only plain cards up to 10, or never: the move that wins
against the most of them), if any: the game is lost only if the opponent finds
the way.
"""

from __future__ import annotations

from games.cards import durak_deck
from games.durak.actions import Action, Attack, Beat, Take, Transfer
from games.durak.endgame import DRAW, LOSS, WIN, OutOfBudget, Position, Solver, bit, mask
from games.durak.views import DurakView


def endgame_position(view: DurakView) -> Position | None:
    """The exact position for the computer (seat 0 of the search), or ``None`` while
    the stock lasts, more than two players hold cards, or the counts disagree."""
    if view.stock or view.seat is None or view.finished:
        return None
    playing = [seat for seat in range(view.seats) if seat not in view.out]
    if len(playing) != 2 or view.seat not in playing or view.defender not in playing:
        return None
    opponent = playing[0] if playing[1] == view.seat else playing[1]
    table = mask([card for pair in view.table for card in pair if card is not None])
    unseen = mask(durak_deck()) & ~mask(view.hand) & ~table & ~mask(view.discarded)
    if unseen.bit_count() != view.hand_sizes[opponent]:
        return None
    unbeaten = mask([attack for attack, cover in view.table if cover is None])
    beaten = any(cover is not None for _, cover in view.table)
    attacker = 1 if view.defender == view.seat else 0
    return (mask(view.hand), unseen, attacker, table, len(view.table), unbeaten, beaten,
            view.taking, view.discard > 0, view.passing)  # fmt: skip


def after_action(solver: Solver, pos: Position, view: DurakView, action: Action) -> Position | int:
    """The position (or the game's value) once the computer plays ``action``."""
    if isinstance(action, Attack):
        return solver.play(pos, ("card", bit(action.card)))
    if isinstance(action, Transfer):
        return solver.play(pos, ("pass", bit(action.card)))
    if isinstance(action, Take):
        return solver.play(pos, ("take", -1))
    if isinstance(action, Beat):
        h0, h1, attacker, table, attacks, unbeaten, _, taking, discarded, passing = pos
        card, attack = 1 << bit(action.card), 1 << bit(view.table[action.index][0])
        return (h0 & ~card, h1, attacker, table | card, attacks, unbeaten & ~attack, True,
                taking, discarded, passing)  # fmt: skip
    if pos[5] and not pos[7]:  # Done while a card is unbeaten: the defender answers first
        return pos
    return solver.close(pos)


def action_value(solver: Solver, pos: Position, view: DurakView, action: Action, floor: int) -> int:
    after = after_action(solver, pos, view, action)
    if isinstance(after, int):
        return after
    return solver.value(after, floor, WIN)


def exact_choice(
    view: DurakView,
    legal: tuple[Action, ...],
    preferred: Action,
    budget: int,
    lost_for: tuple[str, ...] = ("all",),
) -> Action | None:
    """The best of ``legal`` by exact search (``preferred`` unless another is
    strictly better), or ``None`` outside the endgame or beyond ``budget`` nodes.
    A lost game is played for the mistakes of the plain players ``lost_for`` names
    (how they throw in: ``"all"``, ``"low"``, ``"never"``; none: not at all)."""
    pos = endgame_position(view)
    if pos is None:
        return None
    solver = Solver(view.trump, budget)
    try:
        best, choice = action_value(solver, pos, view, preferred, LOSS), preferred
        for action in legal:
            if best == WIN:
                break
            if action == preferred:
                continue
            score = action_value(solver, pos, view, action, best)
            if score > best:
                best, choice = score, action
    except OutOfBudget:
        return None
    if best == LOSS and lost_for:
        return plain_win(view, legal, pos, preferred, budget, lost_for) or choice
    return choice


def plain_win(
    view: DurakView,
    legal: tuple[Action, ...],
    pos: Position,
    preferred: Action,
    budget: int,
    styles: tuple[str, ...] = ("all",),
) -> Action | None:
    """The move of ``legal`` that wins against the most of the plain players
    ``styles`` names (``preferred`` first among equals), if one wins against any;
    ``budget`` nodes shared among them."""
    solvers = [Solver(view.trump, budget // len(styles), True, throws) for throws in styles]
    best, choice = 0, None
    try:
        for action in (preferred, *(other for other in legal if other != preferred)):
            wins = sum(action_value(solver, pos, view, action, DRAW) == WIN for solver in solvers)
            if wins > best:
                best, choice = wins, action
                if wins == len(solvers):
                    break
    except OutOfBudget:
        return choice
    return choice
