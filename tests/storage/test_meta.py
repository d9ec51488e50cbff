"""GameMeta (storage.meta): today's meta JSON reads into typed fields and writes back
unchanged, keys it does not know included; an old row loads and saves identically."""

from __future__ import annotations

import ast
import json
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from bot.games.blackjack.meta import BlackjackMeta
from storage import gamestore
from storage.db import Database
from storage.meta import GameMeta

# every key the bot writes, with a value as today's code writes it
EVERY_KEY: dict[str, Any] = {
    "lang": "es", "bot": "games_bot", "chat_title": "Friday", "invite": "s3cret",
    "seats": [{"name": "Ann", "user": 1, "level": None}, {"name": "", "user": None,
                                                          "level": "easy"}],
    "options": {"passing": True}, "stopped_by": "Ann, Ben",
    "warning": {"seats": [0], "left": 30}, "auto": [1], "stood_in": [0, 1],
    "rematched": True, "recorded": False, "timeouts": {"1": 2},
    "rematch_of": {"order": [1, None], "people": [{"user": 1, "name": "Ann"}]},
    "closed": "idle", "hints_off": [1, 2], "touched": {"0": 3}, "banked": 0,
    "summary": "Dealer: 20", "resigned_seat": 1, "resigned": ["Ben"],
    "played_out": [2], "phase_key": ["players", 1, [0, 0]], "phase_at": 4,
    "expired": True, "betting_ends": 1234.5, "bets_closed": True,
    "broken": "bad state", "stop_vote": {"yes": [1], "until": 99.0}, "leaving": [3],
    "sitters": [[0, 1, 2, 1, "Ann"]],
}  # fmt: skip


def test_every_key_reads_into_its_field_and_writes_back_the_same() -> None:
    meta = GameMeta.from_json(json.loads(json.dumps(EVERY_KEY)))
    own = {f.name for f in fields(BlackjackMeta)}
    assert set(meta.extra) == own  # each key has its field: storage's, or the game's
    assert meta.warning == {"seats": [0], "left": 30} and BlackjackMeta.of(meta).banked == 0
    assert meta.to_json() == EVERY_KEY
    assert json.loads(json.dumps(meta.to_json())) == EVERY_KEY


def test_blackjacks_fields_are_a_section_of_their_own_stored_as_before() -> None:
    # the game's folder types its section; storage keeps its keys as it found them
    own = {f.name for f in fields(BlackjackMeta)}
    assert own and own.isdisjoint(f.name for f in fields(GameMeta))
    stored = {"lang": "en", "banked": 2, "touched": {"1": 4}, "leaving": [1]}
    meta = GameMeta.from_json(dict(stored))
    assert meta.to_json() == stored  # read and written untouched
    section = BlackjackMeta.of(meta)
    assert section is BlackjackMeta.of(meta)  # read once
    assert section.banked == 2 and section.touched == {1: 4} and section.leaving == [1]
    assert meta.to_json() == stored  # the row's JSON keeps its shape: no migration
    section.touched[2] = 5  # changed in place, or set, or cleared: written back
    section.leaving = None
    section.closed = "idle"
    after = {"lang": "en", "banked": 2, "touched": {"1": 4, "2": 5}, "closed": "idle"}
    assert meta.to_json() == after
    assert BlackjackMeta.of(GameMeta.from_json(meta.to_json())).touched == {1: 4, 2: 5}


def test_storage_types_no_games_own_section() -> None:
    # a game's section is typed in its folder; storage knows only the shape of one
    tree = ast.parse((Path(__file__).resolve().parents[2] / "storage" / "meta.py").read_text())
    records = {n.name for n in tree.body if isinstance(n, ast.ClassDef) and n.decorator_list}
    assert records == {"GameMeta", "Section"}


def test_unset_fields_are_absent() -> None:
    assert GameMeta().to_json() == {}
    meta = GameMeta(lang="en")
    meta.stood_in = [0]
    meta.stood_in = None
    assert meta.to_json() == {"lang": "en"}


def test_unknown_keys_and_values_of_another_type_are_kept() -> None:
    stored = {"lang": "en", "newer_key": {"a": [1]}, "bot": None, "banked": True, "x": None}
    meta = GameMeta.from_json(dict(stored))
    assert meta.lang == "en" and meta.bot is None and BlackjackMeta.of(meta).banked is None
    assert meta.extra == {"newer_key": {"a": [1]}, "bot": None, "banked": True, "x": None}
    assert meta.to_json() == stored
    meta.bot = "games_bot"  # a field set later wins over the raw value kept
    assert meta.to_json()["bot"] == "games_bot"


@pytest.fixture
async def db(url: str):
    database = await Database.open(url, clock=lambda: 1000.0)
    yield database
    await database.close()


async def test_a_row_as_written_before_loads_and_saves_unchanged(db: Database) -> None:
    """A games row as the old code wrote it (meta JSON with every key and one from
    another version) reads into the typed meta and saves back to the same JSON."""
    stored = {**EVERY_KEY, "from_a_newer_bot": [1, 2]}
    stored.pop("broken")  # a broken game is never loaded
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO games (chat_id, thread_id, kind, status, state, meta, version,"
            " table_message_id, hand_messages, created_by, created_at, updated_at)"
            " VALUES (-5, 0, 'reversi', 'lobby', NULL, $1, 0, NULL, '{}', 1, 1.0, 1.0)",
            (json.dumps(stored),),
        )
    row = await db.fetchone("SELECT id FROM games WHERE chat_id = -5")
    game = await gamestore.get_game(db, int(row[0]))
    assert game is not None and game.meta.lang == "es" and game.meta.seats is not None
    own = {f.name for f in fields(BlackjackMeta)}  # the game's section, kept by storage
    assert game.meta.seats[1]["level"] == "easy"
    assert set(game.meta.extra) == {"from_a_newer_bot", *own}
    assert BlackjackMeta.of(game.meta).phase_at == 4
    assert game.meta.to_json() == stored
    assert await gamestore.save_game(db, game)
    row = await db.fetchone("SELECT meta FROM games WHERE id = $1", (game.id,))
    assert json.loads(row[0]) == stored


def test_seat_keyed_maps_are_keyed_by_seat_and_stored_as_before() -> None:
    stored = {"timeouts": {"0": 2, "1": 1}, "touched": {"3": 7}}
    meta = GameMeta.from_json(stored)
    touched = BlackjackMeta.of(meta).touched
    assert meta.timeouts == {0: 2, 1: 1} and touched == {3: 7}  # seats, not text
    assert meta.to_json() == stored  # the row's JSON is what it was
    odd = GameMeta.from_json({"timeouts": {"north": 1}})  # not a seat: kept as it was
    assert odd.timeouts is None and odd.to_json() == {"timeouts": {"north": 1}}
