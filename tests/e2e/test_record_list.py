"""/record in the bot's private chat (issue 34): the person's last ten ended games, each
with a button that sends its record there; a button naming a game the presser did not
sit at sends nothing (a forged press)."""

from __future__ import annotations

from storage import gamestore
from storage.records import GameRecord, Status
from tests.e2e.harness import World
from tests.e2e.test_record import _play_a_whole_game


async def test_private_record_lists_the_persons_games_and_sends_one(world: World) -> None:
    await world.start_privately(world.alice, world.carol)
    await _play_a_whole_game(world)
    listing = await world.command(world.alice, world.alice, "/record")
    assert "Your last games" in (listing.text or "")
    assert "1. Reversi" in (listing.text or "") and "Alice · Bob" in (listing.text or "")
    (row,) = listing.buttons()
    mark = max(m.message_id for m in world.tg.messages(world.alice))
    answer = await world.tg.press(world.alice, listing, row[0].text)
    assert not answer.show_alert
    photo = await world.tg.wait_for(
        lambda: next((m for m in world.tg.bot_messages(world.alice)
                      if m.message_id > mark and m.media is not None), None),
        what="the record in Alice's chat",
    )  # fmt: skip
    assert "Game over" in (photo.media.caption or "") if photo.media else False

    # Carol never sat at that game: a press naming it sends her nothing
    (game,) = await gamestore.games_with_status(world.bots[0].db, "finished")
    own = await world.command(world.carol, world.carol, "/record")
    assert "no ended games" in (own.text or "")
    before = len(world.tg.bot_messages(world.carol))
    refused = await world.tg.press_forged(world.carol, own, f"record:{game.id}")
    assert refused.show_alert and "not one of your ended games" in (refused.text or "")
    for forged in ("record:", "record:x", "record:²", f"record:{game.id}0"):
        assert (await world.tg.press_forged(world.carol, own, forged)).show_alert
    await world.synced()
    assert len(world.tg.bot_messages(world.carol)) == before


async def test_private_record_lists_only_ended_games_with_a_record(world: World) -> None:
    """A game whose state cannot be read keeps no record: it is not offered (its button
    would only say so). A game still running is not listed either."""
    await world.start_privately(world.alice)
    db = world.bots[0].db
    broken = await gamestore.create_game(
        db, GameRecord(-77, "reversi", world.alice.id, status=Status.FINISHED, state={"x": 1})
    )
    running = await gamestore.create_game(
        db, GameRecord(-78, "reversi", world.alice.id, status=Status.RUNNING)
    )
    assert broken is not None and running is not None
    async with db.transaction() as tx:
        for game in (broken, running):
            await tx.execute(
                "INSERT INTO results (game_id, chat_id, user_id, kind, won, finished_at)"
                " VALUES ($1, $2, $3, 'reversi', 1, 1.0)",
                (game.id, game.chat_id, world.alice.id),
            )
    nothing = await world.command(world.alice, world.alice, "/record")
    assert "no ended games" in (nothing.text or "")
    await _play_a_whole_game(world)
    listing = await world.command(world.alice, world.alice, "/record")
    assert "1. Reversi" in (listing.text or "") and "2." not in (listing.text or "")
