"""The rules: placing a disc, flipping, automatic passes and the end of the game."""

from __future__ import annotations

from games.base import IllegalAction, Outcome

from . import board
from .model import LOG_LENGTH, Event, GameOver, Passed, Placed, ReversiState, ReversiView


def new_state() -> ReversiState:
    """The standard opening position, black (seat 0) to move."""
    return ReversiState(discs=(board.START_BLACK, board.START_WHITE), turn=0)


def moves_of(discs: tuple[int, int], seat: int) -> int:
    """Bitboard of the squares where ``seat`` may place a disc."""
    return board.legal_moves(discs[seat], discs[1 - seat])


def legal_squares(state: ReversiState, seat: int) -> tuple[int, ...]:
    """The squares ``seat`` may play now; empty unless it is that seat's turn."""
    if state.turn is None or seat != state.turn:
        return ()
    return board.squares(moves_of(state.discs, seat))


def place(state: ReversiState, seat: int, square: int) -> tuple[ReversiState, list[Event]]:
    """Play ``square`` for ``seat``; passes and the end of the game follow automatically."""
    if state.turn is None:
        raise IllegalAction("game_over")
    if seat != state.turn:
        raise IllegalAction("not_your_turn")
    if not 0 <= square < board.SQUARES or not moves_of(state.discs, seat) >> square & 1:
        raise IllegalAction("not_legal", f"square {square}")
    disc = 1 << square
    own, opp = state.discs[seat], state.discs[1 - seat]
    flipped = board.flips(own, opp, disc)
    own, opp = own | disc | flipped, opp ^ flipped
    discs = (own, opp) if seat == 0 else (opp, own)
    events: list[Event] = [Placed(seat, square, flipped.bit_count())]
    turn = _next_turn(discs, seat, events)
    log = (*state.log, *events)[-LOG_LENGTH:]
    moves = None if state.moves is None else (*state.moves, square)
    return ReversiState(discs=discs, turn=turn, last_move=square, log=log, moves=moves), events


def _next_turn(discs: tuple[int, int], mover: int, events: list[Event]) -> int | None:
    """Who plays after ``mover``: the opponent, else ``mover`` again (a pass), else nobody."""
    other = 1 - mover
    if moves_of(discs, other):
        return other
    if moves_of(discs, mover):
        events.append(Passed(other))
        return mover
    black, white = discs[0].bit_count(), discs[1].bit_count()
    events.append(GameOver(winner((black, white)), (black, white)))
    return None


def winner(scores: tuple[int, int]) -> int | None:
    """The seat with more discs, None on a tie."""
    black, white = scores
    if black == white:
        return None
    return 0 if black > white else 1


def outcome(state: ReversiState) -> Outcome | None:
    """None while the game runs; the most discs win, equal discs are a draw."""
    if state.turn is not None:
        return None
    scores = state.scores
    best = winner(scores)
    if best is None:
        return Outcome(winners=(), losers=(), scores=scores, draw=True)
    return Outcome(winners=(best,), losers=(1 - best,), scores=scores)


def view(state: ReversiState) -> ReversiView:
    """The public picture of the position (the same for every seat and the group)."""
    legal = () if state.turn is None else legal_squares(state, state.turn)
    return ReversiView(
        board=board.cells(state.discs),
        to_move=state.turn,
        legal=legal,
        scores=state.scores,
        last_move=state.last_move,
        log=state.log,
        finished=state.finished,
    )
