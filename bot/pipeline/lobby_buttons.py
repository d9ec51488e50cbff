"""What each of a lobby's buttons changes (its seats or options), or why it cannot:
one function per button, routed by its own handler in ``bot.glue.app``; the shared
path (members only, the start) is ``bot.pipeline.lobby.lobby_press``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.adapter import GameAdapter, Seat, seat_of_user, seats_of, set_seats
from bot.i18n import ntr, tr
from bot.presenters.lobby_view import CLOSE
from bot.ui import fit_alert
from storage.records import GameRecord

# (adapter, game, user id, their name, the button's argument, language) -> a refusal
Adapter = GameAdapter[Any]  # any game of the registry
Change = Callable[[Adapter, GameRecord, int, str, str, str], str | None]


@dataclass(frozen=True)
class LobbyChange:
    """What a lobby press does: its ``change``; ``sits_down``: a person may take a seat (only
    members of the group; whether or not the bot can write to them);
    ``starts``: the game starts now (else a lobby starts once it is full)."""

    change: Change
    sits_down: bool = False
    starts: bool = False


def _option(
    adapter: Adapter, game: GameRecord, user_id: int, name: str, argument: str, language: str
) -> str | None:
    if seat_of_user(game, user_id) is None:
        return tr(language, "Join the table first.")
    if not adapter.table.toggle_option(game, argument):
        return tr(language, "That button is not valid.")
    return None


def _leave(
    adapter: Adapter, game: GameRecord, user_id: int, name: str, argument: str, language: str
) -> str | None:
    if argument == CLOSE:  # an inline table's lobby: its opener closes it for everyone
        if user_id != game.created_by:
            return tr(language, "Only the person who opened this table can close it.")
        game.meta.stopped_by = name
        set_seats(game, [])
        return None
    if seat_of_user(game, user_id) is None:
        return tr(language, "You are not at this table.")
    set_seats(game, [s for s in seats_of(game) if s.user != user_id])
    return None


def _start(
    adapter: Adapter, game: GameRecord, user_id: int, name: str, argument: str, language: str
) -> str | None:
    if seat_of_user(game, user_id) is None:
        return tr(language, "Join the table first.")
    if len(seats_of(game)) < adapter.declaration.min_seats:
        return ntr(language, "At least {n} player is needed.",
                   "At least {n} players are needed.", adapter.declaration.min_seats)  # fmt: skip
    return None


def join(
    adapter: Adapter, game: GameRecord, user_id: int, name: str, argument: str, language: str
) -> str | None:
    """Sit down (Join, or the lobby's deep link)."""
    if seat_of_user(game, user_id) is not None:
        return tr(language, "You are already at the table.")
    return _seat(adapter, game, user_id, name, None, language)


def _computer(
    adapter: Adapter, game: GameRecord, user_id: int, name: str, argument: str, language: str
) -> str | None:
    """A computer player of level ``argument`` sits down (the presser too, if not seated)."""
    if argument not in adapter.declaration.computer_levels:
        return tr(language, "That button is not valid.")
    return _seat(adapter, game, user_id, name, argument, language)


def _seat(
    adapter: Adapter, game: GameRecord, user_id: int, name: str, level: str | None,
    language: str,
) -> str | None:  # fmt: skip
    seats = seats_of(game)
    seated = seat_of_user(game, user_id) is not None
    needed = (0 if seated else 1) + (0 if level is None else 1)
    if len(seats) + needed > adapter.declaration.max_seats:
        if needed == 2 and len(seats) + 1 == adapter.declaration.max_seats:
            return tr(language, "One seat is left: press Join to take it.")
        return tr(language, "The table is full.")
    kept = _kept_for(game, user_id)
    if kept and len(seats) + needed + len(kept) > adapter.declaration.max_seats:
        return _kept_alert(language, kept)
    if not seated:
        seats.append(Seat(name, user_id))
    if level is not None:
        seats.append(Seat("", level=level))
    set_seats(game, seats)
    return None


def _kept_alert(language: str, kept: list[str]) -> str:
    """Whom a rematch keeps the seats left for; without their names when those would
    make the alert longer than Telegram takes (names of up to 64 characters each)."""
    text = tr(language, "🔁 The seats left are kept for {names}: the rematch waits for "
                        "them.", names=", ".join(kept))  # fmt: skip
    if fit_alert(text) == text:
        return text
    return tr(language, "🔁 The seats left are kept for the other players of the last game: "
                        "the rematch waits for them.")  # fmt: skip


def _kept_for(game: GameRecord, user_id: int) -> list[str]:
    """A rematch lobby keeps a seat for each player of the finished game not back yet
    (the lobby says it waits for them): the names, but the person sitting down."""
    asked = game.meta.rematch_of
    seated = {s.user for s in seats_of(game)} | {user_id}
    wanted = asked.get("people", []) if asked else []
    return [str(p["name"]) for p in wanted if p["user"] not in seated]


JOIN = LobbyChange(join, sits_down=True)
COMPUTER = LobbyChange(_computer, sits_down=True)
LEAVE = LobbyChange(_leave)
START = LobbyChange(_start, starts=True)
OPTION = LobbyChange(_option)
