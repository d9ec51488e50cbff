"""The driver's inline mode: people typing ``@bot query``, choosing results, pressing
buttons on messages sent via the bot; BotFather's inline settings; people's own chats.

:class:`InlineDriver` is mixed into :class:`sandbox.driver.StandIn`::

    tg.set_inline_mode(False)          # BotFather /setinline (on in the sandbox)
    tg.set_inline_feedback(True)       # /setinlinefeedback: chosen_inline_result (off)
    tg.set_chosen_first(True)          # chosen_inline_result before the message it posted
    dm = tg.add_private_chat(alice, bob)                 # the bot is not in it
    answer = await tg.inline_query(alice, group, "reversi", offset="", timeout=10)
    answer.results[0].title, answer.titles, answer.next_offset, answer.button
    message = await tg.choose_result(alice, answer, "r1")   # sent "via @bot"
    message.via_bot, message.inline_message_id            # the id only with a keyboard
    reply = await tg.press_inline(alice, message, "Join")  # callback_query without message
    answer = await tg.switch_inline(alice, message, "Play here", chat=None)
    query = await tg.switch_inline_nowait(alice, message, "Challenge", chat=group)
    sent = await tg.press_results_button(alice, answer)   # /start <parameter>, privately
    query = await tg.inline_query_nowait(alice, dm, "x"); await tg.wait_inline_answer(query)
    tg.inline_message(inline_message_id)
"""

from __future__ import annotations

from sandbox import inline, people
from sandbox.driver_view import Target, WorldView
from sandbox.inline_model import InlineAnswer, InlineQuery
from sandbox.model import CallbackAnswer, Chat, Message, User


class InlineDriver(WorldView):
    """Inline mode for tests: every wait is bounded and says what it waited for."""

    # --- settings and scene --------------------------------------------------------

    def set_inline_mode(self, enabled: bool = True) -> None:
        """BotFather's /setinline: without it ``@bot text`` is just text (no update)."""
        self.world.inline.enabled = enabled
        self.world.notify("bot", detail="inline")

    def set_inline_feedback(self, enabled: bool = True) -> None:
        """BotFather's /setinlinefeedback: a ``chosen_inline_result`` per chosen result."""
        self.world.inline.feedback = enabled
        self.world.notify("bot", detail="inline feedback")

    def set_chosen_first(self, first: bool = True) -> None:
        """A chosen result's chosen_inline_result before its message (in a chat the bot
        is in); Telegram promises neither order (the message first by default)."""
        self.world.inline.chosen_first = first

    def add_private_chat(self, first: User, second: User) -> Chat:
        """The private chat of two people (one for the pair; the bot is not in it)."""
        return self.world.add_private_chat(first, second)

    def inline_message(self, inline_message_id: str) -> Message:
        return self.world.inline.messages[inline_message_id]

    def _where(self, user: User, chat: Target) -> Chat:
        if isinstance(chat, User) and chat.id != user.id:
            return self.world.add_private_chat(user, chat)
        return self.chat(chat)

    # --- queries -------------------------------------------------------------------

    async def inline_query_nowait(
        self, user: User, chat: Target, text: str, *, offset: str = ""
    ) -> InlineQuery:
        """``user`` types ``@bot text`` in ``chat`` (a User: their chat with that person,
        or themselves: their chat with the bot); answered at once from the cache or sent."""
        return inline.start_query(self.world, user, self._where(user, chat), text, offset)

    async def wait_inline_answer(self, query: InlineQuery, timeout: float = 10) -> InlineAnswer:
        def describe() -> str:
            return (
                f"the bot to answer inline query {query.id} ({query.user.first_name} typed "
                f"{query.query!r} in chat {query.chat.id}){self._recent_calls()}"
            )

        return await self.signal.wait_until(lambda: query.answer, timeout, describe)

    async def inline_query(
        self, user: User, chat: Target, text: str, *, offset: str = "", timeout: float = 10
    ) -> InlineAnswer:
        """Type ``@bot text`` and wait for answerInlineQuery; the answer has ``.results``."""
        query = await self.inline_query_nowait(user, chat, text, offset=offset)
        return await self.wait_inline_answer(query, timeout)

    async def choose_result(
        self, user: User, answer: InlineAnswer | InlineQuery, result_id: str
    ) -> Message:
        """Tap result ``result_id`` of an answer shown to ``user``; returns the message
        posted in the query's chat via the bot."""
        query_id = answer.query_id if isinstance(answer, InlineAnswer) else answer.id
        query = self.world.inline.queries[query_id]
        return inline.choose_result(self.world, user, query, result_id)

    async def press_results_button(self, user: User, answer: InlineAnswer) -> Message:
        """Tap the answer's button (InlineQueryResultsButton) above the results: the
        client opens the private chat with the bot and sends ``/start <start_parameter>``
        there (nothing goes to the chat the query was typed in); returns that message."""
        button = answer.button
        if button is None or button.start_parameter is None:
            raise ValueError(f"the answer to {answer.query_id} has no button to the bot's chat")
        return people.send_text(self.world, user, user, f"/start {button.start_parameter}")

    async def switch_inline(
        self,
        user: User,
        message: Message,
        text: str | None = None,
        *,
        chat: Target | None = None,
        timeout: float = 10,
    ) -> InlineAnswer:
        """Press a switch-to-inline button and wait for the answer to its query: in the
        message's chat (current_chat) or in ``chat`` (the one the person picks)."""
        query = await self.switch_inline_nowait(user, message, text, chat=chat)
        return await self.wait_inline_answer(query, timeout)

    async def switch_inline_nowait(
        self, user: User, message: Message, text: str | None = None, *, chat: Target | None = None
    ) -> InlineQuery:
        """Press a switch-to-inline button; the query starts in ``chat`` (refused when
        the button does not offer that kind of chat) or in the message's own chat."""
        where = None if chat is None else self._where(user, chat)
        return inline.switch_query(self.world, user, message, text, where)

    async def press_inline(
        self,
        user: User,
        message: Message,
        text: str | None = None,
        *,
        callback_data: str | None = None,
        timeout: float = 10,
    ) -> CallbackAnswer:
        """Press a callback button on a message sent via the bot and wait for the answer;
        the bot's callback_query has ``inline_message_id`` and ``chat_instance``, no message."""
        if message.inline_message_id is None:
            raise ValueError(f"message {message.message_id} was not sent via the bot with buttons")
        query = people.press(self.world, user, message, text, callback_data=callback_data)
        return await self.wait_answered(query, timeout)
