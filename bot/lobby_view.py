"""The lobby message, the same for every game: who sits, and how to join."""

from __future__ import annotations

from bot.adapter import GameAdapter, Seat, seats_of
from bot.i18n import ntr, tr
from bot.ui import Buttons, Keyboard, Rendered, escape
from storage.records import GameRecord


def level_name(language: str, level: str) -> str:
    if level == "easy":
        return tr(language, "easy")
    return tr(language, "normal")


def seat_label(seat: Seat, language: str) -> str:
    """A seat's name as shown to people (HTML-escaped)."""
    if seat.is_computer:
        return "🤖 " + escape(
            tr(language, "Computer ({level})", level=level_name(language, seat.level or ""))
        )
    return escape(seat.name)


def render_lobby(
    adapter: GameAdapter, game: GameRecord, language: str, buttons: Buttons
) -> Rendered:
    seats = seats_of(game)
    names = ", ".join(seat_label(s, language) for s in seats) or "—"
    lines = [
        f"<b>{escape(adapter.title(language))}</b>",
        tr(language, "Waiting for players."),
        ntr(
            language,
            "{n} of {max} seat taken: {names}",
            "{n} of {max} seats taken: {names}",
            len(seats),
            max=adapter.max_seats,
            names=names,
        ),
        ntr(
            language,
            "Press Join to sit down; Start when at least {n} player is here.",
            "Press Join to sit down; Start when at least {n} players are here.",
            adapter.min_seats,
        ),
    ]
    keyboard: Keyboard = [
        [
            buttons.button(tr(language, "Join"), "j"),
            buttons.button(tr(language, "Leave"), "l"),
        ]
    ]
    if adapter.computer_levels:
        keyboard.append(
            [
                buttons.button(
                    "🤖 " + tr(language, "Play the computer: {level}",
                               level=level_name(language, level)),
                    "c",
                    level,
                )
                for level in adapter.computer_levels
            ]
        )  # fmt: skip
    keyboard.append([buttons.button(tr(language, "Start"), "s")])
    return Rendered("\n".join(lines), keyboard)
