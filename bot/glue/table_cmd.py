"""``/table``: the live table posted again at the bottom of the chat.

Command replies and other people's messages push a table off screen; ``/table``
brings it back: the sender posts the table as a new message and retires the old
one (deleted, or "moved below" without buttons when Telegram will not delete it:
``bot.sync.retire``), within the chat's budget like every other message. Several
``/table`` before the sender gets to it make one new table. The old message's
buttons stop counting: a press there gets "This table (board) has changed". A
table not posted yet (Telegram holds the group back, or it moved to a supergroup)
is on its way to the bottom already: nothing more to do, nothing to say.
"""

from __future__ import annotations

from bot.command import Command
from bot.i18n import tr
from bot.language import person_language
from bot.people import topic_of
from bot.personal import tell_person
from storage import display, gamestore
from storage.outbox import TABLE, Mark


async def table_command(cmd: Command) -> None:
    message, user = cmd.message, cmd.user
    svc = cmd.svc
    game = await gamestore.active_game(svc.db, message.chat.id, topic_of(message))
    if game is None:
        language = await person_language(svc.db, message, user)
        await tell_person(svc, message, user, tr(language, "No game is running here."))
        return
    if game.table_message_id is None:  # its first post waits for Telegram: it comes below
        svc.wake_chats({game.chat_id})
        return
    marks = [Mark(game.id, TABLE, game.chat_id, game.version)]
    await display.set_repost(svc.db, game.id, True, marks)  # posted below, the old one goes
    svc.wake_chats({game.chat_id})
