"""A player who never opened a private chat with the bot plays through "🃏 My cards":
the button puts the game's query in their input field, the bot answers with their
hand and moves (to them alone), and choosing a result plays it."""

from __future__ import annotations

import random

from sandbox import Message, User
from sandbox.inline_model import InlineAnswer, InlineResult
from tests.e2e.harness import World
from tests.e2e.players import drawn_at

MY_CARDS = "🃏 My cards"
NOT_PLAYED = "🚫 Not played: the table had changed."


async def my_cards(world: World, person: User, table: Message) -> InlineAnswer:
    """``person`` presses "🃏 My cards" on the table; the bot's answer to the query."""
    answer = await world.tg.switch_inline(person, table, MY_CARDS)
    assert not answer.cached and answer.is_personal and answer.cache_time == 0
    return answer


def version_of(result: InlineResult) -> int:
    return int(result.id.split(":")[2], 36)


def moves(answer: InlineAnswer) -> list[InlineResult]:
    """The results that are moves (every result is one: the hand is the answer's button)."""
    return [r for r in answer.results if r.id.split(":")[3] == "m"]


def hand_line(answer: InlineAnswer) -> str:
    """The hand, as the answer's button above the results shows it."""
    assert answer.button is not None and answer.button.start_parameter is not None
    return answer.button.text


def shown(answer: InlineAnswer) -> str:
    """Everything the answer shows its reader, and what its results would post."""
    button = "" if answer.button is None else answer.button.text + "\n"
    return button + "\n".join(f"{r.title}\n{r.description}\n{r.text}" for r in answer.results)


def cards_in(text: str) -> set[str]:
    """The card tokens ("10♠", "Q♥️") of a text."""
    return {word for word in text.split() if word[-1] in "♠♣" or word.endswith(("♥️", "♦️"))}


def hand_of(world: World, person: User, game: str) -> set[str]:
    """The cards of ``person``'s latest private hand message."""
    sent = reversed(world.tg.bot_messages(person))
    hand = next(m for m in sent if (m.text or "").startswith(game))
    lines = (hand.text or "").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Your hand"))
    return cards_in(" ".join(lines[at : at + 2]))  # Go Fish: the words, then the cards


async def handled(world: World, person: User, table: Message) -> None:
    """Until the bot has handled every update of this game sent so far: a press on the
    table is ordered behind them (one game, one line) and answered after them."""
    await world.tg.press(person, table, "🃏 My hand")


async def play_inline(
    world: World, person: User, table: Message, rng: random.Random
) -> Message | None:
    """``person`` plays a random move of their current answer (None: they have none);
    returns what their client posted in the group, once the table shows the move."""
    await world.synced()
    version = drawn_at(table)
    answer = await my_cards(world, person, table)
    offered = [r for r in moves(answer) if version_of(r) == version]
    if not offered:
        return None
    posted = await world.tg.choose_result(person, answer, rng.choice(offered).id)
    assert posted.via_bot is not None and posted.chat.id == world.group.id
    await world.tg.wait_for(lambda: drawn_at(table) != version, what="the move on the table")
    return posted


async def play_card(world: World, person: User, table: Message, card: str) -> None:
    """``person`` plays ``card`` (as the table writes it: "7♣") from their current
    answer, once the table shows every earlier move; until the table shows it."""
    await world.synced()
    version = drawn_at(table)
    answer = await my_cards(world, person, table)
    (move,) = [r for r in moves(answer) if card in r.title]
    await world.tg.choose_result(person, answer, move.id)
    await world.tg.wait_for(lambda: drawn_at(table) != version, what=f"{card} on the table")


async def not_played(world: World, posted: Message) -> None:
    """Until the bot has edited ``posted`` (a move chosen from a stale answer) to say it
    was not played; it keeps its 🃏 My cards button."""
    await world.tg.wait_for(lambda: posted.text == NOT_PLAYED, what="the post corrected")
    assert [b.text for row in posted.buttons() for b in row] == [MY_CARDS]
