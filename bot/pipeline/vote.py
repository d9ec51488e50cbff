"""A vote to stop a game, for when the person who opened it is gone.

``/stop`` by a seated player who did not open the game (and is no admin: they
stop it at once) is a vote to stop; in a game that will be rated
(``bot.ratings.rated_if_finished``) so is anyone's who plays it, its opener's and
a seated admin's too, so nobody stops a game they are losing to keep their
rating. The game stops as soon as more than half of the people still playing it
have sent ``/stop``: someone out of the game (a Go Fish player who resigned,
whose name stays at the table) has no vote and does not count among those it
needs, nor does someone away (the computer keeps their seat after timeouts, until
they press "I'm back"); a Durak seat the computer took is nobody's. A vote lasts
``VOTE_SECONDS`` from its first ``/stop``; a ``/stop`` after that starts a new
vote. When fewer people play than when the votes were cast (someone resigned or is
away), a vote that is now more than half stops the game at the next ``/stop``, even
from someone who voted already. The votes are kept in the game's meta, saved with the game.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from bot.adapter import GameAdapter, seat_of_user, seats_of, state_of
from bot.command import Command
from bot.i18n import ntr, tr
from bot.language import table_language
from bot.messaging import reply
from bot.personal import tell_person
from bot.pipeline.save import save
from bot.ui import Rendered, escape
from storage import gamestore
from storage.records import GameRecord, Status

log = logging.getLogger(__name__)
VOTE_SECONDS = 300.0
ATTEMPTS = 3


def voters(adapter: GameAdapter[Any], game: GameRecord) -> dict[int, str]:
    """The people still playing the game (user id -> name): seated, not out of it, and
    not away (the computer keeps playing for them after timeouts, until "I'm back")."""
    out = _resigned(adapter, game) | frozenset(game.meta.auto or ())
    seats = enumerate(seats_of(game))
    return {s.user: s.name for seat, s in seats if s.user is not None and seat not in out}


def _resigned(adapter: GameAdapter[Any], game: GameRecord) -> frozenset[int]:
    """The seats whose person is out of the game but still sits there (Go Fish)."""
    return adapter.table.out_of_game(game, state_of(adapter, game)) if game.state else frozenset()


async def vote_to_stop(cmd: Command, game: GameRecord, language: str) -> None:
    """Count this person's ``/stop``: the game stops (its table says so), or the
    group is told the count and how the vote ends. A /stop that counts nothing (the
    person is out of the game, or has voted already) is told to that person alone, in
    their ``language`` (``bot.personal``), as every refusal of a command is."""
    svc, own = cmd.svc, language
    language = await table_language(svc.db, game)  # the group reads it: its language
    told: Told | None = Told(tr(own, "Someone was quicker; please try again."), public=False)
    for _ in range(ATTEMPTS):  # a move or a deadline may save first: count again
        saved, counted = await _count(cmd, game, language, own)
        if saved:
            told = counted
            break
        reloaded = await gamestore.get_game(svc.db, game.id or 0)
        if reloaded is None or not reloaded.active:
            return
        game = reloaded
    if told is None:
        return
    if told.public:
        reply(svc, cmd.chat.id, Rendered(told.text), cmd.topic)
    else:
        await tell_person(svc, cmd.message, cmd.user, told.text)


@dataclass(frozen=True)
class Told:
    """What a /stop is answered with: the vote's count for the group (``public``), or
    a refusal for the person who sent it."""

    text: str
    public: bool = True


async def _count(
    cmd: Command, game: GameRecord, language: str, own: str
) -> tuple[bool, Told | None]:
    """Count the vote and save it: whether it was saved (False: someone saved the game
    first, nothing was written), and what to answer (None: the game stopped)."""
    user, svc = cmd.user, cmd.svc
    adapter = svc.adapters[game.kind]
    people, now = voters(adapter, game), svc.clock()
    if user.id not in people:
        seat = seat_of_user(game, user.id)  # away (and not resigned): not out
        if seat in (game.meta.auto or ()) and seat not in _resigned(adapter, game):
            text = tr(own, "The computer is playing for you: press 🙋 I'm back on the table, "
                           "and your /stop is a vote.")  # fmt: skip
        else:
            text = tr(own, "You are out of this game: you have no vote to stop it.")
        return True, Told(text, public=False)
    vote = game.meta.stop_vote  # {"yes": [user ids], "until": epoch seconds}
    if vote and now > float(vote.get("until", 0)):
        vote = None  # expired: this /stop starts a new vote
    yes = [u for u in (vote.get("yes", []) if vote else []) if u in people]
    if user.id in yes and len(yes) * 2 <= len(people):
        return True, Told(tr(own, "You have already voted to stop this game."), public=False)
    if user.id not in yes:  # (else fewer play now, and the votes already are a majority)
        yes.append(user.id)
    if len(yes) * 2 > len(people):
        game.meta.stop_vote = None
        game.status = Status.STOPPED
        game.meta.stopped_by = ", ".join(people[u] for u in yes)
    else:
        until = vote.get("until", now + VOTE_SECONDS) if vote else now + VOTE_SECONDS
        game.meta.stop_vote = {"yes": yes, "until": float(until)}
    if not await save(svc, adapter, game, update_id=cmd.update_id):
        return False, None
    if game.status is Status.STOPPED:
        log.info("game stopped by a vote", extra={"chat_id": game.chat_id, "game_id": game.id})
        return True, None
    left = float(until) - now
    return True, Told(_tally(language, people[user.id], len(yes), len(people), left))


def _tally(language: str, name: str, agree: int, seated: int, left: float) -> str:
    """The count, and how long the vote still lasts (``left`` seconds: from its first
    /stop, not from this one), in whole minutes, or seconds in its last minute."""
    head = tr(
        language,
        "🗳 {name} votes to stop the game ({agree} of {seated}).",
        name=escape(name),
        agree=agree,
        seated=seated,
    )
    if left < 60:
        tail = ntr(
            language,
            "It stops when more than half agree: the other players send /stop within "
            "{n} second, or the vote expires.",
            "It stops when more than half agree: the other players send /stop within "
            "{n} seconds, or the vote expires.",
            max(1, int(left)),
        )
        return f"{head} {tail}"
    tail = ntr(
        language,
        "It stops when more than half agree: the other players send /stop within "
        "{n} minute, or the vote expires.",
        "It stops when more than half agree: the other players send /stop within "
        "{n} minutes, or the vote expires.",
        int(left // 60),  # whole minutes: never more than there is
    )
    return f"{head} {tail}"
