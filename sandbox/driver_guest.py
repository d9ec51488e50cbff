"""The driver's guest mode (Bot API 10.0): people mentioning ``@bot`` in chats it is
not in, and the messages it posts there as a guest. Mixed into
:class:`sandbox.driver.StandIn`::

    tg.set_guest_mode(True)        # BotFather's guest mode (off, as in Telegram)
    posted = await tg.mention_bot(alice, group, "reversi")   # "@tablebot reversi"
    posted.sender is tg.bot; posted.inline_message_id; posted.guest_caller is alice
    message = await tg.send_text(alice, bob, "@tablebot hi")  # any message may summon
    query = tg.guest_query(message)             # None: no query (off, or bot is a member)
    posted = await tg.wait_guest_answer(query, timeout=10)
"""

from __future__ import annotations

from sandbox import people
from sandbox.driver_view import Target, WorldView
from sandbox.guest_model import GuestQuery
from sandbox.model import Message, User


class GuestDriver(WorldView):
    """Guest mode for tests: every wait is bounded and says what it waited for."""

    def set_guest_mode(self, enabled: bool = True) -> None:
        """BotFather's guest mode: without it a mention of the bot is only text."""
        self.world.guest.enabled = enabled
        self.world.notify("bot", detail="guest mode")

    def guest_query(self, message: Message) -> GuestQuery | None:
        """The guest query ``message`` opened, if it opened one."""
        found = [q for q in self.world.guest.queries.values() if q.message is message]
        return found[0] if found else None

    async def wait_guest_answer(self, query: GuestQuery, timeout: float = 10) -> Message:
        """The message the bot posted in answer (answerGuestQuery)."""

        def describe() -> str:
            return (
                f"the bot to answer guest query {query.id} ({query.user.first_name} wrote "
                f"{query.message.text!r} in chat {query.chat.id}){self._recent_calls()}"
            )

        return await self.signal.wait_until(lambda: query.answer, timeout, describe)

    async def mention_bot(
        self, user: User, chat: Target, text: str = "", *, timeout: float = 10
    ) -> Message:
        """``user`` writes ``@bot text`` in ``chat`` (a chat the bot is not in; a User:
        their private chat with that person) and the bot answers: the posted message."""
        if isinstance(chat, User) and chat.id != user.id:
            chat = self.world.add_private_chat(user, chat)
        message = people.send_text(self.world, user, chat, f"@{self.bot.username} {text}".strip())
        query = self.guest_query(message)
        if query is None:
            raise ValueError(
                f"{message.text!r} opened no guest query: guest mode is "
                f"{'on' if self.world.guest.enabled else 'off (tg.set_guest_mode(True))'}, "
                f"and the bot must not be a member of chat {message.chat.id}"
            )
        return await self.wait_guest_answer(query, timeout)
