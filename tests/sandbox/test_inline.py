"""Inline mode through a real PTB Bot: queries from any chat, answers, the cache,
choosing a result, feedback, buttons on messages sent via the bot, switch buttons."""

from __future__ import annotations

import asyncio

import pytest
from telegram import InlineKeyboardButton as Button
from telegram import InlineKeyboardMarkup as Markup
from telegram import (
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    SwitchInlineQueryChosenChat,
)
from telegram.error import BadRequest

JOIN = Markup([[Button("Join", callback_data="join")]])


def article(result_id: str, title: str, markup: Markup | None = None) -> InlineQueryResultArticle:
    return InlineQueryResultArticle(
        result_id,
        title,
        InputTextMessageContent(f"<b>{title}</b>", parse_mode="HTML"),
        description=f"about {title}",
        reply_markup=markup,
    )


@pytest.fixture
def people(tg):
    alice = tg.add_user("Alice", username="alice")
    bob = tg.add_user("Bob")
    group = tg.add_group("Friends", [alice, bob])
    return alice, bob, group


async def next_query(bot):
    (update,) = await bot.get_updates()
    await bot.get_updates(offset=update.update_id + 1)
    return update.inline_query


async def test_queries_from_every_kind_of_chat(bot, tg, people):
    alice, bob, group = people
    basic = tg.add_group("Basic", [alice], supergroup=False)
    no_bot = tg.add_group("No bot", [alice, bob], bot_status="left")
    seen = []
    for chat in (alice, bob, group, basic, no_bot):
        await tg.inline_query_nowait(alice, chat, "rev")
        query = await next_query(bot)
        assert (query.from_user.id, query.query, query.offset) == (alice.id, "rev", "")
        seen.append(query.chat_type)
    assert seen == ["sender", "private", "supergroup", "group", "supergroup"]
    assert tg.world.chats[no_bot.id].messages == {}  # the query is no message


async def test_inline_mode_switch_and_allowed_updates(bot, tg, people):
    alice, _, group = people
    assert (await bot.get_me()).supports_inline_queries
    tg.set_inline_mode(False)
    with pytest.raises(ValueError, match="inline mode off"):
        await tg.inline_query_nowait(alice, group, "rev")
    assert not (await bot.get_me()).supports_inline_queries
    tg.set_inline_mode(True)
    await bot.get_updates(allowed_updates=["message", "callback_query"])
    await tg.inline_query_nowait(alice, group, "rev")
    assert tg.pending_updates == []


async def test_answer_choose_and_feedback(bot, tg, people):
    alice, bob, group = people
    tg.set_inline_feedback(True)
    query = await tg.inline_query_nowait(alice, group, "games")
    button = InlineQueryResultsButton("Sign in", start_parameter="login")
    sent = await next_query(bot)
    results = [article("plain", "Plain"), article("keyed", "Keyed", JOIN)]
    assert await sent.answer(results, next_offset="2", button=button, is_personal=True)
    answer = await tg.wait_inline_answer(query)
    assert (answer.titles, answer.next_offset, answer.button.start_parameter) == (
        ["Plain", "Keyed"],
        "2",
        "login",
    )
    assert answer.results[0].description == "about Plain"
    plain = await tg.choose_result(alice, answer, "plain")
    assert (plain.text, plain.via_bot, plain.inline_message_id) == ("Plain", tg.bot, None)
    message_update, chosen_update = await bot.get_updates()
    assert message_update.message.via_bot.id == tg.bot.id  # privacy mode lets it through
    chosen = chosen_update.chosen_inline_result
    assert (chosen.result_id, chosen.query, chosen.inline_message_id) == ("plain", "games", None)
    keyed = await tg.choose_result(alice, query, "keyed")
    assert keyed.inline_message_id and tg.buttons(keyed) == [[("Join", "join")]]
    updates = await bot.get_updates(offset=chosen_update.update_id + 1)
    assert updates[-1].chosen_inline_result.inline_message_id == keyed.inline_message_id
    with pytest.raises(ValueError, match="typed query"):
        await tg.choose_result(bob, answer, "plain")


async def test_no_feedback_by_default(bot, tg, people):
    alice, bob, _ = people
    chat = tg.add_private_chat(alice, bob)
    query = await tg.inline_query_nowait(alice, bob, "x")
    assert query.chat is chat and query.chat_type == "private"
    await (await next_query(bot)).answer([article("a", "A", JOIN)])
    message = await tg.choose_result(alice, query, "a")
    assert message.chat is chat and tg.pending_updates == []  # the bot is not in the chat


async def test_the_cache(bot, tg, clock, people):
    alice, bob, group = people
    await tg.inline_query_nowait(alice, group, "shared")
    await (await next_query(bot)).answer([article("s", "S")], cache_time=60)
    cached = await tg.inline_query(bob, group, "shared")
    assert cached.cached and cached.titles == ["S"] and tg.pending_updates == []
    clock.advance(61)
    await tg.inline_query_nowait(bob, group, "shared")
    await (await next_query(bot)).answer([article("p", "P")], is_personal=True)
    assert (await tg.inline_query(bob, group, "shared")).titles == ["P"]
    await tg.inline_query_nowait(alice, group, "shared")  # not Bob's personal answer
    await (await next_query(bot)).answer([article("n", "N")], cache_time=0)
    await tg.inline_query_nowait(alice, group, "shared")
    assert len(tg.pending_updates) == 1  # cache_time 0: asked again


async def test_buttons_on_a_message_sent_via_the_bot(bot, tg, people):
    alice, bob, _ = people
    query = await tg.inline_query_nowait(alice, bob, "x")
    await (await next_query(bot)).answer([article("a", "A", JOIN)])
    message = await tg.choose_result(alice, query, "a")
    task = asyncio.ensure_future(tg.press_inline(bob, message, "Join"))
    await tg.wait_for(lambda: tg.pending_updates, what="the callback query")
    (update,) = await bot.get_updates()
    callback = update.callback_query
    assert callback.message is None and callback.inline_message_id == message.inline_message_id
    assert callback.chat_instance and callback.from_user.id == bob.id
    assert await callback.answer("Joined")
    assert (await task).text == "Joined"
    assert await bot.edit_message_text(
        "Bob joined", inline_message_id=callback.inline_message_id, reply_markup=JOIN
    )
    assert message.text == "Bob joined"
    with pytest.raises(BadRequest, match="Message_id_invalid"):
        await bot.edit_message_reply_markup(inline_message_id="nope", reply_markup=JOIN)


async def test_switch_inline_buttons(bot, tg, people):
    alice, bob, group = people
    pick = SwitchInlineQueryChosenChat("duel", allow_user_chats=True)
    markup = Markup(
        [
            [Button("Here", switch_inline_query_current_chat="reversi")],
            [Button("Pick", switch_inline_query_chosen_chat=pick)],
        ]
    )
    sent = await bot.send_message(group.id, "Play", reply_markup=markup)
    message = tg.message(group, sent.message_id)
    waiting = asyncio.ensure_future(tg.switch_inline(bob, message, "Here"))
    query = await tg.wait_for(lambda: tg.pending_updates, what="the switched query")
    inline = query[0].payload
    assert (inline["query"], inline["chat_type"]) == ("reversi", "supergroup")
    await (await next_query(bot)).answer([article("r", "Reversi")])
    assert (await waiting).titles == ["Reversi"]
    with pytest.raises(ValueError, match="pass chat="):
        await tg.switch_inline(bob, message, "Pick")
    with pytest.raises(ValueError, match="does not offer"):
        await tg.switch_inline(bob, message, "Pick", chat=group)
    picked = asyncio.ensure_future(tg.switch_inline(bob, message, "Pick", chat=alice))
    await tg.wait_for(lambda: tg.pending_updates, what="the picked chat's query")
    chosen = await next_query(bot)
    assert (chosen.query, chosen.chat_type) == ("duel", "private")
    await chosen.answer([])
    assert (await picked).results == ()


async def test_people_chat_is_invisible_to_the_bot(bot, tg, people):
    alice, bob, _ = people
    chat = tg.add_private_chat(alice, bob)
    assert tg.add_private_chat(bob, alice) is chat
    said = await tg.send_text(alice, bob, "hi Bob")
    assert said.chat is chat and tg.pending_updates == []
    with pytest.raises(BadRequest, match="Chat not found"):
        await bot.send_message(chat.id, "hello")
    carol = tg.add_user("Carol")
    with pytest.raises(ValueError, match="cannot see"):
        await tg.send_text(carol, chat, "let me in")


async def test_webhook_delivers_a_persons_inline_updates_in_order(tg, people):
    from sandbox.webhook import queue_of

    alice, _, group = people
    await tg.inline_query_nowait(alice, group, "a")
    await tg.inline_query_nowait(alice, alice, "b")
    assert [queue_of(u) for u in tg.pending_updates] == [("user", alice.id)] * 2
