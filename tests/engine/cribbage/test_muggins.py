"""The muggins flow: claims, recounts, pressing muggins, keep or give back, and its window."""

from __future__ import annotations

import pytest

from engine.cards import parse_card, parse_cards
from engine.cribbage import CribbageGame
from engine.cribbage.scoring import score_hand
from engine.errors import IllegalAction
from tests.engine.cribbage.stacking import discard_all, of_type, stacked_game
from tests.engine.cribbage.test_game_situations import TWO_DISCARDS, TWO_HANDS, TWO_PLAY

# After TWO_PLAY the pegging stands at 5 for seat 0 and 2 for seat 1; seat 0's hand is worth
# 29, seat 1's (the dealer's) 12.
AFTER_PLAY = [5, 2]
CRIB_TOTAL = score_hand(parse_cards("2H 3H 8S 9S"), parse_card("5S"), crib=True).total


def to_the_show() -> CribbageGame:
    game = stacked_game(TWO_HANDS, dealer=1, starter="5S", muggins=True)
    discard_all(game, TWO_DISCARDS)
    for seat, card in TWO_PLAY:
        action = {"type": "go"} if card == "go" else {"type": "play", "card": card}
        game.apply(seat, action)
    assert game.phase == "show" and game.scores == AFTER_PLAY
    return game


def claim(game: CribbageGame, seat: int, points: int) -> list[dict]:
    return game.apply(seat, {"type": "claim", "points": points})


def test_the_show_waits_for_the_first_count_to_be_claimed() -> None:
    game = to_the_show()
    assert game.to_act() == [0] and game.waiting_for() == [0]
    legal = game.legal_actions(0)
    claims = [a["points"] for a in legal if a["type"] == "claim"]
    assert claims == [n for n in range(30) if n not in (19, 25, 26, 27)]
    assert game.view(1)["next_count"] == {"kind": "hand", "seat": 0,
                                         "cards": ["5H", "5D", "5C", "JS"]}
    assert game.view(None)["show"] == []


def test_a_recount_offers_only_the_claims_below_the_refused_one() -> None:
    # The dealer's hand is worth 12: a claim of 13 is refused, so 13 and every higher count
    # are known to be wrong and no longer offered (C-19); the press on seat 0's count stays.
    game = to_the_show()
    claim(game, 0, 29)
    before = [game.legal_actions(seat) for seat in (0, 1)]
    assert [e["type"] for e in claim(game, 1, 13)] == ["recount"]
    after = (game.to_act(), game.waiting_for(), [game.legal_actions(seat) for seat in (0, 1)])
    game.state_changed()
    afresh = (game.to_act(), game.waiting_for(), [game.legal_actions(seat) for seat in (0, 1)])
    assert after == afresh and after[0] == [1] and after[2][0] == before[0]
    assert after[2][1] == [*({"type": "claim", "points": n} for n in range(13)),
                           {"type": "muggins"}]
    assert [a for a in before[1] if a not in after[2][1]] == [
        {"type": "claim", "points": n} for n in (13, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24,
                                                 28, 29)]
    # The hint weighs the claims offered: the true count first, nothing refused among them.
    from engine.cribbage.analysis import analyse

    hint = analyse(game.view(1), game.legal_actions(1))
    assert hint[0]["action"] == {"type": "claim", "points": 12}
    assert max(e["action"]["points"] for e in hint if e["action"]["type"] == "claim") == 12


def test_a_claim_refused_already_is_refused_in_words_that_say_so() -> None:
    game = to_the_show()
    claim(game, 0, 29)
    claim(game, 1, 22)
    with pytest.raises(IllegalAction, match=r"^No hand counts 19: claim 0–18, 20 or 21\.$"):
        claim(game, 1, 19)
    claim(game, 1, 14)
    for again in (14, 22, 19, 29, 30):
        with pytest.raises(IllegalAction, match="^Too many: your hand is worth less than 14. "
                           r"Claim 0–13\.$"):
            claim(game, 1, again)
    assert game.view(1)["next_count"]["refused"] == [22, 14]
    assert [e["type"] for e in claim(game, 1, 13)] == ["recount"]
    assert [a["points"] for a in game.legal_actions(1) if a["type"] == "claim"] == list(
        range(13))


def test_a_saved_game_that_claimed_a_refused_count_again_still_replays() -> None:
    # Before C-19 the menu still offered a refused claim: such a log replays as it was played.
    game = to_the_show()
    claim(game, 0, 29)
    claim(game, 1, 14)
    assert [e["type"] for e in game.apply(1, {"type": "claim", "points": 14}, logged=True)] == [
        "recount"]
    assert [e["type"] for e in game.apply(1, {"type": "claim", "points": 20}, logged=True)] == [
        "recount"]
    assert game.view(1)["next_count"]["refused"] == [14, 14, 20]
    assert max(a["points"] for a in game.legal_actions(1) if a["type"] == "claim") == 13
    claim(game, 1, 12)
    assert game.scores == [AFTER_PLAY[0] + 29, AFTER_PLAY[1] + 12]


def test_an_over_claim_is_refused_as_a_recount_and_scores_nothing() -> None:
    game = to_the_show()
    for impossible in (19, 30):  # no hand is worth these: not even offered
        with pytest.raises(IllegalAction, match=f"No hand counts {impossible}: claim 0–18, "
                           "20–24, 28 or 29"):
            claim(game, 0, impossible)
    claim(game, 0, 29)
    assert game.scores == [AFTER_PLAY[0] + 29, AFTER_PLAY[1]]
    # The dealer over-claims and must claim again; it may also press muggins on seat 0.
    assert [e["type"] for e in claim(game, 1, 13)] == ["recount"]
    assert game.scores == [AFTER_PLAY[0] + 29, AFTER_PLAY[1]]
    assert game.to_act() == [1] and game.waiting_for() == [1]
    claim(game, 1, 12)
    assert game.scores == [AFTER_PLAY[0] + 29, AFTER_PLAY[1] + 12]
    # Now the dealer claims the crib, and seat 0 may press muggins on the dealer's hand.
    assert game.to_act() == [0, 1] and game.waiting_for() == [1]


def test_an_under_claim_is_scored_and_the_opponent_takes_and_keeps_the_missed_points() -> None:
    game = to_the_show()
    claim(game, 0, 20)
    assert game.scores == [AFTER_PLAY[0] + 20, AFTER_PLAY[1]]
    # The shown count does not give away the miss while it can still be caught.
    shown = game.view(1)["show"][0]
    assert shown["claimed"] == 20 and shown["breakdown"] is None
    assert game.view(1)["muggins"]["may_press"] == [1]
    assert {"type": "muggins"} in game.legal_actions(1)
    events = game.apply(1, {"type": "muggins"})
    assert of_type(events, "muggins")[0]["points"] == 9
    assert game.to_act() == [1]
    assert game.legal_actions(1) == [{"type": "keep"}, {"type": "give_back"}]
    events = game.apply(1, {"type": "keep"})
    assert game.scores == [AFTER_PLAY[0] + 20, AFTER_PLAY[1] + 9]
    assert game.view(0)["show"][0]["muggins"] == {"seat": 1, "points": 9, "kept": True}
    assert game.view(0)["show"][0]["breakdown"]["total"] == 29
    # The show goes on with the dealer's count.
    assert game.to_act() == [1] and game.view(1)["next_count"]["seat"] == 1


def test_muggins_points_given_back_go_to_the_counter() -> None:
    game = to_the_show()
    claim(game, 0, 20)
    game.apply(1, {"type": "muggins"})
    game.apply(1, {"type": "give_back"})
    assert game.scores == [AFTER_PLAY[0] + 29, AFTER_PLAY[1]]


def test_no_muggins_once_the_next_count_is_claimed() -> None:
    game = to_the_show()
    claim(game, 0, 20)
    claim(game, 1, 12)  # the dealer claims its own hand: the window on seat 0's count closes
    assert game.view(0)["show"][0]["breakdown"]["total"] == 29
    assert {"type": "muggins"} not in game.legal_actions(1)
    with pytest.raises(IllegalAction):
        game.apply(1, {"type": "muggins"})
    assert game.scores == [AFTER_PLAY[0] + 20, AFTER_PLAY[1] + 12]


def test_muggins_on_a_right_count_takes_nothing() -> None:
    game = to_the_show()
    claim(game, 0, 29)
    events = game.apply(1, {"type": "muggins"})
    assert of_type(events, "muggins")[0]["points"] == 0
    assert game.scores == [AFTER_PLAY[0] + 29, AFTER_PLAY[1]]
    assert game.to_act() == [1] and game.view(1)["muggins"] is None


def test_after_the_crib_opponents_press_or_pass_before_the_next_deal() -> None:
    game = to_the_show()
    claim(game, 0, 29)
    claim(game, 1, 12)
    assert game.view(0)["next_count"]["cards"] == ["2H", "3H", "8S", "9S"]  # crib face up
    claim(game, 1, CRIB_TOTAL)
    assert game.phase == "show" and game.to_act() == [0]
    assert game.legal_actions(0) == [{"type": "muggins"}, {"type": "pass"}]
    game.apply(0, {"type": "pass"})
    assert game.phase == "discard" and game.deal_number == 2
    last = game.view(0)["last_show"]
    assert [c["scored"] for c in last] == [29, 12, CRIB_TOTAL]
    assert last[2]["cards"] == ["2H", "3H", "8S", "9S"]


def test_a_claim_that_reaches_the_target_ends_the_game() -> None:
    game = to_the_show()
    game.scores = [100, 0]
    events = claim(game, 0, 24)
    assert game.outcome is not None and game.outcome["winners"] == [0]
    assert game.to_act() == []
    # The winning peg stops in the game hole, as the board shows it: the lines say 121 too.
    scored = of_type(events, "score")[0]
    assert scored["score"] == 124 and read(scored) == "Ann pegs 24 for the hand. Score 121."
    assert read(of_type(events, "game_over")[0]) == "Ann won with 121; Bob 0 (double skunk)."
    # Nobody may press Muggins! any more: the winning claim shows what it was worth (C-17).
    [shown] = game.view(None)["show"]
    assert (shown["claimed"], shown["breakdown"]["total"]) == (24, 29)


def test_the_claiming_seat_reads_the_cards_counted_and_the_opponent_the_claim() -> None:
    from engine.cards import card_symbol
    from engine.cribbage.presentation import FIRST_CLAIM, choice_lines, symbols

    game = to_the_show()
    # The first claim of the game says what is asked, and what too high and too low do.
    assert choice_lines(game.view(0)) == [
        "You count your hand: 5♥ 5♦ 5♣ J♠ with the starter 5♠.", FIRST_CLAIM]
    assert choice_lines(game.view(1)) == []  # not its count, nothing to press yet
    claim(game, 0, 28)
    # Claiming first would close the press: the line says to press before.
    assert choice_lines(game.view(1)) == [
        "{s0} claimed 28 for the hand: 5♥ 5♦ 5♣ J♠ with the starter 5♠. Too few? Press "
        "Muggins! before you claim your hand, to take the points missed. A press on a right "
        "count costs nothing.",
        "You count your hand: Q♦ Q♣ K♦ K♣ with the starter 5♠.", FIRST_CLAIM,
    ]
    assert choice_lines(game.view(0)) == []
    # The dealer's crib is counted next: only now is it shown, and the press is said to close
    # at the crib's claim, not at a second claim of the same hand.
    claim(game, 1, 12)
    assert choice_lines(game.view(1))[-1] == (
        "You count your crib: 2♥ 3♥ 8♠ 9♠ with the starter 5♠.")
    assert choice_lines(game.view(0)) == [
        "{s1} claimed 12 for the hand: Q♦ Q♣ K♦ K♣ with the starter 5♠. Too few? Press "
        "Muggins! before {s1} claims their crib, to take the points missed. A press on a "
        "right count costs nothing."]
    claim(game, 1, CRIB_TOTAL)  # the deal's last count: the deal waits for a press or a pass
    assert choice_lines(game.view(0))[-1].endswith(
        "Too few? Press Muggins! to take the points missed, or No muggins to let it stand. "
        "A press on a right count costs nothing.")
    # From the second deal on, a claim and an offer say only what they are about.
    game.apply(0, {"type": "pass"})
    while game.view(0)["next_count"] is None:
        seat = game.waiting_for()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.view(0)["deal_number"] == 2
    counter = game.waiting_for()[0]
    assert choice_lines(game.view(counter)) == [
        f"You count your hand: {symbols(game.view(0)['next_count']['cards'])} with the "
        f"starter {card_symbol(game.view(0)['starter'])}."]
    claim(game, counter, 0)
    offer = choice_lines(game.view(1 - counter))[0]
    assert offer.endswith("to take the points missed.") and FIRST_CLAIM not in offer


def read(event: dict, reader: int | None = None) -> str:
    from engine.seat_words import fill_seats

    return fill_seats(event["text"], ["Ann", "Bob"], reader)


def test_a_refused_claim_tells_the_counter_in_their_own_lines_until_a_claim_is_taken() -> None:
    from engine.cribbage.presentation import choice_lines

    game = to_the_show()
    claim(game, 0, 29)
    claim(game, 1, 20)  # the dealer's hand is worth 12
    claim(game, 1, 14)
    assert game.view(1)["next_count"]["refused"] == [20, 14]
    assert choice_lines(game.view(1))[-1] == (
        "Too many: your hand is worth less than 14. Claim again.")
    claim(game, 1, 12)
    assert "refused" not in game.view(1)["next_count"]  # the crib's count starts afresh
    assert not any(line.startswith("Too many") for line in choice_lines(game.view(1)))


def test_a_muggins_press_says_what_the_count_was_worth_and_what_was_claimed() -> None:
    game = to_the_show()
    claim(game, 0, 20)
    pressed = of_type(game.apply(1, {"type": "muggins"}), "muggins")[0]
    assert read(pressed).startswith("Muggins! Ann's hand is worth 29, not 20: fifteen two (")
    assert read(pressed).endswith(
        ". Bob takes the 9 points missed and may keep them or give them back.")
    assert read(pressed, 0).startswith("Muggins! Your hand is worth 29, not 20: ")
    assert read(pressed, 1).endswith(". You take the 9 points missed and may keep them or give "
                                     "them back.")
    from engine.cribbage.presentation import choice_lines

    assert choice_lines(game.view(1)) == ["Muggins! {s0} missed 9 points: keep them, or give "
                                          "them back?"]
    kept = of_type(game.apply(1, {"type": "keep"}), "keep")[0]
    assert read(kept) == "Bob keeps the 9 points."


def test_one_missed_point_is_said_in_the_singular() -> None:
    from engine.cribbage.analysis import analyse

    game = to_the_show()
    claim(game, 0, 28)
    pressed = of_type(game.apply(1, {"type": "muggins"}), "muggins")[0]
    assert read(pressed).endswith(" Bob takes the 1 point missed and may keep it or give it back.")
    from engine.cribbage.presentation import choice_lines

    assert choice_lines(game.view(1)) == ["Muggins! {s0} missed 1 point: keep it, or give it "
                                          "back?"]
    whys = [entry["why"] for entry in analyse(game.view(1), game.legal_actions(1))]
    assert sorted(whys) == ["Hand the 1 point back.", "Keep the 1 point."]
    given = of_type(game.apply(1, {"type": "give_back"}), "give_back")[0]
    assert read(given) == "Bob gives the 1 point back to Ann."


def test_a_press_on_a_right_count_says_what_it_was_worth() -> None:
    # A hand worth nothing is "nineteen" to a cribbage player; the total says so to anyone.
    game = to_the_show()
    claim(game, 0, 29)
    pressed = of_type(game.apply(1, {"type": "muggins"}), "muggins")[0]
    assert read(pressed).startswith("Bob calls muggins, but Ann counted right: fifteen two (")
    assert read(pressed).endswith(" — 29.")


@pytest.mark.parametrize(("choice", "scored"), [
    ("keep", "Bob pegs 9 for muggins. Score 11."),
    ("give_back", "Ann pegs 9 for the points given back. Score 34."),
])
def test_muggins_points_say_whether_the_presser_kept_them_or_gave_them_back(
        choice: str, scored: str) -> None:
    # The owner handed points back pressed nothing: "Ann pegs 9 for muggins" would say she did.
    game = to_the_show()
    claim(game, 0, 20)
    game.apply(1, {"type": "muggins"})
    assert [read(e) for e in of_type(game.apply(1, {"type": choice}), "score")] == [scored]


def test_a_count_refused_at_one_is_said_to_be_worth_nothing() -> None:
    from engine.cribbage.presentation import choice_lines

    view = {"seat": 0, "next_count": {"kind": "crib", "seat": 0, "cards": ["AH", "6S", "TH",
                                                                          "KS"],
                                      "refused": [4, 1]}, "starter": "3S"}
    assert choice_lines(view)[-1] == "Too many: your crib is worth nothing. Claim again."

