"""Reviewing a finished game from its log: every real decision of the seat, judged."""

from __future__ import annotations

import random
import re

import pytest

from engine.analysis.review import review_game
from engine.registry import GAMES


def played(name: str, players: int, seed: int, options: dict, level_of) -> list:
    spec = GAMES[name]
    game = spec.new(players, options, seed)
    rng = random.Random(seed)
    log = []
    while game.outcome is None:
        seat = (game.waiting_for() or game.to_act())[0]
        legal = game.legal_actions(seat)
        action = rng.choice(legal) if level_of(seat) == "random" else spec.ai(
            game.view(seat), legal, rng, level_of(seat))
        log.append((seat, action))
        game.apply(seat, action)
    return log


@pytest.mark.parametrize(("name", "players", "options"), [
    ("cribbage", 2, {"target": 61}), ("pip-cribbage", 2, {"target": 61}),
    ("crib-race", 3, {}), ("pip-rush", 2, {}), ("pip-pip", 3, {"rounds": 1})])
def test_every_real_decision_is_judged_against_the_analysis(name: str, players: int,
                                                            options: dict) -> None:
    spec = GAMES[name]
    log = played(name, players, 4, options, lambda seat: "random" if seat == 0 else "easy")
    review = review_game(spec, players, options, 4, log, seat=0)
    listed = [d for group in review["groups"] for d in group["decisions"]]
    # The moves made (a chance let go by: tests/engine/analysis/test_missed_muggins.py).
    decisions = [d for d in listed if not d["missed"]]
    # Replaying alongside: each judged step is seat 0's, with more than one legal action.
    game = spec.new(players, options, 4)
    expected_steps = []
    for step, (seat, action) in enumerate(log):
        if seat == 0 and len(game.legal_actions(0)) > 1:
            expected_steps.append(step)
            decision = decisions[len(expected_steps) - 1]
            entries = spec.analyse(game.view(0), game.legal_actions(0))
            mine = next(e for e in entries if e["action"] == action)
            assert decision["chosen"] == action and decision["best"] == entries[0]["action"]
            assert decision["lost"] == pytest.approx(
                max(0.0, entries[0]["value"] - mine["value"]), abs=0.005)
        game.apply(seat, action)
    assert [d["step"] for d in decisions] == expected_steps
    totals = review["summary"]
    assert totals["decisions"] == len(decisions)
    # A race won or lost on a choice is a chance apart from the units (tests/engine/analysis/
    # test_race_chances.py).
    assert totals["total"] == pytest.approx(
        sum(d["lost"] for d in listed if d["chance"] is None))
    assert totals["chance"] == pytest.approx(
        sum(d["chance"] for d in listed if d["chance"] is not None))
    assert totals["total"] == pytest.approx(
        totals["discards"] + totals["plays"] + totals["other"])
    assert totals["total"] > 0  # a random player gives points away
    for group in review["groups"]:
        assert group["lost"] == pytest.approx(sum(d["lost"] for d in group["decisions"]))


def test_cribbage_groups_are_deals_and_the_best_player_loses_nothing_on_discards() -> None:
    spec = GAMES["cribbage"]
    options = {"target": 61}
    log = played("cribbage", 2, 9, options, lambda seat: "hard")
    review = review_game(spec, 2, options, 9, log, seat=1)
    labels = [group["label"] for group in review["groups"]]
    assert labels[0] == "Deal 1" and all(label.startswith("Deal ") for label in labels)
    assert len(labels) == len(set(labels))
    # The hard player adds only an end-game bonus to the analysis' value of a discard.
    assert review["summary"]["discards"] < 1.0
    assert review["units"] == "points" and review["plays"] == "pegging"
    assert review["about"] == spec.review_terms.about and review["game_worth"] is None


def test_pip_rush_and_pip_pip_group_by_trick_and_say_they_estimate() -> None:
    rush = review_game(GAMES["pip-rush"], 2, {}, 3,
                       played("pip-rush", 2, 3, {}, lambda seat: "easy"), seat=0)
    # Named as the table names them, a trick within its cycle.
    labels = [group["label"] for group in rush["groups"]]
    assert labels[0] == "Cycle 1, trick 1" and not rush["exact"]
    assert all(re.fullmatch(r"Cycle \d+, trick [1-6]", label) for label in labels)
    pip = review_game(GAMES["pip-pip"], 3, {"rounds": 1}, 3,
                      played("pip-pip", 3, 3, {"rounds": 1}, lambda seat: "easy"), seat=0)
    assert pip["groups"][0]["label"].startswith("Round 1, trick ") and not pip["exact"]
    assert rush["units"] == "spaces" and pip["units"] == "points"
    assert all("estimate" in review["about"] for review in (rush, pip))


def test_a_review_words_each_choice_as_the_buttons_did_then() -> None:
    """A PIP Rush choice of racer says what it did to the racer, as its button said, not just
    "Racer A" (the bare action)."""
    spec = GAMES["pip-rush"]
    choices = []
    for seed in range(1, 6):
        review = review_game(spec, 2, {}, seed,
                             played("pip-rush", 2, seed, {}, lambda seat: "easy"), seat=0)
        choices += [d for group in review["groups"] for d in group["decisions"]
                    if d["chosen"]["type"] == "choose_racer"]
    assert choices
    for decision in choices:
        for key in ("chosen", "best"):
            label = decision[f"{key}_label"]
            assert label.startswith(spec.action_label(decision[key]))
            assert label != spec.action_label(decision[key])


def test_crib_race_says_the_track_part_is_an_estimate() -> None:
    """A play into a box or one that may leave a rival a winning reply costs far more than
    its points: the review must not call such values plain expected points."""
    spec = GAMES["crib-race"]
    assert spec.review_terms.units == "holes" and "estimate" in spec.review_terms.about
    assert not spec.review_terms.exact and spec.review_terms.plays == "pegging"


def test_a_claim_refused_as_too_many_gives_nothing_up_and_the_claim_after_it_is_judged() -> None:
    spec, options = GAMES["cribbage"], {"target": 61, "muggins": True}
    game = spec.new(2, options, 6)
    rng = random.Random(6)
    log, over_claims = [], []
    while game.outcome is None:
        seat = (game.waiting_for() or game.to_act())[0]
        legal = game.legal_actions(seat)
        action = spec.ai(game.view(seat), legal, rng, "hard")
        too_many = [a for a in legal if a["type"] == "claim" and a["points"] > action.get(
            "points", 99)]
        if seat == 0 and action["type"] == "claim" and too_many and len(over_claims) < 3:
            over_claims.append(len(log))  # claim too many first, then what the AI would
            log.append((0, too_many[-1]))
            game.apply(0, too_many[-1])
        log.append((seat, action))
        game.apply(seat, action)
    assert len(over_claims) == 3
    review = review_game(spec, 2, options, 6, log, seat=0)
    decisions = {d["step"]: d for group in review["groups"] for d in group["decisions"]}
    for step in over_claims:
        assert step not in decisions  # nothing changed: the seat claimed again
        assert decisions[step + 1]["chosen"]["type"] == "claim"  # that claim is judged
        assert decisions[step + 1]["lost"] == 0.0  # the hard level claims exactly


def test_a_saved_claim_refused_already_and_made_again_is_replayed_not_judged() -> None:
    # Before C-19 the menu still offered a claim refused as too many, and some players picked
    # it again: a review of such a game replays it and judges the claims offered then and now.
    spec, options = GAMES["cribbage"], {"target": 61, "muggins": True}
    game = spec.new(2, options, 6)
    rng = random.Random(6)
    log, repeated = [], None
    while game.outcome is None:
        seat = (game.waiting_for() or game.to_act())[0]
        legal = game.legal_actions(seat)
        action = spec.ai(game.view(seat), legal, rng, "hard")
        too_many = [a for a in legal if a["type"] == "claim" and a["points"] > action.get(
            "points", 99)]
        if seat == 0 and action["type"] == "claim" and too_many and repeated is None:
            for step in range(2):  # too many, then the very same claim again
                log.append((0, too_many[0]))
                game.apply(0, too_many[0], logged=step == 1)
            repeated = len(log) - 1
            assert too_many[0] not in game.legal_actions(0)
        log.append((seat, action))
        game.apply(seat, action)
    assert repeated is not None
    review = review_game(spec, 2, options, 6, log, seat=0)
    decisions = {d["step"]: d for group in review["groups"] for d in group["decisions"]}
    assert repeated - 1 not in decisions and repeated not in decisions
    assert decisions[repeated + 1]["chosen"] == log[repeated + 1][1]
    assert decisions[repeated + 1]["lost"] == 0.0
