"""Engine refusal codes as sentences in the reader's language."""

from __future__ import annotations

from bot.i18n import tr


def refusal_text(language: str, reason: str) -> str:
    texts = {
        "not_your_turn": tr(language, "It is not your turn."),
        "not_legal": tr(language, "That is not a legal move."),
        "game_over": tr(language, "The game is over."),
        "forged": tr(language, "This button is not from a game I know."),
        "rank_not_in_hand": tr(language, "You can only ask for a rank you hold."),
        "no_such_rank": tr(language, "That is not a rank: ask for 2-10, J, Q, K or A."),
        "bad_target": tr(language, "You can only ask another player who holds cards."),
        **_durak_texts(language),
        **_blackjack_texts(language),
    }
    return texts.get(reason, tr(language, "That is not a legal move."))


def _durak_texts(language: str) -> dict[str, str]:
    return {
        "not_in_hand": tr(language, "That card is not in your hand any more."),
        "already_done": tr(language, "You said Done; wait until the table changes."),
        "nothing_to_add": tr(language, "You have nothing to add."),
        "must_lead": tr(language, "The attacker leads a card first."),
        "wrong_rank": tr(language, "Only cards of a rank on the table can go in."),
        "table_full": tr(language, "This bout already holds all the cards it may."),
        "hand_limit": tr(language, "The defender has no cards left to cover another one."),
        "bad_index": tr(language, "That card is not on the table any more."),
        "already_beaten": tr(language, "That card is already beaten."),
        "cannot_beat": tr(language, "That card does not beat it."),
        "taking": tr(language, "The defender is taking the cards."),
        "nothing_to_take": tr(language, "Every card on the table is beaten."),
        "passing_off": tr(language, "Passing the attack on is not played in this game."),
        "too_late": tr(language, "Too late to pass: a card is already beaten."),
        "next_hand_short": tr(language, "The next player holds too few cards to take it on."),
    }


def _blackjack_texts(language: str) -> dict[str, str]:
    return {
        "insufficient_chips": tr(language, "You do not have enough chips for that."),
        "below_minimum": tr(language, "Place at least the minimum bet first."),
        "bad_amount": tr(language, "That is not an amount you can bet now."),
        "round_in_progress": tr(language, "Finish this round first."),
        "seat_taken": tr(language, "That seat is taken."),
        "not_seated": tr(language, "You are not at this table."),
        "no_bets": tr(language, "Nobody has a bet on the table."),
        "no_insurance": tr(language, "You have nothing to insure now."),
    }
