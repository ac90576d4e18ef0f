"""benchmarks/long_life.py runs: a short life through the real bot prints its checkpoints,
with no finished game's table or runner left beyond the late-click window, and the
database's figures. It runs in a process of its own, as the benchmark is run: it counts every
Table and runner alive in its process, and a test worker keeps those of earlier tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_short_long_life_prints_its_figures() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks.long_life", "--games", "21", "--guilds", "3",
         "--members", "6", "--every", "10"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=True)
    lines = run.stdout.splitlines()
    rows = [row for row in map(str.split, lines) if len(row) == 11 and row[2] == "s"]
    assert [row[0] for row in rows] == ["5", "10", "20"]
    tables, runners = int(rows[-1][-3]), int(rows[-1][-2])
    assert tables == runners <= 21  # at most the games played (a few still running)
    assert any(line.startswith("SQLite file") and "per 1,000" in line for line in lines)
    assert any(line.split()[0] == "actions" for line in lines if line.strip())
