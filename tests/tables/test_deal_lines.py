"""A hand's private lines are about the current deal: those of earlier deals are left out."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.contract import Event
from engine.registry import GAMES
from tables import SeatInfo, Table
from tables.table import NEW_DEAL, RECENT_LINES
from tables.text import fill_names, is_private


def table_for(game: str, seed: int) -> Table:
    spec = GAMES[game]
    players = spec.allowed_player_counts()[0]
    seats = [SeatInfo(100 + n, f"P{n}") for n in range(players)]
    return Table(id=1, spec=spec, options={}, seed=seed, seats=seats, guild_id=0,
                 channel_id=0, host_id=100)


def random_move(table: Table, rng: random.Random) -> list[Event]:
    seat = rng.choice(table.to_act())
    return table.apply(seat, rng.choice(table.legal_for(seat)))


class DealLines:
    """What each seat was told privately since its deal began, worked out from the events."""

    def __init__(self, table: Table) -> None:
        self.names = table.names
        self.lines: list[list[str]] = [[] for _ in table.seats]
        self.deals = 0

    def hear(self, events: list[Event]) -> None:
        for event in events:
            if event["type"] == NEW_DEAL:
                self.deals += 1
                for seat in [event["to"]] if is_private(event) else range(len(self.lines)):
                    self.lines[seat] = []
            if is_private(event) and event.get("text"):
                self.lines[event["to"]].append(fill_names(event["text"], self.names, event["to"]))


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 400))
def test_private_lines_are_the_current_deals(game: str, seed: int, moves: int) -> None:
    table = table_for(game, seed)
    told = DealLines(table)
    told.hear(table.game.start_events)
    rng = random.Random(seed)
    for _ in range(moves):
        if not table.active:
            break
        told.hear(random_move(table, rng))
        for seat in range(len(table.seats)):
            assert table.private_lines(seat) == told.lines[seat][-RECENT_LINES:]


def test_a_cribbage_hand_in_its_sixth_deal_tells_one_discard() -> None:
    table = table_for("cribbage", 7)
    told = DealLines(table)
    told.hear(table.game.start_events)
    rng = random.Random(7)
    while not (told.deals == 6 and table.view_for(0).get("phase") == "play"):
        assert table.active, "the game ended before its sixth deal's play"
        told.hear(random_move(table, rng))
    discards = [line for line in table.private_lines(0) if line.startswith("You discard")]
    assert len(discards) == 1, table.private_lines(0)
