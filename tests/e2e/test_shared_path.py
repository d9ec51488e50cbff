"""The shared path of a press (issue 12): routing by kind of button, a pick on the
group table drawn by the sender, and a stale press told the truth about when the
current board comes."""

from __future__ import annotations

import time
from pathlib import Path

from bot.buttons import Verb, to36
from sandbox import Message
from storage import gamestore
from tests.e2e.blackjack_table import open_table, press
from tests.e2e.harness import World, running_world
from tests.e2e.test_gofish_away import _bobs_turn_at_the_table, _shows_targets

NOT_KNOWN = "This button is not from a game I know."
CHANGED = "This table has changed; here is the current one."
FOLLOWS = "This table has changed; the current one follows in a few seconds."


async def test_a_forged_button_of_each_kind_is_refused_and_changes_nothing(world: World) -> None:
    db, tg = world.bots[0].db, world.tg
    table = await open_table(world, world.alice)
    await press(world, table, world.bob, "🪑 Join table")
    game = await gamestore.active_game(db, world.group.id)
    assert game is not None
    own, version, nobody = to36(game.id), to36(game.version), to36(game.id + 1000)
    forged = ["hello", "g:", "lang", "chips:nope", f"g:{own}:{version}:z", f"g:{own}::m:1"]
    for verb in sorted(v.value for v in Verb):
        forged += [
            f"g:{nobody}:{version}:{verb}",  # a game that does not exist
            f"g:{nobody}:{version}:{verb}:1",
            f"g:{own}:{version}:{verb}:1:2",  # one part too many
            f"g:{own}:{version}:{verb}:",  # an empty argument
            f"g:{own}:{'z' * 13}:{verb}",  # a number too long
        ]
    for data in forged:
        answer = await tg.press_forged(world.bob, table, data)
        assert answer.show_alert and answer.text == NOT_KNOWN, (data, answer.text)
    # a kind of button the running table has no use for: stale (or why not), no change
    for verb in ("c", "s", "r", "k", "b", "y", "i"):
        answer = await tg.press_forged(world.bob, table, f"g:{own}:{version}:{verb}:7")
        expected = "The computer is not playing for you." if verb == "i" else CHANGED
        assert answer.show_alert and answer.text == expected, (verb, answer.text)
    after = await gamestore.active_game(db, world.group.id)
    assert after is not None
    assert (after.version, after.state, after.meta) == (game.version, game.state, game.meta)


async def test_a_pick_on_the_group_table_is_drawn_by_the_sender(world: World) -> None:
    """The pick of a player the bot cannot message is kept for the sender, which draws
    it like every other message: Telegram failing the edit (a 502) only delays it."""
    table = await _bobs_turn_at_the_table(world)
    for method in ("editMessageText", "editMessageReplyMarkup"):
        world.tg.fail_next(method, 502, "Bad Gateway")
    answer = await world.tg.press(world.bob, table, "7")
    assert not answer.show_alert and not answer.text, answer.text
    await world.tg.wait_for(lambda: _shows_targets(table), what="whom to ask, after a retry")
    assert any(c.method == "editMessageText" and not c.ok for c in world.tg.calls)


async def test_a_stale_press_waiting_for_the_groups_budget_is_told_the_board_follows(
    tmp_path: Path,
) -> None:
    """Telegram's group limit on: once the burst is spent, the second tap of a double
    tap is answered before the table can be drawn again, and says so."""
    async with running_world(tmp_path) as world:
        await world.start_bot(group_per_minute=20)
        tg = world.tg
        dave = tg.add_user("Dave", language_code="en")
        tg.add_member(world.group, dave)
        tg.set_flood_control(True)
        table = await open_table(world, world.alice)
        for person in (world.bob, world.carol, dave):
            await press(world, table, person, "🪑 Join table")  # the burst is spent
        versions = len(table.versions)
        started = time.monotonic()
        first = await tg.press_nowait(world.alice, table, "+10")
        second = await tg.press_nowait(world.alice, table, "+10")
        answers = [await tg.wait_answered(q) for q in (first, second)]
        assert not answers[0].show_alert, answers[0].text
        assert answers[1].show_alert and answers[1].text == FOLLOWS
        assert len(table.versions) == versions  # the current board is not there yet
        assert time.monotonic() - started < 2.0
        await tg.wait_for(lambda: "Alice · 🪙 490 · bet 10" in (table.text or ""), timeout=15)
        # once it is drawn, a stale press is told it is here
        stale = await tg.press_forged(world.alice, table, _old_bet(table, versions))
        assert stale.show_alert and stale.text == CHANGED


def _old_bet(table: Message, versions: int) -> str:
    """The "+10" button of the table as drawn before the bet."""
    markup = table.versions[versions - 1].reply_markup or {}
    for row in markup.get("inline_keyboard", []):
        for button in row:
            if button.get("text") == "+10":
                return str(button["callback_data"])
    raise AssertionError("no +10 button")
