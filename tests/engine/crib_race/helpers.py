"""Helpers for Crib Race tests: games, stacked deals, placing pegs, driving a deal along, and
random two-player play positions on the rules core."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from engine.crib_race import CribRaceGame
from engine.crib_race.board import BOARDS, BOX, DEFAULT_BOARD, MAIN, Board, Zone
from engine.crib_race.sim import CribRaceSim, track_of
from engine.crib_race.track import Peg
from engine.registry import GAMES
from tests.engine.cribbage import play_lines
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


# ----- two-player play positions on the rules core, for the searches' lockstep tests ----------
def a_play_position(seed: int, nodes: tuple[int, int], moves: int) -> CribRaceSim | None:
    """A random deal with the pegs on these nodes of the track (a box node: queued in it, in
    seat order), `moves` random moves into the play."""
    sim = CribRaceSim.new(2, {}, seed)
    track = sim.track
    sim.pegs = list(nodes)
    sim.boxes = [[] for _ in track.box_holes]
    for side, node in enumerate(nodes):
        sim.side_scores[side] = track.position[node]
        if node >= track.first_box:
            sim.boxes[node - track.first_box].append(side)
    return play_lines.into_the_play(sim, seed, moves)


_TRACK = track_of(BOARDS[DEFAULT_BOARD])
#: Every node but the finish; the holes just short of the boxes and of the finish, and the
#: boxes themselves, drawn often: there a point more or less changes most, and a peg may
#: finish in the play.
NODES = st.one_of(
    st.integers(0, len(_TRACK.position) - 1).filter(lambda node: node != _TRACK.finish),
    st.sampled_from([hole - step for hole in _TRACK.box_holes for step in range(1, 8)]),
    st.integers(_TRACK.finish - 4, _TRACK.finish - 1),
    st.sampled_from(range(_TRACK.first_box, len(_TRACK.position))),
)
