"""PIP Rush's achievements and moments.

**From last to first**: the race is won with a racer on the Finish (PR-14) that stood, late
in the race, alone at the back: at some moment while another racer was already in the Last
Mile (space 7 or beyond, PR-4), it was on a space behind each of the other three racers.
However it got from there to the Finish counts, a Clubs swap (PR-8) included. Positions are
followed through the events: a "move" puts the racer on its space, a swap exchanges the places
of a team's two racers; every racer starts at Start (space 0). A race decided by the tiebreak
after the last cycle (PR-15) earns it too when the winners have such a racer on the Finish (it
got there, but its teammate did not reach the Last Mile); with none there it earns nothing.

The moment: the biggest win, the winning team's combined racer spaces less the other team's
(the outcome's scores).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.achievements import Achievement, Event, Outcome, win_margin
from engine.pip_rush.game import team_of
from engine.pip_rush.track import FINISH, LAST_MILE, START

Racer = tuple[int, int]  # (team, racer index)


def last_racers(spaces: dict[Racer, int]) -> list[Racer]:
    """The racer alone at the back, once some racer is in the Last Mile (else none)."""
    if max(spaces.values()) < LAST_MILE:
        return []
    return [racer for racer, space in spaces.items()
            if all(space < other for key, other in spaces.items() if key != racer)]


def from_last(events: Sequence[Event], outcome: Outcome) -> list[int]:
    winners = list(outcome.get("winners") or [])
    if not winners or outcome.get("shared"):
        return []
    spaces: dict[Racer, int] = {(team, index): START for team in (0, 1) for index in (0, 1)}
    were_last: set[Racer] = set()
    for event in events:
        if event.get("lost") or event.get("racer") is None:
            continue
        team = int(event["team"])
        if event.get("type") == "move":
            spaces[(team, int(event["racer"]))] = int(event["space"])
        elif event.get("type") == "suit_action" and event.get("action") == "swap":
            spaces[(team, 0)], spaces[(team, 1)] = spaces[(team, 1)], spaces[(team, 0)]
        else:
            continue
        were_last.update(last_racers(spaces))
    team = team_of(winners[0])
    home = [racer for racer in were_last if racer[0] == team and spaces[racer] == FINISH]
    return winners if home else []


ACHIEVEMENTS = (
    Achievement("pip-rush:from-last", "From last to first",
                "Win the race with a racer on the Finish that was alone at the back when "
                "another racer was in the Last Mile.", "pip-rush",
                on_finish=from_last, watches=frozenset({"move", "suit_action"})),
)
MOMENTS = (win_margin("spaces", "the winners' racer spaces added up, less the losers'"),)
