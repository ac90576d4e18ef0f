"""PIP Rush's achievements and moments.

**From last to first**: the race is won with a racer on the Finish (PR-14) that stood, late
in the race, alone at the back: at some moment while another racer was already in the Last
Mile (space 7 or beyond, PR-4), it was on a space behind each of the other three racers.
However it got from there to the Finish counts, a Clubs swap (PR-8) included. Positions are
followed through the events: a "move" puts the racer on its space, a swap exchanges the places
of a team's two racers; every racer starts at Start (space 0). A race decided by the tiebreak
after the last cycle (PR-15) earns it too when the winners have such a racer on the Finish (it
got there, but its teammate did not reach the Last Mile); with none there it earns nothing.

The moment, the biggest win (docs/RULES.md PR-17): how many spaces the losing team was from
winning when the race ended, so every race a team wins has one. Won on the track (PR-14): the
spaces the losers' racers still had to cover for one to stand on the Finish and the other in
the Last Mile. Won on the tiebreak (PR-15): the fewest spaces their racers had to move on to
come out ahead of the winners' racers, lead racer first, then trailing; a tiebreak on pips,
the racers level, is a win by one space.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.achievements import Achievement, Event, MomentKind, Outcome
from engine.pip_rush.game import team_of
from engine.pip_rush.track import FINISH, LAST_MILE, START

Racer = tuple[int, int]  # (team, racer index)


def last_racers(spaces: dict[Racer, int]) -> list[Racer]:
    """The racer alone at the back, once some racer is in the Last Mile (else none)."""
    if max(spaces.values()) < LAST_MILE:
        return []
    return [racer for racer, space in spaces.items()
            if all(space < other for key, other in spaces.items() if key != racer)]


def positions(events: Sequence[Event]) -> Iterator[dict[Racer, int]]:
    """Every racer's space after each event that changed one (as the module docstring says)."""
    spaces: dict[Racer, int] = {(team, index): START for team in (0, 1) for index in (0, 1)}
    yield spaces
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
        yield spaces


def _winning_team(outcome: Outcome) -> int | None:
    winners = list(outcome.get("winners") or [])
    return None if not winners or outcome.get("shared") else team_of(winners[0])


def from_last(events: Sequence[Event], outcome: Outcome) -> list[int]:
    team = _winning_team(outcome)
    if team is None:
        return []
    were_last: set[Racer] = set()
    spaces: dict[Racer, int] = {}
    for spaces in positions(events):
        were_last.update(last_racers(spaces))
    home = [racer for racer in were_last if racer[0] == team and spaces[racer] == FINISH]
    return list(outcome["winners"]) if home else []


def standing(spaces: dict[Racer, int], team: int) -> tuple[int, int]:
    """A team's lead and trailing racers' spaces."""
    both = sorted((spaces[(team, 0)], spaces[(team, 1)]), reverse=True)
    return both[0], both[1]


def spaces_short(losers: tuple[int, int], winners: tuple[int, int]) -> int:
    """How many spaces the losers' racers (lead, trailing) were from winning instead: the
    biggest win's measure (the module docstring, PR-17)."""
    lead, trailing = losers
    if winners[0] == FINISH and winners[1] >= LAST_MILE:
        return FINISH - lead + max(0, LAST_MILE - trailing)
    return min(ahead - lead + behind - trailing
               for ahead in range(lead, FINISH + 1) for behind in range(trailing, ahead + 1)
               if (ahead, behind) > winners)


def biggest_win(events: Sequence[Event], outcome: Outcome) -> list[tuple[int, int]]:
    team = _winning_team(outcome)
    if team is None:
        return []
    *_, spaces = positions(events)
    margin = spaces_short(standing(spaces, 1 - team), standing(spaces, team))
    return [(seat, margin) for seat in outcome["winners"]]


ACHIEVEMENTS = (
    Achievement("pip-rush:from-last", "From last to first",
                "Win the race with a racer on the Finish that was alone at the back when "
                "another racer was in the Last Mile.", "pip-rush",
                on_finish=from_last, watches=frozenset({"move", "suit_action"})),
)
MOMENTS = (MomentKind("win", "Biggest win", "spaces",
                      "how many spaces the losing team was from winning when the race ended",
                      from_finish=biggest_win, watches=frozenset({"move", "suit_action"})),)
