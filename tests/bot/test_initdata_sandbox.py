"""The stand-in signs Mini App initData as Telegram does: the bot's check takes it
under the stand-in's token and refuses it under any other."""

from __future__ import annotations

import hashlib
import hmac
from urllib.parse import parse_qsl

import pytest

from bot.webapp.initdata import InitData, InitDataError, validate_init_data
from sandbox import ManualClock, StandIn
from sandbox.webapp import init_data


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def tg(clock: ManualClock) -> StandIn:
    return StandIn(token="7000000001:AAEbCdEfGhIjKlMnOpQrSt", clock=clock)  # not started


def test_what_the_stand_in_signs_the_bot_accepts(tg: StandIn, clock: ManualClock) -> None:
    alice = tg.add_user("Alice", "Liddell", username="alice", language_code="es")
    group = tg.add_group("Game night", [alice])
    raw = tg.web_app_init_data(alice, "t_abc", chat=group)
    press_chat_instance = str((group.id * 7_919 + tg.bot.id) % 2**62)  # sandbox.people
    assert validate_init_data(raw, tg.token, clock=clock) == InitData(
        user_id=alice.id, first_name="Alice", language_code="es", start_param="t_abc",
        chat_type="supergroup", chat_instance=press_chat_instance, auth_date=int(clock.now),
    )  # fmt: skip
    elsewhere = validate_init_data(tg.web_app_init_data(alice), tg.token, clock=clock)
    assert (elsewhere.start_param, elsewhere.chat_type, elsewhere.chat_instance) == (None,) * 3


def test_under_another_token_it_is_refused(tg: StandIn, clock: ManualClock) -> None:
    alice = tg.add_user("Alice")
    raw = tg.web_app_init_data(alice, "t_abc", chat=alice)
    for other in ("7000000001:AAEbCdEfGhIjKlMnOpQrSu", "7000000002:AAEbCdEfGhIjKlMnOpQrSt"):
        with pytest.raises(InitDataError, match=r"^bad-signature$"):
            validate_init_data(raw, other, clock=clock)


def test_it_ages_with_the_worlds_clock(tg: StandIn, clock: ManualClock) -> None:
    raw = tg.web_app_init_data(tg.add_user("Alice"), "t_abc")
    clock.advance(600)
    assert validate_init_data(raw, tg.token, clock=clock, max_age=600)
    with pytest.raises(InitDataError, match=r"^stale$"):
        validate_init_data(raw, tg.token, clock=clock, max_age=599)


def test_the_hash_is_telegrams_documented_one_and_the_user_compact_json(tg: StandIn) -> None:
    bob = tg.add_user("Bób 🃏", username="bob")
    raw = init_data(tg.token, bob, start_param="x", chat_type="group", chat_instance="-5",
                    auth_date=1_700_000_000)  # fmt: skip
    pairs = parse_qsl(raw, strict_parsing=True)
    assert [k for k, _ in pairs] == [
        "user", "chat_instance", "chat_type", "start_param", "auth_date", "hash"
    ]  # fmt: skip
    fields = dict(pairs)
    assert fields["user"] == f'{{"id":{bob.id},"first_name":"Bób 🃏","username":"bob"}}'
    check = "\n".join(f"{k}={fields[k]}" for k in sorted(fields) if k != "hash")
    secret = hmac.new(b"WebAppData", tg.token.encode(), hashlib.sha256).digest()
    assert fields["hash"] == hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    assert raw.isascii() and "+" not in raw and " " not in raw  # percent-encoded


@pytest.mark.parametrize("start_param", ["a b", "é", "x" * 513, "a&b=c"])
def test_a_start_param_no_client_opens_is_refused(tg: StandIn, start_param: str) -> None:
    with pytest.raises(ValueError, match="startapp"):
        tg.web_app_init_data(tg.add_user("Alice"), start_param)
