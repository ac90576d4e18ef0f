"""The Cribbage family's achievements and moments (PIP Cribbage and Crib Race build theirs with
`family_achievements` and `FAMILY_MOMENTS`), read from the events engine/cribbage/game.py writes.

- **A count** is a hand or crib as scored for its owner: a "show" event's points, or with
  muggins on a "claim" event's (what was claimed, not what a press found later).
- **Big hand** is 24 or 28, the best short of 29: no hand makes 25 to 27, though a muggins claim
  short of the true count may; PIP Cribbage's dice make every count from 24 to 28.
- **Perfect pegging play**: one lay scoring 12 or more by itself (C-9: a go or last card
  apart). Only the fourth card of one rank in a row gets there (a double pair royal; 14 with a
  15 or 31): a count's longest run is seven cards and a pair royal is 6. In PIP Cribbage a die
  can be the fourth piece of a rank (the fifth with Double PIP, PC-11); in Crib Race a lay from
  a penalty box counts though it moves no peg ("boxed_points").
- **Comeback**: winning after trailing the leading side by 30 or more (Crib Race: holes, by
  the pegs' standings of CR-11) at some moment, as the score events left the sides.

The moments: a seat's best count, its best lay, and its biggest win (the winner's score less
the best losing side's; Crib Race: holes between the finish and the nearest losing peg).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.achievements import Achievement, Event, MomentKind, Outcome, win_margin

#: A double pair royal: the least one lay must score to be a perfect pegging play.
PERFECT_LAY = 12
#: The least count that is a big hand in PIP Cribbage (short of 29).
BIG_HAND = 24
COMEBACK = 30


def count_of(event: Event) -> tuple[int, int] | None:
    """(seat, points) of a hand or crib count as scored, or None for any other event."""
    if event.get("type") in ("show", "claim"):
        return int(event["seat"]), int(event["points"])
    return None


def lay_of(event: Event) -> tuple[int, int] | None:
    """(seat, points) of one card's points in the play, scored or lost in a penalty box."""
    if event.get("type") in ("score", "boxed_points") and event.get("reason") == "play":
        return int(event["seat"]), int(event["points"])
    return None


def seat_when(
    read: Callable[[Event], tuple[int, int] | None], hit: Callable[[int], bool]
) -> Callable[[Event], list[int]]:
    """The rule: the seat of the (seat, points) `read` finds in an event, when `hit(points)`."""

    def rule(event: Event) -> list[int]:
        found = read(event)
        return [found[0]] if found is not None and hit(found[1]) else []

    return rule


def double_skunk(events: Sequence[Event], outcome: Outcome) -> list[int]:
    return list(outcome.get("winners", [])) if outcome.get("skunk") == "double skunk" else []


def comeback(events: Sequence[Event], outcome: Outcome) -> list[int]:
    winners = list(outcome.get("winners", []))
    scores: dict[int, int] = {}
    side_of: dict[int, int] = {}
    worst = 0
    for event in events:
        if event.get("type") != "score":
            continue
        side_of[int(event["seat"])] = int(event["side"])
        scores[int(event["side"])] = int(event["score"])
        mine = next((side_of[s] for s in winners if s in side_of), None)
        # Until a seat of the winning side scores, that side is on 0 and every side that
        # has scored is another.
        leader = max((score for side, score in scores.items() if side != mine), default=0)
        worst = max(worst, leader - scores.get(mine, 0) if mine is not None else leader)
    return winners if worst >= COMEBACK else []


def family_achievements(
    game: str, *, past_29: bool = False, unit: str = "points"
) -> tuple[Achievement, ...]:
    """The family's five for `game`. `past_29`: a count can pass 29 and make 25 to 27 (PIP
    Cribbage), so Twenty-nine is earned by 29 or more and the words of both say so; `unit`:
    what a lead is counted in."""
    twenty_nine = "Score 29 or more for one hand or crib." if past_29 else (
        "Score 29 for one hand or crib, the most a count can make.")
    big_hand = "Score 24 to 28 for one hand or crib." if past_29 else (
        "Score exactly 24 or 28 for one count.")
    # A 61-point game has no double skunk (C-13): say so, or it looks merely rare there.
    double_skunk_how = "Win by a double skunk: a losing peg short of hole 61." \
        if unit == "holes" else "Win by a double skunk: a loser under 61 in a 121-point game."
    return (
        Achievement(f"{game}:twenty-nine", "Twenty-nine", twenty_nine, game,
                    on_event=seat_when(count_of, lambda points: points >= 29 if past_29
                                       else points == 29)),
        Achievement(f"{game}:big-hand", "Big hand", big_hand, game,
                    on_event=seat_when(count_of, lambda points: BIG_HAND <= points < 29
                                       if past_29 else points in (24, 28))),
        Achievement(f"{game}:perfect-pegging", "Perfect pegging play",
                    "Lay one card that scores 12 or more in the play: the fourth of a rank "
                    "in a row.", game,
                    on_event=seat_when(lay_of, lambda points: points >= PERFECT_LAY)),
        Achievement(f"{game}:double-skunk", "Double skunk", double_skunk_how, game,
                    on_finish=double_skunk),
        Achievement(f"{game}:comeback", "Comeback",
                    f"Win after trailing by {COMEBACK} {unit} or more.", game,
                    on_finish=comeback, watches=frozenset({"score"})),
    )


FAMILY_MOMENTS = (
    MomentKind("hand", "Highest hand", how="a hand or crib as scored", from_event=count_of),
    MomentKind("pegging", "Best pegging play", how="points from one card laid",
               from_event=lay_of),
)

ACHIEVEMENTS = family_achievements("cribbage")
MOMENTS = (*FAMILY_MOMENTS,
           win_margin("points", "the winner's score less the best losing side's"))
