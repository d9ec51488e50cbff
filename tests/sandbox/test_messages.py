"""sendMessage, edits, deletes and callback answers through a real PTB Bot."""

from __future__ import annotations

import pytest
import telegram
from telegram import InlineKeyboardButton as Button
from telegram import InlineKeyboardMarkup as Markup
from telegram.error import BadRequest

NOT_MODIFIED = (
    "Message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)


@pytest.fixture
def people(tg):
    alice = tg.add_user("Alice", "Liddell", username="alice", language_code="en")
    bob = tg.add_user("Bob")
    group = tg.add_group("Friends", [alice, bob], admins=[alice])
    return alice, bob, group


async def test_get_me(bot, tg):
    me = await bot.get_me()
    assert (me.id, me.username, me.first_name, me.is_bot) == (123456, "tablebot", "Table Bot", True)
    assert me.can_join_groups and not me.can_read_all_group_messages


async def test_send_message_parses_html(bot, tg, people):
    _, _, group = people
    keyboard = Markup([[Button("Join", callback_data="g1:join"), Button("Rules", url="t.me/x")]])
    sent = await bot.send_message(
        group.id,
        "<b>Reversi</b> &amp; friends 😀 <i>go</i>",
        parse_mode="HTML",
        reply_markup=keyboard,
    )
    assert sent.text == "Reversi & friends 😀 go"
    assert [(e.type, e.offset, e.length) for e in sent.entities] == [
        ("bold", 0, 7),
        ("italic", 21, 2),
    ]
    assert sent.chat.type == "supergroup" and sent.from_user.id == tg.bot.id
    stored = tg.message(group, sent.message_id)
    assert stored.html == "<b>Reversi</b> &amp; friends 😀 <i>go</i>"
    assert tg.buttons(stored) == [[("Join", "g1:join"), ("Rules", "http://t.me/x")]]
    assert tg.last_bot_message(group) is stored


@pytest.mark.parametrize(
    ("kwargs", "text"),
    [
        ({"chat_id": 42, "text": "x"}, "Chat not found"),
        ({"text": ""}, "Message text is empty"),
        ({"text": "y" * 4097}, "Message is too long"),
        ({"text": "<div>x</div>", "parse_mode": "HTML"},
         "Can't parse entities: unsupported start tag \"div\" at byte offset 0"),
        ({"text": "<b>x", "parse_mode": "HTML"},
         "Can't parse entities: can't find end tag corresponding to start tag \"b\""),
        ({"text": "x", "reply_markup": Markup([[Button("a", callback_data="d" * 65)]])},
         "Button_data_invalid"),
        ({"text": "x", "reply_markup": Markup([[Button("b", callback_data="c")] * 9])},
         "Reply markup is too long"),
        ({"text": "x", "reply_markup": Markup([[Button("a", callback_data="a")]] * 101)},
         "Reply markup is too long"),
        ({"text": "x", "reply_markup": Markup([[Button("a", url="not-a-url")]])},
         "Inline keyboard button url 'not-a-url' is invalid: wrong http url"),
        ({"text": "x", "reply_markup": Markup([[Button("", callback_data="a")]])},
         "Button_text_invalid"),
        ({"text": "x", "reply_markup": Markup([[Button("a", callback_data="")]])},
         "Can't parse inline keyboard button: text buttons are unallowed in the inline keyboard"),
        ({"text": "x", "message_thread_id": 99}, "Message thread not found"),
        ({"text": "x", "reply_parameters": telegram.ReplyParameters(99)},
         "Message to be replied not found"),
    ],
)  # fmt: skip
async def test_send_message_validation(bot, people, kwargs, text):
    _, _, group = people
    with pytest.raises(BadRequest) as caught:
        await bot.send_message(**{"chat_id": group.id, **kwargs})
    assert caught.value.message == text  # PTB capitalises Telegram's description


async def test_exact_descriptions_on_the_wire(bot, tg, people):
    _, _, group = people
    with pytest.raises(BadRequest):
        await bot.send_message(group.id, "<b>x</i>", parse_mode="HTML")
    assert tg.calls[-1].description == (
        "Bad Request: can't parse entities: Unmatched end tag at byte offset 4, "
        'expected "</b>", found "</i>"'
    )


async def test_limits_are_inclusive(bot, people):
    _, _, group = people
    data = "d" * 64
    row = [Button(str(i), callback_data=str(i)) for i in range(8)]
    sent = await bot.send_message(
        group.id,
        "z" * 4096,
        reply_markup=Markup([row] * 12 + [[Button("x", callback_data=data)]] * 4),
    )
    assert len(sent.text) == 4096
    assert sum(len(r) for r in sent.reply_markup.inline_keyboard) == 100


async def test_reply_and_thread(bot, tg, people):
    alice, _, group = people
    question = await tg.send_text(alice, group, "/reversi")
    reply = await bot.send_message(
        group.id, "ok", reply_parameters=telegram.ReplyParameters(question.message_id)
    )
    assert reply.reply_to_message.message_id == question.message_id
    assert reply.reply_to_message.text == "/reversi"


async def test_edit_in_place_and_not_modified(bot, tg, people):
    _, _, group = people
    keyboard = Markup([[Button("Join", callback_data="join")]])
    sent = await bot.send_message(
        group.id, "<b>Table</b>", parse_mode="HTML", reply_markup=keyboard
    )
    edited = await bot.edit_message_text(
        "<b>Table</b> 1/4", group.id, sent.message_id, parse_mode="HTML", reply_markup=keyboard
    )
    assert edited.text == "Table 1/4" and edited.edit_date is not None
    with pytest.raises(BadRequest) as caught:
        await bot.edit_message_text(
            "<b>Table</b> 1/4", group.id, sent.message_id, parse_mode="HTML", reply_markup=keyboard
        )
    assert caught.value.message == NOT_MODIFIED
    # Same text, but the keyboard parameter left out: Telegram removes the keyboard.
    await bot.edit_message_text("<b>Table</b> 1/4", group.id, sent.message_id, parse_mode="HTML")
    stored = tg.message(group, sent.message_id)
    assert stored.reply_markup is None
    assert [v.text for v in tg.history(group, sent.message_id)] == [
        "Table",
        "Table 1/4",
        "Table 1/4",
    ]


async def test_edit_reply_markup(bot, tg, people):
    _, _, group = people
    sent = await bot.send_message(
        group.id, "t", reply_markup=Markup([[Button("A", callback_data="a")]])
    )
    markup = Markup([[Button("B", callback_data="b")]])
    await bot.edit_message_reply_markup(group.id, sent.message_id, reply_markup=markup)
    assert tg.buttons(tg.message(group, sent.message_id)) == [[("B", "b")]]
    with pytest.raises(BadRequest, match="Message is not modified"):
        await bot.edit_message_reply_markup(group.id, sent.message_id, reply_markup=markup)


async def test_edit_deleted_unknown_or_foreign_messages(bot, tg, people):
    alice, _, group = people
    sent = await bot.send_message(group.id, "bye")
    tg.delete_message(group, sent.message_id)
    for message_id in (sent.message_id, 999):
        with pytest.raises(BadRequest) as caught:
            await bot.edit_message_text("x", group.id, message_id)
        assert caught.value.message == "Message to edit not found"
    theirs = await tg.send_text(alice, group, "/hello")
    with pytest.raises(BadRequest) as caught:
        await bot.edit_message_text("x", group.id, theirs.message_id)
    assert caught.value.message == "Message can't be edited"


async def test_delete_message(bot, tg, people):
    alice, _, group = people
    sent = await bot.send_message(group.id, "temp")
    assert await bot.delete_message(group.id, sent.message_id) is True
    assert tg.message(group, sent.message_id).deleted
    assert tg.messages(group) == []
    with pytest.raises(BadRequest) as caught:
        await bot.delete_message(group.id, sent.message_id)
    assert caught.value.message == "Message to delete not found"
    theirs = await tg.send_text(alice, group, "/x")
    with pytest.raises(BadRequest, match="Message can't be deleted"):
        await bot.delete_message(group.id, theirs.message_id)


async def test_answer_callback_query_errors(bot, tg, people):
    alice, _, group = people
    sent = await bot.send_message(
        group.id, "t", reply_markup=Markup([[Button("A", callback_data="a")]])
    )
    query = await tg.press_nowait(alice, tg.message(group, sent.message_id), "A")
    with pytest.raises(BadRequest) as caught:
        await bot.answer_callback_query(query.id, text="x" * 201)
    assert caught.value.message == "Message_too_long"
    assert await bot.answer_callback_query(query.id, text="x" * 200, show_alert=True)
    assert (await tg.wait_answered(query)).show_alert is True
    for query_id in (query.id, "nope"):
        with pytest.raises(BadRequest) as caught:
            await bot.answer_callback_query(query_id)
        assert caught.value.message == (
            "Query is too old and response timeout expired or query id is invalid"
        )


async def test_commands_and_chat_action(bot, tg, people):
    _, _, group = people
    commands = [telegram.BotCommand("reversi", "Play Reversi"), telegram.BotCommand("help", "Help")]
    assert await bot.set_my_commands(commands, language_code="es")
    assert await bot.get_my_commands(language_code="es") == tuple(commands)
    assert await bot.get_my_commands() == ()
    scope = telegram.BotCommandScopeChat(group.id)
    await bot.set_my_commands(commands[:1], scope=scope)
    assert await bot.get_my_commands(scope=scope) == tuple(commands[:1])
    assert await bot.delete_my_commands(scope=scope)
    assert await bot.get_my_commands(scope=scope) == ()
    with pytest.raises(BadRequest, match="Bot_command_invalid"):
        await bot.set_my_commands([telegram.BotCommand("Bad Name", "x")])
    assert await bot.set_my_description("Games for groups")
    assert await bot.set_my_short_description("Games")
    assert await bot.send_chat_action(group.id, "typing")
