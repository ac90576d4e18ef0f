"""The hand of a dealer choosing on its PIP Track space (Crux before the discards, Turn before
its hand is counted) says what that space does; nobody else's hand does."""

from __future__ import annotations

import random

from engine.pip_cribbage.text import choice_lines
from engine.pip_cribbage.track import TRACK
from engine.registry import GAMES


def test_the_dealer_choosing_on_crux_or_turn_reads_what_its_space_does() -> None:
    spec = GAMES["pip-cribbage"]
    seen: set[str] = set()
    for seed in range(40):
        game = spec.new(2, {}, seed)
        rng = random.Random(seed)
        while game.outcome is None and len(seen) < 2:
            seat = game.waiting_for()[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            kinds = {action["type"] for action in legal}
            space = next((s for s in TRACK.values() if s.key == view["effect"]["key"]), None)
            told = f"{space.name}: {space.text}" if space else None
            for other in range(2):
                lines = choice_lines(game.view(other))
                if other == seat and kinds & {"crux", "flip", "keep_die"}:
                    assert told in lines
                    seen.add(space.key)  # type: ignore[union-attr]
                else:
                    assert told not in lines
            game.apply(seat, spec.ai(view, legal, rng, "easy"))
        if len(seen) == 2:
            break
    assert seen == {"crux", "turn"}
