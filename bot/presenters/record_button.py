"""The "📜 Record" button of a finished table: it puts ``record <game> <secret>`` in the
presser's input field, and the bot answers that inline query with the game's record
(``bot.glue.record_inline``), which anyone may then post in this or any other chat. The
secret is the game's own (its lobby's, ``GameMeta.invite``): a game's number alone
(they count up) opens no record of a table one has not seen."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardButton

from bot.buttons import ForgedCallback, from36, to36
from bot.i18n import tr
from storage.records import GameRecord


@dataclass(frozen=True)
class RecordQuery:
    game_id: int
    secret: str

    WORD = "record"

    def pack(self) -> str:
        return f"{self.WORD} {to36(self.game_id)} {self.secret}"

    @classmethod
    def parsed(cls, text: str | None) -> RecordQuery | None:
        """The query, or None for any other text."""
        parts = (text or "").split()
        if len(parts) != 3 or parts[0] != cls.WORD or not parts[2]:
            return None
        try:
            return cls(from36(parts[1]), parts[2])
        except ForgedCallback:
            return None


def record_button(game: GameRecord, language: str) -> InlineKeyboardButton | None:
    """ "📜 Record" for an ended game with a secret (None: none to offer)."""
    if game.active or not game.meta.invite or game.id is None:
        return None
    query = RecordQuery(game.id, game.meta.invite).pack()
    return InlineKeyboardButton(
        "📜 " + tr(language, "Record"), switch_inline_query_current_chat=query
    )
