"""An inline table's offer posted in a group the bot is in: the group's own table instead.

``@tablebot reversi`` typed in a group and chosen posts the offer's message there "via"
the bot, and (with inline feedback) the bot is told it was chosen, which opens an inline
table on that message (``bot.pipeline.inline_table``). In a group the bot is in, that
would be a second game beside the group's own, in the opener's language, out of reach
of ``/stop``, ``/table`` and the group's ``/stats``. There the bot also gets the message
itself (Telegram delivers messages sent via the bot even in privacy mode): so it opens
the group's own table as ``/reversi`` from the opener would (a lobby, or the answer
that a game is running here), and the offer's message shows, in the group's language,
that the group plays at its own table.

The two updates come in either order. Their one link is the offer's number (in a
group's offer: ``bot.buttons.TableOffer``), which also names the inline table's chat
(``storage.records.offer_chat``), and both are handled in turn under that number
(``bot.glue.processor.order_key``):

- told of the choice first: the inline lobby is open; nobody has pressed on it yet, so
  it is closed now (``meta.group``), and redrawn as the pointer;
- the message first: a closed record of the offer's table is left in that chat, which
  the choice then finds and draws on its message instead of opening a table.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from telegram import Message
from telegram.constants import ChatType

from bot.adapter import Seat, set_seats
from bot.buttons import TableOffer
from bot.command import Command, CommandAction, StopAction
from bot.language import reply_language
from bot.pipeline.lobby import open_game
from bot.pipeline.save import create, save
from storage import gamestore
from storage.meta import GameMeta
from storage.records import GameRecord, Status, offer_chat

log = logging.getLogger(__name__)


def posted_offer(message: Message, bot_id: int) -> TableOffer | None:
    """The offer a group's message sent via this bot carries (its placeholder button)."""
    if message.via_bot is None or message.via_bot.id != bot_id:
        return None
    if message.chat.type not in (ChatType.GROUP, ChatType.SUPERGROUP):
        return None
    rows = message.reply_markup.inline_keyboard if message.reply_markup else ()
    return next((TableOffer.parsed(b.callback_data) for row in rows for b in row), None)


def offer_posted(
    opens: Mapping[str, CommandAction], stops: Mapping[str, StopAction]
) -> CommandAction:
    """The offer's table closed (or left closed), then the group's own table: a game's
    own opening and stop where it has them (``bot.glue.registry``), else the lobby's."""

    async def posted(cmd: Command) -> None:
        offer = posted_offer(cmd.message, cmd.bot.id)
        if offer is None or offer.kind not in cmd.svc.adapters:
            return
        if offer.offer is not None:
            await _close_offer(cmd, offer.offer, offer.kind, stops)
        own = opens.get(offer.kind)
        await (own(cmd) if own is not None else open_game(cmd, offer.kind))

    return posted


async def _close_offer(
    cmd: Command, offer: int, kind: str, stops: Mapping[str, StopAction]
) -> None:
    svc, user, group = cmd.svc, cmd.user, cmd.chat.id
    language = await reply_language(svc.db, group, user)
    game = await gamestore.recent_game(svc.db, offer_chat(offer))
    if game is None:  # chosen, but the bot has not heard so yet: it finds this
        meta = GameMeta(lang=language, group=group)
        closed = GameRecord(offer_chat(offer), kind, user.id, status=Status.STOPPED, meta=meta)
        set_seats(closed, [Seat(user.first_name, user.id)])
        await create(svc, svc.adapters[kind], closed)
        return
    if not game.active or game.meta.group is not None:
        return  # closed already (this message delivered again)
    if game.version != 0:  # people pressed on it already: it is theirs now
        log.info("an offer's table in a group is played", extra={"game_id": game.id})
        return
    game.meta.group, game.meta.lang = group, language
    adapter = svc.adapters[game.kind]
    own = stops.get(game.kind)
    if own is not None:  # its own way (Blackjack plays the dealt round out)
        await own(cmd, game, language)
        return
    game.status, game.meta.stopped_by = Status.STOPPED, user.first_name
    await save(svc, adapter, game)
