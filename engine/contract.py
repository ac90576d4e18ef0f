"""The contract every game follows (see docs/DESIGN.md), and the small base class that enforces it.

A game is built by `spec.new(players, options, seed)` and only ever touched through:

    to_act()             seats that may act now ([] once the game is over); a seat not in it
                         has no legal actions
    waiting_for()        the seats among them whose move the game waits for (default: all)
    decision_key(seat)   optional: what the seat decides now where its legal actions alone do
                         not tell (default None); see `Game.decision_key`
    options_outlast_moments   optional: True where an optional move stays open as the key
                         moves on (default False); see `Game.options_outlast_moments`
    legal_actions(seat)  every legal action for that seat, as JSON-compatible dicts with a "type"
    apply(seat, action)  -> list of events; raises IllegalAction and changes nothing if illegal
    view(seat)           what that seat may see; view(None) is the channel's view
    outcome              None while running, then a dict (see `Outcome`)
    start_events         the events of setting the game up (cut for deal, first deal, ...)

Events are dicts with a "type", a "text" line (a sentence, ending with its full stop) in which
seats are written as "{s0}".."{s7}", "{s0:plays}" or "{s0's}" (engine.seat_words: the table
layer puts in names, or "you" for the reader), and, for an event only one seat may see, "to":
that seat; such an event marked "retells" tells its seat the public event just before it, with
what only they may see, and they read it instead of that one. An event of type "deal"
starts a new deal (for one seat, with "to"): a hand's private lines begin again there.
Two optional words let a reader short of rows join lines: "chorus", the same move by several
seats in a row said once ("say go.": "{s1}, {s2} and {s0} say go."), and "together", the
line before (the same seat's) and this one said in one line.

Every view carries "game", "seat", "to_act", "outcome" and "players". A view is a new dict at
every call, for the caller to keep; what in it never changes (the sides, the first cut, a
finished show, the outcome) may be shared between views and must not be changed.

For search (the computer's look-ahead), every game also offers, on the same object:

    clone()                  an independent copy (random generator included), far cheaper
                             than copy.deepcopy: cards and frozen records are shared
    determinize(seat, rng)   a clone in which every card the seat cannot see is dealt again at
                             random, consistent with its view; later shuffles are reseeded
                             from rng; for one rng state the result depends only on the view
    to_act(), legal_actions(seat), apply(seat, action), outcome   as above
A search loop applies actions taken from legal_actions(): apply() recognises them without
normalising, and to_act() and legal actions are worked out once per state and kept until the
next move (a game whose state is changed by other means calls state_changed()).

Outcome: {"winners": [seats], "ranks": [0 = first, per seat; partners share],
"scores": [final score per seat], "shared": bool, "win_points": int (leaderboard points for a
win: 1, or 2/3 for a skunk/double skunk), "detail": str (a line for players)}.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Protocol

from engine.errors import IllegalAction
from engine.state_copy import copy_state

Action = dict[str, Any]
#: How many deals determinize draws at most looking for one the seats' moves allow.
MAX_REDEALS = 1000
Event = dict[str, Any]
View = dict[str, Any]


class Game(ABC):
    """Base class for every game: checks turns and legality before any state changes."""

    name: str = ""
    #: Attributes a clone may share with its original: the game replaces them, never changes
    #: them in place (history kept for views).
    shared_on_clone: tuple[str, ...] = ("options", "start_events")
    #: Whether a seat's optional moves stay open when its decision_key moves on: the new key
    #: stales buttons built for the old moment, yet the move is still there to make (a Pip
    #: Pip call scores after the next lead too, for a later trick), so a computer's move that
    #: only moves the key takes nothing away (tables/runner.py's option window).
    options_outlast_moments: bool = False

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        self.players = players
        self.options = dict(options)
        self.seed = seed
        self.rng = random.Random(seed)
        self.outcome: dict[str, Any] | None = None
        #: What happened while the game was set up, before any action: a subclass fills it.
        self.start_events: list[Event] = []
        # to_act() and each seat's legal actions, worked out once per state: the table, the
        # computer players and apply() all ask for them after every move.
        self._acting: list[int] | None = None
        self._legal: dict[int, list[Action]] = {}

    @abstractmethod
    def _to_act(self) -> list[int]:
        """Work out to_act() for the current state (the base class keeps it until a change)."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """Work out legal_actions(seat) for the current state (kept until a change)."""

    def to_act(self) -> list[int]:
        return list(self._acting_now())

    def _acting_now(self) -> list[int]:
        """to_act() itself, not a copy: for the game's own reading."""
        acting = self._acting
        if acting is None:
            acting = self._acting = self._to_act()
        return acting

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self._legal_now(seat))

    def _legal_now(self, seat: int) -> list[Action]:
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self._legal_actions(seat)
        return legal

    def state_changed(self) -> None:
        """Forget everything worked out for the previous state. Code that changes a game's
        state other than by apply() (tests, restack) must call it."""
        self._forget_choices()

    def _forget_choices(self) -> None:
        """After a move: forget the seats to act and the legal actions (a game may keep finer
        caches that its moves keep up to date themselves)."""
        self._acting = None
        self._legal = {}

    def waiting_for(self) -> list[int]:
        """The seats the game cannot go on without (a subset of to_act()): whose turn it is.

        Differs from to_act() only in games with optional off-turn actions (Pip Pip's call, a
        Muggins! press): the bot mentions, times and plays computer turns for these seats
        only; a computer's optional moves are its spec's `off_turn`."""
        return self.to_act()

    def decision_key(self, seat: int) -> object:
        """What `seat` is deciding now, for a game in which the same legal actions can answer
        two different moments: a Muggins! offer on one claim, then the same offer on the next.
        A new key is a new decision, so a move made for the old one is refused as out of date
        (tables/table.py) rather than carried out on the new one. Any value that compares
        equal while the decision stands; None (the default) when the legal actions tell."""
        return None

    @abstractmethod
    def view(self, seat: int | None) -> View: ...

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action already known to be legal."""

    # ----- for search: copies of the state -------------------------------------------------
    def clone(self) -> Game:
        """An independent copy of this game, its random generator included (see the module's
        docstring)."""
        return copy_state(self, shared=self._shared())

    def _shared(self) -> list[Any]:
        return [getattr(self, name) for name in self.shared_on_clone]

    def determinize(self, seat: int, rng: random.Random) -> Game:
        """The module docstring's determinize: `seat`'s view, legal actions and waiting_for()
        are unchanged. The hidden cards of each pool (`_hidden_pools`), laid out in a fixed
        order and shuffled, go to that pool's hidden places walked in a fixed order, so for
        one state of `rng` the result depends only on what the seat has seen. The current
        state's rules are kept (a deal in which a seat that said go in this count holds a
        card that fits is drawn again); inferences from earlier moves (a go in an earlier
        count, a suit not followed) are not."""
        pools = [(hidden, sorted(hidden, key=self._redeal_order))
                 for hidden in self._hidden_pools(seat)]
        for _ in range(MAX_REDEALS):
            swap: dict[Any, Any] = {}
            for hidden, in_order in pools:
                dealt_again = list(in_order)
                rng.shuffle(dealt_again)
                swap.update(zip(hidden, dealt_again, strict=True))
            game = self._redealt(swap)
            if game._possible_after_redeal():
                game.rng = random.Random(rng.getrandbits(64))
                game.state_changed()
                return game
        raise RuntimeError(f"no deal of the hidden cards fits what seat {seat} has seen")

    def _hidden_cards(self, seat: int) -> list[Any]:
        """Every card `seat` cannot see now, each once, in the order of the places that hold
        them walked in a fixed order (a game dealt from a single pack; a game with duplicate
        cards overrides determinize instead)."""
        raise NotImplementedError(
            f"{self.name or type(self).__name__} cannot be determinized yet: override "
            "_hidden_cards(seat), or _hidden_pools(seat) where hidden cards may not change "
            "places freely (docs/DESIGN.md, Adding a game, step 1)")

    def _hidden_pools(self, seat: int) -> list[list[Any]]:
        """The cards `seat` cannot see, as pools each dealt again only among its own places:
        a face-down prize pile apart from an opponent's face-down bid, which can only be one
        of the cards that opponent has not shown (each pool as `_hidden_cards` walks it; the
        pools in a fixed order). By default one pool, `_hidden_cards`."""
        return [self._hidden_cards(seat)]

    @staticmethod
    def _redeal_order(card: Any) -> Any:
        """How determinize lays the hidden cards out before shuffling them."""
        return card.rank, card.suit or ""

    def _redealt(self, cards: dict[Any, Any]) -> Game:
        """A clone with each card in `cards` replaced by its value there."""
        game: Game = copy_state(self, cards, self._shared())
        game._tidy_after_redeal()
        return game

    def _tidy_after_redeal(self) -> None:
        """Restore orders the game keeps (sorted hands) after determinize swapped cards."""
        return None

    def _possible_after_redeal(self) -> bool:
        """False if cards dealt again contradict what the seats did (determinize redraws)."""
        return True

    def normalize(self, seat: int, action: Action) -> Action:
        """Bring an equivalent spelling of an action (cards in another order, "10H") to the
        form legal_actions uses. Raise IllegalAction for input that is not even well formed."""
        return action

    def _still_accepts(self, seat: int, action: Action, legal: list[Action]) -> bool:
        """Whether a logged move that is no longer offered was offered by an earlier release
        in this state (see `apply`)."""
        return False

    def explain_illegal(self, seat: int, action: Action) -> str:
        """A player-readable reason why a well-formed action is refused right now."""
        return "That move is not allowed right now."

    def apply(self, seat: int, action: Action, *, logged: bool = False) -> list[Event]:
        """Carry out `action` for `seat`. `logged` replays a move from a saved log: one that an
        earlier release offered and this one no longer does (`_still_accepts`) is carried out
        as it was then, so no saved game stops replaying."""
        if self.outcome is not None:
            raise IllegalAction("This game is over.")
        # Almost every move is one of the very actions legal_actions(seat) gave for this
        # state, which needs no checking.
        chosen = None
        legal = self._legal.get(seat) if type(seat) is int else None
        if legal is not None:
            for offered in legal:
                if offered is action:
                    chosen = offered
                    break
        if chosen is None:
            chosen = self._checked(seat, action, logged)
        try:
            return self._apply(seat, chosen)
        finally:
            self._forget_choices()

    def check(self, seat: int, action: Action) -> Action:
        """The legal action `action` spells for `seat` now, or IllegalAction saying why there
        is none, exactly as `apply` would refuse it; changes nothing."""
        if self.outcome is not None:
            raise IllegalAction("This game is over.")
        return self._checked(seat, action, False)

    def _checked(self, seat: int, action: Action, logged: bool) -> Action:
        """The legal action that `action` spells, or IllegalAction saying why there is none."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction("You are not seated in this game.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not a move.")
        if seat not in self._acting_now():
            raise IllegalAction("It is not your turn.")
        legal = self._legal_now(seat)
        chosen = _offered(legal, action)
        if chosen is None:  # another spelling (a player's typing): normalised on a copy
            chosen = self.normalize(seat, copy.deepcopy(action))
            if chosen not in legal and not (logged and self._still_accepts(seat, chosen, legal)):
                raise IllegalAction(self.explain_illegal(seat, chosen))
        return chosen


class RulesCore(Protocol):
    """What CoreGame asks of a rules core; a game declares its own core's class."""

    rng: random.Random

    def to_act(self) -> Sequence[int]: ...

    def legal(self, seat: int) -> Sequence[int]: ...

    def action(self, seat: int, code: int) -> Action: ...


class CoreGame(Game):
    """A game whose rules core (`core`) holds the random generator. Game.__init__ makes the
    generator before the core exists: the subclass deals the core from `_dealing_rng()`, and
    from then on `rng` is the core's."""

    core: RulesCore
    _first_rng: random.Random

    @property
    def rng(self) -> random.Random:
        """The core's generator. A core whose clones share it until one draws (`rng_owned`)
        copies it before drawing, so a generator set here is drawn from in the same order."""
        return self.core.rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        if "core" in self.__dict__:
            self.core.rng = rng
        else:
            self._first_rng = rng

    def _to_act(self) -> list[int]:
        return list(self.core.to_act())

    def _legal_actions(self, seat: int) -> list[Action]:
        """The core's legal codes for `seat` as dict actions (a game may cache them)."""
        core = self.core
        return [core.action(seat, code) for code in core.legal(seat)]

    def _dealing_rng(self) -> random.Random:
        """Game.__init__'s generator, handed over once, for dealing the core."""
        rng = self._first_rng
        del self._first_rng
        return rng


def _offered(legal: list[Action], action: Action) -> Action | None:
    """The legal action that `action` is, spelled exactly as legal_actions() spells it (so it
    needs no normalising): equal with values of the same types (1 == True == 1.0 in Python,
    but a claim of True is not a claim of 1)."""
    for offered in legal:
        if offered == action and all(type(action[key]) is type(value)
                                     for key, value in offered.items()):
            return offered
    return None


#: What a seat decides now: its legal actions and the game's decision key (Game.decision_key).
Decision = tuple[list[Action], object]


def decision_of(game: Game, seat: int) -> Decision:
    """What `seat` decides in `game` now (no actions when it may not act), by which the table
    holds a computer's move that would take a member's away and a review finds the options let
    go. The game's decision key counts unless its optional moves outlast it
    (Game.options_outlast_moments: an open call that a lead never takes away)."""
    legal = game.legal_actions(seat) if seat in game.to_act() else []
    return legal, None if game.options_outlast_moments else game.decision_key(seat)


def taken_away(before: Decision, after: Decision) -> bool:
    """Whether a seat's decision `before` is gone in `after`: one of its moves is no longer
    legal, or the same moves now answer another moment (a press on the next claim)."""
    (legal, key), (legal_after, key_after) = before, after
    return key != key_after or any(action not in legal_after for action in legal)
