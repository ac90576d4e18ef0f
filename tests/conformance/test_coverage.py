"""The suite covers every registered game without naming one: its seatings come from the
registry alone, so a game added there is played by every conformance test with no edit."""

from __future__ import annotations

import re
from pathlib import Path

from engine.registry import GAMES
from tests.conformance.games import FIRST_SEATINGS, SEATINGS, TABLES, accepts

SUITE = Path(__file__).parent


def test_every_registered_game_count_and_option_value_is_played() -> None:
    assert [s.game for s in FIRST_SEATINGS] == list(GAMES)
    for name, spec in GAMES.items():
        counts = {s.players for s in TABLES if s.game == name}
        assert counts == set(spec.allowed_player_counts()), name
        for option in spec.options:
            for value in option.choices:
                if any(accepts(spec, n, {option.name: value})
                       for n in spec.allowed_player_counts()):
                    assert any(s.game == name and s.options.get(option.name, option.default)
                               == value for s in SEATINGS), (name, option.name, value)


def test_the_suite_names_no_game() -> None:
    spellings = {spelling for name, spec in GAMES.items()
                 for spelling in (name, name.replace("-", "_"), spec.title)}
    pattern = re.compile("|".join(rf"\b{re.escape(s)}\b" for s in spellings), re.IGNORECASE)
    for source in sorted(SUITE.glob("*.py")):
        found = pattern.findall(source.read_text(encoding="utf-8"))
        assert not found, f"{source.name} names {sorted(set(found))}"
