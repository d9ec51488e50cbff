"""Names written right to left (Arabic, Hebrew), or with bidi controls in them, in
what the group reads: a name must not reorder or reverse the rest of its line (the
rating or the score after it), so each is set apart as a bidi isolate (FSI … PDI)."""

from __future__ import annotations

from tests.e2e.harness import World
from tests.e2e.reversi_board import turn_name
from tests.e2e.test_resign import _resign_twice

MARYAM = "مريم"
RLO_BOB = "\u202eBob"  # a right-to-left override: everything after it reads backwards
OPENS, CLOSES_EMBEDDING, CLOSES_ISOLATE = (
    "\u202a\u202b\u202d\u202e\u2066\u2067\u2068",
    "\u202c",
    "\u2069",
)
ISOLATES = "\u2066\u2067\u2068"


def left_open(line: str) -> str:
    """The bidi embeddings, overrides and isolates ``line`` leaves open at its end
    (Unicode's rules X1-X6a, without the depth limit)."""
    stack: list[str] = []
    for char in line:
        if char in OPENS:
            stack.append(char)
        elif char == CLOSES_EMBEDDING and stack and stack[-1] not in ISOLATES:
            stack.pop()
        elif char == CLOSES_ISOLATE and any(c in ISOLATES for c in stack):
            while stack.pop() not in ISOLATES:
                pass
    return "".join(stack)


def lines_with(text: str | None, *names: str) -> list[str]:
    return [line for line in (text or "").splitlines() if any(n in line for n in names)]


async def test_right_to_left_names_do_not_reorder_the_lines_that_name_them(
    world: World,
) -> None:
    tg = world.tg
    maryam = tg.add_user(MARYAM, language_code="en")
    world.bob.first_name = RLO_BOB
    tg.add_member(world.group, maryam)
    board = await world.command(maryam, world.group, "/reversi")
    await tg.press(world.bob, board, "Join")  # full: it starts
    await tg.wait_for(lambda: turn_name(board) is not None, what="the board")
    await _resign_twice(world, world.bob, board)
    await tg.wait_for(lambda: "⭐ Rated:" in (board.text or ""), what="rated")
    shown = {
        "the final table": board.text,
        "/leaders": (await world.command(world.carol, world.group, "/leaders")).text,
        "/stats": (await world.command(world.carol, world.group, "/stats")).text,
    }
    for where, text in shown.items():
        named = lines_with(text, MARYAM, "Bob")
        assert named, (where, text)
        for line in named:
            assert left_open(line) == "", (where, line)  # the override ends with the name
            if MARYAM in line:  # isolated: the digits after it stay in the line's order
                assert f"\u2068{MARYAM}\u2069" in line, (where, line)
