"""Racers as the computer players (ai.py) model them from a view: suit actions, Movement and
the win condition. The game's own rules are in the core (sim.py); the words for suits and
racers here serve both.

Racers are kept in one list of four, team-major: index = team * 2 + racer (racer 0 is "A",
1 is "B"). Racers at Start (space 0) have no lane.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.pip_rush.track import FINISH, LAST_MILE, START, Track

MIN_PIPS = 1
MAX_PIPS = 6
START_PIPS = 4
RACER_LABELS = "AB"
#: The suit action a losing card resolves.
SUIT_ACTIONS = {"H": "gain", "D": "decay", "S": "flip", "C": "swap"}
SUIT_WORDS = {"H": "Hearts", "D": "Diamonds", "S": "Spades", "C": "Clubs"}


@dataclass
class Racer:
    team: int
    index: int
    space: int = START
    lane: int | None = None
    pips: int = START_PIPS
    affected: bool = False

    @property
    def cell(self) -> tuple[int, int | None]:
        return (self.space, self.lane)


def team_racers(racers: list[Racer], team: int) -> list[Racer]:
    return racers[team * 2 : team * 2 + 2]


def apply_pip_action(racer: Racer, action: str) -> tuple[int, int]:
    """Gain, Decay or Flip one racer's die; returns (before, after). The racer is affected
    even when the value cannot change (a Heart at 6)."""
    before = racer.pips
    if action == "gain":
        racer.pips = min(MAX_PIPS, before + 1)
    elif action == "decay":
        racer.pips = max(MIN_PIPS, before - 1)
    elif action == "flip":
        racer.pips = 7 - before  # opposite faces of a die sum to 7: 1/6, 2/5, 3/4
    else:
        raise ValueError(f"not a pip action: {action}")
    racer.affected = True
    return before, racer.pips


def swap_with_teammate(racer: Racer, mate: Racer) -> None:
    """Clubs: exchange track positions (space and lane). Only the chosen racer is affected,
    so a second Club may still choose the teammate and swap them back."""
    racer.space, racer.lane, mate.space, mate.lane = mate.space, mate.lane, racer.space, racer.lane
    racer.affected = True


def move_destinations(racer: Racer, racers: list[Racer], track: Track) -> list[int]:
    """The lanes of the next space this racer may move into (empty if it cannot move)."""
    if racer.pips < 2 or racer.space >= FINISH:
        return []
    target = racer.space + 1
    if racer.space == START:
        lanes = range(1, track.lanes + 1)
    else:
        assert racer.lane is not None
        lanes = range(racer.lane - 1, racer.lane + 2)  # straight or one lane across
    taken = {other.cell for other in racers if other is not racer}
    return [
        lane for lane in lanes if track.is_open(target, lane) and (target, lane) not in taken
    ]


def move(racer: Racer, lane: int) -> tuple[int, int]:
    """One space forward into `lane`, then Decay by 1. Returns the pips (before, after)."""
    before = racer.pips
    racer.space += 1
    racer.lane = lane
    racer.pips = max(MIN_PIPS, before - 1)
    racer.affected = True
    return before, racer.pips


def team_has_won(racers: list[Racer], team: int) -> bool:
    """One racer at Finish and the other in the Last Mile.

    Only the positions of a team's racers matter here, and within one trick only the trick
    winner's Movement changes them: Clubs exchange positions inside a team (the set of
    occupied cells stays the same) and the other suits touch pips only. So after any trick at
    most one team, the trick winner's, can newly meet this condition, and two teams can never
    win on the same trick (tests/engine/pip_rush/test_properties.py checks it after every trick)."""
    spaces = sorted(r.space for r in team_racers(racers, team))
    return spaces[1] == FINISH and spaces[0] >= LAST_MILE
