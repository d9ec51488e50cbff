"""A chosen inline move is a press (issue 31, item 3): it takes the same path through
the bot as a button's move (``bot.pipeline.play.play``: the game's freshness rule, the
seat, the engine, the one save), entering the same modules of bot/ plus its own head
at most. Recorded as tests/e2e/test_press_path.py records a press."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from telegram import Update

from sandbox import Message
from tests.e2e.harness import World, running_world
from tests.e2e.inline_hands import moves, my_cards, version_of
from tests.e2e.players import drawn_at, gofish_step, gofish_to_move
from tests.e2e.walk import recording


async def _walk(
    world: World, kind: str, act: Callable[[], Awaitable[object]]
) -> tuple[set[str], set[str]]:
    """The modules of bot/ whose code runs while the bot handles the updates of ``kind``
    (``callback_query``, ``chosen_inline_result``) that ``act`` sends, and the functions
    (``module.function``) that run (the inline query, the post: not the move)."""

    def of_kind(update: object) -> bool:
        return isinstance(update, Update) and getattr(update, kind) is not None

    with recording(world.bots[0].application, of_kind) as calls:
        await act()
        await world.synced()
    return {module for module, _ in calls}, {f"{module}.{name}" for module, name in calls}


async def test_a_chosen_inline_move_walks_the_path_of_a_button_press(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot(seed=5)
        world.tg.set_inline_feedback(True)
        await world.start_privately(world.alice, world.bob)
        table = await world.open_lobby("/gofish", [world.bob])
        await world.start_game(table)
        rng = random.Random(3)
        by_button: tuple[set[str], set[str]] = (set(), set())
        by_result: tuple[set[str], set[str]] = (set(), set())
        people = {"Alice": world.alice, "Bob": world.bob}
        for _ in range(60):
            if by_button[0] and by_result[0]:
                break
            await world.synced()
            name = gofish_to_move(table)
            if name is None:
                break
            person = people[name]
            if not by_result[0]:
                by_result = await _walk(
                    world, "chosen_inline_result", lambda p=person: _choose(world, p, table, rng)
                )
            else:  # two players: a rank on the hand asks the one opponent, a move
                by_button = await _walk(
                    world, "callback_query", lambda: gofish_step(world.tg, table, people, rng)
                )
        (button_modules, button_calls), (result_modules, result_calls) = by_button, by_result
        assert button_modules and result_modules
        # one move for both: the same function decides (freshness, seat, engine, save)
        assert "bot.pipeline.play.play" in button_calls & result_calls
        extra = result_modules - button_modules  # the chosen result's own head, at most
        assert len(extra) <= 1, sorted(extra)


async def _choose(world: World, person: Any, table: Message, rng: random.Random) -> None:
    version = drawn_at(table)
    answer = await my_cards(world, person, table)
    offered = [r for r in moves(answer) if version_of(r) == version]
    assert offered
    await world.tg.choose_result(person, answer, rng.choice(offered).id)
    await world.tg.wait_for(lambda: drawn_at(table) != version, what="the move on the table")
