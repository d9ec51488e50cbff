"""A person forwards a message, as Telegram clients do.

The copy is a new message of the forwarder in the target chat, with
``forward_origin`` naming the original sender (Bot API 7.0). Telegram clients
keep a forwarded message's URL buttons and drop its callback buttons (a copy
cannot call back a bot that may not even be in the chat); a modified client can
still send a callback query with any data for the copy (``StandIn.press_forged``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sandbox.model import PRESENT, PRIVATE, Chat, Message, User
from sandbox.people import _chat_for, deliver
from sandbox.world import World


@dataclass(eq=False)
class ForwardedMessage(Message):
    """A message forwarded from another: ``forward_origin`` as the Bot API shows it."""

    forward_origin: dict[str, Any] = field(default_factory=dict)

    def to_json(self, *, with_reply: bool = True) -> dict[str, Any]:
        data = super().to_json(with_reply=with_reply)
        data["forward_origin"] = dict(self.forward_origin)
        return data


def kept_buttons(markup: dict[str, Any] | None) -> dict[str, Any] | None:
    """The inline keyboard a forwarded copy keeps: its URL buttons only."""
    rows = [
        [button for button in row if "url" in button]
        for row in (markup or {}).get("inline_keyboard", [])
    ]
    rows = [row for row in rows if row]
    return {"inline_keyboard": rows} if rows else None


def forward_message(
    world: World, user: User, message: Message, target: Chat | User | int
) -> Message:
    """``user`` forwards ``message`` (which they can see) into ``target``."""
    if message.deleted or message.text is None:
        raise ValueError(f"message {message.message_id} cannot be forwarded: deleted or no text")
    if message.chat.type == PRIVATE and message.chat.id != user.id:
        raise ValueError(f"{user.first_name} cannot see the private chat of another person")
    source = message.chat
    open_to_all = source.type == PRIVATE or source.username is not None
    if not open_to_all and world.status(source, user) not in PRESENT:
        raise ValueError(f"{user.first_name} is not a member of {source.title!r}")
    chat = _chat_for(world, user, target)
    origin = {"type": "user", "date": message.date, "sender_user": message.sender.to_json()}
    copy = ForwardedMessage(
        chat, chat.next_message_id, user, world.now(), text=message.text,
        entities=[dict(e) for e in message.entities],
        reply_markup=kept_buttons(message.reply_markup), forward_origin=origin,
    )  # fmt: skip
    chat.next_message_id += 1
    copy.versions.append(copy.snapshot())
    chat.messages[copy.message_id] = copy
    world.notify("message", chat.id, copy.message_id)
    deliver(world, copy)
    return copy
