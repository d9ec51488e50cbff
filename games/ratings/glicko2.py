"""Glicko-2, exactly as in Mark Glickman's "Example of the Glicko-2 system"
(http://www.glicko.net/glicko/glicko2.pdf): steps 1 to 8 for one player over one
rating period, on the Glicko scale outside (rating 1500, RD 350, volatility 0.06 to
start) and the Glicko-2 scale inside (mu, phi: the scale factor 173.7178).

The bot plays each rated game as one rating period of its own for both players,
each computed from both ratings *before* the game, with no RD growth for idle time
(``bot.ratings``). Pure: the standard library only."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2 step 2: 400 / ln(10)
START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
TAU = 0.5  # constrains the change in volatility over time (the paper's example: 0.5)
EPSILON = 0.000001  # convergence tolerance of step 5


@dataclass(frozen=True)
class Glicko:
    """A rating on the Glicko scale: rating, rating deviation (RD), volatility."""

    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(player: Glicko, games: Sequence[tuple[Glicko, float]], tau: float = TAU) -> Glicko:
    """``player`` after one rating period against ``games`` (opponent, score: 1 a
    win, 0.5 a draw, 0 a loss), each opponent as rated at the period's start."""
    # step 2: to the Glicko-2 scale
    mu = (player.rating - START_RATING) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not games:  # step 6 only: the RD grows, rating and volatility stay
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Glicko(player.rating, phi_star * SCALE, sigma)
    opponents = [((o.rating - START_RATING) / SCALE, o.rd / SCALE, score) for o, score in games]
    # steps 3 and 4: the estimated variance and the estimated improvement
    v_inverse = 0.0
    improvement = 0.0
    for mu_j, phi_j, score in opponents:
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        v_inverse += g * g * e * (1.0 - e)
        improvement += g * (score - e)
    v = 1.0 / v_inverse
    delta = v * improvement
    # step 5: the new volatility (the Illinois algorithm)
    sigma_new = _volatility(delta, phi, v, sigma, tau)
    # step 6: the pre-rating-period value
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    # step 7: the new rating and RD
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    # step 8: back to the Glicko scale
    return Glicko(SCALE * mu_new + START_RATING, SCALE * phi_new, sigma_new)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    a = math.log(sigma * sigma)
    d2, p2 = delta * delta, phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if d2 > p2 + v:
        big_b = math.log(d2 - p2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def one_game(first: Glicko, second: Glicko, score: float) -> tuple[Glicko, Glicko]:
    """Both players after one game (``score``: the first player's, 1, 0.5 or 0), each
    computed from both ratings before it: one rating period of its own."""
    return rate(first, [(second, score)]), rate(second, [(first, 1.0 - score)])
