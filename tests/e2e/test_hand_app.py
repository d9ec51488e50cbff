"""The hand app (issue 32) against the stand-in: the table's 🃏 Open my hand button,
what the app shows each person, a move from the app (the group sees only the edited
table, nothing is sent to any chat), and every refusal with nothing applied."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from bot.buttons import from36
from games.cards import parse_card
from sandbox.webapp import init_data
from storage import gamestore
from tests.e2e.hand_app import APP_NAME, APP_URL, App, app_link, hand_app, table_of
from tests.e2e.harness import TOKEN, World, running_world


async def _durak_started(world: World) -> tuple[Any, None]:
    table = await world.command(world.alice, world.group, "/durak")
    for person in (world.alice, world.bob):  # neither opened the bot's private chat
        await world.tg.press(person, table, "Join")
        await world.tg.wait_for(lambda p=person: p.first_name in (table.text or ""))
    return await world.start_game(table), None


async def _durak(world: World) -> tuple[Any, str]:
    """Alice and Bob at a running Durak table; the table and its startapp."""
    table, _ = await _durak_started(world)
    await world.tg.wait_for(lambda: app_link(table) is not None, what="🃏 Open my hand")
    link = app_link(table)
    assert link is not None
    return table, table_of(link)


async def _game(app: App, table_param: str) -> Any:
    game = await gamestore.get_game(app.bot.db, from36(table_param.split("_")[0]))
    assert game is not None
    return game


def _codes(shown: dict[str, Any]) -> set[str]:
    """Every card the answer shows."""
    found = {c["code"] for c in shown["hand"]}
    for pile in shown["piles"]:
        found |= {c["code"] for c in pile.get("cards", [])}
        found |= {c["code"] for pair in pile.get("pairs", []) for c in pair}
    return found


async def test_the_table_links_to_the_app_and_each_person_sees_their_own(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world, hand_app(world) as app:
        table, param = await _durak(world)
        link = app_link(table)
        assert link == f"https://t.me/tablebot/{APP_NAME}?startapp={param}"
        game = await _game(app, param)
        assert param.split("_", 1)[1] == game.meta.invite
        state = game.state
        hands = [{str(parse_card(c).code) for c in hand} for hand in state["hands"]]
        seats = {world.alice.id: 0, world.bob.id: 1}
        for person, seat in seats.items():
            user = world.alice if person == world.alice.id else world.bob
            status, body = await app.state(user, param)
            assert status == 200 and body is not None
            shown = body["state"]
            assert shown["seat"] == seat
            assert {c["code"] for c in shown["hand"]} == hands[seat]
            assert not _codes(shown) & hands[1 - seat], "a card of the other hand"
            assert shown["version"] == game.version
            assert shown["counts"] == [6, 6]
        # Carol sits nowhere: the public table, no hand, no move
        status, body = await app.state(world.carol, param)
        assert status == 200 and body is not None
        assert body["state"]["seat"] is None and body["state"]["hand"] == []
        assert body["state"]["moves"] == []
        assert not _codes(body["state"]) & (hands[0] | hands[1])
        # unchanged: 204, no body
        status, _ = await app.request(
            "GET", f"api/state?v={game.version}", init_data=app.init_data(world.alice, param)
        )
        assert status == 204
        assert not any(TOKEN in text or TOKEN.split(":")[1] in text for text in app.bodies)


async def test_a_move_from_the_app_edits_the_table_and_sends_nothing(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world, hand_app(world) as app:
        table, param = await _durak(world)
        await world.synced()
        game = await _game(app, param)
        attacker = game.state["attacker"]
        mover = [world.alice, world.bob][attacker]
        sent_before = {c.id: len(world.tg.messages(c)) for c in (world.group, world.alice,
                                                                 world.bob)}  # fmt: skip
        edits = len(table.versions)
        status, body = await app.state(mover, param)
        assert status == 200 and body is not None
        move = body["state"]["moves"][0]
        status, body = await app.move(mover, param, game.version, move["argument"])
        assert status == 200 and body is not None, body
        assert body["state"]["version"] == game.version + 1
        await world.until_edited(table, edits)
        await world.synced()
        after = await _game(app, param)
        assert after.version == game.version + 1
        assert after.state["table"], "the attack is on the table"
        # nothing sent into any chat by anyone, the bot included: only the table's edit
        assert {c.id: len(world.tg.messages(c)) for c in (world.group, world.alice,
                                                          world.bob)} == sent_before  # fmt: skip


async def test_refusals_apply_nothing(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world, hand_app(world) as app:
        table, param = await _durak(world)
        game = await _game(app, param)
        attacker = game.state["attacker"]
        mover, other = [world.alice, world.bob][attacker], [world.alice, world.bob][1 - attacker]
        _, body = await app.state(mover, param)
        assert body is not None
        move = body["state"]["moves"][0]["argument"]
        version = game.version

        async def refused(expected: int, code: str, status_body: tuple[int, Any]) -> None:
            status, body = status_body
            assert (status, (body or {}).get("error")) == (expected, code), body
            now = await _game(app, param)
            assert now.version == version, "something was applied"

        # no initData, a bad signature, a field changed after signing, a stale launch
        await refused(
            401,
            "no-init-data",
            await app.request(
                "POST", "api/move", init_data=None, body={"version": version, "move": move}
            ),
        )
        good = app.init_data(mover, param)
        forged = good[: good.index("hash=") + 5] + "0" * 64
        await refused(
            401,
            "bad-signature",
            await app.request(
                "POST", "api/move", init_data=forged, body={"version": version, "move": move}
            ),
        )
        other_table = good.replace(f"start_param={param}", f"start_param={param[:-1]}x")
        await refused(
            401,
            "bad-signature",
            await app.request(
                "POST", "api/move", init_data=other_table, body={"version": version, "move": move}
            ),
        )
        old = init_data(TOKEN, mover, start_param=param, auth_date=int(time.time()) - 7 * 3600)
        await refused(
            401,
            "stale",
            await app.request(
                "POST", "api/move", init_data=old, body={"version": version, "move": move}
            ),
        )
        wrong_token = init_data("1:other", mover, start_param=param)
        await refused(
            401,
            "bad-signature",
            await app.request(
                "POST", "api/move", init_data=wrong_token, body={"version": version, "move": move}
            ),
        )
        # a table the person does not sit at, another seat, a table that is not there
        await refused(403, "not-seated", await app.move(world.carol, param, version, move))
        await refused(
            403,
            "not-your-seat",
            await app.move(mover, param, version, move, extra={"seat": 1 - attacker}),
        )
        await refused(404, "no-table", await app.move(mover, param.split("_")[0] + "_guess",
                                                      version, move))  # fmt: skip
        # the other player's card is not theirs: the engine refuses it
        await refused(422, "refused", await app.move(other, param, version, move))
        # a stale version, a body over the limit, another origin
        await refused(409, "stale", await app.move(mover, param, version - 1, move))
        await refused(
            413,
            "too-large",
            await app.request("POST", "api/move", init_data=good, raw=b"{" + b" " * 5000 + b"}"),
        )
        await refused(
            403,
            "origin",
            await app.move(mover, param, version, move, headers={"Origin": "https://evil.example"}),
        )
        # too many moves in a second: 429 (refused moves count too: nothing is applied)
        codes = [(await app.move(mover, param, version - 1, move))[0] for _ in range(8)]
        assert 429 in codes, codes
        assert not any(TOKEN.split(":")[1] in text for text in app.bodies)
        del table


async def test_without_the_settings_no_table_has_the_button(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot()
        table, _ = await _durak_started(world)
        await world.synced()
        assert app_link(table) is None
        assert "🃏 My cards" in [b.text for line in table.buttons() for b in line]


async def test_go_fish_in_the_app_shows_the_own_hand_and_the_asks(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world, hand_app(world) as app:
        table = await world.command(world.alice, world.group, "/gofish")
        for person in (world.alice, world.bob):
            await world.tg.press(person, table, "Join")
            await world.tg.wait_for(lambda p=person: p.first_name in (table.text or ""))
        table = await world.start_game(table)
        await world.tg.wait_for(lambda: app_link(table) is not None, what="🃏 Open my hand")
        link = app_link(table)
        assert link is not None
        param = table_of(link)
        game = await _game(app, param)
        hands = [{str(parse_card(c).code) for c in hand} for hand in game.state["hands"]]
        turn = game.state["turn"]
        mover = [world.alice, world.bob][turn]
        status, body = await app.state(mover, param)
        assert status == 200 and body is not None
        shown = body["state"]
        assert {c["code"] for c in shown["hand"]} == hands[turn]
        assert not _codes(shown) & hands[1 - turn]
        assert shown["moves"] and all("Bob" in m["title"] or "Alice" in m["title"]
                                      for m in shown["moves"])  # fmt: skip
        status, body = await app.move(mover, param, game.version, shown["moves"][0]["argument"])
        assert status == 200 and body is not None, body
        assert body["state"]["version"] > game.version


async def test_the_inline_answer_opens_the_app_and_a_move_is_played(tmp_path: Path) -> None:
    """🃏 My cards' answer offers the app as its button (a ``web_app`` button, the table
    in its URL: Telegram gives such a launch no start_param); the person opens it in
    the stand-in, sees their hand and plays a move: only the table is edited."""
    async with running_world(tmp_path) as world, hand_app(world) as app:
        table, param = await _durak(world)
        await world.synced()
        game = await _game(app, param)
        attacker = game.state["attacker"]
        mover, other = [world.alice, world.bob][attacker], [world.alice, world.bob][1 - attacker]
        answer = await world.tg.inline_query(mover, world.group, "cards")
        button = answer.button
        assert button is not None and button.start_parameter is None
        assert button.web_app_url == f"{APP_URL}?table={param}"
        assert button.text.startswith("🃏 ") and answer.results  # the hand, then the moves
        opened = world.tg.launch_results_web_app(mover, answer)
        address, _, launch = opened.partition("#")
        assert address == f"{app.base}?table={param}"
        signed = parse_qs(launch)["tgWebAppData"][0]
        assert "start_param" not in parse_qs(signed) and "chat_type" not in parse_qs(signed)
        # the page asks with the table of its address
        status, body = await app.request("GET", f"api/state?table={param}", init_data=signed)
        assert status == 200 and body is not None, body
        shown = body["state"]
        hands = [{str(parse_card(c).code) for c in hand} for hand in game.state["hands"]]
        assert shown["seat"] == attacker and {c["code"] for c in shown["hand"]} == hands[attacker]
        # without the table, or with a guessed secret: no table; the other's launch: theirs
        assert (await app.request("GET", "api/state", init_data=signed))[0] == 404
        guessed = param.split("_")[0] + "_guess"
        assert (await app.request("GET", f"api/state?table={guessed}", init_data=signed))[0] == 404
        theirs = parse_qs(world.tg.launch_results_web_app(
            other, await world.tg.inline_query(other, world.group, "cards")).partition("#")[2]
        )["tgWebAppData"][0]  # fmt: skip
        status, body = await app.request("GET", f"api/state?table={param}", init_data=theirs)
        assert status == 200 and body is not None and body["state"]["seat"] == 1 - attacker
        sent_before = {c.id: len(world.tg.messages(c)) for c in (world.group, world.alice,
                                                                 world.bob)}  # fmt: skip
        edits = len(table.versions)
        move = shown["moves"][0]["argument"]
        status, body = await app.request("POST", f"api/move?table={param}", init_data=signed,
                                         body={"version": game.version, "move": move})  # fmt: skip
        assert status == 200 and body is not None, body
        assert body["state"]["version"] == game.version + 1
        await world.until_edited(table, edits)
        await world.synced()
        assert (await _game(app, param)).state["table"], "the attack is on the table"
        assert {c.id: len(world.tg.messages(c)) for c in (world.group, world.alice,
                                                          world.bob)} == sent_before  # fmt: skip


async def test_without_the_settings_the_inline_answer_opens_the_private_chat(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot()
        await _durak_started(world)
        await world.synced()
        answer = await world.tg.inline_query(world.alice, world.group, "cards")
        assert answer.button is not None and answer.button.web_app_url is None
        assert answer.button.start_parameter is not None


async def test_a_table_named_with_letters_beyond_ascii_is_no_table(tmp_path: Path) -> None:
    """The ``table`` of the app's address is the client's to write: a secret with
    letters beyond ASCII is a 404 like any wrong secret (it was a 500, logged as an
    error, on every request)."""
    async with running_world(tmp_path) as world, hand_app(world) as app:
        _table, param = await _durak(world)
        signed = world.tg.web_app_init_data(world.alice, None, chat=None)
        for forged in (param.split("_")[0] + "_é", param + "ß", "1_ü"):
            for method, route in (("GET", "api/state"), ("POST", "api/move")):
                status, body = await app.request(
                    method, f"{route}?table={forged}", init_data=signed,
                    body={"version": 0, "move": "x"} if method == "POST" else None,
                )  # fmt: skip
                assert status == 404 and body is not None, (status, body)
                assert (body["ok"], body["error"]) == (False, "no-table"), body


async def test_a_move_body_nested_too_deep_is_a_bad_body(tmp_path: Path) -> None:
    """A body of 2,000 opening brackets (under the size bound) is a 400 like any body
    that is not a move (json's RecursionError was no ValueError: a 500, logged)."""
    async with running_world(tmp_path) as world, hand_app(world) as app:
        _table, param = await _durak(world)
        good = app.init_data(world.alice, param)
        for raw in (b"[" * 2000, b'{"a":[' * 600):
            status, body = await app.request("POST", "api/move", init_data=good, raw=raw)
            assert (status, body) == (400, {"ok": False, "error": "bad-body"}), (status, body)


async def test_a_language_chosen_while_the_app_is_open_is_drawn_at_the_next_poll(
    tmp_path: Path,
) -> None:
    """The app asks with the version it shows, and the language it shows it in: after a
    /language the next poll draws the table in the new language even though the game
    has not moved (it answered "unchanged" until the table changed)."""
    async with running_world(tmp_path) as world, hand_app(world) as app:
        _table, param = await _durak(world)
        status, body = await app.state(world.alice, param)
        assert status == 200 and body is not None
        shown = body["state"]
        assert shown["labels"]["lang"] == "en"
        version = shown["version"]
        status, _ = await app.request(
            "GET", f"api/state?v={version}&l=en", init_data=app.init_data(world.alice, param)
        )
        assert status == 204  # nothing new
        menu = await world.command(world.alice, world.alice, "/language")
        await world.tg.press(world.alice, menu, "Español")
        status, body = await app.request(
            "GET", f"api/state?v={version}&l=en", init_data=app.init_data(world.alice, param)
        )
        assert status == 200 and body is not None, status
        assert body["state"]["labels"]["lang"] == "es" and body["state"]["version"] == version
        status, _ = await app.request(
            "GET", f"api/state?v={version}&l=es", init_data=app.init_data(world.alice, param)
        )
        assert status == 204


async def test_every_refusal_a_person_can_meet_is_said_in_their_language(
    tmp_path: Path,
) -> None:
    """The app shows a refusal's ``text`` (else its bare code): a move that came too late,
    too many at once, a window opened hours ago, someone not seated, a game over all
    say in words, in the reader's language, what happened."""
    from bot.i18n import tr

    async with running_world(tmp_path) as world, hand_app(world) as app:
        _table, param = await _durak(world)
        game = await _game(app, param)
        mover = [world.alice, world.bob][game.state["attacker"]]
        for person in (world.alice, world.bob, world.carol):
            person.language_code = "es"  # Telegram's language, signed in initData
        _, body = await app.state(mover, param)
        assert body is not None
        move = body["state"]["moves"][0]["argument"]

        def said(answer: tuple[int, Any], status: int, english: str) -> None:
            code, shown = answer
            assert code == status, shown
            assert (shown or {}).get("text") == tr("es", english) != english, shown

        said(await app.move(mover, param, game.version - 1, move), 409,
             "The table changed before your move arrived; here it is now.")  # fmt: skip
        said(await app.move(world.carol, param, game.version, move), 403,
             "You are not playing in this game.")  # fmt: skip
        old = init_data(TOKEN, mover, start_param=param, auth_date=int(time.time()) - 7 * 3600)
        said(await app.request("GET", "api/state", init_data=old), 401,
             "This window is too old to be trusted: close it and open it again from the "
             "table.")  # fmt: skip
        answers = [await app.move(mover, param, game.version - 1, move) for _ in range(8)]
        (fast, *_) = [a for a in answers if a[0] == 429]
        said(fast, 429, "Too many moves at once: wait a second and try again.")
