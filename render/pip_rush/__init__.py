"""PIP Rush drawn: its table and hand pictures (pictures.py) and their words (alt_text.py)."""

from __future__ import annotations

from render.pip_rush import alt_text, pictures, series
from render.registry import register

register("pip-rush", table=pictures.draw_table, hand=pictures.draw_hand,
         describe=alt_text.describe, scores=alt_text.scores,
         series=series.chart)
