"""/rating in a group answers "Your ratings": as a reply to the command that asked, so
the group sees whose they are."""

from __future__ import annotations

from tests.e2e.harness import World
from tests.e2e.test_ratings import _reversi
from tests.e2e.test_resign import _resign_twice


async def test_rating_in_a_group_replies_to_the_person_who_asked(world: World) -> None:
    board = await _reversi(world)
    await _resign_twice(world, world.bob, board)
    await world.tg.wait_for(lambda: "⭐ Rated:" in (board.text or ""), what="rated")
    for person in (world.bob, world.carol):  # rated, and not
        mark = max(m.message_id for m in world.tg.messages(world.group))
        asked = await world.tg.send_text(person, world.group, "/rating")
        told = await world.tg.wait_for_bot_message(world.group, after=mark)
        assert told.reply_to is not None and told.reply_to.message_id == asked.message_id
    private = await world.command(world.bob, world.bob, "/rating")
    assert "Your ratings" in (private.text or "") and private.reply_to is None
