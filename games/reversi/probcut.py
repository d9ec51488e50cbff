"""Multi-ProbCut for the "hard" player's look-ahead (Buro's, as in Logistello).

A search of ``depth`` plies is first tried at a shallow depth: the deep value
``v`` is predicted from the shallow one ``s`` by a line ``v = slope * s +
offset`` with a spread ``sigma`` (per stage of the game), fitted offline on
positions of self-play by ``bench/reversi_probcut.py``. When the prediction
clears the window by :data:`CONFIDENCE` spreads, the node is cut without the
deep search, so the same budget looks further along the lines that matter.
Values are in the evaluation's unit (sixteenths of a disc).
"""

from __future__ import annotations

from .search import WIN

MIN_DEPTH = 3  # the shallowest search that is tried first at a shallower depth
LOW_EMPTIES = 15  # below this many empty squares, no cuts (the end is near)
STAGE_WIDTH = 10  # empty squares per stage of the fit
CONFIDENCE = 2.0  # spreads the prediction must clear the window by
BOUND = WIN // 2  # windows beyond this are about finished games: never cut

# depth -> (shallow depth, ((slope, offset, sigma) per stage from LOW_EMPTIES on)), from
# python -m bench.reversi_probcut 30 --seed 5 --every 4 (330 positions)
FITS: dict[int, tuple[int, tuple[tuple[float, float, float], ...]]] = {
    3: (
        1,
        (
            (1.045, -26.4, 79.7),
            (0.992, -11.2, 63.0),
            (0.946, -16.9, 49.6),
            (0.932, -3.0, 39.6),
            (0.681, 54.6, 31.0),
        ),
    ),
    4: (
        2,
        (
            (1.062, -17.6, 71.7),
            (1.014, -3.4, 66.9),
            (1.001, -0.3, 44.8),
            (0.884, 2.2, 38.2),
            (0.685, -31.3, 25.6),
        ),
    ),
    5: (
        3,
        (
            (1.063, 4.5, 74.4),
            (1.035, 30.1, 72.9),
            (0.94, 18.1, 53.6),
            (0.889, 38.7, 55.3),
            (1.058, -51.2, 35.5),
        ),
    ),
    6: (
        2,
        (
            (1.125, -10.5, 107.9),
            (1.074, -8.6, 108.0),
            (0.975, 24.4, 69.4),
            (0.914, -18.0, 54.9),
            (0.548, 20.1, 33.0),
        ),
    ),
    7: (
        3,
        (
            (1.102, -0.5, 92.5),
            (1.01, 47.6, 83.4),
            (0.974, 17.2, 53.7),
            (0.868, 36.6, 49.6),
            (1.021, -50.0, 31.3),
        ),
    ),
}


def check(depth: int, empties: int) -> tuple[int, float, float, float] | None:
    """(shallow depth, slope, offset, margin) for a search of ``depth`` plies with
    ``empties`` empty squares, or None when no cut applies."""
    if empties < LOW_EMPTIES or not FITS:
        return None
    shallow, stages = FITS[min(depth, max(FITS))]
    slope, offset, sigma = stages[min((empties - LOW_EMPTIES) // STAGE_WIDTH, len(stages) - 1)]
    return shallow, slope, offset, CONFIDENCE * sigma
