"""Games' table rules the shared pipeline runs through their adapters: what a game
decides around its engine (seating, freshness, deadlines, chips), with no text."""
