"""Helpers for Pip Pip tests: games with chosen hands, and whole games played at random."""

from __future__ import annotations

import random
from collections import Counter

from engine.cards import Card, parse_cards
from engine.contract import Action, Event
from engine.pip_pip import PipPipGame
from engine.pip_pip.ranking import pack


def rigged(
    hands: list[str], trump: str = "S", leader: int = 0, pile: str = "", seed: int = 0
) -> PipPipGame:
    """A one-round game whose hands, trump and leader are chosen; an empty pile means drawing
    has already stopped, so the hands are played out."""
    game = PipPipGame(len(hands), {"rounds": 1}, seed)
    game.hands = [parse_cards(hand) for hand in hands]
    game.declared = [[] for _ in hands]
    game.pile = parse_cards(pile)
    game.drawing = bool(pile)
    game.set_aside = []
    game.trump = trump
    game.leader = game.turn = leader
    return game


def play(game: PipPipGame, *cards: str) -> list[Event]:
    """Play cards in turn order from whoever is to play."""
    events: list[Event] = []
    for card in cards:
        events += game.apply(game.turn, {"type": "play", "card": card})
    return events


def all_cards(game: PipPipGame) -> Counter[Card]:
    """Every card the game knows of this round: hands, pile, set aside, played, the trick."""
    cards: Counter[Card] = Counter()
    for hand in game.hands:
        cards.update(hand)
    cards.update(game.pile)
    cards.update(game.set_aside)
    cards.update(game.played)
    cards.update(card for _, card in game.trick)
    return cards


FULL_PACK = Counter(pack())


def random_step(game: PipPipGame, rng: random.Random) -> tuple[int, Action]:
    """A random seat that may act and one of its legal actions, calls less often than plays
    so that games also see trump stay put."""
    seat = rng.choice(game.to_act())
    if seat != game.turn and rng.random() < 0.7:
        seat = game.turn
    return seat, rng.choice(game.legal_actions(seat))
