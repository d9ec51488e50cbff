"""Go Fish: the people who resigned are ranked last together (the rating puts them in
one shared last place); the final standings must say the same, not "2." and "3."."""

from __future__ import annotations

from tests.e2e.harness import World

RESIGN = "🏳️ Resign"


async def test_two_who_resigned_share_the_last_place(world: World) -> None:
    tg = world.tg
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(await world.open_lobby("/gofish", [world.bob, world.carol]))
    await tg.wait_for(lambda: "▶️" in (table.text or ""), what="dealt")
    for person in (world.bob, world.carol):
        await tg.press(person, table, RESIGN)
        assert (await tg.press(person, table, RESIGN)).text == "You resigned."
    await tg.wait_for(lambda: "Final standings" in (table.text or ""), what="the end")
    standings = next(line for line in (table.text or "").splitlines() if "Final standings" in line)
    assert standings.endswith(", 2. Bob (resigned), 2. Carol (resigned)"), standings
    assert "⭐ Rated:" in (table.text or "")
