"""Crib Race's simulation (engine/sim.py): the contract's rules with small integers inside, for
search and random play. `SPEC.simulation` is `CribRaceSim`.

Cards are ints in the contract's canonical order, `(rank - 1) * 4 + suit` (suits S H D C), so
a sorted list of ints is a hand sorted as the contract sorts it, and a deck shuffled from the
standard order (`DECK`) is the contract's shuffle card for card. Points move a peg that is a
node number: the track's holes 0..finish, then each green or blue path's holes, then one node
per penalty box (the box's cell matters only for drawing); `_Track` holds, per board, where a
score of n points takes a peg from every node, as one flat table.

Seatings come from the contract's own functions (engine/crib_race/seating.py and the Cribbage
deal), turned into tables once: the deck positions each seat's cards come from, whose discards
make the crib, the show's order, partners and opponents.

Action codes (`action` and `code` turn them into the contract's dicts and back):
    0..51                 play that card
    GO, MUGGINS, KEEP, GIVE_BACK, PASS
    CLAIM + n             claim n points (muggins)
    DISCARD_ONE + c       discard card c
    DISCARD_TWO + (a << 6) + b   discard cards a < b
"""

from __future__ import annotations

import random
from bisect import bisect_left
from functools import cache
from itertools import combinations
from typing import Any

from engine.cards import RANKS, SUITS, Card, parse_card
from engine.contract import Action, Game
from engine.crib_race.board import ADVANCE, BOARDS, BOX, DEFAULT_BOARD, MAIN, SLIDE, TRAP, Board
from engine.crib_race.seating import race_plan, race_sides
from engine.crib_race.track import Peg
from engine.cribbage._tables import RANK_SCORES, RANK_WEIGHT
from engine.cribbage.claims import possible_counts
from engine.cribbage.deal import cut_for_first_deal, deal
from engine.cribbage.game import DISCARD as DISCARD_PHASE
from engine.cribbage.game import PLAY as PLAY_PHASE
from engine.cribbage.game import SHOW as SHOW_PHASE
from engine.cribbage.scoring import FlushRule
from engine.cribbage.show import CRIB, standard_show_order

# ----- cards ---------------------------------------------------------------------------------
CARDS = 52
#: The contract's standard deck order (suit by suit, ace to king) as card ints.
DECK: tuple[int, ...] = tuple((rank - 1) * 4 + suit for suit in range(4) for rank in range(1, 14))
RANK_OF: tuple[int, ...] = tuple(card // 4 + 1 for card in range(CARDS))
SUIT_OF: tuple[int, ...] = tuple(card % 4 for card in range(CARDS))
VALUE_OF: tuple[int, ...] = tuple(min(rank, 10) for rank in RANK_OF)
WEIGHT_OF: tuple[int, ...] = tuple(RANK_WEIGHT[rank] for rank in RANK_OF)
TEXT_OF: tuple[str, ...] = tuple(RANKS[RANK_OF[card] - 1] + SUITS[SUIT_OF[card]]
                                 for card in range(CARDS))
CARD_OF_TEXT: dict[str, int] = {text: card for card, text in enumerate(TEXT_OF)}
JACK = 11
#: The jack that scores nobs with a starter of each suit.
NOBS_JACK: tuple[int, ...] = tuple((JACK - 1) * 4 + suit for suit in range(4))
LIMIT = 31


#: Random.shuffle's swaps on a 52-card deck, last position first: (position, n, bits), where the
#: other position is drawn below n from `bits` random bits, again while it is not below n.
_SWAPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(CARDS - 1, 0, -1))


def _shuffle_by_bits(rng: random.Random) -> list[int]:
    """A shuffled deck: Random.shuffle's own steps (CPython's Fisher-Yates over getrandbits),
    without its call per card."""
    deck = list(DECK)
    getrandbits = rng.getrandbits
    for i, n, bits in _SWAPS:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _shuffle_by_random(rng: random.Random) -> list[int]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def _same_as_random_shuffle() -> bool:
    """Whether _shuffle_by_bits deals what rng.shuffle deals on this Python, leaving the
    generator in the same state."""
    for seed in range(16):
        ours, theirs = random.Random(seed), random.Random(seed)
        if (_shuffle_by_bits(ours) != _shuffle_by_random(theirs)
                or ours.getstate() != theirs.getstate()):
            return False
    return True


#: The contract's shuffle of a fresh deck (engine.cards.shuffled), card for card and draw for
#: draw; the fast form only where this Python's Random.shuffle is known to match it.
shuffled_deck = _shuffle_by_bits if _same_as_random_shuffle() else _shuffle_by_random


def copy_of(rng: random.Random) -> random.Random:
    """An independent generator in the same state (without Random()'s seeding from the OS)."""
    copy = random.Random.__new__(random.Random)
    copy.setstate(rng.getstate())
    return copy


def card_int(card: Card) -> int:
    return (card.rank - 1) * 4 + SUITS.index(card.suit)  # type: ignore[arg-type]


def count_total(cards: list[int], starter: int, crib: bool) -> int:
    """A hand's or the crib's count with the starter: what the contract's Breakdown totals."""
    key = WEIGHT_OF[starter]
    for card in cards:
        key += WEIGHT_OF[card]
    total = RANK_SCORES[key]
    starter_suit = SUIT_OF[starter]
    if NOBS_JACK[starter_suit] in cards:
        total += 1
    suit = SUIT_OF[cards[0]]
    for card in cards:
        if SUIT_OF[card] != suit:
            return total
    if suit == starter_suit:
        return total + len(cards) + 1
    return total if crib else total + len(cards)


# ----- action codes --------------------------------------------------------------------------
GO, MUGGINS, KEEP, GIVE_BACK, PASS = 52, 53, 54, 55, 56
SIMPLE = {GO: "go", MUGGINS: "muggins", KEEP: "keep", GIVE_BACK: "give_back", PASS: "pass"}
CODE_OF_SIMPLE = {kind: code for code, kind in SIMPLE.items()}
CLAIM = 64
DISCARD_ONE = 256
DISCARD_TWO = 512


@cache
def claim_codes(cards: int, crib: bool) -> tuple[int, ...]:
    """The claims the contract offers for a count of so many cards (worked out on first use:
    only muggins games claim)."""
    rule = FlushRule.CRIB if crib else FlushRule.HAND
    return tuple(CLAIM + points for points in possible_counts(cards, 0, rule))


# ----- the board -----------------------------------------------------------------------------
#: The most points one score can make (a 29 hand; claims and muggins points are at most a count).
MAX_POINTS = 29
STRIDE = MAX_POINTS + 1


class _Track:
    """One board as node tables: `moves[node * STRIDE + points]` is where a peg on `node` ends
    after scoring `points` (its landing zone carried out); `position[node]` is the contract's
    track position; nodes from `first_box` on are penalty boxes, one per box in board order."""

    __slots__ = (
        "board",
        "box_holes",
        "box_node",
        "finish",
        "first_box",
        "moves",
        "path_start",
        "position",
    )

    def __init__(self, board: Board) -> None:
        self.board = board
        finish = self.finish = board.finish
        after_step = [min(hole + 1, finish) for hole in range(finish + 1)]
        position = list(range(finish + 1))
        self.path_start: dict[str, int] = {}
        for zone in board.zones:
            if zone.kind not in (ADVANCE, TRAP):
                continue
            start = self.path_start[zone.name] = len(position)
            steps = len(zone.route) - 1  # the route's last hole is the rejoin, on the track
            for index in range(steps):
                after_step.append(start + index + 1 if index + 1 < steps else zone.rejoin)
                position.append(zone.triggers[0] if zone.kind == ADVANCE else zone.rejoin)
        self.first_box = len(position)
        boxes = board.zones_of(BOX)
        self.box_node = {box.name: self.first_box + number for number, box in enumerate(boxes)}
        self.box_holes = tuple(box.triggers[0] for box in boxes)
        position += self.box_holes
        self.position = tuple(position)

        def landing(node: int) -> int:
            zone = board.trigger_at.get(node) if node < finish else None
            if zone is None:
                return node
            if zone.kind == SLIDE:
                return int(zone.target)
            if zone.kind == BOX:
                return self.box_node[zone.name]
            return self.path_start[zone.name]

        moves = [0] * (len(position) * STRIDE)
        for node in range(self.first_box):
            landed = node
            for points in range(STRIDE):
                moves[node * STRIDE + points] = landing(landed) if points else node
                landed = after_step[landed]
        self.moves = moves

    def node_of(self, peg: Peg) -> int:
        if peg.path == MAIN:
            return peg.index
        if peg.path in self.path_start:
            return self.path_start[peg.path] + peg.index
        return self.box_node[peg.path]


_TRACKS: dict[str, _Track] = {}


def track_of(board: Board) -> _Track:
    track = _TRACKS.get(board.name)
    if track is None or track.board is not board:
        track = _TRACKS[board.name] = _Track(board)
    return track


# ----- seatings ------------------------------------------------------------------------------
class _Deal:
    """One dealer's deal: the deck positions of each seat's cards, the crib's cards from the
    deck and the starter; who discards how many and where to; the show's order."""

    __slots__ = (
        "crib_slots",
        "discarders",
        "discards",
        "hand_slots",
        "show",
        "starter_slot",
        "to_crib",
    )

    def __init__(self, players: int, dealer: int, plan: Any) -> None:
        dealt = deal(list(range(CARDS)), plan, dealer)
        self.hand_slots = tuple(tuple(hand) for hand in dealt.hands)
        self.crib_slots = tuple(dealt.crib)
        self.starter_slot = dealt.deck[0]
        self.discards = plan.discards
        self.to_crib = tuple(seat not in plan.to_bottom for seat in range(players))
        self.discarders = tuple(seat for seat in range(players) if plan.discards[seat])
        self.show = tuple((step.seat, step.kind == CRIB)
                          for step in standard_show_order(players, dealer))


class _Seating:
    __slots__ = ("deals", "opponents", "players", "round_from", "seats_of", "side_of", "sides")

    def __init__(self, players: int, teams: bool) -> None:
        sides = race_sides(players, teams)
        self.players = players
        self.side_of = sides.side_of
        self.sides = sides.count
        self.seats_of = tuple(tuple(sides.seats_of(side)) for side in range(sides.count))
        self.opponents = tuple(tuple(sides.opponents_of(seat)) for seat in range(players))
        #: Every seat in order starting from a seat: the next turn is the first that may play.
        self.round_from = tuple(tuple((start + i) % players for i in range(players))
                                for start in range(players))
        self.deals = tuple(_Deal(players, dealer, race_plan(players, dealer, sides))
                           for dealer in range(players))


@cache
def seating_of(players: int, teams: bool) -> _Seating:
    return _Seating(players, teams)


# ----- the simulation ------------------------------------------------------------------------
DISCARD, PLAY, SHOW, OVER = 0, 1, 2, 3
_PHASES = {DISCARD_PHASE: DISCARD, PLAY_PHASE: PLAY, SHOW_PHASE: SHOW}
NOBODY = -1


class CribRaceSim:
    """One Crib Race game (engine/sim.py's protocol). The deal's state lives in plain lists:
    `hands` (held cards, sorted; in the play, the cards still to lay), `kept` and `crib` for the
    show; the play's `count`, `pile` (ranks), `passed` (a bit per seat), `last` (who laid the
    last card) and `turn`; the show's `step`, muggins `window` (the seat whose claim may be
    challenged, with `missed` points and `window_passed`) and `chooser` (taking `owed` points
    from `owner`)."""

    __slots__ = (
        "boxes",
        "chooser",
        "count",
        "crib",
        "deal",
        "dealer",
        "hands",
        "kept",
        "last",
        "left",
        "missed",
        "muggins",
        "owed",
        "owner",
        "passed",
        "pegs",
        "phase",
        "pile",
        "players",
        "points",
        "rng",
        "rng_owned",
        "seating",
        "side_of",
        "starter",
        "step",
        "to_discard",
        "track",
        "turn",
        "window",
        "window_passed",
        "winner",
    )

    players: int
    points: list[tuple[int, int]]

    # ----- building ----------------------------------------------------------------------------
    @classmethod
    def _empty(cls, players: int, options: dict[str, Any]) -> CribRaceSim:
        sim = object.__new__(cls)
        sim.players = players
        sim.points = []
        sim.seating = seating_of(players, bool(options.get("teams", True)))
        sim.side_of = sim.seating.side_of
        sim.track = track_of(BOARDS[options.get("board", DEFAULT_BOARD)])
        sim.muggins = bool(options.get("muggins", False))
        sim.pegs = [0] * sim.seating.sides
        sim.boxes = [[] for _ in sim.track.box_holes]
        sim.winner = NOBODY
        sim.kept = []
        sim.count = 0
        sim.pile = []
        sim.passed = 0
        sim.last = NOBODY
        sim.turn = NOBODY
        sim.left = 0
        sim.step = 0
        sim.window = NOBODY
        sim.missed = 0
        sim.window_passed = 0
        sim.chooser = NOBODY
        sim.owner = NOBODY
        sim.owed = 0
        return sim

    @classmethod
    def new(cls, players: int, options: dict[str, Any], seed: int) -> CribRaceSim:
        sim = cls._empty(players, options)
        sim.rng = random.Random(seed)
        sim.rng_owned = True
        sim.dealer = cut_for_first_deal(players, sim.rng).dealer
        sim._start_deal()
        return sim

    @classmethod
    def from_game(cls, game: Game) -> CribRaceSim:
        """Take over a CribRaceGame in any state (a determinized clone too)."""
        g: Any = game
        sim = cls._empty(g.players, g.options)
        sim.rng = copy_of(g.rng)
        sim.rng_owned = True
        track = sim.track
        sim.pegs = [track.node_of(peg) for peg in g.pegs]
        sim.boxes = [list(g.box_queues[box.name]) for box in track.board.zones_of(BOX)]
        sim.dealer = g.dealer
        sim.deal = sim.seating.deals[g.dealer]
        if g.outcome is not None:
            sim.phase = OVER
            sim.winner = sim.side_of[g.outcome["winners"][0]]
            sim.hands = [[] for _ in range(g.players)]
            sim.crib = []
            sim.starter = 0
            sim.to_discard = ()
            return sim
        sim.phase = _PHASES[g.phase]
        if sim.phase == DISCARD:
            sim.hands = [sorted(map(card_int, hand)) for hand in g.hands]
            sim.crib = [card_int(card) for card in g.crib]
            for seat, cards in enumerate(g.discards):
                if sim.deal.to_crib[seat]:
                    sim.crib += map(card_int, cards)
            sim.starter = card_int(g.deck[0])
            sim.to_discard = tuple(seat for seat in range(g.players) if not g.discarded[seat])
            return sim
        sim.to_discard = ()
        sim.kept = [sorted(map(card_int, kept)) for kept in g.kept]
        sim.crib = [card_int(card) for card in g.crib]
        sim.starter = card_int(g.starter)
        pegging = g.pegging
        sim.hands = [sorted(map(card_int, hand)) for hand in pegging.hands]
        if sim.phase == PLAY:
            sim.count = pegging.count
            sim.pile = [card.rank for card in pegging.pile]
            sim.passed = sum(1 << seat for seat in pegging.passed)
            sim.last = NOBODY if pegging.last_player is None else pegging.last_player
            sim.turn = pegging.turn
            sim.left = sum(map(len, sim.hands))
            return sim
        sim.step = g.show_index
        if g.window is not None:
            sim.window = g.window["seat"]
            sim.missed = g.window["missed"]
            sim.window_passed = sum(1 << seat for seat in g.window["passed"])
        if g.chooser is not None:
            sim.chooser = g.chooser["seat"]
            sim.owner = g.chooser["owner"]
            sim.owed = g.chooser["points"]
        return sim

    def clone(self) -> CribRaceSim:
        sim = object.__new__(CribRaceSim)
        sim.players = self.players
        sim.points = self.points
        sim.seating = self.seating
        sim.side_of = self.side_of
        sim.track = self.track
        sim.muggins = self.muggins
        # Both share the generator, and neither draws from it any more: whichever deals next
        # first takes a copy of its own (most clones of a search never deal again).
        sim.rng = self.rng
        sim.rng_owned = self.rng_owned = False
        sim.phase = self.phase
        sim.dealer = self.dealer
        sim.deal = self.deal
        sim.pegs = self.pegs[:]
        sim.boxes = [queue[:] for queue in self.boxes]
        sim.winner = self.winner
        sim.hands = [hand[:] for hand in self.hands]
        sim.kept = self.kept  # never changed once the discards are in
        sim.crib = self.crib[:]
        sim.starter = self.starter
        sim.to_discard = self.to_discard
        sim.count = self.count
        sim.pile = self.pile[:]
        sim.passed = self.passed
        sim.last = self.last
        sim.turn = self.turn
        sim.left = self.left
        sim.step = self.step
        sim.window = self.window
        sim.missed = self.missed
        sim.window_passed = self.window_passed
        sim.chooser = self.chooser
        sim.owner = self.owner
        sim.owed = self.owed
        return sim

    # ----- the protocol ------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...] | list[int]:
        phase = self.phase
        if phase == PLAY:
            return (self.turn,)
        if phase == DISCARD:
            return self.to_discard
        if phase == OVER:
            return ()
        if self.chooser != NOBODY:
            return (self.chooser,)
        show = self.deal.show
        counter = show[self.step][0] if self.step < len(show) else NOBODY
        if self.window == NOBODY:
            return (counter,)
        passed = self.window_passed
        seats = [seat for seat in self.seating.opponents[self.window] if not passed >> seat & 1]
        if counter != NOBODY and counter not in seats:
            seats.append(counter)
            seats.sort()
        return seats

    def legal(self, seat: int) -> list[int]:
        phase = self.phase
        if phase == PLAY:
            if seat != self.turn:
                return []
            room = LIMIT - self.count
            hand = self.hands[seat]
            if room >= 10:
                return hand[:]
            # Cards of rank <= room are the ints below room * 4; a hand is sorted.
            fits = bisect_left(hand, room * 4)
            return hand[:fits] if fits else [GO]
        if phase == DISCARD:
            if seat not in self.to_discard:
                return []
            hand = self.hands[seat]
            if self.deal.discards[seat] == 1:
                return [DISCARD_ONE + card for card in hand]
            return [DISCARD_TWO + (low << 6) + high for low, high in combinations(hand, 2)]
        if phase == OVER:
            return []
        if self.chooser != NOBODY:
            return [KEEP, GIVE_BACK] if seat == self.chooser else []
        show = self.deal.show
        step = self.step
        codes: list[int] = []
        if step < len(show) and show[step][0] == seat:
            crib = show[step][1]
            codes += claim_codes(len(self.crib if crib else self.kept[seat]), crib)
        window = self.window
        if (window != NOBODY and self.side_of[seat] != self.side_of[window]
                and not self.window_passed >> seat & 1):
            codes.append(MUGGINS)
            if step >= len(show):
                codes.append(PASS)
        return codes

    def play(self, seat: int, code: int) -> None:
        self.points = []
        phase = self.phase
        if phase == PLAY:
            if code == GO:
                self.passed |= 1 << seat
                self._after_peg_move(seat)
            else:
                self._lay(seat, code)
        elif phase == DISCARD:
            self._discard(seat, code)
        elif code >= CLAIM:
            self._claim(seat, code - CLAIM)
        elif code == MUGGINS:
            self._press_muggins(seat)
        elif code == PASS:
            self._pass(seat)
        else:
            self._choose(seat, code == KEEP)

    def scores(self) -> list[int]:
        position = self.track.position
        pegs = self.pegs
        return [position[pegs[side]] for side in self.side_of]

    def winners(self) -> list[int] | None:
        if self.phase != OVER:
            return None
        return list(self.seating.seats_of[self.winner])

    def action(self, seat: int, code: int) -> Action:
        if code < CARDS:
            return {"type": "play", "card": TEXT_OF[code]}
        if code < CLAIM:
            return {"type": SIMPLE[code]}
        if code < DISCARD_ONE:
            return {"type": "claim", "points": code - CLAIM}
        if code < DISCARD_TWO:
            return {"type": "discard", "cards": [TEXT_OF[code - DISCARD_ONE]]}
        low, high = divmod(code - DISCARD_TWO, 64)
        return {"type": "discard", "cards": [TEXT_OF[low], TEXT_OF[high]]}

    def code(self, seat: int, action: Action) -> int:
        kind = action["type"]
        if kind == "play":
            return _card_code(action["card"])
        if kind == "discard":
            cards = sorted(_card_code(text) for text in action["cards"])
            if len(cards) == 1:
                return DISCARD_ONE + cards[0]
            low, high = cards
            return DISCARD_TWO + (low << 6) + high
        if kind == "claim":
            return CLAIM + int(action["points"])
        return CODE_OF_SIMPLE[kind]

    # ----- scoring -----------------------------------------------------------------------------
    def _score(self, seat: int, points: int) -> None:
        """Move the seat's side `points` holes (nothing while it is boxed); the finish wins."""
        side = self.side_of[seat]
        node = self.pegs[side]
        track = self.track
        if node >= track.first_box:
            return
        self.points.append((seat, points))
        node = self.pegs[side] = track.moves[node * STRIDE + points]
        if node >= track.first_box:
            self.boxes[node - track.first_box].append(side)
        elif node == track.finish:
            self.winner = side
            self.phase = OVER

    # ----- the deal ----------------------------------------------------------------------------
    def _start_deal(self) -> None:
        if not self.rng_owned:
            self.rng = copy_of(self.rng)
            self.rng_owned = True
        deck = shuffled_deck(self.rng)
        dealt = self.deal = self.seating.deals[self.dealer]
        self.hands = [sorted([deck[slot] for slot in slots]) for slots in dealt.hand_slots]
        self.crib = [deck[slot] for slot in dealt.crib_slots]
        self.starter = deck[dealt.starter_slot]
        self.to_discard = dealt.discarders
        self.phase = DISCARD

    def _discard(self, seat: int, code: int) -> None:
        hand = self.hands[seat]
        one = code < DISCARD_TWO
        cards = [code - DISCARD_ONE] if one else [(code - DISCARD_TWO) >> 6, code & 63]
        for card in cards:
            hand.remove(card)
        if self.deal.to_crib[seat]:
            self.crib += cards
        self.to_discard = tuple(other for other in self.to_discard if other != seat)
        if self.to_discard:
            return
        self.kept = self.hands
        self.hands = [kept[:] for kept in self.kept]
        if RANK_OF[self.starter] == JACK:  # his heels
            self._score(self.dealer, 2)
            if self.phase == OVER:
                return
        self.phase = PLAY
        self.count = 0
        self.pile = []
        self.passed = 0
        self.last = NOBODY
        self.left = sum(map(len, self.hands))
        for seat in self.seating.round_from[(self.dealer + 1) % self.players]:
            if self.hands[seat]:
                self.turn = seat
                break

    # ----- the play ----------------------------------------------------------------------------
    def _lay(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.left -= 1
        self.last = seat
        pile = self.pile
        rank = RANK_OF[card]
        count = self.count = self.count + VALUE_OF[card]
        points = 2 if count == 15 or count == LIMIT else 0
        size = len(pile)
        if size and pile[-1] == rank:
            same = 2  # pieces of this rank at the pile's end, the new one included
            while same <= size and pile[-same] == rank:
                same += 1
            points += same * (same - 1)
        elif size >= 2:
            # The longest tail of distinct consecutive ranks: a repeated rank ends every longer one.
            seen = 1 << rank
            low = high = rank
            run = 0
            for back in range(1, size + 1):
                other = pile[-back]
                if seen >> other & 1:
                    break
                seen |= 1 << other
                if other < low:
                    low = other
                elif other > high:
                    high = other
                if back >= 2 and high - low == back:
                    run = back + 1
            points += run
        pile.append(rank)
        if points:
            self._score(seat, points)
            if self.phase == OVER:
                return
        self._after_peg_move(seat)

    def _after_peg_move(self, mover: int) -> None:
        """The go, the last card and the count's restart, as the contract's Pegging does."""
        count = self.count
        if not self.left:
            if count != LIMIT:
                self._score(self.last, 1)
                if self.phase == OVER:
                    return
            self._begin_show()
            return
        hands = self.hands
        if count != LIMIT:
            # Hands are sorted by rank, so a hand's first card is its lowest.
            room = LIMIT - count
            passed = self.passed
            for seat in self.seating.round_from[(mover + 1) % self.players]:
                hand = hands[seat]
                if hand and not passed >> seat & 1:
                    # The next seat in the count: its turn if anyone at all can still play.
                    if VALUE_OF[hand[0]] <= room or any(
                            other and VALUE_OF[other[0]] <= room for other in hands):
                        self.turn = seat
                        return
                    break
            self._score(self.last, 1)  # the go
            if self.phase == OVER:
                return
        self.pile = []
        self.count = 0
        self.passed = 0
        for seat in self.seating.round_from[(self.last + 1) % self.players]:
            if hands[seat]:
                self.turn = seat
                return

    # ----- the show ----------------------------------------------------------------------------
    def _begin_show(self) -> None:
        self.phase = SHOW
        self.step = 0
        if self.muggins:
            return  # every count waits for its claim
        kept = self.kept
        for seat, crib in self.deal.show:
            total = count_total(self.crib if crib else kept[seat], self.starter, crib)
            if total:
                self._score(seat, total)
                if self.phase == OVER:
                    return
        self._end_show()

    def _end_show(self) -> None:
        """Penalty boxes release one peg each once every peg outside is past; the next deal."""
        pegs = self.pegs
        position = self.track.position
        for hole, queue in zip(self.track.box_holes, self.boxes, strict=True):
            if queue and all(position[pegs[side]] > hole
                             for side in range(len(pegs)) if side not in queue):
                pegs[queue.pop(0)] = hole
        self.dealer = (self.dealer + 1) % self.players
        self._start_deal()

    def _claim(self, seat: int, points: int) -> None:
        step = self.step
        crib = self.deal.show[step][1]
        true_total = count_total(self.crib if crib else self.kept[seat], self.starter, crib)
        if points > true_total:
            return  # a recount: the seat claims again
        self.window = NOBODY
        if points:
            self._score(seat, points)
            if self.phase == OVER:
                return
        self.window = seat
        self.missed = true_total - points
        self.window_passed = 0
        self.step = step + 1

    def _press_muggins(self, seat: int) -> None:
        owner = self.window
        self.window = NOBODY
        if self.missed:
            self.chooser = seat
            self.owner = owner
            self.owed = self.missed
        elif self.step >= len(self.deal.show):
            self._end_show()

    def _choose(self, seat: int, keep: bool) -> None:
        self.chooser = NOBODY
        self._score(seat if keep else self.owner, self.owed)
        if self.phase != OVER and self.step >= len(self.deal.show):
            self._end_show()

    def _pass(self, seat: int) -> None:
        passed = self.window_passed = self.window_passed | 1 << seat
        if all(passed >> other & 1 for other in self.seating.opponents[self.window]):
            self.window = NOBODY
            self._end_show()


def _card_code(text: str) -> int:
    card = CARD_OF_TEXT.get(text)
    return card if card is not None else card_int(parse_card(text))


__all__ = ["CribRaceSim"]
