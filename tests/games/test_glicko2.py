"""Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system")."""

from __future__ import annotations

import math

import pytest

from games.ratings.glicko2 import Glicko, _volatility, one_game, rate


def test_the_papers_worked_example() -> None:
    player = Glicko(1500, 200, 0.06)
    games = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]
    after = rate(player, games)
    # the paper rounds mu' to -0.2069 before step 8 (-0.2069 * 173.7178 + 1500 = 1464.06);
    # unrounded it is 1464.0507, so the rating is within the paper's rounding
    assert round((after.rating - 1500) / 173.7178, 4) == -0.2069
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.rd, 2) == 151.52
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)  # the paper: 0.059996 cut


def test_the_papers_intermediate_values() -> None:
    # step 3: v = 1.7785; step 4: delta = -0.4834; step 5: sigma' = 0.05999
    mu, phi = 0.0, 200 / 173.7178
    opp = [(-0.5756, 0.1727, 1.0), (0.2878, 0.5756, 0.0), (1.1513, 1.7269, 0.0)]
    g = [1 / math.sqrt(1 + 3 * p * p / math.pi**2) for _, p, _ in opp]
    e = [1 / (1 + math.exp(-gj * (mu - m))) for gj, (m, _, _) in zip(g, opp, strict=True)]
    v = 1 / sum(gj * gj * ej * (1 - ej) for gj, ej in zip(g, e, strict=True))
    delta = v * sum(gj * (s - ej) for gj, ej, (_, _, s) in zip(g, e, opp, strict=True))
    assert v == pytest.approx(1.7785, abs=1e-3)
    assert delta == pytest.approx(-0.4834, abs=1e-3)
    assert _volatility(delta, phi, v, 0.06, 0.5) == pytest.approx(0.05999, abs=1e-5)


def test_no_games_only_widens_the_deviation() -> None:
    after = rate(Glicko(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert after.rd == pytest.approx(173.7178 * math.sqrt((200 / 173.7178) ** 2 + 0.0036))


def test_one_game_is_symmetric_between_newcomers() -> None:
    winner, loser = one_game(Glicko(), Glicko(), 1.0)
    assert winner.rating - 1500 == pytest.approx(1500 - loser.rating)
    assert winner.rating > 1500 and winner.rd < 350
    drew, drew_too = one_game(Glicko(), Glicko(), 0.5)
    assert drew.rating == pytest.approx(1500) and drew_too.rating == pytest.approx(1500)
