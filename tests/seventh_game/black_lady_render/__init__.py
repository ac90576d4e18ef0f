"""Black Lady drawn: the table and hand (pictures.py) and the same in words (alt_text.py),
registered here, the one place the render side names the game."""

from __future__ import annotations

from render.registry import register

from . import alt_text, pictures

register("black-lady", table=pictures.draw_table, hand=pictures.draw_hand,
         describe=alt_text.describe, scores=alt_text.scores,
         describe_hand=alt_text.describe_hand)
