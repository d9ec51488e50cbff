"""Telegram-HTML parsing and text rules, without HTTP."""

from __future__ import annotations

import pytest

from sandbox.entities import format_text
from sandbox.errors import ApiError
from sandbox.html_text import parse_html, utf16_len


def test_tags_become_entities_with_utf16_offsets():
    text, entities = parse_html("😀 <b>bold <i>both</i></b> <u>u</u><s>s</s>")
    assert text == "😀 bold both us"
    assert entities == [
        {"type": "italic", "offset": 8, "length": 4},
        {"type": "bold", "offset": 3, "length": 9},
        {"type": "underline", "offset": 13, "length": 1},
        {"type": "strikethrough", "offset": 14, "length": 1},
    ]


def test_links_code_spoilers_and_quotes():
    text, entities = parse_html(
        '<a href="https://t.me/tablebot?start=g1">join</a> <a href="tg://user?id=7">Al</a> '
        '<pre><code class="language-python">x=1</code></pre> <tg-spoiler>s</tg-spoiler> '
        '<span class="tg-spoiler">t</span> <blockquote expandable>q</blockquote> <code>c</code>'
    )
    assert text == "join Al x=1 s t q c"
    kinds = {e["type"]: e for e in entities}
    assert kinds["text_link"]["url"] == "https://t.me/tablebot?start=g1"
    assert kinds["text_mention"]["user"] == {"id": 7}
    assert kinds["pre"] == {"type": "pre", "offset": 8, "length": 3, "language": "python"}
    assert [e["offset"] for e in entities if e["type"] == "spoiler"] == [12, 14]
    assert kinds["expandable_blockquote"]["offset"] == 16
    assert kinds["code"] == {"type": "code", "offset": 18, "length": 1}


def test_html_entities_decode_and_unknown_ones_stay():
    assert parse_html("&lt;b&gt; &amp; &quot;q&quot; &#65;&#x42; &nbsp; &copy") == (
        '<b> & "q" AB &nbsp; &copy',
        [],
    )


@pytest.mark.parametrize(
    ("html", "error"),
    [
        ("<div>x</div>", 'Unsupported start tag "div" at byte offset 0'),
        ("ok <p>x</p>", 'Unsupported start tag "p" at byte offset 3'),
        ("<b>unclosed", 'Can\'t find end tag corresponding to start tag "b"'),
        ("<b><i>x</b></i>", 'Unmatched end tag at byte offset 7, expected "</i>", found "</b>"'),
        ("a < b", 'Unsupported start tag "" at byte offset 2'),
        ("x</b>", "Unexpected end tag at byte offset 1"),
        ("<b", "Unclosed start tag at byte offset 0"),
        ("<span>s</span>", 'Tag "span" must have class "tg-spoiler" at byte offset 0'),
        ('<tg-emoji emoji-id="x">e</tg-emoji>', "Invalid custom emoji identifier specified"),
        ("é<b>x</ b>", "Unclosed end tag at byte offset 6"),
    ],
)
def test_parse_errors_have_telegrams_texts(html, error):
    with pytest.raises(ApiError) as caught:
        parse_html(html)
    assert caught.value.error_code == 400
    assert caught.value.description == f"Bad Request: can't parse entities: {error}"


def test_text_is_trimmed_and_commands_are_detected():
    text, entities = format_text("  <b>/help@tablebot</b> and #fun @alice_b \n", "HTML", None)
    assert text == "/help@tablebot and #fun @alice_b"
    assert [(e["type"], e["offset"], e["length"]) for e in entities] == [
        ("bot_command", 0, 14),
        ("bold", 0, 14),
        ("hashtag", 19, 4),
        ("mention", 24, 8),
    ]


@pytest.mark.parametrize(
    ("text", "parse_mode", "error"),
    [
        ("", None, "message text is empty"),
        ("   \n", None, "text must be non-empty"),
        ("<b> </b>", "HTML", "text must be non-empty"),
        ("x" * 4097, None, "message is too long"),
        ("😀" * 2048 + "x", None, "message is too long"),
        ("x", "Klingon", "unsupported parse_mode"),
    ],
)
def test_text_limits(text, parse_mode, error):
    with pytest.raises(ApiError) as caught:
        format_text(text, parse_mode, None)
    assert caught.value.description == f"Bad Request: {error}"


def test_limit_counts_utf16_code_units_after_parsing():
    assert utf16_len("😀") == 2
    assert format_text("😀" * 2048, None, None)[0] == "😀" * 2048
    assert format_text("<b>" + "x" * 4096 + "</b>", "HTML", None)[0] == "x" * 4096
