"""Worked examples of the show and the play (docs/RULES.md, Cribbage)."""

from __future__ import annotations

import pytest

from engine.cards import Card, parse_card, parse_cards
from engine.cribbage.breakdown import Breakdown, ScoreItem, number_words
from engine.cribbage.scoring import FlushRule, count_of, hand_total, peg_points, score_hand


def hand(
    text: str, starter: str | None, *, crib: bool = False, flush: FlushRule | None = None
) -> Breakdown:
    """Score a hand and insist the fast total agrees with the breakdown."""
    pieces = parse_cards(text)
    cut = parse_card(starter) if starter else None
    breakdown = score_hand(pieces, cut, crib=crib, flush=flush)
    assert hand_total(pieces, cut, crib=crib, flush=flush) == breakdown.total
    return breakdown


def points_by_kind(breakdown: Breakdown) -> dict[str, int]:
    totals: dict[str, int] = {}
    for item in breakdown.items:
        totals[item.kind] = totals.get(item.kind, 0) + item.points
    return totals


# --- The show -------------------------------------------------------------------------------


def test_seed_example_five_five_jack_queen_with_a_five_starter_is_twenty() -> None:
    result = hand("5H 5D JS QC", "5C")
    assert result.total == 20
    assert points_by_kind(result) == {"fifteen": 14, "pair": 6}
    assert result.words() == (
        "fifteen two (5H JS), fifteen four (5H QC), fifteen six (5D JS), "
        "fifteen eight (5D QC), fifteen ten (JS 5C), fifteen twelve (QC 5C), "
        "fifteen fourteen (5H 5D 5C), a pair is sixteen (5H 5D), a pair is eighteen (5H 5C), "
        "a pair is twenty (5D 5C)"
    )


def test_the_twenty_nine_hand() -> None:
    result = hand("5H 5D 5C JS", "5S")
    assert result.total == 29
    assert points_by_kind(result) == {"fifteen": 16, "pair": 12, "nobs": 1}
    assert result.words().endswith("his nobs is twenty-nine (JS 5S)")


def test_double_run_five_six_six_seven() -> None:
    result = hand("5H 6D 6C 7S", "KS")
    runs = [item for item in result.items if item.kind == "run"]
    assert [item.points for item in runs] == [3, 3]
    assert {runs[0].cards, runs[1].cards} == {
        tuple(parse_cards("5H 6D 7S")),
        tuple(parse_cards("5H 6C 7S")),
    }
    assert result.total == 2 + 2 + 6  # 5-K fifteen, the pair of sixes, two runs


def test_double_double_run_scores_twenty_four_style_hand() -> None:
    # 4-4-5-5-6: fifteens 4-5-6 four ways (8), two pairs (4), four runs of three (12).
    assert hand("4H 4D 5C 5S", "6H").total == 24


def test_hand_flush_of_four_and_of_five() -> None:
    assert points_by_kind(hand("2H 4H 6H 8H", "KS")) == {"flush": 4}
    assert points_by_kind(hand("2H 4H 6H 8H", "KH")) == {"flush": 5}


def test_four_card_flush_with_a_different_starter_suit_needs_all_four_in_hand() -> None:
    # Three hearts in hand plus a heart starter is no flush in a hand.
    assert hand("2H 4H 6H 8S", "KH").total == 0


def test_crib_flush_needs_all_five() -> None:
    assert hand("2H 4H 6H 8H", "KS", crib=True).total == 0
    assert points_by_kind(hand("2H 4H 6H 8H", "KH", crib=True)) == {"flush": 5}


def test_nobs_and_a_jack_that_matches_nothing() -> None:
    assert points_by_kind(hand("JH 2D 4C 8S", "KH")) == {"nobs": 1}
    assert hand("JH 2D 4C 8S", "KS").total == 0


def test_a_jack_starter_gives_no_nobs_in_the_show() -> None:
    # His heels is the dealer's at the cut; in the show a jack starter is only a ten-card.
    assert hand("2H 4D 8C TS", "JH").total == 0


def test_nothing_is_a_nineteen() -> None:
    result = hand("2H 4D 8C TS", "KH")
    assert result.items == ()
    assert result.words() == "nineteen"


def test_words_name_runs_flushes_and_nobs_with_running_totals() -> None:
    result = hand("3H 4H 5H JH", "QH")
    assert result.words() == (
        "fifteen two (5H JH), fifteen four (5H QH), a run of three is seven (3H 4H 5H), "
        "a flush of five is twelve (3H 4H 5H JH QH), his nobs is thirteen (JH QH)"
    )


def test_starter_none_scores_the_pieces_alone() -> None:
    assert hand("5H TD", None).total == 2
    assert points_by_kind(hand("2H 4H 6H 8H", None)) == {"flush": 4}


def test_to_json() -> None:
    result = hand("7H 8S 7D", "2C")
    assert result.to_json() == {
        "total": 6,
        "items": [
            {"kind": "fifteen", "points": 2, "cards": ["7H", "8S"]},
            {"kind": "fifteen", "points": 2, "cards": ["8S", "7D"]},
            {"kind": "pair", "points": 2, "cards": ["7H", "7D"]},
        ],
    }


def test_too_many_pieces_are_refused() -> None:
    with pytest.raises(ValueError):
        score_hand(parse_cards("AH 2H 3H 4H 5H 6H 7H"), parse_card("8H"))


# --- Dice -----------------------------------------------------------------------------------


def test_faq_die_scores_two_fifteens() -> None:
    # Die P5, starter TS, holding KH: 5+10 and 5+K.
    result = hand("KH P5", "TS")
    assert result.total == 4
    assert [item.cards for item in result.items] == [
        tuple(parse_cards("KH P5")),
        tuple(parse_cards("P5 TS")),
    ]


def test_die_pairs_a_card_and_completes_a_run() -> None:
    assert points_by_kind(hand("4H 9S KC P4", "QD", flush=FlushRule.WITH_STARTER)) == {
        "pair": 2
    }
    assert points_by_kind(hand("2H 3S P4", "7D", flush=FlushRule.WITH_STARTER)) == {"run": 3}


def test_ace_die_is_an_ace() -> None:
    assert points_by_kind(hand("AH 2S 8C P1", "KD", flush=FlushRule.WITH_STARTER)) == {
        "pair": 2
    }


def test_six_piece_pip_hand_with_borrowed_die() -> None:
    # 3 cards + own die + borrowed die + starter: the die 4 pairs the card 4 and doubles the
    # 2-3-4 run. Fifteens: P6+9, 2+4+9, 2+P4+9, 2+3+4+P6, 2+3+P4+P6.
    result = hand("2H 3S 4C P4 P6", "9D", flush=FlushRule.WITH_STARTER)
    assert points_by_kind(result) == {"fifteen": 10, "pair": 2, "run": 6}


def test_with_starter_flush_needs_three_kept_cards_and_the_starter() -> None:
    rule = FlushRule.WITH_STARTER
    flushed = hand("2H 8H TH P3", "QH", flush=rule)
    flush_items = [item for item in flushed.items if item.kind == "flush"]
    assert [(item.points, item.cards) for item in flush_items] == [
        (4, tuple(parse_cards("2H 8H TH QH")))
    ]
    assert "flush" not in points_by_kind(hand("2H 8H TH P3", "QS", flush=rule))
    assert "flush" not in points_by_kind(hand("2H 8H TS P3", "QH", flush=rule))


def test_none_rule_never_flushes() -> None:
    result = hand("2H 8H P3 P6", "QH", flush=FlushRule.NONE)
    assert "flush" not in points_by_kind(result)
    assert "flush" not in points_by_kind(hand("2H 4H 6H 8H", "KH", flush=FlushRule.NONE))


def test_dice_never_make_a_crib_flush() -> None:
    assert "flush" not in points_by_kind(hand("2H 8H P3 P6", "QH", crib=True))


def test_a_die_never_scores_nobs() -> None:
    # A die shows at most 6, so it can never be the jack; a die starter has no suit to match.
    assert "nobs" not in points_by_kind(hand("JH 2D 4C", "P6"))
    assert "nobs" not in points_by_kind(hand("JH 2D P4", "KS"))


# --- The play -------------------------------------------------------------------------------


def peg(text: str) -> dict[str, int]:
    return points_by_kind(peg_points(parse_cards(text)))


def test_fifteen_and_thirty_one_score_two() -> None:
    assert peg("7H 8S") == {"fifteen": 2}
    assert peg("KH QS 8D 3C") == {"thirty-one": 2}
    assert peg("KH QS 8D") == {}


def test_pairs_royal() -> None:
    assert peg("9H 9S") == {"pair": 2}
    assert peg("9H 9S 9D") == {"pair": 6}
    assert peg("2H 2S 2D 2C") == {"pair": 12}
    assert peg("3H 3S 4D 3C") == {}  # the threes are not laid consecutively


def test_run_laid_out_of_order() -> None:
    assert peg("4H 6S 5D") == {"fifteen": 2, "run": 3}


def test_a_pair_breaks_a_run() -> None:
    assert peg("4H 5S 5D") == {"pair": 2}


def test_runs_extend() -> None:
    assert peg("3H 4S 5D") == {"run": 3}
    assert peg("3H 4S 5D 6C") == {"run": 4}


def test_run_of_seven() -> None:
    assert peg("AH 2S 3D 4C 5H 6S 7D") == {"run": 7}
    assert peg("7D 5H AH 3D 6S 2S 4C") == {"run": 7}


def test_run_with_a_die() -> None:
    assert peg("2H 3S P4") == {"run": 3}


def test_fifteen_and_pair_in_one_breakdown() -> None:
    result = peg_points(parse_cards("5H 5S 5D"))
    assert [(item.kind, item.points) for item in result.items] == [("fifteen", 2), ("pair", 6)]
    assert result.words() == "fifteen two (5H 5S 5D), pair royal is eight (5H 5S 5D)"


def test_count_of_counts_face_cards_ten_and_dice_by_value() -> None:
    assert count_of(parse_cards("KH JS AD P4")) == 25
    assert count_of([]) == 0


def test_game_items_have_words() -> None:
    items = (ScoreItem("go", 1, (Card(4, "H"),)), ScoreItem("heels", 2, ()))
    assert Breakdown(items).words() == "one for the go is one (4H), his heels is three"


def test_number_words() -> None:
    assert [number_words(n) for n in (0, 13, 20, 29, 31, 100, 121)] == [
        "zero", "thirteen", "twenty", "twenty-nine", "thirty-one", "one hundred",
        "one hundred and twenty-one",
    ]
