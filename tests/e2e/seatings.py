"""The seatings end-to-end tests play: which game, how many humans, how many computers.

One list for tests/e2e/test_games.py (whole games) and tests/e2e/test_restart.py (a restart in
the middle), so the two never drift apart. Three families:

- SMALLEST: each game all-human at its smallest count, and one human against computers where
  the game has a computer player.
- LARGEST: each game at its largest count, humans and computers mixed.
- TEAMS: the other team seatings (Crib Race's 3 teams of 2 and its optional 4-seat teams,
  PIP Rush's partners all human).

Computers fill the seats after the humans (the lobby seats players in the order they come),
so a seating's humans and computers are spread over the sides by each game's own `sides`.
Quick options (driver's QUICK_OPTIONS) keep the games short; `options` adds to them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from cogs.lobbies_cog import parse_options
from engine.registry import GAMES
from testkit.players import QUICK_OPTIONS, has_computer_player


@dataclass(frozen=True)
class Seating:
    game: str
    humans: int
    computers: int
    #: Extra lobby options ("name=value ..."), on top of the driver's quick options.
    options: str | None = None

    @property
    def players(self) -> int:
        return self.humans + self.computers

    @property
    def id(self) -> str:
        """The pytest id: "cribbage-3h1c", "crib-race-2h2c-teams=false"."""
        extra = f"-{self.options.replace(' ', '-')}" if self.options else ""
        return f"{self.game}-{self.humans}h{self.computers}c{extra}"

    def lobby_options(self) -> str | None:
        """Everything typed into /play's options: the quick ones, then this seating's own."""
        parts = [p for p in (QUICK_OPTIONS.get(self.game), self.options) if p]
        return " ".join(parts) or None

    def sides(self) -> list[int]:
        """Which side each seat plays for (seats in lobby order: humans, then computers)."""
        spec = GAMES[self.game]
        return list(spec.sides(self.players, parse_options(spec, self.lobby_options())))


def _smallest() -> list[Seating]:
    found = []
    for name, spec in GAMES.items():
        smallest = spec.allowed_player_counts()[0]
        found.append(Seating(name, smallest, 0))
        if has_computer_player(name):
            found.append(Seating(name, 1, smallest - 1))
    return found


#: Each game at its smallest count: all human, and one human against computers.
SMALLEST: list[Seating] = _smallest()

#: Each game at its largest count, humans and computers mixed. Cribbage: 3 humans and a
#: computer make two partnerships (seats 0 & 2 against 1 & 3), one all human, one mixed. Crib
#: Race's 8 seats are 4 teams of two (seat s on side s % 4), each a human with a computer.
_CHOSEN_LARGEST: list[Seating] = [
    Seating("cribbage", 3, 1),
    Seating("pip-cribbage", 1, 1),
    Seating("crib-race", 4, 4),
    Seating("pip-rush", 2, 2),
    Seating("pip-pip", 3, 5),
]


def _largest() -> list[Seating]:
    """The seatings chosen above for the games they name (those in the registry), and for any
    other game (one added through CARDBOT_GAMES, such as the tests' sixth game) its largest
    count: more than one human from three seats up, computers in the rest where it has them."""
    found = [s for s in _CHOSEN_LARGEST if s.game in GAMES]
    chosen = {s.game for s in found}
    for name, spec in GAMES.items():
        if name in chosen:
            continue
        largest = spec.allowed_player_counts()[-1]
        if not has_computer_player(name):
            found.append(Seating(name, largest, 0))
        else:
            humans = largest - 1 if largest <= 3 else largest // 2
            found.append(Seating(name, humans, largest - humans))
    return found


LARGEST: list[Seating] = _largest()

#: The team seatings not already among the largest: Crib Race's 3 teams of 2 and its 4 seats
#: as 2 teams (the default) and as 4 players alone; PIP Rush's partners all human.
TEAMS: list[Seating] = [
    Seating("crib-race", 3, 3),
    Seating("crib-race", 2, 2),
    Seating("crib-race", 2, 2, "teams=false"),
    Seating("pip-rush", 4, 0),
]

#: Whole games to the end (test_games.py): every seating, each once.
WHOLE_GAMES: list[Seating] = list(dict.fromkeys([*SMALLEST, *LARGEST, *TEAMS]))

#: A restart in the middle (test_restart.py): the smallest seatings with computers where the
#: game has them (all human otherwise), Crib Race with 2 humans, PIP Rush with 2 humans, and
#: every largest seating.
RESTARTS: list[Seating] = list(
    dict.fromkeys(
        [
            *(s for s in SMALLEST if s.computers or not has_computer_player(s.game)),
            Seating("crib-race", 2, 0),
            Seating("pip-rush", 2, 0),
            *LARGEST,
        ]
    )
)


def params(seatings: list[Seating]) -> list[Any]:
    """pytest.param for each seating, with its readable id."""
    return [pytest.param(s, id=s.id) for s in seatings]
