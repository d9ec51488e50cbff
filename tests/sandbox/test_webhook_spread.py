"""The stand-in delivers webhooks like Telegram behind a load balancer (issue 15, item 4):
up to max_connections updates in flight, in order within a chat's (or presser's) queue,
confirmed only over a contiguous delivered prefix; round robin over backends with a
dead or failing backend skipped at once."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import telegram

from sandbox import ManualClock, StandIn, User
from tests.sandbox.fake_backends import PATH, backends, closed_port

NO_BACKEND = "Wrong response from the webhook: 502 Bad Gateway"


@asynccontextmanager
async def running(**options: Any) -> AsyncIterator[tuple[StandIn, telegram.Bot]]:
    options.setdefault("webhook_retry_delays", (0.01, 0.01))
    async with StandIn(clock=ManualClock(), **options) as tg:
        async with telegram.Bot(tg.token, base_url=tg.base_url) as bot:
            yield tg, bot
        assert tg.internal_errors == []


def people(tg: StandIn, count: int) -> list[User]:
    return [tg.add_user(f"Person{n}") for n in range(count)]


async def each_writes(tg: StandIn, writers: Sequence[User]) -> None:
    """One message per person in their private chat: one update per queue."""
    for person in writers:
        await tg.send_text(person, person, "/start")


def pending_ids(tg: StandIn) -> list[int]:
    return [update.update_id for update in tg.pending_updates]


async def test_max_connections_bounds_the_updates_in_flight() -> None:
    async with backends(200) as (worker,), running() as (tg, bot):
        worker.hold_all = True
        assert await bot.set_webhook(worker.origin + PATH, max_connections=3)
        await each_writes(tg, people(tg, 8))
        await worker.wait_for(lambda: worker.in_flight >= 3, "3 requests in flight")
        assert [u.update_id for u in tg.webhook.in_flight] == [1, 2, 3]
        info = await bot.get_webhook_info()
        assert (info.max_connections, info.pending_update_count) == (3, 8)
        worker.release()
        await tg.wait_for(lambda: not tg.pending_updates, what="all 8 delivered")
        assert worker.most_in_flight == 3
        assert sorted(worker.answered) == list(range(1, 9))


async def test_a_slow_first_update_holds_the_confirmed_offset() -> None:
    async with backends(200) as (worker,), running() as (tg, bot):
        alice, bob, carol = people(tg, 3)
        worker.hold = {1}
        await bot.set_webhook(worker.origin + PATH)
        await tg.send_text(alice, alice, "/one")  # 1: held by the backend
        await tg.send_text(alice, alice, "/two")  # 2: alice's chat waits for 1
        await tg.send_text(bob, bob, "/three")  # 3 and 4: other chats go on
        await tg.send_text(carol, carol, "/four")
        await worker.wait_for(lambda: sorted(worker.answered) == [3, 4], "3 and 4 answered")
        assert 2 not in worker.received
        assert pending_ids(tg) == [1, 2, 3, 4]  # nothing confirmed past the update in flight
        assert (await bot.get_webhook_info()).pending_update_count == 4
        worker.release(1)
        await tg.wait_for(lambda: not tg.pending_updates, what="everything confirmed")
        assert worker.answered[2:] == [1, 2]
        assert sorted(worker.received) == [1, 2, 3, 4]  # each delivered once


async def test_a_retried_update_holds_only_its_own_queue() -> None:
    async with backends(200) as (worker,), running(webhook_retry_delays=(30,)) as (tg, bot):
        alice, bob = people(tg, 2)
        worker.fail_times = {1: 1}
        await bot.set_webhook(worker.origin + PATH)
        await tg.send_text(alice, alice, "/one")  # 1: answered 500, retried in 30 s
        await tg.send_text(alice, alice, "/two")  # 2: waits behind 1
        await tg.send_text(bob, bob, "/three")  # 3: not held up by alice's retry
        await worker.wait_for(lambda: 3 in worker.answered, "bob's update", timeout=5)
        # the backend's 500 for update 1 may still be on its way back to the stand-in
        error = await tg.wait_for(lambda: tg.world.webhook.last_error_message, what="the 500")
        assert error == "Wrong response from the webhook: 500 Internal Server Error"
        assert worker.received.count(1) == 1 and 2 not in worker.received
        assert pending_ids(tg) == [1, 2, 3]


async def test_round_robin_spreads_updates_evenly_over_three_backends() -> None:
    async with (
        backends(200, 200, 200) as workers,
        running(webhook_backends=[w.origin for w in workers]) as (tg, bot),
    ):
        assert await bot.set_webhook(f"https://bot.example.com{PATH}?worker=any")
        await each_writes(tg, people(tg, 9))
        await tg.wait_for(lambda: not tg.pending_updates, what="all 9 delivered")
        assert Counter(tg.webhook.delivered_to.values()) == {w.origin: 3 for w in workers}
        assert [len(w.answered) for w in workers] == [3, 3, 3]
        assert sorted(n for w in workers for n in w.answered) == list(range(1, 10))
        assert all(query == {"worker": "any"} for w in workers for query in w.queries)


async def test_a_dead_backend_is_skipped_and_no_update_is_lost() -> None:
    dead = f"http://127.0.0.1:{closed_port()}"
    async with (
        backends(200, 200) as (first, second),
        running(webhook_backends=[dead, first.origin, second.origin]) as (tg, bot),
    ):
        await bot.set_webhook(first.origin + PATH)
        await each_writes(tg, people(tg, 6))
        await tg.wait_for(lambda: not tg.pending_updates, what="all 6 delivered")
        assert tg.webhook.dropped == []
        assert set(tg.webhook.delivered_to.values()) == {first.origin, second.origin}
        assert sorted(first.received + second.received) == list(range(1, 7))  # once each
        assert (await bot.get_webhook_info()).last_error_message is None


async def test_a_backend_answering_500_passes_the_update_to_the_next() -> None:
    async with (
        backends(500, 200) as (broken, healthy),
        running(webhook_backends=[broken.origin, healthy.origin]) as (tg, bot),
    ):
        await bot.set_webhook(healthy.origin + PATH)
        await each_writes(tg, people(tg, 4))
        await tg.wait_for(lambda: not tg.pending_updates, what="all 4 delivered")
        assert len(broken.received) == 2  # its turns: the 1st and the 3rd attempt
        assert sorted(healthy.answered) == [1, 2, 3, 4]
        assert set(tg.webhook.delivered_to.values()) == {healthy.origin}
        assert tg.webhook.dropped == []


async def test_when_every_backend_fails_the_retry_delays_apply_then_the_drop() -> None:
    dead = [f"http://127.0.0.1:{closed_port()}" for _ in range(2)]
    async with running(webhook_backends=dead) as (tg, bot):
        await bot.set_webhook(f"https://bot.example.com{PATH}")
        (person,) = people(tg, 1)
        await tg.send_text(person, person, "/lost")
        await tg.wait_for(lambda: not tg.pending_updates, what="the update given up")
        assert [u.payload["text"] for u in tg.webhook.dropped] == ["/lost"]
        assert tg.webhook.delivered_to == {}
        assert (await bot.get_webhook_info()).last_error_message == NO_BACKEND


async def test_max_connections_is_kept_within_1_to_100_like_the_bot_api(
    bot: telegram.Bot, tg: StandIn
) -> None:
    url = f"https://bot.example.com{PATH}"
    for asked, kept in ((0, 1), (-5, 1), (1, 1), (100, 100), (101, 100), (None, 40)):
        assert await bot.set_webhook(url, max_connections=asked)
        assert (await bot.get_webhook_info()).max_connections == kept, asked
