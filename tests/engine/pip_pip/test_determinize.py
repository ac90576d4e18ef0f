"""Pip Pip's determinize: a seat that did not follow a suit is dealt none of it again, but for
what it has drawn since; the seat searching keeps everything it saw."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import SUITS, Card, parse_card
from engine.pip_pip import PipPipGame

from .helpers import play, random_step, rigged


def suit_counts(hand: list[Card]) -> list[int]:
    return [sum(card.suit == suit for card in hand) for suit in SUITS]


def within_rooms(game: PipPipGame) -> bool:
    return all(count <= room
               for hand, rooms in zip(game.hands, game.suit_room, strict=True)
               for count, room in zip(suit_counts(hand), rooms, strict=True))


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 10**6), moves=st.integers(0, 400))
def test_every_hand_and_every_deal_fit_the_rooms(players: int, seed: int, moves: int) -> None:
    rng = random.Random(seed)
    game = PipPipGame(players, {"rounds": 1}, seed)
    for _ in range(moves):
        if game.outcome is not None:
            break
        assert within_rooms(game), "the room the table sees is never below a real hand"
        game.apply(*random_step(game, rng))
    if game.outcome is None:
        seat = rng.randrange(players)
        sample = game.determinize(seat, random.Random(seed))
        assert within_rooms(sample)
        assert sample.hands[seat] == game.hands[seat]
        assert sample.declared == game.declared
        assert [len(hand) for hand in sample.hands] == [len(hand) for hand in game.hands]


def test_a_seat_that_showed_out_after_drawing_stopped_gets_none_of_that_suit() -> None:
    game = rigged(["AH 3H 4C 5C", "6C 7C 8C 9C", "TH 3S 4S 5S"], trump="D")
    play(game, "AH", "6C")  # seat 1 cannot follow hearts, and draws no more
    assert game.suit_room[1][SUITS.index("H")] == 0
    hearts = parse_card("TH").suit
    held_by_two = Counter[Card]()
    for number in range(300):
        sample = game.determinize(0, random.Random(number))
        assert not any(card.suit == hearts for card in sample.hands[1])
        held_by_two.update(sample.hands[2])
    # Seat 2 takes every heart left, and seat 1's clubs and spades are shared out fairly.
    assert held_by_two[parse_card("TH")] == 300
    assert 0 < held_by_two[parse_card("7C")] < 300


def test_while_drawing_a_seat_may_hold_as_many_of_the_suit_as_it_drew_since() -> None:
    game = rigged(["AH 3H 4C", "6C 7C 8C", "TH 3S 4S"], trump="D", pile="2H 9H JH QH KH 5D")
    play(game, "AH", "6C")  # seat 1 shows out of hearts, then draws one card
    assert game.suit_room[1][SUITS.index("H")] == 1
    hearts = SUITS.index("H")
    hearts_held = Counter(suit_counts(game.determinize(0, random.Random(n)).hands[1])[hearts]
                          for n in range(300))
    assert set(hearts_held) == {0, 1}
