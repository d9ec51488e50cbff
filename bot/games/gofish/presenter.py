"""Go Fish's and Go Farm's presenters: a public table in the group, each hand by
direct message."""

from __future__ import annotations

import html
from typing import Any

from bot.adapter import seats_of
from bot.buttons import Verb
from bot.game_record import Record
from bot.game_types import AppView, InlineMove
from bot.games.gofish import app
from bot.games.gofish import record as gofish_record
from bot.games.gofish.inline import ask_moves, ask_words, hand_words
from bot.games.gofish.sentences import event_line, own_line, rank_plural, result_line
from bot.games.gofish.texts import GoFishTexts
from bot.i18n import ntr, tr
from bot.presenters.cards_text import cards_text, hand_in_words, rank_label
from bot.presenters.lobby_view import hand_place, my_cards_rows, seat_labels, stopped_line
from bot.presenters.notices import resign_button
from bot.presenters.record_button import record_button
from bot.presenters.standings import book_standings
from bot.roles import HandPresenter, Presenter, TableView
from bot.ui import Buttons, Keyboard, Rendered, escape
from games.base import IllegalAction
from games.cards import RANKS
from games.gofish import (
    ENGINE,
    Ask,
    GoFishState,
    GoFishView,
    Resigned,
    TurnPassed,
    resigned_seats,
)
from storage.records import GameRecord, Status

MAX_LOG_LINES = 8


class GoFishPresenter(Presenter[GoFishState]):
    def __init__(self, texts: GoFishTexts) -> None:
        self.texts = texts

    def option_rows(self, game: GameRecord, language: str, buttons: Buttons) -> Keyboard:
        return []

    def render_table(self, game: GameRecord, state: GoFishState, table: TableView) -> Rendered:
        language, view = table.language, ENGINE.view(state, None)
        names = seat_labels(seats_of(game), language)
        lines = [f"<b>{escape(self.texts.title(language))}</b>"]
        gone = resigned_seats(view.history)
        lines += [_seat_line(view, i, names[i], language, i in gone) for i in range(view.seats)]
        lines.append(ntr(language, "Stock: {n} card", "Stock: {n} cards", view.stock_size))
        recent = [_event_line(e, names, language) for e in _recent(view)]
        lines += [f"<i>{line}</i>" for line in recent if line][-MAX_LOG_LINES:]
        lines.append(_status(game, view, names, language))
        return Rendered("\n".join(lines), self._table_keyboard(game, view, table))

    def result_text(self, game: GameRecord, state: GoFishState, language: str) -> str:
        names = seat_labels(seats_of(game), language)
        return _status(game, ENGINE.view(state, None), names, language)

    def _table_keyboard(self, game: GameRecord, view: GoFishView, table: TableView) -> Keyboard:
        language, buttons = table.language, table.buttons
        if game.status is not Status.RUNNING or view.finished:
            record = record_button(game, language) if game.status is Status.FINISHED else None
            tail = [[record]] if record is not None else []
            if game.meta.rematched or game.meta.topic_gone:  # (nowhere to post a lobby)
                return tail
            return [[buttons.button("🔁 " + tr(language, "Rematch"), Verb.REMATCH)], *tail]
        keyboard = [
            [
                buttons.button("🃏 " + tr(language, "My hand"), Verb.MY_HAND),
                resign_button(language, buttons),
            ],
            *my_cards_rows(language, game.id),
        ]
        if view.turn is not None and view.turn in table.away:
            # the player to move cannot be messaged: every rank, so nothing is revealed
            keyboard += _every_rank_keyboard(view, view.turn, buttons, language)
        return keyboard

    move_words = ask_words  # "Ask Bob for 2s": what the computer asked for a late player

    def record(self, game: GameRecord, state: GoFishState, language: str) -> Record | None:
        names, over = seat_labels(seats_of(game), language), game.status is not Status.RUNNING
        result = _status(game, ENGINE.view(state, None), names, language)
        title = self.texts.title(language)
        return gofish_record.record(title, state, names, result, over, _event_line, language)

    def table_pick_keyboard(
        self, game: GameRecord, state: GoFishState, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard:  # fmt: skip
        """After a rank is chosen on the group table (the player cannot be messaged):
        whom to ask, the same for every rank, held or not, so the group learns nothing
        of the hand; the ask itself refuses a rank not held, in an alert to the asker."""
        rank = _rank_of(choice)
        if rank is None:
            raise IllegalAction("no_such_rank")
        view = ENGINE.view(state, None)
        targets = [s for s in range(view.seats) if s != seat and view.hand_counts[s] > 0]
        return _ask_rows(game, view, [Ask(t, rank) for t in targets], language, buttons)


class GoFishHand(HandPresenter[GoFishState]):
    def __init__(self, texts: GoFishTexts) -> None:
        self.texts = texts

    def render_hand(
        self, game: GameRecord, state: GoFishState, seat: int, language: str, buttons: Buttons
    ) -> Rendered:
        view = ENGINE.view(state, seat)
        names = seat_labels(seats_of(game), language)
        title = hand_place(game, seat, language)
        lines = [f"<b>{escape(self.texts.title(language))}</b>" + (f" · {title}" if title else "")]
        if view.hand:
            lines.append(
                tr(language, "Your hand: {words}", words=hand_in_words(language, view.hand))
            )
            lines.append(cards_text(language, view.hand))
        else:
            lines.append(tr(language, "Your hand is empty."))
        mine = view.books[seat]
        if mine:
            books = ", ".join(rank_plural(language, r) for r in mine)
            lines.append(tr(language, "Your books: {books}", books=books))
        happened = own_line(view.history, seat, names, language)
        if happened:
            lines.append(happened)
        if view.last_draw and view.last_draw_at is not None:
            lines.append(
                tr(language, "You drew: {cards}", cards=cards_text(language, view.last_draw))
            )
        lines.append(_status(game, view, names, language, seat))
        moves = game.status is Status.RUNNING and view.turn == seat and bool(view.legal)
        keyboard = _rank_keyboard(view, buttons, language) if moves else []
        if (
            game.status is Status.RUNNING
            and not view.finished
            and seat in resigned_seats(view.history)
        ):
            lines.append("🏳️ " + tr(language, "You resigned: you are out of this game."))
        return Rendered("\n".join(lines), keyboard)

    hand_alert = hand_words  # the inline hand and the "My hand" alert: plain text

    def app_view(
        self, game: GameRecord, state: GoFishState, seat: int | None, language: str
    ) -> AppView:
        return app.app_view(game, state, seat, language)

    def inline_moves(
        self, game: GameRecord, state: GoFishState, seat: int, language: str, public_language: str
    ) -> list[InlineMove]:
        return ask_moves(game, state, seat, language, public_language)

    def pick_keyboard(
        self, game: GameRecord, state: GoFishState, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard | None:  # fmt: skip
        """After a rank is chosen on the private hand: whom to ask for it."""
        rank = _rank_of(choice)
        view = ENGINE.view(state, seat)
        asks = [a for a in view.legal if a.rank == rank]
        return _ask_rows(game, view, asks, language, buttons) if asks else None

    def pick_text(
        self, game: GameRecord, state: GoFishState, seat: int, choice: str, language: str
    ) -> str | None:
        """The hand while its owner chooses whom to ask: it names the rank chosen."""
        rank = _rank_of(choice)
        if rank is None:
            return None
        hand = self.render_hand(game, state, seat, language, Buttons(game.id, game.version))
        asking = tr(language, "Your turn: whom do you ask for {ranks}?",
                    ranks=rank_plural(language, rank))  # fmt: skip
        return hand.text.replace(tr(language, "Your turn: choose a rank to ask for."), asking)


def _rank_of(choice: str) -> int | None:
    """The rank a button's argument names (ASCII digits only), None for anything else."""
    if not (choice.isascii() and choice.isdigit()) or int(choice) not in RANKS:
        return None
    return int(choice)


def _ask_rows(
    game: GameRecord, view: GoFishView, asks: list[Ask], language: str, buttons: Buttons
) -> Keyboard:
    """One "Ask <name> (<cards>)" button per ask, then Back (a label is plain text: the
    names as written, not as HTML)."""
    names = [html.unescape(label) for label in seat_labels(seats_of(game), language)]
    rows = [
        [buttons.button(
            tr(language, "Ask {name} ({n})", name=names[a.target],
               n=view.hand_counts[a.target]),
            Verb.MOVE, ENGINE.encode_action(a),
        )]
        for a in asks
    ]  # fmt: skip
    rows.append([buttons.button("← " + tr(language, "Back"), Verb.UNPICK)])
    return rows


def _every_rank_keyboard(view: GoFishView, seat: int, buttons: Buttons, language: str) -> Keyboard:
    """All 13 ranks; with one opponent to ask, a rank asks at once (the engine
    refuses a rank the player does not hold, in an alert only they see)."""
    targets = [s for s in range(view.seats) if s != seat and view.hand_counts[s] > 0]
    labels = [
        buttons.button(rank_label(r, language), Verb.MOVE, ENGINE.encode_action(Ask(targets[0], r)))
        if len(targets) == 1
        else buttons.button(rank_label(r, language), Verb.PICK, str(r))
        for r in RANKS
    ]
    return [labels[:7], labels[7:]]


def _event_line(event: Any, names: list[str], language: str) -> str:
    if isinstance(event, Resigned):
        return ntr(language, "🏳️ {name} resigned: {n} card went to the bottom of the stock.",
                   "🏳️ {name} resigned: {n} cards went to the bottom of the stock.",
                   event.cards, name=names[event.seat])  # fmt: skip
    return event_line(event, names, language)


def _seat_line(view: GoFishView, seat: int, name: str, language: str, gone: bool) -> str:
    marker = "🏳️ " if gone else "▶️ " if view.turn == seat else "▫️ "
    cards = ntr(language, "{n} card", "{n} cards", view.hand_counts[seat])
    ranks = ", ".join(rank_plural(language, r) for r in view.books[seat]) or "—"
    books = tr(language, "Books: {ranks}", ranks=ranks)
    return f"{marker}{name} — {cards} · 📚 {books}"


def _recent(view: GoFishView) -> list[Any]:
    """Table talk since the turn before the current one."""
    history = list(view.history)
    passes = [i for i, e in enumerate(history) if isinstance(e, TurnPassed)]
    start = passes[-2] + 1 if len(passes) >= 2 else 0
    return history[start:]


def _status(game: GameRecord, view: GoFishView, names: list[str], language: str,
            seat: int | None = None) -> str:  # fmt: skip
    if game.status is Status.STOPPED:
        return stopped_line(language, game)
    if view.finished and view.outcome is not None:
        gone = resigned_seats(view.history)  # a seat that resigned never sets the best
        scores = tuple(0 if s in gone else n for s, n in enumerate(view.outcome.scores))
        result = result_line(view.outcome.winners, scores, names, language)
        return result + "\n" + book_standings(language, view.outcome.scores, names, gone)
    if view.turn is None:
        return ""
    if seat is not None and view.turn == seat:
        return tr(language, "Your turn: choose a rank to ask for.")
    return tr(language, "Turn: {name}", name=names[view.turn])


def _rank_keyboard(view: GoFishView, buttons: Buttons, language: str) -> Keyboard:
    """The ranks this hand may ask for; with one possible target the button asks at once."""
    by_rank: dict[int, list[Ask]] = {}
    for ask in view.legal:
        by_rank.setdefault(ask.rank, []).append(ask)
    labels = []
    for rank in sorted(by_rank):
        asks = by_rank[rank]
        if len(asks) == 1:
            labels.append(
                buttons.button(rank_label(rank, language), Verb.MOVE, ENGINE.encode_action(asks[0]))
            )
        else:
            labels.append(buttons.button(rank_label(rank, language), Verb.PICK, str(rank)))
    return [labels[i : i + 7] for i in range(0, len(labels), 7)]
