"""Small statistics for the game benches: a rate with its 95% interval, and
percentiles of CPU time per decision."""

from __future__ import annotations

import math


def interval(hits: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of the rate ``hits / games`` (a tie may count a share)."""
    if games == 0:
        return 0.0, 1.0
    z = 1.96
    rate = hits / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_text(hits: float, games: int) -> str:
    low, high = interval(hits, games)
    return f"{100 * hits / games:.1f}% [95% {100 * low:.1f}-{100 * high:.1f}] of {games}"


def percentile(values: list[float], share: float) -> float:
    """The value ``share`` (0..1) of the way up the sorted ``values`` (0 if none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def cpu_text(seconds: list[float]) -> str:
    """CPU milliseconds per decision: p50, p95 and the slowest."""
    p50, p95 = percentile(seconds, 0.5) * 1000, percentile(seconds, 0.95) * 1000
    return f"CPU/decision p50 {p50:.2f} ms, p95 {p95:.2f} ms, max {max(seconds) * 1000:.1f} ms"
