"""A long record goes in a few messages of whole lines, each within Telegram's limit:
its start, "…", and its end (the hands), never more than the sender keeps a chat."""

from __future__ import annotations

from bot.glue.record_cmd import MOST_MESSAGES, chunks, messages
from bot.sync.sender import MAX_POSTS_PER_CHAT
from bot.ui import TEXT_LIMIT


def test_a_long_record_keeps_its_start_and_its_end_in_a_few_messages() -> None:
    lines = [
        "📜 <b>Durak</b>",
        *(f"{n}. Alice played 9♠. Bob beat 9♠ with J♠." for n in range(900)),
    ]
    text = "\n".join([*lines, "🃏 Hands at the end:", "Bob: 6♥️ 7♥️"])
    parts = messages(text)
    assert len(parts) == MOST_MESSAGES and MOST_MESSAGES + 2 <= MAX_POSTS_PER_CHAT
    assert all(len(p.encode("utf-16-le")) // 2 <= TEXT_LIMIT for p in parts)
    assert parts[0].startswith("📜 <b>Durak</b>\n0. Alice") and parts[-1].startswith("…\n")
    assert parts[-1].endswith("Bob: 6♥️ 7♥️")
    assert all(line in text.split("\n") for p in parts for line in p.split("\n") if line != "…")


def test_a_short_record_is_one_message() -> None:
    assert messages("a\nb") == ["a\nb"] == chunks("a\nb")
