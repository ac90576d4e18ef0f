"""The pictures of every registered game along a whole game: the table (the channel's view)
and each hand (its seat's view, with its playable cards) draw, encode as PNGs that decode, and
ask for no text below the readability floor (tests/render/test_floor.py's own check)."""

from __future__ import annotations

from typing import Any

import pytest

import render
from engine.contract import Game
from render.gallery import NAMES
from render.registry import renderer_for
from tables.pictures import playable_cards
from tests.conformance.games import TABLES, Seating, params, random_game
from tests.render.conftest import open_png
from tests.render.test_floor import _check as check_floor

#: The moves after which the pictures are drawn, and at the end of the game.
MOMENTS = (0, 30, 90)


def dressed(view: dict[str, Any], game: Game, moves: int) -> dict[str, Any]:
    """What the table layer adds to a view before drawing it (tables/table.py)."""
    ai = [None if seat == 0 else "hard" for seat in range(game.players)]
    return {**view, "names": list(NAMES[:game.players]), "ai": ai, "away": [],
            "version": moves}


@pytest.mark.parametrize("seating", params(TABLES))
def test_every_picture_along_a_game_decodes_and_meets_the_text_floor(seating: Seating) -> None:
    renderer = renderer_for(seating.game)
    drawn = reached = 0
    for game, moves in random_game(seating, seed=9):
        reached = moves
        if moves not in MOMENTS and game.outcome is None:
            continue
        four_colour = drawn % 2 == 1
        channel = dressed(game.view(None), game, moves)
        seat = (game.waiting_for() or [moves % game.players])[0]
        hand = {**dressed(game.view(seat), game, moves),
                "playable": playable_cards(game.legal_actions(seat))}
        table_png = open_png(render.draw_table(seating.game, channel, four_colour=four_colour))
        hand_png = open_png(render.draw_hand(seating.game, hand, four_colour=four_colour))
        assert min(table_png.size + hand_png.size) > 0
        check_floor(renderer.table, channel, four_colour)
        check_floor(renderer.hand, hand, four_colour)
        drawn += 1
    # A game shorter than the last moment is drawn at those it reaches, and at its end.
    assert drawn == sum(m < reached for m in MOMENTS) + 1, "a moment was not drawn"
