"""A blackjack table closed by ``/stop`` counts in ``/stats`` (issue 30, item 2): the
README says a table that closes counts, a win for whoever leaves it (or is seated when
it closes) with more chips than they sat down with."""

from __future__ import annotations

from tests.e2e.blackjack_table import open_table, press, stack
from tests.e2e.harness import World

READY, NEXT = "✅ Ready", "▶️ Next round"


async def test_a_table_stopped_after_a_won_round_counts_the_win(world: World) -> None:
    db, tg, carol = world.bots[0].db, world.tg, world.carol
    table = await open_table(world, carol)
    await stack(db, table, ["10H 10C"], "10D 7S")  # 20 against the dealer's 17
    mark = tg.bot_messages(world.group)[-1].message_id
    for label in ("+50", READY, "Stand"):
        await press(world, table, carol, label)
    assert "Carol · 🪙 550" in (table.text or ""), table.text
    await tg.wait_for_bot_message(world.group, after=mark, containing="· dealer:")
    versions = len(table.versions)
    await tg.send_text(carol, world.group, "/stop")
    await world.until_edited(table, versions)
    assert "The game was stopped by Carol." in (table.text or "")
    stats = await world.command(carol, world.group, "/stats")
    assert "Carol — 1/1 (Blackjack 1/1)" in (stats.text or ""), stats.text


async def test_a_table_stopped_mid_round_counts_everyone_seated(world: World) -> None:
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    table = await open_table(world, alice)
    await press(world, table, bob, "🪑 Join table")
    await stack(db, table, ["10H 9C", "10S 6D"], "10C 8S")  # 19 and 16 against 18
    for who, label in ((alice, "+100"), (bob, "+100"), (alice, READY), (bob, READY)):
        await press(world, table, who, label)
    versions = len(table.versions)
    mark = tg.bot_messages(world.group)[-1].message_id
    await tg.send_text(bob, world.group, "/stop")  # basic strategy plays the round out
    await world.until_edited(table, versions)
    await tg.wait_for_bot_message(world.group, after=mark, containing="· dealer:")
    assert "The game was stopped by Bob." in (table.text or "")
    stats = (await world.command(alice, world.group, "/stats")).text or ""
    assert "Alice — 1/1 (Blackjack 1/1)" in stats, stats  # 19 beats 18
    assert "Bob — 0/1 (Blackjack 0/1)" in stats, stats  # 16 surrendered: 450 of 500
