"""Crib Race's analysis: Cribbage's (engine/cribbage/analysis.py) made aware of the track, as
the computer player is (engine/crib_race/ai.py).

- Discards: Cribbage's "hand" and "crib" (none when the dealing team's discards go under the
  deck), plus "track": what the track makes of the hand's totals from where the play may
  leave the peg (slides and shortcuts gain, traps and boxes cost), an estimate.
- The play: Cribbage's expected net points, plus "track": the same correction for our move and
  for the rival's expected reply, in its words too.
- Keeping or giving back muggins points: the ground each gains or costs, in holes.
"""

from __future__ import annotations

from engine.analysis import Entry, signed
from engine.cards import parse_cards
from engine.contract import Action, View
from engine.crib_race.ai import (
    crib_sign,
    muggins_worths,
    total_worths,
    track_correction,
    with_holes_to_go,
)
from engine.crib_race.board import BOARDS, Board
from engine.cribbage import ai as crib_ai
from engine.cribbage.analysis import discard_entries as family_discard_entries
from engine.cribbage.analysis import only_choice, play_entries, show_entries


def analyse(view: View, legal: list[Action]) -> list[Entry]:
    single = only_choice(legal)
    if single is not None:
        return single
    board = BOARDS[view["board"]["name"]]
    race_view = with_holes_to_go(view)
    kinds = {action["type"] for action in legal}
    if "discard" in kinds:
        return discard_entries(race_view, legal, board)
    if "play" in kinds:
        situation = crib_ai.play_situation(race_view, {})
        correction = track_correction(race_view, situation, board)
        return [{**e, "why": _with_track(e)} for e in play_entries(
            race_view, legal, situation, correction=("track", correction))]
    return show_entries(race_view, legal, crib_ai.cribbage_count,
                        muggins_worth=lambda _points: muggins_worths(view, board))


def _with_track(entry: Entry) -> str:
    """A play's words with what the track makes of it, as a discard's have (a move into a trap
    or a box, or a reply that may peg a rival out, weighs far more than its points)."""
    why, track = entry["why"], signed(entry["parts"]["track"])
    if track == "0":
        return why
    return f"{why[:-1]}; track {track}" + ("." if "(estimate)" in why else " (estimate).")


def discard_entries(view: View, legal: list[Action], board: Board) -> list[Entry]:
    hand, unseen, sign = parse_cards(view["hand"]), crib_ai.unseen_cards(view), crib_sign(view)
    worth = total_worths(view, board)
    return family_discard_entries(
        view, legal, lambda action: crib_ai.discard_worth(hand, action, unseen, sign),
        crib_note=" (table)", sign=sign,
        correction=("track", lambda parts: crib_ai.mean_worth(parts.totals, worth) - parts.hand))
