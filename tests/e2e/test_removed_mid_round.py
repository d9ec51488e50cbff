"""Removing the bot from a group is no undo of a dealt blackjack round."""

from __future__ import annotations

from sandbox.model import KICKED, MEMBER
from storage import gamestore
from tests.e2e.blackjack_table import balance
from tests.e2e.harness import World
from tests.e2e.test_blackjack_hardening import dealt_sixteens


async def test_kicking_the_bot_mid_round_is_no_undo_of_bad_cards(world: World) -> None:
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    table = await dealt_sixteens(world)
    tg.kick_bot(world.group, by=alice)  # the admin dislikes her 16
    tg.add_bot(world.group, by=alice)
    mark = max(m.message_id for m in tg.messages(world.group))
    await tg.send_text(bob, world.group, "/blackjack")  # handled after the removal
    await tg.wait_for_bot_message(world.group, after=mark, containing="Bob · 🪙 450")
    assert "The game was stopped by Alice." in (table.text or "")  # drawn once back
    group = world.group.id
    assert (await balance(db, group, alice), await balance(db, group, bob)) == (250, 450)
    (stopped,) = await gamestore.games_with_status(db, "stopped")
    assert stopped.state is not None and stopped.state["phase"] == "settled"


async def test_a_round_played_out_for_a_group_the_bot_left_logs_no_error(world: World) -> None:
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    await dealt_sixteens(world)
    mark = tg.mark()
    tg.kick_bot(world.group, by=alice)  # and not back: the table cannot be edited
    await tg.wait_for(
        lambda: any(call.error_code == 403 for call in tg.calls_since(mark)),
        what="the played-out table refused to the bot",
    )
    await world.synced()
    group = world.group.id
    assert (await balance(db, group, alice), await balance(db, group, bob)) == (250, 450)
    (stopped,) = await gamestore.games_with_status(db, "stopped")
    assert stopped.state is not None and stopped.state["phase"] == "settled"


async def test_a_send_refused_before_the_removal_is_heard_of_undoes_no_round(
    world: World,
) -> None:
    """The bot is out of the group, and a press's table edit is refused (403) before the
    my_chat_member update arrives: the round in play is played out and settles then,
    as the update would have done (the update that follows has nothing left to end)."""
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    table = await dealt_sixteens(world)
    chat = tg.world.chats[world.group.id]
    chat.members[tg.world.bot.id] = KICKED  # removed: Telegram has not said so yet
    mark = tg.mark()
    await tg.press(alice, table, "Stand")  # her 16 stands; its edit is refused
    await tg.wait_for(
        lambda: any(call.error_code == 403 for call in tg.calls_since(mark)), what="a 403"
    )
    await world.synced()
    tg.world.queue_member_change(chat, alice, tg.world.bot, MEMBER, KICKED)
    await tg.wait_for(lambda: not tg.world.updates, what="the update taken")
    await world.synced()
    (stopped,) = await gamestore.games_with_status(db, "stopped")
    assert stopped.meta.chat_lost  # its hands say the bot cannot write in the group
    assert stopped.state is not None and stopped.state["phase"] == "settled", stopped.state
    group = world.group.id
    assert (await balance(db, group, alice), await balance(db, group, bob)) != (500, 500)
