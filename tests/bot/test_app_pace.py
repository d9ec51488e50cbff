"""The hand app's pace per person (``bot.webapp.checks.Pace``): at most five moves in
any second, and it keeps no one it no longer needs to count."""

from __future__ import annotations

from bot.webapp.checks import Pace


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_five_moves_a_second_per_person() -> None:
    clock = Clock()
    pace = Pace(clock=clock)
    assert [pace.allow(1) for _ in range(6)] == [True] * 5 + [False]
    assert pace.allow(2)  # another person counts apart
    clock.now += 1.0
    assert pace.allow(1)


def test_people_quiet_for_a_second_are_forgotten() -> None:
    """Many people, a thousand a second, each moving once: those quiet for a second are
    not kept (nor walked through on every later move)."""
    clock = Clock()
    pace = Pace(clock=clock)
    for user in range(20_000):
        clock.now = 100.0 + user / 1000
        assert pace.allow(user)
        assert len(pace.seen) <= 10_001, (user, len(pace.seen))
