"""Computer players for Pip Pip: `choose_action(view, legal, rng, level)` returns one of `legal`.

Decisions use the seat's own view only (its hand, the table, the cards already played), so the
choice for a given view and rng state never depends on hidden cards.

- easy: calls Pip Pip whenever it can; otherwise plays its lowest card, now and then a random
  one. It never tries to win a trick on purpose.
- normal: weighs each card by its chance to win the trick (against a fresh two-deck pack)
  and what the trick is worth, minus what the card would be worth kept for later (its chance
  to win a trick later: led in its own suit, or for a trump, played on another suit).
- hard: the same weighing with card counting (both decks: what has been played, what is in
  its hand and on the table), the known face-up cards of the seats still to play, and the
  chance of completing a king-queen pair while drawing lasts. Calls Pip Pip at once (the bot
  asks a computer seat only on its turn), first in the suit it would most like as trump.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from engine.cards import SUITS, parse_card
from engine.contract import Action, View
from engine.pip_pip.sim import (
    CALL,
    CALL_POINTS,
    HAND_SIZE,
    KQ_DIGIT,
    PACK,
    PARTNER,
    POINTS,
    beats,
    encode,
    trick_winner,
)
from engine.spec import check_level

FULL_PACK = Counter(PACK)
#: A point taken by an opponent hurts less than a point taken by us helps: there are several
#: opponents and only the best of them matters.
GIVE_AWAY_WEIGHT = 0.5
#: Share of a typical card's points the later players are expected to add to a trick.
LATER_CARDS_SHARE = 0.4
EASY_RANDOM_SHARE = 0.3


def choose_action(
    view: View, legal: list[Action], rng: random.Random, level: str = "hard"
) -> Action:
    """One of `legal` for the seat whose `view` this is."""
    check_level(level, legal)
    calls = [a for a in legal if a["type"] == "call"]
    plays = [a for a in legal if a["type"] == "play"]
    if calls:
        # A call is 50 points, and waiting risks another seat making its suit trump first
        # (then it cannot be called), so every level calls at once; hard picks the order.
        return calls[0] if level != "hard" else call_order(view, calls)[0]
    if level == "easy":
        return _easy_play(plays, view, rng)
    table = Table.from_view(view, counting=(level == "hard"))
    worths = play_worths(table, plays, call_potential=(level == "hard"))
    scored = [(worth, rng.random(), a) for worth, a in zip(worths, plays, strict=True)]
    return max(scored, key=lambda item: (round(item[0], 6), item[1]))[2]


def _codes(cards: Iterable[str]) -> list[int]:
    """The rules core's codes (engine/pip_pip/sim.py) of cards written "KH"."""
    return [encode(parse_card(card)) for card in cards]


def played_card(play: Action) -> int:
    return encode(parse_card(play["card"]))


# ---- easy --------------------------------------------------------------------------------


def _easy_play(plays: list[Action], view: View, rng: random.Random) -> Action:
    if rng.random() < EASY_RANDOM_SHARE:
        return rng.choice(plays)
    trump = SUITS.index(view["trump"])

    def cheapness(play: Action) -> tuple[bool, int, int]:
        card = played_card(play)
        return card >> 4 == trump, POINTS[card], card & 15

    return min(plays, key=cheapness)


# ---- what the seat knows -----------------------------------------------------------------


@dataclass
class Table:
    """The seat's picture of the trick and of the cards it cannot see, cards as the core's
    codes (a suit's cards are the codes suit << 4 up to suit << 4 | 15, by strength)."""

    seat: int
    players: int
    hand: list[int]
    trump: int
    trick: list[int]  # the cards played to this trick, the led one first
    later: list[int]  # seats still to play to this trick after this one, in order
    hand_sizes: list[int]
    declared: list[list[int]]
    unseen: list[int]  # by card: copies not in this hand, not played, not on the table
    unseen_total: int
    drawing: bool
    pile_count: int

    @classmethod
    def from_view(cls, view: View, counting: bool) -> Table:
        seat, players = view["seat"], view["players"]
        hand = _codes(view["hand"])
        trick = _codes(played["card"] for played in view["trick"])
        known = Counter(hand + trick)
        if counting:
            known.update(_codes(view["played"]))
        unseen = [max(0, FULL_PACK[card] - known[card]) for card in range(CALL)]
        return cls(
            seat=seat, players=players, hand=hand, trump=SUITS.index(view["trump"]),
            trick=trick, later=[(seat + k) % players for k in range(1, players - len(trick))],
            hand_sizes=list(view["hand_sizes"]),
            declared=[_codes(cards) for cards in view["declared"]],
            unseen=unseen, unseen_total=sum(unseen),
            drawing=not view["drawing_stopped"], pile_count=view["pile_count"],
        )

    def unseen_at_least(self, card: int) -> int:
        """Unseen copies of the cards of `card`'s suit at least as strong as it."""
        return sum(self.unseen[card:(card | 15) + 1])

    def unseen_in(self, suit: int) -> int:
        return sum(self.unseen[suit << 4:(suit + 1) << 4])

    def mean_unseen_points(self) -> float:
        total = sum(copies * POINTS[card] for card, copies in enumerate(self.unseen))
        return total / self.unseen_total if self.unseen_total else 0.0


# ---- chances -----------------------------------------------------------------------------


def _holds_one(wanted: int, pool: int, hand_size: int) -> float:
    """Chance that a hand of `hand_size` cards from `pool` unseen cards holds at least one of
    `wanted` particular cards (independent draws: close enough and cheap)."""
    if wanted <= 0 or pool <= 0 or hand_size <= 0:
        return 0.0
    return 1.0 - (1.0 - min(1.0, wanted / pool)) ** hand_size


def _chance_seat_beats(table: Table, seat: int, card: int, led: int) -> float:
    """Chance that `seat`, playing after us, can beat `card` (then winning the trick)."""
    trump, pool = table.trump, table.unseen_total
    size = table.hand_sizes[seat] or HAND_SIZE
    led_left = table.unseen_in(led)
    void = (1.0 - min(1.0, led_left / pool)) ** size if pool else 1.0
    if card >> 4 == led:
        chance = _holds_one(table.unseen_at_least(card), pool, size)
        if led != trump:
            chance += void * _holds_one(table.unseen_in(trump), pool - led_left, size)
    else:  # a trump played on another suit: only a higher trump from a void seat beats it
        chance = void * _holds_one(table.unseen_at_least(card), pool - led_left, size)
    # Face-up cards are known to be in that hand.
    for shown in table.declared[seat]:
        if shown >> 4 == led == card >> 4 and shown >= card:
            chance = max(chance, 0.9)
        elif shown >> 4 == trump and beats(shown, card, trump):
            chance = max(chance, void if led != trump else 0.9)
    return min(chance, 1.0)


def chance_to_win(table: Table, card: int) -> float:
    """Chance that `card`, played now, takes the trick."""
    trick = table.trick
    if trick:
        if not beats(card, trick[trick_winner(trick, table.trump)], table.trump):
            return 0.0
        led = trick[0] >> 4
    else:
        led = card >> 4
    chance = 1.0
    for seat in table.later:
        chance *= 1.0 - _chance_seat_beats(table, seat, card, led)
    return chance


def _chance_to_win_later(table: Table, card: int) -> float:
    """Chance that `card`, kept, wins a trick later against every other seat: led in its own
    suit, or for a trump played on another suit (a ruff), beaten only by a higher trump from
    a seat that is also void in that suit."""
    others = [s for s in range(table.players) if s != table.seat]
    if card >> 4 != table.trump:
        everyone = replace(table, trick=[], later=others)
        return chance_to_win(everyone, card)
    pool = table.unseen_total
    if pool == 0:
        return 1.0
    plain = [table.unseen_in(suit) for suit in range(4) if suit != table.trump]
    higher_trumps = table.unseen_at_least(card)
    chance = 1.0
    for seat in others:
        size = table.hand_sizes[seat] or HAND_SIZE
        void = sum((1.0 - min(1.0, n / pool)) ** size for n in plain) / len(plain)
        chance *= 1.0 - void * _holds_one(higher_trumps, pool, size)
    return chance


# ---- weighing a play ---------------------------------------------------------------------


def _pair_chance(table: Table, card: int) -> float:
    """Chance of calling Pip Pip with this king or queen later: its partner is in hand
    already (waiting for trump to move) or may still be drawn."""
    if not KQ_DIGIT[card]:
        return 0.0
    declared = table.declared[table.seat]
    if declared.count(card) >= table.hand.count(card):
        return 0.0  # every copy held has been called already
    partner = PARTNER[card]
    if table.hand.count(partner) > declared.count(partner):
        return 0.5  # a pair in the trump suit: callable once trump moves
    if not table.drawing or table.unseen_total == 0:
        return 0.0
    # Each unseen copy of the partner misses our draws left with chance 1 - draws / unseen.
    draws_left = table.pile_count // table.players
    chance = 1.0 - (1.0 - min(1.0, draws_left / table.unseen_total)) ** table.unseen[partner]
    return chance * (0.5 if card >> 4 == table.trump else 1.0)


def play_worths(table: Table, plays: list[Action], call_potential: bool) -> list[float]:
    """Each card's worth: the trick it may win now (or hand to another seat), less what it
    would be worth kept for later; with `call_potential`, a king or queen kept also counts
    its chance of a Pip Pip call."""
    on_table = sum(POINTS[card] for card in table.trick)
    per_card = table.mean_unseen_points()
    later_points = len(table.later) * per_card * LATER_CARDS_SHARE
    # What a trick holds when a strong card kept for later wins it.
    typical_trick = (table.players - 1) * per_card

    def worth(action: Action) -> float:
        card = played_card(action)
        win = chance_to_win(table, card)
        stake = on_table + POINTS[card] + later_points
        now = win * stake - (1.0 - win) * GIVE_AWAY_WEIGHT * stake
        kept = _chance_to_win_later(table, card) * (POINTS[card] + typical_trick)
        if call_potential:
            kept += _pair_chance(table, card) * CALL_POINTS
        return now - kept

    return [worth(a) for a in plays]


def call_preference(hand: Sequence[int], suit: int, double: bool) -> tuple[bool, int]:
    """How keen we are to make a call first: double calls (100 at once); then the suit we hold
    most strength in, since the first call of a trick decides the next trump."""
    return double, sum((card & 15) + 1 for card in hand if card >> 4 == suit)


def call_order(view: View, calls: list[Action]) -> list[Action]:
    """Calls, the one to make first first (call_preference)."""
    hand = _codes(view["hand"])
    return sorted(calls, reverse=True, key=lambda call: call_preference(
        hand, SUITS.index(call["suit"]), bool(call.get("double"))))
