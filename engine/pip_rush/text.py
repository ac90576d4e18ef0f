"""Words for players: button labels and the rules sections."""

from __future__ import annotations

from typing import Any

from engine.cards import card_symbol
from engine.contract import Action, View
from engine.pip_rush.sim import ACTION_NAMES, PIPS_AFTER, RACER_LABELS

#: What each card does, as the rules and the picture's legend word it (not the codes' names).
ACTION_WORDS = {"gain": "+1 pip", "decay": "−1 pip", "flip": "flip the die",
                "swap": "swap places", "movement": "Movement"}


def action_label(action: Action) -> str:
    """"Play 5H", "Racer A", "Move racer B to space 4, lane 1"."""
    kind = action.get("type")
    if kind == "play":
        return f"Play {card_symbol(action['card'])}"
    if kind == "choose_racer":
        return f"Racer {RACER_LABELS[action['racer']]}"
    if kind == "move":
        racer = RACER_LABELS[action["racer"]]
        return f"Move racer {racer} to space {action['space']}, lane {action['lane']}"
    return str(kind).replace("_", " ")


def choice_label(action: Action, view: View) -> str:
    """A choice that says what it does: "Racer A: 2 pips → 3 (5♥)", "Racer B: swap places
    with A (4♣)". A move is its action's label: the pip it costs is the same wherever the
    racer goes (the words above the choices say it), and two moves side by side fit 80
    columns without it."""
    team, index = view.get("team"), action.get("racer")
    if team is None or index is None or action["type"] == "move":
        return action_label(action)
    pips = view["racers"][team * 2 + index]["pips"]
    resolving = view["resolution"]["resolving"]
    card = card_symbol(resolving["card"])
    name = f"Racer {RACER_LABELS[index]}"
    if resolving["action"] == "swap":
        # Both end on the same places: the choice is which racer the trick has changed.
        other = RACER_LABELS[1 - index]
        return f"{name}: swap places with {other}, {other} stays free ({card})"
    after = PIPS_AFTER[ACTION_NAMES.index(resolving["action"])][pips]
    return f"{name}: {pip_count(pips)} → {after} ({card})"


#: What the card being resolved asks its player to choose (docs/RULES.md PR-8, PR-10, PR-11),
#: each on one line of an 80-column terminal after "Your 5♥ ".
CHOICE_WORDS = {
    "gain": "did not win: pick the racer it gives a pip (never past 6).",
    "decay": "did not win: pick the racer it takes a pip from (never below 1).",
    "flip": "did not win: pick the racer whose die it flips (1↔6, 2↔5, 3↔4).",
    "swap": "did not win: pick the racer it swaps with its teammate.",
    "movement": "won the trick: move a racer one space forward, straight or diagonally.",
}
#: After the Movement's words: what moving costs, the same whichever move is chosen.
MOVING_COSTS = "The racer that moves loses a pip."
#: After a swap's words: what tells its two choices apart, as both end on the same places
#: (docs/RULES.md PR-8, PR-9).
SWAP_PICKS = "The racer you pick counts as changed this trick; the other stays free to move."


def choice_lines(view: View) -> list[str]:
    """Beside a seat's choice while a trick resolves: what its card asks it to pick, and for
    the Movement why a racer of its team cannot be the one ("Racer B cannot move: it was
    changed this trick."), which the buttons alone leave a newcomer to guess."""
    resolution = view.get("resolution") or {}
    resolving, pending = resolution.get("resolving"), resolution.get("pending")
    seat, team = view.get("seat"), view.get("team")
    if not resolving or not pending or pending.get("seat") != seat or not isinstance(team, int):
        return []
    action = resolving.get("action")
    if action not in CHOICE_WORDS:
        return []
    lines = [f"Your {card_symbol(str(resolving['card']))} {CHOICE_WORDS[action]}"]
    if action == "swap":
        lines.append(SWAP_PICKS)
    if action == "movement":
        lines.append(MOVING_COSTS)
        for racer in view["racers"][team * 2:team * 2 + 2]:
            why = ("it was changed this trick" if racer.get("affected")
                   else "moving needs 2 pips" if racer["pips"] < 2 else "")
            if why:
                lines.append(f"Racer {racer['label']} cannot move: {why}.")
    return lines


def pip_count(pips: int) -> str:
    """ "1 pip", "4 pips"."""
    return f"{pips} pip{'' if pips == 1 else 's'}"


def _marker(racer: dict[str, Any]) -> str:
    """A racer on the board: its team's number and its letter ("1A")."""
    return f"{racer['team'] + 1}{racer['label']}"


#: What "##" on the board is, for a player who has not read the rules.
OBSTACLE_KEY = "   ## obstacle: no racer enters"


def board_lines(view: View) -> list[str]:
    """The track as a grid, a row per lane and a column per space: racers by marker ("2B"),
    printed obstacles as "##" (said so beside the heading), open cells as "·"."""
    track = view["track"]
    spaces = range(1, track["finish"] + 1)
    rocks = {tuple(cell) for cell in track["obstacles"]}
    at = {(r["space"], r["lane"]): _marker(r) for r in view["racers"] if r["space"] > 0}
    heading = "        " + "".join(
        f"{'F' if space == track['finish'] else space:>3}" for space in spaces)
    if rocks:
        heading += OBSTACLE_KEY
    rows = [heading]
    for lane in range(1, track["lanes"] + 1):
        cells = [at.get((space, lane)) or ("##" if (space, lane) in rocks else "·")
                 for space in spaces]
        rows.append(f"  lane {lane}" + "".join(f"{cell:>3}" for cell in cells))
    waiting = [_marker(r) for r in view["racers"] if r["space"] == 0]
    if waiting:
        rows.append("  at Start: " + " ".join(waiting))
    return rows


def _team_notes(view: View) -> list[str]:
    """Each team's players and its racers' pips, two lines a team: where the racers are, the
    board beside them shows."""
    notes = []
    for team, seats in enumerate(view["teams"]):
        racers = [r for r in view["racers"] if r["team"] == team]
        notes.append(f"Team {team + 1}: " + " & ".join(f"{{s{seat}}}" for seat in seats))
        notes.append("  " + " · ".join(f"{_marker(r)} {pip_count(r['pips'])}" for r in racers))
    return notes


def status_lines(view: View) -> list[str]:
    """The cycle and trick; the board, each team's players and pips beside its rows (after a
    tab: the terminal sets them beside the board, or under it when too narrow); the trick on
    the table, what it is resolving and whose move it is. The last trick is not repeated:
    its cards and winner were told as they were played."""
    track = view["track"]
    lines = []
    if view.get("outcome") is None:
        lines.append(
            f"Cycle {view['cycle']} of {view['cycles']} · trick {view['trick_number']} of 6 · "
            f"{track['title']} · Last Mile from space {track['last_mile']}")
    board = board_lines(view)
    notes = _team_notes(view)
    rows = board[1:] + [""] * (len(notes) - len(board) + 1)
    lines += [board[0], *(f"{row}\t{note}" for row, note in zip(rows, notes, strict=False)),
              *rows[len(notes):]]
    if view.get("outcome") is not None:
        return lines
    trick = ", ".join(f"{{s{c['seat']}}} {card_symbol(c['card'])}" for c in view["trick"])
    line = f"Trick: {trick}" if trick else "Trick: nothing played yet"
    resolution = view.get("resolution") or {}
    resolving, pending = resolution.get("resolving"), resolution.get("pending")
    if resolving:
        line += (f" · resolving: {{s{resolving['seat']}}} {card_symbol(resolving['card'])}"
                 f" ({ACTION_WORDS.get(resolving['action'], resolving['action'])})")
    if pending:
        line += f" · choosing: {{s{pending['seat']}}}"
    elif len(view["trick"]) < len(view["play_order"]):
        line += f" · turn: {{s{view['play_order'][len(view['trick'])]}}}"
    lines.append(line)
    return lines


RULES: tuple[tuple[str, str], ...] = (
    (
        "The race",
        "Two teams of two racers (dice) race along three lanes from Start (space 0) to the "
        "Finish (space 10). A racer's pips are the value its die shows, 1 to 6; every racer "
        "starts at Start on 4 pips. Your team wins at once when one racer is at the Finish and "
        "the other is in the Last Mile (space 7 or beyond). 2 players: one team each. "
        "4 players: partners sit opposite.",
    ),
    (
        "Tricks",
        "Cards are A-6 of each suit (24). Every trick has four cards: with 2 players the order is "
        "Leader, Opponent, Leader, Opponent; with 4, clockwise from the leader. Highest rank wins, "
        "ace high; on a tie the last tied card played wins. The winner leads the next trick. "
        "Everyone draws back to 4 while the pile lasts; every 6 tricks all cards are reshuffled.",
    ),
    (
        "Resolving",
        "Starting with the card after the winner, each losing card acts on its own team: "
        "Hearts +1 pip (max 6), Diamonds -1 pip (min 1), Spades flip the die (1/6, 2/5, 3/4), "
        "Clubs swap a racer's place with its teammate. The winning card resolves last: its team "
        "gets one Movement. The player who played the card picks which of their team's racers "
        "it acts on (for the Movement: which racer moves, and where); with only one possible "
        "choice it is made for them. Each racer can be affected once per trick; an action with "
        "no racer left is lost. Actions are never optional.",
    ),
    (
        "Moving",
        "A racer needs 2+ pips to move: one space forward, straight or diagonally, never "
        "sideways, then it loses a pip. Occupied cells and printed obstacles block. From Start a "
        "racer enters any open lane of space 1.",
    ),
    (
        "End of the race",
        "After 5 cycles (30 tricks), or 6 with Overtime, the team whose lead racer is furthest "
        "ahead wins; then the trailing racer decides; then total pips; otherwise the victory is "
        "shared.",
    ),
)
