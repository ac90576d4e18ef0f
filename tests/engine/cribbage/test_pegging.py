"""The pegging component on its own: runs, pairs, go, 31, last card, turn order for 2-4 seats."""

from __future__ import annotations

import pytest

from engine.cards import parse_card, parse_cards
from engine.cribbage.pegging import Award, Pegging


def pegging(*hands: str, dealer: int) -> Pegging:
    return Pegging([parse_cards(h) for h in hands], dealer)


def lay(peg: Pegging, seat: int, card: str) -> list[Award]:
    assert peg.turn == seat, f"expected seat {seat} to play, turn is {peg.turn}"
    return peg.play(seat, parse_card(card)).awards


def summary(awards: list[Award]) -> list[tuple[int, str, list[tuple[str, int]]]]:
    return [(a.seat, a.reason, [(i.kind, i.points) for i in a.breakdown.items]) for a in awards]


def test_leader_is_left_of_dealer() -> None:
    assert pegging("AS", "2S", "3S", dealer=1).turn == 2
    assert pegging("AS", "2S", "3S", dealer=2).turn == 0


def test_run_laid_out_of_order_4_6_5_scores_fifteen_and_run_together() -> None:
    peg = pegging("4S 9C", "6H KD", dealer=1)
    assert lay(peg, 0, "4S") == []
    assert lay(peg, 1, "6H") == []
    awards = lay(peg, 0, "9C")  # 19: nothing — 4-6-9 is no run
    assert awards == []
    peg = pegging("4S 5C", "6H KD", dealer=1)
    lay(peg, 0, "4S")
    lay(peg, 1, "6H")
    assert summary(lay(peg, 0, "5C")) == [(0, "play", [("fifteen", 2), ("run", 3)])]


def test_pair_breaks_a_run() -> None:
    peg = pegging("3S 4D", "4C 5H", dealer=1)
    lay(peg, 0, "3S")
    assert summary(lay(peg, 1, "4C")) == []
    assert summary(lay(peg, 0, "4D")) == [(0, "play", [("pair", 2)])]
    # 3-4-4-5: the pair sits inside, so neither 4-4-5 nor 3-4-4-5 is a run.
    assert summary(lay(peg, 1, "5H")) == [(1, "last card", [("last card", 1)])]


def test_pair_royal_scores_six() -> None:
    peg = pegging("7S 7D", "7C KH", dealer=1)
    lay(peg, 0, "7S")
    assert summary(lay(peg, 1, "7C")) == [(1, "play", [("pair", 2)])]
    assert summary(lay(peg, 0, "7D")) == [(0, "play", [("pair", 6)])]


def test_go_then_thirty_one_scores_two_and_no_go_point() -> None:
    peg = pegging("TS 9H 2C", "KD 5C", dealer=1)
    lay(peg, 0, "TS")
    lay(peg, 1, "KD")
    lay(peg, 0, "9H")  # 29
    assert peg.turn == 1 and peg.must_go(1) and peg.playable(1) == []
    assert peg.go(1).awards == []
    assert peg.turn == 0  # the others keep playing while they can
    result = peg.play(0, parse_card("2C"))
    assert summary(result.awards) == [(0, "play", [("thirty-one", 2)])]
    assert result.finished_count is not None and peg.count == 0
    # The count restarts left of the last player: seat 1 leads its 5, the last card.
    assert summary(lay(peg, 1, "5C")) == [(1, "last card", [("last card", 1)])]
    assert peg.over


def test_go_point_is_scored_after_and_apart_from_the_cards_points() -> None:
    peg = pegging("TS 9H AC 3D", "KD 5C", dealer=1)
    lay(peg, 0, "TS")
    lay(peg, 1, "KD")
    lay(peg, 0, "9H")
    peg.go(1)
    result = peg.play(0, parse_card("AC"))  # 30: nobody can lay now
    assert summary(result.awards) == [(0, "go", [("go", 1)])]
    assert peg.count == 0 and peg.turn == 1


def test_last_card_that_makes_31_scores_only_the_31() -> None:
    peg = pegging("TS AD", "KD QH", dealer=1)
    lay(peg, 0, "TS")
    lay(peg, 1, "KD")
    lay(peg, 0, "AD")  # 21
    assert summary(lay(peg, 1, "QH")) == [(1, "play", [("thirty-one", 2)])]
    assert peg.over and peg.turn is None


def test_three_player_go_sequence() -> None:
    # Dealer 2, so seat 0 leads.
    peg = pegging("KS 5H", "KH 2C", "9D 3D", dealer=2)
    lay(peg, 0, "KS")
    assert summary(lay(peg, 1, "KH")) == [(1, "play", [("pair", 2)])]
    lay(peg, 2, "9D")  # 29
    assert peg.must_go(0)
    peg.go(0)
    assert peg.turn == 1
    assert summary(lay(peg, 1, "2C")) == [(1, "play", [("thirty-one", 2)])]
    # Left of the last player (1) who still holds cards: seat 2.
    assert peg.turn == 2 and peg.count == 0
    lay(peg, 2, "3D")
    assert summary(lay(peg, 0, "5H")) == [(0, "last card", [("last card", 1)])]


def test_three_players_the_one_who_went_is_skipped_until_the_count_restarts() -> None:
    peg = pegging("KS 9C 8C", "QH 4C", "JD AH", dealer=2)
    lay(peg, 0, "KS")
    lay(peg, 1, "QH")
    lay(peg, 2, "JD")  # 30
    # Seat 0 cannot lay; seat 1 cannot either; seat 2 can lay its ace.
    peg.go(0)
    peg.go(1)
    assert peg.turn == 2
    assert summary(lay(peg, 2, "AH")) == [(2, "play", [("thirty-one", 2)])]
    # Seat 2 is out of cards: the count restarts with seat 0.
    assert peg.turn == 0 and peg.passed == set()


def test_four_players_go_point_to_the_last_to_lay_and_restart_to_its_left() -> None:
    peg = pegging("KS 9S", "QH AH", "7D 5D", "5C 6C", dealer=3)
    lay(peg, 0, "KS")
    lay(peg, 1, "QH")
    lay(peg, 2, "7D")  # 27
    peg.go(3)
    peg.go(0)
    assert peg.turn == 1 and peg.passed == {0, 3}
    # 28: nobody can lay any more, so seat 1's ace takes the go at once.
    assert summary(lay(peg, 1, "AH")) == [(1, "go", [("go", 1)])]
    assert peg.turn == 2 and peg.count == 0 and peg.passed == set()


def test_when_nobody_can_lay_the_go_is_scored_without_asking() -> None:
    peg = pegging("KS 9S", "TH 8H", "QD 7D", "5C 6C", dealer=3)
    lay(peg, 0, "KS")
    lay(peg, 1, "TH")
    assert summary(lay(peg, 2, "QD")) == [(2, "go", [("go", 1)])]  # 30
    assert peg.turn == 3


def test_a_die_held_twice_is_offered_once_and_laid_twice() -> None:
    peg = pegging("P4 P4", "KD QD", dealer=1)
    assert peg.playable(0) == [parse_card("P4")]
    lay(peg, 0, "P4")
    lay(peg, 1, "KD")
    assert summary(lay(peg, 0, "P4")) == []
    assert peg.hands[0] == []


def test_playing_out_of_turn_or_past_31_is_refused() -> None:
    peg = pegging("KS 9S", "QH 8H", dealer=1)
    with pytest.raises(ValueError):
        peg.play(1, parse_card("QH"))
    lay(peg, 0, "KS")
    lay(peg, 1, "QH")
    with pytest.raises(ValueError):
        peg.go(0)  # seat 0 can still lay its 9
