"""Go Fish and Go Farm, as the bot offers them (``games.base.Declaration``): one
engine, two games (Go Farm is its two-player variant, seven books win)."""

from __future__ import annotations

from games.base import Declaration
from games.gofish.model import GOFARM, GOFISH
from games.ratings import OPENSKILL

DECLARATION = Declaration(
    "gofish", 2, 6, hidden_hands=True, computer_levels=("normal",),
    options={"variant": GOFISH}, rating=OPENSKILL,
)  # fmt: skip
GOFARM_DECLARATION = Declaration(
    "gofarm", 2, 2, hidden_hands=True, computer_levels=("normal",),
    options={"variant": GOFARM}, engine_kind="gofish", rating=OPENSKILL,
)  # fmt: skip
