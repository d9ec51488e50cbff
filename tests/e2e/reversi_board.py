"""Reading a Reversi board off the table message, as a person looks at it."""

from __future__ import annotations

from sandbox import Message

BLACK_DISCS = ("⚫", "🖤")
WHITE_DISCS = ("⚪", "🤍")


def cells(message: Message) -> list[tuple[str, str]]:
    """The 64 board buttons as (label, callback data), a1 first."""
    rows = message.buttons()[:8]
    assert len(rows) == 8 and all(len(r) == 8 for r in rows), "not a board"
    return [(b.text, b.callback_data or "") for row in rows for b in row]


def hint_squares(message: Message) -> list[int]:
    return [i for i, (label, _) in enumerate(cells(message)) if label == "•"]


def data_of(message: Message, square: int) -> str:
    return cells(message)[square][1]


def disc_counts(message: Message) -> tuple[int, int]:
    labels = [label for label, _ in cells(message)]
    return (
        sum(label in BLACK_DISCS for label in labels),
        sum(label in WHITE_DISCS for label in labels),
    )


def turn_name(message: Message) -> str | None:
    """The name after "Turn: ⚫ " in the text, or None when nobody is to move."""
    for line in (message.text or "").splitlines():
        if line.startswith("Turn: "):
            return line.split(" ", 2)[2]
    return None
