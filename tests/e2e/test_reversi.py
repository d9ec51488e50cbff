"""Reversi through the Bot API stand-in, the way people play it in a group."""

from __future__ import annotations

import random

from sandbox import Message
from storage import gamestore
from tests.e2e.harness import World
from tests.e2e.reversi_board import data_of, disc_counts, hint_squares, turn_name


async def _lobby(world: World) -> Message:
    lobby = await world.command(world.alice, world.group, "/reversi")
    assert "Waiting for players" in (lobby.text or "")
    assert "Alice" in (lobby.text or "")
    return lobby


async def _two_player_board(world: World) -> Message:
    lobby = await _lobby(world)
    answer = await world.tg.press(world.bob, lobby, "Join")  # the last seat: it starts
    assert not answer.show_alert
    await world.tg.wait_for(lambda: turn_name(lobby) == "Alice", what="the game")
    return lobby


async def _play(world: World, board: Message, square: int, who) -> None:
    versions = len(board.versions)
    answer = await world.tg.press(who, board, callback_data=data_of(board, square))
    assert not answer.show_alert, answer.text
    await world.until_edited(board, versions)


async def test_two_people_play_a_whole_game(world: World) -> None:
    board = await _two_player_board(world)
    people = {"Alice": world.alice, "Bob": world.bob}
    rng = random.Random(3)
    moves = 0
    while turn_name(board) is not None:
        hints = hint_squares(board)
        assert hints, board.text
        mark = world.tg.mark()
        await _play(world, board, rng.choice(hints), people[turn_name(board)])
        moves += 1
        calls = [c.method for c in world.tg.calls_since(mark) if c.method != "getUpdates"]
        assert sorted(calls) == ["answerCallbackQuery", "editMessageText"]  # one edit a move
        black, white = disc_counts(board)
        assert f"⚫ Alice — {black}" in (board.text or "")
        assert f"⚪ Bob — {white}" in (board.text or "")
    assert moves >= 20
    assert "Game over" in (board.text or "")
    assert any(b.text.endswith("Rematch") for row in board.buttons() for b in row)
    (game,) = await gamestore.games_with_status(world.bots[0].db, "finished")
    assert game.table_message_id == board.message_id
    # every move edited the one table message: no new group messages
    assert [m.message_id for m in world.tg.bot_messages(world.group)] == [board.message_id]


async def test_one_person_plays_the_computer(world: World) -> None:
    lobby = await _lobby(world)
    versions = len(lobby.versions)
    await world.tg.press(world.alice, lobby, "🤖 Easy")
    await world.until_edited(lobby, versions)
    assert turn_name(lobby) == "Alice"
    while turn_name(lobby) is not None:
        assert turn_name(lobby) == "Alice"  # the computer's replies come in the same edit
        await _play(world, lobby, hint_squares(lobby)[0], world.alice)
    assert "Game over" in (lobby.text or "")


async def test_private_chat_starts_a_game_against_the_computer_at_once(world: World) -> None:
    await world.tg.send_text(world.bob, world.bob, "/start")
    await world.tg.wait_for_bot_message(world.bob)
    board = await world.command(world.bob, world.bob, "/reversi easy")
    assert turn_name(board) == "Bob"
    assert "Computer (easy)" in (board.text or "")
    await _play(world, board, hint_squares(board)[0], world.bob)
    assert sum(disc_counts(board)) == 6  # Bob's move and the computer's reply


async def test_presses_out_of_turn_illegal_and_by_strangers_change_nothing(world: World) -> None:
    board = await _two_player_board(world)
    tg = world.tg
    versions = len(board.versions)
    legal = hint_squares(board)[0]
    answer = await tg.press(world.bob, board, callback_data=data_of(board, legal))
    assert answer.show_alert and answer.text == "It is not your turn."
    answer = await tg.press(world.carol, board, callback_data=data_of(board, legal))
    assert answer.show_alert and answer.text == "You are not playing in this game."
    occupied = 27  # d4 holds a white disc at the start
    answer = await tg.press(world.alice, board, callback_data=data_of(board, occupied))
    assert answer.show_alert and answer.text == "That is not a legal move."
    corner = 0  # a1: empty, flips nothing
    answer = await tg.press(world.alice, board, callback_data=data_of(board, corner))
    assert answer.show_alert and answer.text == "That is not a legal move."
    assert len(board.versions) == versions and disc_counts(board) == (2, 2)


async def test_a_double_tap_plays_once(world: World) -> None:
    board = await _two_player_board(world)
    data = data_of(board, hint_squares(board)[0])
    first = await world.tg.press_nowait(world.alice, board, callback_data=data)
    second = await world.tg.press_nowait(world.alice, board, callback_data=data)
    answers = [await world.tg.wait_answered(q) for q in (first, second)]
    assert answers[0].text in (None, "")
    assert answers[1].show_alert
    assert answers[1].text == "This board has changed; here is the current one."
    await world.tg.wait_for(lambda: turn_name(board) == "Bob", what="Bob's turn")
    assert disc_counts(board) == (4, 1)


async def test_a_stale_board_never_plays_what_the_player_did_not_see(world: World) -> None:
    board = await _two_player_board(world)
    tg = world.tg
    old = {sq: data_of(board, sq) for sq in range(64)}
    tg.fail_next("editMessageText", 502, "Bad Gateway")  # the board edit is lost on the way
    await tg.press(world.alice, board, callback_data=old[hint_squares(board)[0]])
    await tg.wait_for(
        lambda: any(c.method == "editMessageText" and not c.ok for c in tg.calls),
        what="the failed edit",
    )
    (game,) = await gamestore.games_with_status(world.bots[0].db, "running")
    assert game.version > 0 and board.buttons()[0][0].callback_data == old[0]
    # Bob still sees the start position; a square he presses there carries the old version
    versions = len(board.versions)
    answer = await tg.press(world.bob, board, callback_data=old[37])
    assert answer.text == "This board has changed; here is the current one."
    await world.until_edited(board, versions)  # redrawn as it really is, nothing played
    assert turn_name(board) == "Bob" and disc_counts(board) == (4, 1)
    assert all(data_of(board, sq) != old[sq] for sq in range(64))


async def test_forged_buttons_get_an_alert_and_change_nothing(world: World) -> None:
    board = await _two_player_board(world)
    versions = len(board.versions)
    (game,) = await gamestore.games_with_status(world.bots[0].db, "running")
    for data in ("g:zz:0:m:p19", "hello", f"g:{game.id}:{game.version}:m:p99",
                 f"g:{game.id}:{game.version}:z", "g:1:1:m:p19:x", "lang:xx"):  # fmt: skip
        answer = await world.tg.press_forged(world.alice, board, data)
        assert answer.show_alert, data
        assert answer.text == "This button is not from a game I know.", data
    assert len(board.versions) == versions and disc_counts(board) == (2, 2)


async def test_stop_by_a_stranger_is_refused_and_by_an_admin_ends_the_game(world: World) -> None:
    board = await _two_player_board(world)
    refusal = await world.command(world.carol, world.group, "/stop")  # no admin, no seat
    assert refusal.text == (  # (two people play: a rated game, which they stop by a vote)
        "This game is rated: its players stop it by a vote, or an admin not playing it."
    ), refusal.text
    assert turn_name(board) == "Alice"
    versions = len(board.versions)
    # an admin who is not playing (Alice writing as the group: she is seated as herself)
    await world.tg.send_as_group(world.alice, world.group, "/stop")
    await world.until_edited(board, versions)
    assert "The game was stopped by Friends." in (board.text or "")
    assert await gamestore.active_game(world.bots[0].db, world.group.id) is None


async def test_a_second_game_points_to_the_running_one(world: World) -> None:
    board = await _two_player_board(world)
    pointer = await world.command(world.bob, world.group, "/reversi")
    assert "already running" in (pointer.text or "")
    assert pointer.reply_to is not None and pointer.reply_to.message_id == board.message_id
    assert len(await gamestore.games_with_status(world.bots[0].db, "lobby", "running")) == 1


async def test_stats_count_games_played_and_won(world: World) -> None:
    empty = await world.command(world.carol, world.group, "/stats")
    assert "No finished games here yet." in (empty.text or "")
    board = await _two_player_board(world)
    people = {"Alice": world.alice, "Bob": world.bob}
    while turn_name(board) is not None:
        await _play(world, board, hint_squares(board)[-1], people[turn_name(board) or ""])
    black, white = disc_counts(board)
    stats = await world.command(world.carol, world.group, "/stats")
    text = stats.text or ""
    alice_won, bob_won = int(black > white), int(white > black)
    assert f"Alice — {alice_won}/1 (Reversi {alice_won}/1)" in text
    assert f"Bob — {bob_won}/1 (Reversi {bob_won}/1)" in text


async def test_rematch_swaps_colours_on_a_new_board(world: World) -> None:
    board = await _two_player_board(world)
    people = {"Alice": world.alice, "Bob": world.bob}
    while turn_name(board) is not None:
        await _play(world, board, hint_squares(board)[0], people[turn_name(board) or ""])
    stranger = await world.tg.press(world.carol, board, "🔁 Rematch")
    assert stranger.text == (
        "Only the players still at this table can ask for a rematch. "
        "A game command (see /help) opens a new table."
    )
    await world.tg.press(world.bob, board, "🔁 Rematch")  # asks Alice: a lobby
    rematch = await world.tg.wait_for_bot_message(world.group, after=board.message_id)
    assert "🔁 Rematch: it starts once everyone is back; waiting for Alice." in (rematch.text or "")
    assert "Start" not in [b.text for row in rematch.buttons() for b in row]  # she starts it
    assert "1 of 2 seats taken: Bob" in (rematch.text or "")
    await world.tg.press(world.alice, rematch, "Join")  # she agrees: it starts
    await world.tg.wait_for(lambda: turn_name(rematch) is not None, what="the rematch")
    assert "⚫ Bob — 2" in (rematch.text or "") and "⚪ Alice — 2" in (rematch.text or "")
    assert turn_name(rematch) == "Bob"
    await world.tg.wait_for(
        lambda: not any("Rematch" in b.text for r in board.buttons() for b in r)
    )
    again = await world.tg.press(
        world.alice, board, callback_data=board.buttons()[0][0].callback_data
    )
    assert not again.show_alert  # the old board's squares do nothing now
