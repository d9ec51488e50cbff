"""Chat settings answered where they belong (issue 22): an admin's /turntime with a
bad value is answered in the group it was sent in (a non-admin's refusal stays
private); the /language picker marks the chat's language, and a choice turns it
into a plain confirmation without buttons."""

from __future__ import annotations

from sandbox import Message
from tests.e2e.harness import World


def _labels(message: Message) -> list[str]:
    return [b.text for row in message.buttons() for b in row]


async def test_the_language_picker_marks_the_current_one_and_closes_after_a_choice(
    world: World,
) -> None:
    picker = await world.command(world.alice, world.group, "/language")
    assert _labels(picker) == ["✅ English", "Español", "Русский"]
    answer = await world.tg.press(world.alice, picker, "Español")
    assert answer.text == "Este chat ahora habla español."
    await world.tg.wait_for(lambda: picker.text == "Este chat ahora habla español.")
    assert picker.buttons() == []  # nothing left to press
    again = await world.command(world.alice, world.group, "/language")
    assert _labels(again) == ["English", "✅ Español", "Русский"]
    assert again.text == "Elige el idioma de este chat:"


async def test_a_bad_turn_time_from_an_admin_is_answered_in_the_group(world: World) -> None:
    await world.start_privately(world.alice, world.bob)
    mark = world.tg.bot_messages(world.alice)[-1].message_id
    refused = await world.command(world.alice, world.group, "/turntime 5")
    assert refused.text == "Give the seconds per turn as a number from 15 to 3600."
    assert refused.reply_to is not None  # a reply to the command, in the group
    assert [m for m in world.tg.bot_messages(world.alice) if m.message_id > mark] == []
    private = await world.command(world.bob, world.bob, "/help")  # Bob's chat, a mark
    await world.tg.send_text(world.bob, world.group, "/turntime 5")  # not an admin
    told = await world.tg.wait_for_bot_message(world.bob, after=private.message_id)
    assert "Only a chat administrator can do that." in (told.text or "")
    ok = await world.command(world.alice, world.group, "/turntime 60")
    assert ok.text == "A turn here lasts 60 seconds."
