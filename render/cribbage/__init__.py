"""Cribbage drawn: its table and hand (pictures.py), the same in words (alt_text.py), its
end-of-game chart (series.py) and its gallery moments (gallery.py). PIP Cribbage and Crib Race
build on these."""

from __future__ import annotations

from render.cribbage import alt_text, gallery, pictures, series
from render.registry import register

register("cribbage", table=pictures.draw_table, hand=pictures.draw_hand,
         details=pictures.details, describe=alt_text.describe, scores=alt_text.scores,
         series=series.chart, moments=gallery.MOMENTS,
         describe_hand=alt_text.describe_hand, progress=alt_text.progress)
