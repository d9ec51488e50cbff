"""Telegram's ordinary failures are handled, not crashed on."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sandbox import Message, User
from sandbox.model import ADMINISTRATOR, KICKED
from storage import gamestore
from tests.e2e.clock import TURN, ManualClock
from tests.e2e.harness import World, running_world
from tests.e2e.reversi_board import data_of, hint_squares, turn_name


async def _reversi(world: World) -> Message:
    board = await world.open_lobby("/reversi", [world.bob])  # full: it starts
    assert turn_name(board) == "Alice"
    return board


async def test_kicked_from_the_group_ends_its_games(world: World) -> None:
    await _reversi(world)
    world.tg.kick_bot(world.group, by=world.alice)
    world.tg.add_bot(world.group, by=world.alice)
    # updates of one chat are handled in order: this command comes after the removal
    lobby = await world.command(world.alice, world.group, "/reversi")
    assert "Waiting for players" in (lobby.text or "")
    (game,) = await gamestore.games_with_status(world.bots[0].db, "stopped")
    assert game.chat_id == world.group.id


async def test_a_group_upgraded_to_a_supergroup_keeps_its_game(tmp_path: Path) -> None:
    async with running_world(tmp_path, supergroup=False) as world:
        running = await world.start_bot()
        board = await _reversi(world)
        await world.tg.press(
            world.alice, board, callback_data=data_of(board, hint_squares(board)[0])
        )
        await world.tg.wait_for(lambda: turn_name(board) == "Bob")
        new = world.tg.upgrade_to_supergroup(world.group, by=world.alice)
        moved = await world.tg.wait_for_bot_message(new, containing="Reversi")  # at once
        assert turn_name(moved) == "Bob"
        pointer = await world.command(world.bob, new, "/reversi")
        assert "already running" in (pointer.text or "")
        game = await gamestore.active_game(running.db, new.id)
        assert game is not None and game.status == "running" and game.version >= 2
        assert await gamestore.active_game(running.db, world.group.id) is None


async def test_a_deleted_table_is_posted_again(world: World) -> None:
    for person in (world.alice, world.bob):
        await world.command(person, person, "/start")
    table = await world.command(world.alice, world.group, "/gofish")
    await world.tg.press(world.bob, table, "Join")
    await world.tg.wait_for(lambda: "Bob" in (table.text or ""))
    await world.tg.press(world.alice, table, "Start")
    await world.tg.wait_for(lambda: "▶️" in (table.text or ""))
    world.tg.delete_message(world.group, table.message_id)
    mover = world.alice if "▶️ Alice" in (table.text or "") else world.bob

    def hand() -> Message | None:
        for message in world.tg.bot_messages(mover):
            if message.buttons() and "Your hand" in (message.text or ""):
                return message
        return None

    keyboard = await world.tg.wait_for(hand)
    await world.tg.press(mover, keyboard, callback_data=keyboard.buttons()[0][0].callback_data)
    if keyboard.buttons()[0][0].text.startswith("Ask "):
        await world.tg.press(mover, keyboard, callback_data=keyboard.buttons()[0][0].callback_data)
    reposted = await world.tg.wait_for_bot_message(world.group, after=table.message_id)
    assert "Go Fish" in (reposted.text or "") and reposted.buttons()
    answer = await world.tg.press(world.carol, reposted, "🃏 My hand")
    assert answer.text == "You are not playing in this game."  # the new table's buttons work
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.table_message_id == reposted.message_id


async def test_too_many_requests_is_retried_after_the_time_telegram_names(world: World) -> None:
    board = await _reversi(world)
    world.tg.fail_next("editMessageText", 429, "Too Many Requests: retry after 1", retry_after=1)
    versions = len(board.versions)
    await world.tg.press(world.alice, board, callback_data=data_of(board, hint_squares(board)[0]))
    await world.until_edited(board, versions)
    failed = [c for c in world.tg.calls if c.error_code == 429]
    assert len(failed) == 1
    assert turn_name(board) == "Bob"


async def test_kicked_from_the_group_the_private_hands_say_the_game_stopped(
    world: World,
) -> None:
    """The bot removed from a group ends its Go Fish game: each private hand says it
    was stopped, and by whom, and keeps no moves, as every hand of a stopped game."""
    await _gofish_of_two(world)
    world.tg.kick_bot(world.group, by=world.alice)
    await _hands_say(world, "The game was stopped by Alice.")


async def test_a_refusal_heard_before_the_removal_redraws_the_hands_too(world: World) -> None:
    """The bot is out of the group, and a move's table edit is refused (403) before the
    update saying so arrives: the game ends then, by its own save, and each private
    hand says why and keeps no moves (who removed the bot is not known yet)."""
    table = await _gofish_of_two(world)
    chat = world.tg.world.chats[world.group.id]
    chat.members[world.tg.world.bot.id] = KICKED  # removed: Telegram has not said so yet
    mover = world.alice if "▶️ Alice" in (table.text or "") else world.bob
    hand = _hand_of(world, mover)
    assert hand is not None and hand.buttons()
    await world.tg.press(mover, hand, callback_data=hand.buttons()[0][0].callback_data)
    await _hands_say(world, "The game was stopped: the bot can no longer write in its group.")


async def _gofish_of_two(world: World) -> Message:
    await world.start_privately(world.alice, world.bob)
    table = await world.open_lobby("/gofish", [world.bob])
    await world.start_game(table)
    for person in (world.alice, world.bob):
        await world.tg.wait_for(lambda p=person: _hand_of(world, p), what="the hand")
    return table


def _hand_of(world: World, person: User) -> Message | None:
    hands = [m for m in world.tg.bot_messages(person) if "Go Fish ·" in (m.text or "")]
    return hands[-1] if hands else None


async def _hands_say(world: World, words: str) -> None:
    for person in (world.alice, world.bob):
        hand = _hand_of(world, person)
        assert hand is not None
        await world.tg.wait_for(lambda h=hand: words in (h.text or ""), what=words)
        assert hand.buttons() == [], hand.buttons()


async def test_an_upgraded_group_keeps_none_of_the_old_chats_message_ids(
    tmp_path: Path,
) -> None:
    """A nudge posted in a basic group stays behind when the group becomes a
    supergroup, whose message ids start again from 1: the next move must not delete
    the new chat's message that has the old nudge's id (the bot is an admin there, so
    it would be someone else's)."""
    async with running_world(tmp_path, supergroup=False) as world:
        world.tg.world.chats[world.group.id].members[world.tg.world.bot.id] = ADMINISTRATOR
        clock = ManualClock()
        await world.start_bot(clock=clock)
        await _reversi(world)
        clock.advance(TURN / 2)  # Alice is late: the group is told
        nudge = await world.tg.wait_for(
            lambda: next((m for m in world.tg.bot_messages(world.group)
                          if "your turn in" in (m.text or "")), None), what="a nudge",
        )  # fmt: skip
        new = world.tg.upgrade_to_supergroup(world.group, by=world.alice)
        moved = await world.tg.wait_for_bot_message(new, containing="Reversi")
        said: list[Message] = []
        while not said or said[-1].message_id < nudge.message_id:
            said.append(await world.tg.send_text(world.carol, new, "good luck!"))
        assert said[-1].message_id == nudge.message_id  # the old nudge's id, here Carol's
        await world.tg.press(
            world.alice, moved, callback_data=data_of(moved, hint_squares(moved)[0])
        )
        await world.tg.wait_for(lambda: turn_name(moved) == "Bob", what="Alice's move")
        await world.synced()
        assert not said[-1].deleted


async def test_a_game_the_muted_bot_cannot_show_ends_and_blocks_nothing(world: World) -> None:
    """An admin restricts the bot from sending messages: a lobby opened then cannot be
    posted, so it ends at once (not an invisible lobby that answers the next game
    command with a pointer to nothing); once the bot may write again, a game opens."""
    world.tg.mute_member(world.group, world.tg.bot, by=world.alice)
    await world.start_privately(world.bob)
    mark = world.tg.mark()
    await world.tg.send_text(world.alice, world.group, "/reversi")
    await world.tg.wait_for(
        lambda: [c for c in world.tg.calls_since(mark, method="sendMessage")
                 if c.chat_id == world.group.id and c.error_code == 400],
        what="the lobby's post refused",
    )  # fmt: skip
    await world.synced()
    assert await gamestore.active_game(world.bots[0].db, world.group.id) is None
    world.tg.mute_member(world.group, world.tg.bot, by=world.alice, muted=False)
    lobby = await world.command(world.bob, world.group, "/reversi")
    assert "Waiting for players" in (lobby.text or ""), lobby.text


async def test_a_table_deleted_while_the_bot_is_muted_ends_its_game(tmp_path: Path) -> None:
    """The bot is muted and an admin deletes the running table: it cannot be posted
    again, so the game ends there (played on where nobody sees it, the turn timer
    would play for everybody), and the private hands say why."""
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        table = await _gofish_of_two(world)
        world.tg.mute_member(world.group, world.tg.bot, by=world.alice)
        world.tg.delete_message(world.group, table.message_id)
        mover = world.alice if "▶️ Alice" in (table.text or "") else world.bob
        hand = _hand_of(world, mover)
        assert hand is not None and hand.buttons()
        await world.tg.press(mover, hand, callback_data=hand.buttons()[0][0].callback_data)
        if hand.buttons() and hand.buttons()[0][0].text.startswith("Ask "):
            await world.tg.press(mover, hand, callback_data=hand.buttons()[0][0].callback_data)
        await _hands_say(world, "The game was stopped: the bot can no longer write in its group.")
        (game,) = await gamestore.games_with_status(world.bots[0].db, "stopped")
        assert game.chat_id == world.group.id


async def test_a_table_the_muted_bot_cannot_move_below_stays_and_plays_on(world: World) -> None:
    """The bot is muted and someone sends /table: the table cannot be posted again at
    the bottom, so it stays where it is and the game goes on there."""
    board = await _reversi(world)
    world.tg.mute_member(world.group, world.tg.bot, by=world.alice)
    mark = world.tg.mark()
    await world.tg.send_text(world.bob, world.group, "/table")
    await world.tg.wait_for(
        lambda: [c for c in world.tg.calls_since(mark, method="sendMessage")
                 if c.chat_id == world.group.id and c.error_code == 400],
        what="the repost refused",
    )  # fmt: skip
    await world.synced()
    await world.tg.press(world.alice, board, callback_data=data_of(board, hint_squares(board)[0]))
    await world.tg.wait_for(lambda: turn_name(board) == "Bob", what="Alice's move shown")
    assert not board.deleted


async def test_a_game_opened_in_the_supergroup_first_does_not_strand_the_old_one(
    tmp_path: Path,
) -> None:
    """The group is upgraded while the bot is still busy with an update of the old
    chat (an admin's /turntime waiting on Telegram), and someone opens a game in the
    new supergroup before the bot hears of the upgrade: the old chat's running game
    still moves (the one game a chat holds is the one that was running), its table is
    posted in the new chat, and the command opened there meanwhile is answered with a
    pointer to it (the admin's /turntime, for a chat that is gone, is dropped)."""
    async with running_world(tmp_path, supergroup=False) as world:
        running = await world.start_bot()
        board = await _reversi(world)
        release = asyncio.Event()
        world.tg.slow_next("getChatMember", release.wait())
        await world.tg.send_text(world.alice, world.group, "/turntime 30")
        await world.tg.wait_for(lambda: world.tg.world.transit == {}, what="the slow call")
        hello = await world.command(world.carol, world.carol, "/start")
        new = world.tg.upgrade_to_supergroup(world.group, by=world.alice)
        await world.tg.send_text(world.carol, new, "/gofish")  # before anything is seen
        pointer = await world.tg.wait_for_bot_message(world.carol, after=hello.message_id)
        assert "already running" in (pointer.text or ""), pointer.text
        moved = await world.tg.wait_for_bot_message(new, containing="Reversi")
        assert turn_name(moved) == turn_name(board)
        release.set()
        await world.synced()
        game = await gamestore.active_game(running.db, new.id)
        assert game is not None and game.kind == "reversi" and game.status == "running"


async def test_a_reply_on_its_way_when_the_group_is_upgraded_is_said_in_the_new_chat(
    tmp_path: Path,
) -> None:
    """Alice gives /turntime a number it does not take; before the answer (a reply to
    her command) reaches Telegram the group becomes a supergroup. Telegram refuses the
    old chat (migrate_to_chat_id): the answer was dropped, Alice answered nowhere. It
    is said in the new chat, as a reply to nothing (the old chat's message ids name
    other messages there)."""
    async with running_world(tmp_path, supergroup=False) as world:
        await world.start_bot()
        arrived = asyncio.Event()
        world.tg.slow_next("sendMessage", arrived.wait())
        try:
            await world.tg.send_text(world.alice, world.group, "/turntime 5")
            await world.tg.wait_for(
                lambda: "sendmessage" not in world.tg.world.transit, what="the answer sent"
            )
            new = world.tg.upgrade_to_supergroup(world.group, by=world.alice)
        finally:
            arrived.set()
        answer = await world.tg.wait_for_bot_message(new, containing="seconds per turn")
        assert answer.reply_to is None
