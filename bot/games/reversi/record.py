"""A Reversi game's record: the players, the result and the standard transcript
(``games.reversi.record``), with the final position drawn as a PNG."""

from __future__ import annotations

from functools import partial

from bot.game_record import Record
from bot.games.reversi import picture as reversi_picture
from bot.i18n import tr
from bot.ui import escape
from games.base import BrokenState
from games.reversi import ReversiState
from games.reversi.record import steps_of, transcript

DISCS = ("⚫", "⚪")


def record(state: ReversiState, names: list[str], result: str, language: str) -> Record:
    """``names``: the seats' labels (HTML); ``result``: the table's last line."""
    lines = [f"📜 <b>{escape(tr(language, 'Reversi'))}</b>"]
    lines += [f"{DISCS[s]} {names[s]} — {state.scores[s]}" for s in (0, 1)]
    lines.append(result)
    head = "\n".join(lines)
    try:
        steps = steps_of(state)
    except BrokenState:
        steps = None
    if steps is None:
        moves = tr(language, "This game was played before its moves were kept.")
    else:
        moves = f"<code>{transcript(steps)}</code>" if steps else ""
    picture = partial(reversi_picture.png, state.discs, state.last_move)
    played = [(step.discs, step.square) for step in steps or () if step.square is not None]
    animation = partial(reversi_picture.gif, played) if played else None
    return Record("\n".join([head, moves]) if moves else head, head, picture, animation)
