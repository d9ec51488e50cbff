"""``python -m bot sandbox --guest`` turns BotFather's guest mode on in the stand-in, so
``@tablebot reversi`` written on the page in a chat without the bot opens a table there;
without the flag it is off, as for a new bot, and the banner says how to turn it on."""

from __future__ import annotations

from bot.ops.sandbox_run import banner, parse_options, running_sandbox


async def test_guest_mode_is_a_flag_of_the_sandbox() -> None:
    async with running_sandbox(parse_options(["--port", "0"], {})) as sandbox:
        assert not sandbox.tg.world.guest.enabled
        assert "guest mode: off (--guest turns it on)" in banner(sandbox)
    async with running_sandbox(parse_options(["--port", "0", "--guest"], {})) as sandbox:
        assert "guest mode: on" in banner(sandbox)
        alice, bob = sandbox.people[:2]
        posted = await sandbox.tg.mention_bot(alice, bob, "reversi")  # their own chat
        assert posted.sender.id == sandbox.tg.bot.id and posted.inline_message_id
        await sandbox.tg.wait_for(
            lambda: any(b.text == "Join" for row in posted.buttons() for b in row),
            what="the lobby drawn on the bot's guest message",
        )
