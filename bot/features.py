"""What BotFather has turned on for this bot, as ``getMe`` says at start-up.

Without inline mode (/setinline: ``supports_inline_queries``) nothing the bot
offers through it can work: 🃏 My cards and 🎲 Challenge a friend are not drawn,
and the lobby says only how a private chat shows the cards. Guest mode
(``supports_guest_queries``) changes nothing the bot draws: without it a mention
in a chat the bot is not in never reaches the bot. What is off is said in one
line at start-up (``learn``, called where the command menu is set): a warning when
inline mode is off, else an info line (guest mode is off for a new bot).

One value per process: every bot a process runs talks to the same Telegram bot.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from telegram import User

log = logging.getLogger(__name__)


@dataclass
class Features:
    inline: bool = True  # supports_inline_queries
    guest: bool = True  # supports_guest_queries
    username: str = ""  # the bot's, for links to it
    web_app: str | None = None  # the hand app's short name (/newapp), with WEBAPP_URL set
    web_app_url: str | None = None  # WEBAPP_URL: the inline answers' button opens it


FEATURES = Features()


def learn(me: User) -> None:
    """Keep what ``getMe`` said (``me``) and warn, in one line, about what is off."""
    FEATURES.inline = bool(me.supports_inline_queries)
    FEATURES.guest = bool(me.supports_guest_queries)
    FEATURES.username = me.username or ""
    off = []
    if not FEATURES.inline:
        off.append(
            "inline mode (BotFather /setinline): 🃏 My cards, 🎲 Challenge a friend"
            " and @bot tables are not offered"
        )
    if not FEATURES.guest:
        off.append(
            "guest mode (BotFather: Bot Settings, Guest Mode): a mention in a chat"
            " the bot is not in does nothing"
        )
    if off:  # a warning when something offered cannot work; guest mode alone is a new
        # bot's default and changes nothing the bot draws: an info line
        level = logging.INFO if FEATURES.inline else logging.WARNING
        log.log(level, "getMe says %s is off: %s", me.username, "; ".join(off))
