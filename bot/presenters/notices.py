"""Lines every game's table may carry: timers, the computer standing in, "I'm back",
and the Resign button and a resigned seat's line."""

from __future__ import annotations

import math

from telegram import InlineKeyboardButton

from bot.adapter import seats_of
from bot.buttons import Verb
from bot.i18n import ntr, tr
from bot.presenters.lobby_view import seat_labels
from bot.ui import Buttons, Rendered, escape
from storage.records import GameRecord, Status


def with_notices(
    rendered: Rendered, game: GameRecord, language: str, buttons: Buttons,
    played: dict[int, str] | None = None, now: float | None = None,
) -> Rendered:  # fmt: skip
    """Add the timer and stand-in notices to a running table (what the computer played
    for whom: ``played``, seat -> the move in words), and the "I'm back" button; a
    finished table says whose turns the computer played to the end. The halfway
    warning counts the seconds left from ``now`` (the bot's clock) when the table is
    drawn again after it (``/table``, a bet at a blackjack table), not those it said."""
    names = seat_labels(seats_of(game), language)
    if game.status is Status.FINISHED:
        return Rendered(rendered.text + _played_for(game, names, language), rendered.keyboard)
    if game.status is not Status.RUNNING:
        return rendered
    lines = [rendered.text]
    said = {s: words for s, words in (played or {}).items() if words and s < len(names)}
    for seat, words in said.items():
        lines.append(tr(language, "⏰ Time ran out: the computer played for {name}: {move}.",
                        name=names[seat], move=words))  # fmt: skip
    stood_in = [names[s] for s in (game.meta.stood_in or []) if s < len(names) and s not in said]
    if stood_in:
        lines.append(tr(language, "⏰ Time ran out: the computer played for {names}.",
                        names=", ".join(stood_in)))  # fmt: skip
    auto = [s for s in (game.meta.auto or []) if s < len(names)]
    if auto:
        lines.append(tr(language, "🤖 The computer plays for {names} until they are back.",
                        names=", ".join(names[s] for s in auto)))  # fmt: skip
    warning = game.meta.warning
    if warning:
        late = [names[s] for s in warning.get("seats", []) if s < len(names)]
        left = warning_left(game, now)
        lines.append(ntr(language, "⏳ {names}: {n} second left to play.",
                         "⏳ {names}: {n} seconds left to play.", left,
                         names=", ".join(late)))  # fmt: skip
    keyboard = list(rendered.keyboard or [])
    if auto:
        keyboard.append([buttons.button("🙋 " + tr(language, "I'm back"), Verb.IM_BACK)])
    return Rendered("\n".join(lines), keyboard or None)


def warning_left(game: GameRecord, now: float | None) -> int:
    """The seconds the halfway warning says are left: counted from ``now`` (the bot's
    clock) to the deadline, never more than when it was given; without ``now``, those
    it said then."""
    warning = game.meta.warning
    said = int(warning.get("left", 0)) if warning else 0
    if now is None or game.deadline_at is None:
        return said
    return min(said, max(0, math.ceil(game.deadline_at - now)))


def _played_for(game: GameRecord, names: list[str], language: str) -> str:
    """The line of a finished table naming the seats the computer kept to the end
    (``bot.pipeline.save.results_of`` records no result for them)."""
    away = [names[s] for s in game.meta.auto or [] if s < len(names)]
    if not away:
        return ""
    # one person or several: Spanish and Russian say "him or her" and "them" apart
    return "\n🤖 " + ntr(language, "The computer played for {names} to the end: the game does "
                           "not count for them in /stats.", "The computer played for {names} to "
                           "the end: the game does not count for them in /stats.", len(away),
                           names=", ".join(away))  # fmt: skip


def resign_button(language: str, buttons: Buttons) -> InlineKeyboardButton:
    return buttons.button("🏳️ " + tr(language, "Resign"), Verb.RESIGN)


def resigned_line(language: str, name: str) -> str:
    """The table's note of a seat the computer took over (Durak)."""
    return "🏳️ " + tr(language, "{name} resigned: the computer plays their cards.",
                      name=escape(name))  # fmt: skip
