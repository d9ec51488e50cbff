"""The hand app (issue 32) with three bot workers in webhook mode on one PostgreSQL
database, each serving the app on its own port (WEBAPP_URL and WEBAPP_NAME set), the
stand-in as the webhook's load balancer.

Checked on a Durak game: a move made by a button press (taken by whichever worker)
shows in the app's state read from every other worker (its version and its table);
moves POSTed to one worker's app API while the presses go to the two others are each
applied once and in line with them (the version counts every move, no card is lost or
doubled, the group's table shows the pairs), also when an app move and a press are
made at the same moment; and no token appears in any worker's output."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.buttons import from36
from sandbox import Chat, Message, StandIn, User
from storage import gamestore
from storage.db import Database
from tests.databases import POSTGRES_URL, fresh_postgres
from tests.e2e.durak_table import accounted, pairs, table_pairs
from tests.e2e.harness import TOKEN
from tests.e2e.players import drawn_at, durak_choice
from tests.e2e.test_workers import _free_port, _open, workers

pytestmark = pytest.mark.skipif(not POSTGRES_URL, reason="TEST_POSTGRES_URL names no server")
APP_URL, APP_NAME = "https://tablebot.example/app/", "hand"
# the group's and the hands' pace lifted: the table is drawn at every version at once
SETTINGS = {"WEBAPP_URL": APP_URL, "WEBAPP_NAME": APP_NAME, "GROUP_MESSAGES_PER_MINUTE": "6000",
            "PRIVATE_MESSAGES_PER_SECOND": "100"}  # fmt: skip


class AppClient:
    """One worker's app API, called as the page calls it (``Authorization: tma``)."""

    def __init__(self, tg: StandIn, http: aiohttp.ClientSession, port: int, group: Chat) -> None:
        self.tg, self.http, self.group = tg, http, group
        self.base = f"http://127.0.0.1:{port}/app/"
        self.bodies: list[str] = []

    async def call(
        self, user: User, param: str, method: str, route: str, body: Any = None
    ) -> tuple[int, dict[str, Any] | None]:
        signed = self.tg.web_app_init_data(user, param, chat=self.group)
        data = None if body is None else json.dumps(body).encode()
        headers = {"Authorization": "tma " + signed}
        async with self.http.request(method, self.base + route, data=data, headers=headers) as r:
            text = await r.text()
            self.bodies.append(text)
            return r.status, (json.loads(text) if text else None)

    async def state(self, user: User, param: str, known: int | None = None) -> dict[str, Any]:
        route = "api/state" if known is None else f"api/state?v={known}"
        status, body = await self.call(user, param, "GET", route)
        assert status == 200 and body is not None, (status, body)
        return dict(body["state"])


def _app_link(table: Message) -> str:
    return next(str(b.url) for row in table.buttons() for b in row if "startapp=" in (b.url or ""))


async def _press(
    tg: StandIn, table: Message, people: dict[str, User], rng: random.Random
) -> str | None:
    """Press a move someone has now; the bot's answer (None: played, nothing to say)."""
    user, hand, data = await durak_choice(tg, table, people, rng)
    return (await tg.press(user, hand, callback_data=data)).text


async def _game(db: Database, game_id: int) -> Any:
    game = await gamestore.get_game(db, game_id)
    assert game is not None and game.state is not None
    return game


@pytest.mark.slow
async def test_the_hand_app_across_three_workers_on_postgresql(tmp_path: Path) -> None:
    ports = [_free_port() for _ in range(3)]
    backends = [f"http://127.0.0.1:{port}" for port in ports]
    async with (
        fresh_postgres() as url,
        # the webhook's updates go to workers 1 and 2; worker 0 takes only app requests
        StandIn(token=TOKEN, bot_username="tablebot", webhook_backends=backends[1:]) as tg,
        workers(tg, url, ports, tmp_path, SETTINGS) as running,
        aiohttp.ClientSession() as http,
    ):
        alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
        people = {"Alice": alice, "Bob": bob}
        for person in (alice, bob):  # their private hands carry the presses
            await tg.send_text(person, person, "/start")
            await tg.wait_for_bot_message(person)
        group = tg.add_group("Game night", members=[alice, bob], admins=[alice])
        table = await _open(tg, group, alice, bob, "/durak")
        await tg.wait_for(lambda: any("startapp=" in (b.url or "") for row in table.buttons()
                                      for b in row), what="🃏 Open my hand")  # fmt: skip
        link = _app_link(table)
        assert link.startswith(f"https://t.me/tablebot/{APP_NAME}?startapp=")
        param = link.split("startapp=", 1)[1]
        game_id = from36(param.split("_")[0])
        apps = [AppClient(tg, http, port, group) for port in ports]
        db = await Database.open(url)
        try:
            await _pressed_moves_reach_every_worker(tg, table, people, param, apps, backends)
            await _app_and_presses_in_line(tg, db, game_id, table, people, param, apps[0])
        finally:
            await db.close()
        codes = [await worker.stop() for worker in running]
    assert codes == [0, 0, 0]
    assert set(tg.webhook.delivered_to.values()) == set(backends[1:])  # both took presses
    for worker in running:
        output = worker.log.read_text()
        assert TOKEN not in output and TOKEN.split(":")[1] not in output
    for app in apps:
        assert not any(TOKEN.split(":")[1] in body for body in app.bodies)


async def _pressed_moves_reach_every_worker(
    tg: StandIn, table: Message, people: dict[str, User], param: str,
    apps: list[AppClient], backends: list[str],
) -> None:  # fmt: skip
    """(a) A press taken by one worker: the app's state read from every other worker
    has the new version and the new table."""
    rng = random.Random("pressed")
    alice = people["Alice"]
    for _ in range(4):
        before = [await app.state(alice, param) for app in apps]
        version = before[0]["version"]
        assert {shown["version"] for shown in before} == {version}  # every worker agrees
        taken = len(tg.webhook.delivered_to)
        answer = await _press(tg, table, people, rng)
        assert answer is None, answer
        await tg.wait_for(lambda v=version: drawn_at(table) > v, what="the table redrawn")
        handled_by = list(tg.webhook.delivered_to.values())[taken:][-1]
        by_backend = dict(zip(backends, apps, strict=True))
        others = [app for backend, app in by_backend.items() if backend != handled_by]
        assert len(others) == 2
        there = await by_backend[handled_by].state(alice, param)
        for app in others:
            assert (await app.call(alice, param, "GET", f"api/state?v={version}"))[0] == 200
            now = await app.state(alice, param, version)
            assert now["version"] == version + 1
            assert now["table_text"] != before[0]["table_text"]
            assert now == there  # the same hand, table and moves as where it was made
        assert drawn_at(table) == version + 1


async def _app_and_presses_in_line(
    tg: StandIn, db: Database, game_id: int, table: Message, people: dict[str, User],
    param: str, app: AppClient,
) -> None:  # fmt: skip
    """(b) Moves from worker 0's app API among presses taken by workers 1 and 2: each
    applied once, in line (the version counts them; the cards add up; the table shows
    the pairs); an app move and a press sent at the same moment are put in line."""
    rng = random.Random("in line")
    sources = {"app": 0, "press": 0, "together": 0}
    for step in range(40):
        game = await _game(db, game_id)
        if game.status.value != "running":
            break
        version = game.version
        shown = {name: await app.state(person, param) for name, person in people.items()}
        assert {s["version"] for s in shown.values()} == {version}
        movers = sorted(name for name, s in shown.items() if s["moves"])
        if not movers:
            break
        kind = ["app", "press", "together"][step % 3] if len(movers) > 1 else rng.choice(
            ["app", "press"])  # fmt: skip
        posted: tuple[int, Any] = (0, None)
        if kind == "press":
            answer = await _press(tg, table, people, rng)
            assert answer is None, answer  # played: nothing to say
            applied = 1
        elif kind == "app":
            name = rng.choice(movers)
            move = rng.choice(shown[name]["moves"])["argument"]
            status, body = await app.call(people[name], param, "POST", "api/move",
                                          {"version": version, "move": move})  # fmt: skip
            if status == 429:  # a sixth move in a second by one person (not a person's
                assert (await _game(db, game_id)).version == version  # pace): none applied
                kind = "press"  # the move is pressed instead
                answer = await _press(tg, table, people, rng)
                assert answer is None, answer
            else:
                assert status == 200 and body is not None, (status, body)
                assert body["state"]["version"] == version + 1
            applied = 1
        else:  # one moves from the app while the other presses, at the same moment
            name = rng.choice(movers)
            move = rng.choice(shown[name]["moves"])["argument"]
            other = {n: p for n, p in people.items() if n != name}
            user, hand, data = await durak_choice(tg, table, other, rng)
            posted, pressed = await asyncio.gather(
                app.call(people[name], param, "POST", "api/move",
                         {"version": version, "move": move}),
                tg.press(user, hand, callback_data=data),
            )  # fmt: skip
            answer = pressed.text
            assert posted[0] in (200, 409, 422, 429), posted  # played, or refused
            applied = (posted[0] == 200) + (answer is None)  # a refused press says why
            assert applied >= 1, (posted, answer)
        sources[kind] += 1
        after = await _game(db, game_id)
        accounted(after.state)  # nothing doubled, nothing lost: 36 distinct cards
        assert after.version == version + applied, (kind, posted if kind == "together" else "")
        await tg.wait_for(lambda v=after.version: drawn_at(table) >= v,
                          what=f"the table drawn at version {after.version}")  # fmt: skip
        if after.status.value == "running":
            assert table_pairs(table) == pairs(after.state), (table.text, after.state["table"])
    assert sources["app"] >= 3 and sources["press"] >= 3, sources
