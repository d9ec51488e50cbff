"""The computer's search while the stock lasts: determinized rollouts.

For each sampled world (:mod:`games.durak.worlds`; with three or more players
the policy of the others is drawn first, by how well each explains their recent
moves, :mod:`games.durak.likelihood`, and the world follows what those moves
said of their hands if they play that way, :mod:`games.durak.evidence`)
every candidate action is played and the game is played out to its end: the
seat by the rules, the others by one policy of the search's
:class:`~games.durak.models.Model`, drawn per world (by default a mix of
styles: greedy players throwing in whenever they can, only plain cards up to
10, or never, and the rules player; with three or more players also one
keeping its trumps while the stock lasts; issue 25 modelled only the first,
which tuned the search to one opponent), the seats that may act at once taking turns
as the search's own ``rng`` picks them. Once the stock is empty the play-out
ends early: a seat that is out has won, and with two players left the exact
endgame scores it (:mod:`games.durak.endgame`, ``plain``: the computer's own
play from there, best play, and the plain player's mistake once that loses;
scoring it by best play on both sides lost more games against most styles in
``bench/durak_panel.py``), unless that search needs more than
:data:`ENDGAME_NODES` nodes. All candidates meet the same worlds and the same
picks, so their totals differ only by what the candidate changed. The work is
counted in actions applied (and endgame nodes, four to an action), at most
``budget`` a decision (a world whose play-outs would pass it is dropped); the
rules' own choice stands unless another candidate does strictly better.
"""

from __future__ import annotations

import random

from games.durak.actions import Action, Beat, Done, Take
from games.durak.endgame import LOSS, OutOfBudget, Solver, mask
from games.durak.evidence import Tier, tiers
from games.durak.heuristic import rule_choice, sight_in, strength
from games.durak.likelihood import weights
from games.durak.models import MIXED, POLICIES, Model, Policy
from games.durak.play import apply_action
from games.durak.rules import legal_actions, to_move
from games.durak.state import DurakState
from games.durak.views import DurakView
from games.durak.worlds import sample_world, unseen

BUDGET = 900
ENDGAME_NODES = 400  # a play-out's endgame search, 4 nodes to an action of work
CANDIDATES = 6
WIN, DRAW = 2, 1  # a play-out's score for the seat: not the durak, nobody is, the durak


class Work:
    """Actions applied so far against the decision's budget."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.spent = 0

    def spend(self) -> bool:
        """Count one action; ``False`` once the budget is used up."""
        self.spent += 1
        return self.spent <= self.budget


def candidates(view: DurakView, legal: tuple[Action, ...], preferred: Action) -> list[Action]:
    """``preferred`` first, then the cheapest others, at most :data:`CANDIDATES`."""

    def cost(action: Action) -> tuple[int, int]:
        if isinstance(action, Take | Done):
            return 0, 0
        index = action.index if isinstance(action, Beat) else 0
        return 1 + strength(action.card, view.trump), index

    others = sorted((action for action in legal if action != preferred), key=cost)
    return [preferred, *others[: CANDIDATES - 1]]


def play_out(
    state: DurakState,
    seat: int,
    rng: random.Random,
    work: Work,
    others: Policy = POLICIES["eager"],
    endgame: str = "plain",
) -> int | None:
    """The score for ``seat`` once the rules play ``state`` to the end, the other
    seats by ``others`` (``None``: out of work)."""
    while not state.finished:
        if not state.stock and not state.table:
            holders = [other for other, hand in enumerate(state.hands) if hand]
            if seat not in holders:
                return WIN
            if len(holders) == 2:
                score = endgame_score(state, seat, holders, work, endgame == "plain")
                if score is not None:
                    return score
        if not work.spend():
            return None
        movers = to_move(state)
        mover = rng.choice(sorted(movers)) if len(movers) > 1 else next(iter(movers))
        legal = legal_actions(state, mover)
        policy = rule_choice if mover == seat else others
        action = legal[0] if len(legal) == 1 else policy(sight_in(state, mover), legal)
        state, _ = apply_action(state, mover, action)
    holders = [other for other, hand in enumerate(state.hands) if hand]
    return DRAW if not holders else WIN if seat not in holders else 0


def endgame_score(
    state: DurakState, seat: int, holders: list[int], work: Work, plain: bool = True
) -> int | None:
    """The play-out's score once two players are left with the stock empty, if the
    computer's exact play against plain play (``plain``; else best play on both
    sides) is found within :data:`ENDGAME_NODES` (and the work left)."""
    other = holders[0] if holders[1] == seat else holders[1]
    nodes = min(ENDGAME_NODES, 4 * (work.budget - work.spent))
    if nodes <= 0:
        return None
    solver = Solver(state.trump, nodes, plain=plain)
    pos = (mask(state.hands[seat]), mask(state.hands[other]), int(state.attacker != seat),
           0, 0, 0, False, False, bool(state.discard), state.passing)  # fmt: skip
    try:
        value = solver.value(pos)
    except OutOfBudget:
        return None
    finally:
        work.spent += solver.nodes // 4
    return value - LOSS


def search_choice(
    view: DurakView,
    legal: tuple[Action, ...],
    preferred: Action,
    rng: random.Random,
    budget: int | None = None,
    model: Model = MIXED,
) -> tuple[Action, Work]:
    """The candidate with the best total over the sampled worlds, and the work it took
    (at most ``budget`` actions, :data:`BUDGET` unless given); the other seats play
    as ``model`` says, one of its policies drawn per world."""
    work = Work(BUDGET if budget is None else budget)
    options = candidates(view, legal, preferred)
    pool = unseen(view)
    totals = [0] * len(options)
    said: dict[str, list[Tier]] = {}
    styles = model.mix(view.seats)
    weighed = model.evidence and model.weighted and view.seats > 2
    chances = weights(view, styles, model.soft) if weighed else None
    while view.seat is not None and len(options) > 1 and work.spent < work.budget:
        if model.evidence and view.seats > 2:  # the world follows what their moves said
            if len(styles) == 1:
                name = styles[0]
            elif chances is not None:
                name = rng.choices(styles, chances)[0]
            else:
                name = rng.choice(styles)
            if name not in said:
                said[name] = tiers(view, name)
            world = sample_world(view, pool, rng, said[name])
        else:
            world = sample_world(view, pool, rng)
            name = styles[0] if len(styles) == 1 else rng.choice(styles)
        if world is None:
            break
        others = POLICIES[name]
        scores = sample(world, view.seat, options, rng.random(), work, others, model.endgame)
        if scores is None:
            break
        totals = [total + score for total, score in zip(totals, scores, strict=True)]
    best = max(range(len(options)), key=lambda index: (totals[index], index == 0))
    return options[best], work


def sample(
    world: DurakState,
    seat: int,
    options: list[Action],
    seed: float,
    work: Work,
    others: Policy,
    endgame: str,
) -> list[int] | None:
    """Each option's play-out score in ``world`` (the same picks for all), or ``None``."""
    scores: list[int] = []
    for action in options:
        if not work.spend():  # the candidate itself counts: a sample always costs work
            return None
        state, _ = apply_action(world, seat, action)
        score = play_out(state, seat, random.Random(seed), work, others, endgame)
        if score is None:
            return None
        scores.append(score)
    return scores
