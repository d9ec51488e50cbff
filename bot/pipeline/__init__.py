"""A press's path: decode, load, check, apply, save (``timers.commit``), answer;
the lobby, moving a game forward (``flow``), resign, votes, rematches, and
Blackjack's own actions. Nothing here awaits a message to a group."""
