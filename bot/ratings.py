"""How a finished game between people changes their ratings (issue 33), by the system
its declaration names (``games.base.Declaration.rating``, ``games.ratings``):

- **Glicko-2** (``games.ratings.glicko2``, Glickman's paper): start 1500, RD 350,
  volatility 0.06, tau 0.5; each rated game is one rating period of its own for both
  players, from both ratings before it; no RD growth for idle time. Shown: the
  rating, rounded.
- **OpenSkill** (the ``openskill`` package's Plackett-Luce model, its defaults: mu
  25, sigma 25/3): the seats ranked by the game's own result. Shown on the same scale
  as Glicko-2: ``1500 + 48 * (mu - 25)`` (48 points per unit of mu: the model's beta,
  25/6, is 200 points, Elo's class; a newcomer shows 1500).

A rating is provisional ("?" after it) while it is uncertain: Glicko-2's RD is 110
or more (``PROVISIONAL``, lichess's; about 14 games from the start), OpenSkill's
sigma 5.5 or more (``PROVISIONAL_SIGMA``; it starts at 8.33 and shrinks slowly: about
15 two-player games, 25 four-player ones; on the shown scale that is 264 points).

Who is rated: a game is rated when every seat was taken by a person at its start
(``meta.players``, set by ``bot.pipeline.flow.start_game``) and it finished (a
stopped game is not). A person who resigned, or whom the computer stood in for at
the end, is ranked last (after everyone still playing; equal among themselves)."""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce

from bot.adapter import GameAdapter, seats_of
from games.base import Outcome
from games.ratings import GLICKO2
from games.ratings.glicko2 import Glicko, one_game
from storage.forget_games import NO_NAME
from storage.meta import RatingJson
from storage.ratings import Rated, Rating
from storage.records import GameRecord, Status

PROVISIONAL = 110.0  # Glicko-2: an RD at which a rating shows "?"
PROVISIONAL_SIGMA = 5.5  # OpenSkill: a sigma at which a rating shows "?"
POINTS = 48.0  # shown points per unit of OpenSkill's mu
_MODEL = PlackettLuce()
_MU, _SIGMA = _MODEL.mu, _MODEL.sigma


def start(system: str) -> Rating:
    """A person never rated in a game of ``system`` (user id 0: any person)."""
    if system == GLICKO2:
        first = Glicko()
        return Rating(0, first.rating, first.rd, first.volatility)
    return Rating(0, _MU, _SIGMA)


def shown(system: str, rating: Rating) -> int:
    """The one number shown for ``rating``."""
    value = rating.rating if system == GLICKO2 else 1500 + POINTS * (rating.rating - _MU)
    return round(value)


def provisional(system: str, rating: Rating) -> bool:
    if system == GLICKO2:
        return rating.deviation >= PROVISIONAL
    return rating.deviation >= PROVISIONAL_SIGMA


def rate(system: str, before: list[Rating], ranks: list[int]) -> list[Rating]:
    """The ratings after one game whose seats (in the order of ``before``) finished at
    ``ranks`` (0 first; equal: tied)."""
    if system == GLICKO2:
        first, second = (Glicko(r.rating, r.deviation, r.volatility) for r in before)
        score = 1.0 if ranks[0] < ranks[1] else 0.5 if ranks[0] == ranks[1] else 0.0
        after = one_game(first, second, score)
        return [Rating(r.user_id, a.rating, a.rd, a.volatility, r.games)
                for r, a in zip(before, after, strict=True)]  # fmt: skip
    teams = [[_MODEL.rating(mu=r.rating, sigma=r.deviation)] for r in before]
    rated = _MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [Rating(r.user_id, t[0].mu, t[0].sigma, 0.0, r.games)
            for r, t in zip(before, rated, strict=True)]  # fmt: skip


def rank_of_seats(adapter: GameAdapter[Any], game: GameRecord, state: Any) -> list[int]:
    """Each seat's place (0 first, ties equal): people who left (resigned, or kept by
    the computer at the end) share the last; before them the winners, then by score
    (books, discs)."""
    players = game.meta.players or []
    seats = seats_of(game)
    gone = set(game.meta.auto or []) | set(adapter.table.out_of_game(game, state))
    if game.meta.resigned_seat is not None:
        gone.add(game.meta.resigned_seat)
    gone |= {i for i, seat in enumerate(seats) if seat.user != players[i]}
    outcome: Outcome | None = adapter.engine.outcome(state)
    keys = []
    for i in range(len(players)):
        lost = outcome is not None and bool(outcome.winners) and i not in outcome.winners
        score = -outcome.scores[i] if outcome is not None and outcome.scores else 0
        # the people gone share the last place: what the computer did for them after
        # they left is not theirs to gain or lose by
        keys.append((True, False, 0) if i in gone else (False, lost, score))
    order = sorted(set(keys))
    return [order.index(key) for key in keys]


def rated_if_finished(adapter: GameAdapter[Any], game: GameRecord) -> bool:
    """Whether the running ``game`` is rated once it finishes: its kind has a rating
    system and every seat was taken by a different person at its start."""
    system, players = adapter.declaration.rating, game.meta.players
    running = game.status is Status.RUNNING and game.meta.rating is None
    return bool(system and running and players and len(set(players)) == len(players))


def rated_game(adapter: GameAdapter[Any], game: GameRecord, state: Any) -> Rated | None:
    """What a save writes for a game that has just finished rated (None: unrated);
    its ``rate`` notes each person's change in ``meta.rating`` for the final table."""
    system, players = adapter.declaration.rating, game.meta.players
    if not system or not players or game.status is not Status.FINISHED or state is None:
        return None
    if game.meta.rating is not None or len(set(players)) != len(players):
        return None
    ranks = rank_of_seats(adapter, game, state)
    names = [seat.name or NO_NAME for seat in seats_of(game)]  # (forgotten: no name)

    def rate_and_note(before: list[Rating]) -> list[Rating]:
        after = rate(system, before, ranks)
        game.meta.rating = [
            RatingJson(name=name, shown=shown(system, new),
                       change=shown(system, new) - shown(system, old),
                       provisional=provisional(system, new))
            for name, old, new in zip(names, before, after, strict=True)
        ]  # fmt: skip
        return after

    return Rated(players, start(system), rate_and_note, lambda r: shown(system, r))
