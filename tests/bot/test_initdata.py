"""Mini App initData (bot/webapp/initdata.py) against Telegram's documented check.

The reference signer below follows core.telegram.org/bots/webapps, "Validating
data received via the Mini App", written out here on its own (it does not call
the module under test); two published vectors pin it to what others computed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import traceback
from urllib.parse import quote

import pytest

from bot.webapp.initdata import (
    DEFAULT_MAX_AGE,
    MAX_BYTES,
    InitData,
    InitDataError,
    validate_init_data,
)

TOKEN = "7000000001:AAEbCdEfGhIjKlMnOpQrStUvWxYz012345"
NOW = 1_760_000_000
ALICE = json.dumps({"id": 1000001, "first_name": "Alice", "language_code": "es"},
                   separators=(",", ":"))  # fmt: skip

# aiogram's tests (its test_utils/test_web_app.py): token "42:TEST"
AIOGRAM = (
    "auth_date=1650385342"
    "&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Test%22%7D"
    "&query_id=test"
    "&hash=46d2ea5e32911ec8d30999b56247654460c0d20949b6277af519e76271182803"
)
# aiogram's second vector: signed, but the user's id is a string ("123456789")
AIOGRAM_STRING_ID = (
    "auth_date=1650385342"
    "&user=%7B%22id%22%3A+%22123456789%22%2C+%22first_name%22%3A+%22PlaceholderFirstName%22"
    "%2C+%22last_name%22%3A+%22PlaceholderLastName+%5Cud83c%5Cuddfa%5Cud83c%5Cudde6%22%2C+"
    "%22username%22%3A+%22Latand%22%2C+%22language_code%22%3A+%22en%22%2C+%22is_premium%22"
    "%3A+%22true%22%2C+%22allows_write_to_pm%22%3A+%22true%22%7D"
    "&query_id=test"
    "&hash=b3c8b293f14ad0f7f0abcf769aea1209a72295d30a87eb0e74df855d32e53bfe"
)
# the tma.js documentation (docs.telegram-mini-apps.com, init-data-node "Validating")
TMA_TOKEN = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8"
TMA = (
    "query_id=AAHdF6IQAAAAAN0XohDhrOrc"
    "&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22"
    "%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22"
    "%2C%22is_premium%22%3Atrue%7D"
    "&auth_date=1662771648"
    "&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2"
)


def telegram_hash(fields: dict[str, str], token: str) -> str:
    """Telegram's documented check, step by step."""
    data_check_string = "\n".join(f"{k}={fields[k]}" for k in sorted(fields) if k != "hash")
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    return hmac.new(secret, data_check_string.encode(), hashlib.sha256).hexdigest()


def encode(pairs: list[tuple[str, str]]) -> str:
    return "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in pairs)


def signed(token: str = TOKEN, **fields: str) -> str:
    """A direct link's initData as Telegram sends it (fields in its order, hash last)."""
    values = {
        "user": ALICE,
        "chat_instance": "-4815162342",
        "chat_type": "supergroup",
        "start_param": "t_abc",
        "auth_date": str(NOW),
        "signature": "c2lnbmF0dXJl",
    }
    values.update(fields)
    values = {k: v for k, v in values.items() if v != "<omit>"}
    return encode([*values.items(), ("hash", telegram_hash(values, token))])


def check(raw: str, token: str = TOKEN, *, now: float = NOW, **kwargs: float) -> InitData:
    return validate_init_data(raw, token, clock=lambda: now, **kwargs)


def refusal(raw: str, token: str = TOKEN, *, now: float = NOW, **kwargs: float) -> str:
    with pytest.raises(InitDataError) as caught:
        check(raw, token, now=now, **kwargs)
    error = caught.value
    told = "".join(traceback.format_exception(error)) + repr(error) + str(error)
    assert TOKEN not in told and TOKEN.split(":")[1] not in told
    assert raw not in told or not raw
    assert error.__cause__ is None and error.__context__ is None
    assert str(error) == error.reason
    return error.reason


# --- the documented algorithm and published vectors --------------------------------------


def test_a_direct_links_init_data_is_accepted_with_what_it_says() -> None:
    data = check(signed())
    assert data == InitData(
        user_id=1000001, first_name="Alice", language_code="es", start_param="t_abc",
        chat_type="supergroup", chat_instance="-4815162342", auth_date=NOW,
    )  # fmt: skip
    with pytest.raises(dataclasses.FrozenInstanceError):
        data.user_id = 2  # type: ignore[misc]


def test_aiograms_vector() -> None:
    data = check(AIOGRAM, "42:TEST", now=1650385342)
    assert (data.user_id, data.first_name, data.auth_date) == (42, "Test", 1650385342)
    assert data.start_param is None and data.language_code is None


def test_the_tma_js_documented_vector() -> None:
    data = check(TMA, TMA_TOKEN, now=1662771648 + 10)
    assert (data.user_id, data.first_name, data.language_code) == (279058397, "Vladislav", "ru")


def test_a_signed_user_whose_id_is_a_string_is_refused_after_the_signature_passes() -> None:
    assert refusal(AIOGRAM_STRING_ID, "42:TEST", now=1650385342) == "bad-user"
    assert refusal(AIOGRAM_STRING_ID, "42:OTHER", now=1650385342) == "bad-signature"


def test_signature_is_one_of_the_checked_fields() -> None:
    """Since Bot API 8.0 initData carries ``signature``; only ``hash`` is left out."""
    values = {"user": ALICE, "auth_date": str(NOW), "signature": "c2lnbmF0dXJl"}
    without = {k: v for k, v in values.items() if k != "signature"}
    assert check(encode([*values.items(), ("hash", telegram_hash(values, TOKEN))]))
    forged = encode([*values.items(), ("hash", telegram_hash(without, TOKEN))])
    assert refusal(forged) == "bad-signature"


def test_a_reordered_query_string_is_still_valid() -> None:
    raw = signed()
    pairs = raw.split("&")
    assert check("&".join(reversed(pairs))) == check(raw)
    assert check("&".join(sorted(pairs))) == check(raw)


def test_percent_escapes_are_decoded_before_the_check() -> None:
    name = json.dumps({"id": 7, "first_name": "Ñandú 🃏 a+b&c=d"}, ensure_ascii=False)
    data = check(signed(user=name, start_param="x y"))
    assert data.first_name == "Ñandú 🃏 a+b&c=d" and data.start_param == "x y"


# --- refused ------------------------------------------------------------------------------


def test_another_token_is_refused() -> None:
    assert refusal(signed(), "7000000001:AAEbCdEfGhIjKlMnOpQrStUvWxYz012346") == "bad-signature"
    assert refusal(signed(token="42:TEST")) == "bad-signature"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("user", ALICE.replace("1000001", "1000002")),
        ("user", ALICE.replace("Alice", "Alicia")),
        ("start_param", "t_abd"),
        ("chat_instance", "-4815162343"),
        ("chat_type", "private"),
        ("auth_date", str(NOW + 1)),
        ("signature", "c2lnbmF0dXJm"),
        ("hash", "0" * 64),
    ],
)
def test_a_field_changed_after_signing_is_refused(field: str, value: str) -> None:
    pairs = [p.split("=", 1) for p in signed().split("&")]
    changed = "&".join(f"{k}={quote(value, safe='') if k == field else v}" for k, v in pairs)
    assert refusal(changed) == "bad-signature"


def test_a_field_added_or_removed_after_signing_is_refused() -> None:
    raw = signed()
    assert refusal(raw + "&query_id=AAH") == "bad-signature"
    assert refusal(raw.replace("start_param=t_abc&", "")) == "bad-signature"
    assert refusal(raw.replace("&hash=", "&x=")) == "no-hash"


@pytest.mark.parametrize("extra", ["start_param=t_abc", "hash=0", "user=%7B%7D", "auth_date=1"])
def test_a_duplicated_field_is_refused(extra: str) -> None:
    raw = signed()
    assert refusal(f"{extra}&{raw}") == "duplicate"
    assert refusal(f"{raw}&{extra}") == "duplicate"


def test_stale_and_future_auth_dates_are_refused_by_the_injected_clock() -> None:
    raw = signed()
    assert check(raw, now=NOW + DEFAULT_MAX_AGE).auth_date == NOW
    assert refusal(raw, now=NOW + DEFAULT_MAX_AGE + 1) == "stale"
    assert check(raw, now=NOW + 300, max_age=300)
    assert refusal(raw, now=NOW + 301, max_age=300) == "stale"
    assert check(raw, now=NOW - 60)
    assert refusal(raw, now=NOW - 61) == "future"


@pytest.mark.parametrize("value", ["<omit>", "", "-1", "+1760000000", "1760000000.0", "1e9",
                                   "١٧٦٠٠٠٠٠٠٠", "１７６０", " 1760000000", "9" * 13])  # fmt: skip
def test_an_auth_date_not_in_ascii_digits_is_refused(value: str) -> None:
    assert refusal(signed(auth_date=value)) == "bad-auth-date"


@pytest.mark.parametrize(
    "user",
    ["<omit>", "", "Alice", "[1000001]", "1000001", "null", '{"id":"1000001","first_name":"A"}',
     '{"id":true,"first_name":"A"}', '{"id":1.5,"first_name":"A"}', '{"id":0,"first_name":"A"}',
     '{"id":-5,"first_name":"A"}', '{"first_name":"A"}', '{"id":5}', '{"id":5,"first_name":7}',
     '{"id":5,"first_name":"A","language_code":1}', '{"id":5,"first_name":"A"', "[" * 1200],
)  # fmt: skip
def test_a_user_that_is_not_an_object_with_an_integer_id_is_refused(user: str) -> None:
    assert refusal(signed(user=user)) == "bad-user"


def test_oversize_input_is_refused_before_anything_else() -> None:
    padding = "x" * (MAX_BYTES - len(signed(start_param="")))
    assert check(signed(start_param=padding)).start_param == padding
    assert refusal(signed(start_param=padding + "x")) == "oversize"
    assert refusal("é" * (MAX_BYTES // 2 + 1)) == "oversize"  # counted in UTF-8 bytes


@pytest.mark.parametrize(
    "raw", ["", "hash", "a=1&&hash=2", "user=%FF&hash=0", "user=%ED%A0%80&hash=0",
            "user=\udc80&hash=0", "&".join(f"f{i}=1" for i in range(40))],
)  # fmt: skip
def test_what_is_not_a_strict_query_string_is_malformed(raw: str) -> None:
    assert refusal(raw) == "malformed"


def test_no_refusal_tells_the_token_or_the_data() -> None:
    """``refusal`` checks every case above; here the traceback of a parse error too."""
    with pytest.raises(InitDataError) as caught:
        check(f"user={TOKEN}%FF&hash=0")
    assert TOKEN not in "".join(traceback.format_exception(caught.value))


def test_the_callers_mistakes_are_not_the_datas() -> None:
    with pytest.raises(ValueError, match="no bot token"):
        check(signed(), "")
    with pytest.raises(ValueError, match="max_age"):
        check(signed(), max_age=0)
