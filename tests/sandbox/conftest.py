"""Fixtures: a running stand-in and a real python-telegram-bot ``Bot`` talking to it."""

from __future__ import annotations

import datetime as dtm
import warnings
from collections.abc import AsyncIterator

import pytest
import telegram

from sandbox import ManualClock, StandIn


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def tg(clock: ManualClock) -> AsyncIterator[StandIn]:
    stand_in = StandIn(clock=clock, webhook_retry_delays=(0.01, 0.01))
    await stand_in.start()
    try:
        yield stand_in
    finally:
        await stand_in.stop()
    assert stand_in.internal_errors == []


@pytest.fixture
async def bot(tg: StandIn) -> AsyncIterator[telegram.Bot]:
    async with telegram.Bot(tg.token, base_url=tg.base_url) as client:
        yield client


def seconds(value: int | dtm.timedelta) -> float:
    """RetryAfter.retry_after is an int or a timedelta depending on PTB settings."""
    return value.total_seconds() if isinstance(value, dtm.timedelta) else value


def retry_after(error: telegram.error.RetryAfter) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return seconds(error.retry_after)
