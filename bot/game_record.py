"""A finished game's record as its game writes it (``GameAdapter.record``): the text
in the players' notation, and its picture drawn on demand (CPU: called off the event
loop, never under a game's lock)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

CAPTION_LIMIT = 1024  # a photo's caption, in characters after entity parsing


@dataclass(frozen=True)
class Record:
    """``text``: HTML (the head and the moves, or what the game keeps); ``head``: its
    first lines alone (a caption when the whole text is too long for one);
    ``picture``: draws the final position as PNG bytes (None: no picture);
    ``animation``: draws the whole game as a GIF (None: none); ``players``: who played
    it, as the private list of games names them (HTML; None: the game's seats)."""

    text: str
    head: str
    picture: Callable[[], bytes] | None = None
    animation: Callable[[], bytes] | None = None
    players: tuple[str, ...] | None = None
