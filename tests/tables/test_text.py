from tables.text import event_line, fill_names

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
