"""sendPhoto and sendAnimation: uploads (multipart), file_ids, Telegram's limits and texts."""

from __future__ import annotations

import io

import aiohttp
import pytest
from PIL import Image
from telegram import InputFile
from telegram.error import BadRequest

from sandbox.media import MAX_UPLOAD_BYTES


def picture(width: int = 40, height: int = 30, fmt: str = "PNG", frames: int = 1) -> bytes:
    out = io.BytesIO()
    images = [Image.new("RGB", (width, height), (10 * n, 100, 50)) for n in range(frames)]
    images[0].save(out, format=fmt, save_all=frames > 1, append_images=images[1:])
    return out.getvalue()


@pytest.fixture
def group(tg):
    return tg.add_group("Friends", [tg.add_user("Alice")])


async def test_a_photo_is_uploaded_shown_and_sent_again_by_its_file_id(bot, tg, group):
    sent = await bot.send_photo(
        group.id, InputFile(picture(), filename="p.png"), caption="<b>Game</b> over",
        parse_mode="HTML",
    )  # fmt: skip
    assert sent.caption == "Game over" and sent.caption_entities[0].type == "bold"
    (size,) = sent.photo
    assert (size.width, size.height) == (40, 30)
    message = tg.last_bot_message(group)
    assert message.media is not None and message.media.kind == "photo"
    assert message.media.file.data == picture() and message.text is None
    again = await bot.send_photo(group.id, size.file_id)
    assert again.photo[0].file_unique_id == size.file_unique_id
    with pytest.raises(BadRequest, match=r"(?i)there is no text in the message to edit"):
        await bot.edit_message_text("x", group.id, sent.message_id)


async def test_an_animation_keeps_its_frames(bot, tg, group):
    sent = await bot.send_animation(
        group.id, InputFile(picture(fmt="GIF", frames=3), filename="game.gif")
    )
    assert sent.animation is not None and sent.animation.file_name == "game.gif"
    assert tg.last_bot_message(group).media.file.frames == 3


@pytest.mark.parametrize(
    ("photo", "caption", "text"),
    [
        (picture(), "x" * 1025, "Bad Request: message caption is too long"),
        (b"not an image", None, "Bad Request: IMAGE_PROCESS_FAILED"),
        (picture(9000, 1001), None, "Bad Request: PHOTO_INVALID_DIMENSIONS"),
        (picture(2100, 100), None, "Bad Request: PHOTO_INVALID_DIMENSIONS"),  # ratio 21
        ("AgACnosuchfile", None, "Bad Request: wrong file identifier/HTTP URL specified"),
    ],
)
async def test_telegrams_limits_and_texts(bot, tg, group, photo, caption, text):
    upload = InputFile(photo, filename="p.png") if isinstance(photo, bytes) else photo
    with pytest.raises(BadRequest):
        await bot.send_photo(group.id, upload, caption=caption)
    assert tg.calls[-1].description == text
    assert tg.bot_messages(group) == []


async def test_a_caption_of_1024_characters_is_fine(bot, group):
    assert (await bot.send_photo(group.id, picture(), caption="é" * 1024)).caption


async def test_a_photo_over_10_mb_and_a_request_over_50_mb(tg, group):
    url = f"{tg.base_url}{tg.token}/sendPhoto"
    async with aiohttp.ClientSession() as session:
        form = aiohttp.FormData({"chat_id": str(group.id)})
        form.add_field("photo", picture() + b"\0" * (10 * 1024 * 1024), filename="big.png")
        async with session.post(url, data=form) as response:
            body = await response.json()
        assert body["description"] == "Bad Request: PHOTO_SAVE_FILE_INVALID"
        form = aiohttp.FormData({"chat_id": str(group.id)})
        form.add_field("photo", b"\0" * (MAX_UPLOAD_BYTES + 1), filename="huge.png")
        async with session.post(url, data=form) as response:
            assert response.status == 413
            body = await response.json()
        assert body == {"ok": False, "error_code": 413, "description": "Request Entity Too Large"}


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBUserWarning")
async def test_no_photo_in_the_request(bot, tg, group):
    with pytest.raises(BadRequest, match=r"(?i)there is no photo in the request"):
        await bot.do_api_request("sendPhoto", api_kwargs={"chat_id": group.id})
