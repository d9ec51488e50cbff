"""The computer Durak player. It sees only its seat's view and the legal actions.

The rules (:mod:`games.durak.heuristic`) propose a move. While the stock lasts
(or more than two players hold cards), a determinized search
(:mod:`games.durak.search`) checks it: the unseen cards are dealt at random
into the other hands and the stock, consistently with everything seen (with
three or more players, also with what the others' recent moves said of their
hands, :mod:`games.durak.evidence`: a lead, a cover, a take, a Done), each
candidate is played out (the seat by the rules, the others in a style drawn
per sampled world from a mix, :mod:`games.durak.models`, with three or more
players by how well it explains their moves, :mod:`games.durak.likelihood`;
the two-player endgame exactly), and the best total wins.
Once the stock is empty and two players are left, the rest of the game is
searched exactly (:mod:`games.durak.exact`), within a node budget; the
proposal is kept unless a search finds a strictly better move, and when every
move loses against best play, the one that wins against the most plain
players (lowest card that works, takes only when it must; throwing in whenever
it can, only plain cards up to 10, or never) is played if any wins.

``level="easy"`` makes a random move now and then and never searches; other
levels search.
"""

from __future__ import annotations

import random

from games.durak.actions import Action
from games.durak.endgame import NODE_BUDGET
from games.durak.exact import endgame_position, exact_choice
from games.durak.heuristic import rule_choice, sight_of
from games.durak.models import MIXED, Model
from games.durak.search import search_choice
from games.durak.views import DurakView

EASY_SLIPS = 0.3


def choose(
    view: DurakView,
    legal: tuple[Action, ...],
    rng: random.Random,
    level: str,
    model: Model = MIXED,
) -> Action:
    """One of ``legal`` for the seat whose ``view`` this is; the search models the
    other seats as ``model`` says."""
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    if level == "easy" and rng.random() < EASY_SLIPS:
        return rng.choice(legal)
    action = rule_choice(sight_of(view), legal)
    if level == "easy":
        return action
    if endgame_position(view) is not None:
        exact = exact_choice(view, legal, action, NODE_BUDGET, model.lost_for)
        if exact is not None:
            return exact
    return search_choice(view, legal, action, rng, model=model)[0]


def ruled(view: DurakView, legal: tuple[Action, ...]) -> Action:
    """The player before the search (issue 25): the rules, and the exact endgame."""
    if len(legal) == 1:
        return legal[0]
    action = rule_choice(sight_of(view), legal)
    return exact_choice(view, legal, action, NODE_BUDGET) or action
