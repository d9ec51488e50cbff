"""Hardening of the table: closed lobbies, hands that stay private, moved groups,
buttons pressed where they do not belong (issue 11, items 2, 5 and 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sandbox import Message, User
from storage import gamestore
from tests.e2e.harness import World, running_world

LOBBIES = ("/gofish", "/gofarm", "/durak", "/reversi")


async def _lobby(world: World, opener: User, command: str) -> Message:
    """``opener`` opens a lobby in the group with Bob sitting too (at a table for two,
    his seat would be the last one and start the game: the opener alone then)."""
    await world.start_privately(opener, world.bob)
    lobby = await world.command(opener, world.group, command)
    if command in ("/gofarm", "/reversi"):
        return lobby
    await world.tg.press(world.bob, lobby, callback_data=_data(lobby, "j"))
    await world.tg.wait_for(lambda: "Bob" in (lobby.text or ""), what="Bob in the lobby")
    return lobby


def _data(message: Message, verb: str) -> str:
    """The callback data of the button with ``verb`` (whatever the language)."""
    for row in message.buttons():
        for button in row:
            if button.callback_data and button.callback_data.split(":")[3] == verb:
                return button.callback_data
    raise AssertionError(f"no {verb!r} button on {message.text!r}")


@pytest.mark.parametrize("command", LOBBIES)
async def test_a_stopped_lobby_is_drawn_closed_without_buttons(world: World, command: str) -> None:
    lobby = await _lobby(world, world.alice, command)
    versions = len(lobby.versions)
    await world.tg.send_text(world.alice, world.group, "/stop")
    await world.until_edited(lobby, versions)
    assert "The game was stopped by Alice." in (lobby.text or "")
    assert lobby.buttons() == []
    (game,) = await gamestore.games_with_status(world.bots[0].db, "stopped")
    assert game.state is None


@pytest.mark.parametrize("command", LOBBIES)
async def test_an_expired_lobby_is_drawn_closed_in_the_tables_language(
    tmp_path: Path, command: str
) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot(lobby_seconds=1.0)
        marta = world.tg.add_user("Marta", language_code="es")
        world.tg.add_member(world.group, marta)
        lobby = await _lobby(world, marta, command)
        await world.tg.wait_for(lambda: not lobby.buttons(), timeout=15, what="the lobby closed")
        assert "Esta mesa se cerró: nadie empezó la partida a tiempo." in (lobby.text or "")
        (game,) = await gamestore.games_with_status(world.bots[0].db, "stopped")
        assert game.meta.expired is True


NOT_KNOWN = "This button is not from a game I know."
CHANGED = "This board has changed; here is the current one."


def _hand(world: World, person: User) -> Message | None:
    """The person's private hand message while it offers moves."""
    for message in reversed(world.tg.bot_messages(person)):
        if "Your hand" in (message.text or "") and message.buttons():
            return message
    return None


async def _gofish(world: World) -> tuple[Message, User, Message]:
    """A Go Fish game of Alice and Bob: the table, who is to move and their hand."""
    await world.start_privately(world.alice, world.bob)
    table = await world.start_game(await world.open_lobby("/gofish", [world.bob]))
    mover = world.alice if "▶️ Alice" in (table.text or "") else world.bob
    hand = await world.tg.wait_for(lambda: _hand(world, mover), what="the mover's keyboard")
    return table, mover, hand


async def test_a_forwarded_hand_or_table_is_not_a_game_button(world: World) -> None:
    table, mover, hand = await _gofish(world)
    (game,) = await gamestore.games_with_status(world.bots[0].db, "running")
    copy = await world.tg.forward(mover, hand, world.group)
    assert copy.text == hand.text and copy.buttons() == []  # clients drop callback buttons
    shown = {m.message_id: len(m.versions) for m in (table, hand, copy)}
    # a modified client still sends the hand's buttons from the copy in the group
    for data in [b.callback_data or "" for row in hand.buttons() for b in row]:
        answer = await world.tg.press_forged(mover, copy, data)
        assert answer.show_alert and answer.text == NOT_KNOWN, data
    # the table forwarded into the private chat, its buttons sent from there
    table_copy = await world.tg.forward(mover, table, mover)
    answer = await world.tg.press_forged(mover, table_copy, _data(table, "y"))
    assert answer.show_alert and answer.text == NOT_KNOWN
    # data naming the game on messages that do not show it: another bot message in the
    # group, Carol's own private chat
    await world.start_privately(world.carol)
    other = await world.command(world.bob, world.group, "/stats")  # a reply for the group
    assert other.chat.id == world.group.id and other.buttons() == []
    for person, message in (
        (mover, other),
        (world.carol, world.tg.bot_messages(world.carol)[-1]),
    ):
        answer = await world.tg.press_forged(person, message, _data(table, "y"))
        assert answer.show_alert and answer.text == NOT_KNOWN
    after = await gamestore.get_game(world.bots[0].db, game.id)
    assert after is not None and (after.version, after.state) == (game.version, game.state)
    assert {m.message_id: len(m.versions) for m in (table, hand, copy)} == shown


async def test_a_replaced_table_says_the_board_has_changed(world: World) -> None:
    await world.start_privately(world.alice, world.bob)
    board = await world.open_lobby("/reversi", [world.bob])  # full: it starts
    (game,) = await gamestore.games_with_status(world.bots[0].db, "running")
    world.tg.fail_next("editMessageText", 400, "Bad Request: message can't be edited")
    hints = _data(board, "h")
    square = next(b.callback_data for row in board.buttons() for b in row if b.text == "•")
    await world.tg.press(world.alice, board, callback_data=square)
    new = await world.tg.wait_for_bot_message(world.group, after=board.message_id)
    assert "Turn: ⚪ Bob" in (new.text or "")  # the table went on in a new message
    versions = len(board.versions)
    answer = await world.tg.press(world.bob, board, callback_data=hints)  # the old table
    assert answer.show_alert and answer.text == CHANGED
    after = await gamestore.get_game(world.bots[0].db, game.id)
    assert after is not None and after.version == game.version + 1
    assert not after.meta.hints_off and len(board.versions) == versions


async def test_a_table_whose_message_is_not_recorded_yet_takes_its_presses(
    world: World,
) -> None:
    table, mover, hand = await _gofish(world)
    (game,) = await gamestore.games_with_status(world.bots[0].db, "running")
    await gamestore.set_table_message(world.bots[0].db, game.id, None)  # type: ignore[arg-type]
    answer = await world.tg.press(mover, table, "🃏 My hand")
    assert answer.show_alert and (answer.text or "").startswith("Your hand:")
    copy = await world.tg.forward(mover, hand, world.group)
    refused = await world.tg.press_forged(mover, copy, _data(hand, "m"))
    assert refused.show_alert and refused.text == NOT_KNOWN


async def test_an_upgraded_group_gets_its_table_at_once(tmp_path: Path) -> None:
    async with running_world(tmp_path, supergroup=False) as world:
        await world.start_bot()
        table, mover, hand = await _gofish(world)
        new = world.tg.upgrade_to_supergroup(world.group, by=world.alice)
        moved = await world.tg.wait_for_bot_message(new, containing="Go Fish")
        assert moved.text == table.text
        answer = await world.tg.press(world.carol, moved, "🃏 My hand")
        assert answer.text == "You are not playing in this game."
        versions = len(moved.versions)
        data = hand.buttons()[0][0].callback_data or ""
        if data.split(":")[3] == "k":  # several people to ask: whom
            await world.tg.press(mover, hand, callback_data=data)
            await world.tg.wait_for(lambda: hand.buttons()[0][0].text.startswith("Ask "))
            data = hand.buttons()[0][0].callback_data or ""
        answer = await world.tg.press(mover, hand, callback_data=data)  # the hand still works
        assert not answer.show_alert, answer.text
        await world.until_edited(moved, versions)
        assert f"{mover.first_name} asked" in (moved.text or "")
        game = await gamestore.active_game(world.bots[0].db, new.id)
        assert game is not None and game.table_message_id == moved.message_id
