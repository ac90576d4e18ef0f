"""Two-player Cribbage: the dealer's chance to win from a deal's start, read once from
data/win_chances.json (made by tools/make_win_table.py, whose docstring gives the method).

DEALER_WINS[a - 1][b - 1]: in ten-thousandths, when the dealer needs a points and the pone b.
"""

from __future__ import annotations

from engine.data_files import read_package_json

_DATA, _ = read_package_json(__package__, "data", "win_chances", ValueError, "table")

DEALER_WINS: tuple[tuple[int, ...], ...] = tuple(tuple(row) for row in _DATA["dealer_wins"])
del _DATA
