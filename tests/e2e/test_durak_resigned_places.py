"""Durak: a person who resigned is ranked last by the rating (the computer's play for
their seat is not theirs), so the final standings must not put them first because the
computer went out of cards first for their seat."""

from __future__ import annotations

from bot.services import services_of
from games.durak import ENGINE
from storage import gamestore, outbox
from storage.outbox import TABLE, Mark
from tests.e2e.harness import World
from tests.e2e.inline_hands import moves, my_cards
from tests.e2e.players import drawn_at

RESIGN = "🏳️ Resign"
ALL = [
    f"{rank}{suit}" for suit in "CDHS" for rank in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
]


async def test_a_resigned_durak_player_is_last_in_the_standings(world: World) -> None:
    tg, db = world.tg, world.bots[0].db
    tg.set_inline_feedback(True)  # BotFather's /setinlinefeedback: a chosen move is played
    alice, bob, carol = world.alice, world.bob, world.carol
    await world.start_privately(alice, bob, carol)
    table = await world.start_game(await world.open_lobby("/durak", [bob, carol]))
    await tg.wait_for(lambda: "Waiting for players" not in (table.text or ""), what="dealt")
    game = await gamestore.active_game(db, world.group.id)
    assert game is not None and game.state is not None
    # the last bout: Bob leads his last card at Carol, who beats it with her last one;
    # Alice is left holding a card
    state = dict(game.state)
    state.update(
        stock=[], trump="8D", table=[], taking=False, done=[], attacker=1, defender=2,
        hands=[["8H"], ["6C"], ["7C"]],
        discard=[c for c in ALL if c not in ("8H", "6C", "7C")], known=[[], [], []], log=[],
        record=[],
    )  # fmt: skip
    ENGINE.from_dict(state)  # a state the engine takes
    game.state = state
    assert await gamestore.save_game(db, game)
    saved = await gamestore.get_game(db, game.id or 0)
    assert saved is not None  # the table is drawn again, as a save of the bot's would
    await outbox.mark(db, [Mark(saved.id or 0, TABLE, saved.chat_id, saved.version)])
    services_of(world.bots[0].application).wake_chats({saved.chat_id})
    await tg.wait_for(lambda: "Alice — 1 card" in (table.text or ""), what="the last bout")
    # Bob resigns: the computer takes his seat and leads his last card
    await tg.press(bob, table, RESIGN)
    assert (await tg.press(bob, table, RESIGN)).text == "You resigned."
    await tg.wait_for(lambda: "6♣" in (table.text or ""), what="the computer's lead")
    await world.synced()
    answer = await my_cards(world, carol, table)
    (move,) = [r for r in moves(answer) if "7♣" in r.title]
    version = drawn_at(table)
    await tg.choose_result(carol, answer, move.id)
    await tg.wait_for(lambda: drawn_at(table) != version, what="7♣ on the table")
    await tg.wait_for(lambda: "Final standings" in (table.text or ""), what="the end")
    text = table.text or ""

    assert "Alice is the durak!" in text
    standings = next(line for line in text.splitlines() if "Final standings" in line)
    # as the rating ranks them: Carol, then Alice, then Bob, who resigned
    assert standings == "🏁 Final standings: 1. Carol, 2. Alice (the durak), 3. Bob (resigned)", (
        standings
    )
