"""PIP Rush's analysis: the hard computer player's values (engine/pip_rush/ai.py), over more
deals of the unseen cards and a fixed seed, so the same view always gets the same answer.

There is no exact expected value here: the AI's evaluation (lead and trailing racer's spaces,
usable fuel, ways forward, as the difference between the teams) is an estimate, and `why`
says so. Players read it in spaces: the evaluation over a space of the leading racer's worth,
which keeps every choice's rank. A race won on the trick counts so far above any position
that a gap that size is a chance to win the race, worded as one (`TERMS.swing`). A resolution
choice is exact given the evaluation: every card of the trick is face up.
"""

from __future__ import annotations

import random

from engine.analysis import Entry, best_first, entry, only_move
from engine.contract import Action, View
from engine.pip_rush.ai import (
    FUEL_WEIGHT,
    LEAD_WEIGHT,
    SAMPLES,
    TRAIL_WEIGHT,
    WIN_VALUE,
    action_values,
)
from engine.spec import ReviewTerms

#: Deals of the unseen cards a card is judged over (the hard computer player uses fewer).
SAMPLE_DEALS = 2 * SAMPLES["hard"]
#: The seed of those deals: fixed, so nothing hidden and nothing random sways the answer.
DEAL_SEED = 15

#: What a card's suit does to one of its own team's racers when the card loses the trick.
LOSING_ACTION = {"H": "adds a pip to one of your racers",
                 "D": "takes a pip from one of your racers",
                 "S": "turns one of your racers' dice to its opposite face",
                 "C": "swaps your two racers' places"}

TERMS = ReviewTerms(
    units="spaces",
    about=("Figures are estimates in spaces, your team's against the other's: a space gained "
           f"by your leading racer counts 1, one by your other racer {TRAIL_WEIGHT / LEAD_WEIGHT:g}"
           f", a pip of usable fuel {FUEL_WEIGHT / LEAD_WEIGHT:g}."),
    exact=False,
    game_worth=WIN_VALUE / LEAD_WEIGHT,
)


def analyse(view: View, legal: list[Action]) -> list[Entry]:
    single = only_move(legal)
    if single is not None:
        return single
    values = action_values(view, legal, random.Random(DEAL_SEED), SAMPLE_DEALS)
    spaces = [score / LEAD_WEIGHT for score in values]
    if legal[0]["type"] == "play":
        spaces = [total / SAMPLE_DEALS for total in spaces]
        what = "the trick"
    else:
        what = "the rest of the trick"
    best = max(spaces)
    at_stake = "; the race may be won or lost on this choice" \
        if TERMS.swing(best - min(spaces)) is not None else ""
    entries = []
    for action, value in zip(legal, spaces, strict=True):
        why = why_behind(best - value, what, at_stake)
        if action["type"] == "play":  # what the card does if it loses, which a newcomer forgets
            why = f"{why[:-1]}; losing, it {LOSING_ACTION[action['card'][-1]]}."
        entries.append(entry(action, value, why))
    return best_first(entries)


def why_behind(behind: float, what: str, at_stake: str) -> str:
    """The line for a choice `behind` spaces short of the best one."""
    if behind <= 0:
        return f"The best position after {what}{at_stake} (estimate)."
    if behind < 0.05:  # as good, to the figure shown
        return f"As good as the best after {what} (estimate)."
    chance = TERMS.swing(behind)
    if chance is not None:
        return f"About {chance:.0%} less chance to win the race on {what} (estimate)."
    return f"A weaker position after {what}{at_stake} (estimate)."
