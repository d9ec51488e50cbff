"""A sixth game, declared from the test suite alone: Nim, two players take one to
three stones from a pile of seven in turn, and whoever takes the last one wins. Its
engine and its adapter (what it is, its table) are all it takes: no module of the
bot is edited for it (``build_application(adapters=...)`` is given it)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.adapter import GameRules, seats_of
from bot.buttons import Verb
from bot.game_adapter import TableView
from bot.game_types import Seat
from bot.ui import Buttons, Keyboard, Rendered, escape
from games.base import Declaration, IllegalAction, Options, Outcome
from storage.records import GameRecord, Status

STONES = 7


@dataclass(frozen=True)
class Pile:
    stones: int
    turn: int  # the seat to take next (after the last stone: the one who took it)


@dataclass(frozen=True)
class Take:
    count: int


DECLARATION = Declaration("nim", 2, 2, hidden_hands=False, computer_levels=("normal",))


class NimEngine:
    declaration = DECLARATION
    kind = DECLARATION.kind
    min_seats = DECLARATION.min_seats
    max_seats = DECLARATION.max_seats

    def new_game(self, seats: int, options: Options, rng: random.Random) -> Pile:
        return Pile(STONES, 0)

    def legal_actions(self, state: Pile, seat: int) -> tuple[Take, ...]:
        if state.stones == 0 or seat != state.turn:
            return ()
        return tuple(Take(n) for n in (1, 2, 3) if n <= state.stones)

    def apply(self, state: Pile, seat: int, action: Take) -> tuple[Pile, list[Any]]:
        if seat != state.turn or state.stones == 0:
            raise IllegalAction("not_your_turn")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("not_legal")
        left = state.stones - action.count
        return Pile(left, state.turn if left == 0 else 1 - state.turn), []

    def to_move(self, state: Pile) -> frozenset[int]:
        return frozenset() if state.stones == 0 else frozenset({state.turn})

    def view(self, state: Pile, seat: int | None) -> Pile:
        return state

    def outcome(self, state: Pile) -> Outcome | None:
        if state.stones:
            return None
        return Outcome(winners=(state.turn,), losers=(1 - state.turn,))

    def to_dict(self, state: Pile) -> dict[str, Any]:
        return {"schema": 1, "stones": state.stones, "turn": state.turn}

    def from_dict(self, data: dict[str, Any]) -> Pile:
        return Pile(int(data["stones"]), int(data["turn"]))

    def encode_action(self, action: Take) -> str:
        return f"t{action.count}"

    def decode_action(self, text: str) -> Take:
        if text not in ("t1", "t2", "t3"):
            raise IllegalAction("not_legal")
        return Take(int(text[1:]))

    def choose(self, view: Pile, legal: tuple[Take, ...], rng: random.Random, level: str) -> Take:
        return legal[min(len(legal), max(1, view.stones % 4)) - 1]  # leave a multiple of 4


ENGINE = NimEngine()


class NimAdapter(GameRules):
    """Nim as the bot shows it: the pile and whose turn, with a button per take."""

    declaration = DECLARATION
    engine = ENGINE
    strict_versions = True

    def title(self, language: str) -> str:
        return "Nim"

    def rules(self, language: str) -> list[str]:
        return ["<b>Nim</b> — take 1 to 3 stones; whoever takes the last one wins."]

    def rules_line(self, language: str) -> str:
        return "/nim — take the last stone"

    def menu_line(self, language: str) -> str:
        return "Play Nim"

    def computer_button(self, language: str, level: str) -> str:
        return "🤖 Add computer"

    def options(self, game: GameRecord) -> dict[str, Any]:
        return {}

    def option_rows(self, game: GameRecord, language: str, buttons: Buttons) -> Keyboard:
        return []

    def toggle_option(self, game: GameRecord, name: str) -> bool:
        return False

    def rematch_seats(self, seats: list[Seat]) -> list[Seat]:
        return list(reversed(seats))

    def render_hand(
        self, game: GameRecord, state: Pile, seat: int, language: str, buttons: Buttons
    ) -> Rendered | None:
        return None

    def hand_alert(self, game: GameRecord, state: Pile, seat: int, language: str) -> str:
        return ""

    def render_table(self, game: GameRecord, state: Pile, table: TableView) -> Rendered:
        names = [escape(seat.name or "🤖") for seat in seats_of(game)]
        lines = [
            "<b>Nim</b>",
            " · ".join(names),
            f"Stones: {'●' * state.stones or '—'} ({state.stones})",
        ]
        if state.stones == 0:
            lines.append(f"🏆 {names[state.turn]} took the last stone and wins.")
            return Rendered("\n".join(lines), [])
        lines.append(f"Turn: {names[state.turn]}")
        keyboard: Keyboard = []
        if game.status is Status.RUNNING:
            keyboard = [[table.buttons.button(f"Take {n}", Verb.MOVE, f"t{n}")
                         for n in (1, 2, 3) if n <= state.stones]]  # fmt: skip
        return Rendered("\n".join(lines), keyboard)
