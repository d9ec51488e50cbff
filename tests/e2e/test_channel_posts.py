"""A channel's post is copied into its linked discussion group as an automatic
forward (from the Telegram service account, ``sender_chat`` the channel,
``is_automatic_forward``). Nobody typed it in the group: a post that starts with
/reversi or /stop is no command there."""

from __future__ import annotations

from sandbox import Chat
from storage import gamestore
from tests.e2e.harness import World


async def test_a_channel_post_copied_into_the_discussion_group_opens_nothing(
    world: World,
) -> None:
    channel = Chat(-1009900000003, "channel", title="Friends' news")
    before = len(world.tg.bot_messages(world.group))
    await world.tg.post_in_linked_channel(world.group, channel, "/reversi tonight at eight!")
    await world.command(world.alice, world.group, "/turntime")  # handled after it, in order
    await world.synced()
    assert await gamestore.active_game(world.bots[0].db, world.group.id, 0) is None
    assert len(world.tg.bot_messages(world.group)) == before + 1  # the /turntime answer


async def test_a_channel_post_does_not_stop_the_groups_game(world: World) -> None:
    channel = Chat(-1009900000003, "channel", title="Friends' news")
    table = await world.open_lobby("/reversi", [world.bob])  # full: it starts
    await world.synced()
    before = len(world.tg.bot_messages(world.group))
    await world.tg.post_in_linked_channel(world.group, channel, "/stop")
    await world.command(world.alice, world.group, "/turntime")
    await world.synced()
    game = await gamestore.active_game(world.bots[0].db, world.group.id, 0)
    assert game is not None and game.status == "running"
    assert "stopped" not in (table.text or "")
    assert len(world.tg.bot_messages(world.group)) == before + 1  # the /turntime answer
