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
