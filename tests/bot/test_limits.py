"""The sender's budget: Telegram's limits per group, per private chat and overall."""

from __future__ import annotations

from bot.sync.limits import Budget, Rates

GROUP, OTHER_GROUP, PERSON = -100, -200, 42


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _send_when_ready(budget: Budget, clock: Clock, chat_id: int, count: int) -> list[float]:
    """Send ``count`` messages to one chat as fast as the budget allows."""
    times = []
    for _ in range(count):
        clock.now = max(clock.now, budget.ready_at(chat_id))
        budget.spend(chat_id)
        times.append(clock.now)
    return times


def test_a_group_never_gets_more_than_twenty_in_any_minute_and_a_burst_goes_at_once() -> None:
    clock = Clock()
    budget = Budget(Rates(), clock)
    start = clock.now
    times = _send_when_ready(budget, clock, GROUP, 100)
    assert times[:4] == [start] * 4  # the burst goes at once
    for i in range(len(times)):
        in_window = [t for t in times if times[i] - 60 < t <= times[i]]
        assert len(in_window) <= 20
    assert times[4] - times[3] == 3.0  # then one every 60/20 s


def test_a_pause_holds_only_its_own_chat() -> None:
    clock = Clock()
    budget = Budget(Rates(), clock)
    budget.pause(GROUP, 30)
    assert budget.ready_at(GROUP) == clock.now + 30
    assert budget.ready_at(OTHER_GROUP) == clock.now
    assert budget.ready_at(PERSON) == clock.now


def test_a_private_chat_gets_about_one_a_second_and_everything_thirty_a_second() -> None:
    clock = Clock()
    budget = Budget(Rates(), clock)
    times = _send_when_ready(budget, clock, PERSON, 5)
    assert [t - times[0] for t in times] == [0.0, 1.0, 2.0, 3.0, 4.0]
    clock.now += 10
    sent = 0
    for person in range(1, 40):  # 39 different people at the same instant
        if budget.ready_at(person) <= clock.now:
            budget.spend(person)
            sent += 1
    assert sent == 30


def test_an_idle_chat_is_forgotten_once_its_window_passed() -> None:
    clock = Clock()
    budget = Budget(Rates(), clock)
    budget.spend(GROUP)
    budget.forget(GROUP)
    assert budget.sent_in_window(GROUP) == 1
    clock.now += 61
    budget.forget(GROUP)
    assert budget.sent_in_window(GROUP) == 0
