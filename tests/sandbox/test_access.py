"""Who the bot may talk to: 403s, kicked bots, migrated groups, chat members."""

from __future__ import annotations

import pytest
from telegram.error import BadRequest, ChatMigrated, Forbidden


async def test_private_chat_needs_a_started_unblocked_user(bot, tg):
    alice = tg.add_user("Alice")
    with pytest.raises(Forbidden) as caught:
        await bot.send_message(alice.id, "hi")
    assert caught.value.message == "Forbidden: bot can't initiate conversation with a user"

    await tg.send_text(alice, alice, "/start")
    sent = await bot.send_message(alice.id, "welcome")
    assert sent.chat.type == "private" and sent.chat.first_name == "Alice"

    tg.block_bot(alice)
    with pytest.raises(Forbidden) as caught:
        await bot.send_message(alice.id, "still there?")
    assert caught.value.message == "Forbidden: bot was blocked by the user"
    with pytest.raises(Forbidden, match="blocked"):
        await bot.edit_message_text("edited", alice.id, sent.message_id)

    tg.unblock_bot(alice)
    assert (await bot.send_message(alice.id, "back")).text == "back"


async def test_blocking_queues_my_chat_member(bot, tg):
    alice = tg.add_user("Alice")
    await tg.send_text(alice, alice, "/start")
    tg.block_bot(alice)
    updates = await bot.get_updates()
    change = updates[-1].my_chat_member
    assert change.chat.id == alice.id and change.from_user.id == alice.id
    assert (change.old_chat_member.status, change.new_chat_member.status) == ("member", "kicked")


@pytest.mark.parametrize(
    ("supergroup", "kind", "new_status"), [(True, "supergroup", "kicked"), (False, "group", "left")]
)
async def test_kicked_bot(bot, tg, supergroup, kind, new_status):
    alice = tg.add_user("Alice")
    group = tg.add_group("Friends", [alice], supergroup=supergroup)
    tg.kick_bot(group)
    with pytest.raises(Forbidden) as caught:
        await bot.send_message(group.id, "hello?")
    assert caught.value.message == f"Forbidden: bot was kicked from the {kind} chat"
    change = (await bot.get_updates())[-1].my_chat_member
    assert change.new_chat_member.status == new_status and change.from_user.id == alice.id

    tg.add_bot(group, by=alice)
    assert (await bot.send_message(group.id, "I'm back")).chat.id == group.id


async def test_left_bot_is_not_a_member(bot, tg):
    alice = tg.add_user("Alice")
    group = tg.add_group("Friends", [alice])
    assert await bot.leave_chat(group.id)
    with pytest.raises(Forbidden) as caught:
        await bot.send_message(group.id, "x")
    assert caught.value.message == "Forbidden: bot is not a member of the supergroup chat"


async def test_migrated_group(bot, tg):
    alice = tg.add_user("Alice")
    group = tg.add_group("Old", [alice], supergroup=False)
    assert group.type == "group" and -5_000_000_000 < group.id < -4_000_000_000
    new = tg.upgrade_to_supergroup(group)
    assert str(new.id).startswith("-100") and new.type == "supergroup"

    with pytest.raises(ChatMigrated) as caught:
        await bot.send_message(group.id, "x")
    assert caught.value.new_chat_id == new.id
    assert tg.calls[-1].description == "Bad Request: group chat was upgraded to a supergroup chat"
    assert (await bot.send_message(new.id, "here")).chat.id == new.id

    messages = [u.message for u in await bot.get_updates()]
    assert (messages[0].chat.id, messages[0].migrate_to_chat_id) == (group.id, new.id)
    assert (messages[1].chat.id, messages[1].migrate_from_chat_id) == (new.id, group.id)


async def test_chat_members(bot, tg):
    alice, bob, carol, dave = (tg.add_user(n) for n in ("Alice", "Bob", "Carol", "Dave"))
    group = tg.add_group("Friends", [alice, bob, dave], admins=[bob], bot_status="administrator")
    group.members[dave.id] = "kicked"
    statuses = {
        user.first_name: (await bot.get_chat_member(group.id, user.id)).status
        for user in (alice, bob, carol, dave)
    }
    assert statuses == {
        "Alice": "creator",
        "Bob": "administrator",
        "Carol": "left",
        "Dave": "kicked",
    }
    assert (await bot.get_chat_member(group.id, tg.bot.id)).status == "administrator"
    admins = await bot.get_chat_administrators(group.id)
    assert {m.user.first_name for m in admins} == {"Alice", "Bob", "Table Bot"}
    with pytest.raises(BadRequest, match="User not found"):
        await bot.get_chat_member(group.id, 5)
    chat = await bot.get_chat(group.id)
    assert (chat.title, chat.type) == ("Friends", "supergroup")
    assert await bot.get_chat_member_count(group.id) == 3
    with pytest.raises(BadRequest, match="Chat not found"):
        await bot.get_chat(-100)


async def test_admin_bot_may_delete_other_messages(bot, tg):
    alice = tg.add_user("Alice")
    group = tg.add_group("Friends", [alice], bot_status="administrator")
    theirs = await tg.send_text(alice, group, "spam")
    assert await bot.delete_message(group.id, theirs.message_id)
