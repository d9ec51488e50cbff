"""The sandbox page at a phone's width (420 px): the chat takes the whole width and
the Reversi board stays playable."""

from __future__ import annotations

import pytest

from tests.browser.chat_page import ChatPage
from tests.browser.test_page import reversi_board

PHONE = 420


@pytest.mark.parametrize("width", [PHONE])
async def test_at_a_phones_width_the_board_is_wide_enough_to_play(
    chat: ChatPage, width: int
) -> None:
    board_id = await reversi_board(chat)
    sizes = await chat.page.evaluate(
        '[document.querySelector("#messages").clientWidth,'
        ' ...[...document.querySelectorAll("#messages .kb-row.grid .kb-btn")]'
        "  .slice(0, 8).map((b) => b.getBoundingClientRect().width)]"
    )
    pane, squares = sizes[0], sizes[1:]
    assert pane >= width - 20, f"the chat is {pane} px wide in a {width} px window"
    assert len(squares) == 8 and min(squares) >= 40, squares  # a finger's width
    scrolls = await chat.page.evaluate("document.documentElement.scrollWidth")
    assert scrolls <= width  # nothing sticks out sideways
    await chat.be("Alice")
    await chat.press(board_id, "•")
    board = await chat.wait_edit(board_id, (await chat.message(board_id)).edits, "Alice's move")
    assert board.discs() == (4, 1) and board.turn() == "Bob"
