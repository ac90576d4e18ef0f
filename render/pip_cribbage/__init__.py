"""PIP Cribbage drawn: Cribbage's table with the PIP Track (pictures.py), and its words
(alt_text.py)."""

from __future__ import annotations

from render.cribbage import alt_text as cribbage_words
from render.cribbage import series as cribbage_series
from render.pip_cribbage import alt_text, pictures
from render.registry import register

register("pip-cribbage", table=pictures.draw_table, hand=pictures.draw_hand,
         details=pictures.details, describe=alt_text.describe, scores=cribbage_words.scores,
         series=cribbage_series.chart)
