"""Engine speed: random whole games per CPU-second for every game and seating, and what a Table
adds on top of the engine. `.venv/bin/python -m benchmarks.speed`

    --seconds S         CPU seconds per row (default 2)
    --compare COMMIT    also measure the contract at COMMIT (exported with `git archive` into a
                        temporary folder and run there), printed next to today's figures
    --rounds R          with --compare: measure the commit and today's code R times, taking
                        turns, and print each one's median and the median of the rounds'
                        gains (default 1). A shared machine's speed drifts by a third within
                        minutes; turns of a few seconds see the same machine, so the gain holds
                        when the rates do not.
    --warmup S          before each row's timing, play its games untimed for S CPU seconds
                        (default 0): the rates of a bot that has been up a while, its caches
                        of counts filled (a fresh process meets new hands for a few seconds)
    --game NAME         only that game's seatings (repeatable), and only the games table

A random game: the acting seat is drawn uniformly from to_act(), then its action uniformly from
its legal actions (a muggins claim too, so wrong claims and recounts happen), until the outcome.
It is measured through the contract (spec.new, to_act, legal_actions, apply) and, for games that
have one, through the simulation a search uses (engine/sim.py: simulation.new, then
random_playout), from the first deal to the outcome.

Also printed: 8-player Pip Pip replayed from a log through the engine and through a Table
(the Table's cost per move on top of the engine's), and the search interface's copy costs.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script (the --compare child): use its own folder
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.registry import GAMES

#: (game, players, options) measured, with a short label.
SEATINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("cribbage", 2, {}),
    ("cribbage", 3, {}),
    ("cribbage", 4, {}),
    ("cribbage", 2, {"muggins": True}),
    ("pip-cribbage", 2, {}),
    ("crib-race", 2, {}),
    ("crib-race", 4, {}),
    ("crib-race", 8, {}),
    ("pip-rush", 2, {}),
    ("pip-rush", 4, {}),
    ("pip-pip", 3, {}),
    ("pip-pip", 4, {}),
    ("pip-pip", 8, {}),
]

#: 8-player Pip Pip games replayed for the Table's cost.
TABLE_GAMES = 40
#: Copies timed per game for the search interface's costs.
SEARCH_REPEATS = 300


def label(name: str, players: int, options: dict[str, Any]) -> str:
    extra = " ".join(f"{k}={v}" for k, v in options.items())
    return f"{name} {players}p {extra}".strip()


def contract_game(name: str, players: int, options: dict[str, Any], seed: int) -> int:
    """One random game through the public contract; returns its number of actions."""
    game = GAMES[name].new(players, options, seed)
    rng = random.Random(seed)
    actions = 0
    while game.outcome is None:
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        actions += 1
    return actions


def simulation_game(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    """The same random game through the game's simulation."""
    # Imported here: --compare runs this file against commits that had no engine.sim.
    from engine.sim import random_playout

    spec = GAMES[name]
    sim = spec.simulation.new(players, spec.check_options(options), seed)
    random_playout(sim, random.Random(seed))


#: Seeds of the untimed warm-up games, apart from the timed ones (0, 1, 2...).
WARMUP_SEEDS = 10**6


def games_per_cpu_second(play: Any, seconds: float, *args: Any, warmup: float = 0.0) -> float:
    start = time.process_time()
    seed = WARMUP_SEEDS
    while time.process_time() - start < warmup:
        play(*args, seed)
        seed += 1
    games = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        play(*args, games)
        games += 1
    return games / elapsed


def measure_contract(seconds: float, games: list[str] | None = None, warmup: float = 0.0
                     ) -> dict[str, float]:
    return {label(*s): games_per_cpu_second(contract_game, seconds, *s, warmup=warmup)
            for s in SEATINGS if not games or s[0] in games}


def measure_simulation(seconds: float, games: list[str] | None = None, warmup: float = 0.0
                       ) -> dict[str, float]:
    return {label(*s): games_per_cpu_second(simulation_game, seconds, *s, warmup=warmup)
            for s in SEATINGS
            if GAMES[s[0]].simulation is not None and (not games or s[0] in games)}


def random_log(name: str, players: int, seed: int) -> list[tuple[int, dict[str, Any]]]:
    game = GAMES[name].new(players, {}, seed)
    rng = random.Random(seed)
    log = []
    while game.outcome is None:
        seat = rng.choice(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        log.append((seat, json.loads(json.dumps(action))))  # as the store gives it back
        game.apply(seat, action)
    return log


def table_cost(name: str, players: int, games: int) -> tuple[float, float]:
    """CPU seconds per action to replay logged games through the engine alone and through a
    Table (what a restart does): the engine's apply, then the Table's apply on top."""
    from tables import SeatInfo, Table

    logs = [random_log(name, players, seed) for seed in range(games)]
    actions = sum(len(log) for log in logs)
    seats = [SeatInfo(user_id=100 + i, name=f"P{i}") for i in range(players)]
    engine = through_table = 0.0
    # Game by game, one way then the other, so that a busy machine weighs on both alike.
    for seed, log in enumerate(logs):
        start = time.process_time()
        game = GAMES[name].new(players, {}, seed)
        for seat, action in log:
            game.apply(seat, action)
        engine += time.process_time() - start
        start = time.process_time()
        table = Table(id=seed, spec=GAMES[name], options={}, seed=seed, seats=seats,
                      guild_id=1, channel_id=1, host_id=100)
        table.replay(log)
        through_table += time.process_time() - start
    return engine / actions, through_table / actions


def search_costs(name: str, players: int, options: dict[str, Any]) -> tuple[float, ...]:
    """CPU microseconds for copy.deepcopy, clone() and determinize() of a game 30 moves in."""
    game = GAMES[name].new(players, options, 1)
    rng = random.Random(1)
    for _ in range(30):
        if game.outcome is not None:
            break
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    seat = game.to_act()[0] if game.to_act() else 0
    costs = []
    for make in (lambda: copy.deepcopy(game), game.clone,
                 lambda: game.determinize(seat, rng)):
        start = time.process_time()
        for _ in range(SEARCH_REPEATS):
            make()
        costs.append((time.process_time() - start) / SEARCH_REPEATS * 1e6)
    return tuple(costs)


def measure_at_commit(commit: str, seconds: float, games: list[str] | None = None,
                      warmup: float = 0.0) -> dict[str, float]:
    """The same contract loop run by the code of `commit` (this file is copied in)."""
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "-C", str(root), "archive", commit, "engine", "tables", "store"],
            check=True, capture_output=True).stdout
        with tarfile.open(fileobj=__import__("io").BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        (Path(folder) / "benchmarks").mkdir()
        (Path(folder) / "benchmarks" / "__init__.py").write_text("")
        (Path(folder) / "benchmarks" / "speed.py").write_text(Path(__file__).read_text())
        table = "None" if games else f"table_cost('pip-pip', 8, {TABLE_GAMES})"
        out = subprocess.run(
            [sys.executable, "-c",
             "import json, sys; from benchmarks.speed import measure_contract, table_cost; "
             f"print(json.dumps({{**measure_contract({seconds}, {games!r}, {warmup}), "
             f"'table': {table}}}))"],
            cwd=folder, check=True, capture_output=True, text=True,
        ).stdout
    return json.loads(out)


def measure_in_turns(commit: str | None, rounds: int, seconds: float, games: list[str] | None,
                     warmup: float) -> tuple[dict[str, float], dict[str, float],
                                             dict[str, float], Any]:
    """The contract's rates at `commit` and now, each the median of `rounds` turns (the
    commit's turn first), and per row the median of the rounds' gains; and the commit's table
    cost. Without a commit: today's rates alone."""
    if commit is None:
        return {}, measure_contract(seconds, games, warmup), {}, None
    befores, nows = [], []
    for _ in range(max(1, rounds)):
        befores.append(measure_at_commit(commit, seconds, games, warmup))
        nows.append(measure_contract(seconds, games, warmup))
    table_before = [turn.pop("table", None) for turn in befores][-1]
    keys = nows[0].keys()
    before = {key: statistics.median(turn[key] for turn in befores) for key in keys}
    now = {key: statistics.median(turn[key] for turn in nows) for key in keys}
    gains = {key: statistics.median(n[key] / b[key] for n, b in zip(nows, befores, strict=True))
             for key in keys}
    return before, now, gains, table_before


def print_table_cost(now: tuple[float, float], before: list[float] | None, commit: str) -> None:
    print("\n8-player Pip Pip replayed from its log: CPU microseconds per action")
    print(f"{'':<10} {'engine apply':>13} {'Table.apply':>12} {'ratio':>6}")
    rows = [("now", now)] + ([(commit[:9], before)] if before else [])
    for name, (engine, table) in rows:
        print(f"{name:<10} {engine * 1e6:>13.1f} {table * 1e6:>12.1f} {table / engine:>5.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--compare", metavar="COMMIT")
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--warmup", type=float, default=0.0)
    args = parser.parse_args()
    before, now, gains, table_before = measure_in_turns(args.compare, args.rounds, args.seconds,
                                                        args.game, args.warmup)
    simulated = measure_simulation(args.seconds, args.game, args.warmup)
    print("Random whole games per CPU-second")
    header = f"{'game and seating':<28} {'contract':>9}"
    if before:
        header += f" {args.compare[:9]:>9} {'gain':>6}"
    header += f" {'simulation':>11}" + (f" {'gain':>6}" if before else "")
    print(header)
    for key, rate in now.items():
        line = f"{key:<28} {rate:>9.1f}"
        if before:
            line += f" {before[key]:>9.1f} {gains[key]:>5.1f}x"
        if key in simulated:
            line += f" {simulated[key]:>11.1f}"
            if before:
                line += f" {simulated[key] / before[key]:>5.1f}x"
        print(line)
    if args.game:
        return
    print_table_cost(table_cost("pip-pip", 8, TABLE_GAMES), table_before, args.compare or "")
    print("\nSearch interface: CPU microseconds per copy of a game 30 moves in")
    print(f"{'game and seating':<28} {'deepcopy':>9} {'clone':>9} {'determinize':>12}")
    for name, players, options in SEATINGS:
        deep, clone, redeal = search_costs(name, players, options)
        print(f"{label(name, players, options):<28} {deep:>9.0f} {clone:>9.0f} {redeal:>12.0f}")


if __name__ == "__main__":
    main()
