"""A Blackjack table's record through the stand-in (issue 34): round by round, each
round naming who played it (a person who left mid-round, another who sat down in that
box after), the dealer's hole card only once the round was settled; a PNG of the last
round's table; /forgetme leaves "a former player" in it."""

from __future__ import annotations

import io
import json
import re

from PIL import Image

from sandbox import Message
from storage import gamestore
from tests.e2e.blackjack_table import labels, open_table, press, stack
from tests.e2e.harness import World

JOIN, LEAVE, READY, NEXT = "🪑 Join table", "🚪 Leave table", "✅ Ready", "▶️ Next round"


async def test_a_blackjack_record_round_by_round_with_who_played_each(world: World) -> None:
    db, tg, alice, bob, carol = world.bots[0].db, world.tg, world.alice, world.bob, world.carol
    table = await open_table(world, alice)
    await press(world, table, bob, JOIN)
    # Round 1: Alice 17, Bob 16 leaves mid-round (basic strategy: surrender 16 against 10)
    await stack(db, table, ["10H 7C", "10S 6D"], "10C 8S")
    for who, label in ((alice, "+100"), (bob, "+100"), (alice, READY), (bob, READY)):
        await press(world, table, who, label)
    assert "Dealer: 10♣ 🂠" in (table.text or "")
    running = await world.command(carol, world.group, "/record")  # the hole card is down
    assert "No finished game here" in (running.text or "") and "8♠" not in (running.text or "")
    await press(world, table, bob, LEAVE)
    await press(world, table, alice, "Stand")
    await tg.wait_for(lambda: "Dealer: 10♣ 8♠ — 18" in (table.text or ""), what="settled")
    await press(world, table, alice, NEXT)
    await press(world, table, carol, JOIN)  # Bob's box
    # Round 2: Alice 20, Carol 19, dealer 17; then both leave and the table closes
    await stack(db, table, ["10D QH", "9C KS"], "7D QC")
    for who, label in ((alice, "+50"), (carol, "+25"), (alice, READY), (carol, READY)):
        await press(world, table, who, label)
    await press(world, table, alice, "Stand")
    await press(world, table, carol, "Stand")
    await tg.wait_for(lambda: "Dealer: 7♦️ Q♣ — 17" in (table.text or ""), what="round 2")
    await press(world, table, alice, LEAVE)
    await press(world, table, carol, LEAVE)
    assert "Everybody left" in (table.text or "")
    assert labels(table) == ["📜 Record"]  # the finished table's one button
    world.tg.set_inline_mode(True)
    await world.start_privately(bob)
    answer = await tg.switch_inline(bob, table, "📜 Record")
    photo, article = answer.results  # the last round's table, and the record as text
    assert photo.photo is not None and "Round 2 · Dealer: 7♦️ Q♣ — 17" in (photo.caption or "")
    assert "Carol: 9♣ K♠ — 19" in article.text

    record = await world.command(world.carol, world.group, "/record")
    assert record.media is not None and record.media.kind == "photo"
    image = Image.open(io.BytesIO(record.media.file.data))
    assert image.format == "PNG" and image.width >= 320
    caption = record.media.caption or ""
    lines = caption.split("\n")
    assert lines[:2] == ["📜 Blackjack", "Everybody left: the table is closed."]
    assert lines[2:5] == [
        "Round 1 · Dealer: 10♣ 8♠ — 18",
        "Alice: 10♥️ 7♣ — 17 · bet 100 · loses 100 · -100 → 🪙 400",
        "Bob: 10♠ 6♦️ — 16 · bet 100 · surrendered, loses 50 · -50 → 🪙 450",
    ]
    assert lines[5:] == [
        "Round 2 · Dealer: 7♦️ Q♣ — 17",
        "Alice: 10♦️ Q♥️ — 20 · bet 50 · wins 50 · +50 → 🪙 450",
        "Carol: 9♣ K♠ — 19 · bet 25 · wins 25 · +25 → 🪙 525",
    ]

    # in Bob's private chat: the table he left is among his games, its button sends it
    listing = await world.command(bob, bob, "/record")
    # the seats are empty now: the list names who played the kept rounds
    assert re.search(
        r"^1\. Blackjack, \d{4}-\d\d-\d\d: Alice · Bob · Carol$", listing.text or "", re.M
    ), listing.text
    (row,) = listing.buttons()
    mark = max(m.message_id for m in tg.messages(bob))
    assert not (await tg.press(bob, listing, row[0].text)).show_alert
    sent = await tg.wait_for(
        lambda: next((m for m in tg.bot_messages(bob) if m.message_id > mark and m.media), None),
        what="the record in Bob's chat",
    )
    assert "Bob: 10♠ 6♦️ — 16" in ((sent.media.caption if sent.media else "") or "")

    prompt = await world.command(bob, world.group, "/forgetme")
    answer = await tg.press(bob, prompt, "🗑 Delete my data")
    assert "Done" in (answer.text or "")
    again = await world.command(world.carol, world.group, "/record")
    caption = (again.media.caption if again.media else "") or ""
    assert "a former player: 10♠ 6♦️ — 16" in caption and "Bob" not in caption


async def _bob_plays_a_round(world: World) -> Message:
    """Alice's table, Bob beside her: one round settled (Alice 17, Bob 19, dealer 17)."""
    db, alice, bob = world.bots[0].db, world.alice, world.bob
    table = await open_table(world, alice)
    await press(world, table, bob, JOIN)
    await stack(db, table, ["10H 7C", "10S 9D"], "10C 7S")
    for who, label in ((alice, "+100"), (bob, "+50"), (alice, READY), (bob, READY)):
        await press(world, table, who, label)
    await press(world, table, alice, "Stand")
    await press(world, table, bob, "Stand")
    return table


async def test_forgetme_at_a_table_one_has_left_reaches_its_record(world: World) -> None:
    db, tg, alice, bob = world.bots[0].db, world.tg, world.alice, world.bob
    table = await _bob_plays_a_round(world)
    await press(world, table, bob, LEAVE)  # between rounds: the table plays on without him
    prompt = await world.command(bob, world.group, "/forgetme")
    answer = await tg.press(bob, prompt, "🗑 Delete my data")
    assert "Done" in (answer.text or "")
    await press(world, table, alice, LEAVE)
    record = await world.command(world.carol, world.group, "/record")
    caption = (record.media.caption if record.media else "") or ""
    assert "Alice: 10♥️ 7♣ — 17" in caption and "a former player: 10♠ 9♦️ — 19" in caption
    assert "Bob" not in caption
    (game,) = await gamestore.games_with_status(db, "finished")
    stored = json.dumps(game.meta.to_json(), ensure_ascii=False)
    assert "Bob" not in stored and str(bob.id) not in stored  # the round summary too


async def test_forgetme_redraws_the_inline_picture_that_named_them(world: World) -> None:
    """The last round's picture labels each box with its player. The inline photo result
    is kept by ``file_id``; after /forgetme it must be drawn and sent anew, else whoever
    posts it shows the forgotten name."""
    tg, alice, bob, carol = world.tg, world.alice, world.bob, world.carol
    table = await _bob_plays_a_round(world)
    await press(world, table, bob, LEAVE)
    await press(world, table, alice, LEAVE)
    assert labels(table) == ["📜 Record"]
    world.tg.set_inline_mode(True)
    await world.start_privately(carol)
    before = (await tg.switch_inline(carol, table, "📜 Record")).results[0]
    assert before.photo is not None and "Bob: 10♠ 9♦️ — 19" in (before.caption or "")
    prompt = await world.command(bob, world.group, "/forgetme")
    assert "Done" in ((await tg.press(bob, prompt, "🗑 Delete my data")).text or "")
    after = (await tg.switch_inline(carol, table, "📜 Record")).results[0]
    assert after.photo is not None and after.photo.file_id != before.photo.file_id
    assert after.photo.data != before.photo.data  # his name was drawn in it
    assert "Bob" not in (after.caption or "")
    assert "a former player: 10♠ 9♦️ — 19" in (after.caption or "")
