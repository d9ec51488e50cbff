"""/record after a Go Fish game through the stand-in (issue 34): while the game runs
/record shows no card (there is no finished game); once it is over, the record tells
it ask by ask with the books, and a card appears only among the hands left at the end."""

from __future__ import annotations

from tests.e2e.harness import World
from tests.e2e.test_gofish import SUITS, _ask, _no_suits_in_the_group, _table_with, _to_move


async def test_go_fish_record_after_the_game_and_none_during_it(world: World) -> None:
    await world.start_privately(world.alice, world.bob)
    table = await _table_with(world, world.bob, computers=1)
    people = {"Alice": world.alice, "Bob": world.bob}
    for asks in range(300):
        if asks == 4:  # mid-game: /record must not show the running game
            answer = await world.command(world.carol, world.group, "/record")
            assert "No finished game here" in (answer.text or "")
            _no_suits_in_the_group(world)
        name = _to_move(table)
        if name is None:
            break
        await _ask(world, people[name], table)
    assert "Final standings" in (table.text or "")
    mark = max(m.message_id for m in world.tg.messages(world.group))
    await world.tg.send_text(world.carol, world.group, "/record")
    last = await world.tg.wait_for_bot_message(
        world.group, after=mark, containing="Hands at the end"
    )
    sent = [m for m in world.tg.bot_messages(world.group) if mark < m.message_id <= last.message_id]
    photo = sent[0].media  # the final table first, the record's head as its caption
    assert photo is not None and photo.kind == "photo" and photo.file.data.startswith(b"\x89PNG")
    assert (photo.caption or "").startswith("📜 Go Fish") and "Books:" in (photo.caption or "")
    assert photo.file.width == 640 and photo.file.height > 3 * 54  # a row of cards a player
    text = "\n".join(m.text or "" for m in sent[1:])
    assert text.startswith("📜 Go Fish") and text.count("laid down a book of") == 13
    talk, hands = text.split("Hands at the end:")
    assert not any(suit in talk for suit in SUITS)
    assert "Alice:" in hands and "Bob:" in hands
