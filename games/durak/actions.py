"""Durak actions and their compact text form for callback data.

=============  ============  ==========================================
action         text          meaning
=============  ============  ==========================================
Attack(card)   ``a10S``      lead the bout or throw a card in
Beat(i, card)  ``b2.QH``     cover the attacking card at table index i
Take()         ``t``         the defender gives up and will pick up
Done()         ``d``         an attacker has nothing more to add
Transfer(card) ``p7C``       pass the attack on (the "passing" option)
=============  ============  ==========================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.base import IllegalAction
from games.cards import Card, parse_card


@dataclass(frozen=True)
class Attack:
    """Lead the bout (main attacker, empty table) or throw in a card of a rank on the table."""

    card: Card


@dataclass(frozen=True)
class Beat:
    """Cover the attacking card at table position ``index`` with ``card``."""

    index: int
    card: Card


@dataclass(frozen=True)
class Take:
    """The defender gives up; everything on the table goes to their hand at the bout's end."""


@dataclass(frozen=True)
class Done:
    """An attacker has nothing more to add (until the table changes)."""


@dataclass(frozen=True)
class Transfer:
    """Pass the attack on to the next player with a card of the attacking rank."""

    card: Card


Action = Attack | Beat | Take | Done | Transfer

_CARD = r"(?:[6-9]|10|[JQKA])[SHDC]"
_PATTERN = re.compile(rf"(?P<verb>[ap])(?P<card>{_CARD})|b(?P<index>[0-5])\.(?P<beat>{_CARD})|[td]")


def encode_action(action: Action) -> str:
    """The compact ASCII form (at most 6 characters)."""
    if isinstance(action, Attack):
        return f"a{action.card.code}"
    if isinstance(action, Beat):
        return f"b{action.index}.{action.card.code}"
    if isinstance(action, Transfer):
        return f"p{action.card.code}"
    return "t" if isinstance(action, Take) else "d"


def decode_action(text: str) -> Action:
    """Parse :func:`encode_action` text; ``IllegalAction("forged")`` for anything else."""
    match = _PATTERN.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise IllegalAction("forged", repr(text)[:40])
    if match["verb"] == "a":
        return Attack(parse_card(match["card"]))
    if match["verb"] == "p":
        return Transfer(parse_card(match["card"]))
    if match["beat"] is not None:
        return Beat(int(match["index"]), parse_card(match["beat"]))
    return Take() if text == "t" else Done()
