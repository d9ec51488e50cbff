"""Compact ASCII action codes for callback data: ``b25``, ``i10``, ``h``, ``s``...

=========  =====  =========  =====
Bet(25)    b25    Stand      s
ClearBet   c      Double     d
Ready      r      Split      p
Insurance  i10    Surrender  u
NoInsur.   n      NextRound  x
Hit        h
=========  =====  =========  =====
"""

from __future__ import annotations

from games.base import IllegalAction
from games.blackjack.actions import (
    Action,
    Bet,
    ClearBet,
    Double,
    Hit,
    Insurance,
    NextRound,
    NoInsurance,
    Ready,
    Split,
    Stand,
    Surrender,
)

MAX_CODE = 16
_SIMPLE: dict[str, Action] = {
    "c": ClearBet(),
    "r": Ready(),
    "n": NoInsurance(),
    "h": Hit(),
    "s": Stand(),
    "d": Double(),
    "p": Split(),
    "u": Surrender(),
    "x": NextRound(),
}
_CODES: dict[type, str] = {type(action): code for code, action in _SIMPLE.items()}
_DIGITS = frozenset("0123456789")


def encode_action(action: Action) -> str:
    if isinstance(action, Bet):
        return f"b{action.amount}"
    if isinstance(action, Insurance):
        return f"i{action.amount}"
    return _CODES[type(action)]


def decode_action(text: str) -> Action:
    """The action ``text`` encodes; IllegalAction("forged") for anything else."""
    if not isinstance(text, str) or not 0 < len(text) <= MAX_CODE:
        raise IllegalAction("forged", "not an action code")
    simple = _SIMPLE.get(text)
    if simple is not None:
        return simple
    verb, digits = text[0], text[1:]
    if verb in "bi" and digits and set(digits) <= _DIGITS and digits[0] != "0":
        amount = int(digits)
        return Bet(amount) if verb == "b" else Insurance(amount)
    raise IllegalAction("forged", f"not an action code: {text[:MAX_CODE]!r}")
