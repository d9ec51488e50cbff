"""The "🃏 My hand" alert holds at most 200 characters as Telegram counts them (UTF-16
units: an emoji such as 🎣 counts two). A big Russian hand with the news of an ask by
someone with a long name was cut at 200 Python characters, one more than Telegram
takes: the press got no answer at all."""

from __future__ import annotations

import random

from games.gofish import ENGINE
from storage import gamestore
from tests.e2e.harness import World

LONG = "Maximilian Alexander von Hohenzollern-Sigmaringen"


def _big_hand_state() -> object:
    """A reachable two-player state (seeded play, 36 asks): seat 0 holds 24 cards, and
    the news of the last ask names the long name; in Russian its hand line with that
    news is over 200 UTF-16 units (201 when cut at 200 Python characters)."""
    rng = random.Random(7)
    state = ENGINE.new_game(2, {}, rng)
    for _ in range(36):
        turn = ENGINE.view(state, None).turn
        assert turn is not None
        state, _ = ENGINE.apply(state, turn, rng.choice(ENGINE.legal_actions(state, turn)))
    view = ENGINE.view(state, 0)
    assert view.turn == 0 and len(view.hand) == 24, (view.turn, len(view.hand))
    return state


async def test_a_long_my_hand_alert_is_cut_to_what_telegram_takes(world: World) -> None:
    tg, db = world.tg, world.bots[0].db
    ivan = tg.add_user("Иван", language_code="ru")
    long = tg.add_user(LONG, language_code="en")
    for person in (ivan, long):
        tg.add_member(world.group, person)
    table = await world.command(ivan, world.group, "/gofish")
    await tg.press(long, table, "Сесть")
    await tg.wait_for(lambda: "Maximilian" in (table.text or ""), what="two seated")
    await tg.press(ivan, table, "Начать")
    await tg.wait_for(lambda: "▶️" in (table.text or ""), what="dealt")
    game = await gamestore.active_game(db, world.group.id)
    assert game is not None
    game.state = ENGINE.to_dict(_big_hand_state())  # type: ignore[arg-type]
    assert await gamestore.save_game(db, game)
    alert = await tg.press(ivan, table, "🃏 Мои карты")
    assert alert.show_alert and (alert.text or "").startswith("Ваши карты:"), alert.text
    assert len((alert.text or "").encode("utf-16-le")) // 2 <= 200
