"""`spec.analyse` at positions whose right answers are known."""

from __future__ import annotations

import re

import pytest

from engine.cards import parse_card, parse_cards
from engine.crib_race.board import TRAP
from engine.cribbage.scoring import score_hand
from engine.registry import GAMES
from tests.engine.crib_race.helpers import claim, place, play_to_show, race, zone
from tests.engine.crib_race.test_zones_in_play import two_player_deal
from tests.engine.cribbage.stacking import stacked_game
from tests.engine.cribbage.test_ai import at_the_show, deal_around, in_play
from tests.engine.pip_cribbage.helpers import pip_game
from tests.engine.pip_cribbage.test_ai import turn_game
from tests.engine.pip_pip.helpers import play as play_pip_pip
from tests.engine.pip_pip.helpers import rigged
from tests.engine.pip_rush.helpers import choose, new_game, play_cards, racer, rig


def analyse(game, seat: int) -> list[dict]:
    return GAMES[game.name].analyse(game.view(seat), game.legal_actions(seat))


def entry_for(entries: list[dict], action: dict) -> dict:
    return next(e for e in entries if e["action"] == action)


# ===== Cribbage ===============================================================================


def test_keeping_three_fives_and_the_jack_hand_part_by_hand_count() -> None:
    # Kept 5H 5D 5C JS, thrown KC QC: the other 46 cards as starters. 5S: 29. The other ten
    # cards (10 left, 3 of them spades for nobs): 20 each. JH JD JC: 22. The 32 cards of
    # A-4 and 6-9: 14 each, 8 of them spades for nobs. (29 + 203 + 66 + 456) / 46.
    game = stacked_game(deal_around("5H 5D 5C JS KC QC", 0, 2, "KH"), dealer=1, starter="KH")
    thrown = entry_for(analyse(game, 0), {"type": "discard", "cards": ["QC", "KC"]})
    assert thrown["parts"]["hand"] == pytest.approx(754 / 46)
    assert thrown["parts"]["crib"] < 0  # the opponent's crib
    assert "their crib" in thrown["why"]


def test_the_same_throw_counts_the_crib_for_the_dealer_and_against_the_other() -> None:
    hand = "5S 6H 9D TC JH KS"
    as_dealer = stacked_game(deal_around(hand, 0, 2, "KH"), dealer=0, starter="KH")
    as_pone = stacked_game(deal_around(hand, 0, 2, "KH"), dealer=1, starter="KH")
    five_king = {"type": "discard", "cards": ["5S", "KS"]}
    mine, theirs = entry_for(analyse(as_dealer, 0), five_king), entry_for(analyse(as_pone, 0),
                                                                         five_king)
    assert mine["parts"]["hand"] == theirs["parts"]["hand"]
    assert mine["parts"]["crib"] == -theirs["parts"]["crib"] > 0
    # The hard computer player's choices are the best here too.
    assert analyse(as_dealer, 0)[0]["action"] == five_king
    assert analyse(as_pone, 0)[0]["action"] == {"type": "discard", "cards": ["6H", "KS"]}


def test_thirty_one_is_worth_its_two_points_and_nothing_after() -> None:
    game = in_play(hands=("8D KS 5C 4H AS 2S", "TD 3H 7D 6D QH JD"),
                   moves=[(0, "8D"), (1, "3H"), (0, "KS")])
    best = analyse(game, 1)[0]
    assert best["action"] == {"type": "play", "card": "TD"}
    assert best["value"] == 2.0
    assert best["parts"] == {"now": 2.0, "later": 0.0, "reply": 0.0, "go": 0.0}
    assert best["why"].startswith("Pegs 2 now")


def test_a_lead_of_five_gives_away_more_than_a_low_card() -> None:
    entries = analyse(in_play(), 0)
    five = entry_for(entries, {"type": "play", "card": "5H"})
    low = entry_for(entries, {"type": "play", "card": "4C"})
    assert five["parts"]["reply"] < -1 < low["parts"]["reply"]
    assert five["value"] < low["value"]


def test_claims_and_muggins_are_worth_their_points() -> None:
    game = at_the_show()
    exact = score_hand(parse_cards("5H 5D 5C JS"), parse_card("5S")).total
    entries = analyse(game, 0)
    assert entries[0] == {"action": {"type": "claim", "points": exact}, "value": exact,
                          "parts": {}, "why": f"The exact count: {exact}."}
    # 29 less 5 (no hand counts 25 to 27, so none is offered): the opponent may take the 5.
    assert entry_for(entries, {"type": "claim", "points": exact - 5})["value"] == exact - 10
    game.apply(0, {"type": "claim", "points": exact - 5})
    # The dealer may press, then claim the 12 of their own hand; claiming first would close
    # the press. So the press comes first, worth the 5 and the claim it keeps.
    own = score_hand(parse_cards("QD QC KD KC"), parse_card("5S")).total
    entries = analyse(game, 1)
    assert entries[0] == {"action": {"type": "muggins"}, "value": 5.0 + own,
                          "parts": {"missed": 5.0, "then": float(own)},
                          "why": "Their count was 5 short: take the points before your own count."}
    assert entries[1]["action"] == {"type": "claim", "points": own}


@pytest.mark.parametrize("name", ["cribbage", "pip-cribbage", "crib-race"])
def test_a_lone_muggins_is_weighed_not_called_the_only_move(name: str) -> None:
    """While the dealer counts the crib, the other player's one action is Muggins! on the
    dealer's hand: optional, so the hint says what it would take, right count or short."""
    import random

    from engine.cribbage.ai import cribbage_count, missed_points
    from engine.pip_cribbage.ai import pip_count

    count = pip_count if name == "pip-cribbage" else cribbage_count
    seen = set()
    for seed in range(40):
        game = GAMES[name].new(2, {"muggins": True}, seed)
        rng = random.Random(seed)
        while game.outcome is None and len(seen) < 2:
            for seat in game.to_act():
                legal = game.legal_actions(seat)
                if [action["type"] for action in legal] == ["muggins"]:
                    missed = missed_points(game.view(seat), count)
                    [weighed] = analyse(game, seat)
                    assert weighed["value"] == missed
                    assert weighed["why"] == (f"Their count was {missed} short: take the points."
                                              if missed else
                                              "Their count was right: there is nothing to take.")
                    seen.add(missed > 0)
            seat = rng.choice(game.waiting_for())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert seen == {True, False}


@pytest.mark.parametrize("name", ["cribbage", "pip-cribbage", "crib-race"])
def test_muggins_before_the_seats_own_choice_is_worth_both(name: str) -> None:
    """Muggins! beside the seat's own claim (or PIP Cribbage's Turn) is worth what it takes
    and the best of that choice, which pressing first keeps: a short claim's press comes
    first in the hint and the review, and a right claim's costs nothing."""
    import random

    from engine.cribbage.ai import cribbage_count, missed_points
    from engine.pip_cribbage.ai import pip_count

    count = pip_count if name == "pip-cribbage" else cribbage_count
    kinds_seen: set[str] = set()
    for seed in range(30):
        game = GAMES[name].new(2, {"muggins": True}, seed)
        rng = random.Random(seed)
        while game.outcome is None:
            for seat in game.to_act():
                legal = game.legal_actions(seat)
                kinds = {action["type"] for action in legal}
                if "muggins" not in kinds or kinds & {"pass"} or len(kinds) == 1:
                    continue
                entries = analyse(game, seat)
                pressed = entry_for(entries, {"type": "muggins"})
                best_other = max(e["value"] for e in entries if e is not pressed)
                missed = missed_points(game.view(seat), count)
                assert pressed["value"] == pytest.approx(missed + best_other)
                if missed:
                    assert entries[0] is pressed
                kinds_seen |= kinds - {"muggins"}
            seat = rng.choice(game.waiting_for())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert "claim" in kinds_seen
    if name == "pip-cribbage":
        assert "flip" in kinds_seen


# ===== PIP Cribbage ===========================================================================


def test_turn_values_the_flip_among_tens_above_keeping_a_two() -> None:
    entries = analyse(turn_game(2), 0)
    assert entries[0]["action"] == {"type": "flip", "face": 5}
    keep = entry_for(entries, {"type": "keep_die"})
    assert entries[0]["value"] > keep["value"]


@pytest.mark.parametrize("scores, first", [
    ([0, 0], "counting first adds nothing unless you could both go out this deal"),
    ([100, 110], "counting first adds 12.5 for the chance of going out before their hand"),
])
def test_priority_is_weighed_against_renew_in_the_same_points(scores, first) -> None:
    game = pip_game(("5H 5S 5D JC", "2C 3C 4C 9D"), 0, "5C", {0: (5, 3), 1: (9, 5)})
    game.scores = scores
    entries = analyse(game, 0)
    renew = entry_for(entries, {"type": "crux", "choice": "renew"})
    priority = entry_for(entries, {"type": "crux", "choice": "priority"})
    as_is = priority["parts"]["deal"]
    assert renew["why"].endswith(f", against {as_is:.1f} as it is (estimate).")
    assert priority["why"] == (f"Your best discard with the die on 3 is worth {as_is:.1f}; "
                               f"{first} (estimate).")


# ===== Crib Race ==============================================================================


def muggins_entries(near_trap: bool) -> list[dict]:
    """Seat 0 has pressed muggins on seat 1's claim of 0 and chooses (test_crib_race)."""
    game = two_player_deal(muggins=True)
    play_to_show(game)
    claim(game, 0)
    missed = game._true_counts[0].total
    place(game, 0, 40)
    place(game, 1, zone(game.board, TRAP).triggers[0] - missed if near_trap else 41)
    game.apply(0, {"type": "muggins"})
    return analyse(game, 0)


def test_muggins_points_pushing_the_owner_into_a_trap_are_best_given_back() -> None:
    near = muggins_entries(near_trap=True)
    assert near[0]["action"] == {"type": "give_back"} and near[0]["value"] > 0
    far = muggins_entries(near_trap=False)
    assert far[0]["action"] == {"type": "keep"}
    assert far[1]["value"] == -far[0]["value"]  # plain ground either way, away from zones


def test_a_play_that_lands_in_a_trap_says_what_the_track_costs() -> None:
    """The hint shows a play's words: a fifteen two into the trap must say why it ranks low."""
    game = two_player_deal()
    place(game, 0, zone(game.board, TRAP).triggers[0] - 2)
    game.apply(1, {"type": "play", "card": "TH"})
    into_trap = entry_for(analyse(game, 0), {"type": "play", "card": "5H"})
    assert into_trap["parts"]["track"] < -2
    assert into_trap["why"].startswith("Pegs 2 now")
    assert f"track −{-into_trap['parts']['track']:.1f}" in into_trap["why"]
    assert into_trap["why"].count("(estimate)") == 1


def test_the_dealing_team_with_six_players_has_no_crib_part() -> None:
    game = race(6, seed=3)
    entries = analyse(game, game.core.dealer)
    assert all(e["parts"]["crib"] == 0.0 for e in entries)
    assert "no crib" in entries[0]["why"]


# ===== PIP Rush ===============================================================================


def test_the_card_that_wins_the_race_comes_first() -> None:
    game = rig(new_game(2), leader=1, hands={1: "2S 5D", 0: "3H 6C 2D"},
               racers=[(9, 2, 3), (7, 1, 3), (4, 1, 4), (4, 2, 4)])
    play_cards(game, "2S 3H 5D")
    entries = analyse(game, 0)
    assert entries[0]["action"] == {"type": "play", "card": "6C"}
    assert "estimate" in entries[0]["why"]
    assert entries[0]["value"] > entries[1]["value"]
    # The race won on the trick here, lost there: the words give it as a chance to win, and
    # a losing card says what its suit would do.
    assert entries[0]["why"] == ("The best position after the trick; the race may be won or "
                                 "lost on this choice (estimate); losing, it swaps your two "
                                 "racers' places.")
    assert re.fullmatch(r"About (9[5-9]|100)% less chance to win the race on the trick "
                        r"\(estimate\); losing, it takes a pip from one of your racers\.",
                        entries[-1]["why"])


def test_the_racer_left_free_for_the_winning_movement_comes_first() -> None:
    game = rig(new_game(2), leader=0, hands={0: "AS 3H", 1: "2D 4D"},
               racers=[(9, 2, 3), (7, 1, 3), (4, 1, 4), (4, 2, 4)])
    play_cards(game, "AS 2D 3H 4D")
    choose(game, 1, racer(0))
    entries = analyse(game, 0)
    assert entries[0]["action"] == racer(1)
    # Short: a review repeats the best choice's words on every line, under a heading that
    # already names the values.
    assert entries[0]["why"] == ("The best position after the rest of the trick; the race may "
                                 "be won or lost on this choice (estimate).")
    assert re.fullmatch(r"About (9[5-9]|100)% less chance to win the race on the rest of the "
                        r"trick \(estimate\)\.", entries[1]["why"])


def test_a_choice_far_from_the_finish_says_nothing_of_the_race() -> None:
    game = new_game(2)
    entries = analyse(game, game.to_act()[0])
    assert entries[0]["why"].startswith("The best position after the trick (estimate); losing, ")
    assert all("the race" not in e["why"] for e in entries)


# ===== Pip Pip ================================================================================


def test_a_call_is_worth_fifty_points_and_comes_first() -> None:
    game = rigged(["5C 6C", "KH QH", "7C 8C"], trump="S", leader=0)
    play_pip_pip(game, "5C")
    entries = analyse(game, 1)
    assert entries[0] == {"action": {"type": "call", "suit": "H"}, "value": 50.0, "parts": {},
                          "why": "Pip Pip: 50 points now, for sure."}
    assert all("estimate" in e["why"] for e in entries[1:])


def test_the_winning_card_says_how_often_it_wins() -> None:
    game = rigged(["5C 6C", "4C 9D", "3C 2C"], trump="S", leader=0)
    play_pip_pip(game, "5C", "4C")
    entries = analyse(game, 2)
    assert entry_for(entries, {"type": "play", "card": "2C"})["why"].startswith(
        "Wins the trick 100%")
    assert entry_for(entries, {"type": "play", "card": "3C"})["why"].startswith(
        "Wins the trick 0%")


def test_a_card_says_the_points_it_puts_in_the_trick() -> None:
    # Both lose the trick: only the points each hands to the winner tell a newcomer why the
    # hint and the review rank one below the other.
    game = rigged(["2C 6C", "4C 9D", "3C QC"], trump="S", leader=0)
    play_pip_pip(game, "2C", "4C")
    entries = analyse(game, 2)
    queen = entry_for(entries, {"type": "play", "card": "QC"})["why"]
    three = entry_for(entries, {"type": "play", "card": "3C"})["why"]
    assert queen.startswith("Wins the trick 0% of the time, its 4 points go to whoever takes")
    assert three.startswith("Wins the trick 0% of the time, a card worth no points")
