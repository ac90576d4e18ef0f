"""Hints and reviews: every bid weighed as the hard computer weighs it (an estimate in prize
points)."""

from __future__ import annotations

from engine.analysis import Entry, best_first, entry, only_move
from engine.cards import parse_card
from engine.contract import Action, View
from tests.eighth_game.goofspiel.ai import chance_to_take, weigh


def analyse(view: View, legal: list[Action]) -> list[Entry]:
    single = only_move(legal)
    if single is not None:
        return single
    entries = []
    for action in legal:
        parts = weigh(view, action)
        chance = chance_to_take(view, parse_card(action["card"]).rank)
        why = (f"Takes the pot {chance:.0%} of the time, for a card worth "
               f"{-parts['spent']:.1f} points kept (estimate).")
        entries.append(entry(action, sum(parts.values()), why, **parts))
    return best_first(entries)
