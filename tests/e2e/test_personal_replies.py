"""A reply meant for one person goes to that person, not the group.

A second game command, a blackjack ``/stop`` from someone who may not stop the
table, and ``/blackjack`` from someone already seated at another table of the
chat are answered in the sender's private chat, in their own language, naming the
group; the group reads nothing. Someone the bot cannot write to privately is
answered in the group (the only place Telegram lets the bot reach them)."""

from __future__ import annotations

from sandbox import Chat, Message, User
from storage import gamestore
from tests.e2e.blackjack_table import open_table
from tests.e2e.harness import World


async def _newcomer(world: World, name: str, language: str, group: Chat | None = None) -> User:
    """A member of the group who pressed Start in the bot's private chat."""
    person = world.tg.add_user(name, language_code=language)
    world.tg.add_member(group or world.group, person)
    await world.start_privately(person)
    return person


async def _told_privately(
    world: World, person: User, command: str, chat: Chat | None = None, thread: int | None = None
) -> Message:
    """``person`` sends ``command`` in the group; their private answer. The group
    gets no new message from the bot."""
    tg, chat = world.tg, chat or world.group
    await world.synced()
    before = len(tg.bot_messages(chat))
    mark = max(m.message_id for m in tg.messages(person))
    await tg.send_text(person, chat, command, thread_id=thread)
    told = await tg.wait_for_bot_message(person, after=mark)
    await world.synced()
    assert len(tg.bot_messages(chat)) == before, [m.text for m in tg.bot_messages(chat)]
    return told


async def test_a_second_game_command_is_answered_privately(world: World) -> None:
    lobby = await world.command(world.alice, world.group, "/reversi")
    diego = await _newcomer(world, "Diego", "es")
    told = await _told_privately(world, diego, "/gofish")
    assert (told.text or "").startswith("En Friends: Aquí ya hay una partida de Reversi en curso.")
    assert "Ir a la partida" in (told.text or "")
    link = [e["url"] for e in told.entities if e.get("type") == "text_link"]
    assert link and link[0].endswith(f"/{lobby.message_id}")
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.kind == "reversi"  # nothing else opened


async def test_someone_the_bot_cannot_write_to_gets_the_pointer_in_the_group(
    world: World,
) -> None:
    lobby = await world.command(world.alice, world.group, "/reversi")
    pointer = await world.command(world.bob, world.group, "/gofish")  # Bob never pressed Start
    assert "already running" in (pointer.text or "")
    assert pointer.reply_to is not None and pointer.reply_to.message_id == lobby.message_id


async def test_a_refused_blackjack_stop_is_told_privately(world: World) -> None:
    table = await open_table(world, world.bob)
    masha = await _newcomer(world, "Masha", "ru")  # not seated, not an admin
    told = await _told_privately(world, masha, "/stop")
    assert told.text == (
        "В чате Friends: Остановить стол может только игрок за ним или администратор чата."
    )
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.status == "running"
    assert "stopped" not in (table.text or "")


async def test_blackjack_at_a_second_table_is_refused_privately(world: World) -> None:
    tg = world.tg
    forum = tg.add_group("Casino", members=[world.alice], admins=[world.alice], forum=True)
    one = tg.add_topic(forum, "Table one", by=world.alice)
    two = tg.add_topic(forum, "Table two", by=world.alice)
    diego = await _newcomer(world, "Diego", "es", forum)
    await tg.send_text(diego, forum, "/blackjack", thread_id=one)
    table = await tg.wait_for_bot_message(forum, containing="Diego")
    assert table.thread_id == one
    told = await _told_privately(world, diego, "/blackjack", forum, two)
    assert told.text == (
        "En Casino: Ya estás jugando en otra mesa de este chat: "
        "primero 🚪 Dejar la mesa allí, luego siéntate aquí."
    )
    assert await gamestore.active_game(world.bots[0].db, forum.id, two) is None
