"""The play (pegging) on the rules core: runs, pairs, go, 31, last card and the turn order for
2-4 seats, each move's points as the core scores them (docs/RULES.md C-5, C-7, C-8)."""

from __future__ import annotations

from engine.cribbage.pieces import (
    CARDS,
    GO,
    JACK,
    PIECE_OF_TEXT,
    PLAYING,
    RANK,
    RESET,
    SCORED,
    Entry,
)
from engine.cribbage.sim import CribbageSim


def in_play(*hands: str, dealer: int) -> CribbageSim:
    """A core whose play starts with these hands ("4S 9C"), the starter no jack (no heels);
    muggins on, so the show after the play waits for a claim instead of counting them."""
    sim = CribbageSim.new(len(hands), {"muggins": True}, seed=1)
    pieces = [sorted(PIECE_OF_TEXT[text] for text in hand.split()) for hand in hands]
    held = {piece for hand in pieces for piece in hand}
    sim.dealer = dealer
    sim.hands = pieces
    sim.starter = next(piece for piece in range(CARDS)
                       if piece not in held and RANK[piece] != JACK)
    sim.crib = []
    sim._finish_discards()
    return sim


def move(sim: CribbageSim, seat: int, piece: str) -> list[Entry]:
    """Lay `piece` ("go" to say go) as `seat`, whose turn it must be: the core's journal."""
    assert sim.to_act() == (seat,), f"expected seat {seat} to play, {sim.to_act()} acts"
    code = GO if piece == "go" else PIECE_OF_TEXT[piece]
    assert code in sim.legal(seat)
    sim.journal = []
    sim.play(seat, code)
    journal, sim.journal = sim.journal, None
    return journal


def scored(journal: list[Entry]) -> list[tuple[int, str, int]]:
    """(seat, reason, points) of every score of the play in the journal."""
    return [(entry[1], entry[3], entry[2]) for entry in journal
            if entry[0] == SCORED and entry[3] in ("play", "go", "last card")]


def play_over(sim: CribbageSim) -> bool:
    return sim.phase != PLAYING


def test_leader_is_left_of_dealer() -> None:
    assert in_play("AS", "2S", "3S", dealer=1).turn == 2
    assert in_play("AS", "2S", "3S", dealer=2).turn == 0


def test_run_laid_out_of_order_4_6_5_scores_fifteen_and_run_together() -> None:
    sim = in_play("4S 9C", "6H KD", dealer=1)
    assert move(sim, 0, "4S") == []
    assert move(sim, 1, "6H") == []
    assert scored(move(sim, 0, "9C")) == []  # 19: 4-6-9 is no run
    sim = in_play("4S 5C", "6H KD", dealer=1)
    move(sim, 0, "4S")
    move(sim, 1, "6H")
    assert scored(move(sim, 0, "5C")) == [(0, "play", 5)]  # fifteen 2 and a run of 3


def test_pair_breaks_a_run() -> None:
    sim = in_play("3S 4D", "4C 5H", dealer=1)
    move(sim, 0, "3S")
    assert scored(move(sim, 1, "4C")) == []
    assert scored(move(sim, 0, "4D")) == [(0, "play", 2)]
    # 3-4-4-5: the pair sits inside, so neither 4-4-5 nor 3-4-4-5 is a run.
    assert scored(move(sim, 1, "5H")) == [(1, "last card", 1)]


def test_pair_royal_scores_six() -> None:
    sim = in_play("7S 7D", "7C KH", dealer=1)
    move(sim, 0, "7S")
    assert scored(move(sim, 1, "7C")) == [(1, "play", 2)]
    assert scored(move(sim, 0, "7D")) == [(0, "play", 6)]


def test_go_then_thirty_one_scores_two_and_no_go_point() -> None:
    sim = in_play("TS 9H 2C", "KD 5C", dealer=1)
    move(sim, 0, "TS")
    move(sim, 1, "KD")
    move(sim, 0, "9H")  # 29
    assert list(sim.legal(1)) == [GO]
    assert scored(move(sim, 1, "go")) == []
    assert sim.turn == 0  # the others keep playing while they can
    journal = move(sim, 0, "2C")
    assert scored(journal) == [(0, "play", 2)]
    assert (RESET,) in journal and sim.count == 0
    # The count restarts left of the last player: seat 1 leads its 5, the last card.
    assert scored(move(sim, 1, "5C")) == [(1, "last card", 1)]
    assert play_over(sim)


def test_go_point_is_scored_after_and_apart_from_the_cards_points() -> None:
    sim = in_play("TS 9H AC 3D", "KD 5C", dealer=1)
    move(sim, 0, "TS")
    move(sim, 1, "KD")
    move(sim, 0, "9H")
    move(sim, 1, "go")
    assert scored(move(sim, 0, "AC")) == [(0, "go", 1)]  # 30: nobody can lay now
    assert sim.count == 0 and sim.turn == 1


def test_last_card_that_makes_31_scores_only_the_31() -> None:
    sim = in_play("TS AD", "KD QH", dealer=1)
    move(sim, 0, "TS")
    move(sim, 1, "KD")
    move(sim, 0, "AD")  # 21
    assert scored(move(sim, 1, "QH")) == [(1, "play", 2)]
    assert play_over(sim) and sim.turn is None


def test_three_player_go_sequence() -> None:
    sim = in_play("KS 5H", "KH 2C", "9D 3D", dealer=2)  # seat 0 leads
    move(sim, 0, "KS")
    assert scored(move(sim, 1, "KH")) == [(1, "play", 2)]
    move(sim, 2, "9D")  # 29
    assert list(sim.legal(0)) == [GO]
    move(sim, 0, "go")
    assert sim.turn == 1
    assert scored(move(sim, 1, "2C")) == [(1, "play", 2)]
    # Left of the last player (1) who still holds cards: seat 2.
    assert sim.turn == 2 and sim.count == 0
    move(sim, 2, "3D")
    assert scored(move(sim, 0, "5H")) == [(0, "last card", 1)]


def test_three_players_the_one_who_went_is_skipped_until_the_count_restarts() -> None:
    sim = in_play("KS 9C 8C", "QH 4C", "JD AH", dealer=2)
    move(sim, 0, "KS")
    move(sim, 1, "QH")
    move(sim, 2, "JD")  # 30
    # Seat 0 cannot lay; seat 1 cannot either; seat 2 can lay its ace.
    move(sim, 0, "go")
    move(sim, 1, "go")
    assert sim.turn == 2
    assert scored(move(sim, 2, "AH")) == [(2, "play", 2)]
    # Seat 2 is out of cards: the count restarts with seat 0.
    assert sim.turn == 0 and not any(sim.passed)


def test_four_players_go_point_to_the_last_to_lay_and_restart_to_its_left() -> None:
    sim = in_play("KS 9S", "QH AH", "7D 5D", "5C 6C", dealer=3)
    move(sim, 0, "KS")
    move(sim, 1, "QH")
    move(sim, 2, "7D")  # 27
    move(sim, 3, "go")
    move(sim, 0, "go")
    assert sim.turn == 1 and sim.passed == [True, False, False, True]
    # 28: nobody can lay any more, so seat 1's ace takes the go at once.
    assert scored(move(sim, 1, "AH")) == [(1, "go", 1)]
    assert sim.turn == 2 and sim.count == 0 and not any(sim.passed)


def test_when_nobody_can_lay_the_go_is_scored_without_asking() -> None:
    sim = in_play("KS 9S", "TH 8H", "QD 7D", "5C 6C", dealer=3)
    move(sim, 0, "KS")
    move(sim, 1, "TH")
    assert scored(move(sim, 2, "QD")) == [(2, "go", 1)]  # 30
    assert sim.turn == 3


def test_only_the_seat_whose_turn_it_is_may_lay_and_go_only_when_nothing_fits() -> None:
    sim = in_play("KS 9S", "QH 8H", dealer=1)
    assert list(sim.legal(1)) == []
    move(sim, 0, "KS")
    move(sim, 1, "QH")
    assert list(sim.legal(0)) == [PIECE_OF_TEXT["9S"]]  # 29 is room for the 9: no go
