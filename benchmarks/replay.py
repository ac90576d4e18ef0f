"""Replay and chart speed, per game: rebuilding a replay frame from the log (the last frame,
the slowest; with and without every seat's hand) and drawing it, and the chart of the final
table message (every move's public view, then the picture and its alt text).

    .venv/bin/python -m benchmarks.replay            # a press should answer well within 3 s
    .venv/bin/python -m benchmarks.replay --games 2
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import render
from engine.registry import GAMES
from tables.replay import Replay

SEATS = {"cribbage": 2, "pip-cribbage": 2, "crib-race": 3, "pip-rush": 4, "pip-pip": 4}


def played(name: str, players: int, seed: int) -> Replay:
    """A whole game between normal computer players, as a replay of its log."""
    spec = GAMES[name]
    game = spec.new(players, {}, seed)
    rng = random.Random(seed)
    log = []
    while game.outcome is None:
        seat = (game.waiting_for() or game.to_act())[0]
        action = spec.ai(game.view(seat), game.legal_actions(seat), rng, "normal")
        log.append((seat, action))
        game.apply(seat, action)
    record = SimpleNamespace(
        id=seed, game=name, options={}, seed=seed, guild_id=1, channel_id=1, host_id=1,
        settings={}, seats=[{"user_id": None, "name": f"Seat {i + 1}", "ai": "normal"}
                            for i in range(players)])
    return Replay(record, log)


def timed(work: Callable[..., Any], *args: Any, **kwargs: Any) -> float:
    start = time.perf_counter()
    work(*args, **kwargs)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    games = parser.parse_args().games
    print(f"{'game':<13}{'moves':>6}{'frame':>9}{'+hands':>9}{'draw':>8}{'chart':>9}  (ms, mean)")
    for name, players in SEATS.items():
        rows: dict[str, list[float]] = {k: [] for k in ("moves", "frame", "hands", "draw",
                                                        "chart")}
        for seed in range(games):
            replay = played(name, players, seed)
            rows["moves"].append(replay.last)
            rows["frame"].append(timed(replay.frame, replay.last))
            rows["hands"].append(timed(replay.frame, replay.last, hands=True))
            rows["draw"].append(timed(render.draw_table, name, replay.frame(replay.last).view))
            start = time.perf_counter()
            render.chart_picture(name, replay.title, replay.moves())
            rows["chart"].append((time.perf_counter() - start) * 1000)
        mean = {k: statistics.mean(v) for k, v in rows.items()}
        print(f"{name:<13}{mean['moves']:>6.0f}{mean['frame']:>9.0f}{mean['hands']:>9.0f}"
              f"{mean['draw']:>8.0f}{mean['chart']:>9.0f}")


if __name__ == "__main__":
    main()
