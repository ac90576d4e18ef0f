"""The review of a Muggins! press the reviewed seat let go by: the opponent's short claim, then
someone else's move that closed the press (the next count claimed, another opponent's press),
listed with the points the press would have taken; a press made, a right claim let stand and a
partner's press are not (engine/analysis/review.py, docs/RULES.md C-16)."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.analysis.review import review_game, review_replay
from engine.cards import parse_card, parse_cards
from engine.contract import Action, Game, decision_of, taken_away
from engine.cribbage.scoring import score_hand
from engine.registry import GAMES
from tests.engine.cribbage.stacking import stacked_game
from tests.engine.cribbage.test_game_situations import TWO_DISCARDS, TWO_HANDS, TWO_PLAY

SPEC = GAMES["cribbage"]
PRESS: Action = {"type": "muggins"}
# TWO_HANDS with the 5S starter: seat 1, the dealer, holds KD KC QD QC, a hand of 12 (four
# fifteens and two pairs), and counts it after seat 0's 29, then the crib.
DEALER_HAND = 12
CRIB = score_hand(parse_cards("2H 3H 8S 9S"), parse_card("5S"), crib=True).total


def claim(points: int) -> Action:
    return {"type": "claim", "points": points}


def the_deal() -> Game:
    return stacked_game(TWO_HANDS, dealer=1, starter="5S", muggins=True)


def up_to_the_dealers_count(dealer_claims: int) -> list[tuple[int, Action]]:
    """The stacked deal's discards and play, seat 0's exact 29, then the dealer's claim."""
    log: list[tuple[int, Action]] = [
        (seat, {"type": "discard", "cards": cards.split()}) for seat, cards in TWO_DISCARDS.items()]
    log += [(seat, {"type": "go"} if card == "go" else {"type": "play", "card": card})
            for seat, card in TWO_PLAY]
    return [*log, (0, claim(29)), (1, claim(dealer_claims))]


def decisions(review: dict) -> list[dict]:
    return [d for group in review["groups"] for d in group["decisions"]]


def test_a_short_claim_let_go_by_is_listed_with_the_points_it_missed() -> None:
    log = [*up_to_the_dealers_count(DEALER_HAND - 3), (1, claim(CRIB)), (0, {"type": "pass"})]
    game = the_deal()
    for seat, action in log[:-2]:
        game.apply(seat, action)
    # The hint at that moment offers the press alone: letting it go is no move to hint at.
    view, legal = game.view(0), game.legal_actions(0)
    assert legal == [PRESS] and 0 not in game.waiting_for()
    assert [e["action"] for e in SPEC.analyse(view, legal)] == [PRESS]

    review = review_replay(SPEC, the_deal(), log, seat=0)
    missed = [d for d in decisions(review) if d["missed"]]
    assert missed == [{
        "step": len(log) - 2, "kind": "other", "chosen": None, "best": PRESS,
        "chosen_label": "No Muggins! press", "best_label": "Muggins!", "chosen_value": 0.0,
        "best_value": 3.0, "lost": 3.0, "why": "Their count was 3 short: take the points.",
        "chosen_why": "You did not press; a press costs nothing, even on a right count.",
        "missed": True, "chance": None}]
    summary = review["summary"]
    assert summary["missed"] == 1 and summary["other"] == 3.0
    assert summary["decisions"] == len(decisions(review)) - 1  # the chance is not a move made
    assert review["groups"][-1]["label"] == "Deal 1"


def test_a_press_made_is_not_listed_as_missed() -> None:
    log = [*up_to_the_dealers_count(DEALER_HAND - 3), (0, PRESS), (0, {"type": "keep"}),
           (1, claim(CRIB)), (0, {"type": "pass"})]
    review = review_replay(SPEC, the_deal(), log, seat=0)
    assert not [d for d in decisions(review) if d["missed"]]
    # As before: the press, the seat's only move then, is no choice judged; keeping the three
    # points it took is.
    steps = {d["step"]: d for d in decisions(review)}
    assert len(log) - 4 not in steps
    keep = steps[len(log) - 3]
    assert keep["chosen"] == {"type": "keep"} and keep["chosen_value"] == 3.0
    assert keep["lost"] == 0.0 and review["summary"]["missed"] == 0


def test_a_right_claim_let_stand_lists_nothing() -> None:
    log = [*up_to_the_dealers_count(DEALER_HAND), (1, claim(CRIB)), (0, {"type": "pass"})]
    review = review_replay(SPEC, the_deal(), log, seat=0)
    assert not [d for d in decisions(review) if d["missed"]]
    assert review["summary"]["missed"] == 0 and review["summary"]["other"] == 0


FOUR_HANDS = ("AS 2S 3S 4S 6S", "AH 2H 3H 4H 6H", "AD 2D 3D 4D 6D", "AC 2C 3C 4C 6C")


def four_deal() -> Game:
    return stacked_game(FOUR_HANDS, dealer=0, starter="KC", muggins=True)


def four_to_the_first_count() -> list[tuple[int, Action]]:
    """Four players, seats 0 and 2 against 1 and 3: each discards its six, the play takes the
    first legal move each time, up to the show's first count, seat 1's."""
    game = four_deal()
    log: list[tuple[int, Action]] = []
    for seat in range(4):
        log.append((seat, {"type": "discard", "cards": [f"6{'SHDC'[seat]}"]}))
        game.apply(*log[-1])
    while 1 not in game.waiting_for() or game.legal_actions(1)[0]["type"] != "claim":
        seat = game.waiting_for()[0]
        log.append((seat, game.legal_actions(seat)[0]))
        game.apply(*log[-1])
    return log


def test_a_partners_press_took_the_chance_for_the_side() -> None:
    """Seat 1 claims two short; seat 2, whose count is next, presses: the press seat 0 had
    was taken for its side. Had seat 2 claimed instead, seat 0 let the two points go."""
    starter = parse_card("KC")
    exact = score_hand(parse_cards("AH 2H 3H 4H"), starter).total
    log = [*four_to_the_first_count(), (1, claim(exact - 2))]
    pressed = [*log, (2, PRESS)]
    for seat in (0, 3):  # seat 3, the claimer's partner, never had a press
        review = review_replay(SPEC, four_deal(), pressed, seat=seat)
        assert not [d for d in decisions(review) if d["missed"]]
    seat_twos = score_hand(parse_cards("AD 2D 3D 4D"), starter).total
    claimed = [*log, (2, claim(seat_twos))]
    review = review_replay(SPEC, four_deal(), claimed, seat=0)
    assert [(d["step"], d["lost"]) for d in decisions(review) if d["missed"]] == [
        (len(log), 2.0)]
    # Seat 2 claimed when it could have pressed: a move made, judged as one.
    review = review_replay(SPEC, four_deal(), claimed, seat=2)
    judged = decisions(review)[-1]
    assert not judged["missed"] and judged["best"] == PRESS and judged["lost"] == 2.0


# ===== over random games ======================================================================
def random_muggins_game(name: str, players: int, seed: int, moves: int
                        ) -> tuple[dict, list[tuple[int, Action]]]:
    """(options, log) of the first `moves` moves of a game with muggins played at random: a
    seat that may press is given the move now and then before the seat the game waits for."""
    spec = GAMES[name]
    options = {"muggins": True}
    game = spec.new(players, options, seed)
    rng = random.Random(seed)
    log = []
    while game.outcome is None and len(log) < moves:
        waiting = game.waiting_for()
        optional = [s for s in game.to_act() if s not in waiting]
        seat = rng.choice(optional if optional and rng.random() < 0.2 else waiting)
        action = rng.choice(game.legal_actions(seat))
        log.append((seat, action))
        game.apply(seat, action)
    return options, log


def pressed_points(game: Game, seat: int) -> int:
    """What a Muggins! press by `seat` would take now, played on a copy."""
    events = game.clone().apply(seat, PRESS)
    return next(e["points"] for e in events if e["type"] == "muggins")


@settings(max_examples=25, deadline=None)
@given(seating=st.sampled_from([("cribbage", 2), ("cribbage", 3), ("cribbage", 4),
                                ("pip-cribbage", 2), ("crib-race", 3), ("crib-race", 4)]),
       seed=st.integers(0, 10_000), seat_drawn=st.integers(0, 3))
def test_every_missed_press_listed_was_legal_and_short_and_none_is_left_out(
        seating: tuple[str, int], seed: int, seat_drawn: int) -> None:
    name, players = seating
    seat = seat_drawn % players
    spec = GAMES[name]
    options, log = random_muggins_game(name, players, seed, moves=150)
    review = review_game(spec, players, options, seed, log, seat)
    listed = {d["step"]: d for d in decisions(review) if d["missed"]}
    sides = spec.sides(players, spec.check_options(options))
    # Replayed alongside: each moment the seat could press and another seat's move closed it
    # (but a partner's press), with the points a press would have taken then.
    game = spec.new(players, options, seed)
    expected = {}
    for step, (actor, action) in enumerate(log):
        before = decision_of(game, seat)
        could_press = actor != seat and PRESS in before[0]
        points = pressed_points(game, seat) if could_press else 0
        game.apply(actor, copy.deepcopy(action))
        partners_press = sides[actor] == sides[seat] and action == PRESS
        if (could_press and points and not partners_press
                and taken_away(before, decision_of(game, seat))):
            expected[step] = points
    assert {step: d["lost"] for step, d in listed.items()} == expected
    for decision in listed.values():
        assert decision["best"] == PRESS and decision["chosen"] is None
        assert decision["chosen_label"] == "No Muggins! press"
        assert decision["why"].startswith(f"Their count was {int(decision['lost'])} short")
    assert review["summary"]["missed"] == len(listed)
