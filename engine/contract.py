"""The contract every game follows (see DESIGN.md), and the small base class that enforces it.

A game is built by `spec.new(players, options, seed)` and only ever touched through:

    to_act()             seats that may act now ([] once the game is over)
    waiting_for()        the seats among them whose move the game waits for (default: all)
    legal_actions(seat)  every legal action for that seat, as JSON-compatible dicts with a "type"
    apply(seat, action)  -> list of events; raises IllegalAction and changes nothing if illegal
    view(seat)           what that seat may see; view(None) is the channel's view
    outcome              None while running, then a dict (see `Outcome`)
    start_events         the events of setting the game up (cut for deal, first deal, ...)

Events are dicts with a "type", a "text" line for the channel in which seats are written as
"{s0}".."{s7}" (the table layer puts names in), and, for an event only one seat may see, "to":
that seat. Every view carries "game", "seat", "to_act", "outcome" and "players".

Outcome: {"winners": [seats], "ranks": [0 = first, per seat; partners share],
"scores": [final score per seat], "shared": bool, "win_points": int (leaderboard points for a
win: 1, or 2/3 for a skunk/double skunk), "detail": str (a line for players)}.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from typing import Any

from engine.errors import IllegalAction

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]


class Game(ABC):
    """Base class for every game: checks turns and legality before any state changes."""

    name: str = ""

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        self.players = players
        self.options = dict(options)
        self.seed = seed
        self.rng = random.Random(seed)
        self.outcome: dict[str, Any] | None = None
        #: What happened while the game was set up, before any action: a subclass fills it.
        self.start_events: list[Event] = []

    @abstractmethod
    def to_act(self) -> list[int]: ...

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]: ...

    def waiting_for(self) -> list[int]:
        """The seats the game cannot go on without (a subset of to_act()): whose turn it is.

        Differs from to_act() only in games with optional off-turn actions (Pip Pip's call):
        the bot mentions, times and runs computer players for these seats only."""
        return self.to_act()

    @abstractmethod
    def view(self, seat: int | None) -> View: ...

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action already known to be legal."""

    def normalize(self, seat: int, action: Action) -> Action:
        """Bring an equivalent spelling of an action (cards in another order, "10H") to the
        form legal_actions uses. Raise IllegalAction for input that is not even well formed."""
        return action

    def explain_illegal(self, seat: int, action: Action) -> str:
        """A player-readable reason why a well-formed action is refused right now."""
        return "That move is not allowed right now."

    def apply(self, seat: int, action: Action) -> list[Event]:
        if self.outcome is not None:
            raise IllegalAction("This game is over.")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction("You are not seated in this game.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not a move.")
        if seat not in self.to_act():
            raise IllegalAction("It is not your turn.")
        action = self.normalize(seat, copy.deepcopy(action))
        if action not in self.legal_actions(seat):
            raise IllegalAction(self.explain_illegal(seat, action))
        return self._apply(seat, action)
