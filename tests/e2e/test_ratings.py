"""Ratings through the stand-in (issue 33): a known sequence of Reversi games shows
the ratings Glickman's formulas give, to the integer, on the final table, in /rating
and /leaders; a game with a computer seat and a stopped game are not rated."""

from __future__ import annotations

import random
from pathlib import Path

from bot.ratings import rate, shown, start
from games.durak import ENGINE as DURAK
from games.gofish import ENGINE as GOFISH
from games.ratings import OPENSKILL
from games.ratings.glicko2 import Glicko, one_game
from sandbox import Message, User
from storage import gamestore
from storage.ratings import person_ratings
from tests.e2e.clock import TURN, ManualClock
from tests.e2e.durak_table import play_one, settled
from tests.e2e.harness import World, running_world
from tests.e2e.inline_tables import open_inline
from tests.e2e.inline_tables import press as inline_press
from tests.e2e.players import gofish_step, reversi_step
from tests.e2e.reversi_board import data_of, hint_squares, turn_name
from tests.e2e.test_resign import _resign_twice


def _line(
    names: tuple[str, str], after: tuple[Glicko, Glicko], before: tuple[Glicko, Glicko]
) -> str:
    parts = []
    for name, new, old in zip(names, after, before, strict=True):
        change = round(new.rating) - round(old.rating)
        sign = "+" if change > 0 else "−" if change < 0 else "±"
        mark = "?" if new.rd >= 110 else ""
        parts.append(f"{name} {round(new.rating)}{mark} ({sign}{abs(change)})")
    return "⭐ Rated: " + " · ".join(parts)


async def _reversi(world: World) -> Message:
    board = await world.open_lobby("/reversi", [world.bob])  # full: it starts
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the board")
    return board


async def test_a_sequence_of_reversi_games_is_rated_by_glicko2(world: World) -> None:
    alice, bob = Glicko(), Glicko()
    for loser in (world.bob, world.alice, world.bob):
        board = await _reversi(world)
        await _resign_twice(world, loser, board)
        score = 1.0 if loser is world.bob else 0.0
        after = one_game(alice, bob, score)
        line = _line(("Alice", "Bob"), after, (alice, bob))
        await world.tg.wait_for(lambda b=board, t=line: t in (b.text or ""), what=line)
        alice, bob = after
    # one played to the end by the board
    board = await _reversi(world)
    people: dict[str, User] = {"Alice": world.alice, "Bob": world.bob}
    rng = random.Random(5)
    while await reversi_step(world.tg, board, people, rng):
        pass
    await world.tg.wait_for(lambda: "⭐ Rated:" in (board.text or ""), what="the rating line")
    discs = next(line for line in (board.text or "").splitlines() if "⭐ Rated:" in line)
    (_, stored) = (await person_ratings(world.bots[0].db, world.alice.id))[0]
    assert stored.games == 4
    text = (await world.command(world.alice, world.group, "/rating")).text or ""
    assert f"Reversi: {round(stored.rating)}" in text and "4 rated games" in text, text
    assert "of 2 here" in text, text
    leaders = (await world.command(world.carol, world.group, "/leaders reversi")).text or ""
    assert "Alice —" in leaders and "Bob —" in leaders, leaders
    assert discs.count("?") == 2  # RD over 110 after 4 games each: provisional
    own = (await world.command(world.bob, world.bob, "/leaders")).text or ""
    assert "Your ratings" in own and "Reversi:" in own, own


async def test_a_game_with_a_computer_is_not_rated(world: World) -> None:
    board = await world.command(world.alice, world.group, "/reversi")
    await world.tg.press(world.alice, board, "🤖 Easy")  # full: it starts
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the board")
    await _resign_twice(world, world.alice, board)
    await world.tg.wait_for(lambda: "Not rated: a computer played." in (board.text or ""))
    assert await person_ratings(world.bots[0].db, world.alice.id) == []
    text = (await world.command(world.alice, world.group, "/rating")).text or ""
    assert "You have no rating yet" in text, text


async def test_a_stopped_game_is_not_rated(world: World) -> None:
    board = await _reversi(world)
    await world.command(world.alice, world.group, "/stop")  # a vote: the other agrees
    await world.tg.send_text(world.bob, world.group, "/stop")
    await world.tg.wait_for(lambda: "🔁 Rematch" in str(board.buttons()), what="stopped")
    assert "Rated" not in (board.text or "")
    assert "Not rated: the game was stopped." in (board.text or "")  # the table says so
    assert await person_ratings(world.bots[0].db, world.alice.id) == []
    leaders = (await world.command(world.alice, world.group, "/leaders")).text or ""
    assert "Nobody has played a rated game here yet." in leaders, leaders


async def test_who_opened_a_rated_game_cannot_stop_it_alone(world: World) -> None:
    """Alice opened the game and is an admin of the group: her /stop in a rated game she
    plays is a vote, so she cannot stop a game she is losing to keep her rating; her
    resignation is rated as usual."""
    board = await _reversi(world)
    vote = await world.command(world.alice, world.group, "/stop")
    assert "🗳 Alice votes to stop the game (1 of 2)." in (vote.text or ""), vote.text
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.status == "running"
    await _resign_twice(world, world.alice, board)
    await world.tg.wait_for(lambda: "⭐ Rated:" in (board.text or ""), what="rated")
    rated = await person_ratings(world.bots[0].db, world.alice.id)
    assert [(kind, r.games) for kind, r in rated] == [("reversi", 1)]


async def test_who_opened_a_rated_game_and_does_not_play_it_cannot_stop_it(
    world: World,
) -> None:
    """Carol opens the lobby for her friend Bob and leaves her seat; Alice and Bob play
    a rated game. Bob losing could have Carol stop it (its starter) to keep his rating:
    she is no admin, and only its players (by a vote) or an admin not playing it may."""
    await world.start_privately(world.alice, world.bob)
    lobby = await world.command(world.carol, world.group, "/gofish")  # she sits, then leaves
    for person in (world.alice, world.bob):
        assert not (await world.tg.press(person, lobby, "Join")).show_alert
        await world.tg.wait_for(lambda p=person: p.first_name in (lobby.text or ""))
    assert not (await world.tg.press(world.carol, lobby, "Leave")).show_alert
    await world.tg.wait_for(lambda: "Carol" not in (lobby.text or ""), what="Carol left")
    await world.tg.press(world.alice, lobby, "Start")
    await world.tg.wait_for(lambda: "▶️ " in (lobby.text or ""), what="the game")
    refused = await world.command(world.carol, world.group, "/stop")
    assert refused.text == (
        "This game is rated: its players stop it by a vote, or an admin not playing it."
    ), refused.text
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.status == "running"


async def _bob_goes_away(world: World, board: Message, clock: ManualClock) -> None:
    """Alice moves and Bob lets his turn run out, twice: the computer keeps his seat."""
    for _ in range(2):
        await world.tg.press(world.alice, board,
                             callback_data=data_of(board, hint_squares(board)[0]))  # fmt: skip
        await world.tg.wait_for(lambda: turn_name(board) == "Bob", what="Bob's turn")
        clock.advance(TURN)
        await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="a stand-in")


async def test_an_opponent_away_has_no_vote_so_a_rated_game_can_be_stopped(
    tmp_path: Path,
) -> None:
    """Bob stops playing: after two timeouts in a row the computer keeps his seat. He
    is away, so he has no vote and Alice's /stop alone ends the game (not rated)."""
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        board = await _reversi(world)
        await _bob_goes_away(world, board, clock)
        assert "until they are back" in (board.text or ""), board.text
        await world.tg.send_text(world.alice, world.group, "/stop")
        await world.tg.wait_for(lambda: "stopped by Alice." in (board.text or ""), what="stop")
        assert "Not rated: the game was stopped." in (board.text or "")
        assert await person_ratings(world.bots[0].db, world.bob.id) == []


async def test_someone_away_is_told_how_to_get_their_vote_back(tmp_path: Path) -> None:
    """Bob is away (the computer keeps his seat): his /stop is no vote, and he is told
    why and what gives it back ("I'm back"), not that he is out of the game."""
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        await world.start_privately(world.bob)
        board = await _reversi(world)
        await _bob_goes_away(world, board, clock)
        mark = max(m.message_id for m in world.tg.messages(world.bob))
        await world.tg.send_text(world.bob, world.group, "/stop")
        told = await world.tg.wait_for_bot_message(world.bob, after=mark)
        assert told.text == (
            "In Friends: The computer is playing for you: press 🙋 I'm back on the table, "
            "and your /stop is a vote."
        ), told.text
        await world.tg.press(world.bob, board, "🙋 I'm back")
        await world.tg.wait_for(lambda: "until they are back" not in (board.text or ""))
        voted = await world.command(world.bob, world.group, "/stop")
        assert "🗳 Bob votes to stop the game (1 of 2)." in (voted.text or ""), voted.text


async def test_forgetme_deletes_ratings_and_privacy_says_they_are_kept(world: World) -> None:
    board = await _reversi(world)
    await _resign_twice(world, world.bob, board)
    await world.tg.wait_for(lambda: "⭐ Rated:" in (board.text or ""), what="the rating line")
    privacy = (await world.command(world.alice, world.group, "/privacy")).text or ""
    assert "Your rating in each game" in privacy and "until /forgetme" in privacy, privacy
    prompt = await world.command(world.alice, world.group, "/forgetme")
    assert "Your ratings go too." in (prompt.text or ""), prompt.text
    done = await world.tg.press(world.alice, prompt, "🗑 Delete my data")
    assert done.show_alert, done.text
    text = (await world.command(world.alice, world.group, "/rating")).text or ""
    assert "You have no rating yet" in text, text
    leaders = (await world.command(world.bob, world.group, "/leaders")).text or ""
    assert "Bob —" in leaders and "Alice" not in leaders, leaders


async def test_a_redelivered_final_update_rates_once(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        first = await world.start_bot()
        board = await _reversi(world)
        ask = await world.tg.press(world.bob, board, "🏳️ Resign")
        assert ask.show_alert
        final = await world.tg.press_nowait(world.bob, board, "🏳️ Resign")
        await world.tg.wait_answered(final)
        await world.tg.wait_for(lambda: "⭐ Rated:" in (board.text or ""), what="the line")
        line = board.text
        await first.stop()
        world.bots.remove(first)
        world.tg.redeliver(world.tg.update_id_of(final))  # Telegram never got the confirmation
        second = await world.start_bot()

        def answers() -> int:
            return sum(c.method == "answerCallbackQuery" and c.params.get("callback_query_id")
                       == final.id for c in world.tg.world.calls)  # fmt: skip

        await world.tg.wait_for(lambda: answers() == 2, what="the redelivery answered")
        text = (await world.command(world.alice, world.group, "/rating")).text or ""
        assert "1 rated game" in text and "Reversi: 1662?" in text, text
        ((_, alice),) = await person_ratings(second.db, world.alice.id)
        assert alice.games == 1 and board.text == line


async def test_durak_is_rated_by_openskill_and_who_resigned_is_last(world: World) -> None:
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(await world.open_lobby("/durak", [world.bob, world.carol]))
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None
    await _resign_twice(world, world.bob, table)
    rng = random.Random(3)
    for _ in range(400):
        if (await settled(world, table)).status != "running":
            break
        await play_one(world, {0: world.alice, 2: world.carol}, rng)
    await world.tg.wait_for(lambda: "⭐ Rated:" in (table.text or ""), what="the rating line")
    done = await gamestore.get_game(world.bots[0].db, game.id)
    assert done is not None and done.state is not None
    outcome = DURAK.outcome(DURAK.from_dict(done.state))
    assert outcome is not None
    places = [0 if seat in outcome.winners else 1 for seat in range(3)]
    places[1] = 2  # Bob resigned: last, whatever the computer did with his cards
    new = rate(OPENSKILL, [start(OPENSKILL)] * 3, places)
    line = next(t for t in (table.text or "").splitlines() if t.startswith("⭐ Rated:"))
    for name, rating in zip(("Alice", "Bob", "Carol"), new, strict=True):
        value = shown(OPENSKILL, rating)
        change = value - 1500
        sign = "+" if change > 0 else "−" if change < 0 else "±"
        assert f"{name} {value}? ({sign}{abs(change)})" in line, (name, line)
    assert shown(OPENSKILL, new[1]) < min(shown(OPENSKILL, new[0]), shown(OPENSKILL, new[2]))


async def test_an_inline_table_counts_for_each_players_rating(world: World) -> None:
    world.tg.set_inline_feedback(True)  # the bot learns of the chosen offer
    board = await open_inline(world, world.alice, world.bob, "reversi")
    await inline_press(world, world.bob, board, "Join")
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the game")
    for _ in range(2):
        await inline_press(world, world.bob, board, "🏳️ Resign")
    await world.tg.wait_for(lambda: "⭐ Rated:" in (board.text or ""), what="the rating line")
    assert "Alice 1662? (+162) · Bob 1338? (−162)" in (board.text or ""), board.text
    own = (await world.command(world.alice, world.alice, "/rating")).text or ""
    assert "Reversi: 1662? · 1 rated game" in own, own
    here = (await world.command(world.alice, world.group, "/leaders")).text or ""
    assert "Nobody has played a rated game here yet." in here, here  # not played there


async def test_who_the_computer_kept_playing_for_at_the_end_is_last(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(clock=clock)
        board = await _reversi(world)
        bob, rng = {"Bob": world.bob}, random.Random(8)
        for _ in range(2):  # Alice misses two turns in a row: the computer keeps her seat
            clock.advance(TURN)
            await world.tg.wait_for(lambda: turn_name(board) == "Bob", what="a stand-in move")
            assert await reversi_step(world.tg, board, bob, rng)
        while (name := turn_name(board)) is not None:
            if name == "Bob":
                await reversi_step(world.tg, board, bob, rng)
            else:  # the computer plays her seat at once
                await world.tg.wait_for(lambda: turn_name(board) != "Alice", what="her seat")
        await world.tg.wait_for(lambda: "⭐ Rated:" in (board.text or ""), what="the line")
        assert "Alice 1338? (−162) · Bob 1662? (+162)" in (board.text or ""), board.text


async def test_help_and_rules_say_how_games_are_rated(world: World) -> None:
    help_text = (await world.command(world.alice, world.group, "/help")).text or ""
    assert "/rating — your ratings; /leaders [game]" in help_text, help_text
    rules = (await world.command(world.alice, world.group, "/rules reversi")).text or ""
    assert "A game between people only is rated" in rules, rules
    rules = (await world.command(world.alice, world.group, "/rules blackjack")).text or ""
    assert "rated" not in rules, rules
    wrong = (await world.command(world.alice, world.group, "/leaders blackjack")).text or ""
    assert wrong.startswith("Ratings are kept for: /leaders reversi"), wrong


async def test_go_farm_is_rated_by_books(world: World) -> None:
    await world.start_privately(world.alice, world.bob)
    table = await world.start_game(await world.open_lobby("/gofarm", [world.bob]))
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None
    people, rng = {"Alice": world.alice, "Bob": world.bob}, random.Random(4)
    for _ in range(400):
        if not await gofish_step(world.tg, table, people, rng):
            break
    await world.tg.wait_for(lambda: "⭐ Rated:" in (table.text or ""), what="the rating line")
    done = await gamestore.get_game(world.bots[0].db, game.id)
    assert done is not None and done.state is not None
    outcome = GOFISH.outcome(GOFISH.from_dict(done.state))
    assert outcome is not None and outcome.scores
    books = outcome.scores
    places = [0 if books[0] == books[1] else int(books[s] < books[1 - s]) for s in (0, 1)]
    new = rate(OPENSKILL, [start(OPENSKILL)] * 2, places)
    line = next(t for t in (table.text or "").splitlines() if t.startswith("⭐ Rated:"))
    for name, rating in zip(("Alice", "Bob"), new, strict=True):
        assert f"{name} {shown(OPENSKILL, rating)}?" in line, (name, line)
