"""Validation of answerInlineQuery's ``results`` and ``button``, with Telegram's texts.

Three layers check an answer, and their errors read differently:

- the Bot API server parses each result (``Bad Request: can't parse inline query
  result: Can't find field "title"``, ``... type "x" is unsupported for the inline
  query result``) — telegram-bot-api ``Client::get_inline_query_result``;
- TDLib checks the button's start_parameter (``can't use empty start_parameter``,
  ``too long start_parameter specified``, ``unallowed characters in start_parameter
  are used``), its ``web_app`` URL (HTTPS only: ``inline query button Web App URL
  '<url>' is invalid: Only HTTPS links are allowed``; ``link to a user can't be used
  in the Web App button``) and the keyboard (``inline keyboard expected``) —
  ``InlineQueriesManager::answer_inline_query``; the Bot API server parses the button
  first (``can't parse inline query results button: Field "web_app" must be of type
  Object``, ``... Can't find field "url"``; with ``start_parameter`` given,
  ``web_app`` is not read);
- Telegram's servers refuse the rest by name: ``RESULTS_TOO_MUCH`` (more than 50),
  ``RESULT_ID_EMPTY``, ``RESULT_ID_INVALID`` (over 64 bytes), ``RESULT_ID_DUPLICATE``,
  ``ARTICLE_TITLE_EMPTY``, ``MESSAGE_TOO_LONG``, ``NEXT_OFFSET_INVALID`` (over 64 bytes).

The sandbox shows ``article`` results and ``photo`` results by ``photo_file_id``
(InlineQueryResultCachedPhoto: a picture the bot uploaded before, ``sandbox.media``);
a photo by ``photo_url`` (Telegram would fetch it) and the other 18 types Telegram
knows are refused with a 400 that says so. A photo result is checked as Telegram
checks it: its ``photo_file_id`` must name a file the bot uploaded (else, as for
sendPhoto, ``wrong file identifier/HTTP URL specified``), without one ``photo_url``
and ``thumbnail_url`` are required fields, and its caption holds at most 1024
characters after entity parsing (``MEDIA_CAPTION_TOO_LONG``, the server's error).
"""

from __future__ import annotations

import re
from typing import Any

from sandbox import errors
from sandbox.entities import format_text
from sandbox.errors import ApiError, bad_request
from sandbox.html_text import utf16_len
from sandbox.inline_model import InlineResult, ResultsButton
from sandbox.links import LinkError, check_link
from sandbox.markup import check_reply_markup
from sandbox.media import MAX_CAPTION, Files, StoredFile

MAX_RESULTS = 50
MAX_ID_BYTES = 64
MAX_OFFSET_BYTES = 64
MAX_START_PARAMETER = 64
_START_PARAMETER = re.compile(r"[A-Za-z0-9_-]+")
_PREFIX = "can't parse inline query result: "
_BUTTON = "can't parse inline query results button: "
# the types Telegram knows (the cached_* variants come under the same names)
TELEGRAM_TYPES = frozenset(
    {"article", "audio", "contact", "document", "game", "gif", "location"}
    | {"mpeg4_gif", "photo", "sticker", "venue", "video", "voice"}
)


def _parse_error(text: str) -> ApiError:
    return bad_request(_PREFIX + text)


def _string(raw: dict[str, Any], name: str, *, required: bool) -> str | None:
    value = raw.get(name)
    if value is None:
        if required:
            raise _parse_error(f'Can\'t find field "{name}"')
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise _parse_error(f'Field "{name}" must be of type String')
    return str(value)


def _message_content(raw: dict[str, Any]) -> tuple[str, str | None, Any]:
    """(message_text, parse_mode, entities) of an article, new or legacy form."""
    content = raw.get("input_message_content")
    if content is None:
        source = raw  # the pre-2016 form: message_text on the result itself
    elif not isinstance(content, dict):
        raise _parse_error('Field "input_message_content" must be of type Object')
    else:
        source = content
        if not content.get("message_text"):
            raise _parse_error("Input message content is not specified")
    text = _string(source, "message_text", required=True) or ""
    return text, _string(source, "parse_mode", required=False), source.get("entities")


def _formatted(text: str, parse_mode: str | None, entities: Any) -> tuple[str, list[Any]]:
    try:
        return format_text(text, parse_mode, entities if isinstance(entities, list) else None)
    except ApiError as exc:
        reason = exc.description.removeprefix("Bad Request: ")
        if reason == errors.TEXT_TOO_LONG:
            raise bad_request(errors.ANSWER_TOO_LONG) from None
        raise _parse_error(reason[:1].upper() + reason[1:]) from None


def _markup(raw: dict[str, Any]) -> dict[str, Any] | None:
    markup = raw.get("reply_markup")
    if markup is not None and not isinstance(markup, dict):
        raise _parse_error('Field "reply_markup" must be of type Object')
    try:
        return check_reply_markup(markup, inline_only=True)
    except ApiError as exc:
        reason = exc.description.removeprefix("Bad Request: ")
        if reason.startswith("can't parse"):  # the Bot API's own parsing: wrapped
            raise _parse_error(reason[:1].upper() + reason[1:]) from None
        raise


WRONG_FILE = "wrong file identifier/HTTP URL specified"
CAPTION_TOO_LONG = "MEDIA_CAPTION_TOO_LONG"


def _photo(raw: dict[str, Any], files: Files | None) -> StoredFile:
    """The picture a photo result names by ``photo_file_id``."""
    file_id = _string(raw, "photo_file_id", required=False)
    if not file_id:
        _string(raw, "photo_url", required=True)
        _string(raw, "thumbnail_url", required=True)
        raise bad_request("the sandbox shows photo results by photo_file_id only, not photo_url")
    known = None if files is None else files.by_id.get(file_id)
    if known is None:
        raise bad_request(WRONG_FILE)
    return known


def _photo_result(raw: dict[str, Any], result_id: str, files: Files | None) -> InlineResult:
    """InlineQueryResultCachedPhoto: the picture with its caption, or the text of its
    input_message_content instead."""
    photo = _photo(raw, files)
    caption, caption_entities, caption_html = None, (), None
    raw_caption = _string(raw, "caption", required=False)
    parse_mode = _string(raw, "parse_mode", required=False)
    if raw_caption:
        entities = raw.get("caption_entities")
        plain, found = _formatted(raw_caption, parse_mode, entities)
        if utf16_len(plain) > MAX_CAPTION:
            raise bad_request(CAPTION_TOO_LONG)
        caption, caption_entities = plain, tuple(found)
        caption_html = raw_caption if (parse_mode or "").lower() == "html" else None
    text, found_text, html = "", (), None
    if raw.get("input_message_content") is not None:
        text, text_mode, text_entities = _message_content(raw)
        text, listed = _formatted(text, text_mode, text_entities)
        found_text = tuple(listed)
        html = text if (text_mode or "").lower() == "html" else None
    return InlineResult(
        id=result_id, title=_string(raw, "title", required=False) or "",
        description=_string(raw, "description", required=False), text=text,
        entities=found_text, html=html, reply_markup=_markup(raw), photo=photo,
        caption=caption, caption_entities=caption_entities, caption_html=caption_html,
    )  # fmt: skip


def check_result(raw: Any, files: Files | None = None) -> InlineResult:
    """One InlineQueryResult: an ``article``, or a ``photo`` by a file in ``files``."""
    if not isinstance(raw, dict):
        raise _parse_error("Inline query result must be an object")
    kind = (_string(raw, "type", required=True) or "").lower()
    result_id = _string(raw, "id", required=True) or ""
    if kind not in TELEGRAM_TYPES:
        raise _parse_error(f'type "{kind}" is unsupported for the inline query result')
    if kind == "photo":
        return _photo_result(raw, result_id, files)
    if kind != "article":
        raise bad_request(
            f'the sandbox shows inline results of type "article" and "photo" only, not "{kind}"'
        )
    text, parse_mode, entities = _message_content(raw)
    plain, found = _formatted(text, parse_mode, entities)
    markup = _markup(raw)
    title = _string(raw, "title", required=True) or ""
    if not title.strip():
        raise bad_request("ARTICLE_TITLE_EMPTY")
    return InlineResult(
        id=result_id,
        title=title,
        description=_string(raw, "description", required=False),
        text=plain,
        entities=tuple(found),
        html=text if (parse_mode or "").lower() == "html" else None,
        reply_markup=markup,
        thumbnail_url=_string(raw, "thumbnail_url", required=False)
        or _string(raw, "thumb_url", required=False),
    )


def check_results(raw: Any, files: Files | None = None) -> tuple[InlineResult, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise bad_request("Expected an Array of inline query results")
    results = tuple(check_result(item, files) for item in raw)
    if len(results) > MAX_RESULTS:
        raise bad_request("RESULTS_TOO_MUCH")
    seen: set[str] = set()
    for result in results:
        if not result.id:
            raise bad_request("RESULT_ID_EMPTY")
        if len(result.id.encode("utf-8")) > MAX_ID_BYTES:
            raise bad_request("RESULT_ID_INVALID")
        if result.id in seen:
            raise bad_request("RESULT_ID_DUPLICATE")
        seen.add(result.id)
    return results


def check_next_offset(offset: str | None) -> str:
    if offset and len(offset.encode("utf-8")) > MAX_OFFSET_BYTES:
        raise bad_request("NEXT_OFFSET_INVALID")
    return offset or ""


def check_web_app(web_app: Any) -> str:
    """The button's ``web_app`` (WebAppInfo): its ``url`` as Telegram takes it, an
    HTTPS link that is no link to a user (TDLib's ``answer_inline_query``, the Bot API
    server's parse before it)."""
    if not isinstance(web_app, dict):
        raise bad_request(_BUTTON + 'Field "web_app" must be of type Object')
    url = web_app.get("url")
    if url is None:
        raise bad_request(_BUTTON + 'Can\'t find field "url"')
    if not isinstance(url, str):
        raise bad_request(_BUTTON + 'Field "url" must be of type String')
    if url.strip().lower().startswith(("tg://user?", "tg:user?")):
        raise bad_request("link to a user can't be used in the Web App button")
    try:
        checked = check_link(url)
    except LinkError as error:
        raise bad_request(f"inline query button Web App URL '{url}' is invalid: {error}") from None
    if not checked.lower().startswith("https://"):
        raise bad_request(
            f"inline query button Web App URL '{url}' is invalid: Only HTTPS links are allowed"
        )
    return url


def check_button(raw: Any) -> ResultsButton | None:
    """InlineQueryResultsButton; a button without text is not shown (TDLib skips it)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise bad_request("can't parse inline query results button JSON object")
    text = raw.get("text")
    if not isinstance(text, str) or not text:
        return None
    if "start_parameter" not in raw and "web_app" in raw:
        return ResultsButton(text, None, check_web_app(raw["web_app"]))
    parameter = raw.get("start_parameter")
    parameter = parameter if isinstance(parameter, str) else ""
    if not parameter:
        raise bad_request("can't use empty start_parameter")
    if len(parameter) > MAX_START_PARAMETER:
        raise bad_request("too long start_parameter specified")
    if not _START_PARAMETER.fullmatch(parameter):
        raise bad_request("unallowed characters in start_parameter are used")
    return ResultsButton(text, parameter, None)
