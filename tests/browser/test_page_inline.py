"""Inline mode and people's own chats on the sandbox page, in real headless Chromium:
"@tablebot …" shows the results above the input, a click sends one "via @tablebot";
"+ Chat with…" opens a private chat with another person."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.ops.sandbox_run import Sandbox
from tests.browser.chat_page import ChatPage, find, js
from tests.browser.inline_bot import answer_inline_queries

RESULTS = 'document.querySelector("#inline-results")'


@pytest.fixture
def answering(sandbox: Sandbox) -> Iterator[None]:
    stop = answer_inline_queries(sandbox.tg)
    yield
    stop()


async def type_into_box(chat: ChatPage, text: str) -> None:
    await chat.page.click('document.querySelector("#text")', "the message box")
    await chat.page.type(text)


async def test_an_inline_result_is_sent_via_the_bot(
    chat: ChatPage, sandbox: Sandbox, answering: None
) -> None:
    await chat.be("Alice")
    await chat.open("Game night")
    await type_into_box(chat, "@tablebot tonight")
    titles = await chat.page.wait_for(
        f'!{RESULTS}.hidden && [...{RESULTS}.querySelectorAll(".inline-result b")]'
        '.map((e) => e.textContent).join("|") || null',
        "the bot's inline results above the input",
    )
    assert titles == "Reversi tonight|Duel"
    description = await chat.page.evaluate(
        f'{RESULTS}.querySelector(".inline-result span").textContent'
    )
    assert description == "A table for two"
    duel = find(".inline-result", 'e.dataset.resultId === "duel"', RESULTS)
    await chat.page.click(duel, "the Duel result")
    shown = await chat.wait_message('m.text.includes("A duel")', "the chosen result in the chat")
    assert shown.buttons == [["Join"]]
    via = await chat.page.evaluate(
        f'document.querySelector("#messages .msg[data-message-id=\\"{shown.message_id}\\"] .via")'
        ".textContent"
    )
    assert via == "via @tablebot"
    await chat.page.wait_for(
        f'{RESULTS}.hidden && document.querySelector("#text").value === ""', "the box cleared"
    )
    sent = sandbox.tg.message(sandbox.group, shown.message_id)
    assert sent.sender.first_name == "Alice" and sent.inline_message_id


async def test_a_private_chat_with_another_person(
    chat: ChatPage, sandbox: Sandbox, answering: None
) -> None:
    await chat.be("Alice")
    bob = sandbox.people[1]
    await chat.page.evaluate(
        'const s = document.querySelector("#new-chat");'
        f" s.value = {js(str(bob.id))}; s.dispatchEvent(new Event('change'));"
    )
    await chat.wait_title(bob.full_name)
    subtitle = await chat.page.evaluate('document.querySelector("#chat-subtitle").textContent')
    assert "the bot is not here" in subtitle
    await chat.write("hi Bob")
    await chat.wait_message('m.text === "hi Bob"', "Alice's message to Bob")
    await type_into_box(chat, "@tablebot x")
    first = find(".inline-result", 'e.dataset.resultId === "rev"', RESULTS)
    await chat.page.wait_for(f"{first} || null", "the results in the private chat")
    await chat.page.click(first, "the Reversi result")
    await chat.wait_message('m.text === "Reversi!"', "the result in the private chat")
    await chat.be(bob.first_name)
    await chat.open("Alice")
    await chat.wait_message('m.text === "Reversi!"', "Bob sees it")


async def test_a_game_picked_from_the_bot_opens_an_inline_table(
    chat: ChatPage, sandbox: Sandbox
) -> None:
    """The sandbox's bot has inline feedback on (as its set-up says): the real bot's
    Reversi offer, picked in Alice and Bob's chat, becomes a lobby Bob can join."""
    await chat.be("Alice")
    bob = sandbox.people[1]
    await chat.page.evaluate(
        'const s = document.querySelector("#new-chat");'
        f" s.value = {js(str(bob.id))}; s.dispatchEvent(new Event('change'));"
    )
    await chat.wait_title(bob.full_name)
    await type_into_box(chat, "@tablebot rev")
    offer = find(".inline-result", 'e.dataset.resultId === "new:reversi"', RESULTS)
    await chat.page.wait_for(f"{offer} || null", "the bot's Reversi offer")
    await chat.page.click(offer, "the Reversi offer")
    lobby = await chat.wait_message(
        'm.text.includes("Reversi") && m.buttons.flat().includes("Join")', "the lobby drawn"
    )
    await chat.be(bob.first_name)
    await chat.open("Alice")
    await chat.press(lobby.message_id, "Join")
    await chat.wait_message('m.text.includes("Turn:")', "the game started for Bob")
