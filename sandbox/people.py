"""What people do in the world: write, press buttons, open links, block, kick, upgrade.

Each action changes the world the way a Telegram client would and queues the
updates Telegram would send the bot (respecting membership and privacy mode).
A mistake in how a test uses people (pressing a button that is not there, writing
into a group one is not in) raises ``ValueError`` with an explanation.
"""

from __future__ import annotations

from typing import Any

from sandbox.access import bot_sees
from sandbox.entities import MAX_TEXT, detect_entities
from sandbox.guest import summon
from sandbox.html_text import utf16_len
from sandbox.links import LinkError, parse_start_link
from sandbox.model import (
    ADMINS,
    ANONYMOUS_ADMIN,
    CHANNEL_SENDER,
    CREATOR,
    GROUP,
    KICKED,
    LEFT,
    MEMBER,
    PRESENT,
    PRIVATE,
    SUPERGROUP,
    TELEGRAM_SERVICE,
    Button,
    CallbackQuery,
    Chat,
    Message,
    User,
)
from sandbox.world import World


def deliver(world: World, message: Message, kind: str = "message") -> None:
    """Queue ``message`` as an update if Telegram would show it to the bot."""
    if bot_sees(world, message):
        world.enqueue(kind, message.to_json())


def _creator(world: World, chat: Chat) -> User:
    for user_id, status in chat.members.items():
        if status == CREATOR and user_id in world.users:
            return world.users[user_id]
    raise ValueError(f"chat {chat.title!r} has no creator; pass by=")


def _people_chat(world: World, user: User, other: User) -> Chat:
    for chat in world.chats.values():
        if chat.between is not None and set(chat.between) == {user.id, other.id}:
            return chat
    raise ValueError(
        f"{user.first_name} has no private chat with {other.first_name}; "
        f"tg.add_private_chat({user.first_name.lower()}, {other.first_name.lower()}) first"
    )


def _chat_for(world: World, user: User, target: Chat | User | int) -> Chat:
    if isinstance(target, User) and target.id != user.id:
        target = _people_chat(world, user, target)
    chat = world.chat_of(target)
    if chat.migrated_to is not None:
        raise ValueError(f"{chat.title!r} was upgraded; write to chat {chat.migrated_to}")
    if chat.type != PRIVATE and world.status(chat, user) not in PRESENT:
        raise ValueError(f"{user.first_name} is not a member of {chat.title!r}")
    if chat.type == PRIVATE and chat.id != user.id and user.id not in chat.members:
        raise ValueError(f"{user.first_name} cannot see the private chat of another person")
    return chat


def _start_private_chat(world: World, user: User) -> None:
    if user.has_blocked_bot:
        unblock_bot(world, user)
    if not user.has_started_bot:
        user.has_started_bot = True
        world.notify("user", user.id)


def _thread_fields(chat: Chat, thread_id: int | None, reply_to: Message | None) -> dict[str, Any]:
    if thread_id is None and reply_to is not None:
        return {"thread_id": reply_to.thread_id, "is_topic_message": reply_to.is_topic_message}
    if thread_id is None:
        return {}
    if chat.is_forum and thread_id not in chat.topics:
        raise ValueError(f"{chat.title!r} has no topic {thread_id}; topics: {chat.topics}")
    return {"thread_id": thread_id, "is_topic_message": chat.is_forum}


def _check_text(text: str) -> None:
    if not text.strip() or utf16_len(text) > MAX_TEXT:
        raise ValueError("a Telegram client sends 1-4096 characters of text")


def send_text(
    world: World,
    user: User,
    target: Chat | User | int,
    text: str,
    *,
    reply_to: Message | None = None,
    thread_id: int | None = None,
) -> Message:
    chat = _chat_for(world, user, target)
    _check_text(text)
    if user.id in chat.muted and world.status(chat, user) not in ADMINS:
        raise ValueError(f"{user.first_name} may not send messages in {chat.title!r}")
    if chat.id == user.id:
        _start_private_chat(world, user)
    message = world.add_message(
        chat,
        user,
        text=text,
        entities=detect_entities(text, []),
        reply_to=reply_to,
        **_thread_fields(chat, thread_id, reply_to),
    )
    deliver(world, message)
    summon(world, message)  # guest mode: a mention of the bot in a chat it is not in
    return message


def send_as_group(
    world: World, admin: User, group: Chat, text: str, *, thread_id: int | None = None
) -> Message:
    """An administrator who remains anonymous writes as the group: ``from`` is
    @GroupAnonymousBot and ``sender_chat`` the group itself (Bot API 5.0)."""
    chat = _chat_for(world, admin, group)
    if chat.type == PRIVATE or world.status(chat, admin) not in ADMINS:
        raise ValueError(
            f"only an administrator of a group can write as it, not {admin.first_name}"
        )
    _check_text(text)
    chat.anonymous_admins.add(admin.id)  # getChatMember now says is_anonymous
    message = world.add_message(
        chat, ANONYMOUS_ADMIN, sender_chat=chat, text=text,
        entities=detect_entities(text, []), **_thread_fields(chat, thread_id, None),
    )  # fmt: skip
    deliver(world, message)
    return message


def send_as_channel(world: World, user: User, group: Chat, channel: Chat, text: str) -> Message:
    """A member writes in ``group`` as their ``channel`` (a chat of type "channel"):
    ``from`` is @Channel_Bot, the same for every channel, and ``sender_chat`` the
    channel."""
    chat = _chat_for(world, user, group)
    if chat.type == PRIVATE or world.status(chat, user) not in PRESENT:
        raise ValueError(f"{user.first_name} is not in {chat.title}")
    if channel.type != "channel":
        raise ValueError("sender_chat must be a channel")
    _check_text(text)
    message = world.add_message(
        chat, CHANNEL_SENDER, sender_chat=channel, text=text,
        entities=detect_entities(text, []),
    )  # fmt: skip
    deliver(world, message)
    return message


def post_in_linked_channel(world: World, group: Chat, channel: Chat, text: str) -> Message:
    """``channel`` (linked to ``group`` as its discussion group) posts ``text``: Telegram
    copies the post into the group as an automatic forward, from the Telegram service
    account with ``sender_chat`` the channel."""
    if group.type == PRIVATE or channel.type != "channel":
        raise ValueError("a channel's posts are copied into a group")
    _check_text(text)
    origin = {"type": "channel", "chat": channel.to_json(), "message_id": 1, "date": world.now()}
    message = world.add_message(
        group, TELEGRAM_SERVICE, sender_chat=channel, text=text,
        entities=detect_entities(text, []),
        service={"is_automatic_forward": True, "forward_origin": origin},
    )  # fmt: skip
    deliver(world, message)
    return message


def edit_text(world: World, user: User, message: Message, text: str) -> Message:
    if message.sender.id != user.id or message.deleted:
        raise ValueError(f"{user.first_name} can only edit their own, undeleted messages")
    world.edit_message(message, text=text, entities=detect_entities(text, []))
    deliver(world, message, "edited_message")
    return message


def find_button(message: Message, text: str | None, callback_data: str | None) -> Button:
    if message.deleted:
        raise ValueError(f"message {message.message_id} in chat {message.chat.id} was deleted")
    buttons = [button for row in message.buttons() for button in row]
    for button in buttons:
        if (text is None or button.text == text) and (
            callback_data is None or button.callback_data == callback_data
        ):
            return button
    shown = [(b.text, b.callback_data or b.url) for b in buttons]
    raise ValueError(
        f"no button text={text!r} callback_data={callback_data!r} on message "
        f"{message.message_id} ({message.text!r}); its buttons: {shown}"
    )


def press(
    world: World,
    user: User,
    message: Message,
    text: str | None = None,
    *,
    callback_data: str | None = None,
) -> CallbackQuery:
    """Press an inline button; queues the callback_query update and returns the query."""
    chat = message.chat
    if chat.type == PRIVATE and chat.id != user.id and user.id not in chat.members:
        raise ValueError(f"{user.first_name} cannot see the private chat of another person")
    if chat.type != PRIVATE and chat.username is None and world.status(chat, user) not in PRESENT:
        # a public group (one with a username) can be read, and its buttons pressed,
        # by anyone who opens it; a private group only by its members
        raise ValueError(f"{user.first_name} is not a member of {chat.title!r}")
    button = find_button(message, text, callback_data)
    if button.callback_data is None:
        how = f"opens {button.url}; use open_url" if button.url else "is not a callback button"
        raise ValueError(f"button {button.text!r} {how}")
    return queue_query(world, user, message, button.callback_data)


def queue_query(world: World, user: User, message: Message, data: str) -> CallbackQuery:
    """Queue a callback query carrying ``data`` for ``message``.

    :func:`press` checks the button is on the message first; tests call this
    directly to play a modified client that sends data no button carries. On a
    message sent via the bot the query has its ``inline_message_id``, no message.
    """
    query = CallbackQuery(
        id=world.new_query_id(user),
        user=user,
        message=message,
        data=data,
        chat_instance=str((message.chat.id * 7_919 + world.bot.id) % 2**62),
        inline_message_id=message.inline_message_id,
    )
    world.queries[query.id] = query
    world.enqueue("callback_query", query.to_json())
    return query


def open_url(world: World, user: User, url: str, *, group: Chat | None = None) -> Message:
    """Open a t.me link to the bot as a client would: ``/start <payload>`` in the chat."""
    try:
        link = parse_start_link(url)
    except LinkError as exc:
        raise ValueError(f"Telegram clients refuse {url!r}: {exc}") from None
    if link is None or link.bot_username.lower() != (world.bot.username or "").lower():
        raise ValueError(f"{url!r} is not a link to @{world.bot.username}")
    suffix = f" {link.payload}" if link.payload else ""
    if not link.group:
        return send_text(world, user, user, "/start" + suffix)
    if group is None:
        raise ValueError("a ?startgroup= link needs group= (the group to add the bot to)")
    if world.status(group, world.bot) not in PRESENT:
        add_bot(world, group, by=user)
    return send_text(world, user, group, f"/start@{world.bot.username}{suffix}")


def _set_block(world: World, user: User, blocked: bool) -> None:
    if user.has_blocked_bot == blocked:
        return
    user.has_blocked_bot = blocked
    world.notify("user", user.id)
    old, new = (MEMBER, KICKED) if blocked else (KICKED, MEMBER)
    world.queue_member_change(world.chat_of(user), user, world.bot, old, new)


def block_bot(world: World, user: User) -> None:
    _set_block(world, user, True)


def unblock_bot(world: World, user: User) -> None:
    _set_block(world, user, False)


def delete_message(world: World, chat: Chat | User | int, message_id: int) -> None:
    message = world.message(world.chat_of(chat).id, message_id)
    if message is None or message.deleted:
        raise ValueError(f"no message {message_id} to delete in chat {world.chat_of(chat).id}")
    world.delete_message(message)


def kick_bot(world: World, chat: Chat, by: User | None = None) -> None:
    """Remove the bot from a group (my_chat_member: "left" in groups, "kicked" in supergroups)."""
    actor = by or _creator(world, chat)
    old = chat.members.get(world.bot.id, LEFT)
    chat.members[world.bot.id] = KICKED
    world.queue_member_change(
        chat, actor, world.bot, old, KICKED if chat.type == SUPERGROUP else LEFT
    )


def add_bot(world: World, chat: Chat, by: User | None = None, status: str = MEMBER) -> None:
    """Add the bot to a group: my_chat_member plus the new_chat_members service message."""
    actor = by or _creator(world, chat)
    old = chat.members.get(world.bot.id, LEFT)
    chat.members[world.bot.id] = status
    world.queue_member_change(chat, actor, world.bot, LEFT if old == KICKED else old, status)
    joined = world.add_message(chat, actor, service={"new_chat_members": [world.bot.to_json()]})
    deliver(world, joined)


def upgrade_to_supergroup(world: World, chat: Chat, by: User | None = None) -> Chat:
    """Migrate a basic group: a new -100… supergroup, service messages in both chats."""
    if chat.type != GROUP or chat.migrated_to is not None:
        raise ValueError(f"only a basic group can be upgraded, not {chat.type} {chat.title!r}")
    actor = by or _creator(world, chat)
    new = Chat(world.new_chat_id(SUPERGROUP), SUPERGROUP, chat.title, members=dict(chat.members))
    new.migrated_from = chat.id
    world.chats[new.id] = new
    chat.migrated_to = new.id
    deliver(world, world.add_message(chat, actor, service={"migrate_to_chat_id": new.id}))
    deliver(world, world.add_message(new, actor, service={"migrate_from_chat_id": chat.id}))
    world.notify("chat", chat.id, detail=new.id)
    return new
