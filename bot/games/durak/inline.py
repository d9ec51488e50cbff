"""Durak moves as inline results: each move the reader's hand may make now (attack or
throw in, beat, pass on, take). Choosing one posts the move and no more (the post is
the chooser's own message, so it does not name them): the card played face up, or
the word said. ✋ Done is not among them: it says nothing the table does not show, so
it is a press on the table (``bot.games.durak.presenter``), which posts nothing."""

from __future__ import annotations

import html

from bot.adapter import seats_of
from bot.game_types import InlineMove
from bot.i18n import tr
from bot.presenters.cards_text import card_text
from bot.presenters.lobby_view import seat_labels
from games.durak import ENGINE, Action, Attack, Beat, Done, DurakState, DurakView, Take, Transfer
from storage.records import GameRecord, Status


def durak_moves(
    game: GameRecord, state: DurakState, seat: int, language: str, public_language: str
) -> list[InlineMove]:
    """The hand's legal moves now (none once the game is over)."""
    view = ENGINE.view(state, seat)
    if game.status is not Status.RUNNING or view.finished:
        return []
    defender = html.unescape(seat_labels(seats_of(game), language)[view.defender])
    moves = []
    for action in view.legal:
        if isinstance(action, Done):
            continue
        title, description = _words(view, action, language, defender)
        public = _public(view, action, public_language)
        cards = (action.card.code,) if isinstance(action, (Attack, Beat, Transfer)) else ()
        moves.append(InlineMove(ENGINE.encode_action(action), title, description, public, cards))
    return moves


def _words(view: DurakView, action: Action, language: str, defender: str) -> tuple[str, str]:
    """The result's title and description, in the reader's language."""
    if isinstance(action, Attack):
        card = card_text(language, action.card)
        if not view.table:
            return (tr(language, "Play {card}", card=card),
                    tr(language, "Your attack on {name}.", name=defender))  # fmt: skip
        return tr(language, "Play {card}", card=card), tr(language, "Throw it in.")
    if isinstance(action, Beat):
        attack = card_text(language, view.table[action.index][0])
        card = card_text(language, action.card)
        return (tr(language, "{card} on {attack}", card=card, attack=attack),
                tr(language, "Beat {attack} with {card}.", attack=attack, card=card))  # fmt: skip
    if isinstance(action, Transfer):
        card = card_text(language, action.card)
        return ("↪️ " + tr(language, "Pass on with {card}", card=card),
                tr(language, "The attack goes on to the next player."))  # fmt: skip
    if isinstance(action, Take):
        return "🫳 " + tr(language, "Take"), tr(language, "You take the cards on the table.")
    return "✋ " + tr(language, "Done"), tr(language, "You have nothing more to add.")


def _public(view: DurakView, action: Action, language: str) -> str:
    """What the group reads, from the chooser: the card now face up, or the word said."""
    if isinstance(action, Attack):
        return card_text(language, action.card)
    if isinstance(action, Beat):
        return tr(language, "{card} on {attack}", card=card_text(language, action.card),
                  attack=card_text(language, view.table[action.index][0]))  # fmt: skip
    if isinstance(action, Transfer):
        return "↪️ " + card_text(language, action.card)
    assert isinstance(action, Take)
    return "🫳 " + tr(language, "Take")


def said_for(
    adapter: object, game: GameRecord, state: DurakState, seat: int, code: str, language: str
) -> str:
    """A move as the table says the computer made it for a late player (the Durak
    adapter's ``move_words``; ``state`` is after it: a card beaten is still on the table,
    unless the bout closed)."""
    action = ENGINE.decode_action(code)
    if isinstance(action, Beat):
        pair = state.table[action.index] if action.index < len(state.table) else None
        if pair is not None and pair[1] == action.card:
            return tr(language, "{card} on {attack}", card=card_text(language, action.card),
                      attack=card_text(language, pair[0]))  # fmt: skip
        return card_text(language, action.card)
    if isinstance(action, Done):
        return "✋ " + tr(language, "Done")
    view = ENGINE.view(state, None)
    return _public(view, action, language)
