"""Blackjack in a chat: a continuing table on one message, edited in place.

Every hand lies face up at the table, so there are no private hands: the group
message shows the dealer (hole card down until the engine turns it), each seat
and its hands, and the buttons for what can be done now. The table has no
lobby and no end of its own: people sit down and leave between rounds, and it
closes when the last person leaves or nobody plays for the idle time.

Its presses, saves and deadlines take the shared path (``bot.pipeline.press``,
``bot.pipeline.play``, ``bot.pipeline.save.save``, ``bot.deadlines.timeouts``); what
differs is in the
adapter's hooks: freshness per seat, all-in and insurance buttons, refusals
that name the hand's owner, the hint alert, what a deadline does, and the
bookkeeping of a save (deadline, chips, results: bot.games.blackjack.table). Join,
Leave and the top-up at a running table are bot.games.blackjack.actions; its own
``/stop`` (who may, and how a table ends) is bot.games.blackjack.stop, registered
with the adapter in bot.glue.registry.
"""

from __future__ import annotations

from functools import partial

from bot.adapter import seats_of
from bot.buttons import Verb
from bot.game_record import Record
from bot.games.blackjack import record as blackjack_record
from bot.games.blackjack.meta import own
from bot.games.blackjack.sentences import (
    dealer_line,
    hint_text,
    refusal,
    seat_lines,
    status_line,
    summary_text,
    title_line,
)
from bot.games.blackjack.sitters import sitter
from bot.games.blackjack.texts import BlackjackTexts
from bot.i18n import tr
from bot.presenters.chips_text import chips_disclaimer
from bot.presenters.lobby_view import seat_label, stopped_line
from bot.presenters.record_button import record_button
from bot.roles import Presenter, TableView
from bot.ui import Buttons, Keyboard, Rendered, fit_alert
from games.blackjack import (
    ENGINE,
    Double,
    Hit,
    Phase,
    Split,
    Stand,
    Surrender,
    Table,
)
from games.blackjack import TableView as BlackjackView
from storage.records import GameRecord, Status

BET_BUTTONS = (10, 25, 50, 100)


class BlackjackPresenter(Presenter[Table]):
    def __init__(self, texts: BlackjackTexts) -> None:
        self.texts = texts

    def option_rows(self, game: GameRecord, language: str, buttons: Buttons) -> Keyboard:
        return []

    def render_table(self, game: GameRecord, state: Table, table: TableView) -> Rendered:
        language = table.language
        view = ENGINE.view(state, None)
        names = box_names(game, language)
        lines = [
            title_line(self.texts.title(language), view, language),
            dealer_line(view.dealer, language),
        ]
        left = set(own(game).leaving or [])  # left mid-round: gone once it is settled
        for seat in view.seats:
            if seat is not None:
                name = names.get(seat.seat, "?")
                lines += seat_lines(view, seat, name, language, seat.seat in left)
        if own(game).bets_closed:
            lines.append(tr(language, "⏰ Betting time ran out: the ready bets were dealt."))
        lines.append(_status(game, view, names, language))
        lines.append(chips_disclaimer(language))  # a chips screen (Telegram's terms)
        return Rendered("\n".join(lines), _keyboard(game, state, view, table))

    def refusal(
        self, game: GameRecord, state: Table, seat: int | None, reason: str, language: str
    ) -> str | None:
        if seat is None:
            return tr(language, "You are not at this table: press Join table.")
        if reason == "not_your_turn" and state.phase is Phase.PLAYERS and state.active:
            owner = seats_of(game)[state.active[0]].name
            return tr(language, "Only {name} can play this hand.", name=owner)
        return refusal(reason, ENGINE.view(state, seat).seat_view(), state.rules.min_bet, language)

    def hint(self, game: GameRecord, state: Table, seat: int, language: str) -> str | None:
        return fit_alert(hint_text(ENGINE.view(state, seat), language))

    def record(self, game: GameRecord, state: Table, language: str) -> Record | None:
        result = _status(game, ENGINE.view(state, None), box_names(game, language), language)
        played = partial(sitter, game)
        title = self.texts.title(language)
        return blackjack_record.record(title, state.rounds, played, result, language)

    def summary(self, game: GameRecord, state: Table, language: str) -> str:
        view = ENGINE.view(state, None)
        left = frozenset(own(game).leaving or [])
        return summary_text(
            self.texts.title(language), view, box_names(game, language), language, left
        )


def box_names(game: GameRecord, language: str) -> dict[int, str]:
    """The HTML-escaped name of the person in each occupied box."""
    return {
        box: seat_label(seat, language)
        for box, seat in enumerate(seats_of(game))
        if seat.user is not None
    }


def _status(game: GameRecord, view: BlackjackView, names: dict[int, str], language: str) -> str:
    if game.status is Status.STOPPED:
        text = stopped_line(language, game)
        played = [names[box] for box in own(game).played_out or [] if box in names]
        if played:
            text += "\n" + tr(language, "The computer finished the round for {names}.",
                              names=", ".join(played))  # fmt: skip
        return text
    closed = own(game).closed
    if game.status is Status.FINISHED and closed == "idle":
        return tr(language, "Nobody played for a while: the table is closed.")
    if game.status is Status.FINISHED and closed == "everybody_left":
        return tr(language, "Everybody left: the table is closed.")
    return status_line(view, names, language)


def _keyboard(game: GameRecord, state: Table, view: BlackjackView, table: TableView) -> Keyboard:
    if game.status is not Status.RUNNING or view.phase is Phase.CLOSED:
        played = game.status is Status.FINISHED and bool(state.rounds)  # a round to show
        record = record_button(game, table.language) if played else None
        return [[record]] if record is not None else []
    language, buttons = table.language, table.buttons
    rows: Keyboard = []
    if view.phase is Phase.BETTING:
        rows += _betting_rows(view, language, buttons)
    elif view.phase is Phase.INSURANCE:
        rows.append([
            buttons.button("🛡 " + tr(language, "Insurance"), Verb.MOVE, "ins"),
            buttons.button(tr(language, "No insurance"), Verb.MOVE, "n"),
        ])  # fmt: skip
        rows.append([buttons.button("💡 " + tr(language, "Hint"), Verb.HINTS)])
    elif view.phase is Phase.PLAYERS and view.active is not None:
        legal = ENGINE.legal_actions(state, view.active[0])
        rows.append([buttons.button(_label(a, language), Verb.MOVE, ENGINE.encode_action(a))
                     for a in legal])  # fmt: skip
        rows.append([buttons.button("💡 " + tr(language, "Hint"), Verb.HINTS)])
    elif view.phase is Phase.SETTLED:
        rows.append([buttons.button("▶️ " + tr(language, "Next round"), Verb.MOVE, "x")])
    seating = []
    if game.chat_id < 0 and any(seat is None for seat in view.seats):
        seating.append(buttons.button("🪑 " + tr(language, "Join table"), Verb.JOIN))
    seating.append(buttons.button("🚪 " + tr(language, "Leave table"), Verb.LEAVE))
    rows.append(seating)
    return rows


def _betting_rows(view: BlackjackView, language: str, buttons: Buttons) -> Keyboard:
    rows: Keyboard = [
        [buttons.button(f"+{amount}", Verb.MOVE, f"b{amount}") for amount in BET_BUTTONS]
        + [buttons.button(tr(language, "All-in"), Verb.MOVE, "all")],
        [
            buttons.button(tr(language, "Clear"), Verb.MOVE, "c"),
            buttons.button("✅ " + tr(language, "Ready"), Verb.MOVE, "r"),
        ],
    ]
    broke = any(
        seat is not None and not seat.bet and seat.chips < view.rules.min_bet for seat in view.seats
    )
    if broke:
        rows.append([buttons.button("🎁 " + tr(language, "Daily top-up"), Verb.TOP_UP)])
    return rows


def _label(action: object, language: str) -> str:
    if isinstance(action, Hit):
        return tr(language, "Hit")
    if isinstance(action, Stand):
        return tr(language, "Stand")
    if isinstance(action, Double):
        return tr(language, "Double")
    if isinstance(action, Split):
        return tr(language, "Split")
    if isinstance(action, Surrender):
        return tr(language, "Surrender")
    return "?"
