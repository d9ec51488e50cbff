"""Go Fish through the Bot API stand-in: a group table, hands by direct message."""

from __future__ import annotations

from sandbox import Message, User
from storage import gamestore
from tests.e2e.harness import World
from tests.e2e.players import drawn_at

SUITS = "♠♥♦♣"


def _hand_message(world: World, person: User) -> Message | None:
    for message in reversed(world.tg.bot_messages(person)):
        if "Your hand" in (message.text or "") or "Your hand is empty" in (message.text or ""):
            return message
    return None


def _no_suits_in_the_group(world: World) -> None:
    """No version of any group message ever shows a card (cards carry suits)."""
    for message in world.tg.messages(world.group, include_deleted=True):
        for version in message.versions:
            assert not any(s in (version.text or "") for s in SUITS), version.text


async def _table_with(world: World, *joiners: User, computers: int = 0) -> Message:
    return await world.start_game(await world.open_lobby("/gofish", list(joiners), computers))


def _to_move(table: Message) -> str | None:
    for line in (table.text or "").splitlines():
        if line.startswith("▶️ "):
            return line.removeprefix("▶️ ").split(" — ")[0]
    return None


async def _ask(world: World, person: User, table: Message) -> int:
    """The person to move asks: first rank on their hand message, first target.
    Returns the stand-in's call mark taken just before the press that asks."""

    def keyboard() -> Message | None:  # the hand as drawn for the table's version
        found = _hand_message(world, person)
        current = found is not None and drawn_at(found) == drawn_at(table)
        return found if current else None

    hand = await world.tg.wait_for(keyboard, what=f"{person.first_name}'s ask keyboard")
    versions = len(table.versions)
    first = hand.buttons()[0][0].callback_data or ""
    if first.split(":")[3] == "k":  # a rank with several targets: choose whom to ask
        answer = await world.tg.press(person, hand, callback_data=first)
        assert not answer.show_alert, answer.text
        await world.tg.wait_for(lambda: hand.buttons()[0][0].text.startswith("Ask "))
        first = hand.buttons()[0][0].callback_data or ""
    mark = world.tg.mark()
    answer = await world.tg.press(person, hand, callback_data=first)
    assert not answer.show_alert, answer.text
    await world.until_edited(table, versions)
    return mark


async def test_three_players_with_a_computer_play_to_the_end(world: World) -> None:
    await world.start_privately(world.alice, world.bob)
    table = await _table_with(world, world.bob, computers=1)
    people = {"Alice": world.alice, "Bob": world.bob}
    for _ in range(300):
        _no_suits_in_the_group(world)
        name = _to_move(table)
        if name is None:
            break
        await _ask(world, people[name], table)
    assert "wins with" in (table.text or "") or "A tie between" in (table.text or "")
    standings = (table.text or "").split("🏁 Final standings: ")[1]
    assert "book" in standings and all(name in standings for name in ("Alice", "Bob"))
    _no_suits_in_the_group(world)
    (game,) = await gamestore.games_with_status(world.bots[0].db, "finished")
    state = game.state or {}
    assert sum(len(books) for books in state["books"]) == 13
    for person in (world.alice, world.bob):  # one hand message each, edited in place
        hands = [m for m in world.tg.bot_messages(person) if (m.text or "").startswith("Go Fish")]
        assert len(hands) == 1 and len(hands[0].versions) > 3


async def test_the_hand_message_shows_exactly_the_hand(world: World) -> None:
    await world.start_privately(world.alice, world.bob)
    await _table_with(world, world.bob)
    await world.synced()  # the hands travel apart from the table
    game = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert game is not None and game.state is not None
    from bot.presenters.cards_text import cards_text
    from games.cards import parse_card

    for seat, person in enumerate((world.alice, world.bob)):
        hand = sorted(parse_card(code) for code in game.state["hands"][seat])
        message = _hand_message(world, person)
        assert message is not None
        assert cards_text("en", hand) in (message.text or "")


async def test_a_player_who_never_started_the_bot_sits_down_and_may_open_the_chat(
    world: World,
) -> None:
    await world.start_privately(world.alice)
    table = await world.command(world.alice, world.group, "/gofish")
    answer = await world.tg.press(world.carol, table, "Join")
    assert answer.show_alert and "🃏 My cards" in (answer.text or "")  # how to see her cards
    await world.tg.wait_for(lambda: "Carol" in (table.text or ""), what="Carol in the lobby")
    (link,) = [b.url for row in table.buttons() for b in row if b.url]
    assert link.startswith("https://t.me/tablebot?start=j")
    await world.tg.open_url(world.carol, link)  # her choice: her hand by private message too
    await world.tg.wait_for_bot_message(world.carol, containing="already at the table")
    await world.tg.press(world.alice, table, "Start")
    await world.tg.wait_for(lambda: _hand_message(world, world.carol) is not None)


async def test_a_player_who_blocks_the_bot_plays_on_from_the_table(world: World) -> None:
    await world.start_privately(world.alice, world.bob)
    table = await _table_with(world, world.bob)
    world.tg.block_bot(world.bob)
    people = {"Alice": world.alice, "Bob": world.bob}
    bob_played = False
    for _ in range(300):
        name = _to_move(table)
        if name is None:
            break
        if name == "Alice":
            await _ask(world, world.alice, table)
            continue
        # Bob: the group table offers every rank; his hand comes in an alert only he sees
        await world.tg.wait_for(lambda: len(table.buttons()) >= 3, what="rank buttons")
        alert = await world.tg.press(world.bob, table, "🃏 My hand")
        assert alert.show_alert and alert.text and alert.text.startswith("Your hand:")
        held = alert.text.split(": ", 1)[1].split(" · ")[0].split()
        rank = held[0].rstrip("\ufe0f")[:-1]
        stranger = await world.tg.press(world.carol, table, rank)
        assert stranger.show_alert and "not playing" in (stranger.text or "")
        missing = [r for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
                   if r not in {card.rstrip("\ufe0f")[:-1] for card in held}]  # fmt: skip
        if missing:  # the table offers every rank; one he does not hold is refused to him
            versions = len(table.versions)
            refused = await world.tg.press(world.bob, table, missing[0])
            assert refused.show_alert and refused.text == "You can only ask for a rank you hold."
            assert len(table.versions) == versions
        versions = len(table.versions)
        answer = await world.tg.press(world.bob, table, rank)
        assert not answer.show_alert, answer.text
        await world.until_edited(table, versions)
        bob_played = True
        _no_suits_in_the_group(world)
    assert bob_played
    assert _to_move(table) is None and "book" in (table.text or "")
    del people


async def test_an_ordinary_ask_costs_one_group_edit_and_one_edit_per_changed_hand(
    world: World,
) -> None:
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await _table_with(world, world.bob, world.carol)
    people = {"Alice": world.alice, "Bob": world.bob, "Carol": world.carol}
    for _ in range(5):
        name = _to_move(table)
        assert name is not None
        await world.synced()  # every hand of the last move drawn (the first ones: sent)
        mark = await _ask(world, people[name], table)
        await world.synced()  # and every message this ask changed
        calls = [c for c in world.tg.calls_since(mark) if c.method != "getUpdates"]
        sends = [c for c in calls if c.method == "sendMessage"]
        edits = [c for c in calls if c.method.startswith("edit")]
        group_edits = [c for c in edits if c.chat_id == world.group.id]
        private_edits = [c for c in edits if c.chat_id != world.group.id]
        assert sends == []
        assert len(group_edits) == 1
        # at most one edit per private chat, and only where the hand or its keyboard changed:
        # the asker, the player asked (if they gave cards) and the next player to move
        assert len({c.chat_id for c in private_edits}) == len(private_edits) <= 3


async def test_go_farm_in_a_private_chat_against_the_computer(world: World) -> None:
    await world.start_privately(world.bob)
    table = await world.command(world.bob, world.bob, "/gofarm")
    assert (table.text or "").startswith("Go Farm")
    said_go_farm = False
    for _ in range(300):
        said_go_farm = said_go_farm or "Go Farm!" in (table.text or "")
        if _to_move(table) is None:
            break
        await _ask(world, world.bob, table)
    assert said_go_farm
    text = table.text or ""
    assert "wins with 7 books" in text or "tie" in text
    assert text.count("🏆") <= 1  # the win is announced once
    assert "🏁 Final standings: 1. " in text and "2. " in text
    books = [line.split(" · 📚 ")[1] for line in text.splitlines() if " · 📚 " in line]
    assert books and all(b == "Books: —" or (b.startswith("Books: ") and "s" in b) for b in books)
    assert "gave 0" not in (table.text or "")
