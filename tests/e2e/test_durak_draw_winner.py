"""Durak with three players ending in a draw: the last two go out of cards together, but
the player who went out bouts before them was never going to be the durak. /stats counts
a Durak game as won by everyone but the durak; a draw has none, and that player must not
be counted as having lost it (the rating ranks them first too)."""

from __future__ import annotations

from tests.e2e.durak_table import dealt_endgame
from tests.e2e.harness import World
from tests.e2e.inline_hands import play_card
from tests.e2e.players import drawn_at


async def test_who_went_out_before_a_draw_won(world: World) -> None:
    tg = world.tg
    tg.set_inline_feedback(True)  # BotFather's /setinlinefeedback: a chosen move is played
    alice, bob, carol = world.alice, world.bob, world.carol
    await world.start_privately(alice, bob, carol)
    table = await world.start_game(await world.open_lobby("/durak", [bob, carol]))
    await tg.wait_for(lambda: "Waiting for players" not in (table.text or ""), what="dealt")
    # the stock is empty: Alice leads her last card at Bob, who beats it (Alice is out);
    # Carol has nothing to add; then Bob leads his last card at Carol, who beats it with
    # her last one: nobody is left holding cards
    await dealt_endgame(
        world, [["7C"], ["9C", "6H"], ["8H"]], attacker=0, defender=1, log=[], record=[]
    )
    await tg.wait_for(lambda: "Carol — 1 card" in (table.text or ""), what="the last bouts")

    await play_card(world, alice, table, "7♣")
    await play_card(world, bob, table, "9♣")
    await world.synced()
    version = drawn_at(table)
    await tg.press(carol, table, "✋ Done")
    await tg.wait_for(lambda: drawn_at(table) != version, what="the bout closed")
    await play_card(world, bob, table, "6♥️")
    await play_card(world, carol, table, "8♥️")
    await tg.wait_for(lambda: "Final standings" in (table.text or ""), what="the end")
    text = table.text or ""
    assert "🤝 A draw" in text, text
    standings = next(line for line in text.splitlines() if "Final standings" in line)
    assert standings == "🏁 Final standings: 1. Alice, 2. Bob, 2. Carol", standings
    stats = (await world.command(carol, world.group, "/stats")).text or ""
    assert "Alice — 1/1" in stats, stats  # out of cards first: not the durak, a win
    assert "Bob — 0/1" in stats and "Carol — 0/1" in stats, stats  # the draw: neither won
