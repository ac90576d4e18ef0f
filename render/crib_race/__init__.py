"""Crib Race drawn: Cribbage's table with the race track, and Cribbage's hand (pictures.py),
Cribbage's words with the pegs on the track (alt_text.py), the race chart (series.py) and its
gallery moments (gallery.py)."""

from __future__ import annotations

from render.crib_race import alt_text, gallery, pictures, series
from render.cribbage import alt_text as cribbage_words
from render.registry import register

register("crib-race", table=pictures.draw_table, hand=pictures.draw_hand,
         details=pictures.details, describe=alt_text.describe, scores=cribbage_words.scores,
         series=series.chart, moments=gallery.MOMENTS,
         describe_hand=alt_text.describe_hand, progress=alt_text.progress)
