"""Crib Race reviews word a race won or lost on one choice as the chance it is, never as holes.

The hard player counts a finish as `WON` holes and caps what a hand total or a rival's reply
may be worth at 100, enough to choose by: a review that read those values as holes told a
player they gave up 100 holes on a card whose reply might let a rival peg out, or 89 on a
discard that made counting out less likely. Played forward from those moments with the same
draws, the two choices' pegs ended within a few holes of each other; what differed was who won.
A box landed in with a long lead is another matter: the lead thrown away is real holes (played
forward, 38 of the 39 the review gave), and stays in holes."""

from __future__ import annotations

import pytest

from engine.analysis import WIN, chance_between
from engine.analysis.review import review_game
from engine.crib_race.analysis import TERMS
from engine.crib_race.position import WON
from engine.registry import GAMES
from tables.review import review_text
from tests.engine.analysis.test_review import played

SPEC = GAMES["crib-race"]


def review_of(seed: int) -> dict:
    """A newcomer (random cards) in seat 0 against the hard computer, reviewed."""
    log = played("crib-race", 2, seed, {}, lambda seat: "random" if seat == 0 else "hard")
    return review_game(SPEC, 2, {}, seed, log, seat=0)


def decision_at(review: dict, step: int) -> dict:
    return next(d for g in review["groups"] for d in g["decisions"] if d["step"] == step)


def test_a_card_whose_reply_may_peg_a_rival_out_loses_a_chance_not_a_hundred_holes() -> None:
    review = review_of(0)
    card = decision_at(review, 97)  # was "−100.2 holes": the reply may peg the rival out
    assert card["chance"] == pytest.approx(0.13, abs=0.02)
    assert "chance a rival pegs out on this card" in card["chosen_why"]
    near = decision_at(review, 99)  # was "−40.0 holes": 30% against 26% that they peg out
    assert near["chance"] == pytest.approx(near["lost"] / WON)
    summary = review["summary"]
    assert summary["swings"] == 2
    assert summary["total"] == pytest.approx(sum(
        d["lost"] for g in review["groups"] for d in g["decisions"] if d["chance"] is None))
    text = review_text({**review, "game_id": 1, "title": SPEC.title}, "Ann")
    assert "• Play 7♥ → best Play J♥ (about 13% less chance to win)" in text
    assert "−100" not in text and "−40.0" not in text


def test_a_discard_that_makes_counting_out_likelier_is_a_chance_to_win() -> None:
    review = review_of(21)
    discard = decision_at(review, 133)  # was "−89.0 holes"
    assert discard["chance"] == pytest.approx(0.64, abs=0.02)
    assert "about 65% chance you peg out on the count" in discard["why"]
    boxed = decision_at(review, 36)  # a go point into the box, a long lead thrown away
    assert boxed["chance"] is None and boxed["lost"] == pytest.approx(39.2, abs=0.1)


def test_every_figure_in_holes_is_one_a_peg_could_lose() -> None:
    """Over whole reviews, what is worded in holes stays within what a deal can cost a peg
    on the board (its length), and every chance is a chance."""
    for seed in (0, 7, 13, 21, 27, 33):
        for group in review_of(seed)["groups"]:
            for decision in group["decisions"]:
                if decision["chance"] is None:
                    assert decision["lost"] < 100, (seed, decision)
                else:
                    assert 0 < decision["chance"] <= 1


def test_the_win_part_decides_whether_a_gap_is_a_chance() -> None:
    def entry(value: float, win: float) -> dict:
        return {"action": {}, "value": value, "parts": {"track": value - win, WIN: win}}

    assert chance_between(entry(300.0, 250.0), entry(0.0, 0.0), TERMS) == 0.3
    # Forty holes made of a four-point difference in the chance of a finish: a chance.
    assert chance_between(entry(-260.0, -262.0), entry(-300.0, -300.0), TERMS) == 0.04
    # Sixty holes of track with no finish in it stay holes, however big.
    assert chance_between(entry(60.0, 0.0), entry(0.0, 0.0), TERMS) is None
