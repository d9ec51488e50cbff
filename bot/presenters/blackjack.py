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
bookkeeping of a save (deadline, chips, results: bot.rules.blackjack). Join,
Leave and the top-up at a running table are bot.pipeline.blackjack_play; its own
``/stop`` (who may, and how a table ends) is bot.pipeline.blackjack_stop, registered
with the adapter in bot.glue.registry.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any

from bot.adapter import GameRules, seats_of
from bot.buttons import Verb
from bot.game_adapter import T, TableView
from bot.game_record import Record
from bot.game_types import Ledger, Timing
from bot.i18n import tr
from bot.presenters import blackjack_record, blackjack_rules, blackjack_text
from bot.presenters.blackjack_text import (
    chips_disclaimer,
    dealer_line,
    hint_text,
    refusal,
    seat_lines,
    status_line,
    summary_text,
    title_line,
)
from bot.presenters.lobby_view import seat_label
from bot.presenters.notices import stopper
from bot.presenters.record_button import record_button
from bot.rules import blackjack as table_rules
from bot.rules.blackjack_leaving import hurry_leavers, leavers, leaving_bookkeep
from bot.rules.blackjack_sitters import note_sitters, sitter
from bot.ui import Buttons, Keyboard, Rendered, escape
from games.base import IllegalAction
from games.blackjack import (
    DECLARATION,
    ENGINE,
    Action,
    Bet,
    Double,
    Hit,
    Insurance,
    Phase,
    Split,
    Stand,
    Surrender,
    Table,
)
from games.blackjack import TableView as BlackjackView
from storage.chips import MINIMUM_BET, ChipChange
from storage.records import GameRecord, Status

BET_BUTTONS = (10, 25, 50, 100)


class BlackjackAdapter(GameRules[Table]):
    """Blackjack's presenter. Its own ``/blackjack`` and ``/stop``
    (``bot.pipeline.blackjack_play``, ``bot.pipeline.blackjack_stop``) are registered
    with it where the application is built (``bot.glue.registry``): a presenter
    imports no handler."""

    declaration = DECLARATION
    engine = ENGINE
    strict_versions = False  # presses are checked per seat: see bot.rules.blackjack

    def refusals(self, language: str) -> dict[str, str]:
        return blackjack_text.refusals(language)

    def title(self, language: str) -> str:
        return tr(language, "Blackjack")

    def rules(self, language: str) -> list[str]:
        return [*blackjack_rules.blackjack(language), blackjack_rules.leave_blackjack(language)]

    def rules_line(self, language: str) -> str:
        return tr(language, "/blackjack — beat the dealer to 21 with chips that last")

    def help_line(self, language: str) -> str:
        return tr(language, "/blackjack — a blackjack table for 1 to 7 players against the dealer")

    def menu_line(self, language: str) -> str:
        return tr(language, "Play Blackjack (1-7 players)")

    def computer_button(self, language: str, level: str) -> str:
        return ""

    def options(self, game: GameRecord) -> dict[str, Any]:
        return {"min_bet": MINIMUM_BET}

    def option_rows(self, game: GameRecord, language: str, buttons: Buttons) -> Keyboard:
        return []

    def toggle_option(self, game: GameRecord, name: str) -> bool:
        return False

    def rematch_seats(self, seats: list[T]) -> list[T]:
        return seats

    def render_hand(
        self, game: GameRecord, state: Table, seat: int, language: str, buttons: Buttons
    ) -> Rendered | None:
        return None  # every hand is public at the table

    def hand_alert(self, game: GameRecord, state: Table, seat: int, language: str) -> str:
        return ""

    def pick_keyboard(
        self, game: GameRecord, state: Table, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard | None:  # fmt: skip
        return None

    def render_table(self, game: GameRecord, state: Table, table: TableView) -> Rendered:
        language = table.language
        view = ENGINE.view(state, None)
        names = box_names(game, language)
        lines = [
            title_line(self.title(language), view, language),
            dealer_line(view.dealer, language),
        ]
        left = set(game.meta.blackjack.leaving or [])  # left mid-round: gone once it is settled
        for seat in view.seats:
            if seat is not None:
                name = names.get(seat.seat, "?")
                lines += seat_lines(view, seat, name, language, seat.seat in left)
        if game.meta.blackjack.bets_closed:
            lines.append(tr(language, "⏰ Betting time ran out: the ready bets were dealt."))
        lines.append(_status(game, view, names, language))
        lines.append(chips_disclaimer(language))  # a chips screen (Telegram's terms)
        return Rendered("\n".join(lines), _keyboard(game, state, view, table))

    def fresh(self, game: GameRecord, version: int, seat: int | None) -> bool:
        return table_rules.fresh(game, version, seat)

    def action_of(self, state: Table, seat: int, argument: str) -> Action:
        """All-in and insurance depend on the presser; the rest is the engine's code."""
        if argument == "all":
            return Bet(state.seat(seat).chips)
        if argument == "ins":
            offered = [a for a in ENGINE.legal_actions(state, seat) if isinstance(a, Insurance)]
            if not offered:
                raise IllegalAction("no_insurance", "nothing to insure now")
            return offered[0]
        return ENGINE.decode_action(argument)

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
        return hint_text(ENGINE.view(state, seat), language)[:200]

    def time_out(self, game: GameRecord, state: Table, rng: random.Random) -> Table:
        return table_rules.time_out(game, state, rng)

    def bookkeep(
        self, game: GameRecord, before: Table | None, state: Table, version: int, timing: Timing
    ) -> Ledger:
        note_sitters(game, state)  # who played the round that settled, for its record
        state, gone = leaving_bookkeep(game, state, timing.now)  # left mid-round
        ledger = table_rules.bookkeep(game, before, state, version, timing)
        hurry_leavers(game, state, timing.now)
        unseat = leavers(game) if ledger.settled else []  # their chips are banked now
        return Ledger(ledger.chips, [*ledger.results, *gone], ledger.settled, unseat)

    def cover(
        self, game: GameRecord, state: Table, chips: Sequence[ChipChange], held: dict[int, int]
    ) -> tuple[Table, list[ChipChange]]:
        return table_rules.cover(game, state, chips, held)

    def record(self, game: GameRecord, state: Table, language: str) -> Record | None:
        result = _status(game, ENGINE.view(state, None), box_names(game, language), language)
        played = partial(sitter, game)
        return blackjack_record.record(self.title(language), state.rounds, played, result, language)

    def summary(self, game: GameRecord, state: Table, language: str) -> str:
        view = ENGINE.view(state, None)
        left = frozenset(game.meta.blackjack.leaving or [])
        return summary_text(self.title(language), view, box_names(game, language), language, left)


def box_names(game: GameRecord, language: str) -> dict[int, str]:
    """The HTML-escaped name of the person in each occupied box."""
    return {
        box: seat_label(seat, language)
        for box, seat in enumerate(seats_of(game))
        if seat.user is not None
    }


def _status(game: GameRecord, view: BlackjackView, names: dict[int, str], language: str) -> str:
    if game.status is Status.STOPPED:
        text = tr(language, "The game was stopped by {name}.",
                  name=escape(stopper(game)))  # fmt: skip
        played = [names[box] for box in game.meta.blackjack.played_out or [] if box in names]
        if played:
            text += "\n" + tr(language, "The computer finished the round for {names}.",
                              names=", ".join(played))  # fmt: skip
        return text
    closed = game.meta.blackjack.closed
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
