"""PIP Rush's analysis: the hard computer player's values (engine/pip_rush/ai.py), over more
deals of the unseen cards and a fixed seed, so the same view always gets the same answer.

There is no exact expected value here: the AI's evaluation (lead and trailing racer's spaces,
usable fuel, ways forward, as the difference between the teams) is an estimate, and `why`
says so. A resolution choice is exact given the evaluation: every card of the trick is face up.
"""

from __future__ import annotations

import random

from engine.analysis import Entry, best_first, entry, only_move
from engine.contract import Action, View
from engine.pip_rush.ai import SAMPLES, WIN_VALUE, action_values

#: Deals of the unseen cards a card is judged over (the hard computer player uses fewer).
SAMPLE_DEALS = 2 * SAMPLES["hard"]
#: The seed of those deals: fixed, so nothing hidden and nothing random sways the answer.
DEAL_SEED = 15
#: A gap this big is a race won or lost (WIN_VALUE in a twentieth of the deals), never position
#: alone, so the words say why a value runs to thousands where others are tens.
RACE_SWING = WIN_VALUE / 20


def analyse(view: View, legal: list[Action]) -> list[Entry]:
    single = only_move(legal)
    if single is not None:
        return single
    values = action_values(view, legal, random.Random(DEAL_SEED), SAMPLE_DEALS)
    if legal[0]["type"] == "play":
        values = [total / SAMPLE_DEALS for total in values]
        what = "the trick"
    else:
        what = "the rest of the trick"
    best = max(values)
    at_stake = "; the race may be won or lost on this choice" \
        if best - min(values) >= RACE_SWING else ""
    entries = []
    for action, value in zip(legal, values, strict=True):
        behind = best - value
        why = (f"Best position after {what}{at_stake}" if behind == 0
               else f"{behind:.1f} behind the best after {what}"
               + (": it risks the race" if behind >= RACE_SWING else ""))
        entries.append(entry(action, value, why + " (estimate)."))
    return best_first(entries)
