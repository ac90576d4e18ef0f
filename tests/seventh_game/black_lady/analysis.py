"""Hints and reviews: every legal card weighed as the hard computer weighs it (an estimate in
points)."""

from __future__ import annotations

from engine.analysis import Entry, best_first, entry, only_move
from engine.contract import Action, View

from .ai import weigh


def analyse(view: View, legal: list[Action]) -> list[Entry]:
    single = only_move(legal)
    if single is not None:
        return single
    entries = []
    for action in legal:
        parts = weigh(view, action, counting=True)
        if action["type"] == "pass":
            why = "Passes on a card that could cost you points (estimate)."
        else:
            why = "The points this trick may cost you, less the high cards it sheds (estimate)."
        entries.append(entry(action, sum(parts.values()), why, **parts))
    return best_first(entries)
