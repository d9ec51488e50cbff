"""Ratings per person and game kind (``ratings``), and each rated game's change per
person (``rating_changes``), revision 0009.

A finished game's ratings are written inside its final save's transaction
(``saves.write_save``, ``rated=``): the rows of its people are locked (PostgreSQL:
``FOR UPDATE``, in the order of their user ids; SQLite has one writer), the new
ratings are computed from what was locked, and written with the game. So two games
ending at once for the same person on two workers both count (the second computes
from the first's result), and an update delivered twice changes nothing twice (the
save is refused whole: the update id, the game's version). A missing row is the
system's start, inserted first so that there is a row to lock."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from storage.forget_games import FORMER_PLAYER
from storage.params import numbered

if TYPE_CHECKING:
    from storage.core import Core
    from storage.tx import Tx


@dataclass(frozen=True)
class Rating:
    """One person's rating in one game kind: the system's numbers (Glicko-2: rating,
    RD, volatility; OpenSkill: mu, sigma, 0) and how many rated games made it."""

    user_id: int
    rating: float
    deviation: float
    volatility: float = 0.0
    games: int = 0


@dataclass(frozen=True)
class Rated:
    """A finished game to rate in its save: its people in seat order, their start
    (a person never rated in this kind), and how the ratings after the game follow
    from the ratings before it (``rate``, the same order; it may note the change in
    the game's meta: the save writes the meta after it); ``shown``, the number a
    rating is shown as."""

    people: Sequence[int]
    start: Rating
    rate: Callable[[list[Rating]], list[Rating]]
    shown: Callable[[Rating], int]


async def write_ratings(
    tx: Tx, game_id: int, chat_id: int, kind: str, rated: Rated, now: float
) -> list[tuple[Rating, Rating]]:
    """Lock, compute and write the ratings of ``rated.people`` for game ``game_id``
    (IntegrityError if that game was rated already): (before, after) per person."""
    people = list(rated.people)
    start = rated.start
    kept = sorted(set(people) - {FORMER_PLAYER})  # a person who used /forgetme: no row
    await tx.executemany(  # a row to lock for everyone, in the order of their ids
        "INSERT INTO ratings (user_id, kind, rating, deviation, volatility, games, updated_at)"
        " VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (user_id, kind) DO NOTHING",
        [(user_id, kind, start.rating, start.deviation, start.volatility, now)
         for user_id in kept],
    )  # fmt: skip
    rows = await tx.execute(
        "SELECT user_id, rating, deviation, volatility, games FROM ratings WHERE kind = $1"
        f" AND user_id IN ({numbered(2, len(people))}) ORDER BY user_id{tx.for_update()}",
        (kind, *people),
    )
    found = {int(r[0]): Rating(int(r[0]), float(r[1]), float(r[2]), float(r[3]), int(r[4]))
             for r in rows.rows}  # fmt: skip
    found[FORMER_PLAYER] = Rating(FORMER_PLAYER, start.rating, start.deviation, start.volatility)
    before = [found[user_id] for user_id in people]
    after = rated.rate(before)
    pairs = [(old, new) for old, new in zip(before, after, strict=True)
             if old.user_id != FORMER_PLAYER]  # fmt: skip
    await tx.executemany(
        "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = $4,"
        " updated_at = $5 WHERE user_id = $6 AND kind = $7",
        [(new.rating, new.deviation, new.volatility, old.games + 1, now, old.user_id, kind)
         for old, new in pairs],
    )  # fmt: skip
    await tx.executemany(
        "INSERT INTO rating_changes (game_id, user_id, chat_id, kind, shown_before,"
        " shown_after, rated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [(game_id, old.user_id, chat_id, kind, rated.shown(old), rated.shown(new), now)
         for old, new in pairs],
    )  # fmt: skip
    return pairs


async def person_ratings(db: Core, user_id: int) -> list[tuple[str, Rating]]:
    """(kind, rating) of one person in every game kind they were rated in."""
    rows = await db.fetchall(
        "SELECT kind, user_id, rating, deviation, volatility, games FROM ratings"
        " WHERE user_id = $1 AND games > 0 ORDER BY kind",
        (user_id,),
    )
    return [(str(r[0]), _rating(r[1:])) for r in rows]


async def chat_ratings(db: Core, chat_id: int, kind: str | None = None) -> list[
    tuple[str, str, Rating]
]:  # fmt: skip
    """(kind, name, rating) of everyone who played a rated game of ``kind`` (None:
    any) in ``chat_id``."""
    rows = await db.fetchall(
        "SELECT r.kind, COALESCE(u.first_name, '?'), r.user_id, r.rating, r.deviation,"
        " r.volatility, r.games FROM ratings r LEFT JOIN users u ON u.user_id = r.user_id"
        " WHERE r.games > 0 AND EXISTS (SELECT 1 FROM rating_changes c WHERE c.chat_id = $1"
        " AND c.kind = r.kind AND c.user_id = r.user_id) AND ($2 = '' OR r.kind = $2)"
        " ORDER BY r.kind, r.user_id",
        (chat_id, kind or ""),
    )
    return [(str(r[0]), str(r[1]), _rating(r[2:])) for r in rows]


def _rating(row: Sequence[object]) -> Rating:
    user_id, rating, deviation, volatility, games = row
    return Rating(int(str(user_id)), float(str(rating)), float(str(deviation)),
                  float(str(volatility)), int(str(games)))  # fmt: skip
