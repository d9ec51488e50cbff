"""The driver acting as people: buttons, deep links, topics, waiting, notifications."""

from __future__ import annotations

import asyncio

import pytest
from telegram import InlineKeyboardButton as Button
from telegram import InlineKeyboardMarkup as Markup
from telegram.error import BadRequest


@pytest.fixture
def friends(tg):
    alice = tg.add_user("Alice", language_code="en")
    bob = tg.add_user("Bob", language_code="es")
    return alice, bob, tg.add_group("Friends", [alice, bob])


async def answer_next_query(bot, text):
    updates = await bot.get_updates(timeout=10, allowed_updates=["callback_query"])
    query = updates[-1].callback_query
    await bot.answer_callback_query(query.id, text=f"{text} {query.from_user.first_name}")
    await bot.get_updates(offset=updates[-1].update_id + 1)
    return query


async def test_press_waits_for_the_answer(bot, tg, friends):
    _, bob, group = friends
    keyboard = Markup(
        [[Button("Join", callback_data="g1:join"), Button("Rules", url="https://t.me/x")]]
    )
    sent = await bot.send_message(group.id, "Reversi table", reply_markup=keyboard)
    answering = asyncio.create_task(answer_next_query(bot, "Welcome"))
    answer = await tg.press(bob, tg.message(group, sent.message_id), "Join")
    assert answer.text == "Welcome Bob" and not answer.show_alert
    query = await answering
    assert (query.data, query.message.message_id, query.message.chat.id) == (
        "g1:join",
        sent.message_id,
        group.id,
    )
    assert query.chat_instance


async def test_press_mistakes_raise(bot, tg, friends):
    alice, _, group = friends
    carol = tg.add_user("Carol")
    sent = await bot.send_message(
        group.id,
        "t",
        reply_markup=Markup(
            [[Button("Join", callback_data="j"), Button("Web", url="https://t.me/x")]]
        ),
    )
    message = tg.message(group, sent.message_id)
    with pytest.raises(ValueError, match=r"no button text='Leave'.*\('Join', 'j'\)"):
        await tg.press_nowait(alice, message, "Leave")
    with pytest.raises(ValueError, match="use open_url"):
        await tg.press_nowait(alice, message, "Web")
    with pytest.raises(ValueError, match="not a member"):
        await tg.press_nowait(carol, message, "Join")
    query = await tg.press_nowait(alice, message, callback_data="j")
    with pytest.raises(TimeoutError, match=r"answer callback query .*'j'.*sendMessage"):
        await tg.wait_answered(query, timeout=0.05)


async def test_concurrent_presses(bot, tg, friends):
    alice, bob, group = friends
    sent = await bot.send_message(
        group.id, "t", reply_markup=Markup([[Button("Go", callback_data="go")]])
    )
    message = tg.message(group, sent.message_id)
    queries = [await tg.press_nowait(user, message, "Go") for user in (alice, bob)]
    updates = await bot.get_updates()
    assert [u.callback_query.from_user.first_name for u in updates] == ["Alice", "Bob"]
    for update in reversed(updates):
        await bot.answer_callback_query(update.callback_query.id, text="ok")
    answers = await asyncio.gather(*(tg.wait_answered(q) for q in queries))
    assert [a.text for a in answers] == ["ok", "ok"]


async def test_deep_link_opens_private_chat(bot, tg, friends):
    alice, _, _ = friends
    await tg.open_url(alice, "https://t.me/tablebot?start=g42")
    assert alice.has_started_bot
    (update,) = await bot.get_updates()
    assert update.message.text == "/start g42" and update.message.chat.type == "private"
    assert [(e.type, e.offset, e.length) for e in update.message.entities] == [
        ("bot_command", 0, 6)
    ]
    assert (await bot.send_message(alice.id, "your hand")).chat.id == alice.id

    with pytest.raises(ValueError, match="not a link to @tablebot"):
        await tg.open_url(alice, "https://t.me/otherbot?start=1")
    with pytest.raises(ValueError, match="refuse"):
        await tg.open_url(alice, "https://t.me/tablebot?start=bad payload!")


async def test_startgroup_link_adds_the_bot(bot, tg):
    alice = tg.add_user("Alice")
    group = tg.add_group("New", [alice], bot_status="left")
    await tg.open_url(alice, "tg://resolve?domain=tablebot&startgroup=cfg", group=group)
    kinds = [u.to_dict() for u in await bot.get_updates()]
    assert kinds[0]["my_chat_member"]["new_chat_member"]["status"] == "member"
    assert kinds[1]["message"]["new_chat_members"][0]["id"] == tg.bot.id
    assert kinds[2]["message"]["text"] == "/start@tablebot cfg"


async def test_forum_topics(bot, tg):
    alice = tg.add_user("Alice")
    forum = tg.add_group("Club", [alice], forum=True)
    thread = tg.add_topic(forum, "Reversi")
    sent = await bot.send_message(forum.id, "board", message_thread_id=thread)
    assert sent.message_thread_id == thread and sent.is_topic_message
    assert sent.chat.is_forum
    await tg.send_text(alice, forum, "/move", thread_id=thread)
    updates = await bot.get_updates()
    assert updates[0].message.forum_topic_created.name == "Reversi"
    assert (updates[1].message.message_thread_id, updates[1].message.text) == (thread, "/move")
    with pytest.raises(BadRequest, match="Message thread not found"):
        await bot.send_message(forum.id, "x", message_thread_id=thread + 100)


async def test_forum_topics_closed_reopened_and_deleted(bot, tg):
    """A closed topic refuses a bot that is no admin there and keeps its messages; a
    reopened one takes messages again; a deleted one is gone with its messages."""
    alice = tg.add_user("Alice")
    forum = tg.add_group("Club", [alice], [alice], forum=True)
    thread = tg.add_topic(forum, "Cards", by=alice)
    board = await bot.send_message(forum.id, "board", message_thread_id=thread)
    await bot.get_updates()
    tg.close_topic(forum, thread, by=alice)
    with pytest.raises(BadRequest, match="Topic_closed"):
        await bot.send_message(forum.id, "x", message_thread_id=thread)
    with pytest.raises(BadRequest, match="Topic_closed"):  # a reply goes to its topic
        await bot.send_message(forum.id, "x", reply_to_message_id=board.message_id)
    edited = await bot.edit_message_text("board, edited", forum.id, board.message_id)
    assert not isinstance(edited, bool) and edited.text == "board, edited"
    tg.reopen_topic(forum, thread, by=alice)
    updates = await bot.get_updates(offset=-2)
    assert updates[0].message.forum_topic_closed is not None
    assert updates[1].message.forum_topic_reopened is not None
    await bot.send_message(forum.id, "again", message_thread_id=thread)
    tg.delete_topic(forum, thread)
    with pytest.raises(BadRequest, match="Message thread not found"):
        await bot.send_message(forum.id, "x", message_thread_id=thread)
    with pytest.raises(BadRequest, match="Message to edit not found"):
        await bot.edit_message_text("gone", forum.id, board.message_id)
    promoted = tg.add_group("Hall", [alice], [alice], forum=True, bot_status="administrator")
    hall = tg.add_topic(promoted, "Cards", by=alice)
    tg.close_topic(promoted, hall, by=alice)
    await bot.send_message(promoted.id, "an admin may", message_thread_id=hall)


async def test_a_forums_general_topic_closed_and_reopened(bot, tg):
    """General (its messages carry no thread id) closed: a bot that is no admin may not
    post there, and may in the forum's other topics; reopened, it may again."""
    alice = tg.add_user("Alice")
    forum = tg.add_group("Club", [alice], [alice], forum=True)
    thread = tg.add_topic(forum, "Cards", by=alice)
    board = await bot.send_message(forum.id, "board")
    await bot.get_updates()
    tg.close_general(forum, by=alice)
    with pytest.raises(BadRequest, match="Topic_closed"):
        await bot.send_message(forum.id, "x")
    await bot.send_message(forum.id, "in a topic", message_thread_id=thread)
    edited = await bot.edit_message_text("board, edited", forum.id, board.message_id)
    assert not isinstance(edited, bool) and edited.text == "board, edited"
    tg.reopen_general(forum, by=alice)
    updates = await bot.get_updates(offset=-2)
    assert updates[0].message.forum_topic_closed is not None
    assert updates[1].message.forum_topic_reopened is not None
    await bot.send_message(forum.id, "again")


async def test_wait_for_wakes_on_changes(tg, friends):
    alice, _, group = friends
    waiter = asyncio.create_task(
        tg.wait_for(lambda: [m for m in tg.messages(group) if m.text == "/go"], timeout=5)
    )
    await asyncio.sleep(0)
    assert not waiter.done()
    await tg.send_text(alice, group, "/go")
    (message,) = await waiter
    assert message.sender is alice
    with pytest.raises(TimeoutError, match=r"nothing happens.*no Bot API call"):
        await tg.wait_for(lambda: False, timeout=0.01, what="nothing happens")


async def test_subscribers_see_every_change(bot, tg, friends):
    alice, _, group = friends
    changes = []
    unsubscribe = tg.subscribe(changes.append)
    await tg.send_text(alice, group, "/start")
    sent = await bot.send_message(group.id, "hi")
    unsubscribe()
    await bot.send_message(group.id, "unseen")
    kinds = [(c.kind, c.chat_id, c.message_id) for c in changes if c.kind in {"message", "update"}]
    assert kinds == [
        ("message", group.id, 1),
        ("update", None, None),
        ("message", group.id, sent.message_id),
    ]
    versions = [c.version for c in changes]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)


async def test_people_edit_and_delete(bot, tg, friends):
    alice, _, group = friends
    said = await tg.send_text(alice, group, "/bid 5")
    await tg.edit_text(alice, said, "/bid 6")
    updates = await bot.get_updates()
    assert updates[-1].edited_message.text == "/bid 6"
    tg.delete_message(group, said.message_id)
    assert tg.messages(group) == [] and tg.messages(group, include_deleted=True) == [said]
    assert [v.deleted for v in tg.history(group, said.message_id)] == [False, False, True]
    with pytest.raises(ValueError, match="no message"):
        tg.delete_message(group, said.message_id)


async def test_members_join_and_leave(bot, tg, friends):
    _, _, group = friends
    carol = tg.add_user("Carol")
    tg.add_member(group, carol)
    tg.remove_member(group, carol)
    messages = [u.message for u in await bot.get_updates()]
    assert messages[0].new_chat_members[0].first_name == "Carol"
    assert messages[1].left_chat_member.first_name == "Carol"
    assert (await bot.get_chat_member(group.id, carol.id)).status == "left"
