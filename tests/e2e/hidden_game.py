"""A sixth game with hidden hands, declared from the test suite alone: High Card. Two to
four players are dealt three cards each; in turn each plays a card face up, the highest
rank takes the trick (the first played among equals) and leads the next; after three
tricks the most tricks wins (a tie shares the win). Each hand is its player's alone:
by direct message, by "🃏 My cards", never on the table.

Its declaration, engine and adapter are all it takes: no module of the bot is edited
for it (``build_application(adapters=...)`` is given it)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from bot.adapter import GameAdapter, TableRules, seats_of
from bot.buttons import Verb
from bot.game_types import InlineMove
from bot.presenters.lobby_view import my_cards_button
from bot.roles import HandPresenter, Presenter, T, TableView, Texts
from bot.ui import Buttons, Keyboard, Rendered, escape
from games.base import Declaration, IllegalAction, Options, Outcome
from games.cards import Card, cards_from_codes, cards_to_codes, compact, french_deck, parse_card
from storage.records import GameRecord, Status

HAND = 3
DECLARATION = Declaration("highcard", 2, 4, hidden_hands=True, computer_levels=("normal",))


@dataclass(frozen=True)
class Deal:
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[int, Card], ...]  # (seat, card) played to the trick so far
    won: tuple[int, ...]  # tricks taken by each seat
    turn: int
    last: tuple[tuple[int, Card], ...] = ()  # the last whole trick

    @property
    def over(self) -> bool:
        return not self.trick and not any(self.hands)


@dataclass(frozen=True)
class Play:
    card: Card


@dataclass(frozen=True)
class View:
    """What a seat sees: its own hand only (``seat`` None: the table, no hand)."""

    seat: int | None
    hand: tuple[Card, ...]
    sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    won: tuple[int, ...]
    turn: int
    last: tuple[tuple[int, Card], ...]
    over: bool


class HighCardEngine:
    declaration = DECLARATION
    kind = DECLARATION.kind
    min_seats = DECLARATION.min_seats
    max_seats = DECLARATION.max_seats

    def new_game(self, seats: int, options: Options, rng: random.Random) -> Deal:
        deck = french_deck()
        rng.shuffle(deck)
        hands = tuple(tuple(sorted(deck[i * HAND : (i + 1) * HAND])) for i in range(seats))
        return Deal(hands, (), (0,) * seats, 0)

    def legal_actions(self, state: Deal, seat: int) -> tuple[Play, ...]:
        if state.over or seat != state.turn:
            return ()
        return tuple(Play(card) for card in state.hands[seat])

    def apply(self, state: Deal, seat: int, action: Play) -> tuple[Deal, list[Any]]:
        if state.over:
            raise IllegalAction("game_over")
        if seat != state.turn:
            raise IllegalAction("not_your_turn")
        if action.card not in state.hands[seat]:
            raise IllegalAction("not_legal")
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != action.card)
        trick = (*state.trick, (seat, action.card))
        after = replace(state, hands=tuple(hands), trick=trick)
        if len(trick) < len(hands):
            return replace(after, turn=(seat + 1) % len(hands)), []
        best = max(card.rank for _, card in trick)
        taker = next(s for s, card in trick if card.rank == best)
        won = tuple(n + (s == taker) for s, n in enumerate(state.won))
        return replace(after, trick=(), won=won, turn=taker, last=trick), []

    def to_move(self, state: Deal) -> frozenset[int]:
        return frozenset() if state.over else frozenset({state.turn})

    def view(self, state: Deal, seat: int | None) -> View:
        hand = state.hands[seat] if seat is not None else ()
        sizes = tuple(len(h) for h in state.hands)
        return View(seat, hand, sizes, state.trick, state.won, state.turn, state.last, state.over)

    def outcome(self, state: Deal) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.won)
        winners = tuple(s for s, n in enumerate(state.won) if n == best)
        losers = tuple(s for s in range(len(state.won)) if s not in winners)
        return Outcome(winners, losers, state.won, draw=len(winners) > 1)

    def to_dict(self, state: Deal) -> dict[str, Any]:
        return {
            "schema": 1,
            "hands": [cards_to_codes(h) for h in state.hands],
            "trick": [[s, c.code] for s, c in state.trick],
            "won": list(state.won),
            "turn": state.turn,
            "last": [[s, c.code] for s, c in state.last],
        }

    def from_dict(self, data: dict[str, Any]) -> Deal:
        return Deal(
            tuple(tuple(cards_from_codes(h)) for h in data["hands"]),
            tuple((int(s), parse_card(c)) for s, c in data["trick"]),
            tuple(int(n) for n in data["won"]),
            int(data["turn"]),
            tuple((int(s), parse_card(c)) for s, c in data["last"]),
        )

    def encode_action(self, action: Play) -> str:
        return action.card.code

    def decode_action(self, text: str) -> Play:
        try:
            return Play(parse_card(text))
        except ValueError:
            raise IllegalAction("not_legal") from None

    def choose(self, view: View, legal: tuple[Play, ...], rng: random.Random, level: str) -> Play:
        return max(legal, key=lambda play: play.card.rank)  # from its own hand alone


ENGINE = HighCardEngine()


def _trick(trick: tuple[tuple[int, Card], ...], names: list[str]) -> str:
    return " · ".join(f"{names[s]} {card}" for s, card in trick)


class HighCardTexts(Texts):
    def title(self, language: str) -> str:
        return "High Card"

    def rules(self, language: str) -> list[str]:
        return ["<b>High Card</b> — play a card in turn; the highest takes the trick."]

    def rules_line(self, language: str) -> str:
        return "/highcard — the highest card takes the trick"

    def menu_line(self, language: str) -> str:
        return "Play High Card"

    def computer_button(self, language: str, level: str) -> str:
        return "🤖 Add computer"


class HighCardTable(TableRules[Deal]):
    def rematch_seats(self, seats: list[T]) -> list[T]:
        return list(reversed(seats))


class HighCardPresenter(Presenter[Deal]):
    """The table shows the tricks and whose turn."""

    def render_table(self, game: GameRecord, state: Deal, table: TableView) -> Rendered:
        names = [escape(seat.name or "🤖") for seat in seats_of(game)]
        view = ENGINE.view(state, None)
        lines = ["<b>High Card</b>"]
        lines += [
            f"{name}: {view.won[s]} tricks, {view.sizes[s]} cards" for s, name in enumerate(names)
        ]
        if view.last:
            lines.append(f"Last trick: {_trick(view.last, names)}")
        if view.trick:
            lines.append(f"On the table: {_trick(view.trick, names)}")
        outcome = ENGINE.outcome(state)
        if outcome is not None:
            lines.append("🏆 " + " and ".join(names[s] for s in outcome.winners) + " win.")
            return Rendered("\n".join(lines), [])
        lines.append(f"Turn: {names[view.turn]}")
        keyboard: Keyboard = []
        if game.status is Status.RUNNING:
            keyboard = [
                [table.buttons.button("🃏 My hand", Verb.MY_HAND)],
                [my_cards_button(table.language, game.id)],
            ]
        return Rendered("\n".join(lines), keyboard)


class HighCardHand(HandPresenter[Deal]):
    """Each hand (by direct message or "🃏 My cards"): a button per card."""

    def render_hand(
        self, game: GameRecord, state: Deal, seat: int, language: str, buttons: Buttons
    ) -> Rendered:
        view = ENGINE.view(state, seat)
        text = f"<b>High Card</b>\nYour hand: {compact(view.hand) or '—'}"
        if ENGINE.outcome(state) is not None or game.status is not Status.RUNNING:
            return Rendered(text + "\nThe game is over.", [])
        playable = [p.card for p in ENGINE.legal_actions(state, seat)]
        row = [buttons.button(str(card), Verb.MOVE, card.code) for card in playable]
        return Rendered(text, [row] if row else [])

    def hand_alert(self, game: GameRecord, state: Deal, seat: int, language: str) -> str:
        return f"Your hand: {compact(ENGINE.view(state, seat).hand) or '—'}"

    def inline_moves(
        self, game: GameRecord, state: Deal, seat: int, language: str, public_language: str
    ) -> list[InlineMove]:
        return [
            InlineMove(
                p.card.code, f"Play {p.card}", "The highest card takes the trick", str(p.card)
            )
            for p in ENGINE.legal_actions(state, seat)
        ]


HIGH_CARD = GameAdapter(
    HighCardTable(DECLARATION, ENGINE, strict_versions=True),
    HighCardPresenter(),
    HighCardTexts(DECLARATION),
    HighCardHand(),
)
TEST_GAMES = (HIGH_CARD,)  # what the test suite registers beside the bot's games
