"""Who is in a group: people join, leave, and get restricted (as Telegram reports it)."""

from __future__ import annotations

from sandbox.model import LEFT, MEMBER, RESTRICTED, SUPERGROUP, Chat, User
from sandbox.people import deliver
from sandbox.world import World


def add_member(world: World, chat: Chat, user: User, by: User | None = None) -> None:
    old = chat.members.get(user.id, LEFT)
    chat.members[user.id] = MEMBER
    world.queue_member_change(chat, by or user, user, old, MEMBER)
    deliver(
        world, world.add_message(chat, by or user, service={"new_chat_members": [user.to_json()]})
    )


def restrict_member(world: World, chat: Chat, user: User) -> None:
    """Restrict a user (they stay restricted, ``is_member`` false, if they leave);
    no chat_member update: the bot does not ask for them."""
    if chat.type != SUPERGROUP:
        raise ValueError(f"only supergroups restrict members, not {chat.type} {chat.title!r}")
    chat.restricted.add(user.id)
    world.notify("chat", chat.id, detail=(user.id, world.status(chat, user), RESTRICTED))


def remove_member(world: World, chat: Chat, user: User) -> None:
    old = chat.members.get(user.id, LEFT)
    chat.members[user.id] = LEFT
    world.queue_member_change(chat, user, user, old, LEFT)
    deliver(world, world.add_message(chat, user, service={"left_chat_member": user.to_json()}))
