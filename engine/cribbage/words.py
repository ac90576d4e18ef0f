"""The words the cribbage games' events share: how a seat, a card order and a reason for
points are said, and the events of the cuts and the show's counts (game_record.py words the
moves' own events where it records them). Seats are written as "{s0}", "{s0:plays}" or
"{s0's}" (engine.seat_words puts in names, or "you").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from engine.cards import SUITS, Card, card_strs
from engine.contract import Event
from engine.cribbage.breakdown import Breakdown, ScoreItem
from engine.cribbage.deal import FirstDealCut, starter_cutter
from engine.cribbage.show import ShowCount

REASON_WORDS = {"play": "the play", "go": "the go", "last card": "the last card",
                "heels": "his heels", "hand": "the hand", "crib": "the crib",
                "crib bonus": "the crib bonus"}


@cache
def card_key(card: Card) -> tuple[int, int]:
    """Canonical order: rank, then suit S H D C, dice (no suit) after suited cards."""
    return card.rank, SUITS.index(card.suit) if card.suit else len(SUITS)


def points_word(n: int) -> str:
    """ "1 point", "4 points"."""
    return f"{n} point{'' if n == 1 else 's'}"


def too_many(kind: str, lowest_refused: int) -> str:
    """What a claim refused as too many tells the counter (docs/RULES.md C-15, C-19)."""
    worth = "nothing" if lowest_refused == 1 else f"less than {lowest_refused}"
    return f"Too many: your {kind} is worth {worth}."


def seat_name(seat: int) -> str:
    """The seat: "{s0}", read "Ann" or "you"."""
    return f"{{s{seat}}}"


def seat_does(seat: int, verb: str) -> str:
    """The seat doing something: "{s0:plays}", read "Ann plays" or "You play"."""
    return f"{{s{seat}:{verb}}}"


def seats(seat: int) -> str:
    """The seat's: "{s0's}", read "Ann's" or "your"."""
    return f"{{s{seat}'s}}"


def seat_list(seats: Iterable[int], joiner: str = ", ") -> str:
    """The seats named in turn: "{s0}, {s2}", or with " & " a side's partners."""
    return joiner.join(seat_name(seat) for seat in seats)


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


def told_with(maker: Event, score: Event, said: str, place: str) -> None:
    """A score said at the end of the line of what made it, just before it (the seat's play,
    or its hand's or crib's count): the score's "together" is that one line, which a reader
    short of rows tells in place of the two (at eight players a deal's play and show told
    each score on a second line). `said` is the play's points in words, whose last item's
    total is the points scored ("thirty-one for two")."""
    reason = score["reason"]
    if maker["seat"] != score["seat"]:
        return
    if maker["type"] == "play" and reason in ("play", "go", "last card"):
        points = said or f"1 for {REASON_WORDS[reason]}"
        score["together"] = f"{maker['text'].removesuffix('.')}: {points}. {place}"
    elif maker["type"] == "show" and maker["kind"] == reason:
        score["together"] = f"{maker['text']} {place}"
