"""The table stays the last game message (issue 13): ``/table`` posts the live table
again at the bottom (the old one goes), and replies that matter to one person
leave the group: their private chat, else a reply to their command."""

from __future__ import annotations

from sandbox import Message
from tests.e2e.harness import World
from tests.e2e.reversi_board import data_of, hint_squares, turn_name
from tests.e2e.test_nudges import started

# two people play: a rated game, which they stop by a vote
RATED = "This game is rated: its players stop it by a vote, or an admin not playing it."


def _last_bot_message(world: World) -> Message:
    last = world.tg.last_bot_message(world.group)
    assert last is not None
    return last


async def test_table_posts_the_live_table_again_at_the_bottom(world: World) -> None:
    tg = world.tg
    board = await started(world, "/reversi", world.bob)
    for _ in range(2):  # replies bury the table
        await world.command(world.carol, world.group, "/stats")
    assert _last_bot_message(world) is not board
    await tg.send_text(world.bob, world.group, "/table")
    await tg.wait_for(lambda: board.deleted, what="the old table gone")
    moved = _last_bot_message(world)
    assert moved.message_id > board.message_id and turn_name(moved) == "Alice"
    assert (moved.text or "") == (board.text or "")
    # the table posted again is the live one: a move is drawn on it
    await tg.press(world.alice, moved, callback_data=data_of(moved, hint_squares(moved)[0]))
    await tg.wait_for(lambda: turn_name(moved) == "Bob", what="the move on the new table")
    await world.synced()
    assert [m for m in tg.bot_messages(world.group) if "Turn:" in (m.text or "")] == [moved]


async def test_a_refusal_to_one_person_goes_to_their_private_chat(world: World) -> None:
    tg, carol = world.tg, world.carol
    await world.start_privately(carol)
    await started(world, "/reversi", world.bob)  # Carol has no seat: she may not stop it
    before = len(tg.bot_messages(world.group))
    mark = max(m.message_id for m in tg.messages(carol))
    await tg.send_text(carol, world.group, "/stop")
    told = await tg.wait_for_bot_message(carol, after=mark)
    assert told.text == f"In Friends: {RATED}"
    await tg.send_text(carol, world.group, "/turntime 5")  # not hers to set (an admin's
    wrong = await tg.wait_for_bot_message(carol, after=told.message_id)  # bad value: the group)
    assert wrong.text == "In Friends: Only a chat administrator can do that."
    await world.synced()
    assert len(tg.bot_messages(world.group)) == before  # nothing for the group to read
    # Dave never started the bot: the group is the only place to answer him
    dave = tg.add_user("Dave", language_code="en")
    tg.add_member(world.group, dave)
    asked = await tg.send_text(dave, world.group, "/stop")
    answer = await tg.wait_for_bot_message(world.group, after=asked.message_id)
    assert answer.reply_to is not None and answer.reply_to.message_id == asked.message_id
    assert answer.text == RATED, answer.text


async def test_table_while_the_lobby_waits_for_flood_control_tells_no_untruth(
    world: World,
) -> None:
    """Telegram holds the group back (429) as a lobby opens: someone's /table before
    its first post is told nothing untrue ("No game is running here." while a game
    command would say one is), and the lobby comes once, when Telegram allows."""
    tg = world.tg
    await world.start_privately(world.bob)
    tg.fail_next("sendMessage", 429, "Too Many Requests: retry after 2", retry_after=2)
    mark = tg.mark()
    await tg.send_text(world.alice, world.group, "/reversi")
    await tg.wait_for(lambda: [c for c in tg.calls_since(mark) if c.error_code == 429],
                      what="the lobby's post held back")  # fmt: skip
    await tg.send_text(world.bob, world.group, "/table")
    lobby = await tg.wait_for_bot_message(world.group, containing="Waiting for players")
    await world.synced()
    said = [m.text for chat in (world.bob, world.group) for m in tg.bot_messages(chat)]
    assert not [t for t in said if "No game is running here." in (t or "")], said
    assert [m for m in tg.bot_messages(world.group) if "Reversi" in (m.text or "")] == [lobby]
