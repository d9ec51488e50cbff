"""Bot API methods that send a picture: sendPhoto and sendAnimation, an upload (a
multipart file part, named by the parameter or by ``attach://<name>``) or the
``file_id`` of one uploaded before, with Telegram's limits and error texts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sandbox.access import bot_chat, may_send
from sandbox.api_messages import _flood_checked, _reply_target, _thread, open_topic
from sandbox.entities import format_text
from sandbox.errors import bad_request
from sandbox.html_text import utf16_len
from sandbox.markup import check_reply_markup
from sandbox.media import (
    MAX_CAPTION,
    MAX_PHOTO_BYTES,
    MAX_PHOTO_RATIO,
    MAX_PHOTO_SIDES,
    Media,
    StoredFile,
    Upload,
    read_image,
)
from sandbox.params import Params
from sandbox.world import World

CAPTION_TOO_LONG = "message caption is too long"
WRONG_FILE = "wrong file identifier/HTTP URL specified"
PHOTO_DIMENSIONS = "PHOTO_INVALID_DIMENSIONS"
PHOTO_TOO_BIG = "PHOTO_SAVE_FILE_INVALID"
NOT_AN_IMAGE = "IMAGE_PROCESS_FAILED"


def _file(world: World, p: Params, name: str) -> StoredFile:
    """The file sent as parameter ``name``: an upload, or a known file_id."""
    value = p.get(name)
    if isinstance(value, str) and value.startswith("attach://"):
        value = p.get(value.removeprefix("attach://"))
        if not isinstance(value, Upload):
            raise bad_request(f"there is no {name} in the request")
    if isinstance(value, str) and value:
        known = world.files.by_id.get(value)
        if known is None:
            raise bad_request(WRONG_FILE)
        return known
    if not isinstance(value, Upload):
        raise bad_request(f"there is no {name} in the request")
    if name == "photo" and len(value.data) > MAX_PHOTO_BYTES:
        raise bad_request(PHOTO_TOO_BIG)
    image = read_image(value.data)
    if image is None:
        raise bad_request(NOT_AN_IMAGE)
    picture, frames = image
    width, height = picture.size
    if name == "photo" and (
        width + height > MAX_PHOTO_SIDES
        or max(width, height) > MAX_PHOTO_RATIO * max(1, min(width, height))
    ):
        raise bad_request(PHOTO_DIMENSIONS)
    return world.files.store(value, picture, frames)


def _send(world: World, p: Params, kind: str) -> dict[str, Any]:
    chat = bot_chat(world, p.get("chat_id"))
    stored = _file(world, p, kind)
    media = Media(kind, stored, duration=int(p.integer("duration", 0) or 0))
    raw_caption = p.get("caption")
    if isinstance(raw_caption, str) and raw_caption:
        parse_mode = p.string("parse_mode")
        media.caption, media.caption_entities = format_text(
            raw_caption, parse_mode, p.json("caption_entities")
        )
        if utf16_len(media.caption) > MAX_CAPTION:
            raise bad_request(CAPTION_TOO_LONG)
        media.caption_html = raw_caption if (parse_mode or "").lower() == "html" else None
    fields: dict[str, Any] = {"media": media, "text": None}
    fields["reply_markup"] = check_reply_markup(p.json("reply_markup"))
    fields.update(_thread(chat, p.integer("message_thread_id")))
    fields["reply_to"] = _reply_target(world, chat, p)
    fields["disable_notification"] = p.flag("disable_notification")
    open_topic(world, chat, fields.get("thread_id"))
    may_send(world, chat, "photos" if kind == "photo" else "animations")
    message = _flood_checked(world, chat, lambda: world.add_message(chat, world.bot, **fields))
    return message.to_json()


def send_photo(world: World, p: Params) -> dict[str, Any]:
    return _send(world, p, "photo")


def send_animation(world: World, p: Params) -> dict[str, Any]:
    return _send(world, p, "animation")


METHODS: dict[str, Callable[[World, Params], Any]] = {
    "sendPhoto": send_photo,
    "sendAnimation": send_animation,
}
