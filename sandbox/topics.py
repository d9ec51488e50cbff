"""Forum topics as their administrators shape them: created, closed, reopened,
deleted (Telegram's createForumTopic, closeForumTopic, reopenForumTopic and
deleteForumTopic, done by a person in the app); the General topic closed and reopened
(closeGeneralForumTopic, reopenGeneralForumTopic: its messages carry no thread id, so
it is ``GENERAL`` among the closed topics).

A closed topic takes no new message but from an administrator (the bot too, when it
is one: Telegram asks for ``can_manage_topics``, which the stand-in's administrators
have): ``sendMessage`` there answers 400 "TOPIC_CLOSED". Its messages stay, and can be
edited and pressed. A deleted topic is gone with every message in it: a send there
answers 400 "message thread not found", an edit "message to edit not found". Closing
and reopening post the service message Telegram posts; deleting posts nothing.
"""

from __future__ import annotations

from typing import Any

from sandbox.model import GENERAL, Chat, User
from sandbox.people import _creator, deliver
from sandbox.world import World


def add_topic(world: World, chat: Chat, name: str, by: User | None = None) -> int:
    """Create a forum topic; returns its message_thread_id."""
    if not chat.is_forum:
        raise ValueError(f"{chat.title!r} is not a forum")
    thread_id = chat.next_message_id
    chat.topics[thread_id] = name
    created = world.add_message(
        chat,
        by or _creator(world, chat),
        thread_id=thread_id,
        is_topic_message=True,
        service={"forum_topic_created": {"name": name, "icon_color": 7322096}},
    )
    deliver(world, created)
    return thread_id


def _topic(chat: Chat, thread_id: int) -> None:
    if not chat.is_forum or thread_id not in chat.topics:
        raise ValueError(f"{chat.title!r} has no topic {thread_id}; topics: {chat.topics}")


def close_topic(world: World, chat: Chat, thread_id: int, by: User | None = None) -> None:
    """An administrator closes the topic (the service message is posted in it)."""
    _topic(chat, thread_id)
    chat.closed_topics.add(thread_id)
    _service(world, chat, thread_id, by, "forum_topic_closed")


def reopen_topic(world: World, chat: Chat, thread_id: int, by: User | None = None) -> None:
    _topic(chat, thread_id)
    chat.closed_topics.discard(thread_id)
    _service(world, chat, thread_id, by, "forum_topic_reopened")


def _service(world: World, chat: Chat, thread_id: int, by: User | None, kind: str) -> None:
    service: dict[str, Any] = {kind: {}}
    posted = world.add_message(chat, by or _creator(world, chat), thread_id=thread_id,
                               is_topic_message=True, service=service)  # fmt: skip
    deliver(world, posted)


def delete_topic(world: World, chat: Chat, thread_id: int) -> None:
    """An administrator deletes the topic: it and every message in it are gone."""
    _topic(chat, thread_id)
    del chat.topics[thread_id]
    chat.closed_topics.discard(thread_id)
    for message in world.messages(chat):
        if message.thread_id == thread_id:
            world.delete_message(message)


def close_general(world: World, chat: Chat, by: User | None = None) -> None:
    """An administrator closes the General topic: only administrators write there (the
    service message, as for any topic, is posted in it)."""
    if not chat.is_forum:
        raise ValueError(f"{chat.title!r} is not a forum")
    chat.closed_topics.add(GENERAL)
    _general_service(world, chat, by, "forum_topic_closed")


def reopen_general(world: World, chat: Chat, by: User | None = None) -> None:
    if not chat.is_forum:
        raise ValueError(f"{chat.title!r} is not a forum")
    chat.closed_topics.discard(GENERAL)
    _general_service(world, chat, by, "forum_topic_reopened")


def _general_service(world: World, chat: Chat, by: User | None, kind: str) -> None:
    posted = world.add_message(chat, by or _creator(world, chat), service={kind: {}})
    deliver(world, posted)
