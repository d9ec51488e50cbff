"""A name with HTML's characters (&, <, >) on a button: a button's label is plain
text, so it shows the name as written, not its HTML escape ("Tom &amp; Jerry")."""

from __future__ import annotations

import random

from tests.e2e.harness import World
from tests.e2e.players import gofish_step

TOM = "Tom & <Jerry>"


async def test_go_fish_ask_buttons_show_names_as_written(world: World) -> None:
    tg = world.tg
    tom = tg.add_user(TOM, language_code="en")
    tg.add_member(world.group, tom)
    await world.start_privately(world.alice, world.bob, tom)
    table = await world.command(world.alice, world.group, "/gofish")
    for person in (world.bob, tom):
        await tg.press(person, table, "Join")
    await tg.wait_for(lambda: TOM in (table.text or ""), what="three seated")
    await tg.press(world.alice, table, "Start")
    await tg.wait_for(lambda: "▶️" in (table.text or ""), what="dealt")
    people = {"Alice": world.alice, "Bob": world.bob, TOM: tom}
    rng = random.Random(3)
    while await gofish_step(tg, table, people, rng):
        pass
    labels = [
        button["text"]
        for person in (world.alice, world.bob)
        for message in tg.bot_messages(person)
        for version in message.versions
        for row in (version.reply_markup or {}).get("inline_keyboard", [])
        for button in row
        if "Tom" in button["text"]
    ]
    assert labels, "no button named Tom"
    assert all(f"Ask {TOM} (" in label for label in labels), sorted(set(labels))
