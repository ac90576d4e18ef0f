"""benchmarks.speed's turns: the commit and today's code measured in alternation, medians."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks import speed


def test_turns_take_medians_and_the_median_of_each_rounds_gain(monkeypatch: Any) -> None:
    # The machine is slower in round 2: both rates drop, the round's gain rises.
    commit_turns = iter([{"row": 100.0, "table": [1.0, 2.0]}, {"row": 50.0, "table": [3.0, 4.0]},
                         {"row": 110.0, "table": [5.0, 6.0]}])
    today_turns = iter([{"row": 250.0}, {"row": 200.0}, {"row": 320.0}])
    calls: list[str] = []

    def at_commit(commit: str, seconds: float, games: Any, warmup: float) -> dict[str, Any]:
        calls.append(f"commit {commit} {seconds} {warmup}")
        return next(commit_turns)

    def today(seconds: float, games: Any, warmup: float) -> dict[str, float]:
        calls.append(f"today {seconds} {warmup}")
        return next(today_turns)

    monkeypatch.setattr(speed, "measure_at_commit", at_commit)
    monkeypatch.setattr(speed, "measure_contract", today)
    before, now, gains, table = speed.measure_in_turns("abc", 3, 2.0, None, 0.5)
    assert calls == ["commit abc 2.0 0.5", "today 2.0 0.5"] * 3
    assert before == {"row": 100.0} and now == {"row": 250.0}
    # The rounds' gains are 2.5, 4.0 and 2.909: their median, not 250 / 100.
    assert gains["row"] == pytest.approx(320 / 110)
    assert table == [5.0, 6.0]  # the last turn's table cost


def test_without_a_commit_only_today_is_measured(monkeypatch: Any) -> None:
    monkeypatch.setattr(speed, "measure_contract", lambda seconds, games, warmup: {"row": 7.0})
    assert speed.measure_in_turns(None, 3, 1.0, None, 0.0) == ({}, {"row": 7.0}, {}, None)


def test_warm_up_games_are_untimed_and_use_their_own_seeds(monkeypatch: Any) -> None:
    clock = iter(range(100))  # a fake CPU clock: one second per reading
    monkeypatch.setattr(speed.time, "process_time", lambda: float(next(clock)))
    seeds: list[int] = []
    rate = speed.games_per_cpu_second(lambda seed: seeds.append(seed), 3.0, warmup=2.0)
    warm = [seed for seed in seeds if seed >= speed.WARMUP_SEEDS]
    assert warm == [speed.WARMUP_SEEDS]  # readings 0, 1: one game; at 2 the warm-up is over
    assert seeds[len(warm):] == [0, 1]  # timed games: seeds 0, 1 in 2 readings of 3 seconds
    assert rate == pytest.approx(2 / 3)
