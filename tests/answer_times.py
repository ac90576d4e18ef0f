"""The slowest first answers the bot gave to interactions in this run, printed at its end:
in real seconds (stretched by whatever else keeps the machine busy) and on the clock the fake
Discord holds to Discord's 3 s (by default the test process's processor time, see
testkit/fake_discord/fake.py). Fake Discords on a test's own clock are left out: their
times are the test's choice."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from testkit.fake_discord.state import INTERACTION_RESPONSE_WINDOW, DiscordState

WORKER_OUTPUT = "slowest_answer"


class Slowest:
    def __init__(self) -> None:
        self.seconds = 0.0
        self.test = ""

    def saw(self, seconds: float, test: str) -> None:
        if seconds > self.seconds:
            self.seconds, self.test = seconds, test


#: What is measured: real seconds, and seconds on the limit's clock.
MEASURES = ("real time", "the limit's clock")
SLOWEST = pytest.StashKey[dict[str, Slowest]]()
OWN_CLOCKS = (time.perf_counter, time.process_time)


def slowest(config: pytest.Config) -> dict[str, Slowest]:
    return config.stash.setdefault(SLOWEST, {measure: Slowest() for measure in MEASURES})


@pytest.fixture(autouse=True)
def _timed_answers(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
                   ) -> Iterator[None]:
    made: list[DiscordState] = []
    create = DiscordState.__init__

    def remembered(state: DiscordState, *args: Any, **kwargs: Any) -> None:
        create(state, *args, **kwargs)
        made.append(state)

    monkeypatch.setattr(DiscordState, "__init__", remembered)
    yield
    real, limit = slowest(request.config).values()
    for state in made:
        if state.clock in OWN_CLOCKS:
            for record in state.interactions.values():
                if record.latency is not None and record.answered_after is not None:
                    real.saw(record.latency, request.node.nodeid)
                    limit.saw(record.answered_after, request.node.nodeid)


def pytest_sessionfinish(session: pytest.Session) -> None:
    output = getattr(session.config, "workeroutput", None)  # in a pytest-xdist worker
    if output is not None:
        output[WORKER_OUTPUT] = {measure: (seen.seconds, seen.test)
                                 for measure, seen in slowest(session.config).items()}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    found = getattr(node, "workeroutput", {}).get(WORKER_OUTPUT, {})
    for measure, seen in slowest(node.config).items():
        seen.saw(*found.get(measure, (0.0, "")))


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    for measure, seen in slowest(config).items():
        if seen.test:
            terminalreporter.write_line(
                f"Slowest first answer to an interaction, in {measure}: {seen.seconds:.2f} s "
                f"(Discord allows {INTERACTION_RESPONSE_WINDOW:g} s) in {seen.test}")
