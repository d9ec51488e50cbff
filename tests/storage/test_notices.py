"""``/notify``'s limits in the database (storage.notices): a group's announcements
and a person's notices of the last hour, on every database there is."""

from __future__ import annotations

from storage import notices
from storage.db import Database

NOW = 1_700_000_000.0


async def test_a_group_announces_up_to_its_limit_an_hour(url: str) -> None:
    db = await Database.open(url)
    try:
        taken = [await notices.announce_once(db, -100, NOW + i, 3) for i in range(5)]
        assert taken == [True, True, True, False, False]
        assert await notices.announce_once(db, -200, NOW, 3)  # another group's own count
        assert await notices.announce_once(db, -100, NOW + notices.WINDOW, 3)  # the first aged
        assert not await notices.announce_once(db, -100, NOW + notices.WINDOW, 3)
    finally:
        await db.close()


async def test_a_persons_notices_from_every_group_in_the_last_hour(url: str) -> None:
    db = await Database.open(url)
    try:
        await notices.record(db, -100, 7, NOW)
        await notices.record(db, -200, 7, NOW + 10)
        await notices.record(db, -200, 8, NOW + 10)
        await notices.announce_once(db, -100, NOW, 3)  # the group's own row: nobody's
        assert await notices.sent_to(db, 7, NOW + 20) == 2
        assert await notices.sent_to(db, 7, NOW + notices.WINDOW + 5) == 1
        assert await notices.prune(db, NOW + notices.WINDOW + 5) == 2
        assert await notices.sent_to(db, 8, NOW + 20) == 1
    finally:
        await db.close()
