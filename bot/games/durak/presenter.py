"""Durak in a chat: a public table in the group, each hand by direct message.

Several players may act at once (the defender and every attacker who can throw
in), so presses are not tied to the version they were drawn at: each is applied
to the game as it finds it, and one that is no longer legal gets the engine's
reason in an alert.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton

from bot.adapter import seats_of
from bot.buttons import Verb
from bot.game_record import Record
from bot.game_types import AppView, InlineMove
from bot.games.durak import app
from bot.games.durak import record as durak_record
from bot.games.durak.inline import durak_moves, said_for
from bot.games.durak.sentences import (
    recent_lines,
    result_line,
    roles_line,
    table_lines,
    trump_line,
    waiting_line,
)
from bot.games.durak.table import PASSING, passing
from bot.games.durak.texts import DurakTexts
from bot.i18n import ntr, tr
from bot.presenters.cards_text import card_text, cards_text
from bot.presenters.lobby_view import hand_place, my_cards_rows, seat_labels, stopped_line
from bot.presenters.notices import resign_button, resigned_line
from bot.presenters.record_button import record_button
from bot.presenters.standings import out_order_standings
from bot.roles import HandPresenter, Presenter, TableView
from bot.ui import Buttons, Keyboard, Rendered, escape, fit_alert
from games.base import IllegalAction
from games.cards import Card, parse_card
from games.durak import (
    ENGINE,
    Attack,
    Beat,
    Done,
    DurakState,
    DurakView,
    Take,
    Transfer,
)
from storage.records import GameRecord, Status

CARDS_PER_ROW = 4


class DurakPresenter(Presenter[DurakState]):
    def __init__(self, texts: DurakTexts) -> None:
        self.texts = texts

    def option_rows(self, game: GameRecord, language: str, buttons: Buttons) -> Keyboard:
        state = tr(language, "on") if passing(game) else tr(language, "off")
        label = "↪️ " + tr(language, "Passing the attack on: {state}", state=state)
        return [[buttons.button(label, Verb.OPTION, PASSING)]]

    def result_text(self, game: GameRecord, state: DurakState, language: str) -> str:
        return _status(game, ENGINE.view(state, None), _names(game, language), language)

    def render_table(self, game: GameRecord, state: DurakState, table: TableView) -> Rendered:
        language, view = table.language, ENGINE.view(state, None)
        names = _names(game, language)
        lines = [
            _title_line(self.texts.title(language), view, language),
            trump_line(view, language),
        ]
        lines += [_seat_line(view, seat, names[seat], language) for seat in range(view.seats)]
        lines += table_lines(view, language)
        lines += [f"<i>{line}</i>" for line in recent_lines(view, names, language)]
        lines.append(_status(game, view, names, language))
        lines += [resigned_line(language, name) for name in game.meta.resigned or []]
        keyboard = _table_keyboard(game, table, _done_open(state))
        return Rendered("\n".join(line for line in lines if line), keyboard)

    def record(self, game: GameRecord, state: DurakState, language: str) -> Record | None:
        names, over = _names(game, language), game.status is not Status.RUNNING
        result = _status(game, ENGINE.view(state, None), names, language)
        return durak_record.record(self.texts.title(language), state, names, result, over, language)

    move_words = said_for  # what the computer played for a late player

    def ending(self, game: GameRecord, state: DurakState, language: str) -> str:
        view = ENGINE.view(state, None)
        over = game.status is Status.STOPPED or view.finished
        return _status(game, view, _names(game, language), language) if over else ""


class DurakHand(HandPresenter[DurakState]):
    def __init__(self, texts: DurakTexts) -> None:
        self.texts = texts

    def render_hand(
        self, game: GameRecord, state: DurakState, seat: int, language: str, buttons: Buttons
    ) -> Rendered:
        view = ENGINE.view(state, seat)
        names = _names(game, language)
        chat = hand_place(game, seat, language)
        title = _title_line(self.texts.title(language), view, language)
        lines = [title + (f" · {chat}" if chat else ""), trump_line(view, language)]
        if not view.finished and game.status is Status.RUNNING:
            lines.append(roles_line(view, names, language))
        lines += table_lines(view, language)
        lines.append(_hand_line(view, language))
        lines.append(_your_part(game, view, names, language))
        keyboard = hand_keyboard(view, language, buttons) if game.status is Status.RUNNING else []
        return Rendered("\n".join(line for line in lines if line), keyboard)

    def hand_alert(self, game: GameRecord, state: DurakState, seat: int, language: str) -> str:
        view = ENGINE.view(state, seat)
        return fit_alert(f"{_hand_line(view, language)} · {trump_line(view, language)}")

    def app_view(
        self, game: GameRecord, state: DurakState, seat: int | None, language: str
    ) -> AppView:
        return app.app_view(game, state, seat, language)

    def inline_moves(
        self, game: GameRecord, state: DurakState, seat: int, language: str, public_language: str
    ) -> list[InlineMove]:
        return durak_moves(game, state, seat, language, public_language)

    def pick_keyboard(
        self, game: GameRecord, state: DurakState, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard:  # fmt: skip
        """After a card that beats several attacking cards: which one it beats.

        Raises ``IllegalAction`` (shown as an alert) when the card beats nothing now.
        """
        try:
            card = parse_card(choice)
        except ValueError:
            raise IllegalAction("forged", choice[:40]) from None
        view = ENGINE.view(state, seat)
        beats = [a for a in view.legal if isinstance(a, Beat) and a.card == card]
        if not beats:
            raise IllegalAction(_no_beat_reason(state, seat, card))
        rows = [[_beat_button(view, beat, language, buttons)] for beat in beats]
        rows.append([buttons.button("← " + tr(language, "Back"), Verb.UNPICK)])
        return rows


def _names(game: GameRecord, language: str) -> list[str]:
    return seat_labels(seats_of(game), language)


def resigned_seats(game: GameRecord) -> list[tuple[int, str]]:
    """The seats the computer took from people who resigned, with their names (HTML):
    such a seat keeps the person's name (one added in the lobby has none; after their
    /forgetme neither has)."""
    seats = seats_of(game)
    return [(i, escape(s.name)) for i, s in enumerate(seats) if s.is_computer and s.name]


def _title_line(title: str, view: DurakView, language: str) -> str:
    line = f"<b>{escape(title)}</b>"
    return line + " · " + tr(language, "passing the attack on") if view.passing else line


def _seat_line(view: DurakView, seat: int, name: str, language: str) -> str:
    if seat in view.out:
        return f"🏁 {name} — " + tr(language, "out")
    line = f"{name} — " + ntr(language, "{n} card", "{n} cards", view.hand_sizes[seat])
    if view.finished:
        return line
    if seat == view.attacker:
        return f"⚔️ {line} · " + tr(language, "attacks")
    if seat == view.defender:
        role = tr(language, "takes") if view.taking else tr(language, "defends")
        return f"🛡 {line} · {role}"
    return f"▫️ {line}"


def _status(game: GameRecord, view: DurakView, names: list[str], language: str) -> str:
    if game.status is Status.STOPPED:
        return stopped_line(language, game)
    if view.finished:
        standings = out_order_standings(
            language, view.out, view.durak, view.seats, names, resigned_seats(game)
        )
        return result_line(view, names, language) + "\n" + standings
    return waiting_line(view, names, language)


def _done_open(state: DurakState) -> bool:
    """Some attacker may say Done now (public: the table's "Waiting for")."""
    seats = range(len(state.hands))
    return any(Done() in ENGINE.legal_actions(state, s) for s in seats if s != state.defender)


def _table_keyboard(game: GameRecord, table: TableView, done: bool) -> Keyboard:
    """✋ Done is on the table (a press, posting nothing), not among the inline moves."""
    language, buttons = table.language, table.buttons
    if game.status is not Status.RUNNING:
        record = record_button(game, language) if game.status is Status.FINISHED else None
        tail = [[record]] if record is not None else []
        if game.meta.rematched or game.meta.topic_gone:  # (no lobby can be posted there)
            return tail
        return [[buttons.button("🔁 " + tr(language, "Rematch"), Verb.REMATCH)], *tail]
    cards = [row[0] for row in my_cards_rows(language, game.id)]  # none without inline mode
    if done:
        done_data = ENGINE.encode_action(Done())
        cards.append(buttons.button("✋ " + tr(language, "Done"), Verb.MOVE, done_data))
    return [
        [
            buttons.button("🃏 " + tr(language, "My hand"), Verb.MY_HAND),
            resign_button(language, buttons),
        ],
        *([cards] if cards else []),
    ]


def _hand_line(view: DurakView, language: str) -> str:
    if not view.hand:
        return tr(language, "Your hand is empty.")
    return tr(language, "Your hand: {words}", words=cards_text(language, view.hand))


def _your_part(game: GameRecord, view: DurakView, names: list[str], language: str) -> str:
    """What the reader of this hand may do now."""
    if game.status is not Status.RUNNING or view.finished:
        return _status(game, view, names, language)
    seat = view.seat
    if seat in view.out:
        return "🏁 " + tr(language, "You have no cards left: you are out of the game.")
    if seat == view.defender and view.taking:
        return tr(language, "You take the cards once the attackers are done.")
    if seat == view.defender and view.legal:
        if any(isinstance(action, Transfer) for action in view.legal):
            return "🛡 " + tr(language, "Beat each card, pass the attack on, or take.")
        return "🛡 " + tr(language, "Beat each card, or take.")
    if view.legal and not view.table:
        return "⚔️ " + tr(language, "Your attack on {name}: lead a card.",
                          name=names[view.defender])  # fmt: skip
    if view.legal:
        return tr(language, "Throw in a card of a rank on the table, or say Done.")
    return waiting_line(view, names, language)


def hand_keyboard(view: DurakView, language: str, buttons: Buttons) -> Keyboard:
    """The moves this hand may make now: cards to attack with or throw in, cards that
    beat an unbeaten card (a choice follows when one beats several), pass on, take, done."""
    encode = ENGINE.encode_action
    attacks = [
        buttons.button(card_text(language, a.card), Verb.MOVE, encode(a))
        for a in view.legal
        if isinstance(a, Attack)
    ]
    rows = _rows(attacks, CARDS_PER_ROW)
    rows += _rows(_beat_buttons(view, language, buttons), 2)
    passes = [
        buttons.button(
            "↪️ " + tr(language, "Pass on with {card}", card=card_text(language, a.card)),
            Verb.MOVE,
            encode(a),
        )
        for a in view.legal
        if isinstance(a, Transfer)
    ]  # fmt: skip
    rows += _rows(passes, 2)
    last: list[InlineKeyboardButton] = []
    if Take() in view.legal:
        last.append(buttons.button("🫳 " + tr(language, "Take"), Verb.MOVE, encode(Take())))
    if Done() in view.legal:
        last.append(buttons.button("✋ " + tr(language, "Done"), Verb.MOVE, encode(Done())))
    return rows + ([last] if last else [])


def _beat_buttons(view: DurakView, language: str, buttons: Buttons) -> list[InlineKeyboardButton]:
    """One button per card that beats something: the beat itself when it beats one
    card, else a first choice (verb ``k``) that asks which card it beats."""
    found: list[InlineKeyboardButton] = []
    for card in view.hand:
        beats = [a for a in view.legal if isinstance(a, Beat) and a.card == card]
        if len(beats) == 1:
            found.append(_beat_button(view, beats[0], language, buttons))
        elif beats:
            found.append(buttons.button(f"{card_text(language, card)} …", Verb.PICK, card.code))
    return found


def _beat_button(
    view: DurakView, beat: Beat, language: str, buttons: Buttons
) -> InlineKeyboardButton:
    attack = view.table[beat.index][0]
    label = tr(language, "{card} on {attack}", card=card_text(language, beat.card),
               attack=card_text(language, attack))  # fmt: skip
    return buttons.button(label, Verb.MOVE, ENGINE.encode_action(beat))


def _rows(items: list[InlineKeyboardButton], width: int) -> Keyboard:
    return [items[i : i + width] for i in range(0, len(items), width)]


def _no_beat_reason(state: DurakState, seat: int, card: Card) -> str:
    if seat != state.defender or not state.table:
        return "not_your_turn"
    if state.taking:
        return "taking"
    if card not in state.hands[seat]:
        return "not_in_hand"
    return "cannot_beat"
