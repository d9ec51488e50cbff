"""Durak with three players ending in a draw: the last two go out of cards together, but
the player who went out bouts before them was never going to be the durak. /stats counts
a Durak game as won by everyone but the durak; a draw has none, and that player must not
be counted as having lost it (the rating ranks them first too)."""

from __future__ import annotations

from bot.services import services_of
from games.durak import ENGINE
from sandbox import User
from storage import gamestore, outbox
from storage.outbox import TABLE, Mark
from tests.e2e.harness import World
from tests.e2e.inline_hands import moves, my_cards
from tests.e2e.players import drawn_at

ALL = [
    f"{rank}{suit}" for suit in "CDHS" for rank in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
]


async def test_who_went_out_before_a_draw_won(world: World) -> None:
    tg, db = world.tg, world.bots[0].db
    tg.set_inline_feedback(True)  # BotFather's /setinlinefeedback: a chosen move is played
    alice, bob, carol = world.alice, world.bob, world.carol
    await world.start_privately(alice, bob, carol)
    table = await world.start_game(await world.open_lobby("/durak", [bob, carol]))
    await tg.wait_for(lambda: "Waiting for players" not in (table.text or ""), what="dealt")
    game = await gamestore.active_game(db, world.group.id)
    assert game is not None and game.state is not None
    # the stock is empty: Alice leads her last card at Bob, who beats it (Alice is out);
    # Carol has nothing to add; then Bob leads his last card at Carol, who beats it with
    # her last one: nobody is left holding cards
    hands = [["7C"], ["9C", "6H"], ["8H"]]
    held = {code for hand in hands for code in hand}
    state = dict(game.state)
    state.update(
        stock=[], trump="8D", table=[], taking=False, done=[], attacker=0, defender=1,
        hands=hands, discard=[c for c in ALL if c not in held], known=[[], [], []], log=[],
        record=[],
    )  # fmt: skip
    ENGINE.from_dict(state)  # a state the engine takes
    game.state = state
    assert await gamestore.save_game(db, game)
    saved = await gamestore.get_game(db, game.id or 0)
    assert saved is not None  # the table is drawn again, as a save of the bot's would
    await outbox.mark(db, [Mark(saved.id or 0, TABLE, saved.chat_id, saved.version)])
    services_of(world.bots[0].application).wake_chats({saved.chat_id})
    await tg.wait_for(lambda: "Carol — 1 card" in (table.text or ""), what="the last bouts")

    async def play(person: User, card: str) -> None:
        await world.synced()
        version = drawn_at(table)
        answer = await my_cards(world, person, table)
        (move,) = [r for r in moves(answer) if card in r.title]
        await tg.choose_result(person, answer, move.id)
        await tg.wait_for(lambda: drawn_at(table) != version, what=f"{card} on the table")

    await play(alice, "7♣")
    await play(bob, "9♣")
    await world.synced()
    version = drawn_at(table)
    await tg.press(carol, table, "✋ Done")
    await tg.wait_for(lambda: drawn_at(table) != version, what="the bout closed")
    await play(bob, "6♥️")
    await play(carol, "8♥️")
    await tg.wait_for(lambda: "Final standings" in (table.text or ""), what="the end")
    text = table.text or ""
    assert "🤝 A draw" in text, text
    standings = next(line for line in text.splitlines() if "Final standings" in line)
    assert standings == "🏁 Final standings: 1. Alice, 2. Bob, 2. Carol", standings
    stats = (await world.command(carol, world.group, "/stats")).text or ""
    assert "Alice — 1/1" in stats, stats  # out of cards first: not the durak, a win
    assert "Bob — 0/1" in stats and "Carol — 0/1" in stats, stats  # the draw: neither won
