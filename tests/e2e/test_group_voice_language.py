"""A message sent as the group (an anonymous admin) or as a channel is nobody's own
account: its answer stays in the group, so it is written in the group's /language
(the shared @GroupAnonymousBot or @Channel_Bot account has no language of its own)."""

from __future__ import annotations

from sandbox import Chat
from tests.e2e.harness import World


async def test_answers_to_the_group_or_a_channel_are_in_the_groups_language(
    world: World,
) -> None:
    tg = world.tg
    menu = await world.command(world.alice, world.group, "/language")
    await tg.press(world.alice, menu, "Русский")
    channel = Chat(-1009900000002, "channel", title="Bob's blog")

    async def answer(said_text: str, as_channel: bool = False) -> str:
        if as_channel:
            said = await tg.send_as_channel(world.bob, world.group, channel, said_text)
        else:
            said = await tg.send_as_group(world.alice, world.group, said_text)
        return (await tg.wait_for_bot_message(world.group, after=said.message_id)).text or ""

    assert await answer("/notify") == (
        "Чтобы получать уведомления о новых играх здесь, пишите от своего имени."
    )
    assert await answer("/table") == "Здесь сейчас нет игры."
    assert await answer("/stop", as_channel=True) == "Здесь сейчас нет игры."
    lobby = await world.command(world.bob, world.group, "/reversi")
    assert "Здесь уже идёт игра «Реверси»." in await answer("/durak")
    await tg.press(world.alice, lobby, "Сесть")  # a rated game starts
    await tg.wait_for(lambda: "Ход" in (lobby.text or ""), what="the board")
    assert await answer("/stop", as_channel=True) == (
        "Рейтинговую игру останавливают голосованием её игроки: отправьте /stop от своего имени."
    )
