"""/start says what /stats shows where it is read: in the bot's private chat the
person's own totals in every chat (not "in this chat"), in a group the chat's."""

from __future__ import annotations

from tests.e2e.harness import World


async def test_start_says_where_stats_count(world: World) -> None:
    private = await world.command(world.alice, world.alice, "/start")
    assert "/stats — your games played and won, in every chat" in (private.text or "")
    assert "/stats — games played and won in this chat" not in (private.text or "")
    group = await world.command(world.alice, world.group, "/start")
    assert "/stats — games played and won in this chat" in (group.text or "")
