"""Durak: a person who resigned is ranked last by the rating (the computer's play for
their seat is not theirs), so the final standings must not put them first because the
computer went out of cards first for their seat."""

from __future__ import annotations

from tests.e2e.durak_table import dealt_endgame
from tests.e2e.harness import World
from tests.e2e.inline_hands import play_card

RESIGN = "🏳️ Resign"


async def test_a_resigned_durak_player_is_last_in_the_standings(world: World) -> None:
    tg = world.tg
    tg.set_inline_feedback(True)  # BotFather's /setinlinefeedback: a chosen move is played
    alice, bob, carol = world.alice, world.bob, world.carol
    await world.start_privately(alice, bob, carol)
    table = await world.start_game(await world.open_lobby("/durak", [bob, carol]))
    await tg.wait_for(lambda: "Waiting for players" not in (table.text or ""), what="dealt")
    # the last bout: Bob leads his last card at Carol, who beats it with her last one;
    # Alice is left holding a card
    await dealt_endgame(world, [["8H"], ["6C"], ["7C"]], attacker=1, defender=2, log=[], record=[])
    await tg.wait_for(lambda: "Alice — 1 card" in (table.text or ""), what="the last bout")
    # Bob resigns: the computer takes his seat and leads his last card
    await tg.press(bob, table, RESIGN)
    assert (await tg.press(bob, table, RESIGN)).text == "You resigned."
    await tg.wait_for(lambda: "6♣" in (table.text or ""), what="the computer's lead")
    await play_card(world, carol, table, "7♣")
    await tg.wait_for(lambda: "Final standings" in (table.text or ""), what="the end")
    text = table.text or ""

    assert "Alice is the durak!" in text
    standings = next(line for line in text.splitlines() if "Final standings" in line)
    # as the rating ranks them: Carol, then Alice, then Bob, who resigned
    assert standings == "🏁 Final standings: 1. Carol, 2. Alice (the durak), 3. Bob (resigned)", (
        standings
    )
