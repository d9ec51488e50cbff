"""How a guest message is read (bot.pipeline.guest_table): the words after the mention
of this bot, and the one game they ask for when a person wrote them."""

from __future__ import annotations

import datetime as dtm
from types import SimpleNamespace
from typing import Any

import pytest
from telegram import Chat, Message, MessageEntity, User

from bot.glue.app import default_adapters
from bot.pipeline.guest_table import asked_game, words_after_mention

ALICE = User(1, "Alice", is_bot=False)
ANONYMOUS = User(1087968824, "Group", is_bot=True, username="GroupAnonymousBot")
SVC: Any = SimpleNamespace(adapters=default_adapters())


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def message(text: str, *mentions: str) -> Message:
    entities = []
    for mention in mentions:
        start = text.index(mention)
        entities.append(MessageEntity("mention", _utf16(text[:start]), _utf16(mention)))
    chat = Chat(-100, "supergroup")
    return Message(1, dtm.datetime.now(dtm.UTC), chat, from_user=ALICE, text=text,
                   entities=entities)  # fmt: skip


@pytest.mark.parametrize(
    ("text", "mentions", "words"),
    [
        ("@tablebot reversi", ["@tablebot"], "reversi"),
        ("let's play @TableBot  Durak now", ["@TableBot"], "Durak now"),
        ("🎲🎲 @tablebot gofish", ["@tablebot"], "gofish"),  # offsets count UTF-16 units
        ("@otherbot chess @tablebot rev", ["@otherbot", "@tablebot"], "rev"),
        ("reversi @tablebot", ["@tablebot"], ""),
        ("@tablebotx reversi", ["@tablebotx"], ""),
    ],
)
def test_the_words_after_the_mention_of_this_bot(text, mentions, words):
    assert words_after_mention(message(text, *mentions), "tablebot") == words


@pytest.mark.parametrize(
    ("words", "sender", "kind"),
    [
        ("rev", ALICE, "reversi"),
        ("Durak now", ALICE, "durak"),
        ("go", ALICE, None),  # Go Fish and Go Farm
        ("chess", ALICE, None),
        ("", ALICE, None),
        ("reversi", ANONYMOUS, None),  # an anonymous admin sits at no table
        ("reversi", None, None),
    ],
)
def test_the_one_game_a_person_asks_for(words, sender, kind):
    assert asked_game(SVC, words, sender) == kind
