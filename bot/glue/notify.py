"""``/notify``: a private message when a new game opens in a group.

``/notify`` in a group turns it on for the sender, ``/notify`` again turns it
off (``storage.notices``); the answer goes to their private chat
(``bot.personal``). Someone the bot cannot message privately yet is told, in the
group, to press Start in a private chat first. When a new game's table is first
posted in the group (``GameReconciler.shown``), every other person who asked
gets a notice (an outbox mark, ``bot.marks.notice``) naming the game and
the group, with a button that opens the table (a supergroup's message link;
basic groups have no message links, so the notice has no button there).

A few an hour at most (``bot.sync.announce``): a group announces at most three
new games an hour, a person gets at most three notices an hour from all their
groups. Before each notice Telegram is asked whether the person is still a member
of the group (``getChatMember``); someone who left or was removed gets nothing,
and their subscription there ends.
"""

from __future__ import annotations

from telegram.constants import ChatType

from bot.command import Command
from bot.i18n import tr
from bot.language import person_language
from bot.messaging import reply
from bot.people import topic_of
from bot.personal import tell_person
from bot.ui import Rendered
from storage import chats, notices


async def notify_command(cmd: Command) -> None:
    message, user = cmd.message, cmd.user
    svc = cmd.svc
    language = await person_language(svc.db, message, user)
    chat = message.chat
    if chat.type == ChatType.PRIVATE:
        text = tr(language, "Send /notify in a group: I will tell you here when a new game "
                  "opens there.")  # fmt: skip
        reply(svc, chat.id, Rendered(text))
        return
    if message.sender_chat is not None:  # an anonymous admin or a channel: nobody to tell
        text = tr(language, "Write as yourself to get notices of new games here.")
        reply(svc, chat.id, Rendered(text), topic_of(message), reply_to=message.message_id)
        return
    person = await chats.get_user(svc.db, user.id)
    if person is None or not person.can_message:
        text = tr(language, "I cannot message you yet: open a private chat with me, press "
                  "Start, then send /notify here again.")  # fmt: skip
        reply(svc, chat.id, Rendered(text), topic_of(message), reply_to=message.message_id)
        return
    if await notices.toggle(svc.db, chat.id, user.id, chat.title or ""):
        text = tr(language, "You will get a private message when a new game opens here.")
    else:
        text = tr(language, "No more private messages about new games here.")
    await tell_person(svc, message, user, text)
