"""Fake outcomes and small event builders for the tournament tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tables.tournaments import Match, Tournament

HOST = 1000


def outcome(match: Match, order: Sequence[str], win_score: int = 121) -> dict[str, Any]:
    """An engine-style outcome where entries finish in `order` (first wins), the winner on
    `win_score` and each place after it ten points further back. Computer seats finish last."""
    ranks, scores = [], []
    computer_rank = len(order)
    for entry in match.seats:
        rank = order.index(entry) if entry is not None else computer_rank
        ranks.append(rank)
        scores.append(win_score - 10 * rank)
    winners = [s for s, r in enumerate(ranks) if r == 0]
    return {"winners": winners, "ranks": ranks, "scores": scores, "shared": False,
            "win_points": 1, "detail": ""}


def signed_up(format: str, count: int, game: str = "cribbage", **settings: Any) -> Tournament:
    event = Tournament.create("t1", HOST, game, format, **settings)
    for user in range(1, count + 1):
        event.join(user, f"Player {user}")
    return event


def open_matches(event: Tournament) -> Iterator[Match]:
    while event.status == "running":
        assert event.current is not None
        waiting = [m for m in event.current.matches if not m.finished]
        if not waiting:
            return
        yield waiting[0]


def play_out(event: Tournament, order_for: Callable[[Match], Sequence[str]]) -> None:
    """Play every match to the end of the event, finishing order chosen per match."""
    for match in open_matches(event):
        event.record_game(match.id, outcome(match, order_for(match)))


def better_seed_wins(event: Tournament) -> Callable[[Match], list[str]]:
    return lambda match: sorted(match.entries, key=lambda e: event.entry(e).seed)


def all_pairings(entries: Sequence[str]) -> Iterator[list[tuple[str, str]]]:
    """Every way to split an even number of entries into pairs (brute force)."""
    if not entries:
        yield []
        return
    first, rest = entries[0], entries[1:]
    for index, other in enumerate(rest):
        for more in all_pairings(rest[:index] + rest[index + 1 :]):
            yield [(first, other), *more]
