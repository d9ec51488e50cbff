"""The sandbox page's controls beyond writing and pressing, in real headless Chromium:
an edit shows its own time, a person blocks and restarts the bot, forum topics."""

from __future__ import annotations

import telegram

from bot.ops.sandbox_run import Sandbox
from tests.browser.chat_page import ChatPage, js, row

BLOCK = 'document.querySelector("#block-button")'


async def test_an_edited_message_shows_the_time_of_the_edit(
    chat: ChatPage, sandbox: Sandbox
) -> None:
    posted = sandbox.tg.world.add_message(sandbox.group, sandbox.tg.world.bot, text="one")
    edited_at = posted.date + 3 * 3600 + 17 * 60  # not the minute it was sent in
    sandbox.tg.world.edit_message(posted, text="two", edit_date=edited_at)
    await chat.be("Alice")
    await chat.open("Game night")
    await chat.wait_edit(posted.message_id, 0, "the edited message")
    clock = "{hour: '2-digit', minute: '2-digit', hourCycle: 'h23'}"
    shown, wanted = await chat.page.evaluate(
        f'[{row(posted.message_id)}.querySelector(".meta").textContent,'
        f" new Date({edited_at} * 1000).toLocaleTimeString([], {clock})]"
    )
    assert shown == f"edited {wanted}"


async def test_a_person_blocks_the_bot_then_restarts_it(chat: ChatPage, sandbox: Sandbox) -> None:
    alice = sandbox.people[0]
    await chat.be("Alice")
    await chat.open("Table Bot")
    await chat.page.click('document.querySelector("#start-button")', "START")
    await chat.wait_message('m.text.includes("Table games")', "the answer to /start")
    await chat.page.click(BLOCK, "Block bot")
    await chat.page.wait_for(
        f'{BLOCK}.textContent === "Unblock bot"'
        ' && document.querySelector("#start-button").textContent === "RESTART"'
        ' && document.querySelector("#composer").hidden',
        "the chat to show the bot blocked",
    )
    assert alice.has_blocked_bot
    async with telegram.Bot(sandbox.tg.token, base_url=sandbox.tg.base_url) as bot:
        try:
            await bot.send_message(alice.id, "hello?")
            raise AssertionError("the bot could write to a person who blocked it")
        except telegram.error.Forbidden as refusal:
            assert refusal.message == "Forbidden: bot was blocked by the user"
    await chat.page.click('document.querySelector("#start-button")', "RESTART")
    await chat.page.wait_for(f'{BLOCK}.textContent === "Block bot"', "the bot unblocked")
    assert not alice.has_blocked_bot


async def test_a_game_in_a_forum_topic_stays_in_its_topic(chat: ChatPage, sandbox: Sandbox) -> None:
    people = sandbox.people
    sandbox.tg.add_group("Club", members=people, admins=people[:1], forum=True)
    await chat.be("Alice")
    await chat.open("Club")
    await chat.page.evaluate('window.prompt = () => "Reversi corner"')
    await chat.page.click('document.querySelector(".new-topic")', "+ Topic")
    selected = 'document.querySelector(".topic.selected")?.textContent'
    await chat.page.wait_for(f"{selected} === {js('# Reversi corner')}", "the new topic open")
    await chat.write("/reversi")
    lobby = await chat.wait_message('m.text.includes("Waiting for players")', "the lobby")
    forum = next(c for c in sandbox.tg.world.chats.values() if c.title == "Club")
    (thread,) = forum.topics
    assert sandbox.tg.message(forum, lobby.message_id).thread_id == thread
    general = '[...document.querySelectorAll(".topic")].find((e) => e.textContent === "# General")'
    await chat.page.click(general, "# General")
    await chat.page.wait_for(f"!{row(lobby.message_id)}", "the lobby out of sight in General")
