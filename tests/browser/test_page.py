"""The sandbox page in real headless Chromium: people play the real bot with the mouse."""

from __future__ import annotations

import telegram

from bot.ops.sandbox_run import BOT_USERNAME, Sandbox
from tests.browser.chat_page import ChatPage, js

# A generic deep link (not a game's join link: those are "j<game id>"); the Go Fish
# lobby's own "Open private chat" button is clicked in the last test.
PAYLOAD = "sandbox42"
START_LINK = f"https://t.me/{BOT_USERNAME}?start={PAYLOAD}"


def is_message(message_id: int, condition: str) -> str:
    return f"m.message_id === {message_id} && {condition}"


async def reversi_board(chat: ChatPage) -> int:
    """Alice opens a table with /reversi, Bob joins, Alice starts: the board's message id."""
    await chat.be("Alice")
    await chat.open("Game night")
    await chat.write("/reversi")
    await chat.wait_message('m.text === "/reversi" && m.sender === ""', "Alice's /reversi")
    lobby = await chat.wait_message('m.text.includes("Waiting for players")', "the lobby")
    await chat.be("Bob")
    await chat.press(lobby.message_id, "Join")
    # Bob takes the last seat: the game starts
    condition = is_message(lobby.message_id, 'm.text.includes("Turn: ⚫ Alice")')
    await chat.wait_message(condition, "the board with Alice to move")
    return lobby.message_id


async def test_two_people_play_reversi_by_clicking_the_board(
    chat: ChatPage, sandbox: Sandbox
) -> None:
    board_id = await reversi_board(chat)
    board = await chat.message(board_id)
    assert board.discs() == (2, 2) and board.board.count("•") == 4
    for _ in range(4):
        mover, (black, white) = board.turn(), board.discs()
        assert mover in ("Alice", "Bob"), board.text
        await chat.be(mover)
        await chat.press(board_id, "•")  # the first square marked as legal
        board = await chat.wait_edit(board_id, board.edits, f"{mover}'s move on the board")
        gained, lost = (0, 1) if mover == "Alice" else (1, 0)
        after = board.discs()
        assert sum(after) == black + white + 1, board.text
        assert after[gained] >= (black, white)[gained] + 2 and after[lost] < (black, white)[lost]
        assert f"⚫ Alice — {after[0]}" in board.text and f"⚪ Bob — {after[1]}" in board.text
        assert board.turn() != mover
    # every move edited the one table message in place
    assert await chat.bot_messages() == [board_id]
    assert [m.message_id for m in sandbox.tg.bot_messages(sandbox.group)] == [board_id]
    assert len(sandbox.tg.message(sandbox.group, board_id).versions) >= 6


async def test_a_bystanders_press_gets_the_bots_alert(chat: ChatPage, sandbox: Sandbox) -> None:
    board_id = await reversi_board(chat)
    await chat.be("Carol")
    await chat.press(board_id, "•")
    shown = await chat.page.wait_for(
        'document.querySelector("#alert").open'
        ' && document.querySelector("#alert-text").textContent',
        "the bot's alert for Carol",
    )
    (query,) = [q for q in sandbox.tg.world.queries.values() if q.user.first_name == "Carol"]
    assert query.answer is not None and query.answer.show_alert
    assert shown == query.answer.text
    await chat.page.click('document.querySelector("#alert-ok")', "OK")
    await chat.page.wait_for('!document.querySelector("#alert").open', "the alert to close")


async def test_a_start_link_opens_the_private_chat_and_sends_start(
    chat: ChatPage, sandbox: Sandbox
) -> None:
    async with telegram.Bot(sandbox.tg.token, base_url=sandbox.tg.base_url) as bot:
        posted = await bot.send_message(
            sandbox.group.id,
            "<b>Come along</b>: talk to me in private &lt;img src=x onerror=alert(1)&gt;",
            parse_mode="HTML",
            reply_markup=telegram.InlineKeyboardMarkup(
                [[telegram.InlineKeyboardButton("Open private chat", url=START_LINK)]]
            ),
        )
    await chat.be("Bob")
    await chat.open("Game night")
    shown = await chat.wait_message(is_message(posted.message_id, "true"), "the posted message")
    assert shown.text == "Come along: talk to me in private <img src=x onerror=alert(1)>"
    markup = await chat.page.evaluate(
        '[document.querySelector("#messages .text b")?.textContent,'
        ' document.querySelectorAll("#messages img").length]'
    )
    assert markup == ["Come along", 0]  # bold rendered; the bot's text never parsed as HTML
    await chat.press(posted.message_id, "Open private chat")
    await chat.wait_title("Table Bot")
    await chat.wait_message(f"m.text === {js(f'/start {PAYLOAD}')}", "Bob's /start")
    await chat.wait_message('m.text.includes("Table games")', "the bot's answer to /start")
    texts = [m.text or "" for m in sandbox.tg.messages(sandbox.people[1])]
    assert texts[0] == f"/start {PAYLOAD}" and "Table games" in texts[1]


async def test_the_go_fish_lobby_links_open_private_chats_and_seat_people(
    chat: ChatPage, sandbox: Sandbox
) -> None:
    await chat.be("Alice")
    await chat.open("Game night")
    await chat.write("/gofish")
    lobby = await chat.wait_message('m.text.includes("Waiting for players")', "the lobby")
    # Carol presses Join first: seated, though the bot cannot write to her yet; its
    # alert says how she sees her cards (the lobby's own sentence)
    await chat.be("Carol")
    await chat.open("Game night")
    await chat.press(lobby.message_id, "Join")
    shown = await chat.page.wait_for(
        'document.querySelector("#alert").open'
        ' && document.querySelector("#alert-text").textContent',
        "the bot's alert for Carol",
    )
    assert "My cards" in shown and "Open private chat" in shown
    await chat.page.click('document.querySelector("#alert-ok")', "OK")
    await chat.page.wait_for('!document.querySelector("#alert").open', "the alert to close")
    # then Bob and Carol follow the lobby's URL button, which opens the private chat
    for name, said in (("Bob", "You joined"), ("Carol", "already at the table")):
        await chat.be(name)
        await chat.open("Game night")
        await chat.press(lobby.message_id, "✉️ Open private chat")
        await chat.wait_title("Table Bot")
        await chat.wait_message('m.text.startsWith("/start j")', f"{name}'s /start")
        await chat.wait_message(f'm.text.includes("{said}")', f"{name} seated")
    await chat.open("Game night")
    seated = is_message(lobby.message_id, 'm.text.includes("Bob") && m.text.includes("Carol")')
    await chat.wait_message(seated, "Bob and Carol in the lobby")
