"""Hands and cribs with dice, counted by the game's show (engine/cribbage/scoring.py underneath):
dice in fifteens, pairs and runs; Borrowed PIP's sixth piece; the PIP flush and nobs rules."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from engine.cards import Card, parse_card, parse_cards
from engine.cribbage.claims import possible_counts
from engine.cribbage.scoring import FlushRule, hand_total, score_hand
from tests.engine.pip_cribbage.helpers import (
    Dice,
    discard,
    items,
    pip_game,
    play_first_legal,
    shows,
)


def counted_deal(
    hands: tuple[str, str], starter: str, dice: Dice, discards: dict[int, str]
) -> dict[tuple[str, int], dict]:
    """Seat 0 deals; both discard, the play runs on first legal moves; the show's events."""
    game = pip_game(hands, dealer=0, starter=starter, dice=dice)
    events = discard(game, discards)
    events += play_first_legal(game, "play")
    assert game.deal_number == 2, "the show ran to the end and the next deal began"
    return shows(events)


def item_set(show_event: dict) -> Counter:
    return Counter((kind, points, tuple(sorted(cards)))
                   for kind, points, cards in items(show_event))


def expected(*entries: tuple[str, int, str]) -> Counter:
    return Counter((kind, points, tuple(sorted(cards.split()))) for kind, points, cards in entries)


# Seat 1 (non-dealer) keeps 2C 9D KH with its die on 5, starter TS: the FAQ's die in two
# fifteens. Seat 0 keeps 2D 3C 4H with its die on 4: the die pairs the 4H and completes two
# runs. The crib: 7S 8S, both dice, TS.
FAQ_HANDS = ("2D 3C 4H 7S", "2C 9D KH 8S")
FAQ_DICE: Dice = {0: (4, 4), 1: (8, 5)}  # spaces without an effect this deal


def test_a_die_scores_in_every_fifteen_pair_and_run_it_belongs_to() -> None:
    counts = counted_deal(FAQ_HANDS, "TS", FAQ_DICE, {0: "7S", 1: "8S"})
    non_dealer = counts[("hand", 1)]
    assert non_dealer["cards"] == ["2C", "P5", "9D", "KH"]
    assert item_set(non_dealer) == expected(("fifteen", 2, "P5 TS"), ("fifteen", 2, "P5 KH"))
    assert non_dealer["points"] == 4
    dealer = counts[("hand", 0)]
    assert item_set(dealer) == expected(
        ("fifteen", 2, "2D 3C TS"),
        ("pair", 2, "4H P4"),
        ("run", 3, "2D 3C 4H"),
        ("run", 3, "2D 3C P4"),
    )
    assert dealer["points"] == 10
    crib = counts[("crib", 0)]
    assert sorted(crib["cards"]) == ["7S", "8S", "P4", "P5"]
    assert item_set(crib) == expected(("fifteen", 2, "7S 8S"), ("fifteen", 2, "P5 TS"))


def test_the_faq_die_five_with_a_ten_starter_and_a_king() -> None:
    breakdown = score_hand(parse_cards("2C 9D KH P5"), parse_card("TS"),
                           flush=FlushRule.WITH_STARTER)
    fifteens = [item.cards for item in breakdown.items if item.kind == "fifteen"]
    assert len(fifteens) == 2 and all(Card(5, None) in cards for cards in fifteens)


# Borrowed PIP: seat 0 deals on space 9 with a 3; seat 1's die also shows 3. Seat 0 keeps
# 9S QD KC and gives JD to the crib; starter 2D.
BORROWED_HANDS = ("9S QD KC JD", "4C 6H 8C KS")
BORROWED_DICE: Dice = {0: (9, 3), 1: (5, 3)}


def test_borrowed_pip_adds_the_other_die_as_a_sixth_piece_of_the_dealers_hand_only() -> None:
    counts = counted_deal(BORROWED_HANDS, "2D", BORROWED_DICE, {0: "JD", 1: "KS"})
    dealer = counts[("hand", 0)]
    assert dealer["cards"] == ["P3", "P3", "9S", "QD", "KC"]
    assert item_set(dealer) == expected(
        ("fifteen", 2, "9S P3 P3"),
        ("fifteen", 2, "QD P3 2D"), ("fifteen", 2, "QD P3 2D"),
        ("fifteen", 2, "KC P3 2D"), ("fifteen", 2, "KC P3 2D"),
        ("pair", 2, "P3 P3"),
    )
    assert dealer["points"] == 12
    # Without the borrowed die the same hand makes 4: the sixth piece is worth 8 here.
    assert hand_total(parse_cards("9S QD KC P3"), parse_card("2D"),
                      flush=FlushRule.WITH_STARTER) == 4
    # The crib has both dice and no third; the non-dealer's hand only its own die.
    assert sorted(counts[("crib", 0)]["cards"]) == ["JD", "KS", "P3", "P3"]
    assert sum(c.startswith("P") for c in counts[("hand", 1)]["cards"]) == 1


def test_nobs_only_from_a_jack_card_in_hand_or_crib() -> None:
    counts = counted_deal(BORROWED_HANDS, "2D", BORROWED_DICE, {0: "JD", 1: "KS"})
    crib = counts[("crib", 0)]
    assert item_set(crib) == expected(
        ("fifteen", 2, "JD P3 2D"), ("fifteen", 2, "JD P3 2D"),
        ("fifteen", 2, "KS P3 2D"), ("fifteen", 2, "KS P3 2D"),
        ("pair", 2, "P3 P3"),
        ("nobs", 1, "JD 2D"),
    )
    assert crib["points"] == 11


# Flushes: seat 0 keeps 2H 7H JH (die 1), starter 9H: a flush of 4 and his nobs. Seat 1 keeps
# 3S 8S KS: three suited cards, but the starter is a heart and the die has no suit: no flush.
# The crib: QH 4H, both dice and the 9H: three hearts, and a crib never scores a flush.
FLUSH_HANDS = ("2H 7H JH QH", "3S 8S KS 4H")
FLUSH_DICE: Dice = {0: (6, 1), 1: (2, 6)}


def test_a_hand_flush_is_exactly_the_three_kept_cards_and_the_starter() -> None:
    counts = counted_deal(FLUSH_HANDS, "9H", FLUSH_DICE, {0: "QH", 1: "4H"})
    dealer = item_set(counts[("hand", 0)])
    assert dealer[("flush", 4, tuple(sorted(["2H", "7H", "JH", "9H"])))] == 1
    assert dealer[("nobs", 1, ("9H", "JH"))] == 1
    assert not [i for i in items(counts[("hand", 1)]) if i[0] == "flush"]
    assert not [i for i in items(counts[("crib", 0)]) if i[0] in ("flush", "nobs")]


def test_dice_never_make_a_flush_or_nobs() -> None:
    # Three spades and the die with a spade starter: the flush is the four cards, never five.
    breakdown = score_hand(parse_cards("3S 8S KS P5"), parse_card("JS"),
                           flush=FlushRule.WITH_STARTER)
    flush = [item for item in breakdown.items if item.kind == "flush"]
    assert [(f.points, len(f.cards)) for f in flush] == [(4, 4)]
    crib = score_hand(parse_cards("2S 9S P1 P6"), parse_card("KS"), flush=FlushRule.NONE)
    assert not [item for item in crib.items if item.kind in ("flush", "nobs")]


def _max_score(cards: int, dice: int) -> int:
    """The best fifteens, pairs and runs of `cards` cards (starter included) and `dice` dice."""
    best = 0
    for card_ranks in combinations_with_replacement(range(1, 14), cards):
        if max(Counter(card_ranks).values()) > 4:
            continue
        for die_ranks in combinations_with_replacement(range(1, 7), dice):
            pieces = [Card(r, "S") for r in card_ranks[1:]] + [Card(r, None) for r in die_ranks]
            best = max(best, hand_total(pieces, Card(card_ranks[0], "H"), flush=FlushRule.NONE))
    return best


def test_muggins_claims_reach_the_best_count_of_each_pip_shape() -> None:
    # PIP dice raise the best count above Cribbage's 29.
    assert max(possible_counts(3, 1, FlushRule.WITH_STARTER)) >= _max_score(4, 1) > 29
    assert max(possible_counts(2, 2, FlushRule.NONE)) == _max_score(3, 2)
    assert max(possible_counts(3, 2, FlushRule.WITH_STARTER)) >= _max_score(4, 2)
