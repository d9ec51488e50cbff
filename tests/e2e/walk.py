"""What a handled update walks through: the bot's own functions that run while the
application handles it (``sys.setprofile`` around ``process_update``), in the order
they began. Other tasks running meanwhile (the sender) are left out: a frame counts
only when its caller chain reaches the handling; so is code a dataclass generated (a
plain record's ``__init__``), which is no module's own code."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from telegram.ext import Application


@contextmanager
def recording(
    application: Application,  # type: ignore[type-arg]
    wanted: Callable[[object], bool] = lambda update: True,
) -> Iterator[list[tuple[str, str]]]:
    """(module, function) of every function of bot/ that begins while the application
    handles an update ``wanted`` picks, in order; the application as it was after."""
    handle = application.process_update
    calls: list[tuple[str, str]] = []
    frames: dict[int, FrameType] = {}  # held, so that no frame's id is reused

    def note(frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call" or id(frame) in frames:
            return  # a coroutine resumed, not entered
        frames[id(frame)] = frame
        if frame.f_code.co_filename.startswith("<"):
            return  # code a dataclass generated (its __init__): no module's own code
        module = str(frame.f_globals.get("__name__", ""))
        caller = frame.f_back
        while caller is not None and caller.f_code is not recorded.__code__:
            caller = caller.f_back
        if caller is not None and module.startswith("bot."):
            calls.append((module, frame.f_code.co_name))

    async def recorded(update: object) -> None:
        if not wanted(update):
            await handle(update)
            return
        sys.setprofile(note)
        try:
            await handle(update)
        finally:
            sys.setprofile(None)

    application.process_update = recorded  # type: ignore[method-assign]
    try:
        yield calls
    finally:
        application.process_update = handle  # type: ignore[method-assign]
