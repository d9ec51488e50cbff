"""How ``/forgetme`` takes a person out of the games' rows (``storage.privacy`` calls
these in its one transaction). In the games that have ended (their records,
``/record``), the person's seat keeps no name and no id (``FORMER_PLAYER``: shown as "a
former player"), nor does the seat the computer took when they resigned (it kept their
name, not their id), nor do the names of who resigned or of the rating line ("—"), or
who stopped the game (then "stopped by ?", as when nobody is recorded). A blackjack
table names the players of its rounds apart from its seats (``sitters``, kept for its
record while it runs, ``bot.games.blackjack.sitters``): the person's stays become a
former player's there too, at an open table they have left as well, and the table's
last round summary that names them is dropped. A rematch lobby, open or ended, no
longer names them among the people it waits for, an ended game's vote to stop that
counted them goes, an ended game they opened is nobody's, and which private message
showed their hand is forgotten.
"""

from __future__ import annotations

import html
import json
from typing import Any

from storage.tx import Tx

FORMER_PLAYER = 0  # the user id of a seat whose person was forgotten (no name either)
NO_NAME = "—"  # what a list of names (who resigned) shows in place of theirs
_OPEN_MENTIONING = "SELECT id, meta FROM games WHERE status = 'running' AND meta LIKE $1"
_ENDED_MENTIONING = (
    "SELECT id, meta FROM games WHERE status IN ('finished', 'stopped') AND meta LIKE $1"
)
_ENDED_PLAYED = (
    "SELECT id, meta FROM games WHERE status IN ('finished', 'stopped')"
    " AND id IN (SELECT game_id FROM results WHERE user_id = $1)"
)


async def _ended_games(tx: Tx, user_id: int) -> list[tuple[int, str]]:
    """The ended games whose meta names the person's id, and those they have a result
    in (a seat they resigned is the computer's: it no longer holds their id)."""
    found = {
        int(game_id): str(meta)
        for game_id, meta in (await tx.execute(_ENDED_MENTIONING, (f"%{int(user_id)}%",))).all()
    }
    for game_id, meta in (await tx.execute(_ENDED_PLAYED, (user_id,))).all():
        found.setdefault(int(game_id), str(meta))
    return sorted(found.items())


def _taken_over(data: dict[str, Any], user_id: int, name: str | None, played: bool) -> set[int]:
    """The seats the computer took from the person when they resigned (the shared rule
    keeps their name on the seat, not their id): by the rated game's people at the start,
    else, in a game they have a result in and no seat of their own, by their name among
    those who resigned."""
    seats, players = data.get("seats", []), data.get("players")
    if any(isinstance(s, dict) and s.get("user") == user_id for s in seats):
        return set()
    listed = data.get("resigned")
    resigned: list[Any] = listed if isinstance(listed, list) else []
    taken = set()
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("user") is not None or not seat.get("name"):
            continue
        by_id = isinstance(players, list) and i < len(players) and players[i] == user_id
        by_name = played and name is not None and seat.get("name") == name and name in resigned
        if by_id or by_name:
            taken.add(i)
    return taken


async def forget_in_records(tx: Tx, user_id: int, name: str | None, played: set[int]) -> int:
    """The person's seats in ended games lose name and id, and a seat the computer took
    from them when they resigned loses their name; how many games changed. ``name``: the
    person's stored name; ``played``: the games they have a result in. The version moves
    on, so a save that read the game before (a rematch) is refused."""
    changed = 0
    for game_id, meta in await _ended_games(tx, user_id):
        try:
            data = json.loads(meta)
            seats = data.get("seats", [])
            names = {
                s.get("name") for s in seats if isinstance(s, dict) and s.get("user") == user_id
            }
            taken = _taken_over(data, user_id, name, game_id in played)
            names |= {seats[i].get("name") for i in taken}
            stays = _stays(data, user_id)
        except (ValueError, AttributeError, TypeError):
            continue
        names |= {stay[4] for stay in stays}
        (waited, asked), voted = _forget_waited_for(data, user_id), _forget_vote(data, user_id)
        names |= asked
        if not names and not waited and not voted:
            continue
        for stay in stays:  # a blackjack round's player
            stay[3:5] = [FORMER_PLAYER, ""]
        _drop_summary_naming(data, names)
        data["seats"] = [
            {"name": "", "user": FORMER_PLAYER, "level": None}
            if isinstance(s, dict) and s.get("user") == user_id
            else {**s, "name": ""} if i in taken else s
            for i, s in enumerate(seats)
        ]  # fmt: skip
        if isinstance(data.get("resigned"), list):
            data["resigned"] = [NO_NAME if n in names else n for n in data["resigned"]]
        if isinstance(data.get("players"), list):  # who was rated: ids at the start
            data["players"] = [FORMER_PLAYER if u == user_id else u for u in data["players"]]
        for line in data.get("rating") or []:  # a rated game's line on its final table
            if isinstance(line, dict) and line.get("name") in names:
                line["name"] = NO_NAME
        if isinstance(data.get("stopped_by"), str) and any(
            n and n in data["stopped_by"] for n in names
        ):
            del data["stopped_by"]  # "stopped by ?"
        await tx.execute(
            "UPDATE games SET meta = $1, version = version + 1 WHERE id = $2",
            (json.dumps(data), game_id),
        )
        changed += 1
    return changed


def _forget_waited_for(data: dict[str, Any], user_id: int) -> tuple[bool, set[str]]:
    """A rematch lobby that waited for the person (``rematch_of``: the people asked back
    and the seats' order, by id): they are no longer named there; whether it did, and
    the names taken out."""
    asked = data.get("rematch_of")
    if not isinstance(asked, dict):
        return False, set()
    people = asked.get("people")
    if not isinstance(people, list):
        people = []
    gone = [p for p in people if isinstance(p, dict) and p.get("user") == user_id]
    order = asked.get("order")
    if not gone and not (isinstance(order, list) and user_id in order):
        return False, set()
    asked["people"] = [p for p in people if p not in gone]
    if isinstance(order, list):
        asked["order"] = [FORMER_PLAYER if u == user_id else u for u in order]
    return True, {str(p.get("name")) for p in gone if p.get("name")}


def _forget_vote(data: dict[str, Any], user_id: int) -> bool:
    """An ended game's vote to stop that counted the person: it goes (it counts for
    nothing once the game has ended)."""
    vote = data.get("stop_vote")
    if isinstance(vote, dict) and user_id in (vote.get("yes") or []):
        del data["stop_vote"]
        return True
    return False


async def forget_in_open_lobbies(tx: Tx, user_id: int) -> None:
    """An open rematch lobby waiting for the person (they are not seated: the caller
    checked) waits for them no more, and keeps neither their name nor their id."""
    rows = await tx.execute(
        "SELECT id, meta FROM games WHERE status = 'lobby' AND meta LIKE $1",
        (f"%{int(user_id)}%",),
    )
    for game_id, meta in rows.all():
        try:
            data = json.loads(meta)
            waited, _names = _forget_waited_for(data, user_id)
        except (ValueError, AttributeError, TypeError):
            continue
        if waited:
            await tx.execute(
                "UPDATE games SET meta = $1, version = version + 1 WHERE id = $2",
                (json.dumps(data), game_id),
            )


async def forget_hand_messages(tx: Tx, user_id: int) -> None:
    """Ended games, and running ones they resigned from (they sit at no running game:
    the caller checked), no longer note which private message showed the person's hand
    (keyed by their id)."""
    rows = await tx.execute(
        "SELECT id, hand_messages FROM games WHERE status IN ('finished', 'stopped',"
        " 'running') AND hand_messages LIKE $1",
        (f'%"{int(user_id)}"%',),
    )
    for game_id, kept in rows.all():
        try:
            messages = json.loads(kept)
        except (ValueError, TypeError):
            continue
        if isinstance(messages, dict) and messages.pop(str(user_id), None) is not None:
            await tx.execute(
                "UPDATE games SET hand_messages = $1 WHERE id = $2",
                (json.dumps(messages), game_id),
            )


def _stays(data: dict[str, Any], user_id: int) -> list[list[Any]]:
    """A blackjack table's stays of the person (``[box, first, last, user, name]``)."""
    sitters = data.get("sitters")
    if not isinstance(sitters, list):
        return []
    return [s for s in sitters if isinstance(s, list) and len(s) == 5 and s[3] == user_id]


def _drop_summary_naming(data: dict[str, Any], names: set[Any]) -> None:
    """A blackjack table's last round summary (kept for the sender to post) that names
    the person goes."""
    summary = data.get("summary")
    if isinstance(summary, str) and any(
        isinstance(n, str) and n and html.escape(n) in summary for n in names
    ):
        del data["summary"]


async def forget_at_open_tables(tx: Tx, user_id: int) -> None:
    """An open blackjack table the person has left keeps their stays for its record:
    they become a former player's now, and its last round summary goes if it names them
    (the version moves on: a press that read the table before is refused and pressed
    again)."""
    for game_id, meta in (await tx.execute(_OPEN_MENTIONING, (f"%{int(user_id)}%",))).all():
        try:
            data = json.loads(meta)
            stays = _stays(data, user_id)
        except (ValueError, AttributeError, TypeError):
            continue
        if not stays:
            continue
        names = {stay[4] for stay in stays}
        for stay in stays:
            stay[3:5] = [FORMER_PLAYER, ""]
        _drop_summary_naming(data, names)
        await tx.execute(
            "UPDATE games SET meta = $1, version = version + 1 WHERE id = $2",
            (json.dumps(data), game_id),
        )


async def forget_resigned_at_running(tx: Tx, user_id: int, name: str | None) -> None:
    """A running game the person resigned from (they sit there no more, the computer
    plays their seat under their name): the seat and the list of who resigned lose the
    name, so its record does not name them once it ends; among its people at the start
    they are a former player, whom the rating at its end writes nothing for."""
    rows = await tx.execute(  # (before their results go: a resignation writes one)
        "SELECT id, meta FROM games WHERE status = 'running'"
        " AND id IN (SELECT game_id FROM results WHERE user_id = $1)",
        (user_id,),
    )
    for game_id, meta in rows.all():
        try:
            data = json.loads(meta)
            taken = _taken_over(data, user_id, name, True) if isinstance(data, dict) else set()
        except (ValueError, AttributeError, TypeError):
            continue
        if not taken or not isinstance(data, dict):
            continue
        names = {data["seats"][i].get("name") for i in taken}
        data["seats"] = [
            {**s, "name": ""} if i in taken else s for i, s in enumerate(data["seats"])
        ]
        if isinstance(data.get("resigned"), list):
            data["resigned"] = [NO_NAME if n in names else n for n in data["resigned"]]
        if isinstance(data.get("players"), list):  # rated at its end without them
            data["players"] = [FORMER_PLAYER if u == user_id else u for u in data["players"]]
        vote = data.get("stop_vote")  # a vote they sent before resigning counts no more
        if isinstance(vote, dict) and isinstance(vote.get("yes"), list):
            vote["yes"] = [u for u in vote["yes"] if u != user_id]
        await tx.execute(
            "UPDATE games SET meta = $1, version = version + 1 WHERE id = $2",
            (json.dumps(data), game_id),
        )
