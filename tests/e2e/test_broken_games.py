"""A game row the bot cannot read (bad JSON in its state or meta, a state its engine
refuses) is set aside at start-up: logged, stopped in the database, its chat told
once in its language, and every other game plays on."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from pathlib import Path

import pytest

import bot.glue.app
from bot.glue.app import resumed
from sandbox import Chat, Message
from storage import gamestore
from tests.e2e.harness import World, running_world
from tests.e2e.reversi_board import data_of, hint_squares, turn_name

SET_ASIDE = "A game here could not be read and was set aside; start a new one with /reversi."
SET_ASIDE_ES = "Una partida de aquí no se pudo leer y se ha apartado; empezad otra con /reversi."


async def _reversi(world: World, group: Chat, start: bool = True) -> Message:
    table = await world.command(world.alice, group, "/reversi")
    if start:  # Bob takes the last seat: the game starts
        await world.tg.press(world.bob, table, "Join")
        await world.tg.wait_for(lambda: "Turn:" in (table.text or ""))
    return table


def _damage(path: Path, games: dict[str, int], spanish_chat: int) -> None:
    """What a disk error or a careless hand could leave in the rows."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(
            'UPDATE games SET state = \'{"schema": 1, "board": [\', deadline_at = 1.0 WHERE id = ?',
            (games["bad state"],),
        )
        db.execute("UPDATE games SET meta = 'not json' WHERE id = ?", (games["bad meta"],))
        db.execute(
            "INSERT OR REPLACE INTO chat_settings (chat_id, language) VALUES (?, 'es')",
            (spanish_chat,),
        )
        db.commit()
    _refuse(path, games["refused"])


def _refuse(path: Path, game_id: int) -> None:
    """A Reversi state its engine refuses (the centre can never be empty)."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        (text,) = db.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()
        state = json.loads(text)
        state["board"] = ["........"] * 8
        db.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game_id))
        db.commit()


def _rows(path: Path) -> dict[int, tuple[str, str, float | None]]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        rows = db.execute("SELECT id, status, meta, deadline_at FROM games").fetchall()
    return {gid: (status, meta, deadline) for gid, status, meta, deadline in rows}


async def test_an_unreadable_game_is_set_aside_and_the_others_play_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_world(tmp_path) as world:
        tg, alice = world.tg, world.alice
        first = await world.start_bot()
        good = await _reversi(world, world.group)
        groups = {
            name: tg.add_group(name, members=[alice, world.bob], admins=[alice])
            for name in ("bad state", "bad meta", "refused")
        }
        tables = {
            name: await _reversi(world, group, start=name != "bad meta")
            for name, group in groups.items()
        }
        games = {}
        for name, group in groups.items():
            game = await gamestore.active_game(first.db, group.id)
            assert game is not None
            games[name] = game.id
        await first.stop()
        world.bots.remove(first)
        _damage(world.path, games, groups["refused"].id)
        marks = {name: tg.messages(group)[-1].message_id for name, group in groups.items()}

        with caplog.at_level(logging.WARNING, logger="bot.pipeline.broken"):
            await world.start_bot()
        for name, group in groups.items():  # each chat is told, in its language
            told = await tg.wait_for_bot_message(group, after=marks[name])
            assert told.text == (SET_ASIDE_ES if name == "refused" else SET_ASIDE)
        set_aside = [r for r in caplog.records if r.name == "bot.pipeline.broken"]
        assert sorted(getattr(r, "game_id", None) for r in set_aside) == sorted(games.values())

        # the good game plays on
        await tg.press(alice, good, callback_data=data_of(good, hint_squares(good)[0]))
        await tg.wait_for(lambda: turn_name(good) == "Bob", what="the good game's move")
        # an old button of a game set aside: an alert, nothing else
        board = tables["bad state"]
        versions = len(board.versions)
        answer = await tg.press(alice, board, callback_data=data_of(board, hint_squares(board)[0]))
        assert answer.show_alert and answer.text
        assert len(board.versions) == versions
        # the chat is free for a new game
        lobby = await world.command(alice, groups["bad state"], "/reversi")
        assert "Join" in str(lobby.buttons())

        rows = _rows(world.path)
        for game_id in games.values():  # stopped, no deadline, the reason kept
            status, meta, deadline = rows[game_id]
            assert status == "stopped" and deadline is None and "broken" in json.loads(meta)
        assert json.loads(rows[games["bad meta"]][1])["unreadable_meta"] == "not json"

        # told once: another start-up says nothing more to those chats
        counts = {name: len(tg.bot_messages(group)) for name, group in groups.items()}
        await world.bots[-1].stop()
        world.bots.pop()
        again = await world.start_bot()
        await tg.press(world.bob, good, callback_data=data_of(good, hint_squares(good)[0]))
        await tg.wait_for(lambda: turn_name(good) == "Alice", what="the next move")
        await asyncio.wait_for(resumed(again.application), 10)  # the check has run
        assert {name: len(tg.bot_messages(group)) for name, group in groups.items()} == counts


async def test_presses_are_answered_while_the_stored_games_are_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start-up's check of the stored games (seconds with 10,000 of them) runs in
    the background: a press is answered before it ends, and it still sets aside
    what cannot be read."""
    async with running_world(tmp_path) as world:
        tg, alice = world.tg, world.alice
        first = await world.start_bot()
        good = await _reversi(world, world.group)
        other = tg.add_group("other", members=[alice, world.bob], admins=[alice])
        await _reversi(world, other)
        bad = await gamestore.active_game(first.db, other.id)
        assert bad is not None
        await first.stop()
        world.bots.remove(first)
        _refuse(world.path, bad.id)
        mark = tg.messages(other)[-1].message_id

        release, original = asyncio.Event(), bot.glue.app.playable_games

        async def held(svc: object) -> int:  # the check, slow as with many games
            await release.wait()
            return await original(svc)  # type: ignore[arg-type]

        monkeypatch.setattr(bot.glue.app, "playable_games", held)
        running = await asyncio.wait_for(world.start_bot(), 10)
        answer = await tg.press(alice, good, callback_data=data_of(good, hint_squares(good)[0]))
        assert not answer.show_alert, answer.text
        await tg.wait_for(lambda: turn_name(good) == "Bob", what="the move before the check")
        assert not tg.bot_messages(other)[-1].message_id > mark  # not checked yet
        release.set()
        told = await tg.wait_for_bot_message(other, after=mark)
        assert told.text == SET_ASIDE
        await asyncio.wait_for(resumed(running.application), 10)
        assert _rows(world.path)[bad.id][0] == "stopped"
