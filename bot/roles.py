"""A game's bot side as a few small roles, each with the shared behaviour as its
default (a game overrides only what differs):

- its **table rules** (``bot.adapter.TableRules``): what the game decides around its
  engine (freshness of a press, the action a press stands for, time-outs,
  bookkeeping, chips it cannot pay, resigning, the seats out of the game, options);
- its **presenter** (``Presenter``): the table as the group sees it, the lobby's
  option rows, its refusals and hints, summaries, its record;
- its **hand presenter** (``HandPresenter``), for a game with hidden hands only: a
  hand as its owner sees it (direct message, alert, pick keyboards, inline moves);
- its **texts** (``Texts``): title, rules, /help and menu lines, refusal sentences.

``bot.adapter.GameAdapter`` holds one of each; a game's folder, ``bot/games/<kind>/``,
builds it (``bot.games.Registered``). The roles know nothing of Telegram's handlers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.game_record import Record
from bot.game_types import AppView, InlineMove
from bot.i18n import tr
from bot.ui import Buttons, Keyboard, Rendered, escape
from games.base import Declaration
from storage.records import GameRecord

S = TypeVar("S")  # a game's engine state
T = TypeVar("T")  # anything in the seats' order


@dataclass(frozen=True)
class TableView:
    """What the table renderer gets besides the state: language, button maker and
    which seats cannot be messaged privately (they play from the group table)."""

    language: str
    buttons: Buttons
    away: frozenset[int] = frozenset()


def level_button(language: str, level: str) -> str:
    """A short computer button that fits a phone: "🤖 Easy", "🤖 Normal", "🤖 Hard"."""
    if level == "easy":
        return "🤖 " + tr(language, "Easy")
    return "🤖 " + (tr(language, "Hard") if level == "hard" else tr(language, "Normal"))


class Texts:
    """A game's words outside a table: its title, rules, /help and menu lines, and the
    sentences for its engine's refusal codes."""

    def __init__(self, declaration: Declaration) -> None:
        self.declaration = declaration

    def title(self, language: str) -> str:
        return self.declaration.kind

    def rules(self, language: str) -> list[str]:
        """The game's rules in a few lines, and how to leave it (``/rules``)."""
        return [f"<b>{escape(self.title(language))}</b>"]

    def rules_line(self, language: str) -> str:
        """One line for the list of games: its command and what it is."""
        return f"/{self.declaration.kind} — {escape(self.title(language))}"

    def help_line(self, language: str) -> str:
        """Its line in /help: its command and who plays it."""
        return self.rules_line(language)

    def menu_line(self, language: str) -> str:
        """What the command menu says of its command."""
        return tr(language, "Play {game}", game=self.title(language))

    def resign_consequence(self, language: str) -> str:
        """What resigning does (the alert of the first press on 🏳️ Resign)."""
        return tr(language, "You leave the game: the computer plays your seat to the end.")

    def computer_button(self, language: str, level: str) -> str:
        return level_button(language, level)

    def own_commands(self, language: str) -> list[tuple[str, str]]:
        """The game's own other commands for the command menu: (command, what it does)."""
        return []

    def own_help(self, language: str) -> list[str]:
        """Their lines in /help, after the rules'."""
        return []

    def seated_inline(self, language: str, *, held: bool) -> str:
        """A game with chips: why it is not offered to someone at an inline table
        already (``held``: one that keeps their chips for a round they left)."""
        return ""

    def refusals(self, language: str) -> Mapping[str, str]:
        """The game's own sentences for its engine's refusal codes (the shared ones
        are ``bot.presenters.reasons``)."""
        return {}


class Presenter(Generic[S]):
    """The table as the group sees it, and what is said of it."""

    def render_table(self, game: GameRecord, state: S, table: TableView) -> Rendered:
        raise NotImplementedError

    def option_rows(self, game: GameRecord, language: str, buttons: Buttons) -> Keyboard:
        """Lobby buttons for the table's options (verb ``o``, argument: the option)."""
        return []

    def table_pick_keyboard(
        self, game: GameRecord, state: S, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard | None:  # fmt: skip
        """The second choice drawn on the group table (a player who cannot be
        messaged): it must not depend on the hand."""
        return None  # nothing to pick on the group table

    def refusal(
        self, game: GameRecord, state: S, seat: int | None, reason: str, language: str
    ) -> str | None:
        """The game's own sentence for a refused press by ``seat`` (None: the presser
        has no seat, reason ``outsider``); None: the shared one."""
        return None

    def hint(self, game: GameRecord, state: S, seat: int, language: str) -> str | None:
        """The hint button's alert; None: the button shows or hides the table's hints."""
        return None

    def summary(self, game: GameRecord, state: S, language: str) -> str:
        """The message posted after a save that settled a round."""
        return ""

    def move_words(self, game: GameRecord, state: S, seat: int, code: str, language: str) -> str:
        """The move ``code`` (an encoded action) ``seat`` just made, as the table says
        it after "the computer played for …" ("d3", "Ask Bob for 2s"); empty: unsaid."""
        return ""

    def ending(self, game: GameRecord, state: S, language: str) -> str:
        """How a game that is over ended, as its hands show it (the result and the
        standings); empty while it runs, or for a game whose hands say it themselves."""
        return ""

    def result_text(self, game: GameRecord, state: S, language: str) -> str:
        """An ended game's result as its table says it (HTML): an inline table's rematch
        lobby, drawn on the same message, keeps it; "" for none."""
        return ""

    def record(self, game: GameRecord, state: S, language: str) -> Record | None:
        """A finished game's record in the players' notation, and its picture
        (``/record``); None: the game keeps none."""
        return None


class HandPresenter(Generic[S]):
    """A hidden hand as its owner sees it: only a game with hidden hands has one."""

    def render_hand(
        self, game: GameRecord, state: S, seat: int, language: str, buttons: Buttons
    ) -> Rendered | None:
        raise NotImplementedError

    def hand_alert(self, game: GameRecord, state: S, seat: int, language: str) -> str:
        """The hand as plain text (the "My hand" alert, the inline hand)."""
        raise NotImplementedError

    def pick_keyboard(
        self, game: GameRecord, state: S, seat: int, choice: str, language: str,
        buttons: Buttons,
    ) -> Keyboard | None:  # fmt: skip
        return None

    def pick_text(
        self, game: GameRecord, state: S, seat: int, choice: str, language: str
    ) -> str | None:
        """The private hand's text while ``pick_keyboard``'s second choice is shown
        (None: the text stays as it is)."""
        return None

    def inline_moves(
        self, game: GameRecord, state: S, seat: int, language: str, public_language: str
    ) -> list[InlineMove]:
        """The moves ``seat`` may make now, as inline results (none: the hand is
        shown alone)."""
        return []

    def app_view(self, game: GameRecord, state: S, seat: int | None, language: str) -> AppView:
        """What the hand app draws as cards (``bot.webapp``): the public table, and
        ``seat``'s own hand (None: someone not seated); nothing: the app shows the
        table's words and the moves alone."""
        return AppView()
