"""Cribbage drawn: its table and hand pictures (pictures.py) and their words (alt_text.py).
PIP Cribbage and Crib Race build on both."""

from __future__ import annotations

from render.cribbage import alt_text, pictures, series
from render.registry import register

register("cribbage", table=pictures.draw_table, hand=pictures.draw_hand,
         details=pictures.details, describe=alt_text.describe, scores=alt_text.scores,
         series=series.chart)
