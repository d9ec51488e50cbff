"""How the computer's search models the other players (issue 35).

A :class:`Model` names the policies the play-outs give the other seats (one
drawn per sampled world, the same for every candidate, so a candidate is
judged against a mix of styles rather than one), how a two-player endgame
reached in a play-out is scored, and whether a lost endgame is played for a
plain player's mistake. Each policy reads only a :class:`Sight` (a hand and
the open table):

- ``eager``: the lowest card that works, throwing in whenever it can, taking
  only when nothing covers;
- ``low``: the same, throwing in only plain cards up to 10;
- ``never``: the same, never throwing in;
- ``rules``: the computer's own rules (:mod:`games.durak.heuristic`): keeps
  trumps, takes rather than spend a high trump on a low card;
- ``keep``: keeps its trumps while the stock lasts: takes rather than cover a
  plain card up to 10 with a trump, throws in only plain cards up to 10 (any
  card once the stock is empty), else the eager player's lowest cover or lead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.durak.actions import Action, Attack, Beat, Done, Take
from games.durak.evidence import plain_low
from games.durak.heuristic import Sight, beat_plan, eager_choice, rule_choice, strength

Policy = Callable[[Sight, tuple[Action, ...]], Action]


def throwing(allowed: Callable[[Sight, Action], bool]) -> Policy:
    """The eager player, throwing in only the cards ``allowed`` lets through."""

    def policy(sight: Sight, legal: tuple[Action, ...]) -> Action:
        cards = [action for action in legal if isinstance(action, Beat | Attack)]
        if sight.table:
            cards = [a for a in cards if isinstance(a, Beat) or allowed(sight, a)]
        if cards:
            return min(cards, key=lambda action: strength(action.card, sight.trump))
        return Take() if Take() in legal else Done()

    return policy


def low_plain(sight: Sight, action: Action) -> bool:
    return isinstance(action, Attack) and action.card.suit != sight.trump and action.card.rank <= 10


def keeping(sight: Sight, legal: tuple[Action, ...]) -> Action:
    """The ``keep`` player (above)."""
    if Take() in legal:
        plan = beat_plan(sight)
        attacks = [card for card, _ in sight.table]
        if plan is None or (sight.stock and any(
            card.suit == sight.trump and plain_low(attacks[index], sight.trump)
            for index, card in plan
        )):  # fmt: skip
            return Take()
        index, card = plan[0]
        return Beat(index, card)
    if sight.stock and sight.table:
        legal = tuple(
            a for a in legal if not isinstance(a, Attack) or plain_low(a.card, sight.trump)
        )
    return eager_choice(sight, legal)


POLICIES: dict[str, Policy] = {
    "eager": eager_choice,
    "low": throwing(low_plain),
    "never": throwing(lambda sight, action: False),
    "rules": rule_choice,
    "keep": keeping,
}


@dataclass(frozen=True)
class Model:
    """The other seats' policies in play-outs (one drawn per world), the play-out's
    two-player endgame score (``"plain"``: the computer's best play against a
    plain player, ``"best"``: best play on both sides), and the plain players
    whose mistakes a lost endgame is played for (``lost_for``: how they throw
    in, ``"all"``, ``"low"`` or ``"never"``; none: the lost game is played as the
    rules say), and whether a sampled world of a game of three or more players
    follows what the others' moves said of their hands as the drawn policy would
    have made them (``evidence``; with two players it lost ground against the
    defensive style in ``bench/durak_panel.py``), and whether that world's policy
    is drawn by how well each explains those moves (``weighted``,
    :mod:`games.durak.likelihood`; else uniformly), and the policies added to
    the mix with three or more players only (``extra``; two-player games were
    not measured with them), and whether that likelihood also weighs each move by
    its chance under the policy (``soft``, :func:`games.durak.likelihood.chance`;
    measured, not the default: ``bench/durak_paired.py``)."""

    policies: tuple[str, ...] = ("eager", "low", "never", "rules")
    endgame: str = "plain"
    lost_for: tuple[str, ...] = ("all", "low", "never")
    evidence: bool = True
    weighted: bool = True
    extra: tuple[str, ...] = ("keep",)
    soft: bool = False

    def mix(self, seats: int) -> tuple[str, ...]:
        """The policies drawn from in a game of ``seats`` players."""
        return self.policies + self.extra if seats > 2 else self.policies


WEIGHTED = Model(extra=())  # the policy drawn by likelihood, no keeping player
UNIFORM = Model(weighted=False, extra=())  # the worlds follow the moves, a policy drawn uniformly
BLIND = Model(evidence=False, weighted=False, extra=())  # before the worlds followed the moves
PLAIN = Model(("eager",), "plain", ("all",), False, False, ())  # issue 25's
SOFT = Model(soft=True)  # each move also weighed by its chance under the policy
MIXED = Model()
