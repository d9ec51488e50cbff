"""A tap on a card of the hand app's hand chooses the move that plays it: at once when
the card makes one move (a Durak attack), or, when it makes several (a Go Fish rank
that two people may be asked for), by marking those moves for the person to choose
from. In real headless Chromium at a phone's width; nothing is sent into the group."""

from __future__ import annotations

import pytest

from bot.adapter import seats_of, state_of
from bot.buttons import from36
from bot.ops.sandbox_run import Sandbox
from bot.services import services_of
from sandbox import Message
from storage import gamestore
from tests.browser.chat_page import ChatPage
from tests.browser.test_hand_app_page import PHONE, durak_table, moves, open_hand

PLAYABLE = '[...document.querySelectorAll("#hand .card.playable")]'


def _game_id(table: Message) -> int:
    link = next(b.url for line in table.buttons() for b in line if "startapp=" in (b.url or ""))
    return from36(str(link).split("startapp=")[1].split("_")[0])


async def _mover(sandbox: Sandbox, kind: str, game_id: int) -> str:
    """The first name of whoever may move now."""
    game = await gamestore.get_game(sandbox.db, game_id)
    assert game is not None and game.state is not None
    adapter = services_of(sandbox.application).adapters[kind]
    name = seats_of(game)[min(adapter.engine.to_move(state_of(adapter, game)))].name
    assert name is not None
    return name


@pytest.mark.parametrize("width", [PHONE])
async def test_a_tap_on_a_durak_card_plays_it(chat: ChatPage, sandbox: Sandbox, width: int) -> None:
    table, _ = await durak_table(sandbox)
    game_id = _game_id(table)
    before = len(sandbox.tg.messages(sandbox.group))
    frame = await open_hand(chat, table, await _mover(sandbox, "durak", game_id))
    # the attacker may lead any card: each card of the hand is one move
    count = await frame.wait_for(f"{PLAYABLE}.length", "cards to tap")
    assert count == await frame.evaluate('document.querySelectorAll("#hand .card").length')
    label = await frame.evaluate(f'{PLAYABLE}[0].getAttribute("aria-label")')
    assert ": Play " in label, label  # the card's words, then the move it makes
    edits = len(table.versions)
    await frame.click(f"{PLAYABLE}[0]", "the first card of the hand")
    await sandbox.tg.wait_for(lambda: len(table.versions) > edits, what="the table edited")
    played = label.split(": Play ")[1]
    assert played in (table.text or ""), (played, table.text)  # that card is on the table
    assert len(sandbox.tg.messages(sandbox.group)) == before  # nothing sent into the group


@pytest.mark.parametrize("width", [PHONE])
async def test_a_card_that_makes_several_moves_marks_them_to_choose_from(
    chat: ChatPage, sandbox: Sandbox, width: int
) -> None:
    tg, group = sandbox.tg, sandbox.group
    alice, bob, carol = sandbox.people[:3]
    await tg.send_text(alice, group, "/gofish")
    table = await tg.wait_for_bot_message(group)
    for person in (bob, carol):
        await tg.press(person, table, "Join")
        await tg.wait_for(lambda p=person: p.first_name in (table.text or ""), what="seated")
    await tg.press(alice, table, "Start")
    await tg.wait_for(lambda: any("startapp=" in (b.url or "") for line in table.buttons()
                                  for b in line), what="the running table")  # fmt: skip
    game_id = _game_id(table)
    before = len(tg.messages(group))
    frame = await open_hand(chat, table, await _mover(sandbox, "gofish", game_id))
    await frame.wait_for(f"{PLAYABLE}.length", "cards to tap")
    # a rank may be asked of either of the two others: the tap plays nothing yet
    version = await frame.evaluate("document.body.dataset.version")
    await frame.click(f"{PLAYABLE}[0]", "a card of the hand")
    picked = await frame.wait_for(
        f'{moves()}.filter((b) => b.classList.contains("pick")).map((b) => b.textContent)',
        "the moves that card makes, marked",
    )
    assert len(picked) == 2 and all(text.startswith("Ask ") for text in picked), picked
    note = await frame.evaluate('document.querySelector("#note").textContent')
    assert note == "That card makes several moves: choose one below."
    assert await frame.evaluate("document.body.dataset.version") == version
    edits = len(table.versions)
    await frame.click(f'{moves()}.find((b) => b.classList.contains("pick"))', "a marked move")
    await tg.wait_for(lambda: len(table.versions) > edits, what="the table edited")
    asked = picked[0].removeprefix("Ask ").split(" for ")[0]
    assert f"{asked}" in (table.text or "")
    assert len(tg.messages(group)) == before  # nothing sent into the group
