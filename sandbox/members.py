"""Who is in a group: people join, leave, get restricted and get banned (as Telegram
reports it: ``getChatMember`` answers "left", "kicked", or "restricted" with
``is_member`` false for a restricted person who left)."""

from __future__ import annotations

from sandbox.model import ADMINS, KICKED, LEFT, MEMBER, PRESENT, RESTRICTED, SUPERGROUP, Chat, User
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


def mute_member(world: World, chat: Chat, user: User, by: User, muted: bool = True) -> None:
    """An administrator restricts a member (the bot too) from sending messages
    (restrictChatMember with ``can_send_messages`` false), or lifts it (``muted``
    false): my_chat_member for the bot, chat_member for anyone else. A muted member
    still edits the messages they sent; a new one is refused
    (``sandbox.access.may_send``)."""
    if chat.type != SUPERGROUP:
        raise ValueError(f"only supergroups restrict members, not {chat.type} {chat.title!r}")
    if chat.members.get(by.id) not in ADMINS:
        raise ValueError(f"{by.first_name} is no administrator of {chat.title!r}")
    status = chat.members.get(user.id, LEFT)
    if status in ADMINS:
        raise ValueError(f"{user.first_name} is an administrator of {chat.title!r}")
    was = user.id in chat.muted
    if muted:
        chat.muted.add(user.id)
    else:
        chat.muted.discard(user.id)
    world.queue_member_change(chat, by, user, status, status, was_muted=was, muted=muted)


def remove_member(world: World, chat: Chat, user: User) -> None:
    old = chat.members.get(user.id, LEFT)
    chat.members[user.id] = LEFT
    world.queue_member_change(chat, user, user, old, LEFT)
    deliver(world, world.add_message(chat, user, service={"left_chat_member": user.to_json()}))


def ban_member(world: World, chat: Chat, user: User, by: User) -> None:
    """An administrator bans a user (banChatMember): "kicked" until unbanned; a member
    banned is seen leaving (a left_chat_member message from the administrator)."""
    old = chat.members.get(user.id, LEFT)
    if chat.members.get(by.id) not in ADMINS:
        raise ValueError(f"{by.first_name} is no administrator of {chat.title!r}")
    chat.members[user.id] = KICKED
    chat.restricted.discard(user.id)
    world.queue_member_change(chat, by, user, old, KICKED)
    if old in PRESENT:
        service = {"left_chat_member": user.to_json()}
        deliver(world, world.add_message(chat, by, service=service))
