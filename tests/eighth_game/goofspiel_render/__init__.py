"""Goofspiel drawn: the table and hand (pictures.py) and the same in words (alt_text.py),
registered here, the one place the render side names the game."""

from __future__ import annotations

from render.registry import register
from tests.eighth_game.goofspiel_render import alt_text, pictures

register("goofspiel", table=pictures.draw_table, hand=pictures.draw_hand,
         describe=alt_text.describe, scores=alt_text.scores,
         describe_hand=alt_text.describe_hand)
