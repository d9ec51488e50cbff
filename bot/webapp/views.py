"""What the hand app shows one person of one game, as JSON: their hand (a seated
player only), the public table, and the moves their seat may make now.

The shape is the same for every game with hidden hands; what differs is one small hook
of the game's hand presenter (``HandPresenter.app_view``, in ``bot/games/<kind>/app.py``):
the public piles and counts drawn as cards, and the seat's own hand. The moves are the
ones the inline hands offer (``HandPresenter.inline_moves``: argument, words in the
reader's language, and the hand's cards each plays, so a tap on a card chooses), plus
what a game keeps on its table's buttons (Durak's ✋ Done), from the hook.

Nothing hidden leaves here: the hand is the engine's view for the person's own seat
(``engine.view(state, seat)``), everything else the public view (``seat=None``); a
spectator gets no hand and no move.
"""

from __future__ import annotations

from typing import Any

from bot.adapter import GameAdapter, seat_of_user, seats_of, state_of
from bot.game_types import AppView
from bot.i18n import ntr, tr
from bot.presenters.app_cards import plain
from bot.presenters.lobby_view import seat_labels
from bot.roles import TableView
from bot.ui import Buttons
from storage.records import GameRecord, Status


def game_view(
    adapter: GameAdapter[Any], game: GameRecord, user_id: int, language: str, public: str
) -> dict[str, Any]:
    """The JSON the app draws for ``user_id`` (seated or not) at ``game``'s version."""
    seat = seat_of_user(game, user_id)
    names = [plain(name) for name in seat_labels(seats_of(game), language)]
    shown: dict[str, Any] = {
        "version": game.version,
        "status": game.status.value,
        "title": adapter.texts.title(language),
        "seat": seat,
        "names": names,
        "hand": [],
        "moves": [],
        "piles": [],
        "facts": [],
        "counts": [],
        "counted": [],
        "to_move": [],
        "labels": labels(language),
    }
    if game.state is None:  # a lobby: nothing dealt yet
        return shown
    state = state_of(adapter, game)
    engine = adapter.engine
    running = game.status is Status.RUNNING
    shown["to_move"] = sorted(engine.to_move(state)) if running else []
    drawn = TableView(language, Buttons(game.id, game.version))
    table = adapter.presenter.render_table(game, state, drawn)
    shown["table_text"] = plain(table.text)
    seen = AppView() if adapter.hand is None else adapter.hand.app_view(game, state, seat, language)
    counted = [ntr(language, "{n} card", "{n} cards", n) for n in seen.counts]
    shown.update(piles=seen.piles, facts=seen.facts, counts=seen.counts, counted=counted)
    if seat is None:
        return shown
    shown["hand"] = seen.hand
    if running and adapter.hand is not None:
        moves = adapter.hand.inline_moves(game, state, seat, language, public)
        shown["moves"] = [
            {"argument": m.argument, "title": plain(m.title),
             "description": plain(m.description), "cards": list(m.cards)}
            for m in moves
        ] + [{"argument": argument, "title": title, "description": "", "cards": []}
             for argument, title in seen.extra_moves]  # fmt: skip
    return shown


def labels(language: str) -> dict[str, str]:
    """The app's own words, in the reader's language."""
    return {
        "hand": tr(language, "Your hand"),
        "table": tr(language, "Table"),
        "moves": tr(language, "Your moves"),
        "no_moves": tr(language, "Nothing to do now: waiting for the others."),
        "watching": tr(language, "You are not playing in this game: this is the public table."),
        "your_turn": tr(language, "Your turn"),
        "over": tr(language, "The game is over."),
        "refused": tr(language, "Not played"),
        "choose": tr(language, "That card makes several moves: choose one below."),
        "words": tr(language, "The table as the group sees it"),
        "lang": language,
    }
