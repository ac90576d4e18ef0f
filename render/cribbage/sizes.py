"""The measures of Cribbage's pictures (render/cribbage/pictures.py), shared by its sections and
by the variants that build on them: drawn for a phone, 600 px wide, so text at 20 px reads as
about 12.7 px on a 380 px screen; nothing is drawn under the kit's floor
(tests/render/test_floor.py)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from render.registry import View

#: A section of the table: draws from a y downwards, returns the y below what it drew.
Section = Callable[[Image.Image, ImageDraw.ImageDraw, View, int, bool], int]
TITLE = "Cribbage"  # a variant passes its own
WIDTH = 600
MARGIN = 12
BODY = 20  # names, scores, status: the floor at 600 px is 18
SMALL = 20  # labels and legends: an "x" 6.9 px tall on a phone (text.lower_floor_size)
TABLE_CARD = 72  # starter, crib and the count's cards: a 19 px corner index
SHOW_CARD = 72
SHOW_STEP = 28  # a fanned show hand: each card's corner index stays visible
MAX_SHOW_WITH_CARDS = 5  # more counts than this (6 or 8 players): totals only
MAX_HEIGHT = WIDTH * 3 // 2  # a taller table is shown smaller still on a phone
