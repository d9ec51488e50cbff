"""A local stand-in for the Telegram Bot API, and a driver to act as people in it.

The real python-telegram-bot ``Application``/``Bot`` talks to it over HTTP on
127.0.0.1 (``base_url=stand_in.base_url``); nothing of the bot is imported here.

Driver API (``sandbox.StandIn``; all waits are bounded and woken by world changes)::

    tg = StandIn(token="123456:TEST", bot_username="tablebot", bot_name="Table Bot",
                 clock=time.time, privacy_mode=True, webhook_retry_delays=(...),
                 webhook_backends=())   # ["http://127.0.0.1:8081", ...]: a load balancer
                                        # in front of the setWebhook URL (round robin)
    await tg.start()                  # or: async with StandIn() as tg:
    tg.base_url, tg.port, tg.token, tg.bot        # bot id = the token's number
    await tg.stop()

    alice = tg.add_user("Alice", "Liddell", username="alice", language_code="en")
    group = tg.add_group("Friends", members=[alice, bob], admins=[alice],
                         supergroup=True, forum=False, username=None, bot_status="member")
    thread = tg.add_topic(forum_group, "Reversi")          # message_thread_id
    tg.chat(alice) / tg.chat(group) / tg.chat(chat_id)     # a User means their private chat

    msg = await tg.send_text(alice, group, "/reversi", reply_to=None, thread_id=None)
    msg = await tg.send_text(alice, alice, "/start payload")   # private chat: marks started
    msg = await tg.send_as_group(alice, group, "/turntime 60")  # an anonymous admin
    channel = Chat(-1009900000001, "channel", title="News")
    msg = await tg.send_as_channel(alice, group, channel, "/stop")  # from @Channel_Bot
    msg = await tg.post_in_linked_channel(group, channel, "/reversi")  # automatic forward
    await tg.edit_text(alice, msg, "new text")                 # queues edited_message
    answer = await tg.press(alice, message, "Join", callback_data=None, timeout=10)
                                      # members only, but anyone in a public group
    query = await tg.press_nowait(alice, message, "Join"); await tg.wait_answered(query)
    await tg.open_url(alice, "https://t.me/tablebot?start=XYZ")   # "/start XYZ" in private
    copy = await tg.forward(alice, message, group)   # URL buttons kept, callback ones dropped
    await tg.open_url(alice, "https://t.me/tablebot?startgroup=X", group=group)
    tg.block_bot(alice); tg.unblock_bot(alice)                 # my_chat_member updates
    tg.delete_message(chat, message_id)                        # as a person; no update
    tg.kick_bot(group, by=None); tg.add_bot(group, by=None, status="member")
    tg.add_member(group, carol); tg.remove_member(group, carol)
    tg.restrict_member(group, carol)      # getChatMember: "restricted", is_member
    tg.ban_member(group, carol, by=alice) # getChatMember: "kicked"; seen leaving
    new_group = tg.upgrade_to_supergroup(group, by=None)

    tg.messages(chat, include_deleted=False); tg.bot_messages(chat)
    tg.last_bot_message(chat); tg.message(chat, message_id); tg.history(chat, message_id)
    tg.buttons(message)              # [[(text, callback_data or url), ...], ...]
    await tg.wait_for(predicate, timeout=10, what="...")       # returns predicate()'s value
    await tg.wait_for_bot_message(chat, after=0, containing=None, timeout=10)
    tg.calls; mark = tg.mark(); tg.calls_since(mark, method="sendMessage")
    tg.pending_updates
    tg.set_flood_control(True); tg.fail_next(method, error_code, description, retry_after=None)
    tg.subscribe(callback) -> unsubscribe; tg.version; tg.internal_errors

Inline mode (``StandIn(inline_mode=True, inline_feedback=False)``: BotFather's
/setinline on, /setinlinefeedback off; see :mod:`sandbox.driver_inline`)::

    tg.set_inline_mode(False); tg.set_inline_feedback(True)
    dm = tg.add_private_chat(alice, bob)   # two people's chat; the bot is not in it
    answer = await tg.inline_query(alice, group, "reversi", offset="")  # "@tablebot reversi"
    answer.results, answer.titles, answer.next_offset, answer.button, answer.cached
    message = await tg.choose_result(alice, answer, "result-id")  # via_bot, inline_message_id
    reply = await tg.press_inline(bob, message, "Join")  # callback_query: no message
    answer = await tg.switch_inline(bob, message, "Play", chat=None)  # switch_inline_query*
    query = await tg.inline_query_nowait(alice, bob, "x"); await tg.wait_inline_answer(query)

Guest mode (Bot API 10.0; ``StandIn(guest_mode=False)``: off, as for a new bot in
Telegram; see :mod:`sandbox.driver_guest`)::

    tg.set_guest_mode(True)       # a mention in a chat the bot is not in: guest_message
    posted = await tg.mention_bot(alice, group, "reversi")  # answerGuestQuery's message
    message = await tg.send_text(alice, bob, "@tablebot hi"); tg.guest_query(message)

Mini App ``initData`` (see :mod:`sandbox.webapp`; nothing is served or opened)::

    raw = tg.web_app_init_data(alice, "t_abc", chat=group)  # signed with tg.token
    raw = sandbox.webapp.init_data(token, alice, start_param="t_abc", chat_type="group",
                                   chat_instance="42", auth_date=1760000000)

Messages are :class:`sandbox.model.Message` objects, live: ``.text``, ``.entities``,
``.html`` (the text parameter as sent with parse_mode HTML), ``.reply_markup``,
``.edit_date``, ``.deleted``, ``.versions`` (every version), ``.sender``, ``.sender_chat``
(the group, for an anonymous admin), ``.chat``,
``.thread_id``, ``.buttons()``.

Change notifications, for a browser/SSE layer: ``tg.subscribe(callback)`` (or
``tg.world.subscribe``) calls ``callback(Change(version, kind, chat_id, message_id,
detail))`` synchronously after every change; kinds are "user", "chat", "message",
"edit", "delete", "answer" (detail: the CallbackQuery with its answer), "update",
"confirm", "call" (detail: the ApiCall), "webhook", "bot", "inline" (an inline query
typed, and again when answered; detail: the InlineQuery), "guest" (a guest query
opened, and again when answered; detail: the GuestQuery). ``tg.signal.current()`` is an
``asyncio.Event`` set on the next change, for async streaming.

Modules: ``world`` (the model, no HTTP), ``people`` (what people do), ``members``
(joining, leaving, restrictions, bans), ``api_*`` (Bot
API methods), ``html_text``/``html_tags``/``entities`` (Telegram-HTML, entities, text
limits), ``driver``/``driver_view`` (``StandIn``: acting / looking and waiting),
``markup`` (inline keyboards), ``inline``/``inline_model``/``inline_results``/``api_inline``
(inline mode: queries, answers and their validation, choosing results),
``guest``/``guest_model``/``api_guest``/``driver_guest`` (guest mode), ``server``
(aiohttp), ``webhook`` (delivery:
``max_connections`` at once, in order per chat/presser; ``tg.webhook.delivered_to``,
``tg.webhook.dropped``), ``webhook_post`` (one attempt, round robin over backends),
``limits`` (flood control, injected failures), ``errors`` (every error text),
``clock`` (``ManualClock`` for tests), ``webapp`` (Mini App initData, signed).
"""

from sandbox.clock import ManualClock
from sandbox.driver import StandIn
from sandbox.errors import ApiError
from sandbox.inline_model import InlineAnswer, InlineQuery, InlineResult
from sandbox.model import (
    ApiCall,
    Button,
    CallbackAnswer,
    CallbackQuery,
    Change,
    Chat,
    Message,
    MessageVersion,
    Update,
    User,
)

__all__ = [
    "ApiCall",
    "ApiError",
    "Button",
    "CallbackAnswer",
    "CallbackQuery",
    "Change",
    "Chat",
    "InlineAnswer",
    "InlineQuery",
    "InlineResult",
    "ManualClock",
    "Message",
    "MessageVersion",
    "StandIn",
    "Update",
    "User",
]
