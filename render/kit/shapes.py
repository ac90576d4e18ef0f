"""Suit symbols as vector shapes (polygons and ellipses, never font glyphs), rendered to
anti-aliased masks by drawing large and shrinking. Masks are cached per suit and size."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

SUPERSAMPLE = 4
Point = tuple[float, float]


def _heart_outline(steps: int = 96) -> list[Point]:
    """The classic parametric heart, scaled into the unit square, point at the bottom."""
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        raw.append((x, -y))
    xs = [p[0] for p in raw]
    ys = [p[1] for p in raw]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    return [((x - min(xs)) / span_x, (y - min(ys)) / span_y) for x, y in raw]


HEART = _heart_outline()


def _scaled(points: list[Point], box: tuple[float, float, float, float]) -> list[Point]:
    left, top, right, bottom = box
    return [(left + x * (right - left), top + y * (bottom - top)) for x, y in points]


def _draw_suit(draw: ImageDraw.ImageDraw, suit: str, n: float) -> None:
    """Draw `suit` filling an n-by-n square with value 255."""
    if suit == "H":
        draw.polygon(_scaled(HEART, (0.02 * n, 0.06 * n, 0.98 * n, 0.94 * n)), fill=255)
    elif suit == "D":
        draw.polygon([(0.5 * n, 0), (0.86 * n, 0.5 * n), (0.5 * n, n), (0.14 * n, 0.5 * n)],
                     fill=255)
    elif suit == "S":
        flipped = [(x, 1 - y) for x, y in HEART]  # an upside-down heart is a spade's blade
        draw.polygon(_scaled(flipped, (0.04 * n, 0.0, 0.96 * n, 0.78 * n)), fill=255)
        draw.polygon([(0.5 * n, 0.5 * n), (0.72 * n, n), (0.28 * n, n)], fill=255)
    elif suit == "C":
        r = 0.235 * n
        for cx, cy in ((0.5, 0.26), (0.25, 0.58), (0.75, 0.58)):
            draw.ellipse((cx * n - r, cy * n - r, cx * n + r, cy * n + r), fill=255)
        draw.rectangle((0.4 * n, 0.4 * n, 0.6 * n, 0.62 * n), fill=255)
        draw.polygon([(0.5 * n, 0.45 * n), (0.72 * n, n), (0.28 * n, n)], fill=255)
    else:
        raise ValueError(f"no suit {suit!r}")


@lru_cache(maxsize=256)
def suit_mask(suit: str, size: int) -> Image.Image:
    """An L-mode mask of the suit symbol in a size-by-size square."""
    size = max(4, int(size))
    big = Image.new("L", (size * SUPERSAMPLE, size * SUPERSAMPLE), 0)
    _draw_suit(ImageDraw.Draw(big), suit, size * SUPERSAMPLE)
    return big.reduce(SUPERSAMPLE)


def paste_suit(
    target: Image.Image, suit: str, xy: tuple[int, int], size: int, colour: tuple[int, int, int]
) -> None:
    """Paint the suit symbol (top-left corner at xy) onto an RGB or RGBA image."""
    mask = suit_mask(suit, size)
    target.paste(colour, (int(xy[0]), int(xy[1]), int(xy[0]) + mask.width,
                          int(xy[1]) + mask.height), mask)
