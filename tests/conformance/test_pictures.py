"""The pictures of every registered game along a whole game: the table (the channel's view)
and each hand (its seat's view, with its playable cards) draw, encode as PNGs that decode, and
show every text big enough to read on a phone: measured as the phone shows the picture (380 px
wide, or narrower when taller than one and a half times that), the smallest capital or digit
is at least `CAPITAL_ON_A_PHONE` px tall, and the "x" of the smallest text with lower-case
letters (a name, a label, a legend) at least `X_ON_A_PHONE` px."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

import render
from engine.contract import Game
from render.gallery import NAMES
from render.kit import text
from render.registry import renderer_for
from tables.pictures import playable_cards
from tests.conformance.games import FIRST_SEATINGS, TABLES, Seating, params, random_game
from tests.render.conftest import open_png

#: The moves after which the pictures are drawn, and at the end of the game.
MOMENTS = (0, 30, 90)
#: The floor, in px on the phone's screen: the capital of 11 px text on a picture shown 380 px
#: wide (render/kit/text.py). Written out, not read from the kit, so that a kit lowering its
#: floor fails here too.
CAPITAL_ON_A_PHONE = 8.0
#: The same for lower case: the "x" of 13 px text on a picture shown 380 px wide (a word in
#: lower case reads by its x-height, a quarter below its capitals').
X_ON_A_PHONE = 6.9

Draw = Callable[[dict[str, Any], bool], Image.Image]


def dressed(view: dict[str, Any], game: Game, moves: int) -> dict[str, Any]:
    """What the table layer adds to a view before drawing it (tables/table.py)."""
    ai = [None if seat == 0 else "hard" for seat in range(game.players)]
    return {**view, "names": list(NAMES[:game.players]), "ai": ai, "away": [],
            "version": moves}


def smallest_glyphs(draw: Draw, view: dict[str, Any], four_colour: bool
                    ) -> tuple[tuple[float, str], tuple[float, str]]:
    """How tall (px) a phone shows the capitals of the picture's smallest text, and that
    text; and the "x" of its smallest text with lower-case letters, and that text (infinity
    and "" when none has them)."""
    with text.recording() as drawn:
        image = draw(view, four_colour)
    height, piece = text.smallest_shown(drawn, *image.size)
    x_height, lower = text.smallest_lower_shown(drawn, *image.size) or (float("inf"), None)
    return (height, piece.text), (x_height, lower.text if lower else "")


@pytest.mark.parametrize("seating", params(TABLES))
def test_every_picture_along_a_game_decodes_and_reads_on_a_phone(seating: Seating) -> None:
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
        for kind, draw, view in (("table", renderer.table, channel),
                                 ("hand", renderer.hand, hand)):
            (height, smallest), (x_height, lower) = smallest_glyphs(draw, view, four_colour)
            assert height >= CAPITAL_ON_A_PHONE, (kind, moves, smallest, round(height, 2))
            assert x_height >= X_ON_A_PHONE, (kind, moves, lower, round(x_height, 2))
        drawn += 1
    # A game shorter than the last moment is drawn at those it reaches, and at its end.
    assert drawn == sum(m < reached for m in MOMENTS) + 1, "a moment was not drawn"


def test_the_smallest_glyphs_are_measured_as_the_phone_shows_the_picture() -> None:
    """The same drawing on a canvas twice as wide is shown at half the scale: its text falls
    below both floors, though every size asked for is unchanged."""
    seating = FIRST_SEATINGS[0]
    game, moves = next(iter(random_game(seating, seed=9)))
    table = renderer_for(seating.game).table
    view = dressed(game.view(None), game, moves)

    def twice_as_wide(view: dict[str, Any], four_colour: bool) -> Image.Image:
        image = table(view, four_colour)
        wide = Image.new("RGB", (2 * image.width, image.height))
        wide.paste(image)
        return wide

    (height, _), (x_height, _) = smallest_glyphs(table, view, False)
    assert height >= CAPITAL_ON_A_PHONE
    assert x_height >= X_ON_A_PHONE
    (halved, _), (x_halved, _) = smallest_glyphs(twice_as_wide, view, False)
    assert halved == pytest.approx(height / 2)
    assert halved < CAPITAL_ON_A_PHONE
    assert x_halved == pytest.approx(x_height / 2)
    assert x_halved < X_ON_A_PHONE
