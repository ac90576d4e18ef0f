"""The racers' dice and names, shared by the core, the events and the words for players.

Racers are kept in one list of four, team-major: index = team * 2 + racer (racer 0 is "A",
1 is "B"). Racers at Start (space 0) have no lane.
"""

MIN_PIPS = 1
MAX_PIPS = 6
START_PIPS = 4
RACER_LABELS = "AB"
