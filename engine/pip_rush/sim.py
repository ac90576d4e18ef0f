"""PIP Rush's rules core: the whole game on small integers, the one place its rules live.

The search and random play use it directly (engine/sim.py's Simulation protocol); the contract
game (game.py) holds one and builds dict actions, event text and views from it when asked,
reading what each step did from `journal`. The computer players' lookahead (ai.py) and the
rollout's greedy finish (rollout.py) resolve imagined tricks with the core's own `resolve`.

Cards are ints 0-23 ordered as a hand is sorted: suit (S H D C) * 6 + trick strength (2..6 are
0..4, the ace is 5), so a sorted list of ints is a sorted hand, `card % 6` compares ranks and
`card // 6` picks the suit action. A racer's place is a cell, space * 4 + lane (Start is 0).

Action codes:
    0-23                          play that card
    24 + racer                    choose_racer (racer 0 = A, 1 = B)
    32 + racer * 48 + cell        move that racer into that cell

Racers are indexed team-major as in game.py (team * 2 + racer); `affected` is a bit mask of
them. PIP Rush scores no points: `points` stays empty, and scores() is each seat's team's
progress (its racers' spaces added up), as the outcome counts it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.cards import SUITS, Card, standard_deck
from engine.pip_rush.track import FINISH, LAST_MILE, START, TRACKS
from engine.sim import copy_of, shuffle

if TYPE_CHECKING:
    from engine.pip_rush.game import PipRushGame

DECK_RANKS = range(1, 7)
STANDARD_CYCLES = 5
TRICKS_PER_CYCLE = 6
CARDS_PER_TRICK = 4
HAND_SIZE = 4
CARDS = 24
CHOOSE_RACER = 24
MOVE = 32
CELLS = 48  # cell codes are below this: space * 4 + lane, spaces 0-10, lanes 1-3
#: A racer's pips (its die) stay within these; every racer starts with START_PIPS.
MIN_PIPS = 1
MAX_PIPS = 6
START_PIPS = 4
#: The racers' names within a team, as events and players write them (racer 0 is "A").
RACER_LABELS = "AB"


def _card_code(card: Card) -> int:
    """Ranks 2..6 are 0..4 and the ace, high, is 5."""
    return SUITS.index(card.suit or "S") * 6 + (card.rank + 4) % 6


#: The contract's deck in its order (a shuffle moves positions alone, so shuffling these codes
#: consumes the generator exactly as shuffling the deck's cards does).
DECK: tuple[int, ...] = tuple(_card_code(card) for card in standard_deck(DECK_RANKS))
CARD_OF: tuple[Card, ...] = tuple(sorted(standard_deck(DECK_RANKS), key=_card_code))
TEXT_OF: tuple[str, ...] = tuple(str(card) for card in CARD_OF)
CODE_OF_TEXT: dict[str, int] = {text: code for code, text in enumerate(TEXT_OF)}
#: The order determinize lays hidden cards out in before shuffling them (rank, then suit).
DEAL_KEY: tuple[tuple[int, str], ...] = tuple((card.rank, card.suit or "") for card in CARD_OF)
#: A card's trick strength times 4, leaving room for its index in the trick below it.
RANK4: tuple[int, ...] = tuple(code % 6 * 4 for code in range(CARDS))
#: A card's action: a losing card's is its suit's, card // 6 (engine.cards.SUITS: S H D C);
#: the winning card's is the Movement.
FLIP, GAIN, DECAY, SWAP, MOVEMENT = range(5)
ACTION_NAMES = ("flip", "gain", "decay", "swap", "movement")
#: PIPS_AFTER[action][pips] for Flip, Gain and Decay (index 0 unused).
PIPS_AFTER: tuple[tuple[int, ...], ...] = (
    tuple(7 - pips for pips in range(MAX_PIPS + 1)),
    tuple(min(MAX_PIPS, pips + 1) for pips in range(MAX_PIPS + 1)),
    tuple(max(MIN_PIPS, pips - 1) for pips in range(MAX_PIPS + 1)),
)
DECAYED = PIPS_AFTER[DECAY]
RACER_CHOICE = (CHOOSE_RACER, CHOOSE_RACER + 1)

#: What a step did, as `journal` records it (the first item of each entry):
#:   (WON, winning card's index)                        the trick's fourth card was played
#:   (RESOLVED, card index, racer, pips before, pips after, racer's cell, teammate's cell)
#:       a card's action, the cells as they are after it
#:   (LOST, card index)                                  no racer could take the card's action
#:   (DREW, seat, cards in the order drawn)
#:   (RACE_WON,)                                         the race ended at the Finish
WON, RESOLVED, LOST, DREW, RACE_WON = range(5)
Entry = tuple[Any, ...]

NOBODY: tuple[int, ...] = ()
#: SEATS[seat]: to_act() while that seat is to act, SEATS[-1] once the game is over.
SEATS = ((0,), (1,), (2,), (3,), NOBODY)
#: PLAY_ORDER[players][leader]: the seats in the order they play a trick's four cards: two
#: players each play two, Leader, Opponent, Leader, Opponent; four play one each, clockwise.
PLAY_ORDER = {2: ((0, 1, 0, 1), (1, 0, 1, 0)),
              4: tuple(tuple((leader + step) % 4 for step in range(4)) for leader in range(4))}
#: RESOLUTION[winner]: card indices in the order they resolve, from the one after the winner
#: round to the winner, which resolves last.
RESOLUTION = tuple(tuple((winner + 1 + step) % CARDS_PER_TRICK for step in range(CARDS_PER_TRICK))
                   for winner in range(CARDS_PER_TRICK))


def shuffled_deck(rng: random.Random) -> list[int]:
    """The deck shuffled as engine.cards.shuffled shuffles it."""
    deck = list(DECK)
    shuffle(deck, rng)
    return deck


def trick_winner(trick: list[int]) -> int:
    """The index of the trick's winning card: the highest rank, ties to the card played last
    (its index breaks them in the low bits)."""
    return max(RANK4[trick[0]], RANK4[trick[1]] + 1, RANK4[trick[2]] + 2,
               RANK4[trick[3]] + 3) & 3


def take_action(cells: list[int], pips: list[int], racer: int, action: int, cell: int = 0) -> None:
    """`racer` takes a card's action: the Movement into `cell`, spending a pip; a Clubs swap of
    its place with its teammate's; or another suit's change to its pips."""
    if action == MOVEMENT:
        cells[racer], pips[racer] = cell, DECAYED[pips[racer]]
    elif action == SWAP:
        cells[racer], cells[racer ^ 1] = cells[racer ^ 1], cells[racer]
    else:
        pips[racer] = PIPS_AFTER[action][pips[racer]]


def chosen(seat: int, code: int) -> tuple[int, int]:
    """The (racer, cell) a choice code of `seat` names (cell 0 for a racer choice)."""
    if code < MOVE:
        return (seat & 1) * 2 + code - CHOOSE_RACER, 0
    racer, cell = divmod(code - MOVE, CELLS)
    return (seat & 1) * 2 + racer, cell


def has_won(cells: list[int], first: int) -> bool:
    """Whether the team whose racers are `first` and `first + 1` has one at the Finish and the
    other in the Last Mile.

    Within one trick only the trick winner's Movement changes which cells a team holds (Clubs
    exchange places inside a team, the other suits touch pips only), so after any trick at
    most one team, the winner's, can newly meet this, and two teams never win on the same
    trick (tests/engine/pip_rush/test_properties.py checks it after every trick)."""
    one, other = cells[first] >> 2, cells[first + 1] >> 2
    return (one == FINISH and other >= LAST_MILE) or (other == FINISH and one >= LAST_MILE)


def movements(cells: list[int], pips: list[int], dest: tuple[tuple[int, ...], ...], first: int,
              free: int) -> list[tuple[int, int]]:
    """(racer, cell) of every step the team's free racers (bit 0: racer `first`, bit 1: its
    teammate) may take: a racer needs 2 pips, and the open cell ahead must be empty."""
    return [(racer, cell) for racer in (first, first + 1)
            if free >> (racer - first) & 1 and pips[racer] > MIN_PIPS
            for cell in dest[cells[racer]] if cell not in cells]


#: A way a card's action can go: (racer, cell), the cell moved into by the Movement, 0 else.
Way = tuple[int, int]
#: BOTH_RACERS[team]: the ways of a losing card when both the team's racers are free.
BOTH_RACERS: tuple[tuple[Way, ...], ...] = (((0, 0), (1, 0)), ((2, 0), (3, 0)))
NO_WAYS: tuple[Way, ...] = ()


def resolve(cells: list[int], pips: list[int], affected: int, dest: tuple[tuple[int, ...], ...],
            trick: list[int], seats: Sequence[int], winner: int, step: int,
            way: Way | None = None, journal: list[Entry] | None = None,
            ) -> tuple[int, int, Sequence[Way]]:
    """Resolve a whole trick (`trick[i]` played by `seats[i]`, card `winner` winning) from card
    `step` of its RESOLUTION, changing `cells` and `pips`: the rule of resolution, which the
    core, the computer players' lookahead and the rollout's greedy finish all follow.

    Each card acts on one of its team's racers not yet affected this trick (a bit per racer in
    `affected`): a losing card with its suit's action, the winner with the Movement into an
    empty cell ahead (movements); a card no racer can take is lost. `way` is the one chosen
    for card `step`. Returns at the first card with more than one way (its step, the racers
    affected so far, its ways), or once every card has resolved (CARDS_PER_TRICK, affected,
    no ways). The journal, if any, records each card's action (RESOLVED) or loss (LOST)."""
    resolving = RESOLUTION[winner]
    while step < CARDS_PER_TRICK:
        index = resolving[step]
        if way is not None:
            racer, cell = way
            way = None
        else:
            first = (seats[index] & 1) * 2
            free = ~affected >> first & 3  # bit 0: the team's racer A is free, bit 1: B
            if index == winner:
                ways = movements(cells, pips, dest, first, free)
                if len(ways) == 1:
                    racer, cell = ways[0]
                elif ways:
                    return step, affected, ways
                else:
                    racer = -1
            elif free == 3:
                return step, affected, BOTH_RACERS[first >> 1]
            elif free:
                racer, cell = first + (free >> 1), 0
            else:
                racer = -1
            if racer < 0:
                if journal is not None:
                    journal.append((LOST, index))
                step += 1
                continue
        before = pips[racer]
        if index == winner:  # the Movement, written out: this is the search's hot path
            cells[racer], pips[racer] = cell, DECAYED[before]
        else:
            take_action(cells, pips, racer, trick[index] // 6)
        affected |= 1 << racer
        if journal is not None:
            journal.append(
                (RESOLVED, index, racer, before, pips[racer], cells[racer], cells[racer ^ 1]))
        step += 1
    return step, affected, NO_WAYS


DESTINATIONS = {name: track.destinations() for name, track in TRACKS.items()}


class PipRushSim:
    """One PIP Rush state (see the module docstring for the encoding)."""

    __slots__ = (
        "affected", "cells", "choices", "dest", "hands", "journal", "leader", "max_tricks",
        "order", "outcome", "pile", "pips", "players", "points", "resolving", "rng",
        "rng_owned", "seat", "step", "trick", "tricks_played", "winner",
    )

    players: int
    dest: tuple[tuple[int, ...], ...]
    max_tricks: int
    cells: list[int]  # each racer's cell
    pips: list[int]
    affected: int  # racers affected in the trick being resolved (bit per racer)
    hands: list[list[int]]  # sorted
    pile: list[int]  # drawn from the end
    trick: list[int]  # cards in play order; order[i] played trick[i]
    order: tuple[int, ...]
    leader: int
    tricks_played: int
    winner: int  # index of the trick's winning card while it resolves
    resolving: tuple[int, ...]  # card indices in resolution order
    step: int
    choices: tuple[int, ...] | None  # the codes the game waits for; None: cards are played
    seat: int  # the seat to act, -1 once over
    outcome: list[int] | None  # the winners
    points: list[tuple[int, int]]
    rng: random.Random
    rng_owned: bool  # False while the generator is shared with a clone: copy it before use
    #: None in search; a list while the contract game wants to narrate a play (see Entry).
    journal: list[Entry] | None

    # ----- building -----

    @classmethod
    def new(cls, players: int, options: dict[str, Any], seed: int) -> PipRushSim:
        return cls.dealt(players, options, random.Random(seed))

    @classmethod
    def dealt(cls, players: int, options: dict[str, Any], rng: random.Random) -> PipRushSim:
        """A new game (its leader drawn, the first cycle dealt) drawing from `rng`."""
        sim = object.__new__(cls)
        sim.players = players
        sim.dest = DESTINATIONS[options["track"]]
        sim.max_tricks = TRICKS_PER_CYCLE * (STANDARD_CYCLES + bool(options["overtime"]))
        sim.points = []
        sim.journal = None
        sim.rng = rng
        sim.rng_owned = True
        sim.leader = sim.rng.randrange(players)
        sim.order = PLAY_ORDER[players][sim.leader]
        sim.cells = [START] * 4
        sim.pips = [START_PIPS] * 4
        sim.affected = 0
        sim.hands = [[] for _ in range(players)]
        sim.trick = []
        sim.tricks_played = 0
        sim.winner = -1
        sim.resolving = NOBODY
        sim.step = 0
        sim.choices = None
        sim.outcome = None
        sim._start_cycle()
        sim.seat = sim.leader
        return sim

    @classmethod
    def from_game(cls, game: PipRushGame) -> PipRushSim:
        """The contract game's own core, as an independent copy."""
        return game.core.clone()

    def clone(self) -> PipRushSim:
        new = object.__new__(PipRushSim)
        new.players = self.players
        new.dest = self.dest
        new.max_tricks = self.max_tricks
        new.cells = self.cells[:]
        new.pips = self.pips[:]
        new.affected = self.affected
        new.hands = [hand[:] for hand in self.hands]
        new.pile = self.pile[:]
        new.trick = self.trick[:]
        new.order = self.order
        new.leader = self.leader
        new.tricks_played = self.tricks_played
        new.winner = self.winner
        new.resolving = self.resolving
        new.step = self.step
        new.choices = self.choices
        new.seat = self.seat
        new.outcome = self.outcome
        new.points = []
        new.journal = None
        # Both share the generator until one of them shuffles: that one copies it first.
        new.rng = self.rng
        new.rng_owned = self.rng_owned = False
        return new

    # ----- the protocol -----

    def to_act(self) -> tuple[int, ...]:
        return SEATS[self.seat]

    def legal(self, seat: int) -> tuple[int, ...]:
        if seat != self.seat:
            return NOBODY
        if self.choices is not None:
            return self.choices
        return tuple(self.hands[seat])

    def scores(self) -> list[int]:
        cells = self.cells
        progress = ((cells[0] >> 2) + (cells[1] >> 2), (cells[2] >> 2) + (cells[3] >> 2))
        return [progress[seat & 1] for seat in range(self.players)]

    def winners(self) -> list[int] | None:
        return None if self.outcome is None else self.outcome[:]

    def cycle(self) -> int:
        """The 1-based cycle being played (once the race is over, the one it ended in)."""
        return (self.tricks_played - (self.outcome is not None)) // TRICKS_PER_CYCLE + 1

    def trick_number(self) -> int:
        """The 1-based trick within the cycle (the last one once every trick is played)."""
        return min(self.tricks_played, self.max_tricks - 1) % TRICKS_PER_CYCLE + 1

    def action(self, seat: int, code: int) -> dict[str, Any]:
        if code < CARDS:
            return {"type": "play", "card": TEXT_OF[code]}
        if code < MOVE:
            return {"type": "choose_racer", "racer": code - CHOOSE_RACER}
        racer, cell = divmod(code - MOVE, CELLS)
        return {"type": "move", "racer": racer, "space": cell >> 2, "lane": cell & 3}

    def code(self, seat: int, action: dict[str, Any]) -> int:
        kind = action["type"]
        if kind == "play":
            return CODE_OF_TEXT[action["card"]]
        if kind == "choose_racer":
            return CHOOSE_RACER + action["racer"]
        if kind == "move":
            return MOVE + action["racer"] * CELLS + action["space"] * 4 + action["lane"]
        raise ValueError(f"not a PIP Rush action: {action!r}")

    def play(self, seat: int, code: int) -> None:
        if code < CARDS:
            self.hands[seat].remove(code)
            trick = self.trick
            trick.append(code)
            played = len(trick)
            if played < CARDS_PER_TRICK:
                self.seat = self.order[played]
                return
            self.winner = winner = trick_winner(trick)
            self.resolving = RESOLUTION[winner]
            if self.journal is not None:
                self.journal.append((WON, winner))
            step, way = 0, None
        else:
            step, way = self.step, chosen(seat, code)
            self.choices = None
        # The trick resolves until a card needs a choice, which it then waits for.
        step, self.affected, ways = resolve(self.cells, self.pips, self.affected, self.dest,
                                            self.trick, self.order, self.winner, step, way,
                                            self.journal)
        if not ways:
            self._finish_trick()
            return
        self.step = step
        index = self.resolving[step]
        self.seat = seat = self.order[index]
        if index == self.winner:
            first = (seat & 1) * 2
            self.choices = tuple(MOVE + (racer - first) * CELLS + cell for racer, cell in ways)
        else:
            self.choices = RACER_CHOICE

    def action_of(self, index: int) -> int:
        """The action card `index` of the trick takes: MOVEMENT for the winner, else its suit's."""
        return MOVEMENT if index == self.winner else self.trick[index] // 6

    # ----- after a trick -----

    def _finish_trick(self) -> None:
        win_seat = self.order[self.winner]
        self.trick = []
        self.affected = 0
        self.tricks_played += 1
        self.leader = win_seat
        self.order = order = PLAY_ORDER[self.players][win_seat]
        if has_won(self.cells, (win_seat & 1) * 2):
            if self.journal is not None:
                self.journal.append((RACE_WON,))
            self._end(win_seat & 1)
            return
        if self.tricks_played >= self.max_tricks:
            first, second = self.standing()
            self._end(0 if first > second else 1 if second > first else 2)
            return
        if self.tricks_played % TRICKS_PER_CYCLE == 0:
            self._start_cycle()
        elif self.pile:
            pile, hands = self.pile, self.hands
            for seat in order[: self.players]:
                hand = hands[seat]
                count = min(HAND_SIZE - len(hand), len(pile))
                if count:
                    if self.journal is not None:
                        self.journal.append((DREW, seat, pile[:-count - 1:-1]))
                    hand += pile[-count:]
                    del pile[-count:]
                    hand.sort()
        self.seat = win_seat

    def _start_cycle(self) -> None:
        """Shuffle all 24 cards and deal four to each player, the leader first."""
        if not self.rng_owned:
            self.rng = copy_of(self.rng)
            self.rng_owned = True
        self.pile = pile = shuffled_deck(self.rng)
        hands = self.hands
        for seat in PLAY_ORDER[self.players][self.leader][: self.players]:
            hand = pile[-HAND_SIZE:]
            del pile[-HAND_SIZE:]
            hand.sort()
            hands[seat] = hand

    def standing(self) -> list[tuple[int, int, int]]:
        """What the tiebreak compares for each team, in order: lead racer's space, trailing
        racer's space, combined pips. Higher is better."""
        spaces = [cell >> 2 for cell in self.cells]
        return [(max(spaces[first:first + 2]), min(spaces[first:first + 2]),
                 self.pips[first] + self.pips[first + 1]) for first in (0, 2)]

    def _end(self, team: int) -> None:
        """team 0 or 1 wins, or 2: a shared victory."""
        self.outcome = [seat for seat in range(self.players) if team == 2 or seat & 1 == team]
        self.seat = -1
