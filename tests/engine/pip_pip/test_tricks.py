import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import IllegalAction
from engine.cards import parse_cards
from engine.pip_pip.sim import PACK, POINTS, beats, strength, trick_winner

from .helpers import codes, play, rigged, seen


def test_rank_order_runs_from_three_up_to_two():
    order = parse_cards("3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2H")
    assert [strength(c) for c in order] == list(range(13))


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("5H 9H 7H", "S", 1),  # highest of the led suit
        ("AH 3S 2H", "S", 1),  # a lowly trump beats the led suit's best
        ("AH 3S 4S", "S", 2),  # the higher of two trumps
        ("4H 2D AC", "S", 0),  # off-suit discards never win, even a 2
        ("KH KH 3H", "S", 1),  # identical cards: the later played wins
        ("KS 5H KS", "S", 2),  # identical trumps too
        ("2H AH 3H", "S", 0),  # 2 is the highest rank
        ("3H 4H", "S", 1),     # 3 is the lowest
        ("3D 4D 5D", "D", 2),  # trump led: the highest trump
    ],
)
def test_trick_winner(cards, trump, winner):
    assert trick_winner(codes(cards), "SHDC".index(trump)) == winner


def test_off_suit_never_beats_even_when_higher():
    spades = 0
    assert not beats(*codes("2C 3H"), spades)
    assert beats(*codes("3S 2H"), spades)
    assert not beats(*codes("2H 3S"), spades)


@given(st.lists(st.sampled_from(PACK), min_size=1, max_size=8), st.integers(0, 3))
def test_the_trick_goes_to_the_highest_trump_else_the_highest_of_the_led_suit(trick, trump):
    """PP-5 read straight off the cards: the strongest trump if any was played, else the
    strongest card of the led suit; of identical best cards the later one."""
    deciding = trump if any(card >> 4 == trump for card in trick) else trick[0] >> 4
    ranked = [(card & 15, place) for place, card in enumerate(trick) if card >> 4 == deciding]
    assert trick_winner(trick, trump) == max(ranked)[1]


def test_card_points():
    assert [POINTS[card] for card in codes("2C AC KC QC JC TC 9C 3C")] == [11, 10, 5, 4, 3, 0, 0, 0]


def test_game_awards_the_trick_and_its_points_to_the_winner():
    game = rigged(["AH 5C", "2H 6C", "3S 7C"], trump="S", leader=0)
    events = play(game, "AH", "2H", "3S")
    assert seen(game)["last_trick"]["winner"] == 2
    assert seen(game)["last_trick"]["points"] == 21
    assert seen(game)["round_points"] == [0, 0, 21] and seen(game)["scores"] == [0, 0, 21]
    assert events[-1]["text"] == "{s2:wins} the trick and 21 points."
    assert seen(game)["turn"] == seen(game)["leader"] == 2  # the winner leads next


def test_later_identical_card_wins_in_a_game():
    game = rigged(["KH 5C", "4H 6C", "KH 7C"], trump="S", leader=1)
    play(game, "4H", "KH", "KH")  # play goes left: seats 1, 2, 0
    assert [t["seat"] for t in seen(game)["last_trick"]["cards"]] == [1, 2, 0]
    assert seen(game)["last_trick"]["winner"] == 0


def test_must_follow_suit_when_able():
    game = rigged(["5H 5C", "2C 6H", "3S 7C"], trump="S", leader=0)
    play(game, "5H")
    assert game.legal_actions(1) == [{"type": "play", "card": "6H"}]
    with pytest.raises(IllegalAction, match="follow suit"):
        game.apply(1, {"type": "play", "card": "2C"})


def test_void_in_led_suit_may_play_anything():
    game = rigged(["5H 5C", "2C 6D", "3S 7C"], trump="S", leader=0)
    play(game, "5H")
    cards = {a["card"] for a in game.legal_actions(1) if a["type"] == "play"}
    assert cards == {"2C", "6D"}


def test_two_identical_cards_in_hand_are_one_legal_action():
    game = rigged(["KH KH 5C", "2C 6D 7D", "3S 7C 8C"], trump="S", leader=0)
    plays = [a for a in game.legal_actions(0) if a["type"] == "play"]
    assert sorted(a["card"] for a in plays) == ["5C", "KH"]
