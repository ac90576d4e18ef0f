"""Pip Pip on the simulation (engine/pip_pip/sim.py) for the expert's search: how far a
rollout goes, what a position is worth, and a fast rollout player.

`lead` is the expert's score lead (our score against the best other seat's). `policy` plays
with the hard level's ideas in their perfect-information form: inside a determinized deal
every hand is known, so whether a card can still be beaten this trick is a fact, not a
chance. It calls Pip Pip at once (a double first, then the suit it is strongest in), takes a
trick with its cheapest sure winner when the trick is worth it, keeps trumps, points and
king-queen partners otherwise, and throws its lowest card when it cannot win.
"""

from __future__ import annotations

import random

from engine.ai import pip_pip as pip_pip_ai
from engine.pip_pip.ranking import HAND_SIZE
from engine.pip_pip.sim import CALL, DOUBLE, KQ_DIGIT, PACK, POINTS, PipPipSimulation

#: Tricks a rollout plays before the position is judged. Three (the view-based expert's)
#: let the search spend trumps and aces for this trick's points, whose cost shows only later:
#: at 3 (50 deals) the expert won 4 of 30 games against three hard players, at 8 (30 deals)
#: 13 of 48 (both too few to tell apart for sure).
STEPS = 8
#: A won game on lead's scale (points).
WIN_VALUE = 150.0

#: What playing a trump away costs, a king or queen whose partner is in hand, and each step
#: of a card's strength (in points): the hand's future tricks.
_TRUMP_COST = 4.0
_PARTNER_COST = 6.0
_STRENGTH_COST = 0.3
#: Points the seats still to play are expected to add to a trick won safely.
_LATER_CARD_POINTS = 1.0
#: The king or queen partner of each king or queen code (the other of the pair).
_PARTNER = [-1] * CALL
for _code in range(CALL):
    if KQ_DIGIT[_code]:
        _PARTNER[_code] = (_code & ~15) | (19 - (_code & 15))  # K and Q strengths: 10 and 9


def progress(sim: PipPipSimulation) -> int:
    """1000 * round + trick number, as the view counts them (round, trick_number)."""
    players = sim.players
    if sim.drawing:
        played = len(PACK) - HAND_SIZE * players - len(sim.pile) - len(sim.trick)
        trick = played // players + 1
    else:
        tricks = (len(PACK) - len(PACK) % players) // players
        trick = tricks - max(len(hand) for hand in sim.hands) + 1
    return 1000 * sim.round + trick


def mover(sim: PipPipSimulation) -> int:
    """The seat to play: in a rollout a seat calls on its own turn, as the computer players
    do at the table (any seat may call at any time, so to_act() would let callers cut in)."""
    return sim.turn


def lead(sim: PipPipSimulation, seat: int) -> float:
    """Our score against the best other seat's, as the view-based expert counts it."""
    totals = sim.totals
    mine = totals[seat]
    return float(mine - max(score for other, score in enumerate(totals) if other != seat))


def policy(sim: PipPipSimulation, seat: int, rng: random.Random) -> int:
    """A good, fast move for `seat` (the seat to play, or one that may call)."""
    legal = sim.legal(seat)
    if len(legal) == 1:
        return legal[0]
    if legal[-1] >= CALL:  # calls come after the plays
        return _best_call(sim, seat, [code for code in legal if code >= CALL])
    return _play(sim, seat, legal)


def _best_call(sim: PipPipSimulation, seat: int, calls: list[int]) -> int:
    """A double call first (100 at once), then the suit we hold most strength in: the first
    call of a trick decides the next trump (pip_pip_ai.call_order)."""
    hand = sim.hands[seat]

    def key(code: int) -> tuple[bool, int]:
        suit = code & 3
        return code >= DOUBLE, sum((card & 15) + 1 for card in hand if card >> 4 == suit)

    return max(calls, key=key)


def _play(sim: PipPipSimulation, seat: int, plays: list[int] | tuple[int, ...]) -> int:
    players, trump, trick, hands = sim.players, sim.trump, sim.trick, sim.hands
    hand = hands[seat]
    best = -1
    for card in trick:
        if best < 0 or (card >= best if (card ^ best) < 16 else card >> 4 == trump):
            best = card
    on_table = sum(POINTS[card] for card in trick)
    # Each seat still to play: its highest card of each suit (-1: none).
    tops = []
    for step in range(1, players - len(trick)):
        top = [-1, -1, -1, -1]
        for card in hands[(seat + step) % players]:
            if card > top[card >> 4]:
                top[card >> 4] = card
        tops.append(top)
    led = trick[0] >> 4 if trick else -1
    best_card, best_value = plays[0], None
    for card in plays:
        suit = card >> 4
        cost = _STRENGTH_COST * (card & 15)
        if suit == trump:
            cost += _TRUMP_COST
        partner = _PARTNER[card]
        if partner >= 0 and partner in hand:
            cost += _PARTNER_COST
        wins_now = best < 0 or (card >= best if (card ^ best) < 16 else suit == trump)
        if wins_now and not _beaten(card, suit if led < 0 else led, trump, tops):
            value = on_table + POINTS[card] + _LATER_CARD_POINTS * len(tops) - cost
        else:
            value = -POINTS[card] - cost
        if best_value is None or value > best_value:
            best_card, best_value = card, value
    return best_card


def _beaten(card: int, led: int, trump: int, tops: list[list[int]]) -> bool:
    """Whether a seat still to play can beat `card`, winning the trick so far: it must follow
    the led suit if it can, else it may trump."""
    suit = card >> 4
    for top in tops:
        if top[led] >= 0:
            if suit == led and top[led] >= card:
                return True
        elif top[trump] >= 0 and (suit != trump or top[trump] >= card):
            return True
    return False


# ---- the hard level, on the simulation ---------------------------------------------------

#: Each card code's copies in the two packs (codes with no card: none).
_COPIES = [0] * CALL
for _code in PACK:
    _COPIES[_code] += 1
_SCORING_CODES = [code for code in range(CALL) if POINTS[code]]
_KQ_CODES = [code for code in range(CALL) if KQ_DIGIT[code]]


def hard_policy(sim: PipPipSimulation, seat: int, rng: random.Random) -> int:
    """The hard level's move (engine/ai/pip_pip.py) from what `seat` could see, played on the
    simulation: the other seats' hands are not looked at, only counted as unseen. The expert
    plays against hard players, so rollouts in which every seat plays as hard does measure
    what an action is worth against them."""
    legal = sim.legal(seat)
    if len(legal) == 1:
        return legal[0]
    if legal[-1] >= CALL:
        return _best_call(sim, seat, [code for code in legal if code >= CALL])
    worths = hard_worths(sim, seat, legal)
    top = max(round(worth, 6) for worth in worths)
    best = [card for card, worth in zip(legal, worths, strict=True) if round(worth, 6) == top]
    return best[0] if len(best) == 1 else rng.choice(best)


def hard_worths(sim: PipPipSimulation, seat: int, plays: list[int] | tuple[int, ...]
                ) -> list[float]:
    """pip_pip_ai.play_worths at the hard level for each of `plays`, from the seat's view:
    its hand, the cards played this round, the face-up cards, the hand sizes and the pile."""
    players, trump, trick, hands, declared = (sim.players, sim.trump, sim.trick, sim.hands,
                                              sim.declared)
    hand = hands[seat]
    unseen = list(map(int.__sub__, _COPIES, sim.gone))
    for card in hand:
        unseen[card] -= 1
    in_suit = [sum(unseen[suit << 4:(suit << 4) + 13]) for suit in range(4)]
    pool = sum(in_suit)
    per_card = (sum(unseen[code] * POINTS[code] for code in _SCORING_CODES) / pool
                if pool else 0.0)
    later = [(seat + step) % players for step in range(1, players - len(trick))]
    others = [other for other in range(players) if other != seat]
    sizes = [len(cards) or HAND_SIZE for cards in hands]
    # void[other][suit]: the chance that seat holds none of the suit (draws independent).
    void = [[(1.0 - min(1.0, count / pool)) ** sizes[other] if pool else 1.0
             for count in in_suit] for other in range(players)]
    shown = [[code for code in _KQ_CODES if declared[other << 6 | code]] if other != seat
             else [] for other in range(players)]
    trump_base = trump << 4
    on_table = sum(POINTS[card] for card in trick)
    later_points = len(later) * per_card * pip_pip_ai.LATER_CARDS_SHARE
    typical_trick = (players - 1) * per_card * pip_pip_ai.KEPT_TRICK_SHARE
    best = -1
    for card in trick:
        if best < 0 or _beats(card, best, trump):
            best = card

    def beaten(card: int, seats: list[int], led: int) -> float:
        """The chance that none of `seats`, playing after `card`, beats it."""
        rank = card & 15
        led_left = in_suit[led]
        off_led = pool - led_left
        if card >> 4 == led:
            higher = min(1.0, sum(unseen[card:(led << 4) + 13]) / pool) if pool else 0.0
            ruff = min(1.0, in_suit[trump] / off_led) if led != trump and off_led > 0 else 0.0
        else:  # a trump on another suit: only a higher trump from a void seat beats it
            higher = 0.0
            ruff = (min(1.0, sum(unseen[trump_base + rank:trump_base + 13]) / off_led)
                    if off_led > 0 else 0.0)
        chance = 1.0
        for other in seats:
            size = sizes[other]
            empty = void[other][led]
            beat = 1.0 - (1.0 - higher) ** size if higher else 0.0
            if ruff:
                beat += empty * (1.0 - (1.0 - ruff) ** size)
            for face_up in shown[other]:
                if face_up >> 4 == led == card >> 4 and face_up & 15 >= rank:
                    beat = max(beat, 0.9)
                elif face_up >> 4 == trump and _beats(face_up, card, trump):
                    beat = max(beat, empty if led != trump else 0.9)
            chance *= 1.0 - min(beat, 1.0)
        return chance

    def chance_to_win_later(card: int) -> float:
        if card >> 4 != trump:
            return beaten(card, others, card >> 4)
        if pool == 0:
            return 1.0
        higher = min(1.0, sum(unseen[card:trump_base + 13]) / pool)
        chance = 1.0
        for other in others:
            plain = [chance for suit, chance in enumerate(void[other]) if suit != trump]
            chance *= 1.0 - (sum(plain) / len(plain)
                             * (1.0 - (1.0 - higher) ** sizes[other] if higher else 0.0))
        return chance

    def pair_chance(card: int) -> float:
        partner = _PARTNER[card]
        if partner < 0 or declared[seat << 6 | card] >= hand.count(card):
            return 0.0
        if hand.count(partner) - declared[seat << 6 | partner] > 0:
            return 0.5  # a pair in the trump suit: callable once trump moves
        if not sim.drawing or pool == 0:
            return 0.0
        draws_left = len(sim.pile) // players
        chance = 1.0 - (1.0 - min(1.0, draws_left / pool)) ** unseen[partner]
        return chance * (0.5 if card >> 4 == trump else 1.0)

    worths = []
    for card in plays:
        if best < 0:
            win = later_win = beaten(card, later, card >> 4)
            if card >> 4 == trump or len(later) != len(others):
                later_win = chance_to_win_later(card)
        else:
            win = beaten(card, later, trick[0] >> 4) if _beats(card, best, trump) else 0.0
            later_win = chance_to_win_later(card)
        stake = on_table + POINTS[card] + later_points
        now = win * stake - (1.0 - win) * pip_pip_ai.GIVE_AWAY_WEIGHT * stake
        kept = later_win * (POINTS[card] + typical_trick)
        if _PARTNER[card] >= 0:
            kept += pair_chance(card) * pip_pip_ai.CALL_POINTS
        worths.append(now - kept)
    return worths


def _beats(card: int, best: int, trump: int) -> bool:
    """Whether `card`, played after `best` (winning so far), takes the lead."""
    return card >= best if (card ^ best) < 16 else card >> 4 == trump
