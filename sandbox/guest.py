"""What people do in guest mode (Bot API 10.0): mention ``@bot`` in a chat the bot
is not a member of, and it may post there "as a guest".

Telegram's rules (https://core.telegram.org/api/bots/guest-mode): a guest bot "can be
queried by username from any non-secret private chat, group and supergroup ...
posting their results directly into the chat, even if they're not a member"; the
person mentions its ``@username`` in a message (up to 3 guest bots at once); the bot
gets the message (``updateBotGuestChatQuery``: the Bot API's ``guest_message`` update,
whose ``Message.guest_query_id`` it passes to ``answerGuestQuery``) and answers with
one inline result, which Telegram posts into the chat.

Where the docs are silent, the sandbox chooses (docs/architecture.md, "Guest mode"):

- only a chat the bot is not in opens a query: where it is a member, the mention is
  an ordinary message, delivered or not by privacy mode as any other;
- the trigger is a ``mention`` entity naming the bot in a new message (an edit that
  adds one opens nothing);
- in two people's private chat the message's ``chat`` is the chat as the caller sees
  it: the other person (id, names), an id the bot's own private chat with that person
  shares (hence PTB's note that a guest message's chat "may not coincide with other
  existing bot chats sharing the same identifier"); a group's is the group.
"""

from __future__ import annotations

from typing import Any

from sandbox.guest_model import GuestQuery
from sandbox.model import PRESENT, Chat, Message
from sandbox.world import World


def mentions_bot(world: World, message: Message) -> bool:
    """Whether a ``mention`` entity of the message names the bot (any letter case)."""
    wire = (message.text or "").encode("utf-16-le")
    wanted = f"@{world.bot.username}".lower()
    for entity in message.entities:
        if entity["type"] == "mention":
            start, stop = 2 * entity["offset"], 2 * (entity["offset"] + entity["length"])
            if wire[start:stop].decode("utf-16-le").lower() == wanted:
                return True
    return False


def _as_caller_sees(world: World, chat: Chat, message: Message) -> dict[str, Any]:
    data = message.to_json()
    if chat.between is not None:
        other = next(i for i in chat.between if i != message.sender.id)
        seen = world.chats[other].to_json()  # the person, as in the bot's chat with them
        data["chat"] = seen
        if "reply_to_message" in data:
            data["reply_to_message"]["chat"] = seen
    return data


def summon(world: World, message: Message) -> GuestQuery | None:
    """A person's new message: a ``guest_message`` update when it mentions the bot in a
    chat the bot is not in and guest mode is on (and allowed_updates lets it through)."""
    chat = message.chat
    if not world.guest.enabled or chat.user is not None or not mentions_bot(world, message):
        return None
    if world.status(chat, world.bot) in PRESENT:
        return None
    query = GuestQuery(
        id=world.new_query_id(message.sender),
        user=message.sender,
        chat=chat,
        message=message,
        date=world.clock(),
    )
    world.guest.queries[query.id] = query
    world.enqueue("guest_message", _as_caller_sees(world, chat, message) | {
        "guest_query_id": query.id,
    })  # fmt: skip
    world.notify("guest", chat.id, message.message_id, detail=query)
    return query
