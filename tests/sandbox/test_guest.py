"""Guest mode (Bot API 10.0) through a real PTB Bot: a mention of the bot in a chat it
is not in is a ``guest_message`` with a ``guest_query_id``; answerGuestQuery posts one
result into that chat as the bot's guest message, addressed by ``inline_message_id``."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from telegram import InlineKeyboardButton as Button
from telegram import InlineKeyboardMarkup as Markup
from telegram import InlineQueryResultArticle, InputTextMessageContent, SentGuestMessage

from tests.sandbox.test_inline_validation import TOO_OLD, article, call, refused

JOIN = Markup([[Button("Join", callback_data="join")]])
LOBBY = InlineQueryResultArticle(
    "new:reversi", "Reversi", InputTextMessageContent("<b>Reversi</b>", parse_mode="HTML"),
    reply_markup=JOIN,
)  # fmt: skip


@pytest.fixture
def people(tg):
    tg.set_guest_mode(True)
    alice = tg.add_user("Alice", username="alice")
    bob = tg.add_user("Bob", last_name="Builder")
    outside = tg.add_group("No bot", [alice, bob], bot_status="left")
    return alice, bob, outside


async def next_guest(bot):
    (update,) = await bot.get_updates()
    await bot.get_updates(offset=update.update_id + 1)
    return update.guest_message


async def test_guest_mode_is_off_by_default_and_a_mention_is_then_only_text(bot, tg):
    alice = tg.add_user("Alice")
    group = tg.add_group("No bot", [alice], bot_status="left")
    assert (await bot.get_me()).supports_guest_queries is False
    message = await tg.send_text(alice, group, "@tablebot reversi")
    assert tg.guest_query(message) is None and tg.pending_updates == []
    with pytest.raises(ValueError, match="guest mode is off"):
        await tg.mention_bot(alice, group, "reversi")
    tg.set_guest_mode(True)
    assert (await bot.get_me()).supports_guest_queries is True


async def test_a_mention_in_a_group_the_bot_is_not_in(bot, tg, people):
    alice, _, outside = people
    message = await tg.send_text(alice, outside, "let's play @TableBot reversi")
    guest = await next_guest(bot)
    query = tg.guest_query(message)
    assert query is not None and guest.guest_query_id == query.id
    assert (guest.text, guest.chat.id, guest.from_user.id) == (
        "let's play @TableBot reversi", outside.id, alice.id,
    )  # fmt: skip
    assert guest.parse_entities(["mention"]).popitem()[1] == "@TableBot"


@pytest.mark.parametrize(
    "text", ["@otherbot reversi", "tablebot reversi", "/reversi@tablebot", "@tablebotx hi"]
)
async def test_only_a_mention_of_the_bot_summons_it(tg, people, text):
    alice, _, outside = people
    message = await tg.send_text(alice, outside, text)
    assert tg.guest_query(message) is None and tg.pending_updates == []


async def test_where_the_bot_is_a_member_a_mention_is_an_ordinary_message(tg, people):
    alice, bob, _ = people
    group = tg.add_group("With bot", [alice, bob])  # privacy mode on: a mention is not for it
    assert tg.guest_query(await tg.send_text(alice, group, "@tablebot reversi")) is None
    assert tg.pending_updates == []
    private = await tg.send_text(alice, alice, "@tablebot reversi")  # its own chat with Alice
    assert tg.guest_query(private) is None
    assert [u.kind for u in tg.pending_updates] == ["message"]


async def test_allowed_updates_must_let_guest_messages_through(bot, tg, people):
    alice, _, outside = people
    await bot.get_updates(allowed_updates=["message", "callback_query"])
    await tg.send_text(alice, outside, "@tablebot reversi")
    assert tg.pending_updates == []
    await bot.get_updates(allowed_updates=["message", "guest_message"])
    await tg.send_text(alice, outside, "@tablebot reversi")
    assert [u.kind for u in tg.pending_updates] == ["guest_message"]


async def test_in_two_peoples_chat_the_chat_is_the_other_person_as_the_caller_sees_it(
    bot, tg, people
):
    alice, bob, _ = people
    chat = tg.add_private_chat(alice, bob)
    first = await tg.send_text(bob, alice, "hi")
    await tg.send_text(alice, bob, "@tablebot reversi", reply_to=first)
    guest = await next_guest(bot)
    assert (guest.chat.id, guest.chat.type, guest.chat.first_name, guest.chat.last_name) == (
        bob.id, "private", "Bob", "Builder",
    )  # fmt: skip
    assert guest.reply_to_message.text == "hi" and guest.reply_to_message.chat.id == bob.id
    assert chat.id != bob.id  # the chat itself is neither Bob's nor the bot's


async def test_the_answer_is_posted_as_the_bot_and_pressed_by_inline_message_id(bot, tg, people):
    alice, bob, outside = people
    await tg.send_text(alice, outside, "@tablebot reversi")
    guest = await next_guest(bot)
    sent = await guest.answer_guest_query(LOBBY)
    assert isinstance(sent, SentGuestMessage) and sent.inline_message_id
    query = tg.guest_query(tg.messages(outside)[0])
    assert query is not None and query.answer is not None
    message = query.answer
    assert (message.sender, message.via_bot, message.guest_caller) == (tg.bot, None, alice)
    assert (message.text, message.inline_message_id) == ("Reversi", sent.inline_message_id)
    assert message.to_json()["guest_bot_caller_user"]["id"] == alice.id
    task = asyncio.ensure_future(tg.press_inline(bob, message, "Join"))
    await tg.wait_for(lambda: tg.pending_updates, what="the callback query")
    (update,) = await bot.get_updates()
    callback = update.callback_query
    assert callback.message is None and callback.inline_message_id == sent.inline_message_id
    assert await callback.answer("Joined")
    assert (await task).text == "Joined"
    assert await bot.edit_message_text("Alice and Bob", inline_message_id=sent.inline_message_id)
    assert message.text == "Alice and Bob"


async def test_an_answer_without_a_keyboard_still_has_an_inline_message_id(bot, tg, people):
    alice, bob, _ = people
    posted = asyncio.ensure_future(tg.mention_bot(alice, bob, "games"))
    await tg.wait_for(lambda: tg.pending_updates, what="the guest message")
    guest = (await bot.get_updates())[0].guest_message
    plain = InlineQueryResultArticle("list", "Games", InputTextMessageContent("Reversi"))
    sent = await bot.answer_guest_query(guest.guest_query_id, plain)
    message = await posted
    assert message.inline_message_id == sent.inline_message_id and message.buttons() == []
    assert message.chat is tg.add_private_chat(alice, bob)


async def _open_query(tg: Any, people: Any) -> str:
    alice, _, outside = people
    message = await tg.send_text(alice, outside, "@tablebot reversi")
    query = tg.guest_query(message)
    assert query is not None
    return str(query.id)


async def test_unknown_answered_and_expired_queries(tg, clock, people):
    query_id = await _open_query(tg, people)
    result = article()
    assert await refused(tg, "answerGuestQuery", guest_query_id="42", result=result) == (
        400, TOO_OLD,
    )  # fmt: skip
    clock.advance(9.5)
    status, reply = await call(tg, "answerGuestQuery", guest_query_id=query_id, result=result)
    assert status == 200 and set(reply["result"]) == {"inline_message_id"}
    assert await refused(tg, "answerGuestQuery", guest_query_id=query_id, result=result) == (
        400, TOO_OLD,
    )  # fmt: skip
    late = await _open_query(tg, people)
    clock.advance(10.5)
    assert await refused(tg, "answerGuestQuery", guest_query_id=late, result=result) == (
        400, TOO_OLD,
    )  # fmt: skip
    assert len(tg.bot_messages(people[2])) == 1


@pytest.mark.parametrize(
    ("result", "description"),
    [
        (None, "can't parse inline query result JSON object"),
        (article(title=""), "ARTICLE_TITLE_EMPTY"),
        (article(id=""), "RESULT_ID_EMPTY"),
        (article(id="x" * 65), "RESULT_ID_INVALID"),
        (article(title=None), "can't parse inline query result: Can't find field \"title\""),
        (article(input_message_content={"message_text": "x" * 4097}), "MESSAGE_TOO_LONG"),
        (article(reply_markup={"keyboard": [["x"]]}), "inline keyboard expected"),
        ("not json", "can't parse inline query result JSON object"),
        ([1], "can't parse inline query result: Inline query result must be an object"),
    ],
)  # fmt: skip
async def test_the_result_is_checked_as_answer_inline_querys(tg, people, result, description):
    query_id = await _open_query(tg, people)
    params = {"guest_query_id": query_id} | ({} if result is None else {"result": result})
    assert await refused(tg, "answerGuestQuery", **params) == (400, f"Bad Request: {description}")
    assert tg.bot_messages(people[2]) == []
    status, _ = await call(tg, "answerGuestQuery", guest_query_id=query_id, result=article())
    assert status == 200  # a refused answer leaves the query open
