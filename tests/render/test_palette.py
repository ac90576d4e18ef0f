"""The side colours stay apart for colour-blind players.

Each colour is passed through the Machado, Oliveira & Fernandes (2009) simulation matrices
for full-severity protanopia, deuteranopia and tritanopia (applied to linear RGB), then
compared in CIELAB (D65) with the CIE76 colour difference. Every pair of side colours must
differ by at least MIN_DELTA_E under each simulation and for normal vision. A ΔE of about 2
is just noticeable side by side; 25 is an obvious difference even for pegs a few pixels wide.
Colour is never the only cue anyway: every peg and dot also carries its side's letter.
"""

from __future__ import annotations

import itertools
import math

import pytest

from render.kit import palette

MIN_DELTA_E = 25.0

Matrix = tuple[tuple[float, float, float], ...]
SIMULATIONS: dict[str, Matrix] = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(linear_rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = linear_rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def simulated_lab(colour: palette.RGB, matrix: Matrix) -> tuple[float, float, float]:
    rgb = [_linear(v) for v in colour]
    seen = tuple(min(1.0, max(0.0, sum(row[k] * rgb[k] for k in range(3)))) for row in matrix)
    return _lab(seen)  # type: ignore[arg-type]


def delta_e(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return math.dist(a, b)


def test_simulation_keeps_grey_grey_and_merges_red_and_green_for_deuteranopes() -> None:
    grey = (128, 128, 128)
    for matrix in SIMULATIONS.values():
        assert delta_e(simulated_lab(grey, matrix), simulated_lab(grey, SIMULATIONS["normal"])
                       ) < 1.0
    red, green = (200, 60, 40), (90, 140, 40)  # a classic confusion pair
    deutan = SIMULATIONS["deuteranopia"]
    normal = SIMULATIONS["normal"]
    assert (delta_e(simulated_lab(red, deutan), simulated_lab(green, deutan))
            < delta_e(simulated_lab(red, normal), simulated_lab(green, normal)) / 2)


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_side_colours_stay_distinguishable(vision: str) -> None:
    matrix = SIMULATIONS[vision]
    for a, b in itertools.combinations(palette.SIDE_COLOURS, 2):
        distance = delta_e(simulated_lab(a, matrix), simulated_lab(b, matrix))
        assert distance >= MIN_DELTA_E, (vision, a, b, round(distance, 1))


def test_every_side_has_its_own_letter() -> None:
    letters = [palette.side_letter(side) for side in range(len(palette.SIDE_COLOURS))]
    assert len(set(letters)) == len(letters)
