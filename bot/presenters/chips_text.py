"""The words of chips, whatever game is played with them: an account's refusals, a
wait until the next top-up, and the disclaimer every chips screen carries."""

from __future__ import annotations

from bot.i18n import tr


def wait_text(language: str, seconds: float) -> str:
    """A wait such as "5 h 20 min"."""
    minutes = max(1, round(seconds / 60))
    return tr(language, "{h} h {m} min", h=minutes // 60, m=minutes % 60)


def elsewhere(language: str, *, held: bool = False, inline: bool = False) -> str:
    """Refusing a seat to someone who sits at another table of this chat's account
    (``held``: a table whose round they left, not settled yet; ``inline``: any inline
    table, all of which share one account)."""
    if held:
        return tr(language, "Your chips are still in play at a table you left; you can sit "
                            "down again once its round is settled.")  # fmt: skip
    if inline:
        return tr(language, "You are already playing at another inline table: one at a time, "
                            "as they all play from the same chips. 🚪 Leave table there "
                            "first.")  # fmt: skip
    return tr(language, "You are already playing at another table in this chat: 🚪 Leave "
                        "table there first, then sit down here.")  # fmt: skip


def changed(language: str) -> str:
    """A join or a top-up found other chips than it read: nothing happened."""
    return tr(language, "Your chips changed just now, so nothing happened; please try again.")


def chips_disclaimer(language: str) -> str:
    """Said on every chips screen (Telegram's terms for bots with game currencies)."""
    return tr(
        language,
        "Chips are for play only: they have no money value and cannot be bought, "
        "sold or transferred.",
    )
