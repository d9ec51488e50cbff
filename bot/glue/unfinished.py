"""Updates whose handling failed for a reason that may pass, and are not acknowledged.

python-telegram-bot hands a handler's exception to the error handlers and goes on as
if the update was handled. An update whose handler failed on the database (a
connection lost, a server restarting, a lock time-out) or on the network is
*unfinished*: its effect is not durable, so it must not be acknowledged. The error
handler records it here; the update processor (``bot.glue.processor``) tries it again
in this process with growing pauses, and the webhook answers 503 for one still
unfinished, so Telegram delivers it again. An update applied before the failure (its
save committed, the answer to Telegram failed) is recognised by its processed update
id and not applied twice.

A failure that will not pass (a bug, a constraint the data breaks, Telegram refusing
a request as malformed) is logged and the update is acknowledged: delivering it again
would fail the same way.
"""

from __future__ import annotations

from telegram import Update

from bot.transient import transient


def update_id(update: object) -> int | None:
    return update.update_id if isinstance(update, Update) else None


class Unfinished:
    """The updates of this process whose last try failed for a reason that may pass
    (by update id, with the error)."""

    def __init__(self) -> None:
        self._failed: dict[int, BaseException] = {}

    def record(self, update: object, error: BaseException) -> bool:
        """Remember ``update`` as unfinished when ``error`` may pass; whether it was."""
        number = update_id(update)
        if number is None or not transient(error):
            return False
        self._failed[number] = error
        return True

    def take(self, update: object) -> BaseException | None:
        """The error of the update's last try, if it failed for a reason that may
        pass (and forget it: the caller tries again or refuses the update)."""
        number = update_id(update)
        return None if number is None else self._failed.pop(number, None)
