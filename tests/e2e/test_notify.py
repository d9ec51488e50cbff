"""``/notify`` (issue 13): a person asks, in a group, for a private message when a
new game opens there; ``/notify`` again turns it off. The notice links to the
group's table. Answers that concern only that person go to their private chat."""

from __future__ import annotations

from sandbox import Message, User
from tests.e2e.harness import World
from tests.e2e.test_resign import _resign_twice


def _notices(world: World, person: User) -> list[Message]:
    return [m for m in world.tg.bot_messages(person) if "🎲" in (m.text or "")]


async def _notify(world: World, person: User) -> Message:
    mark = max((m.message_id for m in world.tg.messages(person)), default=0)
    await world.tg.send_text(person, world.group, "/notify")
    return await world.tg.wait_for_bot_message(person, after=mark)


async def test_notify_on_a_new_game_and_off_again(world: World) -> None:
    tg = world.tg
    await world.start_privately(world.alice, world.bob)
    group_before = len(tg.bot_messages(world.group))
    on = await _notify(world, world.bob)
    assert on.text == "In Friends: You will get a private message when a new game opens here."
    await world.synced()
    assert len(tg.bot_messages(world.group)) == group_before  # nothing in the group
    table = await world.command(world.alice, world.group, "/reversi")
    notice = await tg.wait_for(lambda: next(iter(_notices(world, world.bob)), None),
                               what="Bob's notice")  # fmt: skip
    assert notice.text == "🎲 A new game of Reversi opened in Friends."
    internal = -world.group.id - 10**12
    link = f"https://t.me/c/{internal}/{table.message_id}"
    assert tg.buttons(notice) == [[("Open the table", link)]]
    assert _notices(world, world.alice) == []  # she opened it
    off = await _notify(world, world.bob)
    assert off.text == "In Friends: No more private messages about new games here."
    versions = len(table.versions)
    await tg.send_text(world.alice, world.group, "/stop")
    await world.until_edited(table, versions)
    await world.command(world.alice, world.group, "/reversi")
    await world.synced()
    assert len(_notices(world, world.bob)) == 1


async def test_notify_from_someone_the_bot_cannot_message(world: World) -> None:
    asked = await world.tg.send_text(world.carol, world.group, "/notify")
    answer = await world.tg.wait_for_bot_message(world.group, after=asked.message_id)
    assert answer.reply_to is not None and answer.reply_to.message_id == asked.message_id
    assert "I cannot message you yet" in (answer.text or "")
    await world.start_privately(world.carol)
    private = await world.command(world.carol, world.carol, "/notify")
    assert "Send /notify in a group" in (private.text or "")


async def test_a_game_that_starts_at_once_is_not_announced(world: World) -> None:
    """A rematch against the computer starts at once, every seat taken: a notice that
    a new game opened would call people to a table with no seat for them (and use up
    one of the group's few notices an hour)."""
    tg = world.tg
    await world.start_privately(world.alice, world.bob)
    await _notify(world, world.bob)
    board = await world.command(world.alice, world.group, "/reversi")
    await tg.wait_for(lambda: _notices(world, world.bob), what="Bob's notice of the lobby")
    await tg.press(world.alice, board, "🤖 Easy")  # full: it starts
    await tg.wait_for(lambda: "Turn" in (board.text or ""), what="the game")
    await _resign_twice(world, world.alice, board)
    await tg.wait_for(lambda: "🔁 Rematch" in str(board.buttons()), what="the end")
    mark = max(m.message_id for m in tg.messages(world.group))
    await tg.press(world.alice, board, "🔁 Rematch")
    rematch = await tg.wait_for_bot_message(world.group, after=mark, containing="Reversi")
    await tg.wait_for(lambda: "Turn" in (rematch.text or ""), what="the rematch, running")
    await world.synced()
    assert len(_notices(world, world.bob)) == 1, [m.text for m in _notices(world, world.bob)]


async def test_a_rematch_with_every_free_seat_kept_is_not_announced(world: World) -> None:
    """A rematch between two people at Reversi keeps the other seat for the other player:
    a notice would call people to a lobby whose Join refuses them."""
    tg = world.tg
    await world.start_privately(world.alice, world.bob, world.carol)
    await _notify(world, world.carol)
    board = await world.open_lobby("/reversi", [world.bob])  # full: it starts
    await tg.wait_for(lambda: _notices(world, world.carol), what="Carol's notice of the lobby")
    await tg.wait_for(lambda: "Turn" in (board.text or ""), what="the game")
    await _resign_twice(world, world.bob, board)
    await tg.wait_for(lambda: "🔁 Rematch" in str(board.buttons()), what="the end")
    mark = max(m.message_id for m in tg.messages(world.group))
    await tg.press(world.alice, board, "🔁 Rematch")
    rematch = await tg.wait_for_bot_message(world.group, after=mark, containing="Reversi")
    refused = await tg.press(world.carol, rematch, "Join")
    assert refused.show_alert and "Bob" in (refused.text or ""), refused.text  # kept for Bob
    await world.synced()
    assert len(_notices(world, world.carol)) == 1, [m.text for m in _notices(world, world.carol)]
