"""Go Fish in Russian: a rank asked for is the object of "спрашивает", where Russian
needs the accusative of the animate court cards and aces ("королей", "тузов",
"валетов", "дам"); the nominative ("спрашивает короли") reads wrong. The sentences
name the rank after a colon instead, as the others that name a rank do."""

from __future__ import annotations

import random
import re

from tests.e2e.harness import World
from tests.e2e.players import gofish_step

WRONG = re.compile(
    r"спрашива\w* (у вас )?(короли|тузы|валеты|дамы)\b|спросить (короли|тузы|валеты|дамы)"
)


async def test_russian_table_talk_of_asks_reads_right(world: World) -> None:
    tg = world.tg
    await world.start_privately(world.alice, world.bob, world.carol)
    menu = await world.command(world.alice, world.group, "/language")
    await tg.press(world.alice, menu, "Русский")
    table = await world.command(world.alice, world.group, "/gofish")
    for person in (world.bob, world.carol):
        await tg.press(person, table, "Сесть")
    await tg.wait_for(lambda: "Carol" in (table.text or ""), what="three seated")
    await tg.press(world.alice, table, "Начать")
    await tg.wait_for(lambda: "▶️" in (table.text or ""), what="dealt")
    people = {"Alice": world.alice, "Bob": world.bob, "Carol": world.carol}
    rng = random.Random(3)
    while await gofish_step(tg, table, people, rng):
        pass
    await world.synced()
    mark = max(m.message_id for m in tg.messages(world.group))
    await tg.send_text(world.carol, world.group, "/record")
    await tg.wait_for_bot_message(world.group, after=mark, containing="Карты на руках в конце")
    said = [v.text or "" for v in table.versions] + [
        m.text or "" for m in tg.bot_messages(world.group) if m.message_id > mark
    ]
    asks = [line for text in said for line in text.splitlines() if "спрашивает" in line]
    assert any(re.search("корол|туз|валет|дам", line) for line in asks), asks  # asked for
    wrong = [line for line in asks if WRONG.search(line)]
    assert wrong == [], wrong[:3]
