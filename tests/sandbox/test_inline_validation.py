"""answerInlineQuery's and the inline edits' refusals, over HTTP as the bot sends them:
the exact status and description of each (PTB would reword them)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

import aiohttp
import pytest
from telegram import InputFile

from sandbox import StandIn
from tests.sandbox.test_media import picture

ARTICLE = {
    "type": "article",
    "id": "a",
    "title": "A",
    "input_message_content": {"message_text": "a"},
}
KEYBOARD = {"inline_keyboard": [[{"text": "Join", "callback_data": "join"}]]}
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)


async def call(tg: StandIn, method: str, **params: Any) -> tuple[int, dict[str, Any]]:
    url = f"{tg.base_url}{tg.token}/{method}"
    async with aiohttp.ClientSession() as session, session.post(url, json=params) as response:
        return response.status, await response.json()


async def refused(tg: StandIn, method: str, **params: Any) -> tuple[int, str]:
    status, reply = await call(tg, method, **params)
    assert not reply["ok"] and reply["error_code"] == status, reply
    return status, reply["description"]


@pytest.fixture
def alice(tg):
    return tg.add_user("Alice")


@pytest.fixture
async def query(tg, alice):
    group = tg.add_group("Friends", [alice])
    return await tg.inline_query_nowait(alice, group, "rev")


def article(**changes: Any) -> dict[str, Any]:
    return {k: v for k, v in (ARTICLE | changes).items() if v is not None}


@pytest.mark.parametrize(
    ("results", "description"),
    [
        ([article(id=str(n)) for n in range(51)], "RESULTS_TOO_MUCH"),
        ([article(), article()], "RESULT_ID_DUPLICATE"),
        ([article(id="x" * 65)], "RESULT_ID_INVALID"),
        ([article(id="é" * 33)], "RESULT_ID_INVALID"),  # 66 bytes
        ([article(id="")], "RESULT_ID_EMPTY"),
        ([article(title="")], "ARTICLE_TITLE_EMPTY"),
        ([article(id=None)], "can't parse inline query result: Can't find field \"id\""),
        ([article(title=None)], "can't parse inline query result: Can't find field \"title\""),
        ([article(type=None)], "can't parse inline query result: Can't find field \"type\""),
        ([article(input_message_content=None)],
         "can't parse inline query result: Can't find field \"message_text\""),
        ([article(input_message_content={"message_text": ""})],
         "can't parse inline query result: Input message content is not specified"),
        ([article(input_message_content={"message_text": "x" * 4097})], "MESSAGE_TOO_LONG"),
        ([article(type="poster")],
         "can't parse inline query result: type \"poster\" is unsupported for the inline "
         "query result"),
        ([article(type="video")],
         "the sandbox shows inline results of type \"article\" and \"photo\" only, not "
         "\"video\""),
        ([{"type": "photo", "id": "p"}],
         "can't parse inline query result: Can't find field \"photo_url\""),
        ([{"type": "photo", "id": "p", "photo_url": "https://example.org/a.jpg"}],
         "can't parse inline query result: Can't find field \"thumbnail_url\""),
        ([{"type": "photo", "id": "p", "photo_url": "https://example.org/a.jpg",
           "thumbnail_url": "https://example.org/t.jpg"}],
         "the sandbox shows photo results by photo_file_id only, not photo_url"),
        ([{"type": "photo", "id": "p", "photo_file_id": "AgACnosuchfile"}],
         "wrong file identifier/HTTP URL specified"),
        (["a"], "can't parse inline query result: Inline query result must be an object"),
        ([article(reply_markup={"keyboard": [["x"]]})], "inline keyboard expected"),
        ([article(reply_markup={"inline_keyboard": [[{"text": "x"}]]})],
         "can't parse inline query result: Can't parse inline keyboard button: Text buttons "
         "are unallowed in the inline keyboard"),
        ({"not": "a list"}, "Expected an Array of inline query results"),
    ],
)  # fmt: skip
async def test_results_validation(tg, query, results, description):
    assert await refused(tg, "answerInlineQuery", inline_query_id=query.id, results=results) == (
        400,
        f"Bad Request: {description}",
    )
    assert query.answer is None


@pytest.mark.parametrize(
    ("extra", "description"),
    [
        ({"next_offset": "o" * 65}, "NEXT_OFFSET_INVALID"),
        ({"button": {"text": "Sign in", "start_parameter": ""}}, "can't use empty start_parameter"),
        ({"button": {"text": "Sign in", "start_parameter": "s" * 65}},
         "too long start_parameter specified"),
        ({"button": {"text": "Sign in", "start_parameter": "a b"}},
         "unallowed characters in start_parameter are used"),
        # a web_app button: an HTTPS link to the app, as TDLib checks it
        ({"button": {"text": "Play", "web_app": {"url": "http://app.example/x"}}},
         "inline query button Web App URL 'http://app.example/x' is invalid: "
         "Only HTTPS links are allowed"),
        ({"button": {"text": "Play", "web_app": {"url": "app.example/x"}}},
         "inline query button Web App URL 'app.example/x' is invalid: "
         "Only HTTPS links are allowed"),
        ({"button": {"text": "Play", "web_app": {"url": "https://"}}},
         "inline query button Web App URL 'https://' is invalid: URL host is empty"),
        ({"button": {"text": "Play", "web_app": {"url": "tg://user?id=1"}}},
         "link to a user can't be used in the Web App button"),
        ({"button": {"text": "Play", "web_app": "https://app.example/"}},
         "can't parse inline query results button: Field \"web_app\" must be of type Object"),
        ({"button": {"text": "Play", "web_app": {}}},
         "can't parse inline query results button: Can't find field \"url\""),
        ({"button": {"text": "Play", "web_app": {"url": 5}}},
         "can't parse inline query results button: Field \"url\" must be of type String"),
    ],
)  # fmt: skip
async def test_answer_parameters_validation(tg, query, extra, description):
    status, text = await refused(
        tg, "answerInlineQuery", inline_query_id=query.id, results=[ARTICLE], **extra
    )
    assert (status, text) == (400, f"Bad Request: {description}")


async def test_a_web_app_button_is_kept_and_opened_without_a_start_param(tg, query):
    url = "https://app.example/app/?table=1_abc"
    button = {"text": "🃏 Play", "web_app": {"url": url}}
    assert (
        await call(tg, "answerInlineQuery", inline_query_id=query.id, results=[], button=button)
    )[0] == 200
    assert query.answer is not None and query.answer.button is not None
    assert query.answer.button.web_app_url == url and query.answer.button.start_parameter is None
    tg.add_web_app("hand", "http://127.0.0.1:1/app/", "https://app.example/app/")
    opened = tg.launch_results_web_app(query.user, query.answer)
    address, _, launch = opened.partition("#")
    assert address == "http://127.0.0.1:1/app/?table=1_abc"  # where the stand-in serves it
    data = parse_qs(parse_qs(launch)["tgWebAppData"][0])
    assert set(data) == {"user", "auth_date", "hash"}  # no start_param, no chat
    assert json.loads(data["user"][0])["id"] == query.user.id
    with pytest.raises(ValueError, match="web_app button"):
        tg.launch_results_web_app(tg.add_user("Mallory"), query.answer)  # not shown to her


async def test_a_button_without_text_is_not_shown(tg, query):
    button = {"text": "", "start_parameter": "x y"}
    assert (
        await call(tg, "answerInlineQuery", inline_query_id=query.id, results=[], button=button)
    )[0] == 200
    assert query.answer is not None and query.answer.button is None


TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"


async def test_query_too_old_unknown_or_answered(tg, clock, alice):
    group = tg.add_group("Friends", [alice])
    late = await tg.inline_query_nowait(alice, group, "late")
    clock.advance(10.5)
    assert await refused(tg, "answerInlineQuery", inline_query_id=late.id, results=[]) == (
        400,
        TOO_OLD,
    )
    assert await refused(tg, "answerInlineQuery", inline_query_id="42", results=[]) == (
        400,
        TOO_OLD,
    )
    fresh = await tg.inline_query_nowait(alice, group, "fresh")
    clock.advance(9)
    status, reply = await call(tg, "answerInlineQuery", inline_query_id=fresh.id, results=[])
    assert (status, reply) == (200, {"ok": True, "result": True})
    assert await refused(tg, "answerInlineQuery", inline_query_id=fresh.id, results=[]) == (
        400,
        TOO_OLD,
    )


@pytest.mark.parametrize(
    ("button", "description"),
    [
        ({"text": "Play", "switch_inline_query_current_chat": 5},
         'Field "switch_inline_query_current_chat" must be of type String'),
        ({"text": "Play", "switch_inline_query": ["x"]},
         'Field "switch_inline_query" must be of type String'),
        ({"text": "Play", "switch_inline_query_chosen_chat": "reversi"},
         'Field "switch_inline_query_chosen_chat" must be of type Object'),
        ({"text": "Play", "switch_inline_query_chosen_chat": {"query": 1}},
         'Field "query" must be of type String'),
    ],
)  # fmt: skip
async def test_switch_inline_buttons_validation(tg, alice, button, description):
    group = tg.add_group("Friends", [alice])
    markup = {"inline_keyboard": [[button]]}
    assert await refused(tg, "sendMessage", chat_id=group.id, text="x", reply_markup=markup) == (
        400,
        f"Bad Request: can't parse inline keyboard button: {description}",
    )


async def sent_via_bot(tg: StandIn, alice, chat, markup=KEYBOARD):
    query = await tg.inline_query_nowait(alice, chat, "rev")
    result = article(reply_markup=markup)
    assert (await call(tg, "answerInlineQuery", inline_query_id=query.id, results=[result]))[
        0
    ] == 200
    return await tg.choose_result(alice, query, "a")


async def test_edits_by_inline_message_id(tg, alice):
    bob = tg.add_user("Bob")
    message = await sent_via_bot(tg, alice, tg.add_private_chat(alice, bob))
    inline_id = message.inline_message_id
    assert inline_id
    status, reply = await call(
        tg, "editMessageText", inline_message_id=inline_id, text="<b>b</b>", parse_mode="HTML",
        reply_markup=KEYBOARD,
    )  # fmt: skip
    assert (status, reply) == (200, {"ok": True, "result": True})
    assert (message.text, message.entities) == ("b", [{"type": "bold", "offset": 0, "length": 1}])
    assert await refused(
        tg, "editMessageText", inline_message_id=inline_id, text="<b>b</b>", parse_mode="HTML",
        reply_markup=KEYBOARD,
    ) == (400, NOT_MODIFIED)  # fmt: skip
    other = {"inline_keyboard": [[{"text": "Leave", "callback_data": "leave"}]]}
    status, reply = await call(
        tg, "editMessageReplyMarkup", inline_message_id=inline_id, reply_markup=other
    )
    assert reply == {"ok": True, "result": True} and tg.buttons(message) == [[("Leave", "leave")]]
    assert await refused(tg, "editMessageText", inline_message_id="AgAAAbc", text="x") == (
        400,
        "Bad Request: MESSAGE_ID_INVALID",
    )
    assert await refused(tg, "editMessageText", text="x") == (
        400,
        "Bad Request: message identifier is not specified",
    )
    # chat_id and message_id win over inline_message_id, as in the Bot API server
    await tg.send_text(alice, alice, "/start")
    assert await refused(
        tg, "editMessageText", chat_id=alice.id, inline_message_id=inline_id, text="x"
    ) == (400, "Bad Request: message identifier is not specified")


async def test_inline_edits_are_flood_controlled_per_chat(tg, alice):
    group = tg.add_group("Friends", [alice])
    quiet = tg.add_group("Quiet", [alice])
    message = await sent_via_bot(tg, alice, group)
    tg.set_flood_control(True)
    for n in range(20):
        status, _ = await call(
            tg, "editMessageText", inline_message_id=message.inline_message_id, text=f"v{n}"
        )
        assert status == 200
    status, reply = await call(
        tg, "editMessageText", inline_message_id=message.inline_message_id, text="one more"
    )
    assert (status, reply["description"], reply["parameters"]) == (
        429,
        "Too Many Requests: retry after 60",
        {"retry_after": 60},
    )
    assert (await call(tg, "sendMessage", chat_id=quiet.id, text="elsewhere"))[0] == 200


async def test_a_photo_result_by_file_id_is_shown_and_posted_with_its_caption(bot, tg, alice):
    group = tg.add_group("Friends", [alice])
    sent = await bot.send_photo(group.id, InputFile(picture(), filename="p.png"))
    file_id = sent.photo[-1].file_id
    photo = {"type": "photo", "id": "p", "photo_file_id": file_id, "title": "The game"}
    long = await tg.inline_query_nowait(alice, group, "long")
    too_long = [photo | {"caption": "x" * 1025}]
    assert await refused(tg, "answerInlineQuery", inline_query_id=long.id, results=too_long) == (
        400, "Bad Request: MEDIA_CAPTION_TOO_LONG",
    )  # fmt: skip
    query = await tg.inline_query_nowait(alice, group, "pic")
    results = [photo | {"caption": "<b>Game</b> over", "parse_mode": "HTML"}, ARTICLE]
    status, _ = await call(tg, "answerInlineQuery", inline_query_id=query.id, results=results)
    assert status == 200 and query.answer is not None
    shown, _article = query.answer.results
    assert shown.photo is not None and shown.photo.file_id == file_id
    assert shown.caption == "Game over" and shown.caption_entities[0]["type"] == "bold"
    posted = await tg.choose_result(alice, query.answer, "p")
    assert posted.via_bot is not None and posted.media is not None
    assert posted.media.kind == "photo" and posted.media.caption == "Game over"
    assert posted.text is None and posted.media.file.file_id == file_id
