"""The lobby message, the same for every game: who sits, and how to join."""

from __future__ import annotations

from typing import Any

from telegram import InlineKeyboardButton

from bot.adapter import GameAdapter, Seat, seats_of
from bot.buttons import HandQuery, Verb, to36
from bot.features import FEATURES
from bot.i18n import ntr, tr
from bot.ui import Buttons, Keyboard, Rendered, escape
from storage.records import GameRecord, Status


def join_link(bot_username: str, game: GameRecord) -> str:
    """The deep link that opens the private chat and joins the lobby on Start:
    ``j<game id>_<the lobby's secret>`` (at most 64 characters of A-Za-z0-9_-),
    so nobody can guess the link of a lobby they have not seen."""
    secret = game.meta.invite or ""
    return f"https://t.me/{bot_username}?start=j{to36(game.id)}_{secret}"


def my_cards_button(language: str, game_id: int) -> InlineKeyboardButton:
    """ "🃏 My cards": puts ``cards <game>`` in the presser's input field in this chat;
    the bot answers that query with their own hand and moves, which only they see
    (``bot.pipeline.inline``)."""
    return InlineKeyboardButton(
        "🃏 " + tr(language, "My cards"), switch_inline_query_current_chat=HandQuery(game_id).pack()
    )


def my_cards_rows(language: str, game_id: int) -> Keyboard:
    """The row with 🃏 My cards, or none when the bot has no inline mode."""
    return [[my_cards_button(language, game_id)]] if FEATURES.inline else []


def hands_sentence(language: str) -> str:
    """How a player of a game with private hands sees their cards: the lobby's line and
    the alert of a Join by someone the bot cannot write to yet say this one sentence
    (an alert: at most 200 characters)."""
    if not FEATURES.inline:
        return tr(language, "Your cards: ✉️ Open private chat sends them to you by private "
                            "message.")  # fmt: skip
    return tr(language, "Your cards: 🃏 My cards shows them here, to you alone; ✉️ Open "
                        "private chat sends them by private message too.")  # fmt: skip


def level_name(language: str, level: str) -> str:
    if level == "easy":
        return tr(language, "easy")
    if level == "hard":
        return tr(language, "hard")
    return tr(language, "normal")


def level_button(language: str, level: str) -> str:
    """A short computer button that fits a phone: "🤖 Easy", "🤖 Normal", "🤖 Hard"."""
    if level == "easy":
        return "🤖 " + tr(language, "Easy")
    return "🤖 " + (tr(language, "Hard") if level == "hard" else tr(language, "Normal"))


def seat_label(seat: Seat, language: str, number: int | None = None) -> str:
    """A seat's name as shown to people (HTML-escaped): a computer added in the lobby
    with its level (and ``number``, when there are several), a seat the computer took
    from a person who resigned with that person's name."""
    if not seat.is_computer:  # a person; one who used /forgetme has no name left
        return escape(seat.name) if seat.name else tr(language, "a former player")
    level = level_name(language, seat.level or "")
    if seat.name:
        return "🤖 " + escape(tr(language, "{name} (computer)", name=seat.name))
    if number is not None:
        return "🤖 " + escape(tr(language, "Computer {n} ({level})", n=number, level=level))
    return "🤖 " + escape(tr(language, "Computer ({level})", level=level))


def seat_labels(seats: list[Seat], language: str) -> list[str]:
    """Every seat's name; computers added in the lobby are numbered when there are
    several ("🤖 Computer 1 (normal)", "🤖 Computer 2 (normal)"), so they read apart."""
    added = [i for i, seat in enumerate(seats) if seat.is_computer and not seat.name]
    numbers = {seat: n for n, seat in enumerate(added, 1)} if len(added) > 1 else {}
    return [seat_label(seat, language, numbers.get(i)) for i, seat in enumerate(seats)]


def hand_place(game: GameRecord, seat: int, language: str) -> str:
    """Where a private hand's game is played (HTML): the group's title; the chat of an
    inline table has no name the bot knows, so the people at it ("with Bob, Carol")."""
    if game.inline_id is None:
        return escape(game.meta.chat_title or "")
    others = [label for i, label in enumerate(seat_labels(seats_of(game), language)) if i != seat]
    return tr(language, "with {names}", names=", ".join(others)) if others else ""


def seat_count(language: str, taken: int, seats: int, names: str) -> str:
    """ "1 of 2 seats taken: …": the noun agrees with the number of seats."""
    return ntr(
        language,
        "{taken} of {n} seat taken: {names}",
        "{taken} of {n} seats taken: {names}",
        seats,
        taken=taken,
        names=names,
    )


def render_lobby(
    adapter: GameAdapter[Any], game: GameRecord, language: str, buttons: Buttons
) -> Rendered:
    seats = seats_of(game)
    names = ", ".join(seat_labels(seats, language)) or "—"
    if game.status is not Status.LOBBY:
        return _closed_lobby(adapter, game, language, names)
    full = len(seats) >= adapter.declaration.max_seats
    lines = [
        f"<b>{escape(adapter.texts.title(language))}</b>",
        *last_result(game, language),
        tr(language, "Waiting for players."),
        seat_count(language, len(seats), adapter.declaration.max_seats, names),
    ]
    if full:
        lines.append(tr(language, "The table is full: press Start."))
    elif starts_when_full(adapter):
        lines.append(tr(language, "Press Join to sit down; the game starts once every seat "
                                  "is taken."))  # fmt: skip
    else:
        lines.append(
            ntr(
                language,
                "Press Join to sit down; Start when at least {n} player is here.",
                "Press Join to sit down; Start when at least {n} players are here.",
                adapter.declaration.min_seats,
            )
        )
    waiting = rematch_waiting(game)
    if waiting:
        lines.append(tr(language, "🔁 Rematch: it starts once everyone is back; "
                                  "waiting for {names}.",
                        names=", ".join(escape(n) for n in waiting)))  # fmt: skip
    if adapter.declaration.hidden_hands:
        lines.append(hands_sentence(language))
    return Rendered("\n".join(lines), _lobby_keyboard(adapter, game, language, buttons, full))


def _lobby_keyboard(
    adapter: GameAdapter[Any], game: GameRecord, language: str, buttons: Buttons, full: bool
) -> Keyboard:
    """Join and the computer buttons while a seat is free; Start (unless the game
    starts by itself when its last seat is taken and that seat is free) and Rules."""
    leave = buttons.button(tr(language, "Leave"), Verb.LEAVE)
    keyboard: Keyboard = [
        [leave] if full else [buttons.button(tr(language, "Join"), Verb.JOIN), leave]
    ]
    if adapter.declaration.computer_levels and not full:
        keyboard.append(
            [
                buttons.button(adapter.texts.computer_button(language, level), Verb.COMPUTER, level)
                for level in adapter.declaration.computer_levels
            ]
        )
    keyboard += adapter.presenter.option_rows(game, language, buttons)
    start = tr(language, "Start")
    needed = full or not starts_when_full(adapter)  # else the last seat taken starts it
    keyboard.append([
        *([buttons.button(start, Verb.START)] if needed else []),
        buttons.button("📖 " + tr(language, "Rules"), Verb.RULES),
        *([close_button(language, buttons)] if game.inline_id else []),
    ])  # fmt: skip
    bot = game.meta.bot
    if adapter.declaration.hidden_hands:
        row = [button for cards in my_cards_rows(language, game.id) for button in cards]
        if bot and not full:
            link = join_link(bot, game)
            row.append(InlineKeyboardButton("✉️ " + tr(language, "Open private chat"), url=link))
        if row:
            keyboard.append(row)
    return keyboard


CLOSE = "close"  # Leave's argument: the opener closes an inline table's lobby


def close_button(language: str, buttons: Buttons) -> InlineKeyboardButton:
    """An inline table's lobby has no chat for /stop: its opener closes it here."""
    return buttons.button("✖️ " + tr(language, "Close"), Verb.LEAVE, CLOSE)


def starts_when_full(adapter: GameAdapter[Any]) -> bool:
    """A game that needs every seat taken (Reversi, Go Farm: two of two) starts by
    itself when the last one is: its lobby needs no Start button."""
    return adapter.declaration.min_seats >= adapter.declaration.max_seats


def rematch_waiting(game: GameRecord) -> list[str]:
    """The names of the previous game's players a rematch lobby still waits for."""
    seated = {s.user for s in seats_of(game)}
    asked = game.meta.rematch_of
    wanted = asked.get("people", []) if asked else []
    return [str(p["name"]) for p in wanted if p["user"] not in seated]


def last_result(game: GameRecord, language: str) -> list[str]:
    """An inline table's rematch lobby: the last game's result, which this message
    showed before (a group's rematch is a new message; the old one keeps it)."""
    asked = game.meta.rematch_of
    result = asked.get("result", "") if asked else ""
    return [tr(language, "🏁 Last game:") + " " + result] if result else []


def _closed_lobby(
    adapter: GameAdapter[Any], game: GameRecord, language: str, names: str
) -> Rendered:
    """A lobby that never started: left by everyone, stopped, or expired."""
    if game.meta.expired:
        reason = tr(language, "This table closed: nobody started the game in time.")
    elif game.meta.topic_gone or game.meta.chat_lost or game.meta.stopped_by:
        reason = stopped_line(language, game)
    else:
        reason = tr(language, "This table closed: everybody left.")
    lines = [
        f"<b>{escape(adapter.texts.title(language))}</b>",
        *last_result(game, language),
        reason,
    ]
    return Rendered("\n".join(lines))


def stopped_line(language: str, game: GameRecord) -> str:
    """Why a stopped game ended: who stopped it, its forum topic closed or deleted, or
    its group no longer taking the bot's messages ("?": nobody is recorded)."""
    if game.meta.topic_gone:
        return tr(language, "The game was stopped: its topic was closed or deleted.")
    if game.meta.chat_lost:
        return tr(language, "The game was stopped: the bot can no longer write in its group.")
    name = "?" if game.meta.stopped_by is None else game.meta.stopped_by
    return tr(language, "The game was stopped by {name}.", name=escape(name))
