"""What a new player tripped on, issue 30 item 10: messages that said less than they
should. A rematch lobby "waiting for Bob" keeps Bob's seat (Carol could take it); the
hand of a Durak player who resigned shows the final standings once the game is over;
"⏰ Time ran out: the computer played for Cleo" says what it played; the inline hand
says what last happened to it; an inline table's private hand says whom it is with."""

from __future__ import annotations

import random
from pathlib import Path

from sandbox import Message, User
from tests.e2e.clock import TURN, ManualClock
from tests.e2e.harness import World, running_world
from tests.e2e.inline_hands import hand_line, my_cards
from tests.e2e.inline_tables import open_inline, press
from tests.e2e.players import gofish_step, gofish_to_move
from tests.e2e.reversi_board import turn_name


def _labels(message: Message) -> list[str]:
    return [b.text for row in message.buttons() for b in row]


async def test_a_rematch_lobby_keeps_the_seat_of_the_player_it_waits_for(world: World) -> None:
    board = await world.command(world.alice, world.group, "/reversi")
    await world.tg.press(world.bob, board, "Join")
    await world.tg.wait_for(lambda: turn_name(board) == "Alice", what="the game")
    await world.tg.press(world.alice, board, "🏳️ Resign")
    await world.tg.press(world.alice, board, "🏳️ Resign")
    await world.tg.wait_for(lambda: "🔁 Rematch" in _labels(board), what="the end")
    await world.tg.press(world.alice, board, "🔁 Rematch")
    lobby = await world.tg.wait_for_bot_message(world.group, after=board.message_id)
    assert "waiting for Bob." in (lobby.text or "")
    taken = await world.tg.press(world.carol, lobby, "Join")
    assert taken.show_alert and taken.text == (
        "🔁 The seats left are kept for Bob: the rematch waits for them."
    )
    computer = await world.tg.press(world.alice, lobby, "🤖 Easy")  # nor a computer
    assert computer.show_alert and "kept for Bob" in (computer.text or "")
    await world.synced()
    assert "Carol" not in (lobby.text or "") and "waiting for Bob." in (lobby.text or "")
    assert not (await world.tg.press(world.bob, lobby, "Join")).show_alert
    await world.tg.wait_for(lambda: turn_name(lobby) is not None, what="the rematch")
    assert "Bob" in (lobby.text or "") and "Carol" not in (lobby.text or "")


def _hand(world: World, person: User, title: str) -> Message:
    hands = [m for m in world.tg.bot_messages(person) if (m.text or "").startswith(title)]
    assert len(hands) == 1, [m.text for m in hands]  # one message, edited in place
    return hands[0]


async def test_a_resigned_durak_hand_shows_the_final_standings(world: World) -> None:
    await world.start_privately(world.alice, world.bob)
    table = await world.start_game(await world.open_lobby("/durak", [world.bob]))
    for person in (world.bob, world.alice):  # both resign: the computers play it out
        # the last person's resignation is answered once the computers have played the
        # whole game out (a few hundred decisions: seconds on a loaded machine)
        await world.tg.press(person, table, "🏳️ Resign", timeout=60)
        confirmed = await world.tg.press(person, table, "🏳️ Resign", timeout=60)
        assert confirmed.text == "You resigned."
    await world.tg.wait_for(lambda: "🔁 Rematch" in _labels(table), what="the end")
    end = (table.text or "").splitlines()
    at = next(i for i, line in enumerate(end) if "durak!" in line or "A draw" in line)
    standings = "\n".join(end[at : at + 4])
    assert "1." in standings, table.text  # the places, in the order players went out
    await world.synced()
    for person in (world.alice, world.bob):
        text = _hand(world, person, "Durak").text or ""
        assert "🏳️ You resigned." in text and standings.split("\n🏳️")[0] in text, text
        assert "plays your cards to the end" not in text  # it is over


async def test_the_table_says_what_the_computer_played_for_a_late_player(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        await world.start_bot(seed=3, clock=clock)
        await world.start_privately(world.alice, world.bob)
        table = await world.start_game(await world.open_lobby("/gofish", [world.bob]))
        await world.tg.wait_for(lambda: gofish_to_move(table) is not None, what="the deal")
        late = gofish_to_move(table)
        other = "Bob" if late == "Alice" else "Alice"
        clock.advance(TURN)
        said = f"⏰ Time ran out: the computer played for {late}: Ask {other} for "
        await world.tg.wait_for(lambda: said in (table.text or ""), what="the stand-in's ask")
        line = next(x for x in (table.text or "").splitlines() if x.startswith(said))
        ranks = line.removeprefix(said).removesuffix(".")
        assert f"{late} asked {other} for {ranks}" in (table.text or "")  # the table talk


async def test_the_inline_hand_says_what_the_private_hand_says(world: World) -> None:
    """Bob's 🃏 My cards tells what last happened to his hand ("Alice took 1 card from
    you: 4s."), as his private hand does."""
    world.tg.set_inline_feedback(True)
    await world.start_privately(world.alice, world.bob)
    table = await world.start_game(await world.open_lobby("/gofish", [world.bob]))
    people, rng = {"Alice": world.alice, "Bob": world.bob}, random.Random(2)
    for _ in range(60):
        await world.synced()
        private = hand_with_news(world, world.bob)
        if private is not None:
            break
        assert await gofish_step(world.tg, table, people, rng)
    assert private is not None, "nothing happened to Bob's hand"
    answer = await my_cards(world, world.bob, table)
    assert private in hand_line(answer), (private, hand_line(answer))


def hand_with_news(world: World, person: User) -> str | None:
    """The line of ``person``'s private Go Fish hand that tells what an ask did to it."""
    hands = [m for m in world.tg.bot_messages(person) if (m.text or "").startswith("Go Fish")]
    lines = (hands[-1].text or "").splitlines() if hands else []
    return next((line for line in lines if line.startswith(("🫳 ", "🤲 "))), None)


async def test_an_inline_tables_private_hand_says_whom_it_is_with(world: World) -> None:
    """A hand of an inline table (the bot does not know that chat's name) names the
    people at it, as a group table's hand names the group."""
    world.tg.set_inline_feedback(True)
    await world.start_privately(world.alice)  # she gets her hand by private message too
    table = await open_inline(world, world.alice, world.bob, "durak")
    await press(world, world.bob, table, "Join")
    await world.tg.wait_for(lambda: "Start" in _labels(table), what="Bob seated")
    await press(world, world.alice, table, "Start")
    await world.tg.wait_for(lambda: "🃏 My cards" in _labels(table), what="the deal")
    sent = world.tg.bot_messages
    hand = await world.tg.wait_for(
        lambda: next((m for m in sent(world.alice) if (m.text or "").startswith("Durak")), None),
        what="Alice's hand",
    )
    assert (hand.text or "").startswith("Durak · with Bob\n"), hand.text
