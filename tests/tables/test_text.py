import pytest

from engine.seat_words import second_person
from tables.text import event_line, events_read_by, fill_names, is_private

NAMES = ["Ann", "Bob", "Cat"]


def test_seat_placeholders_become_names_and_nothing_is_escaped():
    assert fill_names("{s0} pegs 2 off {s2}'s *go*", NAMES) == "Ann pegs 2 off Cat's *go*"
    assert fill_names("{s1}{s1}", NAMES) == "BobBob"


def test_unknown_seats_and_other_braces_stay():
    assert fill_names("{s7} and {x} and {s}", NAMES) == "{s7} and {x} and {s}"


def test_events_without_text_give_no_line():
    assert event_line({"type": "deal"}, NAMES) is None
    assert event_line({"type": "deal", "text": ""}, NAMES) is None
    assert event_line({"type": "play", "text": "{s2} plays"}, NAMES) == "Cat plays"


@pytest.mark.parametrize(
    ("reader", "line"),
    [
        (None, "Ann plays 5♥, count 5. Cat's go: Ann passes."),
        (0, "You play 5♥, count 5. Cat's go: you pass."),
        (2, "Ann plays 5♥, count 5. Your go: Ann passes."),
    ],
)
def test_each_reader_reads_their_own_moves_as_you(reader, line):
    text = "{s0:plays} 5H, count 5. {s2's} go: {s0:passes}."
    assert fill_names(text, NAMES, reader) == line


def test_the_second_person_of_a_verb():
    assert [second_person(v) for v in ("plays", "passes", "is", "has", "would", "catches")] == [
        "play", "pass", "are", "have", "would", "catch"]


def test_cards_read_with_suit_symbols_but_names_stay_as_typed():
    assert fill_names("{s0} cuts TS and 5H (AH2)", ["5H"]) == "5H cuts 10♠ and 5♥ (AH2)"


def test_a_pip_die_reads_as_the_table_details_write_it():
    assert fill_names("{s0}'s hand AH P2 3D with JS (P7, P22)", ["P3"]) == (
        "P3's hand A♥ PIP 2 3♦ with J♠ (P7, P22)")


def test_a_seat_reads_its_private_retelling_instead_of_the_public_event():
    events = [
        {"type": "discard", "seat": 0, "text": "{s0:discards} 2 cards to the crib."},
        {"type": "discard_cards", "to": 0, "retells": True, "text": "You discard 5H 9S."},
        {"type": "discard", "seat": 1, "text": "{s1:discards} 2 cards to the crib."},
        {"type": "discard_cards", "to": 1, "retells": True, "text": "You discard 2C 3C."},
    ]
    read = [event_line(e, NAMES, 0) for e in events_read_by(events, 0)]
    assert read == ["You discard 5♥ 9♠.", "Bob discards 2 cards to the crib."]
    assert [event_line(e, NAMES) for e in events if not is_private(e)] == [
        "Ann discards 2 cards to the crib.", "Bob discards 2 cards to the crib."]
