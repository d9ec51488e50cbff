"""Hands by inline query (issue 24, item 1): Carol never opens a private chat with the
bot, sits down with Join all the same, and plays Go Fish and Durak to the end with
"🃏 My cards" alone (switch button -> her inline query -> a chosen result); nothing is
sent to her private chat. Nobody else's query shows another hand's card, and a stale
result, or one chosen by someone else, plays nothing."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from sandbox import Message, User
from sandbox.inline_model import InlineResult
from tests.e2e.harness import World, running_world
from tests.e2e.inline_hands import (
    MY_CARDS,
    cards_in,
    hand_line,
    hand_of,
    handled,
    moves,
    my_cards,
    not_played,
    play_inline,
    shown,
)
from tests.e2e.players import drawn_at, gofish_step, gofish_to_move

HANDS_SENTENCE = (
    "Your cards: 🃏 My cards shows them here, to you alone; ✉️ Open private chat sends "
    "them by private message too."
)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as running:
        await running.start_bot(seed=5)
        running.tg.set_inline_feedback(True)  # BotFather's /setinlinefeedback
        yield running


def _labels(message: Message) -> list[str]:
    return [b.text for row in message.buttons() for b in row]


async def _lobby_with_carol(world: World, command: str) -> Message:
    """Alice opens the lobby; Bob (who started the bot) and Carol (who never did) join:
    Carol is seated too, and told the lobby's own sentence."""
    await world.start_privately(world.alice, world.bob)
    lobby = await world.command(world.alice, world.group, command)
    assert HANDS_SENTENCE in (lobby.text or "") and MY_CARDS in _labels(lobby)
    assert (await world.tg.press(world.bob, lobby, "Join")).text is None
    told = await world.tg.press(world.carol, lobby, "Join")
    assert told.show_alert and told.text == HANDS_SENTENCE
    await world.tg.wait_for(lambda: "Carol" in (lobby.text or ""), what="Carol seated")
    if "Start" in _labels(lobby):
        await world.tg.press(world.alice, lobby, "Start")
    await world.tg.wait_for(lambda: "My hand" in " ".join(_labels(lobby)), what="the deal")
    assert MY_CARDS in _labels(lobby)
    return lobby


def _nothing_to_carol(world: World) -> None:
    assert world.tg.messages(world.carol) == []
    assert [c for c in world.tg.calls if c.chat_id == world.carol.id] == []


def _chosen_by(world: World, person: User, result: InlineResult) -> None:
    """A ``chosen_inline_result`` naming ``result`` as if ``person`` had chosen it."""
    chosen = {"result_id": result.id, "from": person.to_json(), "query": "cards"}
    world.tg.world.enqueue("chosen_inline_result", chosen)


async def _plays_nothing(world: World, table: Message) -> None:
    """After the updates just sent are handled, the game is as it was."""
    version, text = drawn_at(table), table.text
    await handled(world, world.alice, table)
    await world.synced()
    assert (drawn_at(table), table.text) == (version, text)


async def test_go_fish_played_to_the_end_with_my_cards(world: World) -> None:
    table = await _lobby_with_carol(world, "/gofish")
    dave = world.tg.add_user("Dave", language_code="en")
    world.tg.add_member(world.group, dave)
    rng, hands = random.Random(2), {"Alice": world.alice, "Bob": world.bob}
    carol_played, checked = 0, False
    for _ in range(600):
        name = gofish_to_move(table)
        if name is None:
            break
        if name != "Carol":
            assert await gofish_step(world.tg, table, hands, rng)
            continue
        if not checked:  # Carol's first turn: who sees what, and what plays nothing
            await _first_turn_checks(world, table, dave)
            checked = True
        assert await play_inline(world, world.carol, table, rng) is not None
        carol_played += 1
    assert gofish_to_move(table) is None and "Rematch" in " ".join(_labels(table))
    assert checked and carol_played > 3
    _nothing_to_carol(world)
    for message in world.tg.messages(world.group):  # no card (suit) was ever posted
        assert not any(suit in (message.text or "") for suit in "♠♥♦♣"), message.text


async def _first_turn_checks(world: World, table: Message, dave: User) -> None:
    await world.synced()
    answer = await my_cards(world, world.carol, table)
    asks = list(answer.results)  # the hand is the button above them (issue 30, item 5)
    assert hand_line(answer).startswith("🃏 Your hand: ")
    assert asks and all(r.title.startswith("Ask ") for r in asks)
    assert all(r.text.startswith("🎣 ") and r.text.endswith("?") for r in asks)
    assert not any("Carol" in r.text for r in asks)  # her own message: it names her not
    carols = cards_in(hand_line(answer))
    others = hand_of(world, world.alice, "Go F") | hand_of(world, world.bob, "Go F")
    assert carols and others and not cards_in(shown(answer)) & others
    # Alice, another player, sees her own hand and no move (not her turn); Dave nothing
    alices = await my_cards(world, world.alice, table)
    assert alices.results == () and hand_line(alices).startswith("🃏 Your hand: ")
    assert not cards_in(shown(alices)) & (carols | hand_of(world, world.bob, "Go F"))
    outsider = await my_cards(world, dave, table)
    assert outsider.results == () and outsider.button is not None
    assert not cards_in(outsider.button.text)
    # Carol's ask chosen by Bob (not his turn) or by Dave (not seated): nothing
    _chosen_by(world, world.bob, asks[0])
    _chosen_by(world, dave, asks[0])
    await _plays_nothing(world, table)
    # Carol asks; then a second result of the same, now stale, answer plays nothing
    version = drawn_at(table)
    posted = await world.tg.choose_result(world.carol, answer, asks[0].id)
    assert posted.text == asks[0].text and posted.via_bot is not None
    await world.tg.wait_for(lambda: drawn_at(table) != version, what="Carol's ask")
    assert "Carol asked" in (table.text or "")
    await world.synced()
    stale = await world.tg.choose_result(world.carol, answer, asks[-1].id)
    await _plays_nothing(world, table)
    await not_played(world, stale)  # the post says so (issue 30, item 1)
    assert posted.text == asks[0].text  # the ask played stays as posted


async def _durak_step(world: World, table: Message, rng: random.Random) -> str | None:
    """One move by someone who may make one now: Alice and Bob from their private hands,
    Carol from her inline answer. The mover's name; None once the game is over."""
    if not any(label.endswith("My hand") for label in _labels(table)):
        return None
    await world.synced()
    version = drawn_at(table)
    movers = [
        name
        for name, person in (("Alice", world.alice), ("Bob", world.bob))
        if (hand := _durak_hand(world, person)) is not None and drawn_at(hand) == version
    ]
    offered = moves(await my_cards(world, world.carol, table))
    carol = [r for r in offered if int(r.id.split(":")[2], 36) == version]
    defends = any(line.startswith("🛡 Carol") for line in (table.text or "").splitlines())
    done = "✋ Done" in _labels(table) and "Carol" in _waiting(table) and not defends
    name = rng.choice(movers + (["Carol"] if carol else []) + (["Carol: done"] if done else []))
    if name == "Carol: done":  # not among her inline moves: a press on the table
        if (await world.tg.press(world.carol, table, "✋ Done")).show_alert:
            return name  # not hers to say (she defends): nothing changed
        await world.tg.wait_for(lambda: drawn_at(table) != version, what="Carol's Done")
        return "Carol"
    if name == "Carol":
        assert await play_inline(world, world.carol, table, rng) is not None
        return name
    person = world.alice if name == "Alice" else world.bob
    hand = _durak_hand(world, person)
    assert hand is not None
    button = rng.choice([b for row in hand.buttons() for b in row if b.callback_data])
    if (button.callback_data or "").split(":")[3] == "k":  # beats several: which one?
        await world.tg.press(person, hand, callback_data=button.callback_data)
        await world.tg.wait_for(lambda: any(t.startswith("←") for t in _labels(hand)))
        button = rng.choice([b for row in hand.buttons() for b in row if b.text[0] != "←"])
    answer = await world.tg.press(person, hand, callback_data=button.callback_data)
    assert not answer.show_alert, answer.text
    await world.tg.wait_for(lambda: drawn_at(table) != version, what="the table redrawn")
    return name


def _waiting(table: Message) -> str:
    return next((line for line in (table.text or "").splitlines() if "Waiting for" in line), "")


def _durak_hand(world: World, person: User) -> Message | None:
    for message in reversed(world.tg.bot_messages(person)):
        if (message.text or "").startswith("Durak") and message.buttons():
            return message
    return None


async def test_durak_played_to_the_end_with_my_cards(world: World) -> None:
    table = await _lobby_with_carol(world, "/durak")
    await world.synced()
    carols = await my_cards(world, world.carol, table)
    alices, bobs = hand_of(world, world.alice, "Durak"), hand_of(world, world.bob, "Durak")
    assert len(alices) == len(bobs) == 6
    assert len(cards_in(hand_line(carols).split(" · ")[0])) == 6
    assert not cards_in(shown(carols)) & (alices | bobs)  # only her own cards
    rng, played = random.Random(4), []
    for _ in range(500):
        mover = await _durak_step(world, table, rng)
        if mover is None:
            break
        played.append(mover)
    assert "durak" in (table.text or "") or "A draw" in (table.text or ""), table.text
    assert played.count("Carol") > 3
    _nothing_to_carol(world)


async def test_a_durak_result_from_an_older_state_plays_nothing(tmp_path: Path) -> None:
    """Durak's buttons are applied to the state they find; an inline result is not: its
    posted text describes the state it was offered in. Carol moves, then chooses a
    result of the same answer that is still legal (Take, Done, a throw-in): nothing."""
    async with running_world(tmp_path) as world:
        await world.start_bot(seed=5)
        world.tg.set_inline_feedback(True)
        table = await _lobby_with_carol(world, "/durak")
        rng = random.Random(1)
        for _ in range(300):
            await world.synced()
            version = drawn_at(table)
            old = await my_cards(world, world.carol, table)
            if not moves(old):
                assert await _durak_step(world, table, rng) is not None
                continue
            await world.tg.choose_result(world.carol, old, moves(old)[0].id)
            await world.tg.wait_for(lambda v=version: drawn_at(table) != v, what="Carol's move")
            await world.synced()
            now = {r.id.split(":", 3)[3] for r in moves(await my_cards(world, world.carol, table))}
            still = [r for r in moves(old)[1:] if r.id.split(":", 3)[3] in now]
            if still:
                break
        stale = await world.tg.choose_result(world.carol, old, still[0].id)
        assert stale.text == still[0].text  # posted as the client posts it
        await _plays_nothing(world, table)
        await not_played(world, stale)  # then corrected (issue 30, item 1)


def _my_cards_query(table: Message) -> str:
    """The query the table's "🃏 My cards" button puts in the input field."""
    rows = (table.reply_markup or {}).get("inline_keyboard", [])
    found = [b for row in rows for b in row if b["text"] == MY_CARDS]
    return str(found[0]["switch_inline_query_current_chat"])


@pytest.mark.parametrize("offset", ["²", "٣", "-1", "1e3", "9" * 5000])
async def test_an_offset_no_client_sends_gets_an_empty_answer_and_no_traceback(
    world: World, offset: str
) -> None:
    # "²" passes str.isdigit and int() refuses it: an error-level traceback and no answer
    # for each such query (running_world fails on any error logged)
    table = await _lobby_with_carol(world, "/gofish")
    text = _my_cards_query(table)
    first = await world.tg.inline_query(world.carol, world.group, text)
    assert hand_line(first)  # the hand (and the moves on her turn)
    page = await world.tg.inline_query(world.carol, world.group, text, offset=offset)
    assert page.results == () and not page.next_offset
