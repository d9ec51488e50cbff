"""Replies that matter to one person only, kept out of the group.

A press has an alert for that. A command has none (Telegram offers no reply
only one member of a group sees), so the answer to a command that concerns only
the person who sent it (a refusal, "no game here", a setting they asked about)
goes to their private chat with the bot, saying which group it is about. Someone
the bot cannot message there (they never pressed Start, or blocked the bot)
gets the reply in the group, as a reply to their command: that is the only
place Telegram lets the bot answer them.
"""

from __future__ import annotations

from telegram import Message, User
from telegram.constants import ChatType

from bot.i18n import tr
from bot.language import user_language
from bot.messaging import reply
from bot.people import topic_of
from bot.services import Services
from bot.ui import Rendered, escape
from storage import chats


async def tell_person(
    svc: Services, message: Message, user: User, text: str, reply_to: int | None = None
) -> None:
    """``text`` (in the person's own language) for ``user`` about ``message``'s chat;
    where it stays in that chat, it replies to ``reply_to`` (else their command)."""
    chat = message.chat
    if chat.type == ChatType.PRIVATE:
        reply(svc, chat.id, Rendered(text), topic_of(message), reply_to=reply_to)
        return
    person = await chats.get_user(svc.db, user.id)
    if person is not None and person.can_message and user.id != chat.id:
        language = await user_language(svc.db, user)
        where = escape(chat.title or "")
        reply(svc, user.id, Rendered(tr(language, "In {chat}: {text}", chat=where, text=text)))
        return
    reply(svc, chat.id, Rendered(text), topic_of(message), reply_to=reply_to or message.message_id)
