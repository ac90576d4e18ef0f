"""PNG encoding: the one place images become bytes, so every image gets the same treatment.

Images are mapped onto one fixed 256-colour palette before saving. An adaptive palette
(octree, median cut) costs ~30 ms per table image; mapping onto a fixed palette costs
~2 ms, and a palette PNG is several times smaller than RGB. The palette holds every colour
the kit draws with, the anti-aliasing blends between the colours that meet at edges, and a
colour cube for anything else, so nothing a player reads changes. Being fixed, it also keeps
encoding deterministic: the same view always gives the same bytes.
"""

from __future__ import annotations

import io
from functools import lru_cache
from itertools import combinations

from PIL import Image

from render.kit import palette as colours

MAX_WIDTH = 1200
COMPRESS_LEVEL = 3  # zlib level: 6+ doubles the time for ~15% smaller files


def _key_colours() -> list[colours.RGB]:
    named = [value for value in vars(colours).values()
             if isinstance(value, tuple) and len(value) == 3
             and all(isinstance(c, int) for c in value)]
    named += list(colours.TWO_COLOUR.values()) + list(colours.FOUR_COLOUR.values())
    named += list(colours.SIDE_COLOURS)
    named += [colours.hex_rgb(code) for code in EXTRA_COLOURS]
    unique: list[colours.RGB] = []
    for colour in named:
        if colour not in unique:
            unique.append(colour)
    return unique


# Colours drawn by game modules (board tints, track cells) that are not named in palette.py.
EXTRA_COLOURS = ("#2a6b4e", "#f3e2b3", "#e9eee6", "#d9e7f5", "#5b5148", "#8b1e1e",
                 "#a0a0a0", "#e6e6e6")


def _far_from_all(colour: colours.RGB, entries: list[colours.RGB], distance: int = 10) -> bool:
    """Keep entries apart: Pillow looks colours up at reduced precision, and a near twin of a
    key colour could otherwise win the lookup and shift a flat area by a few levels."""
    return all(sum(abs(a - b) for a, b in zip(colour, other, strict=True)) > distance
               for other in entries)


def _mix(a: colours.RGB, b: colours.RGB, t: float) -> colours.RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


@lru_cache(maxsize=1)
def fixed_palette() -> Image.Image:
    keys = _key_colours()
    entries: list[colours.RGB] = list(keys)
    # Edge blends: text and shapes are anti-aliased against the backgrounds they sit on.
    backgrounds = [colours.FELT, colours.FELT_DARK, colours.CARD_FACE, colours.WOOD,
                   colours.HIGHLIGHT, colours.WHITE, colours.PANEL]
    for background in backgrounds:
        for colour in keys:
            if colour == background:
                continue
            for t in (0.5,) if len(entries) > 150 else (0.33, 0.66):
                blend = _mix(background, colour, t)
                if _far_from_all(blend, entries):
                    entries.append(blend)
    # A coarse cube catches whatever else appears.
    steps = (0, 85, 170, 255)
    for r, g, b in ((r, g, b) for r in steps for g in steps for b in steps):
        if len(entries) >= 256:
            break
        if _far_from_all((r, g, b), entries):
            entries.append((r, g, b))
    for one, other in combinations(keys, 2):  # spare room: midpoints of key pairs
        if len(entries) >= 256:
            break
        middle = _mix(one, other, 0.5)
        if _far_from_all(middle, entries):
            entries.append(middle)
    entries = entries[:256]
    flat = [channel for colour in entries for channel in colour]
    flat += [0] * (768 - len(flat))
    image = Image.new("P", (1, 1))
    image.putpalette(flat)
    return image


def encode(image: Image.Image) -> bytes:
    if image.width > MAX_WIDTH:
        raise ValueError(f"image is {image.width} px wide; the limit is {MAX_WIDTH}")
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    mapped = rgb.quantize(palette=fixed_palette(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    mapped.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
