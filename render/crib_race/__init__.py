"""Crib Race drawn: Cribbage's table with the race track (pictures.py) and Cribbage's hand,
and its words (alt_text.py)."""

from __future__ import annotations

from render.crib_race import alt_text, pictures, series
from render.cribbage import alt_text as cribbage_words
from render.cribbage import pictures as cribbage_pictures
from render.registry import register

register("crib-race", table=pictures.draw_table, hand=cribbage_pictures.draw_hand,
         details=pictures.details, describe=alt_text.describe, scores=cribbage_words.scores,
         series=series.chart)
