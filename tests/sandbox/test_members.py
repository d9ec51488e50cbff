"""Who is in a group as Telegram tells it: restricted and banned members, anonymous admins,
strangers pressing buttons of a public group."""

from __future__ import annotations

import pytest
from telegram import ChatMemberRestricted, InputFile
from telegram import InlineKeyboardButton as Button
from telegram import InlineKeyboardMarkup as Markup
from telegram.error import BadRequest

from tests.sandbox.test_media import picture

ANONYMOUS_BOT = 1087968824  # @GroupAnonymousBot


async def test_restricted_members_say_whether_they_are_in_the_chat(bot, tg):
    alice, carol = tg.add_user("Alice"), tg.add_user("Carol")
    group = tg.add_group("Friends", [alice, carol])
    tg.restrict_member(group, carol)
    inside = await bot.get_chat_member(group.id, carol.id)
    assert isinstance(inside, ChatMemberRestricted)
    assert inside.is_member and inside.can_send_messages and not inside.can_send_polls
    tg.remove_member(group, carol)
    outside = await bot.get_chat_member(group.id, carol.id)
    assert isinstance(outside, ChatMemberRestricted) and not outside.is_member
    with pytest.raises(ValueError, match="only supergroups"):
        tg.restrict_member(tg.add_group("Basic", [alice], supergroup=False), carol)


async def test_an_anonymous_admin_writes_as_the_group(bot, tg):
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    group = tg.add_group("Friends", [alice, bob], admins=[alice])
    await tg.send_as_group(alice, group, "/turntime 60")
    (update,) = await bot.get_updates()
    message = update.message
    assert message.text == "/turntime 60"
    assert (message.from_user.id, message.from_user.username) == (
        ANONYMOUS_BOT,
        "GroupAnonymousBot",
    )
    assert message.from_user.is_bot
    assert message.sender_chat is not None and message.sender_chat.id == group.id
    assert (await bot.get_chat_member(group.id, alice.id)).is_anonymous
    assert (await bot.get_chat_member(group.id, ANONYMOUS_BOT)).status == "left"
    with pytest.raises(ValueError, match="only an administrator"):
        await tg.send_as_group(bob, group, "/turntime 60")


async def test_anyone_may_press_buttons_in_a_public_group(bot, tg):
    alice, stranger = tg.add_user("Alice"), tg.add_user("Stranger")
    public = tg.add_group("Open games", [alice], username="opengames")
    private = tg.add_group("Friends", [alice])
    keyboard = Markup([[Button("Join", callback_data="j")]])
    for chat in (public, private):
        await bot.send_message(chat.id, "table", reply_markup=keyboard)
    query = await tg.press_nowait(stranger, tg.last_bot_message(public), "Join")
    updates = await bot.get_updates(allowed_updates=["callback_query"])
    assert updates[-1].callback_query.from_user.id == stranger.id
    await bot.answer_callback_query(query.id, text="no")
    assert (await tg.wait_answered(query, timeout=5)).text == "no"
    with pytest.raises(ValueError, match="not a member"):
        await tg.press_nowait(stranger, tg.last_bot_message(private), "Join")
    assert tg.pending_updates[-1].payload.get("id") == query.id  # nothing queued after


async def test_a_banned_member_is_kicked_and_seen_leaving(bot, tg):
    alice, bob, carol = tg.add_user("Alice"), tg.add_user("Bob"), tg.add_user("Carol")
    group = tg.add_group("Friends", [alice, bob, carol], admins=[alice])
    tg.restrict_member(group, carol)
    tg.ban_member(group, carol, by=alice)
    banned = await bot.get_chat_member(group.id, carol.id)
    assert banned.status == "kicked"  # not "restricted": a ban outranks restrictions
    (update,) = await bot.get_updates()
    assert update.message.left_chat_member.id == carol.id
    assert update.message.from_user.id == alice.id
    with pytest.raises(ValueError, match="no administrator"):
        tg.ban_member(group, alice, by=bob)
    with pytest.raises(BadRequest, match="Chat not found"):
        await bot.get_chat_member(-100, carol.id)


async def test_a_muted_bot_edits_what_it_sent_and_sends_nothing_new(bot, tg):
    """An administrator restricts the bot from sending messages: my_chat_member says
    so, a new message is refused with Telegram's 400 (text, photo), and the messages
    it already sent can still be edited; lifted, it sends again."""
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    group = tg.add_group("Friends", [alice, bob], admins=[alice])
    sent = await bot.send_message(group.id, "table")
    tg.mute_member(group, tg.bot, by=alice)
    (update,) = await bot.get_updates(allowed_updates=["my_chat_member"])
    change = update.my_chat_member
    assert change is not None and change.from_user.id == alice.id
    assert isinstance(change.new_chat_member, ChatMemberRestricted)
    assert change.new_chat_member.is_member and not change.new_chat_member.can_send_messages
    member = await bot.get_chat_member(group.id, tg.bot.id)
    assert isinstance(member, ChatMemberRestricted) and not member.can_send_messages
    with pytest.raises(BadRequest, match="Not enough rights to send text messages"):
        await bot.send_message(group.id, "again")
    with pytest.raises(BadRequest, match="Not enough rights to send photos"):
        await bot.send_photo(group.id, InputFile(picture(), filename="p.png"))
    await bot.edit_message_text("table, edited", group.id, sent.message_id)
    assert tg.message(group, sent.message_id).text == "table, edited"
    tg.mute_member(group, bob, by=alice)
    with pytest.raises(ValueError, match="may not send messages"):
        await tg.send_text(bob, group, "hello?")
    tg.mute_member(group, tg.bot, by=alice, muted=False)
    await bot.send_message(group.id, "again")
    with pytest.raises(ValueError, match="no administrator"):
        tg.mute_member(group, bob, by=bob)
    with pytest.raises(ValueError, match="only supergroups"):
        tg.mute_member(tg.add_group("Basic", [alice], supergroup=False), bob, by=alice)
