"""Crib Race: Cribbage on a race track for 2, 3, 4, 6 or 8 players (docs/RULES.md,
Crib Race). `SPEC` makes it GAMES["crib-race"]. Built on engine/cribbage: its rules core
CribbageSim (here sim.py's CribRaceSim) and its contract CribbageGame (here game.py's
CribRaceGame); the seatings are in seating.py, the boards in board.py and boards/*.json.

Options: teams, muggins (Cribbage's) and board, described in SPEC below.

Actions: Cribbage's, unchanged (engine/cribbage/game.py); with 8 players the four seats dealt 4
cards have no discard to make.

View keys: every Cribbage view key (engine/cribbage/game.py), where "scores" are track
positions (the hole number on the track; on a green path its entry, on a blue path its rejoin
hole, in a box the box's hole) and "target" is the finish (121), plus:
    board             the board file's data, as engine/crib_race/board.py describes it
    finish            the finish hole's number (121)
    teams             whether sides are teams of two; seating: "2 players", "3 teams of 2"...
    pegs              one per side: {"side", "seats", "hole" (hole id), "path" ("main", a
                      green or blue path's name, or a box's name), "index" (position along
                      that path), "boxed", "position" (as "scores"), "to_finish" (holes
                      still to travel)}
    penalty_boxes     {box name: [sides in the box, first in first]}
    zone_events       this deal's zone events, in order; last_zone_events: the previous
                      deal's (the releases at its end included)

Events: Cribbage's; "score" events also carry "hole" and "path" (where the peg ended) and
read "... Peg at 47." (or "Peg on the blue path."...); plus
    {"type": "zone", "kind": "slide" | "advance" | "trap" | "box" | "release", "zone": name,
     "side", "seats", "landed": the hole the move ended on (a release: the box cell),
     "hole": where the peg is now, "text"}
    {"type": "boxed_points", "seat", "side", "points", "reason", "text"}: points a boxed
     side did not score.

Outcome: Cribbage's, with track positions as scores (the winner 121); skunks as in Cribbage
(a loser under 91 or under 61).
"""

from __future__ import annotations

from typing import Any

from engine.crib_race import rollout
from engine.crib_race.achievements import ACHIEVEMENTS, MOMENTS
from engine.crib_race.ai import choose_action
from engine.crib_race.analysis import TERMS, analyse
from engine.crib_race.board import BOARDS, DEFAULT_BOARD
from engine.crib_race.game import CribRaceGame
from engine.crib_race.seating import PLAYER_COUNTS, race_sides
from engine.crib_race.sim import CribRaceSim
from engine.crib_race.text import RULES, choice_lines, status_lines
from engine.cribbage import MUGGINS
from engine.cribbage.ai import choose_off_turn
from engine.cribbage.analysis import let_pass
from engine.cribbage.presentation import action_label, typed_number
from engine.spec import LEVELS, GameSpec, Option


def _finish(options: dict[str, Any]) -> int:
    """The race is to the board's finish (docs/RULES.md CR-2)."""
    return BOARDS[options.get("board", DEFAULT_BOARD)].finish


def _sides(players: int, options: dict[str, Any]) -> list[int]:
    return list(race_sides(players, bool(options.get("teams", True))).side_of)


SPEC = GameSpec(
    name="crib-race",
    title="Crib Race",
    min_players=2,
    max_players=8,
    factory=CribRaceGame,
    options=(
        Option("teams", True, (True, False),
               "With 4 players: play as 2 teams of 2 (partners alternate seats) or alone. "
               "6 and 8 players always play as teams of 2; 2 and 3 players always alone."),
        MUGGINS,
        Option("board", DEFAULT_BOARD, tuple(BOARDS),
               "The race track: " + "; ".join(f"{b.name}: {b.title}"
                                               for b in BOARDS.values()) + "."),
    ),
    ai=choose_action,
    off_turn=choose_off_turn,
    levels=LEVELS,
    rollout=rollout,
    analyse=analyse,
    let_pass=let_pass,
    review_terms=TERMS,
    target=_finish,
    sides=_sides,
    action_label=action_label,
    typed_number=typed_number,
    choice_lines=choice_lines,
    status_lines=status_lines,
    rules=RULES,
    order=30,
    forced=("go",),
    player_counts=PLAYER_COUNTS,
    simulation=CribRaceSim,
    achievements=ACHIEVEMENTS,
    moments=MOMENTS,
)

__all__ = ["SPEC", "CribRaceGame"]
