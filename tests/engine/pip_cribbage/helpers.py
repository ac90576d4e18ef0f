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
    die placed {seat: (space, face)}; seat 0's die moves up the track, seat 1's down."""
    game = GAMES["pip-cribbage"].new(2, dict(options), seed=5)
    assert isinstance(game, PipCribbageGame)
    # Whoever won the cut, seat 0's die moves 1 -> 9 and seat 1's 9 -> 1 in these deals.
    game.core.die_direction[:] = [+1, -1]
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


def finish_deal(game: PipCribbageGame, **choices: dict) -> list[dict]:
    """Play the current deal to its end on first legal moves, answering the dealer's choices
    with `choices` by action type ("crux": {...}, "turn": {...} for flip / keep_die)."""
    events: list[dict] = []
    deal = game.deal_number
    while game.deal_number == deal and game.outcome is None:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = legal[0]
        if legal[0]["type"] == "crux":
            action = choices["crux"]
        elif legal[0]["type"] in ("flip", "keep_die"):
            action = choices["turn"]
        events += game.apply(seat, action)
    return events


def die_state(game: PipCribbageGame, seat: int) -> tuple[int, int]:
    die = game.view(None)["dice"][seat]
    return die["space"], die["face"]
