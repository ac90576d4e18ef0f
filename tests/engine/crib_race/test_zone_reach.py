"""The default board's zones are all reached in play: 1,000 two-player games between random
computer players (four fixed-seed batches of 250, so the test can run in parallel), each
batch setting off every slide, advance, trap and box and releasing a peg from every box.

Game lengths beside Cribbage's, and the same count between the real computer players, are in
benchmarks/crib_race.py.
"""

from __future__ import annotations

import random

import pytest

from engine.crib_race.board import BOARDS, BOX
from engine.registry import GAMES

BATCHES = 4
GAMES_PER_BATCH = 250


def zones_set_off(seeds: range) -> set[tuple[str, str]]:
    spec = GAMES["crib-race"]
    seen: set[tuple[str, str]] = set()
    for seed in seeds:
        game = spec.new(2, {}, seed)
        rng = random.Random(seed)
        while game.outcome is None:
            seat = game.to_act()[0]
            for event in game.apply(seat, rng.choice(game.legal_actions(seat))):
                if event["type"] == "zone":
                    seen.add((event["zone"], event["kind"]))
    return seen


@pytest.mark.parametrize("batch", range(BATCHES))
def test_every_zone_of_the_default_board_is_reached(batch: int) -> None:
    board = BOARDS["default"]
    expected = {(zone.name, zone.kind) for zone in board.zones}
    expected |= {(zone.name, "release") for zone in board.zones_of(BOX)}
    first = batch * GAMES_PER_BATCH
    assert zones_set_off(range(first, first + GAMES_PER_BATCH)) == expected
