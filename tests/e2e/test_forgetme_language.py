"""/forgetme in a group: its prompt is a group message, in the group's /language; once
the person pressed its button, what the prompt then says is still read by the group
(in its language), while the alert is theirs alone (in their own)."""

from __future__ import annotations

from tests.e2e.harness import World
from tests.e2e.test_privacy import DONE_TEXT

DONE_RU = (
    "Готово: ваши результаты, рейтинги, фишки и профиль удалены; "
    "в записях партий вы теперь «бывший игрок»."
)


async def test_the_spent_forgetme_prompt_stays_in_the_groups_language(world: World) -> None:
    menu = await world.command(world.alice, world.group, "/language")
    await world.tg.press(world.alice, menu, "Русский")
    prompt = await world.command(world.bob, world.group, "/forgetme")  # Bob reads English
    assert "Bob" in (prompt.text or "") and "навсегда" in (prompt.text or ""), prompt.text
    versions = len(prompt.versions)
    alert = await world.tg.press(world.bob, prompt, "🗑 Удалить мои данные")
    assert alert.show_alert and alert.text == DONE_TEXT  # his alone: his language
    await world.until_edited(prompt, versions)
    assert prompt.text == DONE_RU  # the group's message: the group's language
