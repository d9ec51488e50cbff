"""Cards read right in a chat: red suits are red (emoji presentation), a Russian
chat reads В Д К Т for jack, queen, king and ace."""

from __future__ import annotations

from tests.e2e.blackjack_table import press, stack
from tests.e2e.harness import World


async def test_a_russian_blackjack_table_shows_red_suits_and_russian_faces(world: World) -> None:
    menu = await world.command(world.alice, world.group, "/language")
    await world.tg.press(world.alice, menu, "Русский")
    table = await world.command(world.alice, world.group, "/blackjack")
    assert "Блэкджек" in (table.text or "")
    await stack(world.bots[0].db, table, ["QH KD"], "6D 10S")
    await press(world, table, world.alice, "+50")
    await press(world, table, world.alice, "✅ Готов")
    text = table.text or ""
    assert "Д♥\ufe0f К♦\ufe0f — 20" in text, text
    assert "Дилер: 6♦\ufe0f 🂠" in text, text
    for row in table.buttons():
        for button in row:
            data = button.callback_data or ""
            assert data.isascii() and len(data.encode()) <= 64


async def test_in_a_russian_group_a_refusal_is_an_alert_in_the_pressers_language(
    world: World,
) -> None:
    ana = world.tg.add_user("Ana", language_code="es")
    world.tg.add_member(world.group, ana)
    await world.start_privately(world.alice, world.bob)
    table = await world.start_game(await world.open_lobby("/durak", [world.bob], 0))
    menu = await world.command(world.alice, world.group, "/language")  # the group: Russian
    await world.tg.press(world.alice, menu, "Русский")
    hand = "🃏 Мои карты"  # the running table is redrawn in the group's new language
    await world.tg.wait_for(lambda: any(b.text == hand for r in table.buttons() for b in r))
    await world.synced()
    mark = world.tg.bot_messages(world.group)[-1].message_id
    versions = len(table.versions)
    answer = await world.tg.press(ana, table, hand)
    assert answer.show_alert and answer.text == "No juegas en esta partida."
    english = await world.tg.press(world.carol, table, hand)  # Carol's Telegram is English
    assert english.show_alert and english.text == "You are not playing in this game."
    assert len(table.versions) == versions
    assert world.tg.bot_messages(world.group)[-1].message_id == mark  # nothing in the group
