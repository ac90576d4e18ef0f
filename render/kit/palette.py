"""Colours. Chosen for contrast on a phone and for colour-blind players: side and team
colours come from the Okabe-Ito palette, and the four-colour deck separates every suit."""

from __future__ import annotations

RGB = tuple[int, int, int]


def hex_rgb(code: str) -> RGB:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


FELT = hex_rgb("#1d4a36")  # table background; white text on it has a contrast of ~10:1
FELT_DARK = hex_rgb("#143526")
PANEL = hex_rgb("#f4f1e8")
INK = hex_rgb("#1b1b1b")
MUTED_INK = hex_rgb("#4a4a4a")
WHITE = hex_rgb("#ffffff")
SOFT_WHITE = hex_rgb("#e8efe9")
HIGHLIGHT = hex_rgb("#ffd54a")  # whose turn it is, playable cards
DIM = hex_rgb("#9aa5a0")  # lines and outlines: text on the felt takes QUIET
QUIET = hex_rgb("#aeb8b3")  # greyed-out text: 4.9:1 on the felt, 6.6:1 on the dark felt

WOOD = hex_rgb("#d9b27c")
WOOD_DARK = hex_rgb("#a87a45")
HOLE = hex_rgb("#4b3621")

CARD_FACE = hex_rgb("#fffdf8")
CARD_EDGE = hex_rgb("#8a8a8a")
CARD_BACK = hex_rgb("#2456a6")
CARD_BACK_LINE = hex_rgb("#6f95d6")
COURT_TINT = hex_rgb("#f3e6c4")

# Suits: the classic two colours, or four for players who cannot tell red from black easily.
TWO_COLOUR = {"S": hex_rgb("#161616"), "C": hex_rgb("#161616"), "H": hex_rgb("#c8102e"),
              "D": hex_rgb("#c8102e")}
FOUR_COLOUR = {"S": hex_rgb("#161616"), "C": hex_rgb("#0a7a33"), "H": hex_rgb("#c8102e"),
               "D": hex_rgb("#1457c0")}


def suit_colour(suit: str, four_colour: bool) -> RGB:
    return (FOUR_COLOUR if four_colour else TWO_COLOUR).get(suit, INK)


# One colour per side or team (a board's pegs, a track's dice), always with the side's letter
# (`side_letter`), so colour is never the only cue. Chosen so that every pair stays apart
# (CIE76 ΔE ≥ 25) under simulated protanopia, deuteranopia and tritanopia as well as for
# normal vision (tests/render/test_palette.py): blue and vermillion from Okabe-Ito (the
# vermillion a little darker, so a white letter on it, or it on white, keeps 4.5:1), then a
# dark wine and black, which differ from them in lightness as well as hue.
SIDE_COLOURS: tuple[RGB, ...] = (
    hex_rgb("#0072b2"),  # blue
    hex_rgb("#c45300"),  # vermillion
    hex_rgb("#882255"),  # wine
    hex_rgb("#111111"),  # black
)
SIDE_LETTERS = "ABCDEFGH"


def side_colour(side: int) -> RGB:
    return SIDE_COLOURS[side % len(SIDE_COLOURS)]


def side_letter(side: int) -> str:
    """The letter a side's pegs, dots and panels carry alongside its colour."""
    return SIDE_LETTERS[side % len(SIDE_LETTERS)]


def luminance(colour: RGB) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio, 1 (none) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(background: RGB) -> RGB:
    """Black or white, whichever reads better on `background`."""
    return INK if contrast(INK, background) >= contrast(WHITE, background) else WHITE
