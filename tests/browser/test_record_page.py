"""A Reversi record in the sandbox page at a phone's width (issue 34): /record's photo
shows whole inside the chat, with the transcript under it, and its animation plays."""

from __future__ import annotations

import random

import pytest

from bot.ops.sandbox_run import Sandbox
from tests.browser.chat_page import ChatPage
from tests.e2e.reversi_board import data_of, hint_squares, turn_name

PHONE = 420
# every picture in the chat loaded (a load event each), or an error after 10 s
LOADED = """Promise.race([
  Promise.all([...document.querySelectorAll("#messages img.media")].map((i) =>
    i.complete ? Promise.resolve()
               : new Promise((ok, fail) => { i.onload = ok; i.onerror = fail; }))),
  new Promise((_, fail) => setTimeout(() => fail(new Error("pictures not loaded in 10 s")), 10000)),
])"""


async def _finished_game(sandbox: Sandbox) -> None:
    """Alice and Bob play a whole game through the stand-in (not the page)."""
    tg, group = sandbox.tg, sandbox.group
    alice, bob = sandbox.people[0], sandbox.people[1]
    await tg.send_text(alice, group, "/reversi")
    board = await tg.wait_for_bot_message(group, containing="Waiting for players")
    await tg.press(bob, board, "Join")
    await tg.wait_for(lambda: turn_name(board) == "Alice", what="the game")
    people, rng = {"Alice": alice, "Bob": bob}, random.Random(5)
    while (name := turn_name(board)) is not None:
        versions = len(board.versions)
        square = rng.choice(hint_squares(board))
        await tg.press(people[name], board, callback_data=data_of(board, square))
        await tg.wait_for(lambda v=versions: len(board.versions) > v, what="the move")


@pytest.mark.parametrize("width", [PHONE])
async def test_a_reversi_record_fits_a_phone(chat: ChatPage, sandbox: Sandbox, width: int) -> None:
    await _finished_game(sandbox)
    await chat.be("Carol")
    await chat.open("Game night")
    await chat.write("/record")
    await chat.page.wait_for(
        'document.querySelector("#messages img.media.animation")', "the record's animation"
    )
    await chat.page.evaluate(LOADED)  # an image's load is no change of the page's tree
    shown = await chat.page.evaluate(
        """(() => {
          const photo = document.querySelector("#messages img.media.photo");
          const bubble = photo.closest(".bubble");
          return {
            loaded: photo.complete && photo.naturalWidth,
            width: photo.getBoundingClientRect().width,
            pane: document.querySelector("#messages").clientWidth,
            caption: bubble.querySelector(".text").innerText,
            code: bubble.querySelector(".text code")?.innerText ?? "",
            scroll: document.documentElement.scrollWidth,
          };
        })()"""
    )
    assert shown["loaded"] >= 320, shown
    assert 0 < shown["width"] <= shown["pane"] <= width, shown  # whole, within the chat
    assert shown["scroll"] <= width  # nothing sticks out sideways
    assert "Reversi" in shown["caption"] and "Game over" in shown["caption"]
    words = shown["code"].split()
    assert len(words) >= 20 and all(w == "pass" or len(w) == 2 for w in words), words
