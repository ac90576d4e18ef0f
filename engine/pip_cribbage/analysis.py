"""PIP Cribbage's analysis: Cribbage's (engine/cribbage/analysis.py) on the worths the hard
computer player (engine/pip_cribbage/ai.py) chooses by: the discard's hand and crib exact
from the view, Crux's worth of counting first an estimate (a rough chance of going out).
"""

from __future__ import annotations

from engine.analysis import Entry, best_first, entry
from engine.cards import parse_cards
from engine.contract import Action, View
from engine.cribbage.ai import play_situation
from engine.cribbage.analysis import (
    discard_entries,
    muggins_entry,
    only_choice,
    play_entries,
    show_entries,
)
from engine.pip_cribbage.ai import (
    crux_worths,
    discard_parts,
    face_of,
    known_dice,
    pip_count,
    turn_worth,
    unseen_cards,
)
from engine.pip_cribbage.sim import RENEW_PIPS


def analyse(view: View, legal: list[Action]) -> list[Entry]:
    single = only_choice(legal)
    if single is not None:
        return single
    kinds = {action["type"] for action in legal}
    if "crux" in kinds:
        return crux_entries(view, legal)
    if "discard" in kinds:
        hand, face = parse_cards(view["hand"]), face_of(view, view["seat"])
        unseen = unseen_cards(view)
        return discard_entries(
            view, legal, lambda a: discard_parts(view, hand, a, face, unseen, with_crib=True),
            kept_with=" with your die", crib_note="")
    if "play" in kinds:
        return play_entries(view, legal, play_situation(view, known_dice(view)))
    if "flip" in kinds:
        return turn_entries(view, legal)
    return show_entries(view, legal, pip_count)


def crux_entries(view: View, legal: list[Action]) -> list[Entry]:
    as_is, renewed, priority = crux_worths(view, "hard")
    face = face_of(view, view["seat"])
    entries = []
    for action in legal:
        if action.get("choice") == "renew":
            raised = min(6, face + RENEW_PIPS)
            why = (f"Your best discard with the die on {raised} is worth {renewed:.1f}, "
                   f"against {as_is:.1f} as it is (estimate).")
            entries.append(entry(action, renewed, why, deal=renewed))
        else:
            first = (f"adds {priority:.1f} for the chance of going out before their hand"
                     if priority >= 0.05 else "adds nothing unless you could both go out this deal")
            why = (f"Your best discard with the die on {face} is worth {as_is:.1f}; counting "
                   f"first {first} (estimate).")
            entries.append(entry(action, as_is + priority, why, deal=as_is, first=priority))
    return best_first(entries)


def turn_entries(view: View, legal: list[Action]) -> list[Entry]:
    face = face_of(view, view["seat"])
    entries = []
    for action in legal:
        if action["type"] == "flip":
            to = int(action["face"])
        elif action["type"] == "keep_die":
            to = face
        else:
            continue  # Muggins! on the other hand's claim, weighed below
        worth = turn_worth(view, to, "hard")
        entries.append(entry(action, worth, f"Your counts still to come with the die on {to}: "
                             f"{worth:.1f} (an uncounted crib averaged)."))
    later = max((e["value"] for e in entries), default=0.0)
    entries += [muggins_entry(view, action, pip_count, later)
                for action in legal if action["type"] == "muggins"]
    return best_first(entries)
