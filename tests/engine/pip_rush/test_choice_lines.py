"""PIP Rush's words beside a seat's choice while a trick resolves: what its card asks it to
pick, and for the Movement which of its team's racers cannot move and why."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import card_symbol
from engine.pip_rush.text import SWAP_PICKS, choice_lines
from engine.registry import GAMES


def check_choice(view: dict[str, Any], legal: list[dict[str, Any]]) -> None:
    lines = choice_lines(view)
    resolving = view["resolution"]["resolving"]
    won = resolving["action"] == "movement"
    assert lines[0].startswith(f"Your {card_symbol(resolving['card'])} "
                               + ("won the trick" if won else "did not win:"))
    # Each on one row of an 80-column terminal: a word folded alone onto the next row
    # ("1).") reads as a line of its own.
    assert all(len(line) <= 80 for line in lines)
    if not won:  # a suit's action: no racer is ruled out by its pips
        # A swap's two choices end on the same places: what tells them apart is said.
        swap = resolving["action"] == "swap"
        assert lines[1:] == ([SWAP_PICKS] if swap else [])
        return
    assert lines[1] == "The racer that moves loses a pip."
    movable = {a["racer"] for a in legal if a["type"] == "move"}
    team = view["racers"][view["team"] * 2:view["team"] * 2 + 2]
    for index, racer in enumerate(team):
        said = [line for line in lines[2:] if line.startswith(f"Racer {racer['label']}")]
        if racer["affected"] or racer["pips"] < 2:
            assert index not in movable
            assert said == [f"Racer {racer['label']} cannot move: "
                            + ("it was changed this trick." if racer["affected"]
                               else "moving needs 2 pips.")]
        else:
            assert said == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 4]),
       track=st.sampled_from(["open", "obstacles"]))
def test_a_choosing_seat_reads_what_its_card_asks_and_why_a_racer_cannot_move(
        seed: int, players: int, track: str) -> None:
    spec = GAMES["pip-rush"]
    game = spec.new(players, {"track": track}, seed)
    rng = random.Random(seed)
    asked = 0
    while game.outcome is None:
        seat = game.waiting_for()[0]
        for other in range(players):
            if other != seat:
                assert choice_lines(game.view(other)) == []  # only the chooser is told
        view, legal = game.view(seat), game.legal_actions(seat)
        if legal[0]["type"] == "play":
            assert choice_lines(view) == []
        else:
            asked += 1
            check_choice(view, legal)
        game.apply(seat, spec.ai(view, legal, rng, "easy"))
    assert asked
