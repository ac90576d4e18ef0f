"""No product module grows past 500 lines (benchmarks/one_home.py's `largest` row measures
it), and `TableManager`, the front every new feature of the tables adds to, keeps room: its
jobs have modules of their own (docs/DESIGN.md, "Inside tables/")."""

from __future__ import annotations

from benchmarks.one_home import module_lines

LIMIT = 500
#: What tables/manager.py may reach before one more of its jobs moves out.
MANAGER_ROOM = 450


def test_no_product_module_is_over_the_limit() -> None:
    lines = module_lines()
    assert "tables/manager.py" in lines
    assert {path: count for path, count in lines.items() if count > LIMIT} == {}


def test_the_table_manager_keeps_room_for_the_next_feature() -> None:
    assert module_lines(under=("tables",))["tables/manager.py"] < MANAGER_ROOM
