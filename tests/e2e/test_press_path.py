"""One straight line per press: a Reversi move on a group table, handled by the real
bot from the stand-in's update, enters few modules of bot/ and never goes back into
the pipeline once it has saved (the save knows no presenter and no sender; the
sender is rung, not run, and draws the table on its own time).

Recorded in-process with ``sys.setprofile`` around the handling of that one update:
every new frame whose caller chain reaches the handling (not other tasks running
meanwhile, such as the sender) is noted with its module; a plain record's generated
``__init__`` (bot.game_types.Timing, built by the save) is not its module's code."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import running_world
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name
from tests.e2e.walk import recording

MOST_MODULES = 8


async def test_a_reversi_move_enters_few_modules_in_one_straight_line(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot()
        table = await world.open_lobby("/reversi", [world.bob])
        await world.start_game(table)
        await world.synced()
        application = world.bots[0].application
        mover = {"Alice": world.alice, "Bob": world.bob}[turn_name(table) or "Alice"]
        square = data_of(table, hint_squares(table)[0])
        with recording(application) as calls:
            answer = await world.tg.press(mover, table, callback_data=square)
            await world.synced()
        entered = [module for module, _function in calls]  # in the order they began
        assert not answer.show_alert and sum(disc_counts(table)) == 5  # the move went
        modules = sorted(set(entered))
        assert len(modules) <= MOST_MODULES, modules
        assert not [m for m in modules if m.startswith(("bot.presenters", "bot.sync"))], modules
        saved = entered.index("bot.pipeline.save")
        after = {m for m in entered[saved:] if m.startswith("bot.pipeline.")}
        assert after == {"bot.pipeline.save"}, entered[saved:]  # no way back after the save
