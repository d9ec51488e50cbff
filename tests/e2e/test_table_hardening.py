"""Hardening of the table: closed lobbies, hands that stay private, moved groups,
buttons pressed where they do not belong (issue 11, items 2, 5 and 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sandbox import Message, User
from tests.e2e.harness import World, running_world

LOBBIES = ("/gofish", "/gofarm", "/durak", "/reversi")


async def _lobby(world: World, opener: User, command: str) -> Message:
    """``opener`` opens a lobby in the group with Bob sitting too."""
    await world.start_privately(opener, world.bob)
    lobby = await world.command(opener, world.group, command)
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
    (game,) = await world.bots[0].db.games_with_status("stopped")
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
        (game,) = await world.bots[0].db.games_with_status("stopped")
        assert game.meta.get("expired") is True
