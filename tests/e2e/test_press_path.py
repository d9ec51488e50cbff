"""One straight line per press: a Reversi move on a group table, handled by the real
bot from the stand-in's update, enters few modules of bot/ and never goes back into
the pipeline once it has saved (the save knows no presenter and no sender; the
sender is rung, not run, and draws the table on its own time).

Recorded in-process with ``sys.setprofile`` around the handling of that one update:
every new frame whose caller chain reaches the handling (not other tasks running
meanwhile, such as the sender) is noted with its module; a plain record's generated
``__init__`` (bot.game_types.Timing, built by the save) is not its module's code."""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any

from tests.e2e.harness import running_world
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name

MOST_MODULES = 8


async def test_a_reversi_move_enters_few_modules_in_one_straight_line(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot()
        table = await world.open_lobby("/reversi", [world.bob])
        await world.start_game(table)
        await world.synced()
        application = world.bots[0].application
        handle = application.process_update
        entered: list[str] = []  # modules of bot/, in the order their frames began
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
                entered.append(module)

        async def recorded(update: object) -> None:
            sys.setprofile(note)
            try:
                await handle(update)
            finally:
                sys.setprofile(None)

        application.process_update = recorded  # type: ignore[method-assign]
        mover = {"Alice": world.alice, "Bob": world.bob}[turn_name(table) or "Alice"]
        square = data_of(table, hint_squares(table)[0])
        answer = await world.tg.press(mover, table, callback_data=square)
        await world.synced()
        assert not answer.show_alert and sum(disc_counts(table)) == 5  # the move went
        modules = sorted(set(entered))
        assert len(modules) <= MOST_MODULES, modules
        assert not [m for m in modules if m.startswith(("bot.presenters", "bot.sync"))], modules
        saved = entered.index("bot.pipeline.save")
        after = {m for m in entered[saved:] if m.startswith("bot.pipeline.")}
        assert after == {"bot.pipeline.save"}, entered[saved:]  # no way back after the save
