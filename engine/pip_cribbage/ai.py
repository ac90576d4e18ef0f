"""Computer players for PIP Cribbage: `choose_action(view, legal, rng, level)`.

Cribbage's player (engine/cribbage/ai.py) with the dice as pieces: both dice are public, so
the discard (with a dealer's Turn or Borrowed PIP), Crux and Turn are worked out exactly from
the seat's view, but for Crux's worth of counting first (a rough chance of going out). In the
play each die is a piece its owner surely holds until laid; muggins claims go by PIP
Cribbage's flush rules.

Levels as in Cribbage: easy keeps the cards that score most as they stand and pegs for points
now, normal averages over starters and weighs the reply, hard adds the crib (exact: both dice
are known), the worth of counting first and the crib still to come on Turn.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from engine.cards import Card, die, parse_card, parse_cards
from engine.contract import Action, View
from engine.cribbage import ai as crib_ai
from engine.cribbage.ai import (
    EASY_RANDOM_SHARE,
    DiscardWorth,
    ShowOrder,
    choose_play,
    choose_show_action,
    crib_sign,
    discard_value,
    kept_after,
    missed_points,
    play_situation,
    points_needed,
    unseen_cards,
)
from engine.cribbage.pieces import JACK
from engine.cribbage.scoring import FlushRule, hand_total
from engine.pip_cribbage.sim import RENEW_PIPS
from engine.pip_cribbage.track import BORROWED_PIP_SPACE, TURN_SPACE
from engine.spec import check_level

HAND_FLUSH, CRIB_FLUSH = FlushRule.WITH_STARTER, FlushRule.NONE
#: What winning the game is worth in points when deciding to count first (Crux Priority).
GAME_WORTH = 30.0
#: Points a deal usually brings, before the show: the non-dealer pegs about 4, the dealer 5.
USUAL_PEG = 4.5
USUAL_HAND = 9.0  # three cards, a die and the starter


def choose_action(
    view: View, legal: list[Action], rng: random.Random, level: str = "hard"
) -> Action:
    """One of `legal` for the seat whose `view` this is."""
    check_level(level, legal)
    if len(legal) == 1:
        return legal[0]
    kinds = {action["type"] for action in legal}
    if "crux" in kinds:
        return choose_crux(view, legal, rng, level)
    if "discard" in kinds:
        return choose_discard(view, legal, rng, level)
    if "play" in kinds:
        situation = play_situation(view, known_dice(view), show_order(view))
        return choose_play(view, legal, rng, level, situation)
    if "flip" in kinds:
        if "muggins" in kinds and missed_points(view, pip_count) > 0:
            return {"type": "muggins"}
        return choose_turn(view, legal, level)
    return choose_show_action(view, legal, rng, level, pip_count)


def choose_off_turn(
    view: View, legal: list[Action], rng: random.Random, level: str = "hard"
) -> Action | None:
    """Cribbage's Muggins! off turn (GameSpec.off_turn), by PIP Cribbage's count."""
    return crib_ai.choose_off_turn(view, legal, rng, level, pip_count)


def pip_count(kind: str, pieces: Sequence[Card], starter: Card) -> int:
    return hand_total(pieces, starter, flush=CRIB_FLUSH if kind == "crib" else HAND_FLUSH)


# ===== the dice as this seat sees them ========================================================


def face_of(view: View, seat: int) -> int:
    return int(view["dice"][seat]["face"])


def die_of(view: View, seat: int) -> Card:
    return die(face_of(view, seat))


def known_dice(view: View) -> dict[int, list[Card]]:
    """The dice each seat still has to lay in the play: public, so surely held."""
    return {seat: [die_of(view, seat)] * int(view["pip_plays"][seat])
            for seat in range(view["players"])}


def is_dealer(view: View) -> bool:
    return bool(view["dealer"] == view["seat"])


def dealing_on(view: View, space: int) -> bool:
    """Whether this seat deals with its die on `space`."""
    return is_dealer(view) and view["effect"]["space"] == space


def hand_pieces(view: View, kept: Sequence[Card], face: int) -> list[Card]:
    """The seat's hand in the show: kept cards, its die showing `face`, and the other die when
    it deals on Borrowed PIP."""
    pieces = [*kept, die(face)]
    if dealing_on(view, BORROWED_PIP_SPACE):
        pieces.append(die_of(view, 1 - view["seat"]))
    return pieces


def show_order(view: View) -> ShowOrder:
    """(my hand is counted first, its points, the other's usual hand) for the play's end game.
    Priority puts the dealer's hand first; a dealer on Turn will take the better face."""
    counts_first = is_dealer(view) == (view.get("crux_choice") == "priority")
    starter = parse_card(view["starter"])
    points = hand_points(view, parse_cards(view["kept"]), face_of(view, view["seat"]), starter)
    return counts_first, points, USUAL_HAND


def hand_points(view: View, kept: Sequence[Card], face: int, starter: Card) -> int:
    """The seat's hand with its die on `face` and this starter; a dealer on Turn flips the
    die when that scores more."""
    faces = (face, 7 - face) if dealing_on(view, TURN_SPACE) else (face,)
    return max(pip_count("hand", hand_pieces(view, kept, f), starter) for f in faces)


# ===== the discard and Crux ===================================================================


def choose_discard(view: View, legal: list[Action], rng: random.Random, level: str) -> Action:
    hand = parse_cards(view["hand"])
    face = face_of(view, view["seat"])
    if level == "easy":
        if rng.random() < EASY_RANDOM_SHARE:
            return rng.choice(legal)
        return max(legal, key=lambda a: hand_total(hand_pieces(view, kept_after(hand, a), face),
                                                   None))
    return max(legal, key=lambda a: discard_worth(view, hand, a, face, level))


def discard_worth(view: View, hand: Sequence[Card], action: Action, face: int,
                  level: str) -> float:
    """The level's value of a discard (Cribbage's discard_value), the crib weighed at hard."""
    worth = discard_parts(view, hand, action, face, unseen_cards(view), with_crib=level == "hard")
    return discard_value(worth, level, points_needed(view, view["seat"]))


def discard_parts(view: View, hand: Sequence[Card], action: Action, face: int,
                  unseen: Sequence[Card], with_crib: bool) -> DiscardWorth:
    """The kept pieces' show with each unseen starter (`hand_points`), and (`with_crib`) the
    crib's exact average, + for the dealer."""
    kept = kept_after(hand, action)
    totals = [hand_points(view, kept, face, starter) for starter in unseen]
    crib = 0.0
    if with_crib:
        dice = [die(face), die_of(view, 1 - view["seat"])]
        crib = crib_sign(view) * crib_average(parse_cards(action["cards"])[0], dice, unseen)
    return DiscardWorth(totals, crib)


def crib_average(thrown: Card, dice: Sequence[Card], unseen: Sequence[Card]) -> float:
    """The crib's average: `thrown`, one unseen card from the other player, both dice and an
    unseen starter. Fifteens, pairs and runs go by rank only, so the enumeration runs over
    rank pairs weighted by how many cards of each rank are unseen; nobs is added apart."""
    ranks = Counter(card.rank for card in unseen)
    pool = len(unseen)
    mine = Card(thrown.rank, None)  # rank-only: nobs is counted below
    points = 0.0
    for their_rank, their_copies in ranks.items():
        theirs = Card(their_rank, None)
        for starter_rank, starter_copies in ranks.items():
            ways = their_copies * (starter_copies - (starter_rank == their_rank))
            if ways:
                crib = (mine, theirs, *dice)
                points += ways * hand_total(crib, Card(starter_rank, None), flush=CRIB_FLUSH)
    average = points / (pool * (pool - 1))
    return average + nobs_chance(thrown, unseen)


def nobs_chance(thrown: Card, unseen: Sequence[Card]) -> float:
    """Expected nobs in the crib: a jack (ours or theirs) in the starter's suit."""
    pool = len(unseen)
    suits = Counter(card.suit for card in unseen)
    ours = suits[thrown.suit] / pool if thrown.rank == JACK else 0.0
    return sum(((suits[card.suit] - 1) / (pool * (pool - 1))
                for card in unseen if card.rank == JACK), ours)


def best_discard_worth(view: View, face: int, level: str) -> float:
    hand = parse_cards(view["hand"])
    return max(discard_worth(view, hand, {"cards": [str(card)]}, face, level) for card in hand)


def choose_crux(view: View, legal: list[Action], rng: random.Random, level: str) -> Action:
    if level == "easy":
        return rng.choice(legal)
    as_is, renewed, priority_worth = crux_worths(view, level)
    choice = "renew" if renewed - as_is > priority_worth else "priority"
    return next(action for action in legal if action["choice"] == choice)


def crux_worths(view: View, level: str) -> tuple[float, float, float]:
    """(the best discard as the die stands, the best with it renewed, what counting first is
    worth: only weighed at hard)."""
    face = face_of(view, view["seat"])
    as_is = best_discard_worth(view, face, level)
    renewed = best_discard_worth(view, min(6, face + RENEW_PIPS), level)
    priority_worth = 0.0
    if level == "hard":
        priority_worth = GAME_WORTH * counting_first_matters(view, as_is)
    return as_is, renewed, priority_worth


def counting_first_matters(view: View, my_show: float) -> float:
    """Roughly the chance that the non-dealer would go out with its hand while the dealer
    could have gone out with hand and crib: the case Priority turns into a win."""
    seat = view["seat"]
    mine = reach_chance(points_needed(view, seat), USUAL_PEG + my_show)
    theirs = reach_chance(points_needed(view, 1 - seat), USUAL_PEG + USUAL_HAND)
    return mine * theirs


def reach_chance(need: int, expected: float) -> float:
    """A rough chance of scoring `need` points when `expected` are usual (spread about 8)."""
    return min(1.0, max(0.0, (expected + 8 - need) / 16))


# ===== Turn ===================================================================================


def choose_turn(view: View, legal: list[Action], level: str) -> Action:
    flip = next(a for a in legal if a["type"] == "flip")
    keep = {"type": "keep_die"}
    face, opposite = face_of(view, view["seat"]), int(flip["face"])
    return flip if turn_worth(view, opposite, level) > turn_worth(view, face, level) else keep


def turn_worth(view: View, face: int, level: str) -> float:
    """The dealer's hand with its die on `face`, plus (hard) the crib still to be counted."""
    kept = parse_cards(view["kept"])
    starter = parse_card(view["starter"])
    worth: float = hand_total(hand_pieces(view, kept, face), starter, flush=HAND_FLUSH)
    if level == "hard" and not any(r["kind"] == "crib" for r in view["show"]):
        thrown = parse_cards(view["discards"])[0]
        other_die = die_of(view, 1 - view["seat"])
        unseen = unseen_cards(view)
        worth += sum(hand_total((thrown, theirs, die(face), other_die), starter,
                                flush=CRIB_FLUSH) for theirs in unseen) / len(unseen)
    return worth
