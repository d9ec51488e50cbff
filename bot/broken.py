"""Start-up: a game that cannot be read is set aside, its chat told once, and every
other game runs (instead of one bad row stopping the bot)."""

from __future__ import annotations

import logging

from bot.adapter import seats_of
from bot.i18n import tr
from bot.language import chat_language
from bot.messaging import reply
from bot.services import Services
from bot.ui import Rendered
from storage.broken import set_aside
from storage.records import ACTIVE_STATUSES, GameRecord, UnreadableGame

log = logging.getLogger(__name__)


async def playable_games(svc: Services) -> list[GameRecord]:
    """The active games that can be played; the others are set aside."""
    games, unreadable = await svc.db.read_games(*ACTIVE_STATUSES)
    playable: list[GameRecord] = []
    for game in games:
        problem = unplayable(svc, game)
        if problem is None:
            playable.append(game)
        else:
            unreadable.append(UnreadableGame.of(game, problem))
    for broken in unreadable:
        await _set_aside(svc, broken)
    return playable


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
