"""Build PIP Rush positions for rule tests.

Rule tests need exact hands and racer positions, so these helpers set the game's state
directly; everything after that goes through the public contract (apply, view, outcome)."""

from __future__ import annotations

from typing import Any

from engine.cards import parse_cards
from engine.pip_rush.game import PipRushGame
from engine.pip_rush.sim import CODE_OF_TEXT, PLAY_ORDER
from engine.registry import GAMES

Position = tuple[int, int | None, int]  # space, lane, pips


def new_game(players: int = 2, seed: int = 1, **options: Any) -> PipRushGame:
    game = GAMES["pip-rush"].new(players, options, seed)
    assert isinstance(game, PipRushGame)
    return game


def rig(
    game: PipRushGame,
    *,
    leader: int | None = None,
    hands: dict[int, str] | None = None,
    racers: list[Position] | None = None,
    pile: str | None = None,
) -> PipRushGame:
    """Set the leader, hands ("5H 2C"), racers (team 0 A, team 0 B, team 1 A, team 1 B as
    (space, lane, pips)) and the draw pile (drawn from the end of the string first)."""
    core = game.core
    if leader is not None:
        core.leader = core.seat = leader
        core.order = PLAY_ORDER[game.players][leader]
    for seat, cards in (hands or {}).items():
        core.hands[seat] = sorted(codes(cards))
    for racer, (space, lane, pips) in enumerate(racers or []):
        core.cells[racer] = space * 4 + (lane or 0)
        core.pips[racer] = pips
    if pile is not None:
        core.pile = codes(pile)
    game.state_changed()
    return game


def codes(cards: str) -> list[int]:
    return [CODE_OF_TEXT[str(card)] for card in parse_cards(cards)]


def play_cards(game: PipRushGame, cards: str) -> list[dict[str, Any]]:
    """Play these cards in order, each by whoever is to act."""
    events: list[dict[str, Any]] = []
    for card in cards.split():
        events += game.apply(game.to_act()[0], {"type": "play", "card": card})
    return events


def positions(game: PipRushGame) -> list[Position]:
    return [(r["space"], r["lane"], r["pips"]) for r in game.view(None)["racers"]]


def texts(events: list[dict[str, Any]]) -> list[str]:
    return [e["text"] for e in events]


def choose(game: PipRushGame, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    """Answer the pending choice, checking it is `seat`'s to make."""
    assert game.to_act() == [seat], (game.to_act(), seat)
    return game.apply(seat, action)


def racer(n: int) -> dict[str, Any]:
    return {"type": "choose_racer", "racer": n}


def resolved(events: list[dict[str, Any]]) -> list[tuple[int, str]]:
    """(seat, card) of each card as it resolved, in order."""
    kinds = ("suit_action", "move", "action_lost")
    return [(e["seat"], e["card"]) for e in events if e["type"] in kinds]


def finish_choices(game: PipRushGame) -> list[dict[str, Any]]:
    """Answer every pending choice with the first option offered."""
    events: list[dict[str, Any]] = []
    while game.outcome is None and game.view(None)["phase"] == "resolve":
        seat = game.to_act()[0]
        events += game.apply(seat, game.legal_actions(seat)[0])
    return events
