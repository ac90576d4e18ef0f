import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import IllegalAction
from engine.cards import (
    Card,
    card_strs,
    die,
    format_cards,
    parse_card,
    parse_cards,
    shuffled,
    standard_deck,
)


def test_notation_round_trips_for_every_card():
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    for card in deck:
        assert parse_card(str(card)) == card


@pytest.mark.parametrize(
    ("text", "card"),
    [("5H", Card(5, "H")), ("TS", Card(10, "S")), ("10s", Card(10, "S")), (" jc ", Card(11, "C")),
     ("AD", Card(1, "D")), ("KC", Card(13, "C")), ("P1", Card(1, None)), ("p6", Card(6, None))],
)
def test_parse(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("bad", ["", "5", "1H", "5X", "ZZ", "P7", "P0", "5HH", None, 5])
def test_bad_cards_are_refused_with_a_readable_message(bad):
    with pytest.raises(IllegalAction, match="not a card"):
        parse_card(bad)


def test_card_values_and_names():
    assert Card(13, "H").value == 10 and Card(1, "S").value == 1 and Card(9, "D").value == 9
    assert Card(5, "H").name == "five of hearts"
    assert die(4).name == "PIP 4" and die(4).is_die and str(die(4)) == "P4"
    with pytest.raises(IllegalAction):
        die(7)


def test_parse_and_format_lists():
    cards = parse_cards("5H, TS JC")
    assert format_cards(cards) == "5H TS JC"
    assert card_strs(parse_cards(["P3", "AS"])) == ["P3", "AS"]


def test_short_deck():
    assert sorted({c.rank for c in standard_deck(range(1, 7))}) == [1, 2, 3, 4, 5, 6]
    assert len(standard_deck(range(1, 7))) == 24


@given(st.integers())
def test_shuffles_are_seeded_permutations(seed):
    a = shuffled(standard_deck(), random.Random(seed))
    assert a == shuffled(standard_deck(), random.Random(seed))
    assert sorted(a) == sorted(standard_deck())
