"""Very long names (Telegram allows 64 characters in a first name) in what the bot
says: an alert holds at most 200 characters, and one that names people must still
be shown."""

from __future__ import annotations

from tests.e2e.harness import World

LONG = "Bartholomew Alexander Maximilian von Hohenzollern-Sigmaringen"  # 61 characters


async def test_a_full_rematch_lobby_names_long_names_in_an_alert_that_fits(
    world: World,
) -> None:
    """Bob opens Go Fish for three friends with long names; Alice (an admin not playing)
    stops it; Bob asks for a rematch and fills the free seats with computers: the last
    one is refused, with an alert (at most 200 characters) that says why."""
    tg = world.tg
    friends = [tg.add_user(f"{LONG} {n}", language_code="en") for n in (1, 2, 3)]
    for friend in friends:
        tg.add_member(world.group, friend)
    lobby = await world.command(world.bob, world.group, "/gofish")
    for friend in friends:
        await tg.press(friend, lobby, "Join")  # (told how to see their cards)
    await tg.wait_for(lambda: "4 of 6 seats taken" in (lobby.text or ""), what="four seated")
    assert not (await tg.press(world.bob, lobby, "Start")).show_alert
    await tg.wait_for(lambda: "Waiting for players" not in (lobby.text or ""), what="dealt")
    await tg.send_text(world.alice, world.group, "/stop")  # an admin not playing it
    await tg.wait_for(lambda: "🔁 Rematch" in str(lobby.buttons()), what="stopped")
    mark = max(m.message_id for m in tg.messages(world.group))
    assert not (await tg.press(world.bob, lobby, "🔁 Rematch")).show_alert
    rematch = await tg.wait_for_bot_message(world.group, after=mark, containing="Go Fish")
    for taken in (2, 3):
        assert not (await tg.press(world.bob, rematch, "🤖 Add computer")).show_alert
        await tg.wait_for(lambda t=taken: f"{t} of 6 seats taken" in (rematch.text or ""))
    refused = await tg.press(world.bob, rematch, "🤖 Add computer")
    assert refused.show_alert and refused.text == (
        "🔁 The seats left are kept for the other players of the last game: "
        "the rematch waits for them."
    )
    assert len((refused.text or "").encode("utf-16-le")) // 2 <= 200
