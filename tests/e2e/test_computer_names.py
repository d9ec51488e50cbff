"""Two computer players read apart ("🤖 Computer 1 (normal)",
"🤖 Computer 2 (normal)"), in every language; a seat the computer took from a person
who resigned keeps that person's name ("🤖 Bob (computer)")."""

from __future__ import annotations

from sandbox import Chat, Message
from tests.e2e.harness import World


def _group_texts(world: World, chat: Chat) -> list[str]:
    return [
        version.text or ""
        for message in world.tg.messages(chat, include_deleted=True)
        for version in message.versions
    ]


async def _lobby(world: World, chat: Chat, command: str, computers: int, add: str) -> Message:
    lobby = await world.command(world.alice, chat, command)
    for _ in range(computers):
        await world.tg.press(world.alice, lobby, add)
    await world.tg.wait_for(
        lambda: (lobby.text or "").count("🤖") == computers, what="the computers' seats"
    )
    return lobby


async def test_two_computers_are_numbered(world: World) -> None:
    await world.start_privately(world.alice)
    table = await _lobby(world, world.group, "/gofish", 2, "🤖 Add computer")
    assert "Alice, 🤖 Computer 1 (normal), 🤖 Computer 2 (normal)" in (table.text or "")
    shown = len(table.versions)
    await world.start_game(table)
    await world.tg.wait_for(lambda: "▶️" in (table.text or ""), what="the table")
    text = table.text or ""
    assert "🤖 Computer 1 (normal) —" in text and "🤖 Computer 2 (normal) —" in text, text
    assert not any("Computer (normal)" in v.text for v in table.versions[shown:] if v.text)


async def test_numbered_in_spanish_and_russian(world: World) -> None:
    await world.start_privately(world.alice)
    for language, title, add, label in (
        ("Español", "Amigos", "🤖 Añadir ordenador", "🤖 Ordenador 2 (normal)"),
        ("Русский", "Друзья", "🤖 Добавить компьютер", "🤖 Компьютер 2 (обычный)"),
    ):
        chat = world.tg.add_group(title, members=[world.alice], admins=[world.alice])
        menu = await world.command(world.alice, chat, "/language")
        answer = await world.tg.press(world.alice, menu, language)
        assert not answer.show_alert, answer.text
        lobby = await _lobby(world, chat, "/durak", 2, add)
        assert label in (lobby.text or ""), lobby.text


async def test_a_resigned_seat_keeps_the_name_of_who_left_it(world: World) -> None:
    await world.start_privately(world.alice, world.bob)
    table = await world.open_lobby("/durak", [world.bob], computers=1)
    await world.start_game(table)
    await world.tg.press(world.bob, table, "🏳️ Resign")
    answer = await world.tg.press(world.bob, table, "🏳️ Resign")
    assert answer.text == "You resigned.", answer.text
    await world.tg.wait_for(lambda: "🤖 Bob (computer) —" in (table.text or ""), what="Bob's seat")
    assert "🤖 Computer (normal) —" in (table.text or "")  # the one computer: no number
