"""People who write in a group as one of their channels: Telegram shows every such
message as from @Channel_Bot (one id for all channels) with ``sender_chat`` the
channel. A game one channel opened is not another channel's to stop."""

from __future__ import annotations

from sandbox import Chat, Message, User
from storage import gamestore
from tests.e2e.harness import World


async def test_a_game_opened_as_a_channel_is_not_stopped_by_another_channel(
    world: World,
) -> None:
    carols_channel = Chat(-1009900000001, "channel", title="Carol's news")
    bobs_channel = Chat(-1009900000002, "channel", title="Bob's blog")
    said = await world.tg.send_as_channel(world.carol, world.group, carols_channel, "/reversi")
    lobby = await world.tg.wait_for_bot_message(world.group, after=said.message_id)
    assert "0 of 2 seats taken" in (lobby.text or "")
    assert not (await world.tg.press(world.alice, lobby, "Join")).show_alert
    await world.tg.wait_for(lambda: "Alice" in (lobby.text or ""), what="Alice seated")
    assert not (await world.tg.press(world.alice, lobby, "🤖 Easy")).show_alert  # not rated
    await world.tg.wait_for(lambda: "Join" not in str(world.tg.buttons(lobby)), what="started")
    # Bob, not an admin and not its opener, writes /stop as his own channel
    await world.tg.send_as_channel(world.bob, world.group, bobs_channel, "/stop")
    await world.command(world.alice, world.group, "/turntime")  # handled after it, in order
    await world.synced()
    game = await gamestore.active_game(world.bots[0].db, world.group.id, 0)
    assert game is not None and game.status == "running"
    assert "stopped" not in (lobby.text or "")
    # the channel that opened it may stop it, as its opener
    said = await world.tg.send_as_channel(world.carol, world.group, carols_channel, "/stop")
    await world.tg.wait_for(lambda: "stopped" in (lobby.text or ""), what="stopped")


async def test_a_rated_game_opened_as_a_channel_is_not_the_channels_to_stop(
    world: World,
) -> None:
    """Bob opens a lobby writing as his channel, then sits down (a press is always his
    own account): the game is rated, Alice against Bob. Anyone may be behind a channel,
    Bob too, so the channel that opened it does not stop it alone: Bob losing would
    keep his rating that way. Its players stop it by a vote."""
    bobs_channel = Chat(-1009900000002, "channel", title="Bob's blog")
    said = await world.tg.send_as_channel(world.bob, world.group, bobs_channel, "/reversi")
    lobby = await world.tg.wait_for_bot_message(world.group, after=said.message_id)
    for person in (world.alice, world.bob):
        assert not (await world.tg.press(person, lobby, "Join")).show_alert
    await world.tg.wait_for(lambda: "Join" not in str(world.tg.buttons(lobby)), what="started")
    said = await world.tg.send_as_channel(world.bob, world.group, bobs_channel, "/stop")
    told = await world.tg.wait_for_bot_message(world.group, after=said.message_id)
    assert told.text == (
        "A rated game is stopped by a vote of its players: write /stop as yourself."
    ), told.text
    game = await gamestore.active_game(world.bots[0].db, world.group.id, 0)
    assert game is not None and game.status == "running"
    assert "stopped" not in (lobby.text or "")
    voted = await world.command(world.bob, world.group, "/stop")
    assert "🗳 Bob votes to stop the game (1 of 2)." in (voted.text or ""), voted.text


async def _as_group_and_channel(
    world: World, owner: User, channel: Chat, command: str
) -> list[Message]:
    """The bot's answers to ``command`` sent by Alice as the group (an anonymous admin),
    then by ``owner`` as their ``channel``."""
    said = await world.tg.send_as_group(world.alice, world.group, command)
    as_group = await world.tg.wait_for_bot_message(world.group, after=said.message_id)
    said = await world.tg.send_as_channel(owner, world.group, channel, command)
    as_channel = await world.tg.wait_for_bot_message(world.group, after=said.message_id)
    return [as_group, as_channel]


async def test_chips_asked_as_the_group_or_a_channel_name_no_balance(world: World) -> None:
    """Every anonymous admin is @GroupAnonymousBot and every channel @Channel_Bot: a
    balance of theirs is nobody's ("Group: 500 chips" was shown, with a top-up
    offered once it ran low); they are told to ask as themselves."""
    channel = Chat(-1009900000001, "channel", title="Carol's news")
    for answer in await _as_group_and_channel(world, world.carol, channel, "/chips"):
        assert answer.text == "Write as yourself to see your chips."
        assert answer.buttons() == []


async def test_notify_asked_as_the_group_says_to_write_as_yourself(world: World) -> None:
    """Alice has started the bot; as an anonymous admin she was told to start it."""
    await world.start_privately(world.alice)
    said = await world.tg.send_as_group(world.alice, world.group, "/notify")
    answer = await world.tg.wait_for_bot_message(world.group, after=said.message_id)
    assert answer.text == "Write as yourself to get notices of new games here."


async def test_rating_asked_as_the_group_or_a_channel_says_to_write_as_yourself(
    world: World,
) -> None:
    """As @GroupAnonymousBot or @Channel_Bot, /rating answered "You have no rating yet",
    about an account shared by every anonymous admin (or every channel)."""
    channel = Chat(-1009900000002, "channel", title="Bob's news")
    for answer in await _as_group_and_channel(world, world.bob, channel, "/rating"):
        assert answer.text == "Write as yourself to see your ratings."
