"""Whether a person is still a member of a group, as Telegram says (``getChatMember``).

A ``/notify`` notice goes only to someone Telegram still counts as a member: not
"left", not "kicked", and not "restricted" with ``is_member`` false (a restricted
person who left). Telegram's "user not found" means the same: no such member.

Any other failure is no answer about the person: the bot is no longer in the
group, the group moved, or Telegram was not reached (a network error, a time-out,
a 5xx, flood control). Then the notice is not sent (``None``), and the
subscription stays for the next game: the bot never sends a notice it could not
check, and one missed notice is better than a private message to someone who left.
"""

from __future__ import annotations

import logging

from telegram import Bot, ChatMemberRestricted
from telegram.constants import ChatMemberStatus
from telegram.error import BadRequest, TelegramError

log = logging.getLogger(__name__)
GONE = frozenset({ChatMemberStatus.LEFT, ChatMemberStatus.BANNED})
NO_SUCH_USER = "user not found"


async def is_member(bot: Bot, chat_id: int, user_id: int) -> bool | None:
    """True: a member; False: gone; None: Telegram gave no answer about them."""
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except BadRequest as error:  # before TelegramError: a BadRequest is a NetworkError too
        if NO_SUCH_USER in error.message.lower():
            return False
        _no_answer(chat_id, error)
        return None
    except TelegramError as error:
        _no_answer(chat_id, error)
        return None
    if member.status in GONE:
        return False
    return not (isinstance(member, ChatMemberRestricted) and not member.is_member)


def _no_answer(chat_id: int, error: TelegramError) -> None:
    log.warning("cannot tell whether a subscriber is in the group (%s): no notice", error,
                extra={"chat_id": chat_id})  # fmt: skip
