"""The end of a cribbage game: skunks (docs/RULES.md C-13) and the outcome dict of
engine/contract.py. With three players the worse skunk of the two losers decides the win's
points, and the detail line names each skunked seat."""

from __future__ import annotations

from typing import Any

from engine.cribbage.sides import Sides
from engine.cribbage.words import seat_list

WIN, SKUNK, DOUBLE_SKUNK = 1, 2, 3


def skunk_level(loser_score: int, target: int) -> int:
    """1 = plain loss, 2 = skunked, 3 = double skunked, for a game to `target`."""
    if target >= 121 and loser_score < 61:  # a 61-point game has no double skunk
        return DOUBLE_SKUNK
    return SKUNK if loser_score < target - 30 else WIN  # under 91, or 31 of 61


def cribbage_outcome(sides: Sides, scores: list[int], winner: int, target: int) -> dict[str, Any]:
    """The contract's outcome for side `winner` having reached the target."""
    players = sides.players
    seat_scores = [scores[sides.side_of[s]] for s in range(players)]
    losers = [side for side in range(sides.count) if side != winner]
    levels = {side: skunk_level(scores[side], target) for side in losers}
    win_points = max(levels.values(), default=WIN)
    # Rank sides by score: the winner first; losers with equal scores share a rank.
    ordered = sorted(losers, key=lambda side: -scores[side])
    side_rank = {winner: 0}
    for side in ordered:
        side_rank[side] = 1 + sum(1 for other in ordered if scores[other] > scores[side])
    words = {WIN: "", SKUNK: " (skunk)", DOUBLE_SKUNK: " (double skunk)"}

    def names(side: int) -> str:
        return seat_list(sides.seats_of(side), " & ")

    beaten = ", ".join(f"{names(side)} {scores[side]}{words[levels[side]]}" for side in ordered)
    return {
        "winners": sides.seats_of(winner),
        "ranks": [side_rank[sides.side_of[s]] for s in range(players)],
        "scores": seat_scores,
        "shared": False,
        "win_points": win_points,
        "skunk": {WIN: None, SKUNK: "skunk", DOUBLE_SKUNK: "double skunk"}[win_points],
        # The winner's peg stops in the game hole: points past the target are not scored.
        "detail": f"{names(winner)} won with {min(scores[winner], target)}; {beaten}.",
    }
