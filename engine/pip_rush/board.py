"""The racers' dice and names (racer 0 of a team is "A", 1 is "B"), shared by the core, the
events and the words for players."""

MIN_PIPS = 1
MAX_PIPS = 6
START_PIPS = 4
RACER_LABELS = "AB"
