"""Pip Pip's achievements and moments.

**Deciding call**: Pip Pip calls that decide the game: their caller wins (alone or sharing the
win), and would not have won alone without them: their final total less the points of all
their calls (50 each, or 100 for a Double Pip Pip, PP-8 and PP-9) is at most the best total of
any other player. All of them, not each: two calls of 50 decide a game as one Double Pip Pip
for 100 does, though either alone was more than the winner needed.

The moments: a player's best trick (the card points it took, PP-13) and their biggest win:
the winner's total less the next best total.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.achievements import Achievement, Event, MomentKind, Outcome, win_margin


def deciding_call(events: Sequence[Event], outcome: Outcome) -> list[int]:
    scores, winners = outcome.get("scores") or [], outcome.get("winners") or []
    called: dict[int, int] = {}
    for call in events:
        if call.get("type") == "call":
            seat = int(call["seat"])
            called[seat] = called.get(seat, 0) + int(call["points"])
    earned = []
    for seat, points in called.items():
        others = max((score for other, score in enumerate(scores) if other != seat), default=0)
        if seat in winners and scores[seat] - points <= others:
            earned.append(seat)
    return earned


def best_trick(event: Event) -> tuple[int, int] | None:
    if event.get("type") == "trick":
        return int(event["winner"]), int(event["points"])
    return None


ACHIEVEMENTS = (
    Achievement("pip-pip:deciding-call", "Deciding call",
                "Win a game you would not have won outright without your Pip Pip calls.", "pip-pip",
                on_finish=deciding_call, watches=frozenset({"call"})),
)
MOMENTS = (
    MomentKind("trick", "Best trick", how="card points taken in one trick",
               from_event=best_trick),
    win_margin("points", "the winner's total less the next best total"),
)
