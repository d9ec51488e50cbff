"""A Durak game that ends in a draw (the last two go out of cards together: nobody is
left holding cards) ranks those two together: the rating does, and the final
standings must too, not "1. Alice, 2. Bob" under "A draw"."""

from __future__ import annotations

from tests.e2e.durak_table import dealt_endgame
from tests.e2e.harness import World
from tests.e2e.inline_hands import play_card


async def test_a_durak_draw_shares_the_last_place_in_the_standings(world: World) -> None:
    tg = world.tg
    tg.set_inline_feedback(True)  # BotFather's /setinlinefeedback: a chosen move is played
    await world.start_privately(world.alice, world.bob)
    table = await world.start_game(await world.open_lobby("/durak", [world.bob]))
    await tg.wait_for(lambda: "Waiting for players" not in (table.text or ""), what="dealt")
    # the last bout: Alice attacks with her last card, Bob beats it with his last one
    await dealt_endgame(world, [["7C"], ["8C"]], attacker=0, defender=1)
    await tg.wait_for(lambda: "Alice — 1 card" in (table.text or ""), what="the last bout")
    for person, card in ((world.alice, "7♣"), (world.bob, "8♣")):
        await play_card(world, person, table, card)
    await tg.wait_for(lambda: "🤝" in (table.text or ""), what="the draw")
    standings = next(line for line in (table.text or "").splitlines() if "Final standings" in line)
    assert standings == "🏁 Final standings: 1. Alice, 1. Bob", standings
