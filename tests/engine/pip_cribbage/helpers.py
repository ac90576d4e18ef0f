"""Stacked PIP Cribbage deals: who holds what, where the dice sit, and driving a deal."""

from __future__ import annotations

from typing import Any

from engine.pip_cribbage import PipCribbageGame
from engine.registry import GAMES
from tests.engine.cribbage.stacking import stacked_deck

Dice = dict[int, tuple[int, int]]


def pip_game(
    hands: tuple[str, str], dealer: int, starter: str, dice: Dice, **options: object
) -> PipCribbageGame:
    """A game whose current deal gives hands[seat] ("5H TS 2C KD"), turns `starter`, with each
    die placed {seat: (space, face)}; the dice keep the directions of the real start."""
    game = GAMES["pip-cribbage"].new(2, dict(options), seed=5)
    assert isinstance(game, PipCribbageGame)
    game.restack(stacked_deck(hands, dealer, starter), dealer=dealer, dice=dice)
    return game


def act(game: PipCribbageGame, seat: int, kind: str, **fields: Any) -> list[dict]:
    return game.apply(seat, {"type": kind, **fields})


def play(game: PipCribbageGame, seat: int, piece: str) -> list[dict]:
    if piece == "go":
        return act(game, seat, "go")
    return act(game, seat, "play", card=piece)


def play_all(game: PipCribbageGame, moves: list[tuple[int, str]]) -> list[dict]:
    events: list[dict] = []
    for seat, piece in moves:
        events += play(game, seat, piece)
    return events


def discard(game: PipCribbageGame, cards: dict[int, str]) -> list[dict]:
    events: list[dict] = []
    for seat, card in cards.items():
        events += act(game, seat, "discard", cards=[card])
    return events


def play_first_legal(game: PipCribbageGame, while_phase: str) -> list[dict]:
    """Take the first legal action of the first seat to act while the game is in a phase."""
    events: list[dict] = []
    deal = game.deal_number
    while game.phase == while_phase and game.deal_number == deal and game.outcome is None:
        seat = game.to_act()[0]
        events += game.apply(seat, game.legal_actions(seat)[0])
    return events


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def shows(events: list[dict]) -> dict[tuple[str, int], dict]:
    """The show events of a deal by (kind, seat)."""
    return {(e["kind"], e["seat"]): e for e in of_type(events, "show")}


def items(show_event: dict) -> list[tuple[str, int, list[str]]]:
    return [(i["kind"], i["points"], i["cards"]) for i in show_event["breakdown"]["items"]]
