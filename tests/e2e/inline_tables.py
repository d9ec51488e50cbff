"""Inline tables through the stand-in: someone types ``@tablebot <game>`` in a chat the
bot is not in, chooses the offer, and the posted message becomes the game's table;
every press on it is a callback query with its ``inline_message_id`` and no message."""

from __future__ import annotations

import random

from sandbox import Message, User, people
from sandbox.model import CallbackAnswer, Chat
from tests.e2e.harness import World
from tests.e2e.players import drawn_at
from tests.e2e.reversi_board import data_of, hint_squares, turn_name


def labels(message: Message) -> list[str]:
    return [b.text for row in message.buttons() for b in row]


async def open_inline(
    world: World, opener: User, where: User | Chat, game: str, join: str = "Join"
) -> Message:
    """``opener`` types ``@tablebot <game>`` in their chat with ``where`` and chooses the
    offer; returns the inline message once the bot has drawn the lobby (the button
    ``join``: a blackjack table's is "🪑 Join table") on it."""
    answer = await world.tg.inline_query(opener, where, game)
    (offer,) = [r for r in answer.results if r.id == f"new:{game}"]
    message = await world.tg.choose_result(opener, answer, offer.id)
    assert message.via_bot is not None and message.inline_message_id
    await world.tg.wait_for(lambda: join in labels(message), what="the lobby drawn")
    return message


async def open_by_mention(world: World, opener: User, where: User | Chat, game: str) -> Message:
    """``opener`` writes ``@tablebot <game>`` in ``where`` (a chat the bot is not in; guest
    mode on); returns the bot's guest message once it has drawn the lobby on it."""
    message = await world.tg.mention_bot(opener, where, game)
    assert message.sender.id == world.tg.bot.id and message.inline_message_id
    await world.tg.wait_for(lambda: "Join" in labels(message), what="the lobby drawn")
    return message


async def press(world: World, person: User, message: Message, text: str) -> CallbackAnswer:
    return await world.tg.press_inline(person, message, text)


async def forged(world: World, person: User, message: Message, data: str) -> CallbackAnswer:
    """A modified client presses ``data`` (no button of ``message`` carries it)."""
    query = people.queue_query(world.tg.world, person, message, data)
    return await world.tg.wait_for(lambda: query.answer, what=f"the answer to {data!r}")


async def reversi_inline_step(
    world: World, board: Message, people_: dict[str, User], rng: random.Random
) -> bool:
    """One Reversi move on an inline board by whoever is to move; False once it is over."""
    name = turn_name(board)
    if name is None:
        return False
    version = drawn_at(board)
    data = data_of(board, rng.choice(hint_squares(board)))
    answer = await world.tg.press_inline(people_[name], board, callback_data=data)
    assert not answer.show_alert, answer.text
    await world.tg.wait_for(lambda: drawn_at(board) != version, what="the board edit")
    return True
