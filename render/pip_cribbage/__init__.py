"""PIP Cribbage drawn: Cribbage's table with the PIP Track, and the hand with the seat's die
(pictures.py); Cribbage's words with the track's (alt_text.py); Cribbage's chart; its gallery
moments (gallery.py)."""

from __future__ import annotations

from render.cribbage import alt_text as cribbage_words
from render.cribbage import series as cribbage_series
from render.pip_cribbage import alt_text, gallery, pictures
from render.registry import register

register("pip-cribbage", table=pictures.draw_table, hand=pictures.draw_hand,
         details=pictures.details, describe=alt_text.describe, scores=cribbage_words.scores,
         series=cribbage_series.chart, moments=gallery.MOMENTS,
         describe_hand=alt_text.describe_hand, progress=cribbage_words.progress)
