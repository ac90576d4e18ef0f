"""Helpers for Crib Race tests: games, stacked deals, placing pegs, driving a deal along."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.crib_race import CribRaceGame
from engine.crib_race.board import BOX, MAIN, Board, Zone
from engine.crib_race.track import Peg
from engine.registry import GAMES
from tests.engine.cribbage.stacking import stacked_deck


def race(players: int = 2, seed: int = 1, **options: Any) -> CribRaceGame:
    game = GAMES["crib-race"].new(players, dict(options), seed=seed)
    assert isinstance(game, CribRaceGame)
    return game


def stacked_race(hands: Sequence[str], dealer: int, starter: str, crib_from_deck: str = "",
                 **options: Any) -> CribRaceGame:
    game = race(len(hands), **options)
    game.restack(stacked_deck(hands, dealer, starter, crib_from_deck), dealer=dealer)
    return game


def zone(board: Board, kind: str, number: int = 0) -> Zone:
    return board.zones_of(kind)[number]


def place(game: CribRaceGame, side: int, peg: Peg | int) -> None:
    """Put a side's peg somewhere (a track hole number, or any Peg not in a box)."""
    peg = Peg(MAIN, peg) if isinstance(peg, int) else peg
    assert not peg.is_boxed(game.board), "use box_side to box a peg"
    game.place(side, peg)


def box_side(game: CribRaceGame, side: int, box: Zone) -> None:
    """Put a side into a box behind any already there, as landing on it would."""
    assert box.kind == BOX
    game.place(side, Peg(box.name, len(game.box_queues[box.name])))


def first_legal(game: CribRaceGame) -> list[dict]:
    """Everyone who must act takes their first legal action once (claims: 0 points)."""
    events: list[dict] = []
    for seat in game.waiting_for() or game.to_act():
        legal = game.legal_actions(seat)
        if not legal:
            continue
        claims = [a for a in legal if a["type"] == "claim"]
        passes = [a for a in legal if a["type"] == "pass"]
        action = claims[0] if claims else passes[0] if passes else legal[0]
        events += game.apply(seat, action)
        if game.outcome is not None:
            break
    return events


def play_to_show(game: CribRaceGame) -> list[dict]:
    """Discard and play (first legal actions) until the show begins."""
    events: list[dict] = []
    while game.phase in ("discard", "play") and game.outcome is None:
        events += first_legal(game)
    return events


def claim(game: CribRaceGame, points: int) -> list[dict]:
    """The seat whose count waits claims `points` (muggins on)."""
    counter = game.waiting_for()[0]
    return game.apply(counter, {"type": "claim", "points": points})


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]
