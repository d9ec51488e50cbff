"""A press's path: decode, load, check, apply, save (``save.save``), answer;
the lobby, moving a game forward (``flow``), resign, votes, rematches, and
Blackjack's own actions. Nothing here awaits a message to a group."""
