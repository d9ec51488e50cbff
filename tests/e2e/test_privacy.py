"""/privacy says what is stored, for how long and how to delete it; /forgetme deletes a
person's results, ratings, chips and profile in every chat, only on their own press, and
not while they sit at an open game (nothing changes then); every chips screen
says chips have no money value."""

from __future__ import annotations

from sandbox import Message, User
from sandbox.web.snapshot import commands_for
from storage import gamestore
from tests.e2e.harness import World

DELETE = "🗑 Delete my data"
# the last word names everything /forgetme deleted or changed (ratings and records too)
DONE_TEXT = (
    "Done: your results, ratings, chips and profile are deleted; "
    "game records now call you “a former player”."
)
SEATED = (
    "You are seated at a game or table: nothing was deleted. Leave it (or let it end), "
    "then press again."
)
NO_MONEY = "no money value and cannot be bought, sold or transferred"


async def _rows(world: World, user: User) -> tuple[int, int, int]:
    db = world.bots[-1].db
    counts = []
    for table in ("results", "chips", "users"):
        row = await db.fetchone(f"SELECT COUNT(*) FROM {table} WHERE user_id = $1", (user.id,))
        counts.append(int(row[0]))
    return counts[0], counts[1], counts[2]


async def _history(world: World, *people: User) -> None:
    """Finished games and chips in two chats, as earlier play would have left them."""
    db = world.bots[-1].db
    async with db.transaction() as tx:
        for number, person in enumerate(people):
            for chat in (world.group.id, -4242):
                await tx.execute(
                    "INSERT INTO results (game_id, chat_id, user_id, kind, won, finished_at)"
                    " VALUES ($1, $2, $3, 'reversi', 1, 0)",
                    (1000 + number * 10 + (chat == -4242), chat, person.id),
                )
                await tx.execute(
                    "INSERT INTO chips (chat_id, user_id, balance, updated_at)"
                    " VALUES ($1, $2, 740, 0)",
                    (chat, person.id),
                )


async def _forgetme(world: World, person: User) -> Message:
    message = await world.command(person, world.group, "/forgetme")
    assert "for good" in (message.text or "") and person.first_name in (message.text or "")
    return message


async def test_privacy_says_what_is_stored_how_long_and_how_to_delete(world: World) -> None:
    text = (await world.command(world.alice, world.group, "/privacy")).text or ""
    for needle in ("What this bot stores", "How long", "How to delete", "/forgetme", NO_MONEY):
        assert needle in text
    dora = world.tg.add_user("Dora", language_code="es")
    spanish = (await world.command(dora, dora, "/privacy")).text or ""
    assert "Qué guarda este bot" in spanish and "/forgetme" in spanish
    ivan = world.tg.add_user("Ivan", language_code="ru")
    russian = (await world.command(ivan, ivan, "/privacy")).text or ""
    assert "Что хранит этот бот" in russian
    # what /notify keeps is named too (the groups asked about, with their titles)
    assert "If you sent /notify in a group: that group and its title" in text
    assert "Si enviaste /notify en un grupo" in spanish and "Если вы отправили /notify" in russian


async def test_forgetme_deletes_only_the_pressers_data_everywhere(world: World) -> None:
    await world.command(world.alice, world.group, "/chips")  # the profile is stored
    await world.command(world.bob, world.group, "/chips")
    await _history(world, world.alice, world.bob)
    assert await _rows(world, world.alice) == (2, 2, 1)
    message = await _forgetme(world, world.alice)
    refused = await world.tg.press(world.bob, message, DELETE)  # someone else's button
    assert refused.show_alert and refused.text == (
        "Only the person who sent /forgetme can press this."
    )
    assert await _rows(world, world.alice) == (2, 2, 1)
    done = await world.tg.press(world.alice, message, DELETE)
    assert done.show_alert and done.text == DONE_TEXT
    await world.tg.wait_for(lambda: not message.buttons(), what="the prompt without its button")
    assert message.text == DONE_TEXT
    assert await _rows(world, world.alice) == (0, 0, 0)
    assert await _rows(world, world.bob) == (2, 2, 1)  # Bob's are untouched
    stats = (await world.command(world.bob, world.group, "/stats")).text or ""
    assert "Bob" in stats and "Alice" not in stats
    chips = (await world.command(world.alice, world.group, "/chips")).text or ""
    assert "740 chips" in chips  # no refill: the balance stayed without her name or id


async def test_forgetme_while_seated_deletes_nothing_until_the_game_ends(world: World) -> None:
    await _history(world, world.alice)
    lobby = await world.command(world.alice, world.group, "/reversi")  # she sits down
    message = await _forgetme(world, world.alice)
    refused = await world.tg.press(world.alice, message, DELETE)
    assert refused.show_alert and refused.text == SEATED
    assert await _rows(world, world.alice) == (2, 2, 1)
    game = await gamestore.active_game(world.bots[-1].db, world.group.id, 0)
    assert game is not None and [s["name"] for s in game.meta.seats] == ["Alice"]
    await world.tg.send_text(world.alice, world.group, "/stop")
    await world.tg.wait_for(lambda: not lobby.buttons(), what="the lobby closed")
    done = await world.tg.press(world.alice, message, DELETE)
    assert done.text == DONE_TEXT
    assert await _rows(world, world.alice) == (0, 0, 0)


async def test_an_anonymous_admin_is_asked_to_use_their_own_account(world: World) -> None:
    mark = max((m.message_id for m in world.tg.messages(world.group)), default=0)
    await world.tg.send_as_group(world.alice, world.group, "/forgetme")
    answer = await world.tg.wait_for_bot_message(world.group, after=mark)
    assert "from your own account" in (answer.text or "") and not answer.buttons()


async def test_every_chips_screen_says_chips_have_no_money_value(world: World) -> None:
    for command in ("/chips", "/top"):
        text = (await world.command(world.alice, world.group, command)).text or ""
        assert NO_MONEY in text, command
    await world.command(world.alice, world.group, "/chips")
    top = (await world.command(world.alice, world.group, "/top")).text or ""
    assert NO_MONEY in top


async def test_the_blackjack_table_says_chips_have_no_money_value(world: World) -> None:
    table = await world.command(world.alice, world.group, "/blackjack")
    await world.tg.wait_for(lambda: NO_MONEY in (table.text or ""), what="the disclaimer")
    await world.tg.press(world.bob, table, "🪑 Join table")
    await world.tg.wait_for(
        lambda: "Bob" in (table.text or "") and NO_MONEY in (table.text or ""),
        what="the disclaimer on the table redrawn",
    )


async def test_help_names_privacy_forgetme_table_and_notify(world: World) -> None:
    for chat in (world.group, world.alice):
        text = (await world.command(world.alice, chat, "/help")).text or ""
        for command in ("/privacy", "/forgetme", "/table", "/notify"):
            assert command in text, (chat, command)


async def test_the_command_menu_offers_start_privacy_and_forgetme_in_each_language(
    world: World,
) -> None:
    # what the bot set with setMyCommands, per language, as the stand-in (and the
    # sandbox page's / menu) reads it
    wanted = {
        "en": ("Start: what this bot can do", "What this bot stores about you"),
        "es": ("Empezar: qué puede hacer este bot", "Qué guarda este bot sobre ti"),
        "ru": ("Начать: что умеет этот бот", "Что этот бот хранит о вас"),
    }
    for language, (start, privacy) in wanted.items():
        person = world.tg.add_user(f"Menu {language}", language_code=language)

        def menu(who: User = person) -> dict[str, str] | None:
            found = {c["command"]: c["description"] for c in commands_for(world.tg.world, who)}
            return found if "forgetme" in found else None

        commands = await world.tg.wait_for(menu, what=f"the {language} menu with /forgetme")
        assert commands["start"] == start and commands["privacy"] == privacy
        assert commands["reversi"] != "" and len(commands) == 21
        assert commands["rating"] and commands["leaders"]  # issue 33


async def test_a_rematch_does_not_wait_for_a_player_who_used_forgetme(world: World) -> None:
    """Her seat in the ended game has no name and no id: the rematch asks only the
    others, and starts once they are back (it used to wait for a nameless player)."""
    await world.start_privately(world.alice, world.bob, world.carol)
    table = await world.start_game(
        await world.open_lobby("/gofish", [world.bob, world.carol], computers=1)
    )
    await world.tg.send_text(world.alice, world.group, "/stop")
    await world.tg.wait_for(
        lambda: any(b.text == "🔁 Rematch" for row in table.buttons() for b in row),
        what="the game stopped",
    )
    prompt = await _forgetme(world, world.alice)
    done = await world.tg.press(world.alice, prompt, DELETE)
    assert done.text == DONE_TEXT
    await world.tg.press(world.carol, table, "🔁 Rematch")
    lobby = await world.tg.wait_for_bot_message(world.group, after=prompt.message_id)
    assert "waiting for Bob." in (lobby.text or ""), lobby.text
    await world.tg.press(world.bob, lobby, "Join")
    await world.tg.wait_for(lambda: "▶️" in (lobby.text or ""), what="the rematch started")
    started = await gamestore.active_game(world.bots[0].db, world.group.id)
    assert started is not None and started.status == "running"
    assert [s["name"] for s in started.meta.seats] == ["Bob", "Carol", ""]
