"""Views along a game played by easy computer players, for checking the lines games write
about their state."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine.registry import GAMES


def views_along(game: str, players: int, seed: int, options: dict[str, Any] | None = None,
                moves: int = 400) -> Iterator[dict[str, Any]]:
    """The view of the seat to act before each move, and the channel's view at the end."""
    spec = GAMES[game]
    state = spec.new(players, options or {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if not state.to_act():
            break
        seat = state.to_act()[0]
        view = state.view(seat)
        yield view
        state.apply(seat, spec.ai(view, state.legal_actions(seat), rng, "easy"))
    yield state.view(None)
