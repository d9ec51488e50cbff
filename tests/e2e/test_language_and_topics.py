"""Languages (Telegram's, or the chat's /language) and forum topics."""

from __future__ import annotations

from pathlib import Path

from sandbox import Message
from tests.e2e.harness import World, running_world


async def test_help_follows_the_telegram_language(world: World) -> None:
    ana = world.tg.add_user("Ana", language_code="es-419")
    ivan = world.tg.add_user("Иван", language_code="ru")
    spanish = await world.command(ana, ana, "/start")
    assert "Juegos de mesa para tu grupo" in (spanish.text or "")
    russian = await world.command(ivan, ivan, "/help")
    assert "Настольные игры" in (russian.text or "")
    english = await world.command(world.bob, world.bob, "/help")
    assert "Table games for your group chat" in (english.text or "")


async def test_an_admin_sets_the_chat_language(world: World) -> None:
    menu = await world.command(world.bob, world.group, "/language")
    refused = await world.tg.press(world.bob, menu, "Español")  # Bob is not an admin
    assert refused.show_alert and refused.text == "Only a chat administrator can do that."
    answer = await world.tg.press(world.alice, menu, "Русский")
    assert answer.text == "Теперь этот чат говорит по-русски."
    lobby = await world.command(world.bob, world.group, "/durak")  # a lobby with Start
    assert "Ждём игроков" in (lobby.text or "")
    assert [b.text for b in lobby.buttons()[0]] == ["Сесть", "Выйти"]
    # an alert is for one person: in their own language
    alert = await world.tg.press(world.carol, lobby, "Начать")
    assert alert.text == "Join the table first."


async def test_one_game_per_forum_topic(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot()
        tg = world.tg
        forum = tg.add_group(
            "Club", members=[world.alice, world.bob], admins=[world.alice], forum=True
        )
        first = tg.add_topic(forum, "Reversi corner", by=world.alice)
        second = tg.add_topic(forum, "Card room", by=world.alice)
        await tg.send_text(world.alice, forum, "/reversi", thread_id=first)
        one = await tg.wait_for_bot_message(forum, containing="Waiting for players")
        assert one.thread_id == first
        await tg.send_text(world.bob, forum, "/reversi", thread_id=second)
        two = await tg.wait_for_bot_message(forum, after=one.message_id, containing="Waiting")
        assert two.thread_id == second
        await tg.send_text(world.bob, forum, "/reversi", thread_id=first)
        pointer = await tg.wait_for_bot_message(forum, after=two.message_id)
        assert "already running" in (pointer.text or "") and pointer.thread_id == first
        assert pointer.reply_to is not None and pointer.reply_to.message_id == one.message_id
        link = [e for e in pointer.entities if e.get("type") == "text_link"]
        assert link and f"/{one.message_id}?thread={first}" in link[0]["url"]


async def test_a_running_table_follows_the_chats_new_language(world: World) -> None:
    """An admin sets the group's language mid-game: the table the group is looking
    at is redrawn in it, not left in the old one until somebody moves."""
    board = await world.open_lobby("/reversi", [world.bob])  # full: it starts
    assert "Turn: ⚫ Alice" in (board.text or "")
    menu = await world.command(world.alice, world.group, "/language")
    await world.tg.press(world.alice, menu, "Español")
    await world.tg.wait_for(lambda: "Turno: ⚫ Alice" in (board.text or ""), what="Spanish")


async def test_a_private_hand_follows_its_readers_new_language(world: World) -> None:
    """A player sets their private chat's language mid-game: the hand they are
    looking at there is redrawn in it, not left in the old one until the game moves."""
    await world.start_privately(world.alice, world.bob)
    table = await world.open_lobby("/gofish", [world.bob])
    await world.start_game(table)

    def hand() -> Message | None:
        hands = [m for m in world.tg.bot_messages(world.bob) if "Your hand" in (m.text or "")]
        return hands[-1] if hands else None

    shown = await world.tg.wait_for(hand, what="Bob's hand")
    menu = await world.command(world.bob, world.bob, "/language")
    await world.tg.press(world.bob, menu, "Español")
    await world.tg.wait_for(lambda: "Tu mano: " in (shown.text or ""), what="Spanish")
