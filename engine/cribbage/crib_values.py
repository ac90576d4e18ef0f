"""Average crib points by discard, read once from data/crib_values.json (made by
tools/make_crib_table.py, whose docstring gives the method: exact enumeration with the
project's scorer).

CRIB_PAIR_VALUES[(low_rank, high_rank, same_suit)]: two players, the two cards a seat throws;
CRIB_SINGLE_VALUES[rank]: three or four players, the one card a seat throws.
"""

from __future__ import annotations

from engine.data_files import read_package_json

_DATA, _ = read_package_json(__package__, "data", "crib_values", ValueError, "table")

CRIB_PAIR_VALUES: dict[tuple[int, int, bool], float] = {
    (low, high, suited): value for low, high, suited, value in _DATA["pairs"]
}
CRIB_SINGLE_VALUES: dict[int, float] = {rank: value for rank, value in _DATA["singles"]}
del _DATA
