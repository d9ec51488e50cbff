"""One presenter per game (its adapter: text, keyboards and hooks) and the
words and lines every game's messages share (lobby, clock, hands, cards)."""
