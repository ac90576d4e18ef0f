"""A lobby's rules: who may join, leave, add computers, change options and start. No Discord.

Every refusal is an IllegalAction whose message the player reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import IllegalAction
from engine.registry import LEVELS, GameSpec
from tables.computer import refuse_without_ai
from tables.idle import check_idle_setting
from tables.seats import SeatInfo

#: A press on a lobby that has started, been cancelled or expired (its message may still show
#: buttons on a phone that has not caught up): what happened, and the way on.
CLOSED = "This lobby is closed (started, cancelled or expired). Open another with `/play`."


@dataclass
class Lobby:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    spec: GameSpec
    options: dict[str, Any]
    seats: list[SeatInfo] = field(default_factory=list)
    #: Table settings the engine never sees: {"idle": minutes or "off"} (absent: bot default),
    #: {"hints": True} (absent: off).
    settings: dict[str, Any] = field(default_factory=dict)
    message_id: int | None = None
    status: str = "open"
    #: When someone last opened, joined, left or changed it (wall-clock seconds): a lobby
    #: untouched for the bot's lobby lifetime expires.
    touched_at: float = 0.0

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def max_players(self) -> int:
        return max(self.spec.allowed_player_counts())

    @property
    def title(self) -> str:
        """How a refusal names the lobby: "Cribbage lobby #3"."""
        return f"{self.spec.title} lobby #{self.id}"

    @property
    def is_full(self) -> bool:
        return len(self.seats) >= self.max_players

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    # ------------------------------------------------------------ anyone

    def join(self, user_id: int, name: str) -> None:
        self._check_open()
        if self.seat_of(user_id) is not None:
            raise IllegalAction(f"You have already joined {self.title}: the host starts the "
                                "game.")
        if self.is_full:
            raise IllegalAction(
                f"{self.title} is full: at most {self.max_players} players. "
                f"Open another with `/play game:{self.spec.name}`.")
        self.seats.append(SeatInfo(user_id=user_id, name=name))

    def leave(self, user_id: int) -> None:
        self._check_open()
        seat = self.seat_of(user_id)
        if seat is None:
            raise IllegalAction(f"You have not joined {self.title}: press **Join** to "
                                "take a seat.")
        del self.seats[seat]

    # ------------------------------------------------------------ host only

    def add_computer(self, by_user_id: int, level: str = "normal") -> None:
        self._check_host(by_user_id, "add computer players")
        if level not in LEVELS:
            raise IllegalAction(f"The computer's level is one of {', '.join(LEVELS)}.")
        if self.is_full:
            raise IllegalAction(f"{self.spec.title} seats at most {self.max_players} players.")
        refuse_without_ai(self.spec, [level])
        taken = {s.name for s in self.seats}
        number = 1
        while f"Computer {number}" in taken:
            number += 1
        self.seats.append(SeatInfo.computer(level, name=f"Computer {number}"))

    def remove_computer(self, by_user_id: int, index: int) -> None:
        self._check_host(by_user_id, "remove computer players")
        if not 0 <= index < len(self.seats) or not self.seats[index].is_computer:
            raise IllegalAction("There is no computer player in that seat.")
        del self.seats[index]

    def swap(self, by_user_id: int, first: int, second: int) -> None:
        """Exchange two seats (how the host chooses partners in a team game)."""
        self._check_host(by_user_id, "move players")
        if not (0 <= first < len(self.seats) and 0 <= second < len(self.seats)):
            raise IllegalAction("There is no such seat.")
        self.seats[first], self.seats[second] = self.seats[second], self.seats[first]

    def set_options(self, by_user_id: int, changes: dict[str, Any]) -> None:
        self._check_host(by_user_id, "change the options")
        self.options = self.spec.check_options({**self.options, **changes})

    def set_idle(self, by_user_id: int, idle: int | str | None) -> None:
        """Minutes before the computer plays for an idle player, "off", or None for the
        bot's default."""
        self._check_host(by_user_id, "change the idle timer")
        if idle is None:
            self.settings.pop("idle", None)
        else:
            self.settings["idle"] = check_idle_setting(idle)

    def set_hints(self, by_user_id: int, on: bool) -> None:
        """A Hint button in every player's hand; the game is then assisted (never rated)."""
        self._check_host(by_user_id, "change hints")
        if not isinstance(on, bool):
            raise IllegalAction("Hints are on or off.")
        if on:
            self.settings["hints"] = True
        else:
            self.settings.pop("hints", None)

    def check_cancel(self, by_user_id: int) -> None:
        self._check_host(by_user_id, "cancel the game")

    def check_start(self, by_user_id: int) -> None:
        self._check_host(by_user_id, "start the game")
        joined = len(self.seats)
        if joined not in self.spec.allowed_player_counts():
            have = "has" if joined == 1 else "have"
            # A newcomer alone in their lobby presses Start first: say how a seat is filled.
            fill = ("Add a computer player from the menu, or wait for someone to press "
                    "**Join**." if self.spec.levels else "Wait for someone to press **Join**.")
            raise IllegalAction(
                f"{self.spec.title} needs {self.spec.players_in_words()}; {joined} {have} "
                f"joined. {fill}"
            )

    # ------------------------------------------------------------ teams

    def sides(self) -> list[list[int]]:
        """Seat indexes grouped by side, in the order the sides first appear."""
        return group_sides(self.spec, len(self.seats), self.options)

    # ------------------------------------------------------------ helpers

    def _check_open(self) -> None:
        if self.status != "open":
            raise IllegalAction(CLOSED)

    def _check_host(self, by_user_id: int, what: str) -> None:
        self._check_open()
        if by_user_id != self.host_id:
            raise IllegalAction(f"Only the host can {what}.")


def side_of_seats(spec: GameSpec, players: int, options: dict[str, Any]) -> list[int]:
    """spec.sides for a count the game allows; one side per seat otherwise (a lobby still
    filling up)."""
    if players not in spec.allowed_player_counts():
        return list(range(players))
    return list(spec.sides(players, spec.check_options(options)))


def group_sides(spec: GameSpec, players: int, options: dict[str, Any]) -> list[list[int]]:
    groups: dict[int, list[int]] = {}
    for seat, side in enumerate(side_of_seats(spec, players, options)):
        groups.setdefault(side, []).append(seat)
    return list(groups.values())
