"""The words of the cribbage games' events: how a seat, a card, a count and a score are said.

The rules core (engine/cribbage/sim.py) says what a move did in numbers; the contract game
(engine/cribbage/game.py) asks this module for the event that tells it. Seats are written as
"{s0}", "{s0:plays}" or "{s0's}" (engine.seat_words puts in names, or "you").
"""

from __future__ import annotations

from functools import cache

from engine.cards import SUITS, Card, card_strs, format_cards
from engine.contract import Event
from engine.cribbage.breakdown import Breakdown, ScoreItem
from engine.cribbage.deal import FirstDealCut, starter_cutter
from engine.cribbage.show import ShowCount

REASON_WORDS = {"play": "the play", "go": "the go", "heels": "his heels", "hand": "the hand",
                "crib": "the crib"}


@cache
def card_key(card: Card) -> tuple[int, int]:
    """Canonical order: rank, then suit S H D C, dice (no suit) after suited cards."""
    return card.rank, SUITS.index(card.suit) if card.suit else len(SUITS)


def seat_name(seat: int) -> str:
    """How event text names a seat: "{s0}", which each reader replaces with a name (or "you",
    see engine.seat_words)."""
    return f"{{s{seat}}}"


def seat_does(seat: int, verb: str) -> str:
    """The seat doing something: "{s0:plays}", read "Ann plays" or "You play"."""
    return f"{{s{seat}:{verb}}}"


def seats(seat: int) -> str:
    """The seat's: "{s0's}", read "Ann's" or "your"."""
    return f"{{s{seat}'s}}"


#: seat_does of every seat a game can have (up to 8), for the moves made most often.
SEATS_PLAY = tuple(seat_does(seat, "plays") for seat in range(8))
SEATS_SAY = tuple(seat_does(seat, "says") for seat in range(8))
SEATS_PEG = tuple(seat_does(seat, "pegs") for seat in range(8))


# ----- what made the points ----------------------------------------------------------------------
@cache  # a go or last card scores the same for the same card: its words are spelled once
def one_point(reason: str, card: Card) -> Breakdown:
    """One for the go or the last card, `card` the last laid."""
    return Breakdown((ScoreItem(reason, 1, (card,)),))


@cache
def heels(starter: Card) -> Breakdown:
    return Breakdown((ScoreItem("heels", 2, (starter,)),))


CRIB_BONUS = Breakdown((ScoreItem("crib bonus", 1, ()),))


# ----- events ----------------------------------------------------------------------------------
def first_cut_event(cut: FirstDealCut) -> Event:
    rounds = "; then ".join(
        ", ".join(f"{seat_does(seat, 'cuts')} {card}" for seat, card in cuts)
        for cuts in cut.rounds
    )
    return {"type": "first_cut", **cut.to_json(),
            "text": f"Cut for deal: {rounds}. Lowest card deals: {seat_name(cut.dealer)}."}


def starter_event(players: int, dealer: int, starter: Card) -> Event:
    cutter = starter_cutter(players, dealer)
    return {"type": "starter", "card": str(starter), "seat": cutter,
            "text": f"{seat_does(cutter, 'cuts')}; the starter is {starter}."}


def discard_events(seat: int, cards: list[Card], to_bottom: bool) -> list[Event]:
    where = "under the deck" if to_bottom else "to the crib"
    n = len(cards)
    return [
        {"type": "discard", "seat": seat, "count": n,
         "text": f"{seat_does(seat, 'discards')} {n} card{'s' if n > 1 else ''} {where}."},
        {"type": "discard_cards", "seat": seat, "cards": card_strs(cards), "to": seat,
         "retells": True, "text": f"You discard {format_cards(cards)} {where}."},
    ]


def score_event(seat: int, side: int, points: int, reason: str, breakdown: Breakdown | None,
                score: int) -> Event:
    # The play's points are spelled out here; a count's words are in its "show" event.
    what = f": {breakdown.words()}" if breakdown and reason == "play" else ""
    return {"type": "score", "seat": seat, "side": side, "points": points, "reason": reason,
            "breakdown": breakdown.to_json() if breakdown else None, "score": score,
            "text": f"{SEATS_PEG[seat]} {points} for {REASON_WORDS.get(reason, reason)}"
                    f"{what}. Score {score}."}


def show_event(record: ShowCount) -> Event:
    breakdown = record.breakdown
    said = breakdown.words() if breakdown else ""
    total = breakdown.total if breakdown else record.scored
    cards = card_strs(record.pieces)
    starter = str(record.starter)
    return {
        "type": "show", "seat": record.seat, "kind": record.kind,
        "cards": cards, "starter": starter,
        "breakdown": breakdown.to_json() if breakdown else None,
        "points": total,
        "text": f"{seats(record.seat)} {record.kind} {' '.join(cards)} with {starter}: {said} "
                f"— {total}.",
    }


def recount_event(seat: int, record: ShowCount, points: int) -> Event:
    return {"type": "recount", "seat": seat, "kind": record.kind, "claimed": points,
            "cards": card_strs(record.pieces),
            "text": f"{seat_does(seat, 'claims')} {points} for the {record.kind}: "
                    "that is too many. Count again."}


def claim_event(seat: int, record: ShowCount, points: int) -> Event:
    return {"type": "claim", "seat": seat, "kind": record.kind, "points": points,
            "cards": card_strs(record.pieces), "starter": str(record.starter),
            "text": f"{seat_does(seat, 'claims')} {points} for the {record.kind}: "
                    f"{format_cards(record.pieces)} with {record.starter}."}


def muggins_event(seat: int, owner: int, missed: int, breakdown: Breakdown) -> Event:
    if missed:
        text = (f"Muggins! {seat_does(seat, 'finds')} {missed} more in {seats(owner)} count "
                f"({breakdown.words()}) and may keep them or give them back.")
    else:
        text = (f"{seat_does(seat, 'calls')} muggins, but {seat_name(owner)} counted right: "
                f"{breakdown.words()}.")
    return {"type": "muggins", "seat": seat, "owner": owner, "points": missed,
            "breakdown": breakdown.to_json(), "text": text}


def keep_event(seat: int, owner: int, points: int, keep: bool) -> Event:
    if keep:
        text = f"{seat_does(seat, 'keeps')} the {points} muggins points."
    else:
        text = f"{seat_does(seat, 'gives')} the {points} points back to {seat_name(owner)}."
    return {"type": "keep" if keep else "give_back", "seat": seat, "owner": owner,
            "points": points, "text": text}
