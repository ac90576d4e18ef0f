"""Hints and reviews in figures a newcomer can read: a loss to one decimal in the game's own
units, a choice against the best one, and a game won or lost on a choice (a PIP Rush race
decided on the trick) as a chance to win, never as thousands of units."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.analysis import DIGITS, amount, behind_words, loss_words
from engine.analysis.review import NEGLIGIBLE, review_game
from engine.pip_rush import analysis as rush_analysis
from engine.pip_rush.ai import LEAD_WEIGHT, action_values
from engine.registry import GAMES
from engine.spec import SWING_SHARE, ReviewTerms
from tables.computer import choose
from tests.engine.pip_rush.test_ai import random_states

LOSSES = st.floats(min_value=NEGLIGIBLE, max_value=1e5, allow_nan=False)
TERMS = ReviewTerms(units="spaces", about="Figures are spaces.", game_worth=1000.0)


@given(LOSSES)
def test_a_loss_reads_back_as_itself_and_never_as_nothing(lost: float) -> None:
    text = amount(lost)
    assert float(text) > 0 and "-" not in text
    digits = 1 if round(lost, 1) >= 0.1 else 2
    assert text == f"{lost:.{digits}f}"


@given(LOSSES, st.one_of(st.none(), st.floats(min_value=1.0, max_value=1e6)))
def test_only_a_loss_near_a_whole_game_is_a_chance_to_win(lost: float,
                                                          worth: float | None) -> None:
    terms = ReviewTerms(game_worth=worth)
    chance = terms.swing(lost)
    if worth is None or lost < SWING_SHARE * worth:
        assert chance is None
        assert loss_words(lost, terms) == f"−{amount(lost)}"
    else:
        assert chance == min(1.0, lost / worth) and SWING_SHARE <= chance <= 1.0
        assert loss_words(lost, terms) == f"about {chance:.0%} less chance to win"


@given(st.floats(min_value=-1e4, max_value=1e4), st.floats(min_value=0.0, max_value=1e4))
def test_a_hint_reads_each_choice_against_the_best(best: float, behind: float) -> None:
    words = behind_words(behind, TERMS)
    if behind == 0:
        assert words == "best"
    elif round(behind, 2) == 0:
        assert words == "as good"
    elif behind < SWING_SHARE * 1000.0:
        assert words == f"{amount(behind)} spaces less"
    else:
        assert words.startswith("about ") and words.endswith("% less chance to win")


def test_pip_rush_values_are_the_computer_s_own_in_spaces_ranked_alike() -> None:
    """The analysis scales the hard player's evaluation to spaces: every choice keeps its rank
    and its ties, so the advice is the computer's own, and a position reads in tens of spaces
    at most while a race won on the trick reads as a chance."""
    checked = 0
    for game, seat in itertools.islice(random_states(2, "open", 3), 0, None, 9):
        view, legal = game.view(seat), game.legal_actions(seat)
        if len(legal) < 2:
            continue
        scores = action_values(view, legal, random.Random(rush_analysis.DEAL_SEED),
                               rush_analysis.SAMPLE_DEALS)
        per_deal = rush_analysis.SAMPLE_DEALS if legal[0]["type"] == "play" else 1
        entries = rush_analysis.analyse(view, legal)
        for e in entries:
            score = scores[legal.index(e["action"])]
            assert e["value"] == pytest.approx(score / per_deal / LEAD_WEIGHT, abs=1e-6)
        # Ranked as the computer ranks them (values equal to DIGITS in the order of `legal`).
        ranked = sorted(range(len(legal)),
                        key=lambda i: -round(scores[i] / per_deal / LEAD_WEIGHT, DIGITS))
        assert [e["action"] for e in entries] == [legal[i] for i in ranked]
        assert scores[legal.index(entries[0]["action"])] == pytest.approx(max(scores))
        spread = entries[0]["value"] - entries[-1]["value"]
        chance = rush_analysis.TERMS.swing(spread)
        assert (chance is None) == (spread < SWING_SHARE * WIN_SPACES)
        checked += 1
    assert checked > 20


WIN_SPACES = rush_analysis.TERMS.game_worth or 0.0


def test_a_race_lost_on_a_choice_is_counted_as_a_chance_apart_from_the_spaces() -> None:
    """A newcomer at a four-player PIP Rush table lets a race go on one card: the review gives
    that as a chance to win and keeps it out of the spaces given up."""
    spec = GAMES["pip-rush"]
    game = spec.new(4, {}, 5)
    log = []
    while game.outcome is None:
        seat = (game.waiting_for() or game.to_act())[0]
        action = choose(spec, game.view(seat), game.legal_actions(seat), 5, len(log),
                        "easy" if seat == 0 else "normal")
        log.append((seat, action))
        game.apply(seat, action)
    review = review_game(spec, 4, spec.check_options({}), 5, log, seat=0)
    listed = [d for group in review["groups"] for d in group["decisions"]]
    swings = [d for d in listed if d["lost"] >= SWING_SHARE * WIN_SPACES]
    assert swings, "the newcomer let a race go"
    summary = review["summary"]
    assert summary["swings"] == len(swings)
    assert summary["chance"] == pytest.approx(sum(d["lost"] for d in swings) / WIN_SPACES)
    assert 0 < summary["chance"] <= 1
    assert summary["total"] == pytest.approx(sum(d["lost"] for d in listed
                                                 if d not in swings))
    assert summary["total"] < SWING_SHARE * WIN_SPACES * len(listed)
