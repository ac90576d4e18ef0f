"""What a game tells the bot about itself: its name, player counts, options and helpers.

Kept apart from the registry so a game package can build its SPEC without triggering
discovery of every other game (which would import that same package half-initialised).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.contract import Action, Game, View
from engine.errors import IllegalAction
from engine.sim import Simulation

AiFn = Callable[..., Action]
#: (view, legal) -> every legal action best first: {"action", "value", "parts", "why"}.
AnalyseFn = Callable[[View, list[Action]], list[dict[str, Any]]]
#: The levels a game's own `ai` plays.
AI_LEVELS = ("easy", "normal", "hard")
#: Computer levels offered at tables: "expert" is a search around "hard"
#: (engine/search/expert.py), which the table layer runs itself.
LEVELS = (*AI_LEVELS, "expert")


@dataclass(frozen=True)
class Option:
    """A lobby setting: `choices` lists every allowed value."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    description: str

    def check(self, value: Any) -> Any:
        if value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise IllegalAction(f"{self.name} must be one of {allowed}, not {value!r}.")
        return value


def _no_ai(view: View, legal: list[Action], rng: random.Random, level: str = "hard") -> Action:
    raise NotImplementedError("This game has no computer player yet.")


def _no_analysis(view: View, legal: list[Action]) -> list[dict[str, Any]]:
    raise NotImplementedError("This game has no analysis yet.")


def _one_side_per_seat(players: int, options: dict[str, Any]) -> list[int]:
    return list(range(players))


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    min_players: int
    max_players: int
    factory: Callable[[int, dict[str, Any], int], Game]
    options: tuple[Option, ...] = ()
    ai: AiFn = _no_ai
    #: Every legal action of the view's seat, best first (engine/analysis/__init__.py).
    analyse: AnalyseFn = _no_analysis
    #: Which side (team) each seat plays for, given the player count and options.
    sides: Callable[[int, dict[str, Any]], list[int]] = _one_side_per_seat
    #: Words for a button or menu entry that carries out `action`.
    action_label: Callable[[Action], str] = lambda action: str(action["type"]).replace("_", " ")
    #: Words for an action that need the seat's view to say what the choice is for (PIP
    #: Rush: what a racer choice does to that racer); None where the action alone says it.
    choice_label: Callable[[Action, View], str] | None = None
    #: The rules for players, as a few short sections (title, text).
    rules: tuple[tuple[str, str], ...] = ()
    #: Position in menus.
    order: int = 100
    #: Player counts allowed, when not every count in min..max is (e.g. PIP Rush: 2 or 4).
    player_counts: tuple[int, ...] = field(default=())
    #: Action types that carry no choice: when one is a seat's only legal action, the tables
    #: layer plays it for the player after a short pause (Go in the cribbage games).
    forced: tuple[str, ...] = ()
    #: The game's fast simulation form (engine/sim.py); None until the game has one.
    simulation: type[Simulation] | None = None

    def labels_for(self, view: View) -> Callable[[Action], str]:
        """The words for each of a seat's actions, given that seat's view."""
        choice_label = self.choice_label
        if choice_label is None:
            return self.action_label
        return lambda action: choice_label(action, view)

    def allowed_player_counts(self) -> tuple[int, ...]:
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in, unknown names and bad values refused."""
        options = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise IllegalAction(f"{self.title} has no option {', '.join(unknown)}.")
        return {name: opt.check(options.get(name, opt.default)) for name, opt in known.items()}

    def new(self, players: int, options: dict[str, Any] | None = None, seed: int = 0) -> Game:
        if players not in self.allowed_player_counts():
            counts = ", ".join(str(n) for n in self.allowed_player_counts())
            raise IllegalAction(f"{self.title} is for {counts} players, not {players}.")
        return self.factory(players, self.check_options(options), seed)
