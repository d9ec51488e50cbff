"""A rated game the computer played to the end for every player: "someone whom the
computer kept playing for at the end is ranked last", so when that is everyone they
share the last place, and nobody's rating moves by what the computer did for them."""

from __future__ import annotations

from pathlib import Path

from bot.services import services_of
from tests.e2e.clock import TURN, ManualClock
from tests.e2e.harness import running_world


async def test_a_game_the_computer_played_for_everyone_moves_no_rating(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        running = await world.start_bot(clock=clock)
        sweep = services_of(running.application).sweep
        board = await world.open_lobby("/reversi", [world.bob])  # full: it starts
        # nobody moves: each deadline the computer plays for the one to move, and after
        # two in a row it keeps their seat; once both are kept, it plays to the end
        for _ in range(12):
            if "Game over" in (board.text or ""):
                break
            clock.advance(TURN)
            await sweep.run_due()
            await world.synced()
        await world.tg.wait_for(lambda: "Game over" in (board.text or ""), what="the end")
        text = board.text or ""
        assert "The computer played for Alice, Bob to the end" in text
        assert "⭐ Rated: Alice 1500? (±0) · Bob 1500? (±0)" in text, text
