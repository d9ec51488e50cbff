"""Databases full of active games, for the start-up and per-move benchmarks.

One real game of each kind is made through the bot (in this process, against
the stand-in): a Reversi lobby, a running Reversi game, Go Fish and Durak at
three people, a Blackjack table of two. Their rows are then copied by SQL into
other chats (``clone``), with deadlines an hour or more away, so the sweep has
nothing to fire while a benchmark runs.
"""

from __future__ import annotations

import contextlib
import sqlite3
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from storage import gamestore

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sandbox import Chat, Message
from tests.e2e.harness import World

FIRST_CLONE_CHAT = -100_900_000_000_000
_COLUMNS = (
    "thread_id, kind, status, state, meta, version, table_message_id, hand_messages,"
    " created_by, created_at, updated_at"
)


@dataclass
class Templates:
    """The games made through the bot; ``table`` is the running Reversi game's
    table message in the stand-in (the one a benchmark presses)."""

    group: Chat
    table: Message
    game_ids: list[int]


async def make_templates(world: World) -> Templates:
    """One game of each kind through the (running) bot; each in its own group."""
    tg, home = world.tg, world.group
    people = [world.alice, world.bob, world.carol]
    await world.start_privately(*people)
    for command, joiners in (("/reversi", [world.bob]), ("/gofish", people[1:]),
                             ("/durak", people[1:])):  # fmt: skip
        world.group = tg.add_group(command, members=people, admins=[world.alice])
        await world.start_game(await world.open_lobby(command, joiners))
    world.group = tg.add_group("lobby", members=people, admins=[world.alice])
    await world.open_lobby("/reversi", [world.bob])
    world.group = tg.add_group("blackjack", members=people, admins=[world.alice])
    table = await world.command(world.alice, world.group, "/blackjack")
    await tg.press(world.bob, table, "🪑 Join table")
    await tg.wait_for(lambda: "Bob" in (table.text or ""), what="Bob at the table")
    world.group = home
    table = await world.start_game(await world.open_lobby("/reversi", [world.bob]))
    await world.synced()
    db = world.bots[-1].db
    games = await gamestore.games_with_status(db, "lobby", "running")
    return Templates(home, table, [g.id for g in games])


def clone(path: Path, template_ids: list[int], count: int, start: int = 0) -> None:
    """Copy the template rows into ``count`` new chats (round robin over the kinds),
    with their blackjack seats; deadlines 1-2 hours away."""
    now = time.time()
    with contextlib.closing(sqlite3.connect(path)) as db:
        for index in range(start, start + count):
            source = template_ids[index % len(template_ids)]
            chat_id = FIRST_CLONE_CHAT - index
            cursor = db.execute(
                f"INSERT INTO games (chat_id, {_COLUMNS}, deadline_at, warning_at)"
                f" SELECT ?, {_COLUMNS},"
                " CASE WHEN deadline_at IS NULL THEN NULL ELSE ? END,"
                " CASE WHEN warning_at IS NULL THEN NULL ELSE ? END"
                " FROM games WHERE id = ?",
                (chat_id, now + 7200 + index, now + 3600 + index, source),
            )
            db.execute(
                "INSERT INTO table_seats (chat_id, user_id, game_id)"
                " SELECT ?, user_id, ? FROM table_seats WHERE game_id = ?",
                (chat_id, cursor.lastrowid, source),
            )
        db.commit()


def keep_only(path: Path, game_id: int) -> None:
    """Stop every active game but ``game_id`` (an otherwise empty bot)."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(
            "UPDATE games SET status = 'stopped', deadline_at = NULL, warning_at = NULL"
            " WHERE id != ? AND status IN ('lobby', 'running')",
            (game_id,),
        )
        db.execute("DELETE FROM table_seats WHERE game_id != ?", (game_id,))
        db.commit()


def active_count(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as db:
        (count,) = db.execute(
            "SELECT count(*) FROM games WHERE status IN ('lobby', 'running')"
        ).fetchone()
    return int(count)


def push_deadlines(path: Path, game_id: int, seconds: float) -> None:
    """The game's turn deadline ``seconds`` from now (and its warning halfway)."""
    now = time.time()
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(
            "UPDATE games SET deadline_at = ?, warning_at = ? WHERE id = ?",
            (now + seconds, now + seconds / 2, game_id),
        )
        db.commit()
