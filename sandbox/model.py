"""The world's records (users, chats, messages, callback queries) and their Bot API JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sandbox.media import Media

GENERAL = 0  # a forum's General topic among its closed topics (its messages have no thread)
PRIVATE, GROUP, SUPERGROUP = "private", "group", "supergroup"
CREATOR, ADMINISTRATOR, MEMBER, LEFT, KICKED = (
    "creator",
    "administrator",
    "member",
    "left",
    "kicked",
)
RESTRICTED = "restricted"
PRESENT = frozenset({CREATOR, ADMINISTRATOR, MEMBER})
ADMINS = frozenset({CREATOR, ADMINISTRATOR})


@dataclass
class User:
    id: int
    first_name: str
    last_name: str | None = None
    username: str | None = None
    language_code: str | None = None
    is_bot: bool = False
    has_started_bot: bool = False
    has_blocked_bot: bool = False

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}" if self.last_name else self.first_name

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        for key in ("last_name", "username", "language_code"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data


# ``from`` of a message an anonymous admin sends as the group (Bot API 5.0).
ANONYMOUS_ADMIN = User(1087968824, "Group", username="GroupAnonymousBot", is_bot=True)
# ``from`` of a message someone sends in a group as one of their channels: every
# channel's messages share it, ``sender_chat`` tells them apart.
CHANNEL_SENDER = User(136817688, "Channel", username="Channel_Bot", is_bot=True)
# ``from`` of a channel's post copied into its linked discussion group
TELEGRAM_SERVICE = User(777000, "Telegram")


@dataclass(eq=False)
class Chat:
    id: int
    type: str
    title: str | None = None
    username: str | None = None
    is_forum: bool = False
    user: User | None = None  # the other side of a private chat with the bot
    # a private chat between two people (members: both; the bot is not in it)
    between: tuple[int, int] | None = None
    members: dict[int, str] = field(default_factory=dict)  # user id -> status (bot included)
    topics: dict[int, str] = field(default_factory=dict)  # message_thread_id -> topic name
    closed_topics: set[int] = field(default_factory=set)  # sandbox/topics.py (GENERAL too)
    migrated_to: int | None = None
    migrated_from: int | None = None
    restricted: set[int] = field(default_factory=set)  # shown as "restricted" (is_member)
    muted: set[int] = field(default_factory=set)  # restricted from sending (the bot too)
    anonymous_admins: set[int] = field(default_factory=set)  # admins who speak as the group
    next_message_id: int = 1
    messages: dict[int, Message] = field(default_factory=dict, repr=False)

    @property
    def kind(self) -> str:
        """ "group" or "supergroup", as Telegram words it in 403 texts."""
        return self.type

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.between is not None:
            return data  # never shown to the bot
        if self.user is not None:
            data.update({k: v for k, v in self.user.to_json().items() if k.endswith("name")})
            return data
        data["title"] = self.title
        if self.username:
            data["username"] = self.username
        if self.is_forum:
            data["is_forum"] = True
        return data


@dataclass(frozen=True)
class Button:
    text: str
    callback_data: str | None = None
    url: str | None = None


@dataclass(frozen=True)
class MessageVersion:
    """One state of a message; ``Message.versions`` keeps every one, oldest first."""

    text: str | None
    entities: tuple[dict[str, Any], ...]
    html: str | None
    reply_markup: dict[str, Any] | None
    edit_date: int | None
    deleted: bool = False


@dataclass(eq=False)
class Message:
    chat: Chat
    message_id: int
    sender: User
    date: int
    text: str | None = None
    entities: list[dict[str, Any]] = field(default_factory=list)
    html: str | None = None  # the text parameter exactly as the bot sent it
    reply_markup: dict[str, Any] | None = None
    edit_date: int | None = None
    thread_id: int | None = None
    is_topic_message: bool = False
    reply_to: Message | None = field(default=None, repr=False)
    sender_chat: Chat | None = None  # the group itself, for an anonymous admin's message
    service: dict[str, Any] = field(default_factory=dict)
    disable_notification: bool = False
    deleted: bool = False
    versions: list[MessageVersion] = field(default_factory=list, repr=False)
    via_bot: User | None = None  # sent "via @bot" (chosen inline result)
    inline_message_id: str | None = None  # how the bot addresses it, if it has a keyboard
    guest_caller: User | None = None  # the bot's guest message: whose mention it answers
    media: Media | None = None  # a photo or animation, with its caption (sandbox.media)

    def snapshot(self) -> MessageVersion:
        return MessageVersion(
            self.text,
            tuple(self.entities),
            self.html,
            self.reply_markup,
            self.edit_date,
            self.deleted,
        )

    def buttons(self) -> list[list[Button]]:
        rows = (self.reply_markup or {}).get("inline_keyboard", [])
        return [
            [Button(b["text"], b.get("callback_data"), b.get("url")) for b in row] for row in rows
        ]

    def to_json(self, *, with_reply: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "message_id": self.message_id,
            "from": self.sender.to_json(),
            "chat": self.chat.to_json(),
            "date": self.date,
        }
        if self.sender_chat is not None:
            data["sender_chat"] = self.sender_chat.to_json()
        if self.via_bot is not None:
            data["via_bot"] = self.via_bot.to_json()
        if self.guest_caller is not None:
            data["guest_bot_caller_user"] = self.guest_caller.to_json()
        if self.thread_id is not None:
            data["message_thread_id"] = self.thread_id
        if self.is_topic_message:
            data["is_topic_message"] = True
        if with_reply and self.reply_to is not None:
            data["reply_to_message"] = self.reply_to.to_json(with_reply=False)
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        if self.text is not None:
            data["text"] = self.text
        if self.entities:
            data["entities"] = [dict(e) for e in self.entities]
        if self.reply_markup:
            data["reply_markup"] = self.reply_markup
        if self.media is not None:
            data.update(self.media.to_json())
        data.update(self.service)
        return data


@dataclass(frozen=True)
class CallbackAnswer:
    text: str | None
    show_alert: bool
    url: str | None
    cache_time: int


@dataclass
class CallbackQuery:
    id: str
    user: User
    message: Message
    data: str
    chat_instance: str
    answer: CallbackAnswer | None = None
    inline_message_id: str | None = None  # a message sent via the bot: no "message"

    def to_json(self) -> dict[str, Any]:
        where: dict[str, Any] = (
            {"inline_message_id": self.inline_message_id}
            if self.inline_message_id
            else {"message": self.message.to_json()}
        )
        return {
            "id": self.id,
            "from": self.user.to_json(),
            **where,
            "chat_instance": self.chat_instance,
            "data": self.data,
        }


@dataclass(frozen=True)
class ApiCall:
    """One Bot API request as the stand-in saw it."""

    method: str
    params: dict[str, Any]
    ok: bool
    error_code: int | None
    description: str | None
    chat_id: int | str | None


@dataclass(frozen=True)
class Update:
    update_id: int
    kind: str  # "message", "callback_query", "my_chat_member", ...
    payload: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"update_id": self.update_id, self.kind: self.payload}


@dataclass(frozen=True)
class Change:
    """A notification about the world: ``version`` increases by one per change.

    ``kind`` is one of: "user" (started/blocked), "chat" (members, migration; detail
    ``(user_id, old, new)`` or the new chat id), "message" (new), "edit", "delete",
    "answer" (detail: the answered CallbackQuery), "update" (queued; detail: the
    Update), "confirm" (updates confirmed or dropped), "call" (detail: the ApiCall),
    "webhook" (set/deleted or a delivery error), "bot" (commands, descriptions, inline
    settings), "inline" (an inline query typed, then answered; detail: the InlineQuery).
    """

    version: int
    kind: str
    chat_id: int | None = None
    message_id: int | None = None
    detail: Any = None


# What a restricted member may still do (a member muted for sending media, say).
_RESTRICTED_RIGHTS = dict.fromkeys(
    (
        "can_send_messages", "can_send_audios", "can_send_documents", "can_send_photos",
        "can_send_videos", "can_send_video_notes", "can_send_voice_notes", "can_send_polls",
        "can_send_other_messages", "can_add_web_page_previews", "can_change_info",
        "can_invite_users", "can_pin_messages", "can_manage_topics", "can_edit_tag",
        "can_react_to_messages",
    ),
    False,
) | {"can_send_messages": True, "can_react_to_messages": True}  # fmt: skip


def member_json(
    user: User, status: str, *, anonymous: bool = False, restricted: bool = False,
    muted: bool = False,
) -> dict[str, Any]:  # fmt: skip
    """A ChatMember object with the fields python-telegram-bot requires.

    ``anonymous``: an administrator who speaks as the group; ``restricted``: a user
    with restrictions, "restricted" whether in the chat (``is_member``) or not, as
    Telegram keeps a restricted user who left restricted; ``muted``: restricted from
    sending anything (``can_send_messages`` false)."""
    if (restricted or muted) and status not in ADMINS and status != KICKED:
        rights = dict.fromkeys(_RESTRICTED_RIGHTS, False) if muted else _RESTRICTED_RIGHTS
        return {
            "status": RESTRICTED, "user": user.to_json(), "is_member": status in PRESENT,
            "until_date": 0, **rights,
        }  # fmt: skip
    data: dict[str, Any] = {"status": status, "user": user.to_json()}
    if status == CREATOR:
        data["is_anonymous"] = anonymous
    elif status == ADMINISTRATOR:
        data.update(
            can_be_edited=False,
            is_anonymous=anonymous,
            can_manage_chat=True,
            can_delete_messages=True,
            can_manage_video_chats=True,
            can_restrict_members=True,
            can_promote_members=False,
            can_change_info=True,
            can_invite_users=True,
            can_post_stories=False,
            can_edit_stories=False,
            can_delete_stories=False,
            can_pin_messages=True,
            can_manage_topics=True,
        )
    elif status == KICKED:
        data["until_date"] = 0
    return data
