"""Records and privacy (issue 34): /privacy says records are kept and for how long;
/forgetme puts "a former player" in place of the person's name in every ended game."""

from __future__ import annotations

from storage import gamestore
from tests.e2e.harness import World
from tests.e2e.reversi_board import disc_counts
from tests.e2e.test_record import _play_a_whole_game


async def test_privacy_tells_how_long_records_are_kept(world: World) -> None:
    text = (await world.command(world.alice, world.group, "/privacy")).text or ""
    assert "Records of ended games (/record" in text and "90 days" in text
    assert "“a former player”" in text


async def test_forgetme_leaves_a_former_player_in_the_record(world: World) -> None:
    board = await _play_a_whole_game(world)
    black, white = disc_counts(board)
    prompt = await world.command(world.bob, world.group, "/forgetme")
    answer = await world.tg.press(world.bob, prompt, "🗑 Delete my data")
    assert "Done" in (answer.text or "")
    record = await world.command(world.carol, world.group, "/record")
    caption = (record.media.caption if record.media else "") or ""
    assert f"⚫ Alice — {black}" in caption and f"⚪ a former player — {white}" in caption
    assert "Bob" not in caption
    (game,) = await gamestore.games_with_status(world.bots[0].db, "finished")
    stored = str(game.meta.to_json())
    assert "Bob" not in stored and str(world.bob.id) not in stored
