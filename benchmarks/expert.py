"""The expert computer player: strength, thinking time, and what it costs other tables.

    .venv/bin/python -m benchmarks.expert strength [--game cribbage] [--players 2]
        [--games 4000] [--iterations 20 | --seconds 1.0] [--workers 2] [--rounds N]
        [--results FILE [--resume]]
    .venv/bin/python -m benchmarks.expert compare BEFORE AFTER
    .venv/bin/python -m benchmarks.expert tally RESULTS... [--players 2]
    .venv/bin/python -m benchmarks.expert race [--games 2000] [--workers 2]
    .venv/bin/python -m benchmarks.expert timing [--decisions 200] [--seconds 1.0]
    .venv/bin/python -m benchmarks.expert load [--experts 20] [--tables 20] [--seconds 60]
        [--workers N]
    .venv/bin/python -m benchmarks.expert deal [--game cribbage] [--part discard|play]
        [--deals 1000] [--iterations 60] [--workers 2]
    .venv/bin/python -m benchmarks.expert endgame [--game cribbage] [--from 85] [--to 118]
        [--games 2000] [--iterations 120] [--workers 2]
    .venv/bin/python -m benchmarks.expert regret [--game pip-pip] [--players 4] [--rounds 1]
        [--positions 50] [--long-deals 4000] [--seconds 1.0] [--repeats 3]
        [--setting DROP=inf ...] [--workers 2]

strength  the expert against the hard level, paired: every deal (game seed) is played once
          with the expert in each seat, the others hard, so luck of the cards cancels. Win
          share with its 95% Wilson interval (a shared first place counts as a share).
          `--iterations` fixes the search to that many deals per decision (the same on any
          machine); `--seconds` uses the time budget instead. Also prints the expert's CPU
          time per decision with a choice (mean, p50, p95, max). Games run in `--workers`
          processes; long runs belong under `nice`. `--rounds` plays shorter games where
          the game has that option (Pip Pip: `--rounds 1` is a quarter of a 4-player game,
          a cheap screen of a change before a run of whole games). `--results` writes each
          game as it ends, one line `seed<TAB>seat<TAB>share`, for `compare`, after a first
          line naming the run. It never overwrites a file that holds games: `--resume`, with
          the same arguments, plays only the games the file lacks (a stopped run, half-played
          deals too) and prints the whole file's tally.
compare   two strength runs' `--results` (the same deals, a change in between), game by game:
          each run's win share on the games both played, and the change's effect as the mean
          difference of the pairs with its 95% interval. The same deal and seat played by
          both runs shares its luck, so the interval is narrower than the two runs' own.
tally     strength runs' `--results` of one measure on disjoint seeds (a long measure run in
          parts), as one: the win share over the deals played in every seat, with its 95%
          interval; the games of a deal a stopped run left unfinished are left out.
race      Crib Race hard against a uniformly random player, paired the same way.
timing    the expert's wall-clock time per decision (with a real choice) at the time budget,
          in this one process (one core), across every game: p50, p95, max.
load      the real bot and the fake Discord: `--experts` tables where a member plays an
          expert (default budget, the bot's process pool) and `--tables` tables where a member
          plays an easy computer; members press as soon as they are answered. Prints the
          acknowledgement p50 / p99 / max of the easy tables (the others') and of the expert
          tables, and how many expert moves were made.
deal      where the expert's edge lies in two-player Cribbage or PIP Cribbage: single deals
          from the start of a game (0-0), the hero seat's decisions of one `--part` of the
          deal (the discard or the play) made by the expert and everything else by hard,
          against the same deal played by hard alone. Prints the hero's net points over the
          deal (its points less the other seat's), the expert's less hard's, with a 95%
          interval, each deal played with the hero in each seat, and how often the expert
          chose otherwise than hard would have.
endgame   the same for the end of a game: two-player games begun at scores drawn between
          `--from` and `--to` for each seat, the hero seat played throughout by the expert,
          against the same game (cards, scores, the other seat's choices) played by hard
          alone. Prints both win shares and the difference, pair by pair, with 95%
          intervals.
regret    how well the time budget is spent: decisions met in games of hard players (one in
          seven with a choice) are valued once by a long search, every action on
          `--long-deals` deals (what the expert's search tends to with endless time); then
          the expert decides each one `--repeats` times at `--seconds`. A decision's regret
          is the long search's best value less the value of the action chosen, in the
          game's own terms (the rollout's WIN_VALUE: Cribbage 60 a won game, Pip Pip points).
          Prints the mean regret of the hard level (no search) and of the expert with each
          setting (`--setting NAME=VALUE[,NAME=VALUE]`, the search's constants, e.g.
          DROP=inf to try every action to the end), each setting's difference from the
          first paired decision by decision, with 95% intervals. It measures the search's
          use of its time, not its rollouts or values: those the long search shares.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from benchmarks.stats import mean_interval, percentile, wilson
from engine.contract import Game
from engine.registry import GAMES
from engine.search import expert

EXPERT, HARD, RANDOM = "expert", "hard", "random"


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    seed: int
    #: The level of each seat: "expert", an AI level, or "random".
    levels: tuple[str, ...]
    hero: int
    budget: expert.Budget
    options: tuple[tuple[str, Any], ...] = ()  # the game's options (hashable: a job is frozen)


@dataclass(frozen=True)
class Played:
    """One game's result: the hero's share of the win (1, 0, or a share of a tie for first),
    and the CPU seconds of each expert decision with a real choice."""

    share: float
    thinking: tuple[float, ...]


def new_game(job: Job) -> Game:
    """The job's game, dealt from its seed with its options."""
    return GAMES[job.game].new(job.players, dict(job.options), job.seed)


def play(job: Job) -> Played:
    """One game, played out."""
    spec = GAMES[job.game]
    thinking: list[float] = []
    game = new_game(job)
    rng = random.Random(f"{job.seed}:{job.hero}")
    while game.outcome is None:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        level = job.levels[seat]
        if len(legal) == 1:
            action = legal[0]
        elif level == RANDOM:
            action = rng.choice(legal)
        elif level == EXPERT:
            began = time.process_time()
            action = expert.choose(game, seat, random.Random(rng.getrandbits(64)), job.budget)
            thinking.append(time.process_time() - began)
        else:
            action = spec.ai(game.view(seat), legal, rng, level=level)
        game.apply(seat, action)
    winners = game.outcome["winners"]
    if job.hero not in winners:
        return Played(0.0, tuple(thinking))
    sides = spec.sides(job.players, game.options)
    return Played(1.0 / len({sides[seat] for seat in winners}), tuple(thinking))


def paired_jobs(game: str, players: int, games: int, hero: str, others: str,
                budget: expert.Budget, first_seed: int,
                options: dict[str, Any] | None = None) -> list[Job]:
    """`games` games: each deal played with the hero in every seat in turn."""
    jobs = []
    settings = tuple(sorted((options or {}).items()))
    for number in range(games):
        seed, seat = first_seed + number // players, number % players
        levels = tuple(hero if s == seat else others for s in range(players))
        jobs.append(Job(game, players, seed, levels, seat, budget, settings))
    return jobs


@contextmanager
def worker_map(workers: int) -> Iterator[Callable[[Callable[[Any], Any], Iterable[Any]],
                                                  Iterator[Any]]]:
    """map, or with more than one worker a process pool's map (one job at a time to each
    process: jobs differ in length); results come in the order of the jobs."""
    if workers <= 1:
        yield map
        return
    pool = ProcessPoolExecutor(workers)
    try:
        yield lambda function, jobs: pool.map(function, jobs, chunksize=1)
    finally:
        pool.shutdown(cancel_futures=True)


def run(jobs: list[Job], workers: int, record: TextIO | None = None) -> list[Played]:
    """Every job's result, in order; a running tally goes to stderr every 10 games, and each
    game to `record` as it ends, so an interrupted run still tells what it measured."""
    played: list[Played] = []
    shares: list[float] = []
    with worker_map(workers) as mapped:
        for job, result in zip(jobs, mapped(play, jobs), strict=True):
            played.append(result)
            shares.append(result.share)
            if record is not None:
                record.write(f"{job.seed}\t{job.hero}\t{result.share:g}\n")
                record.flush()
            if len(shares) % 10 == 0:
                low, high = wilson(sum(shares), len(shares))
                print(f"  ... {len(shares)} games: {sum(shares) / len(shares):.1%} "
                      f"({low:.1%} - {high:.1%})", file=sys.stderr, flush=True)
    return played


def report(title: str, played: list[Played], started: float) -> None:
    wins = sum(result.share for result in played)
    low, high = wilson(wins, len(played))
    print(f"{title}: {len(played)} games, wins {wins:g} = {wins / len(played):.1%} "
          f"(95% interval {low:.1%} - {high:.1%}); {time.perf_counter() - started:.0f} s")
    thinking = [seconds for result in played for seconds in result.thinking]
    if thinking:
        print(f"  expert decisions with a choice: {len(thinking)}, CPU time per decision "
              f"mean {sum(thinking) / len(thinking) * 1000:.0f} ms, "
              f"p50 {percentile(thinking, 0.5) * 1000:.0f} ms, "
              f"p95 {percentile(thinking, 0.95) * 1000:.0f} ms, "
              f"max {max(thinking) * 1000:.0f} ms")


def budget_of(args: argparse.Namespace) -> expert.Budget:
    if args.iterations is not None:
        return expert.Budget(iterations=args.iterations)
    return expert.Budget(seconds=args.seconds)


def strength(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    budget = budget_of(args)
    games = args.games - args.games % args.players  # whole deals only
    options = {} if args.rounds is None else {"rounds": args.rounds}
    jobs = paired_jobs(args.game, args.players, games, EXPERT, HARD, budget, args.seed,
                       options)
    spent = f"{budget.iterations} deals" if budget.iterations is not None \
        else f"{budget.seconds:g} s"
    rounds = "" if args.rounds is None else \
        f", {args.rounds} round{'s' if args.rounds != 1 else ''}"
    title = (f"expert ({spent} per decision) against {args.players - 1} hard, {args.game} "
             f"{args.players}p{rounds}")
    if not args.results:
        report(title, run(jobs, args.workers), started)
        return
    header = f"{RESULTS_HEADER}{title}, deals from seed {args.seed}"
    done = earlier_results(args.results, header, args.resume)
    jobs = [job for job in jobs if (job.seed, job.hero) not in done]
    with open(args.results, "a" if done else "w", encoding="utf-8") as record:
        if not done:
            record.write(header + "\n")
        played = run(jobs, args.workers, record)
    if played:
        report(title, played, started)
    if done:
        whole = tally_results([read_results(args.results)], args.players)
        print(f"with the {len(done)} earlier games of {args.results}: {whole}")


#: The first line of a `--results` file: the run it records (files without it are older).
RESULTS_HEADER = "# "


def earlier_results(path: str, header: str, resume: bool) -> dict[tuple[int, int], float]:
    """The games a `--results` file already holds, which a `--resume`d run skips. A file
    with games in it is never overwritten, nor resumed by a run other than its own."""
    if not os.path.exists(path):
        return {}
    done = read_results(path)
    if not done:
        return {}
    if not resume:
        raise SystemExit(f"{path} already holds {len(done)} games: pass --resume to go on "
                         "with that run, or name another file.")
    with open(path, encoding="utf-8") as lines:
        first = lines.readline().rstrip("\n")
    if first.startswith(RESULTS_HEADER) and first != header:
        raise SystemExit(f"{path} is another run's ({first[len(RESULTS_HEADER):]}); this "
                         f"one is {header[len(RESULTS_HEADER):]}.")
    return done


def read_results(path: str) -> dict[tuple[int, int], float]:
    """A `--results` file: the hero's share by (seed, seat)."""
    shares = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.startswith(RESULTS_HEADER):
                continue
            seed, seat, share = line.split("\t")
            shares[int(seed), int(seat)] = float(share)
    return shares


def compare_results(before: dict[tuple[int, int], float],
                    after: dict[tuple[int, int], float]) -> str:
    """The two runs on the games both played, and after's effect, pair by pair."""
    both = sorted(before.keys() & after.keys())
    if len(both) < 2:
        return f"{len(both)} game(s) in both runs: too few to compare"
    lines = []
    for name, shares in (("before", before), ("after", after)):
        wins = sum(shares[key] for key in both)
        low, high = wilson(wins, len(both))
        lines.append(f"{name}: {wins / len(both):.1%} (95% interval {low:.1%} - {high:.1%})")
    mean, low, high = mean_interval([after[key] - before[key] for key in both])
    lines.append(f"after - before: {mean * 100:+.1f} points (95% interval "
                 f"{low * 100:+.1f} to {high * 100:+.1f}) on {len(both)} paired games")
    return "\n".join(lines)


def compare(args: argparse.Namespace) -> None:
    print(compare_results(read_results(args.before), read_results(args.after)))


def tally_results(runs: list[dict[tuple[int, int], float]], players: int) -> str:
    """Runs of one measure on disjoint seeds as one: the win share over the deals every seat
    of which was played, with its 95% interval."""
    shares: dict[tuple[int, int], float] = {}
    for run in runs:
        overlap = shares.keys() & run.keys()
        if overlap:
            seed = min(overlap)[0]
            raise SystemExit(f"Two runs both played seed {seed}: give each its own --seed.")
        shares.update(run)
    seats = Counter(seed for seed, _ in shares)
    whole = [share for (seed, _), share in shares.items() if seats[seed] == players]
    wins = sum(whole)
    low, high = wilson(wins, len(whole))
    left = len(shares) - len(whole)
    unfinished = f"; {left} game(s) of unfinished deals left out" if left else ""
    return (f"{len(whole)} games over {len(whole) // players} deals: wins {wins:g} = "
            f"{wins / max(1, len(whole)):.1%} (95% interval {low:.1%} - {high:.1%})"
            f"{unfinished}")


def tally(args: argparse.Namespace) -> None:
    print(tally_results([read_results(path) for path in args.results], args.players))


def race(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    games = args.games - args.games % 2
    jobs = paired_jobs("crib-race", 2, games, HARD, RANDOM, expert.Budget(), args.seed)
    report("Crib Race hard against random, 2p", run(jobs, args.workers), started)


TIMING_SEATINGS = [("cribbage", 2), ("pip-cribbage", 2), ("crib-race", 2), ("pip-rush", 2),
                   ("pip-pip", 4)]


def timing(args: argparse.Namespace) -> None:
    """Expert decisions along games where every seat is hard except seat 0 (the expert)."""
    budget = expert.Budget(seconds=args.seconds)
    per_game: dict[str, list[float]] = {}
    each = max(1, args.decisions // len(TIMING_SEATINGS))
    for name, players in TIMING_SEATINGS:
        spec = GAMES[name]
        times = per_game[name] = []
        seed = 0
        while len(times) < each:
            game = spec.new(players, {}, 900_000 + seed)
            rng = random.Random(seed)
            seed += 1
            while game.outcome is None and len(times) < each:
                seat = game.waiting_for()[0]
                legal = game.legal_actions(seat)
                if seat == 0 and len(legal) > 1:
                    began = time.perf_counter()
                    action = expert.choose(game, seat, random.Random(rng.getrandbits(64)),
                                           budget)
                    times.append(time.perf_counter() - began)
                else:
                    action = spec.ai(game.view(seat), legal, rng, level=HARD)
                game.apply(seat, action)
    every = [t for times in per_game.values() for t in times]
    print(f"Expert decision time at {args.seconds:g} s per decision, one process (wall clock)")
    print(f"{'game':<14}{'decisions':>10}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    for name, times in [*per_game.items(), ("all", every)]:
        print(f"{name:<14}{len(times):>10}{percentile(times, 0.5) * 1000:>9.0f}"
              f"{percentile(times, 0.95) * 1000:>9.0f}{max(times) * 1000:>9.0f}")


async def load_run(experts: int, tables: int, seconds: float, game: str,
                   workers: int | None) -> None:
    from benchmarks.discord_load import LoadDriver, keep_playing
    from testkit.fake_discord import FakeDiscord
    from testkit.players import test_bot

    class TimedDriver(LoadDriver):
        """Writes down the acknowledgement time of each of its own presses."""

        acks: list[float]

        async def press(self, user: Any, message: Any, **which: str) -> Any:
            record = await super().press(user, message, **which)
            self.acks.append(record.latency)
            return record

        async def choose(self, user: Any, message: Any, values: list[str],
                         **which: str) -> Any:
            record = await super().choose(user, message, values, **which)
            self.acks.append(record.latency)
            return record

    members = [f"p{i}" for i in range(experts + tables)]
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord(members=members, quiet_timeout=300) as fake:
            # The expert thinks for its real second, as in play (tests search one deal).
            bot = test_bot(str(Path(folder) / "load.db"), ai_delay=0.2, refresh_interval=1.0,
                           expert_iterations=None)
            await fake.connect(bot)
            if workers:
                bot.tables.experts.workers = workers  # type: ignore[union-attr]
            drivers: list[tuple[str, TimedDriver]] = []
            for index in range(experts + tables):
                level = EXPERT if index < experts else "easy"
                driver = TimedDriver(fake, rng=random.Random(index))
                driver.acks = []
                host = fake.member(f"p{index}")
                lobby = await driver.open_lobby(host, game)
                await driver.choose(host, lobby, [level], placeholder="Add a computer player…")
                await driver.press(host, lobby, label="Start")
                started = fake.state.messages[lobby.id].content
                driver.table_id = int(started.rsplit("game #", 1)[1].split(" ", 1)[0]
                                      .rstrip("."))
                driver.acks.clear()  # only the acknowledgements during play count
                drivers.append((level, driver))
            await fake.wait_quiet(timeout=300)
            loop = asyncio.get_running_loop()
            began = loop.time()
            await asyncio.gather(*(keep_playing(d, began + seconds) for _, d in drivers))
            elapsed = loop.time() - began
            print(f"{experts} tables with an expert (the bot's pool: "
                  f"{bot.tables.experts.workers} workers, {bot.expert_seconds:g} s per move), "
                  f"{tables} with an easy computer, {game}, {elapsed:.0f} s")
            print(f"{'tables':<14}{'acks':>7}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}"
                  f"{'member moves':>14}")
            for level in ("easy", EXPERT):
                acks = [a for kind, d in drivers if kind == level for a in d.acks]
                moves = sum(d.moves for kind, d in drivers if kind == level)
                if acks:
                    print(f"{level:<14}{len(acks):>7}{percentile(acks, 0.5) * 1000:>9.1f}"
                          f"{percentile(acks, 0.99) * 1000:>9.1f}{max(acks) * 1000:>9.1f}"
                          f"{moves:>14}")
            await fake.wait_quiet(timeout=300)


def load(args: argparse.Namespace) -> None:
    asyncio.run(load_run(args.experts, args.tables, args.seconds, args.game, args.workers))


DEAL_GAMES = ("cribbage", "pip-cribbage")


def one_deal(job: tuple[str, int, int, str, int | None]) -> tuple[int, int]:
    """(the hero's net points over the game's first deal, the hero's decisions of `part`
    where the expert chose otherwise than hard); `iterations` None: hard plays the part."""
    name, seed, hero, part, iterations = job
    game = GAMES[name].new(2, {}, seed)
    dealer, start = game.core.dealer, list(game.scores)
    differed = play_with_hero(
        game, seed, hero, iterations, part,
        over=lambda: game.phase == "discard" and game.core.dealer != dealer)
    end = game.scores
    return (end[hero] - start[hero]) - (end[1 - hero] - start[1 - hero]), differed


def play_with_hero(game: Game, seed: int, hero: int, iterations: int | None,
                   part: str | None = None, over: Callable[[], bool] = lambda: False) -> int:
    """Play `game` on, every seat hard but the hero's decisions (of the phase `part` only,
    if given), which the expert makes at `iterations` deals (None: hard makes them too),
    until the game or `over()` ends it. Hard is asked at every move either way, so its
    random draws, and so the other seat's choices, are the same with the expert or without.
    Returns how often the expert chose otherwise than hard."""
    spec = GAMES[game.name]
    rng = random.Random(seed)
    thinking = random.Random(seed * 2 + hero)
    differed = 0
    while game.outcome is None and not over():
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        hard = spec.ai(game.view(seat), legal, rng, level=HARD)
        action = hard
        if (seat == hero and iterations is not None and len(legal) > 1
                and (part is None or part == game.phase)):
            action = expert.choose(game, seat, random.Random(thinking.getrandbits(64)),
                                   expert.Budget(iterations=iterations))
            differed += action != hard
        game.apply(seat, action)
    return differed


def deal(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    jobs = [(args.game, args.seed + number, hero, args.part, iterations)
            for number in range(args.deals) for hero in (0, 1)
            for iterations in (None, args.iterations)]
    with worker_map(args.workers) as mapped:
        played = list(mapped(one_deal, jobs))
    gains = [searched[0] - alone[0] for alone, searched in zip(played[::2], played[1::2],
                                                               strict=True)]
    mean, low, high = mean_interval(gains)
    differed = sum(searched[1] for searched in played[1::2])
    print(f"{args.game} 2p, the first deal from 0-0, {len(gains)} deal-seats ({args.deals} "
          f"deals, the hero in each seat): the {args.part} by the expert "
          f"({args.iterations} deals a decision) against hard's")
    print(f"  hero's net points, expert less hard: {mean:+.3f} per deal "
          f"(95% {low:+.3f} to {high:+.3f}); the expert chose otherwise {differed} times; "
          f"{time.perf_counter() - started:.0f} s")


def late_start(name: str, seed: int, low: int, high: int) -> Game:
    """A two-player game dealt from `seed` with each seat's score drawn in [low, high]."""
    game = GAMES[name].new(2, {}, seed)
    scores = random.Random(-seed)
    game.scores = [scores.randint(low, high) for _ in range(2)]
    return game


def late_game(job: tuple[str, int, int, int, int, int | None]) -> float:
    """The hero's share of the win in a game begun at late scores; `iterations` None: the
    hero plays hard."""
    name, seed, hero, low, high, iterations = job
    game = late_start(name, seed, low, high)
    play_with_hero(game, seed, hero, iterations)
    return 1.0 if hero in game.outcome["winners"] else 0.0


def endgame(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    games = args.games - args.games % 2
    jobs = [(args.game, args.seed + number // 2, number % 2, args.low, args.high,
             iterations) for number in range(games) for iterations in (None, args.iterations)]
    with worker_map(args.workers) as mapped:
        shares = list(mapped(late_game, jobs))
    alone, searched = shares[::2], shares[1::2]
    print(f"{args.game} 2p from scores {args.low}-{args.high}, {games} games "
          f"(each deal with the hero in each seat), the hero all hard, then all expert "
          f"({args.iterations} deals a decision); {time.perf_counter() - started:.0f} s")
    for label, wins in (("hard", alone), ("expert", searched)):
        low, high = wilson(sum(wins), games)
        print(f"  {label:<8}{sum(wins) / games:.1%} (95% {low:.1%} - {high:.1%})")
    mean, low, high = mean_interval([e - h for h, e in zip(alone, searched, strict=True)])
    print(f"  expert - hard: {mean * 100:+.1f} points (95% {low * 100:+.1f} to "
          f"{high * 100:+.1f}), pair by pair")


#: The search's constants a regret run may set (engine/search/expert.py).
SEARCH_SETTINGS = ("MARGIN", "MIN_DEALS", "DROP", "DROP_FROM")
DEFAULT_SEARCH = {name: getattr(expert, name) for name in SEARCH_SETTINGS}


@dataclass(frozen=True)
class Decision:
    """A decision met in a game of hard players: the game is rebuilt from its seed and the
    moves before it, so a worker process needs only these numbers."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    moves: int

    def state(self) -> tuple[Game, int]:
        """The game at this decision and the seat that makes it."""
        spec = GAMES[self.game]
        game = spec.new(self.players, dict(self.options), self.seed)
        rng = random.Random(self.seed)
        for _ in range(self.moves):
            seat = game.waiting_for()[0]
            game.apply(seat, spec.ai(game.view(seat), game.legal_actions(seat), rng,
                                     level=HARD))
        return game, game.waiting_for()[0]


def decisions_met(game: str, players: int, options: dict[str, Any], count: int,
                  seed: int) -> list[Decision]:
    """`count` decisions with a choice, one in seven of those met in hard games."""
    spec = GAMES[game]
    settings = tuple(sorted(options.items()))
    found: list[Decision] = []
    while len(found) < count:
        state = spec.new(players, options, seed)
        rng, pick = random.Random(seed), random.Random(-seed)
        moves = 0
        while state.outcome is None and len(found) < count:
            seat = state.waiting_for()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and pick.random() < 1 / 7:
                found.append(Decision(game, players, settings, seed, moves))
            state.apply(seat, spec.ai(state.view(seat), legal, rng, level=HARD))
            moves += 1
        seed += 1
    return found


def long_search(job: tuple[Decision, int]) -> list[float]:
    """Each legal action's mean value over `deals` deals, every action on every deal."""
    decision, deals = job
    game, seat = decision.state()
    judge = GAMES[game.name].rollout
    rng = random.Random(decision.seed * 1_000_003 + decision.moves)
    totals = [0.0] * len(game.legal_actions(seat))
    for _ in range(deals):
        deal = GAMES[game.name].simulation.from_game(game.determinize(seat, rng))
        rollout_seed = rng.getrandbits(64)
        for index in range(len(totals)):
            totals[index] += expert._sample(judge, deal, seat, index, rollout_seed)
    return [total / deals for total in totals]


def decide(job: tuple[Decision, dict[str, float], float, int]) -> int:
    """The expert's choice (its index) with these search settings; seconds 0: hard's."""
    decision, settings, seconds, repeat = job
    game, seat = decision.state()
    budget = expert.Budget(seconds=seconds) if seconds else expert.Budget(iterations=0)
    rng = random.Random(repeat * 1_000_003 + decision.seed * 1009 + decision.moves)
    for name, value in settings.items():
        setattr(expert, name, value)
    try:
        return game.legal_actions(seat).index(expert.choose(game, seat, rng, budget))
    finally:
        for name, value in DEFAULT_SEARCH.items():
            setattr(expert, name, value)


def parse_setting(text: str) -> dict[str, float]:
    """"DROP=inf,MARGIN=1" -> {"DROP": inf, "MARGIN": 1.0}; "default": {}."""
    if text == "default":
        return {}
    settings = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        if name not in SEARCH_SETTINGS:
            raise SystemExit(f"unknown setting {name!r}: one of {', '.join(SEARCH_SETTINGS)}")
        settings[name] = float(value)
    return settings


def regret(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    options = {} if args.rounds is None else {"rounds": args.rounds}
    runs = [("hard (no search)", {}, 0.0, 1)]  # label, settings, seconds, tries
    runs += [(text, parse_setting(text), args.seconds, args.repeats) for text in args.setting]
    met = decisions_met(args.game, args.players, options, args.positions, args.seed)
    with worker_map(args.workers) as mapped:
        best = list(mapped(long_search, [(decision, args.long_deals) for decision in met]))
        print(f"{len(met)} decisions of {args.game} {args.players}p valued by "
              f"{args.long_deals} deals each; {time.perf_counter() - started:.0f} s")
        rows: list[tuple[str, list[float]]] = []
        for label, settings, seconds, tries in runs:
            jobs = [(decision, settings, seconds, repeat)
                    for repeat in range(tries) for decision in met]
            chosen = list(mapped(decide, jobs))
            rows.append((label, [max(best[index % len(met)]) - best[index % len(met)][choice]
                                 for index, choice in enumerate(chosen)]))
    print(f"regret per decision (the long search's best less the choice's value), "
          f"expert at {args.seconds:g} s, {args.repeats} tries of each decision:")
    first = rows[1][1]
    for number, (label, values) in enumerate(rows):
        mean, low, high = mean_interval(values)
        line = f"  {label:<24}{mean:8.3f} (95% {low:.3f} to {high:.3f})"
        if number > 1:
            gap, gap_low, gap_high = mean_interval([a - b for a, b in zip(values, first,
                                                                          strict=True)])
            line += f"; against {rows[1][0]}: {gap:+.3f} ({gap_low:+.3f} to {gap_high:+.3f})"
        print(line)
    print(f"{time.perf_counter() - started:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    one = sub.add_parser("strength", help="expert against hard, paired")
    one.add_argument("--game", default="cribbage", choices=expert.expert_games())
    one.add_argument("--players", type=int, default=2)
    one.add_argument("--games", type=int, default=4000)
    one.add_argument("--iterations", type=int, default=None,
                     help="deals searched per decision (default: the time budget)")
    one.add_argument("--seconds", type=float, default=expert.DEFAULT_SECONDS)
    one.add_argument("--seed", type=int, default=1)
    one.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    one.add_argument("--rounds", type=int, default=None,
                     help="rounds per game, where the game has the option (default: all)")
    one.add_argument("--results", default=None,
                     help="write each game's result to this file, for compare")
    one.add_argument("--resume", action="store_true",
                     help="go on with the run --results holds: play only its missing games")
    paired = sub.add_parser("compare", help="two strength runs' results, game by game")
    paired.add_argument("before")
    paired.add_argument("after")
    summed = sub.add_parser("tally", help="strength runs on disjoint seeds, as one")
    summed.add_argument("results", nargs="+")
    summed.add_argument("--players", type=int, default=2)
    two = sub.add_parser("race", help="Crib Race hard against random, paired")
    two.add_argument("--games", type=int, default=2000)
    two.add_argument("--seed", type=int, default=1)
    two.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    three = sub.add_parser("timing", help="expert decision time, one process")
    three.add_argument("--decisions", type=int, default=200)
    three.add_argument("--seconds", type=float, default=expert.DEFAULT_SECONDS)
    four = sub.add_parser("load", help="other tables' acknowledgements while experts think")
    four.add_argument("--experts", type=int, default=20)
    four.add_argument("--tables", type=int, default=20)
    four.add_argument("--seconds", type=float, default=60.0)
    four.add_argument("--game", default="cribbage", choices=expert.expert_games())
    four.add_argument("--workers", type=int, default=None,
                      help="the bot's expert processes (default: one per core)")
    six = sub.add_parser("deal", help="the expert's discards or play alone, over one deal")
    six.add_argument("--game", default="cribbage", choices=DEAL_GAMES)
    six.add_argument("--part", default="discard", choices=("discard", "play"))
    six.add_argument("--deals", type=int, default=1000)
    six.add_argument("--iterations", type=int, default=60)
    six.add_argument("--seed", type=int, default=1)
    six.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    seven = sub.add_parser("endgame", help="expert against hard from late scores, paired")
    seven.add_argument("--game", default="cribbage", choices=DEAL_GAMES)
    seven.add_argument("--from", dest="low", type=int, default=85)
    seven.add_argument("--to", dest="high", type=int, default=118)
    seven.add_argument("--games", type=int, default=2000)
    seven.add_argument("--iterations", type=int, default=120)
    seven.add_argument("--seed", type=int, default=1)
    seven.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    five = sub.add_parser("regret", help="how well the expert spends its time budget")
    five.add_argument("--game", default="pip-pip", choices=expert.expert_games())
    five.add_argument("--players", type=int, default=4)
    five.add_argument("--rounds", type=int, default=None,
                      help="rounds per game, where the game has the option (default: all)")
    five.add_argument("--positions", type=int, default=50)
    five.add_argument("--long-deals", type=int, default=4000)
    five.add_argument("--seconds", type=float, default=expert.DEFAULT_SECONDS)
    five.add_argument("--repeats", type=int, default=3)
    five.add_argument("--seed", type=int, default=1)
    five.add_argument("--setting", action="append", default=None,
                      help="the search's constants, e.g. DROP=inf or DROP=2,MARGIN=1; "
                           "repeat to compare (default: the search as it is)")
    five.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)
    if args.what == "regret" and not args.setting:
        args.setting = ["default"]
    {"strength": strength, "compare": compare, "tally": tally, "race": race, "timing": timing,
     "load": load, "regret": regret, "deal": deal,
     "endgame": endgame}[args.what](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
