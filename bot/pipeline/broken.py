"""Start-up: a game that cannot be read is set aside, its chat told once, and every
other game runs (instead of one bad row stopping the bot). The check runs in the
background (``bot.glue.app``): presses are answered while it reads the stored games."""

from __future__ import annotations

import asyncio
import logging

from bot.adapter import seats_of
from bot.i18n import tr
from bot.language import chat_language
from bot.messaging import reply
from bot.services import Services
from bot.ui import Rendered
from storage import gamestore
from storage.broken import set_aside
from storage.records import ACTIVE_STATUSES, GameRecord, UnreadableGame

log = logging.getLogger(__name__)
PAGE, YIELD_EVERY = 200, 8  # games read at once; games checked between turns of the loop


async def playable_games(svc: Services, page: int = PAGE) -> int:
    """How many active games can be played; the others are set aside. Read a page at
    a time, and the event loop gets a turn every few games, so presses are answered
    while thousands of stored games are checked."""
    playable, after = 0, 0
    while True:
        games, unreadable = await gamestore.read_games(
            svc.db, *ACTIVE_STATUSES, after=after, limit=page
        )
        if not games and not unreadable:
            return playable
        after = max([g.id for g in games] + [u.game_id for u in unreadable])
        for index, game in enumerate(games, 1):
            problem = unplayable(svc, game)
            if problem is None:
                playable += 1
            else:
                unreadable.append(UnreadableGame.of(game, problem))
            if index % YIELD_EVERY == 0:
                await asyncio.sleep(0)  # a turn for the event loop, not a wait
        for broken in unreadable:
            await _set_aside(svc, broken)


def unplayable(svc: Services, game: GameRecord) -> str | None:
    """Why ``game`` cannot be played (None: it can): an unknown kind, seats that
    cannot be read, a state its engine refuses (the engines check invariants)."""
    adapter = svc.adapters.get(game.kind)
    if adapter is None:
        return f"no game of kind {game.kind!r}"
    try:
        seats_of(game)
        if game.state is not None:
            adapter.engine.from_dict(game.state)
    except Exception as error:  # whatever a damaged row makes the code raise
        return f"{type(error).__name__}: {error}"
    return None


async def _set_aside(svc: Services, broken: UnreadableGame) -> None:
    if not await set_aside(svc.db, broken.game_id, broken.reason):
        return
    log.warning(
        "game set aside, it cannot be read: %s", broken.reason,
        extra={"chat_id": broken.chat_id, "game_id": broken.game_id, "kind": broken.kind},
    )  # fmt: skip
    kinds = [broken.kind] if broken.kind in svc.adapters else list(svc.adapters)
    language = await chat_language(svc.db, broken.chat_id, broken.language)
    text = tr(
        language,
        "A game here could not be read and was set aside; start a new one with {command}.",
        command=", ".join(f"/{kind}" for kind in kinds),
    )
    reply(svc, broken.chat_id, Rendered(text), broken.thread_id)
