"""The lobby (a table filled by
people starts, short computer buttons, seat counts in plural forms, someone the
bot cannot message is told why and how), /rules and the lobby's Rules button,
/help that differs between a group and a private chat."""

from __future__ import annotations

from sandbox import Message
from storage import gamestore
from tests.e2e.harness import World
from tests.e2e.reversi_board import turn_name

PRIVATE_ONLY = "In this private chat"


def labels(message: Message) -> list[str]:
    return [b.text for row in message.buttons() for b in row]


async def test_a_table_filled_by_people_starts_when_the_last_seat_is_taken(world: World) -> None:
    lobby = await world.command(world.alice, world.group, "/reversi")
    assert "1 of 2 seats taken: Alice" in (lobby.text or "")
    assert "🤖 Easy" in labels(lobby) and "🤖 Normal" in labels(lobby)
    assert "Start" not in labels(lobby)  # two of two: the second player's Join starts it
    assert "the game starts once every seat is taken" in (lobby.text or "")
    answer = await world.tg.press(world.bob, lobby, "Join")
    assert not answer.show_alert, answer.text
    await world.tg.wait_for(lambda: turn_name(lobby) == "Alice", what="the game started")
    assert "Join" not in labels(lobby)


async def test_a_computer_button_with_one_seat_left_says_join_takes_it(world: World) -> None:
    """Bob, not seated, presses a computer button at a two-seat table where Alice sits:
    it would seat him and a computer, one seat too many. He is told that one seat is
    left and Join takes it, not that the table is full; nobody sits down."""
    lobby = await world.command(world.alice, world.group, "/reversi")
    versions = len(lobby.versions)
    answer = await world.tg.press(world.bob, lobby, "🤖 Normal")
    assert answer.show_alert and answer.text == "One seat is left: press Join to take it."
    assert len(lobby.versions) == versions and "1 of 2 seats taken: Alice" in (lobby.text or "")


async def test_a_go_fish_table_filled_through_the_link_starts(world: World) -> None:
    await world.start_privately(world.alice, world.bob)
    lobby = await world.command(world.alice, world.group, "/gofarm")
    assert "Start" not in labels(lobby)  # two of two, as Reversi
    (link,) = [b.url for row in lobby.buttons() for b in row if b.url]
    await world.tg.open_url(world.bob, link)
    await world.tg.wait_for(lambda: "▶️" in (lobby.text or ""), what="Go Farm started")


async def test_someone_the_bot_cannot_message_sits_down_and_is_told_how(world: World) -> None:
    """Every member sits down with Join; whoever the bot cannot write
    to is told the lobby's own sentence about seeing their cards (and the opener, who
    cannot be messaged either, is seated: issue 22, item 8)."""
    lobby = await world.command(world.carol, world.group, "/gofish")
    assert "1 of 6 seats taken: Carol" in (lobby.text or "")
    assert "Start" in labels(lobby)  # two to six: Start with two or more
    answer = await world.tg.press(world.bob, lobby, "Join")
    assert answer.show_alert and answer.url is None and answer.text
    assert answer.text in (lobby.text or "") and len(answer.text) <= 200  # one sentence
    assert "🃏 My cards" in answer.text and "✉️ Open private chat" in answer.text
    await world.tg.wait_for(lambda: "Carol, Bob" in (lobby.text or ""), what="Bob seated")
    await world.start_privately(world.alice)
    assert (await world.tg.press(world.alice, lobby, "Join")).text is None  # no alert


async def test_seat_counts_use_plural_forms_in_spanish_and_russian(world: World) -> None:
    menu = await world.command(world.alice, world.group, "/language")
    await world.tg.press(world.alice, menu, "Español")
    lobby = await world.command(world.alice, world.group, "/reversi")
    assert "1 de 2 asientos ocupados: Alice" in (lobby.text or "")
    assert "🤖 Normal" in labels(lobby) and "🤖 Fácil" in labels(lobby)
    await world.tg.send_text(world.alice, world.group, "/stop")
    await world.tg.wait_for(lambda: not lobby.buttons(), what="the lobby closed")
    menu = await world.command(world.alice, world.group, "/language")
    await world.tg.press(world.alice, menu, "Русский")
    await world.start_privately(world.alice)
    lobby = await world.command(world.alice, world.group, "/durak")
    assert "Занято 1 из 6 мест: Alice" in (lobby.text or "")


async def test_rules_explain_the_running_game_or_list_the_games(world: World) -> None:
    listing = await world.command(world.bob, world.group, "/rules")
    assert "/durak" in (listing.text or "") and "/gofish" in (listing.text or "")
    await world.start_privately(world.alice)
    await world.command(world.alice, world.group, "/gofish")
    rules = await world.command(world.bob, world.group, "/rules")
    text = rules.text or ""
    assert text.startswith("Go Fish")
    assert "7 cards each with 2–3 players" in text
    assert "you draw one and the turn passes" in text
    named = await world.command(world.bob, world.group, "/rules blackjack")
    assert "half the bet, rounded down" in (named.text or "")


async def test_rules_follow_the_chat_language(world: World) -> None:
    menu = await world.command(world.alice, world.group, "/language")
    await world.tg.press(world.alice, menu, "Русский")
    rules = await world.command(world.bob, world.group, "/rules durak")
    assert (rules.text or "").startswith("Дурак")


async def test_the_lobby_rules_button_sends_the_rules_privately(world: World) -> None:
    await world.start_privately(world.alice)
    lobby = await world.command(world.alice, world.group, "/durak")
    group_messages = len(world.tg.bot_messages(world.group))
    mark = max((m.message_id for m in world.tg.messages(world.alice)), default=0)
    answer = await world.tg.press(world.alice, lobby, "📖 Rules")
    assert answer.text == "The rules are in our private chat."
    rules = await world.tg.wait_for_bot_message(world.alice, after=mark)
    assert (rules.text or "").startswith("Durak") and "trump" in (rules.text or "")
    # Carol never started the bot: the private chat opens, its Start sends the rules
    answer = await world.tg.press(world.carol, lobby, "📖 Rules")
    assert answer.url is not None and answer.url.endswith("?start=rules_durak")
    await world.tg.open_url(world.carol, answer.url)
    sent = await world.tg.wait_for_bot_message(world.carol, containing="Durak")
    assert "trump" in (sent.text or "")
    assert len(world.tg.bot_messages(world.group)) == group_messages  # nothing in the group


async def test_help_differs_in_groups_and_private_chats(world: World) -> None:
    group_help = await world.command(world.bob, world.group, "/help")
    assert PRIVATE_ONLY not in (group_help.text or "")
    assert "/rules" in (group_help.text or "")
    private_help = await world.command(world.bob, world.bob, "/help")
    assert PRIVATE_ONLY in (private_help.text or "")


async def test_a_rematch_asks_the_other_players_and_starts_when_they_are_back(
    world: World,
) -> None:
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(
        await world.open_lobby("/gofish", [world.bob, world.carol], computers=1)
    )
    await world.tg.send_text(world.alice, world.group, "/stop")
    await world.tg.wait_for(lambda: "🔁 Rematch" in labels(table), what="the game stopped")
    await world.tg.press(world.carol, table, "🔁 Rematch")
    lobby = await world.tg.wait_for_bot_message(world.group, after=table.message_id)
    text = lobby.text or ""
    assert "2 of 6 seats taken: Carol, 🤖 Computer (normal)" in text, text
    assert "🔁 Rematch: it starts once everyone is back; waiting for Bob, Alice." in text
    await world.tg.press(world.bob, lobby, "Join")
    await world.tg.wait_for(lambda: "waiting for Alice." in (lobby.text or ""))
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.status == "lobby"  # still waiting for Alice
    await world.tg.press(world.alice, lobby, "Join")
    await world.tg.wait_for(lambda: "▶️" in (lobby.text or ""), what="the rematch started")
    started = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert started is not None
    assert [s["name"] for s in started.meta.seats] == ["Bob", "Carol", "", "Alice"]
