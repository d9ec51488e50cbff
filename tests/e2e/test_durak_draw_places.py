"""A Durak game that ends in a draw (the last two go out of cards together: nobody is
left holding cards) ranks those two together: the rating does, and the final
standings must too, not "1. Alice, 2. Bob" under "A draw"."""

from __future__ import annotations

from bot.services import services_of
from games.durak import ENGINE
from storage import gamestore, outbox
from storage.outbox import TABLE, Mark
from tests.e2e.harness import World
from tests.e2e.inline_hands import moves, my_cards
from tests.e2e.players import drawn_at

ALL = [
    f"{rank}{suit}" for suit in "CDHS" for rank in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
]


async def test_a_durak_draw_shares_the_last_place_in_the_standings(world: World) -> None:
    tg, db = world.tg, world.bots[0].db
    tg.set_inline_feedback(True)  # BotFather's /setinlinefeedback: a chosen move is played
    await world.start_privately(world.alice, world.bob)
    table = await world.start_game(await world.open_lobby("/durak", [world.bob]))
    await tg.wait_for(lambda: "Waiting for players" not in (table.text or ""), what="dealt")
    game = await gamestore.active_game(db, world.group.id)
    assert game is not None and game.state is not None
    # the last bout: Alice attacks with her last card, Bob beats it with his last one
    state = dict(game.state)
    state.update(
        stock=[], trump="8D", table=[], taking=False, done=[], attacker=0, defender=1,
        hands=[["7C"], ["8C"]], discard=[c for c in ALL if c not in ("7C", "8C")],
        known=[[], []],
    )  # fmt: skip
    ENGINE.from_dict(state)  # a state the engine takes
    game.state = state
    assert await gamestore.save_game(db, game)
    saved = await gamestore.get_game(db, game.id or 0)
    assert saved is not None  # the table is drawn again, as a save of the bot's would
    await outbox.mark(db, [Mark(saved.id or 0, TABLE, saved.chat_id, saved.version)])
    services_of(world.bots[0].application).wake_chats({saved.chat_id})
    await tg.wait_for(lambda: "Alice — 1 card" in (table.text or ""), what="the last bout")
    for person, code in ((world.alice, "7C"), (world.bob, "8C")):
        version = drawn_at(table)
        answer = await my_cards(world, person, table)
        (move,) = [r for r in moves(answer) if code in r.title.replace("♣", "C")]
        await tg.choose_result(person, answer, move.id)
        await tg.wait_for(lambda v=version: drawn_at(table) != v, what=f"{code} on the table")
    await tg.wait_for(lambda: "🤝" in (table.text or ""), what="the draw")
    standings = next(line for line in (table.text or "").splitlines() if "Final standings" in line)
    assert standings == "🏁 Final standings: 1. Alice, 1. Bob", standings
