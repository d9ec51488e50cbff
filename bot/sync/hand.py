"""The hand side of the reconciler: what a marked private hand must show now.

A hand is drawn from its owner's seat, in the reader's language, while the game
runs, and once more when it ends (finished or stopped): the final state, without
buttons, so no old hand keeps live-looking moves. A person who left their seat
(a Durak player who resigned: the computer holds those cards now) is shown that,
without the cards. A game that is over posts no new hand, and a game set aside as
unreadable draws none.
"""

from __future__ import annotations

from typing import Any

from bot.adapter import GameAdapter, seat_of_user, state_of
from bot.i18n import tr
from bot.presenters.hands import reader_language
from bot.presenters.lobby_view import hand_place
from bot.sync.delivery import Desired
from bot.ui import Buttons, Rendered, escape
from storage import chats
from storage.db import Database
from storage.records import GameRecord


async def desired_hand(
    db: Database, adapter: GameAdapter[Any], game: GameRecord, user_id: int
) -> Desired | None:
    known = game.hand_messages.get(str(user_id), {})
    hands = adapter.hand
    if game.state is None or hands is None or game.meta.broken:
        return None
    if not game.active and known.get("id") is None:
        return None  # over before this hand was ever shown: nothing to post
    person = await chats.get_user(db, user_id)
    if person is None or not person.can_message:
        return None
    language = await reader_language(db, user_id)
    seat = seat_of_user(game, user_id)
    if seat is not None:
        buttons = Buttons(game.id, game.version)
        hand = hands.render_hand(game, state_of(adapter, game), seat, language, buttons)
    elif known.get("id") is not None:
        hand = left_seat(adapter, game, language)
    else:
        return None
    if hand is None:
        return None
    same = known.get("digest") == hand.digest and known.get("id") is not None
    return Desired(hand, known.get("id"), game.version, unchanged=same)


def left_seat(adapter: GameAdapter[Any], game: GameRecord, language: str) -> Rendered:
    """The hand message of someone whose seat the computer took (they resigned); once
    the game is over, how it ended (the final standings), as every other hand shows."""
    chat = hand_place(game, -1, language)
    title = f"<b>{escape(adapter.texts.title(language))}</b>" + (f" · {chat}" if chat else "")
    said = tr(language, "You resigned.")
    if game.active:
        said += " " + tr(language, "The computer plays your cards to the end.")
    ending = (
        "" if game.active else adapter.presenter.ending(game, state_of(adapter, game), language)
    )
    return Rendered(f"{title}\n🏳️ {said}" + (f"\n{ending}" if ending else ""), [])
