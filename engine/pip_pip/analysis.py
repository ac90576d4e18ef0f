"""Pip Pip's analysis, from the hard computer player's weighing (engine/pip_pip/ai.py).

- A call is worth its points, exactly: 50, or 100 for a double call; calls come first in the
  order the computer would make them.
- A card is worth what the hard player weighs it at (`play_worths`, with card counting and
  the chance of a king-queen pair): an estimate in points, and `why` says so, with how often
  the card wins the trick and the points it puts in it.
"""

from __future__ import annotations

from engine.analysis import Entry, best_first, entry, only_move
from engine.contract import Action, View
from engine.pip_pip.ai import Table, call_order, chance_to_win, play_worths, played_card
from engine.pip_pip.sim import CALL_POINTS, POINTS


def analyse(view: View, legal: list[Action]) -> list[Entry]:
    single = only_move(legal)
    if single is not None:
        return single
    calls = call_order(view, [a for a in legal if a["type"] == "call"])
    plays = [a for a in legal if a["type"] == "play"]
    entries = []
    for call in calls:
        points = CALL_POINTS * (2 if call.get("double") else 1)
        entries.append(entry(call, points, f"Pip Pip: {points} points now, for sure."))
    if plays:
        table = Table.from_view(view, counting=True)
        for action, worth in zip(plays, play_worths(table, plays, call_potential=True),
                                 strict=True):
            card = played_card(action)
            win = chance_to_win(table, card)
            # Two cards that both lose read alike by their chance alone; what each hands over
            # to the trick's winner is what sets them apart for a newcomer.
            stake = (f"its {POINTS[card]} points go to whoever takes it" if POINTS[card]
                     else "a card worth no points")
            why = (f"Wins the trick {win:.0%} of the time, {stake}; weighed against keeping "
                   "the card (estimate).")
            entries.append(entry(action, worth, why))
    return best_first(entries)
