"""Recorded random games of every game and seating, to prove saved games replay identically.

`record()` plays one game with random legal actions and keeps, step by step, the action, the
events it made and a digest of every view and every seat's legal actions after it. The fixture
(saved_games.json.gz next to this file) was made by the engine at commit 0601f88, before the
engine was made fast; test_saved_games.py checks the current engine reproduces it exactly.
Its digests leave wording out (`without_words`): they were recomputed, when that began (issue
45), by replaying every recorded game with an engine that still reproduced it word for word;
and again, the same way, when legal actions began to be compared in a fixed order rather
than the order a game lists them (Pip Pip lists its plays in hand order since).

Regenerate (only on purpose, when a logged format changes on purpose):
    .venv/bin/python -m tests.engine.saved_games
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from engine.registry import GAMES

FIXTURE = Path(__file__).with_name("saved_games.json.gz")

#: (game, players, options): every seating, and each option that changes the rules.
SEATINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("cribbage", 2, {}),
    ("cribbage", 2, {"muggins": True, "target": 61}),
    ("cribbage", 3, {"target": 61}),
    ("cribbage", 3, {"muggins": True, "target": 61}),
    ("cribbage", 4, {"target": 61}),
    ("cribbage", 4, {"muggins": True, "target": 61}),
    ("pip-cribbage", 2, {}),
    ("pip-cribbage", 2, {"muggins": True, "target": 61}),
    ("crib-race", 2, {}),
    ("crib-race", 2, {"muggins": True}),
    ("crib-race", 3, {}),
    ("crib-race", 4, {"teams": True}),
    ("crib-race", 4, {"teams": False, "muggins": True}),
    ("crib-race", 6, {}),
    ("crib-race", 8, {}),
    ("pip-rush", 2, {}),
    ("pip-rush", 4, {}),
    *[("pip-pip", n, {}) for n in range(3, 9)],
    ("pip-pip", 4, {"rounds": 2}),
]
SEEDS = (11, 12)
#: Enough to cross several deals; whole games would make the fixture too big to keep.
MAX_STEPS = 400


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: What players read rather than what happens: wording may change while a game replays the same.
#: "chorus" and "together" say how a reader may join an event's line with its neighbours'.
WORDS = frozenset({"text", "detail", "retells", "chorus", "together"})


def without_words(value: Any) -> Any:
    """`value` (events, views) with every wording field left out, at any depth."""
    if isinstance(value, dict):
        return {key: without_words(item) for key, item in value.items() if key not in WORDS}
    if isinstance(value, list):
        return [without_words(item) for item in value]
    return value


def state_digest(game: Any) -> str:
    """Every view (the channel's and each seat's, wording left out) and every seat's legal
    actions, as a set: their order is only the order a list shows them in (a log keeps each
    action itself), so a game may present them better without touching a saved game."""
    seats = range(game.players)
    return digest(without_words({
        "views": [game.view(None), *(game.view(s) for s in seats)],
        "legal": [sorted(game.legal_actions(s), key=lambda a: json.dumps(a, sort_keys=True))
                  for s in seats],
        "to_act": game.to_act(),
        "waiting_for": game.waiting_for(),
        "outcome": game.outcome,
    }))


def record(name: str, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    game = GAMES[name].new(players, options, seed)
    rng = random.Random(seed * 7919 + players)
    steps: list[dict[str, Any]] = []
    start = {"events": game.start_events, "state": state_digest(game)}
    while game.outcome is None and len(steps) < MAX_STEPS:
        seat = rng.choice(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        events = game.apply(seat, action)
        steps.append({"seat": seat, "action": action, "events": events,
                      "state": state_digest(game)})
    return {"game": name, "players": players, "options": options, "seed": seed,
            "start": start, "steps": steps}


def load() -> list[dict[str, Any]]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as file:
        return json.load(file)


def main() -> None:
    games = [record(name, players, options, seed)
             for name, players, options in SEATINGS for seed in SEEDS]
    text = json.dumps(games, separators=(",", ":"))
    with gzip.open(FIXTURE, "wt", encoding="utf-8", compresslevel=9) as file:
        file.write(text)
    steps = sum(len(g["steps"]) for g in games)
    print(f"{len(games)} games, {steps} steps, {FIXTURE.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
