"""A person's private hands drawn now in their private chat, outside any move: the
hand button's ``/start hand_<game>``, and a plain ``/start`` from someone who plays
(they can be written to from now on; else the hand would come with the next move,
and a turn reminder before that would point at a hand not there)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.adapter import dealt, seat_of_user
from bot.buttons import ForgedCallback, from36
from bot.services import Services
from storage import gamestore, outbox
from storage.outbox import Mark
from storage.records import GameRecord

HAND = "hand_"  # the hand button's: /start hand_<game> shows the hand in the private chat


async def show_hand(svc: Services, user_id: int, payload: str) -> bool:
    """``/start hand_<game>`` (the hand button, in the private chat just opened): the
    person's hand is drawn there now, as every private hand (``bot.sync.hand``); False
    when the payload is no such thing or they hold no hand there now."""
    try:
        game_id = from36(payload.removeprefix(HAND)) if payload.startswith(HAND) else None
    except ForgedCallback:
        game_id = None
    game = None if game_id is None else await gamestore.get_game(svc.db, game_id)
    return game is not None and await _draw(svc, user_id, [game])


async def show_hands(svc: Services, user_id: int) -> None:
    """A plain ``/start`` in the private chat: each hand the person holds in a running
    game is drawn there now."""
    await _draw(svc, user_id, await gamestore.running_games_naming(svc.db, user_id))


async def _draw(svc: Services, user_id: int, games: Iterable[GameRecord]) -> bool:
    """Mark the person's hand in each of ``games`` where they hold one; whether any."""
    marks = [Mark(game.id, user_id, user_id, game.version) for game in games
             if _holds_hand(svc, game, user_id)]  # fmt: skip
    if marks:
        await outbox.mark(svc.db, marks)
        svc.wake_chats({user_id})
    return bool(marks)


def _holds_hand(svc: Services, game: GameRecord, user_id: int) -> bool:
    adapter = svc.adapters.get(game.kind)
    seated = seat_of_user(game, user_id) is not None
    return adapter is not None and adapter.hand is not None and dealt(game) and seated
