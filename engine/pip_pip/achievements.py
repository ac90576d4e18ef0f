"""Pip Pip's achievements and moments.

**Deciding call**: a Pip Pip call that decides the game: its caller wins (alone or sharing the
win), and would not have won alone without it: their final total less the call's points (50,
or 100 for a Double Pip Pip, PP-8 and PP-9) is at most the best total of any other player.

The moments: a player's best trick (the card points it took, PP-13) and their biggest win:
the winner's total less the next best total.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.achievements import Achievement, Event, MomentKind, Outcome, win_margin


def deciding_call(events: Sequence[Event], outcome: Outcome) -> list[int]:
    scores, winners = outcome.get("scores") or [], outcome.get("winners") or []
    earned = []
    for call in events:
        if call.get("type") != "call":
            continue
        seat = int(call["seat"])
        if seat not in winners or seat in earned:
            continue
        others = max((score for other, score in enumerate(scores) if other != seat), default=0)
        if scores[seat] - int(call["points"]) <= others:
            earned.append(seat)
    return earned


def best_trick(event: Event) -> tuple[int, int] | None:
    if event.get("type") == "trick":
        return int(event["winner"]), int(event["points"])
    return None


ACHIEVEMENTS = (
    Achievement("pip-pip:deciding-call", "Deciding call",
                "Win with a Pip Pip call you could not have won without.", "pip-pip",
                on_finish=deciding_call, watches=frozenset({"call"})),
)
MOMENTS = (
    MomentKind("trick", "Best trick", how="card points taken in one trick",
               from_event=best_trick),
    win_margin("points", "the winner's total less the next best total"),
)
