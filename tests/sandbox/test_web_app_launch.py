"""The stand-in opens a Direct Link Mini App as a Telegram client does: the app's URL
with the launch parameters, initData signed with the bot's token."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from bot.webapp.initdata import validate_init_data
from sandbox import StandIn

TOKEN = "123456:TEST-launch"


def test_a_direct_link_opens_the_registered_app_with_signed_init_data() -> None:
    tg = StandIn(token=TOKEN, bot_username="tablebot")
    alice = tg.add_user("Alice", language_code="es")
    group = tg.add_group("Friends", members=[alice])
    tg.add_web_app("hand", "http://127.0.0.1:9/app/")
    url = tg.launch_web_app(alice, "https://t.me/tablebot/hand?startapp=ab_secret", chat=group)
    parts = urlsplit(url)
    assert url.startswith("http://127.0.0.1:9/app/?")
    assert parse_qs(parts.query) == {"tgWebAppStartParam": ["ab_secret"]}
    launch = parse_qs(parts.fragment)
    assert launch["tgWebAppPlatform"] == ["web"] and "bg_color" in launch["tgWebAppThemeParams"][0]
    checked = validate_init_data(launch["tgWebAppData"][0], TOKEN, clock=lambda: tg.world.now())
    assert (checked.user_id, checked.start_param, checked.chat_type) == (
        alice.id, "ab_secret", group.type)  # fmt: skip
    assert checked.language_code == "es"


@pytest.mark.parametrize(
    "link",
    [
        "https://t.me/tablebot/other?startapp=x",  # no such app
        "https://t.me/otherbot/hand?startapp=x",  # another bot's
        "https://t.me/tablebot?start=x",  # a chat's link, not an app's
        "https://example.com/tablebot/hand",
    ],
)
def test_a_link_to_no_app_of_the_bot_is_refused(link: str) -> None:
    tg = StandIn(token=TOKEN, bot_username="tablebot")
    alice = tg.add_user("Alice")
    tg.add_web_app("hand", "http://127.0.0.1:9/app/")
    with pytest.raises(ValueError):
        tg.launch_web_app(alice, link)
