"""Cribbage and PIP Cribbage computer players: `.venv/bin/python -m benchmarks.ai_cribbage`.

    .venv/bin/python -m benchmarks.ai_cribbage [--games 1000] [--workers N] [--game NAME]
                                               [--more-players GAMES]

For each two-player game (cribbage, pip-cribbage), prints:
- `hard` against a uniformly random player and against a greedy baseline, seats alternating:
  win rate with its 95% (Wilson) interval, and the mean points per deal of each side (final
  score over deals begun). The greedy baseline keeps the cards whose own score (no starter)
  is highest, pegs the piece that scores most now (ties at random), claims exactly, picks
  Crux at random and flips a Turn die when the hand scores more that way.
- decision time p50 / p95 / max per level, per choose_action call, for decisions with more
  than one legal action (the table layer answers single choices itself): wall clock, and the
  CPU time of the deciding thread, which leaves out time spent waiting while other processes
  use the cores; `easy` and `normal` are timed in a short extra series against greedy.
With --more-players N: hard against greedy in 3- and 4-player Cribbage, N games each.
Muggins is off (the random player would only claim numbers at random); games go to 121.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from benchmarks.stats import percentile, wilson
from engine.cards import Card, die, parse_card, parse_cards
from engine.contract import Action, Game, View
from engine.cribbage import ai as cribbage_ai
from engine.cribbage.scoring import FlushRule, hand_total, peg_points
from engine.registry import GAMES

GAME_NAMES = ("cribbage", "pip-cribbage")
AiFn = Callable[[View, list[Action], random.Random, str], Action]


def ai_for(name: str) -> AiFn:
    if name == "pip-cribbage":
        from engine.pip_cribbage import ai as pip_cribbage

        return pip_cribbage.choose_action
    return cribbage_ai.choose_action


# ===== the greedy baseline ====================================================================


def greedy(view: View, legal: list[Action], rng: random.Random) -> Action:
    kinds = {a["type"] for a in legal}
    if "discard" in kinds:
        return max(legal, key=lambda a: _kept_score(view, a))
    if "play" in kinds:
        pile = parse_cards(view["pile"])
        best = max(peg_points([*pile, parse_card(a["card"])]).total
                   for a in legal if a["type"] == "play")
        return rng.choice([a for a in legal if a["type"] == "play"
                           and peg_points([*pile, parse_card(a["card"])]).total == best])
    if "crux" in kinds:
        return rng.choice(legal)
    if "flip" in kinds:
        flip = next(a for a in legal if a["type"] == "flip")
        return flip if _turn_gain(view, flip["face"]) > 0 else {"type": "keep_die"}
    return legal[0]


def _own_die(view: View) -> list[Card]:
    if view["game"] != "pip-cribbage":
        return []
    return [die(view["dice"][view["seat"]]["face"])]


def _kept_score(view: View, action: Action) -> int:
    kept = parse_cards(view["hand"])
    for card in parse_cards(action["cards"]):
        kept.remove(card)
    return hand_total([*kept, *_own_die(view)], None)


def _turn_gain(view: View, face: int) -> int:
    kept = parse_cards(view["kept"])
    starter = parse_card(view["starter"])
    now = view["dice"][view["seat"]]["face"]
    rule = FlushRule.WITH_STARTER
    return (hand_total([*kept, die(face)], starter, flush=rule)
            - hand_total([*kept, die(now)], starter, flush=rule))


# ===== matches ================================================================================


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    deals: int = 0
    #: [the AI's side, an opponent's (the mean of them with three players)]
    points: list[float] = field(default_factory=lambda: [0.0, 0.0])
    times: dict[str, list[float]] = field(default_factory=dict)  # wall clock
    cpu_times: dict[str, list[float]] = field(default_factory=dict)  # this thread's CPU

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.deals += other.deals
        self.points = [a + b for a, b in zip(self.points, other.points, strict=True)]
        for level, values in other.times.items():
            self.times.setdefault(level, []).extend(values)
        for level, values in other.cpu_times.items():
            self.cpu_times.setdefault(level, []).extend(values)


def play_game(name: str, seed: int, level: str, opponent: str, players: int = 2) -> Tally:
    """`level` against `opponent` ("random" or "greedy"). The AI plays the side of seat
    seed % players (both partners with four players); every other seat is the opponent."""
    game: Game = GAMES[name].new(players, {}, seed)
    ai = ai_for(name)
    rng = random.Random(seed)
    side_of = GAMES[name].sides(players, {})
    ai_seats = {s for s in range(players) if side_of[s] == side_of[seed % players]}
    tally = Tally(games=1)
    while game.outcome is None:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        if seat not in ai_seats:
            view = game.view(seat)
            action = rng.choice(legal) if opponent == "random" else greedy(view, legal, rng)
        elif len(legal) == 1:
            action = legal[0]
        else:
            view = game.view(seat)
            start, start_cpu = time.perf_counter(), time.thread_time()
            action = ai(view, legal, rng, level)
            tally.times.setdefault(level, []).append(time.perf_counter() - start)
            tally.cpu_times.setdefault(level, []).append(time.thread_time() - start_cpu)
        game.apply(seat, action)
    outcome = game.outcome
    scores = outcome["scores"]
    rivals = [s for s in range(players) if s not in ai_seats]
    tally.wins = int(bool(ai_seats & set(outcome["winners"])))
    tally.deals = game.view(None)["deal_number"]
    tally.points = [scores[min(ai_seats)], sum(scores[s] for s in rivals) / len(rivals)]
    return tally


def play_series(args: tuple[str, str, str, int, list[int]]) -> Tally:
    name, level, opponent, players, seeds = args
    total = Tally()
    for seed in seeds:
        total.add(play_game(name, seed, level, opponent, players))
    return total


def run_match(name: str, level: str, opponent: str, games: int, workers: int,
              first_seed: int, players: int = 2) -> Tally:
    seeds = list(range(first_seed, first_seed + games))
    parts = max(1, workers * 4)
    chunks = [(name, level, opponent, players, seeds[i::parts]) for i in range(parts)]
    total = Tally()
    with ProcessPoolExecutor(workers) as pool:
        for part in pool.map(play_series, chunks):
            total.add(part)
    return total


def ms(values: list[float], q: float) -> float:
    return percentile(values, q) * 1000


def report(name: str, games: int, workers: int) -> None:
    started = time.perf_counter()
    results = {opponent: run_match(name, "hard", opponent, games, workers, first_seed=seed)
               for opponent, seed in (("random", 0), ("greedy", 100_000))}
    extra = [run_match(name, level, "greedy", max(50, games // 10), workers, first_seed=200_000)
             for level in ("easy", "normal")]

    print(f"\n{name}: hard against others, {games} two-player games each, to 121")
    print(f"{'opponent':<9}{'wins':>6}{'win rate':>10}{'95% interval':>17}"
          f"{'hard pts/deal':>15}{'opp pts/deal':>14}")
    for opponent, tally in results.items():
        low, high = wilson(tally.wins, tally.games)
        print(f"{opponent:<9}{tally.wins:>6}{tally.wins / tally.games:>10.1%}"
              f"{f'{low:.1%} - {high:.1%}':>17}{tally.points[0] / tally.deals:>15.2f}"
              f"{tally.points[1] / tally.deals:>14.2f}")
    for level, tally in zip(("easy", "normal"), extra, strict=True):
        low, high = wilson(tally.wins, tally.games)
        print(f"({level} against greedy: {tally.wins}/{tally.games} = "
              f"{tally.wins / tally.games:.1%}, {low:.1%} - {high:.1%})")

    print(f"\n{name}: decision time in ms (decisions with a real choice): wall clock, and the "
          "deciding thread's CPU time (wall clock includes waiting for a busy machine)")
    print(f"{'level':<8}{'decisions':>11}{'wall p50':>10}{'p95':>8}{'max':>8}"
          f"{'cpu p50':>10}{'p95':>8}{'max':>8}")
    tallies = (*results.values(), *extra)
    for level in ("easy", "normal", "hard"):
        wall = [t for tally in tallies for t in tally.times.get(level, [])]
        cpu = [t for tally in tallies for t in tally.cpu_times.get(level, [])]
        if wall:
            print(f"{level:<8}{len(wall):>11}{ms(wall, 0.5):>10.2f}{ms(wall, 0.95):>8.2f}"
                  f"{max(wall) * 1000:>8.2f}{ms(cpu, 0.5):>10.2f}{ms(cpu, 0.95):>8.2f}"
                  f"{max(cpu) * 1000:>8.2f}")
    print(f"({time.perf_counter() - started:.0f} s with {workers} worker processes)")


def report_more_players(games: int, workers: int) -> None:
    print(f"\ncribbage, 3 and 4 players: hard against greedy, {games} games each (3: one hard "
          "seat against two greedy; 4: a hard partnership against a greedy one)")
    print(f"{'players':<9}{'wins':>6}{'win rate':>10}{'95% interval':>17}"
          f"{'hard pts/deal':>15}{'opp pts/deal':>14}")
    for players in (3, 4):
        tally = run_match("cribbage", "hard", "greedy", games, workers, 300_000, players)
        low, high = wilson(tally.wins, tally.games)
        print(f"{players:<9}{tally.wins:>6}{tally.wins / tally.games:>10.1%}"
              f"{f'{low:.1%} - {high:.1%}':>17}{tally.points[0] / tally.deals:>15.2f}"
              f"{tally.points[1] / tally.deals:>14.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per opponent")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--game", choices=GAME_NAMES, action="append",
                        help="only this game (repeatable); default: both")
    parser.add_argument("--more-players", type=int, default=0, metavar="GAMES",
                        help="also play 3- and 4-player Cribbage, this many games each")
    args = parser.parse_args()
    for name in args.game or GAME_NAMES:
        report(name, args.games, args.workers)
    if args.more_players:
        report_more_players(args.more_players, args.workers)


if __name__ == "__main__":
    main()
