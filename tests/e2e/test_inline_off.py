"""A bot without BotFather's inline mode (getMe: supports_inline_queries false) offers
nothing that needs it: no 🃏 My cards on a lobby or a table, no 🎲 Challenge a friend
under the private /start; one warning line at start-up says what is off (guest mode
too). With inline mode on, both are offered (tests/e2e/test_inline_hands.py, …)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.features import FEATURES
from sandbox import Message
from tests.e2e.harness import running_world


def _labels(message: Message) -> list[str]:
    return [button.text for row in message.buttons() for button in row]


async def test_without_inline_mode_nothing_needs_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(FEATURES, "inline", FEATURES.inline)  # restored after the test
    monkeypatch.setattr(FEATURES, "guest", FEATURES.guest)
    async with running_world(tmp_path) as world:
        world.tg.set_inline_mode(False)
        with caplog.at_level(logging.INFO, logger="bot.features"):
            await world.start_bot()
        said = [r for r in caplog.records if r.name == "bot.features"]
        assert [r.levelno for r in said] == [logging.WARNING], said
        assert "inline mode (BotFather /setinline)" in said[0].getMessage()
        assert "guest mode" in said[0].getMessage()  # off in a new bot, and in the stand-in
        await world.start_privately(world.alice, world.bob)
        hello = [m for m in world.tg.bot_messages(world.alice) if "/reversi" in (m.text or "")]
        assert hello and "🎲 Challenge a friend" not in _labels(hello[-1])
        assert "Challenge a friend" not in (hello[-1].text or "")
        table = await world.open_lobby("/durak", [world.bob])
        assert "🃏 My cards" not in _labels(table), _labels(table)
        assert "✉️ Open private chat" in _labels(table)
        assert "✉️ Open private chat sends them to you by private message." in (table.text or "")
        assert "🃏" not in (table.text or "")
        await world.start_game(table)
        await world.tg.wait_for(lambda: "🃏 My hand" in _labels(table), what="the table")
        assert "🃏 My cards" not in _labels(table), _labels(table)


async def test_guest_mode_alone_off_is_an_info_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(FEATURES, "inline", FEATURES.inline)
    monkeypatch.setattr(FEATURES, "guest", FEATURES.guest)
    async with running_world(tmp_path) as world:
        with caplog.at_level(logging.INFO, logger="bot.features"):
            await world.start_bot()
        said = [r for r in caplog.records if r.name == "bot.features"]
        assert [r.levelno for r in said] == [logging.INFO], said  # a new bot's default
        assert "guest mode" in said[0].getMessage() and "inline" not in said[0].getMessage()
        table = await world.command(world.alice, world.group, "/durak")
        assert "🃏 My cards" in _labels(table)
