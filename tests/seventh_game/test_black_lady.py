"""The seventh game, Black Lady (tests/seventh_game/): its rules as properties over whole
random games, and its plugging in beside the sixth through the CARDBOT_GAMES setting, which
keeps the games a developer names there."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from engine.cards import parse_card
from engine.registry import GAMES
from tests.seventh_game.black_lady.game import MOON, TWO_OF_CLUBS, BlackLadyGame
from tests.terminal.play_helper import played_in_terminal

GAME = "black-lady"
ROOT = Path(__file__).resolve().parents[2]


def play(players: int, seed: int) -> tuple[BlackLadyGame, list[dict]]:
    game = GAMES[GAME].new(players, {"points": 26}, seed)
    assert isinstance(game, BlackLadyGame)
    rng, events = random.Random(seed), list(game.start_events)
    while game.outcome is None:
        seat = rng.choice(game.to_act())
        events += game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game, events


@given(st.sampled_from([3, 4]), st.integers(0, 2**32 - 1))
def test_each_deal_costs_26_or_a_moon_and_the_fewest_points_win(players: int, seed: int) -> None:
    game, events = play(players, seed)
    ends = [e for e in events if e["type"] == "deal_end"]
    for end in ends:
        assert sum(end["costs"]) == (MOON * (players - 1) if end["moon"] is not None else MOON)
    assert [sum(e["costs"][s] for e in ends) for s in range(players)] == game.scores
    outcome = game.outcome
    assert outcome is not None and max(game.scores) >= 26
    assert set(outcome["winners"]) == {s for s in range(players)
                                       if game.scores[s] == min(game.scores)}


@given(st.sampled_from([3, 4]), st.integers(0, 2**32 - 1))
def test_passed_cards_reach_their_seat_and_only_the_two_seats_see_them(players: int,
                                                                       seed: int) -> None:
    game = GAMES[GAME].new(players, {"points": 26}, seed)
    rng = random.Random(seed)
    held = [list(game.view(s)["hand"]) for s in range(players)]
    chosen: dict[int, list[str]] = {s: [] for s in range(players)}
    events: list[dict] = []
    while game.passing:
        seat = rng.choice(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        assert action["type"] == "pass"
        chosen[seat].append(action["card"])
        events += game.apply(seat, action)
    for seat in range(players):
        to = (seat + 1) % players  # the first deal passes to the left
        assert set(chosen[seat]) <= set(game.view(to)["hand"])
        assert not set(chosen[seat]) & set(game.view(seat)["hand"])
        assert game.view(seat)["known"] == {"seat": to, "cards": sorted(
            chosen[seat], key=lambda c: game.hands[to].index(parse_card(c)))}
        assert set(held[seat]) - set(chosen[seat]) <= set(game.view(seat)["hand"])
    for event in events:
        if "card" in event or "cards" in event:
            assert "to" in event, event  # no pass is told to the channel
    leader = game.to_act()[0]
    assert game.legal_actions(leader) == [{"type": "play", "card": str(TWO_OF_CLUBS)}]


def test_a_game_named_in_the_setting_joins_the_tests_own_games() -> None:
    """tests/conftest.py adds the tests' games to CARDBOT_GAMES and keeps what it names, so a
    game written outside the repository is in the conformance suite (docs/DESIGN.md)."""
    probe = subprocess.run(
        [sys.executable, "-c", "import os, tests.conftest; print(os.environ['CARDBOT_GAMES'])"],
        cwd=ROOT, env={**os.environ, "CARDBOT_GAMES": "plugin.one, plugin.two"},
        capture_output=True, text=True, check=True)
    named = probe.stdout.split()
    # The developer's games first, then the tests' own three (the sixth is named only by its
    # packages and the setting: tests/sixth_game).
    assert named[:2] == ["plugin.one", "plugin.two"] and len(named) == 5
    assert "tests.seventh_game.black_lady" in named[2:]


async def test_a_whole_game_in_the_terminal_passing_with_the_computers(tmp_path: Path) -> None:
    answers = iter(["hint"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Type review"):
            return "review"
        prompts.append(prompt)
        return next(answers, "1")

    table, shown = await played_in_terminal(str(tmp_path / "play.db"), GAME, {"points": 26}, 4, 5,
                                            read, width=120, level="hard")
    assert table.status == "finished" and len(prompts) >= 13
    assert "Passing three cards to the left" in shown and "You will pass " in shown
    assert re.search(r"passed you \S+ \S+ \S+\.", shown)
    assert "Hint, the best choices first:" in shown
    assert f"Review of Black Lady #{table.id} for Ann" in shown
