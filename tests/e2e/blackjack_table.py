"""Playing blackjack through the stand-in: opening a table, pressing its buttons,
stacking the shoe of the saved game, and reading balances."""

from __future__ import annotations

import asyncio

from games.blackjack import ENGINE, stack_shoe
from sandbox import Chat, Message, User
from storage import chips, gamestore
from storage.db import Database
from storage.records import GameRecord, inline_chat
from tests.e2e.harness import World
from tests.games.blackjack_support import deal_order

BOUND = 10.0  # seconds


async def open_table(world: World, who: User, chat: Chat | User | None = None) -> Message:
    table = await world.command(who, chat or world.group, "/blackjack")
    assert "Blackjack" in (table.text or ""), table.text
    return table


async def press(world: World, table: Message, who: User, label: str) -> str | None:
    """Press a button that must work: no alert, and the table is redrawn."""
    versions = len(table.versions)
    answer = await world.tg.press(who, table, label)
    assert not answer.show_alert, answer.text
    await world.until_edited(table, versions)
    return answer.text


async def refused(world: World, table: Message, who: User, label: str) -> str:
    """Press a button that must be refused with an alert; nothing changes."""
    versions = len(table.versions)
    answer = await world.tg.press(who, table, label)
    assert answer.show_alert, answer.text
    assert len(table.versions) == versions
    return answer.text or ""


async def stack(
    db: Database, table: Message, players: list[str], dealer: str, then: str = "",
    *, thread: int = 0,
) -> None:  # fmt: skip
    """The next round at ``table`` (a group's, in forum topic ``thread``, or an inline
    table) deals these cards (a versioned save of the game)."""
    inline = table.inline_message_id
    chat = inline_chat(inline) if inline else table.chat.id

    async def recorded() -> GameRecord:  # the bot has recorded which message shows the table
        while True:
            game = await gamestore.active_game(db, chat, thread)
            if game is not None and (inline or game.table_message_id == table.message_id):
                return game
            await asyncio.sleep(0.005)  # look again (bounded below)

    game = await asyncio.wait_for(recorded(), BOUND)
    assert game.state is not None
    state = stack_shoe(ENGINE.from_dict(game.state), deal_order(players, dealer, then))
    game.state = ENGINE.to_dict(state)
    assert await gamestore.save_game(db, game)


async def balance(db: Database, chat_id: int, person: User) -> int:
    return await chips.balance(db, chat_id, person.id)


def labels(table: Message) -> list[str]:
    return [button.text for row in table.buttons() for button in row]
