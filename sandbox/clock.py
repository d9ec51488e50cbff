"""An injectable clock for tests: ``StandIn(clock=clock)``, then ``clock.advance(60)``."""

from __future__ import annotations


class ManualClock:
    """Returns the time it was told; it moves only when :meth:`advance` is called."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
