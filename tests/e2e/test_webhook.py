"""Webhook mode: the stand-in posts updates to the bot's webhook like Telegram does."""

from __future__ import annotations

import asyncio
import signal
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import aiohttp

from sandbox import Chat, StandIn, User
from tests.e2e.harness import TOKEN, start_process
from tests.e2e.reversi_board import data_of, hint_squares, turn_name


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Hooked:
    """``python -m bot`` in webhook mode, with Alice and Bob in a group."""

    tg: StandIn
    port: int
    url: str
    alice: User
    bob: User
    group: Chat


@asynccontextmanager
async def webhook_bot(tmp_path: Path) -> AsyncIterator[Hooked]:
    """The bot on a free port with a secret; SIGTERM at the end must stop it cleanly."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}/tablebot/hook"
    async with StandIn(token=TOKEN, bot_username="tablebot") as tg:
        alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
        group = tg.add_group("Friends", members=[alice, bob], admins=[alice])
        process = await start_process(
            tg, tmp_path / "bot.db",
            {"WEBHOOK_URL": url, "WEBHOOK_SECRET": "s3cret-token", "PORT": str(port),
             "LISTEN": "127.0.0.1"},
            ready="setWebhook",
        )  # fmt: skip
        try:
            yield Hooked(tg, port, url, alice, bob, group)
        finally:
            process.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(process.wait(), 30) == 0


async def test_webhook_mode_checks_the_secret_and_serves_a_health_check(tmp_path: Path) -> None:
    async with webhook_bot(tmp_path) as hooked:
        tg, alice, bob, group = hooked.tg, hooked.alice, hooked.bob, hooked.group
        (set_hook,) = [c for c in tg.calls if c.method == "setWebhook"]
        assert set_hook.params["url"] == hooked.url
        assert set_hook.params["secret_token"] == "s3cret-token"
        # updates reach the bot through its webhook (the stand-in retries until it listens)
        await tg.send_text(alice, group, "/reversi")
        board = await tg.wait_for_bot_message(group)
        await tg.press(bob, board, "Join")
        await tg.wait_for(lambda: "Bob" in (board.text or ""))  # the last seat: it starts
        await tg.wait_for(lambda: turn_name(board) == "Alice")
        await tg.press(alice, board, callback_data=data_of(board, hint_squares(board)[0]))
        await tg.wait_for(lambda: turn_name(board) == "Bob", what="the move via webhook")
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{hooked.port}/healthz") as health:
                assert health.status == 200 and (await health.json()) == {"ok": True}
            forged = {"update_id": 1, "message": {"message_id": 1}}
            headers = {"X-Telegram-Bot-Api-Secret-Token": "wrong"}
            async with http.post(hooked.url, json=forged, headers=headers) as refused:
                assert refused.status == 403


async def test_a_replaced_table_pressed_through_the_webhook_says_it_has_changed(
    tmp_path: Path,
) -> None:
    """The pressed message's keyboard is set aside as JSON on the webhook too
    (bot.pressed): the bot still tells its own old table from a stranger's message."""
    async with webhook_bot(tmp_path) as hooked:
        tg, alice, bob, group = hooked.tg, hooked.alice, hooked.bob, hooked.group
        await tg.send_text(alice, group, "/reversi")
        board = await tg.wait_for_bot_message(group)
        await tg.press(bob, board, "Join")
        await tg.wait_for(lambda: turn_name(board) == "Alice")
        tg.fail_next("editMessageText", 400, "Bad Request: message can't be edited")
        await tg.press(alice, board, callback_data=data_of(board, hint_squares(board)[0]))
        new = await tg.wait_for_bot_message(group, after=board.message_id)
        await tg.wait_for(lambda: turn_name(new) == "Bob", what="the table in a new message")
        versions = len(board.versions)
        square = data_of(board, hint_squares(new)[0])
        answer = await tg.press(bob, board, callback_data=square)  # the old table
        assert answer.show_alert
        assert answer.text == "This board has changed; here is the current one."
        assert len(board.versions) == versions and turn_name(new) == "Bob"


async def _status_of_a_stalled_post(port: int, headers: dict[str, str]) -> str:
    """POST a body that never finishes (a tenth of what it declares is sent); the
    status line the bot answers with while the rest is still awaited."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
        writer.write(f"POST /tablebot/hook HTTP/1.1\r\nHost: bot\r\n{head}\r\n".encode())
        writer.write(b"x" * (int(headers["Content-Length"]) // 10))
        await writer.drain()
        line = await asyncio.wait_for(reader.readline(), 10)
        return line.decode().strip()
    finally:
        writer.close()


async def test_a_post_without_the_secret_is_refused_before_its_body_is_read(
    tmp_path: Path,
) -> None:
    async with webhook_bot(tmp_path) as hooked:
        no_secret = {"Content-Length": "900000"}  # under the size bound: only the secret
        assert await _status_of_a_stalled_post(hooked.port, no_secret) == "HTTP/1.1 403 Forbidden"
        wrong = {**no_secret, "X-Telegram-Bot-Api-Secret-Token": "s3cret-tokeN"}
        assert await _status_of_a_stalled_post(hooked.port, wrong) == "HTTP/1.1 403 Forbidden"
        too_large = {
            "Content-Length": str(2 << 20),
            "X-Telegram-Bot-Api-Secret-Token": "s3cret-token",
        }
        status = await _status_of_a_stalled_post(hooked.port, too_large)
        assert status.startswith("HTTP/1.1 4")  # refused by its declared size, not read
        # the bot still takes updates
        await hooked.tg.send_text(hooked.alice, hooked.group, "/reversi")
        await hooked.tg.wait_for_bot_message(hooked.group)


async def test_a_secret_token_beyond_ascii_is_refused_like_any_wrong_one(tmp_path: Path) -> None:
    """Anyone may post to the webhook: a secret header with letters beyond ASCII is a
    403 like any wrong secret (compare_digest refused the str: a 500, and an error
    logged, on every such post)."""
    async with webhook_bot(tmp_path) as hooked:
        for token in ("s3cret-tokeñ", "ü"):
            wrong = {"Content-Length": "900000", "X-Telegram-Bot-Api-Secret-Token": token}
            status = await _status_of_a_stalled_post(hooked.port, wrong)
            assert status == "HTTP/1.1 403 Forbidden", (token, status)
