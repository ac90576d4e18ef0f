"""The data files the engine reads at start-up are what tools/ makes: each generator's output is
checked byte for byte, on a slice where the whole run takes too long for a test."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest

from engine.cribbage.crib_values import CRIB_PAIR_VALUES, CRIB_SINGLE_VALUES
from engine.cribbage.rollout import DEALER_WINS
from tools import make_crib_table, make_default_board, make_win_table


def shipped(package: str, *path: str) -> str:
    return resources.files(package).joinpath(*path).read_text("utf-8")


CRIB_TEXT = shipped("engine.cribbage", "data", "crib_values.json")
WIN_TEXT = shipped("engine.cribbage", "data", "win_chances.json")
CRIB_ENTRIES = {line.removesuffix(",") for line in CRIB_TEXT.splitlines()}


@pytest.mark.parametrize(("generator", "package", "path"), [
    (make_crib_table, "engine.cribbage", ("data", "crib_values.json")),
    (make_win_table, "engine.cribbage", ("data", "win_chances.json")),
    (make_default_board, "engine.crib_race", ("boards", "default.json")),
])
def test_each_generator_writes_the_file_the_engine_reads(
        generator: ModuleType, package: str, path: tuple[str, ...]) -> None:
    assert generator.OUTPUT.resolve() == Path(str(resources.files(package).joinpath(*path)))


def test_the_crib_file_is_the_generators_rendering_of_every_entry_the_engine_reads() -> None:
    assert sorted(CRIB_PAIR_VALUES) == sorted(make_crib_table.pair_keys())
    assert sorted(CRIB_SINGLE_VALUES) == list(range(1, 14))
    assert make_crib_table.render(CRIB_PAIR_VALUES, CRIB_SINGLE_VALUES) == CRIB_TEXT


@pytest.mark.parametrize("key", [(5, 5, False), (2, 13, True), (1, 11, False), (1, 11, True),
                                 (4, 6, True), (10, 12, False), (7, 8, False)])
def test_the_crib_generator_makes_the_files_line_for_a_discard_pair(
        key: tuple[int, int, bool]) -> None:
    assert make_crib_table.pair_line(*make_crib_table.average_pair_crib(key)) in CRIB_ENTRIES


@pytest.mark.parametrize("rank", [5, 11])
def test_the_crib_generator_makes_the_files_line_for_a_single_discard(rank: int) -> None:
    assert make_crib_table.single_line(*make_crib_table.average_single_crib(rank)) \
        in CRIB_ENTRIES


def test_the_win_file_is_the_generators_table_from_the_counts_it_keeps() -> None:
    """Playing the 400,000 deals again takes about a minute; the table they lead to is checked
    from the counts the file keeps, and the deals by a short run in test_win_chances.py."""
    data = json.loads(WIN_TEXT)
    counts = make_win_table.distributions_of(data)
    assert all(sum(count.values()) == data["deals"] for count in counts)
    assert make_win_table.render(counts, data["deals"], data["seed"]) == WIN_TEXT
    assert tuple(tuple(row) for row in data["dealer_wins"]) == DEALER_WINS


def test_the_default_board_is_what_its_generator_makes() -> None:
    assert make_default_board.render() == shipped("engine.crib_race", "boards", "default.json")
