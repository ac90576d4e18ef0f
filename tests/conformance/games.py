"""What the conformance suite plays: every registered game, found in the registry, never named.

`SEATINGS` holds, for every GameSpec in `engine.registry.GAMES`, each allowed player count with
the default options, and each option value other than a default: at every count where it
changes the sides (a team option), else at one count, the counts taken in turn. `TABLES`
leaves out the options that do not change the sides, for the slower checks. A game added to
the registry is picked up with no edit here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.contract import Action, Game
from engine.errors import IllegalAction
from engine.registry import GAMES
from engine.spec import GameSpec

#: A whole game ends within this many moves, whoever plays it (a sanity bound, not a rule).
MAX_MOVES = 3000


@dataclass(frozen=True)
class Seating:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def spec(self) -> GameSpec:
        return GAMES[self.game]

    @property
    def id(self) -> str:
        extra = "".join(f"-{name}={value}" for name, value in sorted(self.options.items()))
        return f"{self.game}-{self.players}p{extra}"

    def new(self, seed: int) -> Game:
        return self.spec.new(self.players, self.options, seed)


def accepts(spec: GameSpec, players: int, options: dict[str, Any]) -> bool:
    try:
        spec.new(players, options, 0)
    except IllegalAction:
        return False
    return True


def seatings_of(spec: GameSpec, every_option: bool = True) -> list[Seating]:
    """Every allowed count with the default options, every team option value at each count
    where it changes the sides, and (`every_option`) each other option value once."""
    counts = spec.allowed_player_counts()
    found = [Seating(spec.name, n) for n in counts]
    defaults = spec.check_options({})
    turn = 0
    for option in spec.options:
        for value in option.choices:
            if value == option.default:
                continue
            changed = {option.name: value}
            teams = [n for n in counts if spec.sides(n, {**defaults, **changed})
                     != spec.sides(n, defaults)]
            if not teams and every_option:
                # Taken in turn among the counts the value is allowed at.
                allowed = [n for n in counts[turn:] + counts[:turn] if accepts(spec, n, changed)]
                teams = allowed[:1]
                turn = (turn + 1) % len(counts)
            found += [Seating(spec.name, n, changed) for n in teams]
    return found


#: Every registered game at every count and option value (see the module's docstring).
SEATINGS: list[Seating] = [s for spec in GAMES.values() for s in seatings_of(spec)]
#: Every registered game at every count, and with every team option.
TABLES: list[Seating] = [s for spec in GAMES.values() for s in seatings_of(spec, False)]
#: One seating per game: its smallest count, default options.
FIRST_SEATINGS: list[Seating] = [seatings_of(spec)[0] for spec in GAMES.values()]


def params(seatings: list[Seating]) -> list[Any]:
    return [pytest.param(s, id=s.id) for s in seatings]


def game_params() -> list[Any]:
    return [pytest.param(spec, id=name) for name, spec in GAMES.items()]


def as_json(value: Any) -> Any:
    """`value` through JSON and back, as the store keeps it."""
    return json.loads(json.dumps(value))


def random_move(game: Game, rng: random.Random) -> tuple[int, Action]:
    """Any seat that may act (an off-turn call included), any of its legal actions."""
    seat = rng.choice(game.to_act())
    return seat, rng.choice(game.legal_actions(seat))


def random_game(seating: Seating, seed: int) -> Iterator[tuple[Game, int]]:
    """A whole game of random legal moves: yields (game, moves made) before every move and once
    more at the end; the caller may look but must not move."""
    game = seating.new(seed)
    rng = random.Random(seed + 1)
    moves = 0
    while game.outcome is None:
        assert moves < MAX_MOVES, f"{seating.id} not over after {MAX_MOVES} random moves"
        yield game, moves
        game.apply(*random_move(game, rng))
        moves += 1
    yield game, moves


def snapshot(game: Game) -> dict[str, Any]:
    """Everything anyone can ask the game: every view (the channel's and each seat's), every
    seat's legal actions, whose turn, the outcome. Two games are the same game when their
    snapshots are equal."""
    seats = range(game.players)
    return {"views": [game.view(None), *(game.view(s) for s in seats)],
            "legal": [game.legal_actions(s) for s in seats], "to_act": game.to_act(),
            "waiting_for": game.waiting_for(), "outcome": game.outcome}


def frozen(game: Game) -> str:
    """The snapshot as text: unlike the snapshot, it cannot change when the game does."""
    return json.dumps(snapshot(game), sort_keys=True)


def told_apart(game: Game, copy: Game, seed: int) -> bool:
    """Whether `copy` (a determinized copy of `game`) is another game: a view differs now or
    once the same moves are made on both. Hidden cards no view shows yet (a face-down pile's
    order) come to light only as the game goes on. Changes neither game."""
    game, copy = game.clone(), copy.clone()
    rng = random.Random(seed)
    while frozen(game) == frozen(copy):
        if game.outcome is not None:
            return False
        seat, action = random_move(game, rng)
        if action not in copy.legal_actions(seat):
            return True
        game.apply(seat, action)
        copy.apply(seat, action)
    return True


def levels_of(spec: GameSpec) -> list[str]:
    """The computer levels the game offers at a table."""
    return list(spec.levels)
