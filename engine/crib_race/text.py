"""What players read about Crib Race: the state and choice lines, and the rules in short
sections (the buttons are Cribbage's: every action is Cribbage's)."""

from __future__ import annotations

from typing import Any

from engine.contract import View
from engine.cribbage.presentation import choice_lines as family_choice_lines
from engine.cribbage.presentation import seat_list
from engine.cribbage.presentation import status_lines as family_status_lines


def _zones(board: dict[str, Any]) -> list[tuple[int, str]]:
    """Every zone as (the main-track hole where it starts, its words), along the track."""
    zones = [(int(z["from"]), f"red slide {z['from']}→{z['to']}") for z in board["slides"]]
    zones += [(int(z["entry"]), f"green advance {z['entry']}→{z['rejoin']}")
              for z in board["advances"]]
    zones += [(int(z["holes"][0]), f"blue time trap {z['holes'][0]}–{z['holes'][-1]} "
               f"(back to {z['rejoin']})") for z in board["traps"]]
    zones += [(int(z["hole"]), f"penalty box {z['hole']}") for z in board["boxes"]]
    return sorted(zones)


#: After the first penalty box named in the next zones (docs/RULES.md, Crib Race's boxes): in
#: a row of the terminal's 80 columns under "Next zones: ".
BOX_WORDS = " (land there: no points till all other pegs pass)"


def _where(peg: dict[str, Any], board: dict[str, Any]) -> str:
    """ "at 47", "on the green advance 36→49", "on the blue path back to 54", "boxed at 30":
    a zone named as the next zones are."""
    if peg["boxed"]:
        return f"boxed at {peg['position']}"
    for zone in board["advances"]:
        if zone["name"] == peg["path"]:
            return f"on the green advance {zone['entry']}→{zone['rejoin']}"
    for zone in board["traps"]:
        if zone["name"] == peg["path"]:
            return f"on the blue path back to {zone['rejoin']}"
    return f"at {peg['position']}"


def status_lines(view: View) -> list[str]:
    """Each side's peg in one line (where it is; the holes to go only for a peg on a path,
    whose hole does not say them), the zones just ahead of the pegs, then
    Cribbage's lines but its scores: the deal and the play or show."""
    board = view["board"]
    pegs = []
    for peg in view["pegs"]:
        where = _where(peg, board)
        if peg["to_finish"] != view["finish"] - peg["position"]:
            where += f", {peg['to_finish']} to go"
        pegs.append(f"{seat_list(peg['seats'], ' & ')} {where}")
    lines = [f"Pegs (to {view['finish']}): " + " · ".join(pegs)]
    zones = _zones(board)
    ahead = sorted({next(zone for zone in zones if zone[0] > peg["position"])
                    for peg in view["pegs"]
                    if any(start > peg["position"] for start, _ in zones)})
    if ahead and view.get("phase") != "over":
        named = [words for _, words in ahead]
        boxes = [n for n, words in enumerate(named) if words.startswith("penalty box")]
        if boxes:  # the only zone whose name does not say what it does, said once a line
            named[boxes[0]] += BOX_WORDS
        lines.append(f"Next zone{'s' if len(ahead) > 1 else ''}: " + " · ".join(named))
    return lines + family_status_lines(view)[1:]


def choice_lines(view: View) -> list[str]:
    """Cribbage's, and with six players a word to the dealing team as they discard: the
    discard buttons and "Discarding to the crib" would have them think they feed the crib."""
    seat, sides = view.get("seat"), view.get("sides") or []
    dealing = any(seat in side and view.get("dealer") in side for side in sides)
    under = (view.get("players") == 6 and view.get("phase") == "discard" and dealing
             and seat in view.get("to_act", []))
    return family_choice_lines(view) + (
        ["Your team deals: your discard goes under the deck, not into the crib."] if under else [])


RULES: tuple[tuple[str, str], ...] = (
    (
        "Seating and the deal",
        "2 players get 6 cards and give 2 to the crib; 3 players get 5 and give 1 (one card "
        "from the deck completes the crib); 4 players, alone or as 2 teams, get 5 and give 1. "
        "6 players play as 3 teams: everyone gets 5 and gives 1, the two other teams' cards "
        "make the dealer's crib and the dealing team's two go under the deck. 8 players play "
        "as 4 teams: the four players left of the dealer get 5 and give 1, the other four get "
        "4. Partners sit alternately and share one peg.",
    ),
    (
        "The race",
        "Cribbage is played as usual (the play, the go, the show, his heels), but points move "
        "your peg along the track from 0 to the finish at 121, hole by hole, in the order they "
        "are scored. The first peg to reach the finish wins at once, even in the middle of the "
        "play. A loser whose peg is short of hole 91 is skunked (the win counts 2); short of "
        "hole 61, double skunked (the win counts 3).",
    ),
    (
        "Zones",
        "Only the hole where a scoring move ends counts; passing over a zone does nothing. "
        "Red slide: landing on its first hole slides you to its end. Green advance: landing on "
        "its entry puts you on a shortcut that rejoins the track further on. Blue time trap: "
        "landing in one of its three holes sends you down the blue path, which loops back "
        "behind the trap; if your hand count lands you there, your crib count continues down "
        "the blue path.",
    ),
    (
        "Penalty boxes",
        "Landing on a penalty box puts your peg in it. While boxed you still play and count, "
        "but score nothing. At the end of each deal a boxed peg comes out, back on the box's "
        "hole, once every other peg not in the same box is past it; several pegs in one box "
        "leave one per deal, first in, first out.",
    ),
    (
        "Muggins",
        "With muggins on, you count your own hand and crib by claiming a number. A claim that is "
        "too high is refused and you count again, from the lower numbers only; a claim that is "
        "too low is scored as claimed. Until the next count is claimed any opponent may press "
        "Muggins!: the first to press takes the missed points and may keep them or give them back "
        "(on this track, giving them back can send a rival into a trap). Pressing Muggins! on a "
        "right count costs nothing. After a deal's last count the next deal waits until the "
        "opponents press Muggins! or No muggins.",
    ),
)
