"""Hints and reviews: every legal card weighed as the hard computer weighs it (an estimate in
tricks that count)."""

from __future__ import annotations

from engine.analysis import Entry, best_first, entry, only_move
from engine.cards import parse_card
from engine.contract import Action, View
from tests.sixth_game.german_whist.ai import chance_to_win, weigh


def analyse(view: View, legal: list[Action]) -> list[Entry]:
    single = only_move(legal)
    if single is not None:
        return single
    entries = []
    for action in legal:
        parts = weigh(view, action, counting=True)
        win = chance_to_win(view, parse_card(action["card"]), counting=True)
        why = f"Wins the trick {win:.0%} of the time, less the strength it spends (estimate)."
        entries.append(entry(action, sum(parts.values()), why, **parts))
    return best_first(entries)
