"""Durak's clock running out for several late players at once (a table of four whose
stock is out, set up directly): the computer plays only the decision each was late
for, and the table names only those it played for."""

from __future__ import annotations

from pathlib import Path

from games.cards import durak_deck
from sandbox import Message
from storage import gamestore
from tests.e2e.clock import TURN, ManualClock
from tests.e2e.durak_table import settled
from tests.e2e.harness import World, running_world


async def _four_late(
    world: World, clock: ManualClock, hands: list[list[str]], attacker: int, defender: int
) -> Message:
    """Alice, Bob, Carol and Dan at a Durak table whose stock is out, one card (7♣)
    unbeaten on it and ``hands`` held; then the turn's time runs out."""
    running = await world.start_bot(clock=clock)
    dan = world.tg.add_user("Dan")
    world.tg.add_member(world.group, dan)
    await world.start_privately(world.alice, world.bob, world.carol, dan)
    table = await world.open_lobby("/durak", [world.bob, world.carol, dan])
    table = await world.start_game(table)
    game = await settled(world, table)
    used = {"7C", *(card for hand in hands for card in hand)}
    gone = [c.code for c in durak_deck() if c.code not in used]
    game.state = {
        "schema": 1, "game": "durak", "seats": 4, "passing": False, "trump": "6S",
        "stock": [], "hands": hands, "table": [["7C", None]], "discard": gone,
        "attacker": attacker, "defender": defender, "taking": False, "done": [],
        "finished": False, "log": [], "known": [[], [], [], []],
    }  # fmt: skip
    assert await gamestore.save_game(running.db, game)
    clock.advance(TURN)
    return table


async def test_time_out_names_only_those_the_computer_played_for(tmp_path: Path) -> None:
    """Everyone is late. The computer plays for them seat by seat: Alice (defending)
    beats, then Bob throws in his last card, which Alice has no spare card for: that
    closes the throw-ins, so Carol and Dan, late too, are asked nothing any more, and
    the table does not say the computer played for them."""
    async with running_world(tmp_path) as world:
        hands = [["JC", "8D"], ["7H"], ["10D", "KD", "AD"], ["9H", "QD"]]
        table = await _four_late(world, ManualClock(), hands, attacker=3, defender=0)
        await world.tg.wait_for(lambda: "the computer played for Bob" in (table.text or ""))
        text = table.text or ""
        assert "played for Carol" not in text and "Carol, Dan" not in text, text


async def test_time_out_plays_no_new_turn_for_the_late(tmp_path: Path) -> None:
    """Everyone is late. Alice throws in her last card, which closes the throw-ins, and
    Bob, who cannot beat either card, takes: the bout is over and Carol leads the next.
    Carol and Dan were late to say Done, not to lead and defend: the computer plays no
    new turn for them, and Carol's clock starts with her lead."""
    async with running_world(tmp_path) as world:
        clock = ManualClock()
        hands = [["7D"], ["8H", "9H"], ["10D", "KD"], ["JH", "QD"]]
        table = await _four_late(world, clock, hands, attacker=0, defender=1)
        await world.tg.wait_for(lambda: "the computer played for Bob" in (table.text or ""))
        text = table.text or ""
        assert "played for Carol" not in text and "played for Dan" not in text, text
        state = (await settled(world, table)).state or {}
        assert (state["attacker"], state["defender"], state["table"]) == (2, 3, [])
        assert state["hands"][2:] == hands[2:]
        assert "⏳ Carol · 90 s" in text
