"""Helpers for Pip Pip tests: games with chosen hands, what a game holds, and random moves."""

from __future__ import annotations

import random
from collections import Counter

from engine.cards import SUITS, Card, parse_cards
from engine.contract import Action, Event, View
from engine.pip_pip import PipPipGame
from engine.pip_pip.sim import CARD_OF, CARDS, encode


def codes(cards: str) -> list[int]:
    """The rules core's codes of cards written "KH 5C"."""
    return [encode(card) for card in parse_cards(cards)]


def cards(codes: list[int]) -> list[Card]:
    return [card for card in map(CARD_OF.__getitem__, codes) if card is not None]


def rigged(
    hands: list[str], trump: str = "S", leader: int = 0, pile: str = "", seed: int = 0
) -> PipPipGame:
    """A one-round game whose hands, trump and leader are chosen; an empty pile means drawing
    has already stopped, so the hands are played out (the pile is drawn from its end)."""
    game = PipPipGame(len(hands), {"rounds": 1}, seed)
    core = game.core
    core.hands = [codes(hand) for hand in hands]
    core.face_up = [[] for _ in hands]
    core.pile = codes(pile)
    core.drawing = bool(pile)
    core.set_aside = []
    core.trump = SUITS.index(trump)
    core.leader = core.turn = leader
    core.recount()
    game.state_changed()
    return game


def seen(game: PipPipGame) -> View:
    """What the whole table sees: the channel's view."""
    return game.view(None)


def hand(game: PipPipGame, seat: int) -> list[Card]:
    """The seat's cards in the order it holds them."""
    return cards(game.core.hands[seat])


def play(game: PipPipGame, *cards: str) -> list[Event]:
    """Play cards in turn order from whoever is to play."""
    events: list[Event] = []
    for card in cards:
        events += game.apply(game.core.turn, {"type": "play", "card": card})
    return events


def all_cards(game: PipPipGame) -> Counter[Card]:
    """Every card the game knows of this round: hands, pile, set aside, played, the trick."""
    core = game.core
    held: Counter[Card] = Counter()
    for codes_held in (*core.hands, core.pile, core.set_aside, game.played, core.trick):
        held.update(cards(codes_held))
    return held


FULL_PACK = Counter(CARDS)


def random_step(game: PipPipGame, rng: random.Random) -> tuple[int, Action]:
    """A random seat that may act and one of its legal actions, calls less often than plays
    so that games also see trump stay put."""
    turn = game.waiting_for()[0]
    seat = rng.choice(game.to_act())
    if seat != turn and rng.random() < 0.7:
        seat = turn
    return seat, rng.choice(game.legal_actions(seat))
