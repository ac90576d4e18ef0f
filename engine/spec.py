"""What a game tells the bot about itself: its name, player counts, options and helpers.

Kept apart from the registry so a game package can build its SPEC without triggering
discovery of every other game (which would import that same package half-initialised).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from types import ModuleType
from typing import Any

from engine.achievements import Achievement, MomentKind, Tally
from engine.cards import RANK_NAMES, SUIT_NAMES
from engine.contract import Action, Game, View
from engine.errors import IllegalAction
from engine.seat_words import spoken_list
from engine.sim import Simulation

#: (view, legal, rng, level) -> one of legal: a computer player deciding from its view alone.
AiFn = Callable[..., Action]
#: (view, legal, rng, level) -> one of legal, or None to let the game go on: a computer
#: player's optional move while the game waits for another seat.
OffTurnFn = Callable[..., Action | None]
#: (view, legal) -> every legal action best first: {"action", "value", "parts", "why"}.
AnalyseFn = Callable[[View, list[Action]], list[dict[str, Any]]]
#: (view, entries: analyse's for that moment) -> the entry for making no move, or None.
LetPassFn = Callable[[View, list[dict[str, Any]]], dict[str, Any] | None]
#: The levels a game's own `ai` plays.
AI_LEVELS = ("easy", "normal", "hard")
#: The search around "hard" (engine/search/expert.py), which the table layer runs itself.
EXPERT = "expert"
#: Every computer level a table may offer; each game offers those of them in its `levels`.
LEVELS = (*AI_LEVELS, EXPERT)
#: A game's registry name: its key in the store and in buttons, and (with - as _) the name of
#: its packages.
NAME = re.compile(r"[a-z][a-z0-9-]{0,40}")
#: Names no game may take: words every game's shared code says of cards, where the game's
#: name would seem to be named outside its own packages (tests/test_one_home.py).
CARD_WORDS = frozenset([*SUIT_NAMES.values(), *(suit[:-1] for suit in SUIT_NAMES.values()),
                        *RANK_NAMES.values(), "card", "cards", "die", "dice", "trump"])


def check_level(level: str, legal: list[Action] | None = None) -> None:
    """A level a game's own `ai` plays, and (unless None) a choice to make."""
    if level not in AI_LEVELS:
        raise ValueError(f"Unknown level {level!r}: easy, normal or hard.")
    if legal is not None and not legal:
        raise ValueError("No legal action to choose from.")


@dataclass(frozen=True)
class Option:
    """A lobby setting: `choices` lists every allowed value."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    description: str

    @cached_property
    def _typed_choices(self) -> frozenset[tuple[type, Any]]:
        # Compared with their types too: True == 1 and 1.0 == 1, but neither is the choice 1.
        return frozenset((type(choice), choice) for choice in self.choices)

    def check(self, value: Any) -> Any:
        try:
            known = (type(value), value) in self._typed_choices
        except TypeError:  # unhashable, so no choice (a list from a hand-edited file)
            known = False
        if not known:
            raise self.refusal(repr(value))
        return value

    def refusal(self, quoted: str) -> IllegalAction:
        """Why a value (`quoted` as the player wrote it) is none of the choices; an option
        with a single choice is no choice, so its description says why."""
        if len(self.choices) == 1:
            return IllegalAction(f"{self.name} can only be {option_value(self.choices[0])}. "
                                 f"{self.description}")
        allowed = ", ".join(option_value(c) for c in self.choices)
        return IllegalAction(f"{self.name} must be one of {allowed}, not {quoted}.")


def option_value(value: Any) -> str:
    """An option's value as a player writes it: on/off rather than True/False."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


@dataclass(frozen=True)
class ReviewTerms:
    """How hints and game reviews (engine/analysis/review.py) word the values of `analyse`."""

    #: The unit a figure is written in, as players count: "points", "holes", "spaces".
    units: str = "points"
    #: One sentence for players on what the figures are, saying where they are estimates.
    about: str = "Figures are points on average, yours less your opponents'."
    #: Whether the values are expected points throughout (False: an estimate).
    exact: bool = True
    #: What players call the card plays ("pegging" in the cribbage games).
    plays: str = "card play"
    #: What a game won outright on one choice is worth in `units`, for a game whose values
    #: count such a win far above anything else (a race won on the trick): a loss of at least
    #: `SWING_SHARE` of it is worded as a chance to win (the loss over this), not in `units`,
    #: and a review counts it apart. None: no choice wins or loses the game at once.
    game_worth: float | None = None

    def swing(self, lost: float) -> float | None:
        """The chance to win given up by a loss of `lost`, where it is a game won or lost on
        the choice rather than a measure in `units`; None where it is not."""
        if self.game_worth is None or lost < SWING_SHARE * self.game_worth:
            return None
        return min(1.0, lost / self.game_worth)


#: A loss of at least this share of `ReviewTerms.game_worth` is a game won or lost on a choice
#: in part of the deals weighed (a twentieth: one of the analysis' deals in twenty), never
#: position alone.
SWING_SHARE = 0.05


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    min_players: int
    max_players: int
    factory: Callable[[int, dict[str, Any], int], Game]
    options: tuple[Option, ...] = ()
    #: The computer player of the levels in AI_LEVELS; None for a game without one.
    ai: AiFn | None = None
    #: The computer levels the game offers, in LEVELS' order: those of AI_LEVELS need `ai`;
    #: EXPERT needs "hard" (its default choice), `rollout` and `simulation`.
    levels: tuple[str, ...] = ()
    #: A computer seat's optional moves (engine/contract.py): the table asks it once per
    #: state in which it may act but is not waited for (to_act() but not waiting_for(), as a
    #: Muggins! press while the next count waits for its claim), at the levels of AI_LEVELS
    #: (the expert judges as hard); None: its computers move only when waited for.
    off_turn: OffTurnFn | None = None
    #: How the expert's search plays a deal out on the simulation (engine/search/rollout.py
    #: lists what the module holds); None where the game offers no expert.
    rollout: ModuleType | None = None
    #: Every legal action of the view's seat, best first (engine/analysis/__init__.py), for
    #: hints and reviews; None for a game without analysis.
    analyse: AnalyseFn | None = None
    #: How a review words those values.
    review_terms: ReviewTerms = ReviewTerms()
    #: What making none of its moves was worth to a seat whose decision another seat's move
    #: closed (a Muggins! press the next claim ended), given `analyse`'s entries for that
    #: moment: an entry with "action" None and a "label" naming the letting go
    #: (engine.analysis.no_move), or None where letting it go was no choice. A review lists
    #: each letting go that gave something up (engine/analysis/review.py); None (the field):
    #: reviews judge only the moves made.
    let_pass: LetPassFn | None = None
    #: The score that wins, given the options, past which points count for nothing (the
    #: Cribbage family's peg stops in the game hole, docs/RULES.md C-12: a game won 65–36
    #: to 61 is a 61–36 game); None for a game without one. A tournament's spread counts
    #: each seat's points up to it.
    target: Callable[[dict[str, Any]], int | None] = lambda options: None
    #: True where a seat's points count against it, so the fewest win (its outcome's scores
    #: are points taken): a tournament's spread and a win's margin (`tally`) count them the
    #: other way. False: points count for a seat, as in every game that pegs, races or wins
    #: tricks.
    fewest_points_win: bool = False
    #: Which side (team) each seat plays for, given the player count and options.
    sides: Callable[[int, dict[str, Any]], list[int]] = lambda players, _: list(range(players))
    #: Words for a button or menu entry that carries out `action`.
    action_label: Callable[[Action], str] = lambda action: str(action["type"]).replace("_", " ")
    #: Words for an action that need the seat's view to say what the choice is for (PIP
    #: Rush: what a racer choice does to that racer); None where the action alone says it.
    choice_label: Callable[[Action, View], str] | None = None
    #: The number a player types to choose an action that is itself a number (a muggins claim:
    #: its points), or None for an action picked from a list.
    typed_number: Callable[[Action], int | None] = lambda action: None
    #: What the view's seat is choosing about, shown beside its choices (the Discord hand
    #: message, the terminal's prompt): e.g. the cards and starter of the count it claims.
    #: The hand shows them while the seat waits too: a line that needs no choice (what a
    #: Muggins! press took) is told then. Seats as {sN}, cards with suit symbols.
    choice_lines: Callable[[View], list[str]] = lambda view: []
    #: The whole public state a player needs before a move, in a few short lines (scores to
    #: the target, whose turn, the count, trump, racers...), seats as {sN}, cards with suit
    #: symbols: the terminal shows them before each prompt.
    status_lines: Callable[[View], list[str]] = lambda view: []
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
    #: The module that registers the game's pictures (render/registry.py), for a game whose
    #: packages live outside engine/ and render/; None: render.<name with - as _>.
    render_package: str | None = None
    #: What players of the game can earn, as data (engine/achievements.py), and the moments
    #: (best hand, best pegging play, biggest win) the store keeps of each seat.
    achievements: tuple[Achievement, ...] = ()
    moments: tuple[MomentKind, ...] = ()

    def __post_init__(self) -> None:
        if not NAME.fullmatch(self.name):
            raise ValueError(f"{self.name!r}: a game's name is lower-case letters, digits and "
                             "hyphens, starting with a letter, at most 41 characters")
        if self.name in CARD_WORDS:
            raise ValueError(f"{self.name!r}: a game may not be named with a word every game "
                             f"uses of cards; {self.name.title()} could be "
                             f"'{self.name}-game', titled as you like")
        unknown = [level for level in self.levels if level not in LEVELS]
        if unknown:
            raise ValueError(f"{self.name}: no computer level {', '.join(unknown)}")
        if self.ai is None and any(level in AI_LEVELS for level in self.levels):
            raise ValueError(f"{self.name}: levels {self.levels} need a computer player (ai)")
        if EXPERT in self.levels and ("hard" not in self.levels or self.rollout is None
                                      or self.simulation is None):
            raise ValueError(f"{self.name}: the expert needs the hard level, a rollout and a "
                             "simulation")

    def tally(self) -> Tally:
        """A new tally of what one game earns, its outcome read as this game counts points."""
        return Tally(self.achievements, self.moments, fewest_points_win=self.fewest_points_win)

    def labels_for(self, view: View) -> Callable[[Action], str]:
        """The words for each of a seat's actions, given that seat's view."""
        choice_label = self.choice_label
        if choice_label is None:
            return self.action_label
        return lambda action: choice_label(action, view)

    def allowed_player_counts(self) -> tuple[int, ...]:
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def players_in_words(self) -> str:
        """ "3 to 8 players" when the counts run in sequence, else "2 or 4 players"."""
        counts = self.allowed_player_counts()
        if len(counts) > 2 and counts[-1] - counts[0] == len(counts) - 1:
            return f"{counts[0]} to {counts[-1]} players"
        return f"{spoken_list(counts, 'or')} {'player' if counts == (1,) else 'players'}"

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
            raise IllegalAction(f"{self.title} is for {self.players_in_words()}, not {players}.")
        return self.factory(players, self.check_options(options), seed)
