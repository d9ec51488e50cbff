"""A stale press is told what changed in the game's own word (issue 22): the board
of Reversi (tests/e2e/test_reversi.py), a card game's table, or the presser's hand
when it was pressed on their private hand, never "this board" for cards."""

from __future__ import annotations

from pathlib import Path

from bot.buttons import to36
from sandbox import Message, User
from tests.e2e.durak_table import game_id, hand_message, settled
from tests.e2e.harness import World, running_world
from tests.e2e.players import drawn_at
from tests.e2e.test_durak import _three_people
from tests.e2e.test_gofish import _hand_message, _to_move

HAND = "Your hand has changed; here is the current one."
TABLE = "This table has changed; here is the current one."


async def test_a_stale_press_on_a_durak_hand_or_table_names_the_hand_or_the_table(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path) as world:
        await world.start_bot(seed=10)
        table, people = await _three_people(world)
        game = await settled(world, table)
        start = f"g:{to36(game_id(table))}:{to36(game.version)}:s"  # a lobby's: stale now
        hand = hand_message(world, people[0])
        answer = await world.tg.press_forged(people[0], hand, start)
        assert answer.show_alert and answer.text == HAND
        answer = await world.tg.press_forged(people[0], table, start)
        assert answer.show_alert and answer.text == TABLE


async def _ask_keyboard(world: World, person: User, table: Message) -> tuple[Message, str]:
    """The asker's hand drawn for the table's version, and the data of a press that asks."""

    def keyboard() -> Message | None:
        found = _hand_message(world, person)
        return found if found is not None and drawn_at(found) == drawn_at(table) else None

    hand = await world.tg.wait_for(keyboard, what=f"{person.first_name}'s ask keyboard")
    first = hand.buttons()[0][0].callback_data or ""
    if first.split(":")[3] == "k":  # a rank with several targets: choose whom to ask
        await world.tg.press(person, hand, callback_data=first)
        await world.tg.wait_for(lambda: hand.buttons()[0][0].text.startswith("Ask "))
        first = hand.buttons()[0][0].callback_data or ""
    return hand, first


async def test_a_double_tap_on_a_go_fish_hand_is_told_the_hand_changed(world: World) -> None:
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(await world.open_lobby("/gofish", [world.bob, world.carol]))
    people = {"Alice": world.alice, "Bob": world.bob, "Carol": world.carol}
    person = people[await world.tg.wait_for(lambda: _to_move(table), what="the first asker")]
    hand, ask = await _ask_keyboard(world, person, table)
    first = await world.tg.press_nowait(person, hand, callback_data=ask)
    second = await world.tg.press_nowait(person, hand, callback_data=ask)
    answers = [await world.tg.wait_answered(q) for q in (first, second)]
    assert not answers[0].show_alert, answers[0].text
    assert answers[1].show_alert and answers[1].text == HAND
