"""The "📜 Record" button of a finished table (issue 34): it opens the inline query
``record <game> <secret>``, whose result is the record, which anyone may post in any
chat via the bot. A game's number without its secret, or a running game: no result."""

from __future__ import annotations

import random

from bot.buttons import to36
from bot.presenters.record_button import RecordQuery
from storage import gamestore
from tests.e2e.harness import World
from tests.e2e.inline_tables import labels, open_inline, press, reversi_inline_step
from tests.e2e.reversi_board import turn_name
from tests.e2e.test_record import _play_a_whole_game


async def test_the_record_button_offers_the_record_to_post_anywhere(world: World) -> None:
    world.tg.set_inline_mode(True)
    board = await _play_a_whole_game(world)
    assert [b.text for row in board.buttons() for b in row].count("📜 Record") == 1
    answer = await world.tg.switch_inline(world.carol, board, "📜 Record")  # a bystander
    (result,) = answer.results
    assert "Game over" in result.text and "⚫ Alice" in result.text
    posted = await world.tg.choose_result(world.carol, answer, result.id)
    assert posted.via_bot is not None and "Game over" in (posted.text or "")
    words = [w for w in (posted.text or "").split("\n")[-1].split() if w != "pass"]
    assert len(words) >= 20 and all(len(w) == 2 for w in words)

    (game,) = await gamestore.games_with_status(world.bots[0].db, "finished")
    assert game.meta.invite
    for forged in (
        f"record {to36(game.id)} wrongsecret",
        f"record {to36(game.id)}",
        f"record {to36(game.id)} {game.meta.invite}x",
        f"record {to36(game.id + 1)} {game.meta.invite}",
        "record",
    ):
        assert (await world.tg.inline_query(world.carol, world.group, forged)).results == ()


async def test_a_running_games_record_query_gets_nothing(world: World) -> None:
    world.tg.set_inline_mode(True)
    board = await world.command(world.alice, world.group, "/reversi")
    await world.tg.press(world.bob, board, "Join")  # the last seat: it starts
    (game,) = await gamestore.games_with_status(world.bots[0].db, "running")
    query = RecordQuery(game.id, game.meta.invite or "").pack()
    assert (await world.tg.inline_query(world.bob, world.group, query)).results == ()


async def test_an_inline_tables_record_button_posts_it_in_that_chat(world: World) -> None:
    world.tg.set_inline_mode(True)
    world.tg.set_inline_feedback(True)
    board = await open_inline(world, world.alice, world.bob, "reversi")
    await press(world, world.bob, board, "Join")
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the game started")
    people, rng = {"Alice": world.alice, "Bob": world.bob}, random.Random(3)
    while await reversi_inline_step(world, board, people, rng):
        pass
    assert "📜 Record" in labels(board)
    answer = await world.tg.switch_inline(world.bob, board, "📜 Record")
    (result,) = answer.results
    posted = await world.tg.choose_result(world.bob, answer, result.id)
    assert posted.chat is board.chat and "Game over" in (posted.text or "")
    # the chosen result's update is taken, and the bot idle, before it stops
    await world.tg.wait_for(lambda: not world.tg.pending_updates, what="the update taken")
    await world.synced()


async def test_the_record_query_offers_the_picture_as_a_photo_result(world: World) -> None:
    """Someone who has started the bot gets the picture too: sent once to their private
    chat (that is how the bot gets a file_id Telegram shows), then a photo result."""
    world.tg.set_inline_mode(True)
    await world.start_privately(world.carol)
    board = await _play_a_whole_game(world)
    answer = await world.tg.switch_inline(world.carol, board, "📜 Record")
    photo, article = answer.results
    assert photo.photo is not None and photo.photo.data.startswith(b"\x89PNG")
    assert "Game over" in (photo.caption or "") and "⚫ Alice" in (photo.caption or "")
    assert "Game over" in article.text
    kept = [m for m in world.tg.bot_messages(world.carol) if m.media is not None]
    assert [m.media.file.file_id for m in kept if m.media] == [photo.photo.file_id]
    posted = await world.tg.choose_result(world.carol, answer, photo.id)
    assert posted.via_bot is not None and posted.chat is board.chat and posted.media is not None
    assert posted.media.kind == "photo" and "Game over" in (posted.media.caption or "")
    again = await world.tg.switch_inline(world.carol, board, "📜 Record")  # sent no more
    assert again.results[0].photo == photo.photo
    assert len([m for m in world.tg.bot_messages(world.carol) if m.media is not None]) == 1


async def test_the_record_query_is_answered_in_the_askers_own_language(world: World) -> None:
    """Carol's Telegram speaks English; she chose Español with /language in her private
    chat: the record offered to her is in Spanish, as her other inline answers are."""
    world.tg.set_inline_mode(True)
    board = await _play_a_whole_game(world)
    menu = await world.command(world.carol, world.carol, "/language")
    chosen = await world.tg.press(world.carol, menu, "Español")
    assert chosen.text == "Este chat ahora habla español.", chosen.text
    answer = await world.tg.switch_inline(world.carol, board, "📜 Record")
    titles = [result.title for result in answer.results]
    assert titles and all("El registro de esta partida" in (t or "") for t in titles), titles
