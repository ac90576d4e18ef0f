"""Milestones: achievements every game shares, read from a member's finished games in a
server (the results the store keeps) rather than from one game's events.

A member's games are walked in the order they finished, and each milestone is reached by the
game that first meets it:

- **Games** (10, 50, 100, 250): games finished here, of any game. A game played with hints
  (assisted) counts: it was played to its end.
- **First win**, **Wins** (10, 50): games won here, of any game, with hints off only: an
  assisted game is not rated, and a win with the best move shown is not one the member made
  alone. A shared win counts.
- **Tourist**: at least one game finished of every game the bot has (the registry's, so a
  game added later is needed too by whoever has not earned it yet); assisted games count.
- **Giant slayer**: a game won, hints off, with an expert computer on another side.
- **On a roll**: 5 rated wins in a row at one game, as streaks count them (a game with hints
  neither extends nor breaks a run).

Computers earn none: only a member's own results are read. `progress` says how far a member
is from the next of each (a profile's "what do I need next?"), and `run_ended` how long a run
of wins a loss ended, which is news at its table once the run was long enough for On a roll.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from engine.achievements import Achievement
from engine.spec import EXPERT

#: What the store files milestones under where an achievement names its game: none of them.
EVERY_GAME = "*"
GAMES_PLAYED = (10, 50, 100, 250)
WINS = (10, 50)
STREAK = 5


@dataclass(frozen=True)
class Played:
    """One finished game of a member, as the milestones read it."""
    game: str
    won: bool
    #: Played with hints on (not rated).
    assisted: bool
    #: The levels of the computer seats on other sides than the member's.
    computers_against: tuple[str, ...] = ()


def _milestone(key: str, name: str, how: str) -> Achievement:
    return Achievement(f"milestone:{key}", name, how, None)


GAMES_MILESTONES = {
    count: _milestone(f"games-{count}", f"{count} games",
                      f"Finish {count} games in this server, of any game.")
    for count in GAMES_PLAYED
}
FIRST_WIN = _milestone("first-win", "First win", "Win a game in this server, hints off.")
WINS_MILESTONES = {
    count: _milestone(f"wins-{count}", f"{count} wins",
                      f"Win {count} games in this server, hints off.")
    for count in WINS
}
TOURIST = _milestone("tourist", "Tourist", "Finish a game of every game the bot offers.")
GIANT_SLAYER = _milestone("giant-slayer", "Giant slayer",
                          "Beat an expert computer, hints off.")
ON_A_ROLL = _milestone("on-a-roll", "On a roll",
                       f"Win {STREAK} rated games of one game in a row.")

MILESTONES: tuple[Achievement, ...] = (
    FIRST_WIN, *GAMES_MILESTONES.values(), *WINS_MILESTONES.values(), ON_A_ROLL,
    GIANT_SLAYER, TOURIST,
)


@dataclass(frozen=True)
class Progress:
    """How far a member is from a milestone they do not hold: `have` of `need`, and the
    games it is about (Tourist's still to play; the game of On a roll's best run going)."""
    milestone: Achievement
    have: int
    need: int
    games: tuple[str, ...] = ()


def progress(
    history: Sequence[Played], every_game: Collection[str], held: Collection[str] = (),
) -> list[Progress]:
    """The next step of each milestone a member neither holds (`held`: keys) nor has
    reached: the next count of games, of wins (First win before it), the longest run of wins
    going at one game towards On a roll, and the games Tourist still asks for, in the order
    of `every_game`. Giant slayer has no steps to count."""
    done = set(held) | set(reached(history, every_game))
    rated = [game for game in history if not game.assisted]
    wins = sum(game.won for game in rated)
    runs: dict[str, int] = {}
    for game in rated:
        runs[game.game] = runs.get(game.game, 0) + 1 if game.won else 0
    ladders = (
        [(m, len(history), count) for count, m in GAMES_MILESTONES.items()],
        [(FIRST_WIN, wins, 1), *((m, wins, count) for count, m in WINS_MILESTONES.items())],
    )
    steps: list[Progress] = []
    for rungs in ladders:  # the nearest rung of each: 50 games says what 100 games would
        steps += [Progress(m, have, need) for m, have, need in rungs
                  if m.key not in done and have < need][:1]
    if ON_A_ROLL.key not in done:
        best = max(runs.values(), default=0)
        going = tuple(game for game, run in runs.items() if run == best and best)
        steps.append(Progress(ON_A_ROLL, best, STREAK, going[:1]))
    if TOURIST.key not in done and every_game:
        seen = {game.game for game in history}
        missing = tuple(game for game in every_game if game not in seen)
        steps.append(Progress(TOURIST, len(every_game) - len(missing), len(every_game),
                              missing))
    return steps


def reached(history: Sequence[Played], every_game: Collection[str]) -> dict[str, int]:
    """Each milestone `history` (a member's games, oldest first) reaches, with the index of
    the game that reached it; `every_game`: the games Tourist asks for."""
    found: dict[str, int] = {}
    wins = 0
    seen: set[str] = set()
    runs: dict[str, int] = {}
    for index, game in enumerate(history):
        if index + 1 in GAMES_MILESTONES:
            found.setdefault(GAMES_MILESTONES[index + 1].key, index)
        seen.add(game.game)
        if every_game and seen.issuperset(every_game):
            found.setdefault(TOURIST.key, index)
        if game.assisted:
            continue
        runs[game.game] = runs.get(game.game, 0) + 1 if game.won else 0
        if not game.won:
            continue
        wins += 1
        found.setdefault(FIRST_WIN.key, index)
        if wins in WINS_MILESTONES:
            found.setdefault(WINS_MILESTONES[wins].key, index)
        if runs[game.game] >= STREAK:
            found.setdefault(ON_A_ROLL.key, index)
        if EXPERT in game.computers_against:
            found.setdefault(GIANT_SLAYER.key, index)
    return found


def run_ended(history: Sequence[Played], index: int) -> int:
    """The run of rated wins in a row at its game that the game at `index` of `history` (a
    member's games, oldest first) ended, counted as On a roll counts runs; 0 when that game
    ended none: a win, an assisted game (which neither extends nor breaks a run), or a loss
    after a loss."""
    ending = history[index]
    if ending.won or ending.assisted:
        return 0
    run = 0
    for game in reversed(history[:index]):
        if game.game != ending.game or game.assisted:
            continue
        if not game.won:
            break
        run += 1
    return run
