"""Stacked decks for worked game situations: say who holds what, get the deck order."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, parse_card, parse_cards, standard_deck
from engine.cribbage import CribbageGame
from engine.cribbage.deal import seats_from_left
from engine.registry import GAMES


def stacked_deck(
    hands: Sequence[str], dealer: int, starter: str, crib_from_deck: str = ""
) -> list[Card]:
    """The deck (top first) that deals `hands[seat]` ("5H TS ..."), then the crib's cards from
    the deck, then turns `starter`; the unused cards follow in a fixed order."""
    players = len(hands)
    parsed = [parse_cards(h) for h in hands]
    order: list[Card] = []
    for round_no in range(max(len(h) for h in parsed)):
        for seat in seats_from_left(players, dealer):
            if round_no < len(parsed[seat]):
                order.append(parsed[seat][round_no])
    order += parse_cards(crib_from_deck)
    order.append(parse_card(starter))
    assert len(set(order)) == len(order), "a card is stacked twice"
    return order + [c for c in standard_deck() if c not in order]


def stacked_game(
    hands: Sequence[str],
    dealer: int,
    starter: str,
    crib_from_deck: str = "",
    **options: object,
) -> CribbageGame:
    game = GAMES["cribbage"].new(len(hands), dict(options), seed=1)
    assert isinstance(game, CribbageGame)
    game.restack(stacked_deck(hands, dealer, starter, crib_from_deck), dealer=dealer)
    return game


def discard_all(game: CribbageGame, discards: dict[int, str]) -> list[dict]:
    events: list[dict] = []
    for seat, cards in discards.items():
        events += game.apply(seat, {"type": "discard", "cards": cards.split()})
    return events


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]
