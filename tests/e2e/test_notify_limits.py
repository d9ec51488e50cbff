"""``/notify``'s notices go only to members, and only a few an hour (issue 21, item 6).

Before a notice goes, Telegram is asked whether the person is still in the group
(``getChatMember``): someone who left, was banned, or left while restricted gets
nothing, and their subscription ends. A group announces at most three new games an
hour, and a person gets at most three notices an hour from all their groups,
counted with the bot's clock (here a clock the test moves).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.sync.announce import GROUP_NOTICES_PER_HOUR, PERSON_NOTICES_PER_HOUR
from sandbox import Chat, Message, StandIn, User
from storage import notices
from tests.e2e.clock import ManualClock
from tests.e2e.harness import World, running_world

HOUR = 3600.0


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def timed(tmp_path: Path, clock: ManualClock) -> AsyncIterator[World]:
    """The world, with a bot whose time moves only when the test says."""
    async with running_world(tmp_path) as world:
        await world.start_bot(clock=clock)
        yield world


def _notices(world: World, person: User) -> list[Message]:
    return [m for m in world.tg.bot_messages(person) if "🎲" in (m.text or "")]


async def _notify(world: World, person: User, group: Chat | None = None) -> None:
    mark = max((m.message_id for m in world.tg.messages(person)), default=0)
    await world.tg.send_text(person, group or world.group, "/notify")
    answer = await world.tg.wait_for_bot_message(person, after=mark)
    assert "You will get a private message" in (answer.text or "")


async def _open_and_stop(world: World, opener: User, group: Chat | None = None) -> None:
    """``opener`` opens a Reversi lobby, its notices go out, and they stop it."""
    group = group or world.group
    table = await world.command(opener, group, "/reversi")
    await world.synced()
    versions = len(table.versions)
    await world.tg.send_text(opener, group, "/stop")
    await world.until_edited(table, versions)
    await world.synced()


async def _subscribed(world: World) -> list[int]:
    db = world.bots[-1].db
    return [s.user_id for s in await notices.subscribers(db, world.group.id)]


def _leave_restricted(tg: StandIn, group: Chat, person: User) -> None:
    tg.restrict_member(group, person)
    tg.remove_member(group, person)


LEAVING: dict[str, Callable[[World], None]] = {
    "left": lambda w: w.tg.remove_member(w.group, w.bob),
    "banned": lambda w: w.tg.ban_member(w.group, w.bob, by=w.alice),
    "left while restricted": lambda w: _leave_restricted(w.tg, w.group, w.bob),
}


@pytest.mark.parametrize("how", list(LEAVING))
async def test_no_notice_for_someone_who_left_the_group(world: World, how: str) -> None:
    await world.start_privately(world.alice, world.bob, world.carol)
    await _notify(world, world.bob)
    await _notify(world, world.carol)
    LEAVING[how](world)
    await world.command(world.alice, world.group, "/reversi")
    await world.tg.wait_for(lambda: _notices(world, world.carol), what="Carol's notice")
    await world.synced()
    assert _notices(world, world.bob) == []
    assert await _subscribed(world) == [world.carol.id]  # Bob's notices ended


async def test_no_answer_from_telegram_sends_no_notice(world: World) -> None:
    """getChatMember fails (a 502): the notice is not sent blindly, and the
    subscription stays for the next game."""
    await world.start_privately(world.alice, world.bob)
    await _notify(world, world.bob)
    world.tg.fail_next("getChatMember", 502, "Bad Gateway")
    await _open_and_stop(world, world.alice)
    assert _notices(world, world.bob) == []
    assert await _subscribed(world) == [world.bob.id]
    await world.command(world.alice, world.group, "/reversi")
    await world.tg.wait_for(lambda: _notices(world, world.bob), what="Bob's next notice")


async def test_a_group_announces_a_few_games_an_hour(timed: World, clock: ManualClock) -> None:
    """Alice opens and stops eleven games in a minute: Bob and Carol hear of the
    first few only, and a game Bob opens then tells Alice nothing (the group's limit,
    not hers); an hour later a new game is announced again."""
    world = timed
    await world.start_privately(world.alice, world.bob, world.carol)
    for person in (world.alice, world.bob, world.carol):
        await _notify(world, person)
    for _ in range(11):
        await _open_and_stop(world, world.alice)
    assert len(_notices(world, world.bob)) == GROUP_NOTICES_PER_HOUR
    assert len(_notices(world, world.carol)) == GROUP_NOTICES_PER_HOUR
    await _open_and_stop(world, world.bob)
    assert _notices(world, world.alice) == []
    clock.advance(HOUR)
    await world.command(world.alice, world.group, "/reversi")
    await world.tg.wait_for(
        lambda: len(_notices(world, world.bob)) > GROUP_NOTICES_PER_HOUR, what="Bob's notice"
    )
    await asyncio.wait_for(_pruned(world, clock.now), 10)  # the sweep's hourly prune


async def _pruned(world: World, now: float) -> None:
    """Until ``notices_sent`` holds no row from before ``now`` (the bot's sweep,
    woken by the clock, prunes the rows older than an hour)."""
    db = world.bots[-1].db
    sql = "SELECT COUNT(*) FROM notices_sent WHERE sent_at < $1"
    while (await db.fetchall(sql, (now,)))[0][0]:
        await asyncio.sleep(0)  # a turn for the bot (the read may not leave the loop)


async def test_a_person_gets_a_few_notices_an_hour(timed: World, clock: ManualClock) -> None:
    """Bob asked in five groups; a game opens in each: he hears of a few only, then
    again once an hour has passed."""
    world, tg = timed, timed.tg
    await world.start_privately(world.alice, world.bob)
    groups = [world.group] + [
        tg.add_group(f"Group {n}", members=[world.alice, world.bob], admins=[world.alice])
        for n in range(2, 6)
    ]
    for group in groups:
        await _notify(world, world.bob, group)
    for group in groups:
        await _open_and_stop(world, world.alice, group)
    assert len(_notices(world, world.bob)) == PERSON_NOTICES_PER_HOUR
    clock.advance(HOUR)
    await world.command(world.alice, groups[-1], "/reversi")
    await tg.wait_for(
        lambda: len(_notices(world, world.bob)) > PERSON_NOTICES_PER_HOUR, what="Bob's notice"
    )


async def test_a_group_upgraded_to_a_supergroup_keeps_its_hour_of_announcements(
    tmp_path: Path, clock: ManualClock
) -> None:
    """The group announced its few games of the hour, then became a supergroup: its
    count stayed with the old chat id, so the new one announced as many again within
    the hour (Carol, who asked for notices after the first few, got one)."""
    async with running_world(tmp_path, supergroup=False) as world:
        await world.start_bot(clock=clock)
        await world.start_privately(world.alice, world.bob, world.carol)
        await _notify(world, world.bob)
        for _ in range(GROUP_NOTICES_PER_HOUR):
            await _open_and_stop(world, world.alice)
        assert len(_notices(world, world.bob)) == GROUP_NOTICES_PER_HOUR
        await _notify(world, world.carol)
        new = world.tg.upgrade_to_supergroup(world.group, by=world.alice)
        await _open_and_stop(world, world.alice, new)
        assert _notices(world, world.carol) == []
