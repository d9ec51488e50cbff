"""Who may sit down: members of the game's group only, whether they press Join
or follow the lobby's deep link; a stranger learns nothing about the group."""

from __future__ import annotations

from sandbox import Chat, Message, User
from storage import chats, gamestore
from tests.e2e.harness import World

REFUSED = (
    "This link does not seat you at a table. Only members of a group can sit down "
    "at its games, from the group's lobby."
)
NOT_A_MEMBER = "Only members of this group can sit down."


def _invite(lobby: Message) -> str:
    """The lobby's "Open private chat" deep link."""
    (link,) = [b.url for row in lobby.buttons() for b in row if b.url]
    return link


async def _follow(world: World, person: User, link: str) -> str:
    """``person`` opens ``link`` (``/start <payload>`` in private); the bot's answer."""
    mark = max((m.message_id for m in world.tg.messages(person)), default=0)
    await world.tg.open_url(person, link)
    return (await world.tg.wait_for_bot_message(person, after=mark)).text or ""


async def _seated(world: World, chat: Chat) -> list[str]:
    game = await gamestore.active_game(world.bots[0].db, chat.id, 0)
    assert game is not None
    return [seat["name"] for seat in game.meta.seats]


async def test_a_stranger_cannot_sit_down_through_the_deep_link(world: World) -> None:
    await world.start_privately(world.alice)
    lobby = await world.command(world.alice, world.group, "/gofish")
    link = _invite(lobby)
    base, _, payload = link.partition("?start=")
    number, _, secret = payload.partition("_")
    assert len(payload) <= 64 and len(secret) >= 16
    dave = world.tg.add_user("Dave", language_code="en")  # not in the group
    attempts = [
        link,  # the lobby's own link, passed on by someone
        f"{base}?start={number}",  # the old guessable form
        f"{base}?start={number}_{'A' * len(secret)}",  # a guessed secret
        f"{base}?start=jzzzz_{secret}",  # a game that does not exist
    ]
    answers = [await _follow(world, dave, attempt) for attempt in attempts]
    assert answers == [REFUSED] * len(attempts)  # the same words whatever the reason
    assert await _seated(world, world.group) == ["Alice"]
    assert "Dave" not in (lobby.text or "")
    # a member with the old form is refused too; with the lobby's link, seated
    assert await _follow(world, world.carol, f"{base}?start={number}") == REFUSED
    joined = await _follow(world, world.bob, link)
    assert joined == "You joined the Go Fish table in Friends."
    await world.tg.wait_for(lambda: "Bob" in (lobby.text or ""), what="Bob in the lobby")


async def test_a_stranger_cannot_press_join_in_a_public_group(world: World) -> None:
    tg, alice = world.tg, world.alice
    public = tg.add_group("Open games", members=[alice], admins=[alice], username="opengames")
    cards = tg.add_group("Open cards", members=[alice], admins=[alice], username="opencards")
    dave = tg.add_user("Dave", language_code="en")
    await world.start_privately(alice, dave)
    reversi = await world.command(alice, public, "/reversi")
    for label in ("Join", "🤖 Normal"):
        answer = await tg.press(dave, reversi, label)
        assert answer.show_alert and answer.text == NOT_A_MEMBER
    gofish = await world.command(alice, cards, "/gofish")
    stranger = tg.add_user("Eve", language_code="en")  # never started the bot
    answer = await tg.press(stranger, gofish, "Join")
    assert answer.url is None and answer.text == NOT_A_MEMBER  # no link with the secret
    assert await _seated(world, public) == ["Alice"] == await _seated(world, cards)
    tg.add_member(public, dave)  # once he joins the group, he may sit down
    assert not (await tg.press(dave, reversi, "Join")).show_alert
    await tg.wait_for(lambda: "Dave" in (reversi.text or ""), what="Dave in the lobby")


async def test_only_people_still_in_the_group_sit_down(world: World) -> None:
    tg, bob, carol = world.tg, world.bob, world.carol
    await world.start_privately(world.alice, bob, carol)
    lobby = await world.command(world.alice, world.group, "/durak")
    link = _invite(lobby)
    tg.restrict_member(world.group, bob)  # restricted, but still in the group
    assert not (await tg.press(bob, lobby, "Join")).show_alert
    tg.restrict_member(world.group, carol)
    tg.remove_member(world.group, carol)  # restricted and gone: "restricted", not a member
    assert await _follow(world, carol, link) == REFUSED
    await tg.wait_for(lambda: "Bob" in (lobby.text or ""), what="Bob in the lobby")
    assert await _seated(world, world.group) == ["Alice", "Bob"]


async def test_an_anonymous_admin_opens_a_lobby_without_a_seat_for_group(world: World) -> None:
    said = await world.tg.send_as_group(world.alice, world.group, "/reversi")
    lobby = await world.tg.wait_for_bot_message(world.group, after=said.message_id)
    assert "0 of 2 seats taken" in (lobby.text or "") and "Group" not in (lobby.text or "")
    assert not (await world.tg.press(world.bob, lobby, "Join")).show_alert
    await world.tg.wait_for(lambda: "Bob" in (lobby.text or ""), what="Bob in the lobby")


async def _reply(world: World, sent: Message) -> str:
    """The bot's next group message after ``sent``."""
    found = await world.tg.wait_for_bot_message(world.group, after=sent.message_id)
    return found.text or ""


async def test_an_anonymous_admin_sets_the_turn_time(world: World) -> None:
    said = await world.tg.send_as_group(world.alice, world.group, "/turntime 60")
    assert await _reply(world, said) == "A turn here lasts 60 seconds."
    assert await chats.turn_seconds(world.bots[0].db, world.group.id) == 60
    said = await world.tg.send_text(world.bob, world.group, "/turntime 30")
    assert await _reply(world, said) == "Only a chat administrator can do that."
    assert await chats.turn_seconds(world.bots[0].db, world.group.id) == 60


async def test_an_anonymous_admin_sets_the_language(world: World) -> None:
    said = await world.tg.send_as_group(world.alice, world.group, "/language")
    menu = await world.tg.wait_for_bot_message(world.group, after=said.message_id)
    assert menu.text == "Choose the language of this chat:"
    # the press comes from Alice's own account, as Telegram shows the bot who pressed
    refused = await world.tg.press(world.bob, menu, "Español")
    assert refused.show_alert and refused.text == "Only a chat administrator can do that."
    answer = await world.tg.press(world.alice, menu, "Español")
    assert answer.text == "Este chat ahora habla español."
    assert await chats.chat_language(world.bots[0].db, world.group.id) == "es"


async def test_turn_time_takes_ascii_digits_only(world: World) -> None:
    usage = "Give the seconds per turn as a number from 15 to 3600."
    for wanted in ("²", "６０", "٦٠", "1e3", "-60", "99999999999999999999"):
        said = await world.tg.send_text(world.alice, world.group, f"/turntime {wanted}")
        assert await _reply(world, said) == usage, wanted
    assert await chats.turn_seconds(world.bots[0].db, world.group.id) is None
    # (the harness fails the test if a handler logged an error)


async def test_a_stranger_cannot_sit_at_a_blackjack_table_in_a_public_group(world: World) -> None:
    tg, alice = world.tg, world.alice
    public = tg.add_group("Open tables", members=[alice], admins=[alice], username="opentables")
    dave = tg.add_user("Dave", language_code="en")
    table = await world.command(alice, public, "/blackjack")
    answer = await tg.press(dave, table, "🪑 Join table")
    assert answer.show_alert and answer.text == NOT_A_MEMBER
    assert "Dave" not in (table.text or "")
    tg.add_member(public, dave)
    assert not (await tg.press(dave, table, "🪑 Join table")).show_alert
    await tg.wait_for(lambda: "Dave" in (table.text or ""), what="Dave at the table")
