"""🃏 My cards says why it has no move to offer: in the lobby "The game has not
started yet.", to someone not seated "You are not playing in this game.", after the
end the player's final hand (on the answer's button, no result: a result would be
posted), in Spanish for a Spanish reader;
a bare ``@tablebot cards`` (BotFather's placeholder) is the asker's one running game
with cards, or says there is none. Each reason is the button to the private chat's
help."""

from __future__ import annotations

from bot.buttons import HandQuery, from36
from sandbox.inline_model import InlineAnswer
from tests.e2e.harness import World
from tests.e2e.inline_hands import MY_CARDS, my_cards


def _why(answer: InlineAnswer) -> str:
    assert answer.results == () and answer.button is not None, answer
    assert answer.button.start_parameter == "help"
    return answer.button.text


async def test_my_cards_says_why(world: World) -> None:
    dora = world.tg.add_user("Dora", language_code="es")
    world.tg.add_member(world.group, dora)
    table = await world.command(world.alice, world.group, "/durak")
    lobby = await world.tg.switch_inline(world.alice, table, MY_CARDS)
    assert _why(lobby) == "The game has not started yet."
    none = await world.tg.inline_query(world.bob, world.group, "cards")
    assert _why(none) == "You are not playing a game with cards now."
    for person in (world.bob, dora):
        await world.tg.press(person, table, "Join")
        await world.tg.wait_for(lambda p=person: p.first_name in (table.text or ""))
    await world.start_game(table)
    outsider = await my_cards(world, world.carol, table)
    assert _why(outsider) == "You are not playing in this game."
    bare = await world.tg.inline_query(world.bob, world.group, "cards")  # his one game
    assert bare.button is not None and bare.button.text.startswith("🃏 Your hand"), bare
    await world.command(world.alice, world.group, "/stop")  # a rated game: a vote
    await world.tg.send_text(world.bob, world.group, "/stop")
    await world.tg.wait_for(lambda: "stopped by Alice, Bob" in (table.text or ""), what="stopped")
    typed = HandQuery(from36((table.buttons()[0][0].callback_data or "").split(":")[1])).pack()
    over = await world.tg.inline_query(world.bob, world.group, typed)  # still in the box
    final = _why(over)  # the final hand, on the button: nothing to post
    assert final.startswith("🃏 The game is over: your final hand · "), final
    assert "Your hand: " in final or "Your hand is empty" in final, final
    spanish = _why(await world.tg.inline_query(dora, world.group, typed))
    assert spanish.startswith("🃏 La partida ha terminado: tu mano final"), spanish
    after = await world.tg.inline_query(world.bob, world.group, "cards")
    assert _why(after) == "You are not playing a game with cards now."


async def test_my_cards_says_why_in_the_askers_own_language(world: World) -> None:
    """With no game found (none, several, or not a hand query), the reason is in the
    language the asker chose with /language in their private chat, as every personal
    answer is, not in their Telegram language."""
    menu = await world.command(world.bob, world.bob, "/language")
    await world.tg.press(world.bob, menu, "Español")
    none = await world.tg.inline_query(world.bob, world.group, "cards")
    assert _why(none) == "Ahora no juegas ninguna partida con cartas."
    junk = await world.tg.inline_query(world.bob, world.group, "cards zz!")
    assert _why(junk) == "Cómo jugar"
