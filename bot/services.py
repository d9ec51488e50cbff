"""What handlers share: the database, the clock, randomness and the games on offer."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from telegram.ext import ContextTypes

from storage.db import Database

if TYPE_CHECKING:
    from bot.adapter import GameAdapter


@dataclass
class Services:
    db: Database
    adapters: dict[str, GameAdapter]
    clock: Callable[[], float] = time.time
    rng: random.Random = field(default_factory=random.SystemRandom)
    turn_seconds: float = 90.0
    lobby_seconds: float = 600.0


def services(context: ContextTypes.DEFAULT_TYPE) -> Services:
    found = context.application.bot_data["services"]
    assert isinstance(found, Services)
    return found
