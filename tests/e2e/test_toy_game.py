"""A new game is one folder's worth of code: Nim, declared in the test suite alone
(tests/e2e/toy_game.py: its engine and its adapter), is registered with the bot and
played end to end through the stand-in like the five games of the bot: the command
menu and /rules offer it, a lobby seats two people, the buttons move, the table
says who won, /stats counts it."""

from __future__ import annotations

import re

from bot.glue.app import default_adapters
from tests.e2e.harness import World
from tests.e2e.toy_game import NimAdapter


def _stones(text: str | None) -> int:
    found = re.search(r"\((\d+)\)", text or "")
    assert found, text
    return int(found[1])


async def test_a_game_declared_in_the_tests_alone_is_played_to_the_end(world: World) -> None:
    for bot in list(world.bots):  # the fixture's bot knows the five games only
        await bot.stop()
        world.bots.remove(bot)
    await world.start_bot(adapters=[*default_adapters().values(), NimAdapter()])
    tg = world.tg

    def nim_offered() -> bool:  # the new bot's menu (each language's) offers it
        menus = [menu for (_, language), menu in tg.world.settings.commands.items() if not language]
        return any({"command": "nim", "description": "Play Nim"} in menu for menu in menus)

    await tg.wait_for(nim_offered, what="the command menu with /nim")
    rules = await world.command(world.alice, world.group, "/rules nim")
    assert "whoever takes the last one wins" in (rules.text or "")

    table = await world.open_lobby("/nim", [world.bob])  # two seats: it starts
    await tg.wait_for(lambda: "Turn: Alice" in (table.text or ""), what="the game")
    people = {"Alice": world.alice, "Bob": world.bob}
    while "wins" not in (table.text or ""):
        turn = re.search(r"Turn: (\w+)", table.text or "")
        assert turn, table.text
        stones, versions = _stones(table.text), len(table.versions)
        answer = await tg.press(people[turn[1]], table, "Take 1")
        assert not answer.show_alert, answer.text
        await world.until_edited(table, versions)
        assert _stones(table.text) == stones - 1
    assert "🏆 Alice took the last stone and wins." in (table.text or "")  # 7 single stones
    stats = await world.command(world.alice, world.group, "/stats")
    assert "Alice — 1/1 (Nim 1/1)" in (stats.text or "")
