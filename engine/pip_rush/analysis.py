"""PIP Rush's analysis, from the computer player's evaluation (engine/pip_rush/ai.py).

There is no exact expected value here: a position is scored by the AI's evaluation (lead and
trailing racer's spaces, usable fuel, ways forward, as the difference between the teams), so
every value is an estimate in those units, and `why` says so.

- A card: the average evaluation after the trick resolves, over a fixed set of deals of the
  unseen cards into the trick's empty places (a fixed seed: the same view always gets the
  same answer).
- A resolution choice: the evaluation after the rest of the trick, both teams choosing as well
  as they can (every card of the trick is face up, so this part is exact given the
  evaluation).
"""

from __future__ import annotations

import random

from engine.analysis import Entry, best_first, entry, only_move
from engine.contract import Action, View
from engine.pip_rush.ai import SAMPLES, action_values

#: Deals of the unseen cards a card is judged over (the hard computer player uses fewer).
SAMPLE_DEALS = 2 * SAMPLES["hard"]
#: The seed of those deals: fixed, so nothing hidden and nothing random sways the answer.
DEAL_SEED = 15


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
    entries = []
    for action, value in zip(legal, values, strict=True):
        behind = value - best
        why = ("Best position after " + what if behind == 0
               else f"{-behind:.1f} behind the best after {what}")
        entries.append(entry(action, value, why + " (estimate: the computer's position score)."))
    return best_first(entries)
