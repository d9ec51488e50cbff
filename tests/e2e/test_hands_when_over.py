"""A private hand shows the end of its game. A finished or stopped
game's hands show the final state without move buttons, in the reader's language;
so does the hand of a Durak player who resigned (the computer took the seat)."""

from __future__ import annotations

import random

from sandbox import Message, User
from tests.e2e.harness import World
from tests.e2e.players import gofish_step


def _hand(world: World, person: User, title: str) -> Message:
    hands = [m for m in world.tg.bot_messages(person) if (m.text or "").startswith(title)]
    assert len(hands) == 1, [m.text for m in hands]  # one message, edited in place
    return hands[0]


def _settled(world: World, person: User, title: str, words: str) -> bool:
    hand = _hand(world, person, title)
    return words in (hand.text or "") and not hand.buttons()


async def test_go_fish_hands_show_the_stop_without_buttons(world: World) -> None:
    dora = world.tg.add_user("Dora", language_code="es")
    world.tg.add_member(world.group, dora)
    await world.start_privately(world.alice, world.bob, dora)
    table = await world.start_game(await world.open_lobby("/gofish", [world.bob, dora]))
    await world.synced()
    titles = [(world.alice, "Go Fish"), (world.bob, "Go Fish"), (dora, "Pesca")]
    assert any(_hand(world, p, title).buttons() for p, title in titles)
    await world.command(world.alice, world.group, "/stop")  # a rated game: a vote
    await world.tg.send_text(world.bob, world.group, "/stop")
    await world.tg.wait_for(lambda: "stopped by Alice, Bob" in (table.text or ""), what="stopped")
    for person in (world.alice, world.bob):
        await world.tg.wait_for(
            lambda p=person: _settled(world, p, "Go Fish", "The game was stopped by Alice, Bob."),
            what=f"{person.first_name}'s hand shows the stop",
        )
    await world.tg.wait_for(
        lambda: _settled(world, dora, "Pesca", "Partida detenida por Alice, Bob."),
        what="Dora's hand shows the stop, in Spanish",
    )


async def test_go_fish_hands_show_the_result_without_buttons(world: World) -> None:
    await world.start_privately(world.alice, world.bob)
    table = await world.start_game(await world.open_lobby("/gofish", [world.bob]))
    people, rng = {"Alice": world.alice, "Bob": world.bob}, random.Random(5)
    for _ in range(300):
        if not await gofish_step(world.tg, table, people, rng):
            break
    result = (table.text or "").split("🏁")[0].splitlines()[-1]  # "🏆 Bob wins with 7 books!"
    assert "wins with" in result or "A tie between" in result, table.text
    for person in (world.alice, world.bob):
        await world.tg.wait_for(
            lambda p=person: _settled(world, p, "Go Fish", result),
            what=f"{person.first_name}'s hand shows the result",
        )


async def test_durak_hands_show_the_stop_and_a_resignation(world: World) -> None:
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(await world.open_lobby("/durak", [world.bob, world.carol]))
    await world.synced()
    assert any(_hand(world, p, "Durak").buttons() for p in (world.alice, world.bob, world.carol))
    await world.tg.press(world.bob, table, "🏳️ Resign")
    answer = await world.tg.press(world.bob, table, "🏳️ Resign")
    assert answer.text == "You resigned.", answer.text
    await world.tg.wait_for(
        lambda: _settled(world, world.bob, "Durak", "You resigned."),
        what="Bob's hand says he resigned, without buttons",
    )
    assert "Your hand" not in (_hand(world, world.bob, "Durak").text or "")  # the computer's now
    await world.command(world.alice, world.group, "/stop")  # a rated game: a vote
    await world.tg.send_text(world.carol, world.group, "/stop")
    await world.tg.wait_for(lambda: "stopped by Alice, Carol" in (table.text or ""), what="stopped")
    for person in (world.alice, world.carol):
        await world.tg.wait_for(
            lambda p=person: _settled(world, p, "Durak", "The game was stopped by Alice, Carol."),
            what=f"{person.first_name}'s hand shows the stop",
        )
