"""benchmarks/long_life.py runs: a short life through the real bot prints its checkpoints,
with no finished game's table or runner left beyond the late-click window, and the
database's figures."""

from __future__ import annotations

import pytest

from benchmarks.long_life import life


async def test_a_short_long_life_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    await life(games=21, guilds=3, members=6, every=10, trace=False)
    lines = capsys.readouterr().out.splitlines()
    rows = [row for row in map(str.split, lines) if len(row) == 11 and row[2] == "s"]
    assert [row[0] for row in rows] == ["5", "10", "20"]
    tables, runners = int(rows[-1][-3]), int(rows[-1][-2])
    assert tables == runners <= 21  # at most the games played (a few still running)
    assert any(line.startswith("SQLite file") and "per 1,000" in line for line in lines)
    assert any(line.split()[0] == "actions" for line in lines if line.strip())
