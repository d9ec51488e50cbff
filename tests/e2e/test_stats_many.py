"""/stats in a big group: every player's line would pass Telegram's 4,096 characters
in one message; the answer must still come, best players first."""

from __future__ import annotations

from storage import chats
from storage.records import UserRecord
from tests.e2e.harness import World

KINDS = ("reversi", "gofish", "gofarm", "durak", "blackjack")
PEOPLE = 60


async def test_stats_of_a_big_group_fits_one_message(world: World) -> None:
    db = world.bots[-1].db
    for number in range(PEOPLE):  # results as years of play would have left them
        user_id = 5000 + number
        name = f"Player {number:02d} " + "x" * 40
        await chats.upsert_user(db, UserRecord(user_id, name))
        async with db.transaction() as tx:
            for game, kind in enumerate(KINDS):
                await tx.execute(
                    "INSERT INTO results (game_id, chat_id, user_id, kind, won, finished_at)"
                    " VALUES ($1, $2, $3, $4, $5, 0)",
                    (100 * number + game, world.group.id, user_id, kind, int(number < 3)),
                )
    answer = await world.command(world.carol, world.group, "/stats")
    text = answer.text or ""
    assert len(text.encode("utf-16-le")) // 2 <= 4096
    lines = text.splitlines()
    assert lines[0] == "📊 Games won / played here"
    assert lines[1].startswith("Player 00 ") and lines[1].endswith(
        " — 5/5 (Blackjack 1/1, Durak 1/1, Go Farm 1/1, Go Fish 1/1, Reversi 1/1)"
    )
    shown = len(lines) - 2
    assert lines[-1] == f"… and {PEOPLE - shown} more players", lines[-1]
