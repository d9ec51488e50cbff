"""Reversi's presenter: the board is the table message's inline keyboard."""

from __future__ import annotations

from typing import Any

from bot.adapter import seats_of
from bot.buttons import Verb
from bot.game_record import Record
from bot.games.reversi import record as reversi_record
from bot.games.reversi.texts import TEXTS
from bot.i18n import tr
from bot.presenters.lobby_view import seat_labels, stopped_line
from bot.presenters.notices import resign_button
from bot.presenters.record_button import record_button
from bot.roles import Presenter, TableView
from bot.ui import Buttons, Keyboard, Rendered, escape
from games.reversi import ENGINE, Passed, Place, Placed, ReversiState, square_name
from games.reversi.board import FILES
from storage.records import GameRecord, Status

DISCS = ("⚫", "⚪")
LAST_DISCS = ("🖤", "🤍")  # the disc just placed
HINT = "•"
EMPTY = "⠀"  # braille blank: a button's text may not be empty


class ReversiPresenter(Presenter[ReversiState]):
    """The board is the table message's inline keyboard."""

    def move_words(
        self, game: GameRecord, state: ReversiState, seat: int, code: str, language: str
    ) -> str:
        return square_name(ENGINE.decode_action(code).square)

    def result_text(self, game: GameRecord, state: ReversiState, language: str) -> str:
        names = seat_labels(seats_of(game), language)
        return _status_line(game, None, ENGINE.view(state, None).scores, names, language)

    def render_table(self, game: GameRecord, state: ReversiState, table: TableView) -> Rendered:
        language, buttons = table.language, table.buttons
        view = ENGINE.view(state, None)
        names = seat_labels(seats_of(game), language)
        lines = [f"<b>{escape(TEXTS.title(language))}</b>"]
        lines += [f"{DISCS[s]} {names[s]} — {view.scores[s]}" for s in (0, 1)]
        lines += [_event_line(e, names, language) for e in view.log[-3:]]
        lines.append(_status_line(game, view.to_move, view.scores, names, language))
        lines.append(tr(language, "Columns a–h under the board, rows 1–8 from the top."))
        keyboard = _board(game, view, buttons, language)
        if game.status is Status.RUNNING and not view.finished:  # the way out
            keyboard[-1].append(resign_button(language, buttons))
        return Rendered("\n".join(line for line in lines if line), keyboard)

    def record(self, game: GameRecord, state: ReversiState, language: str) -> Record | None:
        names = seat_labels(seats_of(game), language)
        result = _status_line(game, state.turn, state.scores, names, language)
        return reversi_record.record(state, names, result, language)


def _event_line(event: object, names: list[str], language: str) -> str:
    if isinstance(event, Placed):
        return tr(
            language, "{disc} {name} played {square}.",
            disc=DISCS[event.seat], name=names[event.seat], square=square_name(event.square),
        )  # fmt: skip
    if isinstance(event, Passed):
        return tr(
            language, "{disc} {name} has no legal move and passes.",
            disc=DISCS[event.seat], name=names[event.seat],
        )  # fmt: skip
    return ""


def _status_line(
    game: GameRecord, to_move: int | None, scores: tuple[int, int], names: list[str], language: str
) -> str:
    if game.status is Status.STOPPED:
        return stopped_line(language, game)
    resigned = game.meta.resigned_seat
    if isinstance(resigned, int) and resigned in (0, 1):
        return tr(language, "🏳️ {name} resigned: {disc} {winner} wins.", name=names[resigned],
                  disc=DISCS[1 - resigned], winner=names[1 - resigned])  # fmt: skip
    if to_move is None:
        black, white = scores
        if black == white:
            return tr(language, "Game over: a tie, {a}–{b}.", a=black, b=white)
        winner = 0 if black > white else 1
        return tr(
            language, "Game over: {disc} {name} wins {a}–{b}.",
            disc=DISCS[winner], name=names[winner], a=max(scores), b=min(scores),
        )  # fmt: skip
    return tr(language, "Turn: {disc} {name}", disc=DISCS[to_move], name=names[to_move])


# each square's move, as its buttons carry it (the same on every board)
_MOVES = tuple(ENGINE.encode_action(Place(square)) for square in range(64))


def _board(game: GameRecord, view: Any, buttons: Buttons, language: str) -> Keyboard:
    playing = game.status is Status.RUNNING and not view.finished
    off = set(game.meta.hints_off or [])  # each player's own 💡 switch
    hints = playing and view.to_move is not None and view.to_move not in off
    legal = set(view.legal) if hints else set()
    board, last = view.board, view.last_move
    keyboard: Keyboard = []
    for row in range(0, 64, 8):
        cells = []
        for square in range(row, row + 8):
            owner = board[square]
            if owner is not None:
                label = (LAST_DISCS if square == last else DISCS)[owner]
            else:
                label = HINT if square in legal else EMPTY
            if playing:
                cells.append(buttons.button(label, Verb.MOVE, _MOVES[square]))
            else:
                cells.append(buttons.button(label, Verb.LABEL))
        keyboard.append(cells)
    # the column letters as inert buttons under the board (8 a row, as Telegram allows;
    # a row-number column would make 9, so the rows are named in the text)
    keyboard.append([buttons.button(letter, Verb.LABEL) for letter in FILES])
    if playing:
        keyboard.append([buttons.button("💡 " + _hints_label(off, language), Verb.HINTS)])
    elif not game.meta.rematched and not game.meta.topic_gone:  # (nowhere to post a lobby)
        keyboard.append([buttons.button("🔁 " + tr(language, "Rematch"), Verb.REMATCH)])
    if (record := record_button(game, language)) is not None and game.status is Status.FINISHED:
        keyboard.append([record])
    return keyboard


def _hints_label(off: set[int], language: str) -> str:
    """Each player's hints, e.g. "Hints: ⚫ on · ⚪ off": the dots show on the board
    on the turns of a player whose hints are on (one keyboard is shared by the
    group, so a player's switch governs the board on their own turns)."""
    words = [tr(language, "off") if seat in off else tr(language, "on") for seat in (0, 1)]
    state = f"{DISCS[0]} {words[0]} · {DISCS[1]} {words[1]}"
    return tr(language, "Hints: {state}", state=state)
