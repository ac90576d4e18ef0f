"""Pip Pip drawn: its table and hand (pictures.py), the same in words (alt_text.py), its
end-of-game chart (series.py) and its gallery moments (gallery.py)."""

from __future__ import annotations

from render.pip_pip import alt_text, gallery, pictures, series
from render.registry import register

register("pip-pip", table=pictures.draw_table, hand=pictures.draw_hand,
         describe=alt_text.describe, scores=alt_text.scores,
         series=series.chart, moments=gallery.MOMENTS,
         describe_hand=alt_text.describe_hand, progress=alt_text.progress)
