"""A game in a forum topic that an admin closes (the bot no admin there) or deletes:
Telegram refuses the bot's next message to the topic, and the game ends there instead
of going on where nobody sees it (its turn timers standing in for people who cannot
play, their hands asking them to move). The private hands say why, in each reader's
language; nothing is posted anywhere else in the group."""

from __future__ import annotations

from sandbox import Chat, Message, User
from storage import gamestore
from tests.e2e.harness import World

STOPPED = "The game was stopped: its topic was closed or deleted."


async def _gofish_in_a_topic(world: World, dora: User) -> tuple[Chat, int, Message]:
    tg = world.tg
    forum = tg.add_group("Club", members=[world.alice, world.bob, dora], admins=[world.alice],
                         forum=True)  # fmt: skip
    topic = tg.add_topic(forum, "Cards", by=world.alice)
    await world.start_privately(world.alice, world.bob, dora)
    await tg.send_text(world.alice, forum, "/gofish", thread_id=topic)
    table = await tg.wait_for_bot_message(forum, containing="Waiting for players")
    for person in (world.bob, dora):
        await tg.press(person, table, "Join")
        await tg.wait_for(lambda p=person: p.first_name in (table.text or ""))
    await tg.press(world.alice, table, "Start")
    await tg.wait_for(lambda: "▶️ " in (table.text or ""), what="the game")
    return forum, topic, table


def _hand(world: World, person: User, title: str) -> Message | None:
    hands = [m for m in world.tg.bot_messages(person) if (m.text or "").startswith(title)]
    return hands[-1] if hands else None


def _says(world: World, person: User, title: str, words: str) -> bool:
    hand = _hand(world, person, title)
    return hand is not None and words in (hand.text or "") and not hand.buttons()


async def _ended(world: World, forum: Chat, dora: User, posted: int) -> None:
    for person in (world.alice, world.bob):
        await world.tg.wait_for(lambda p=person: _says(world, p, "Go Fish", STOPPED),
                                what=f"{person.first_name}'s hand says why")  # fmt: skip
    spanish = "La partida se detuvo: su tema se cerró o se eliminó."
    await world.tg.wait_for(lambda: _says(world, dora, "Pesca", spanish), what="Dora's hand")
    assert await gamestore.active_game(world.bots[0].db, forum.id, 0) is None
    (game,) = await gamestore.games_with_status(world.bots[0].db, "stopped")
    assert game.meta.topic_gone and game.deadline_at is None  # no timer plays on
    await world.synced()
    later = [m for m in world.tg.bot_messages(forum) if m.message_id > posted]
    assert later == [], [m.text for m in later]  # nothing posted elsewhere instead


async def test_a_deleted_topic_ends_its_game(world: World) -> None:
    dora = world.tg.add_user("Dora", language_code="es")
    forum, topic, table = await _gofish_in_a_topic(world, dora)
    await world.synced()
    posted = max(m.message_id for m in world.tg.messages(forum))
    world.tg.delete_topic(forum, topic)
    people = {"Alice": world.alice, "Bob": world.bob, "Dora": dora}
    name = (table.text or "").split("▶️ ")[1].split(" — ")[0]
    hand = _hand(world, people[name], "Go Fish" if name != "Dora" else "Pesca")
    assert hand is not None and hand.buttons()
    rank = hand.buttons()[0][0].callback_data or ""  # a move from the private hand:
    await world.tg.press(people[name], hand, callback_data=rank)  # a rank, then whom
    await world.tg.wait_for(lambda: hand.buttons()[0][0].text.startswith(("Ask ", "Pedir")))
    await world.tg.press(people[name], hand, callback_data=hand.buttons()[0][0].callback_data)
    await _ended(world, forum, dora, posted)


async def test_a_closed_topic_ends_its_game_when_the_bot_cannot_post_there(
    world: World,
) -> None:
    dora = world.tg.add_user("Dora", language_code="es")
    forum, topic, table = await _gofish_in_a_topic(world, dora)
    world.tg.close_topic(forum, topic, by=world.alice)
    await world.synced()
    posted = max(m.message_id for m in world.tg.messages(forum))
    # an admin may still write in a closed topic: the table asked for below it is a
    # message the bot (no admin) may not post there
    await world.tg.send_text(world.alice, forum, "/table", thread_id=topic)
    await _ended(world, forum, dora, posted)
    # its messages can still be edited: the table says why
    await world.tg.wait_for(lambda: STOPPED in (table.text or ""), what="the table says why")
    # and offers no 🔁 Rematch: a lobby the bot cannot post there, which ended at once,
    # the press told nothing of it
    labels = [button.text for row in table.buttons() for button in row]
    assert not any("Rematch" in label for label in labels), labels
