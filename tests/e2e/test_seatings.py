"""The shared seating list covers what the e2e tests promise (tests/e2e/seatings.py)."""

from __future__ import annotations

from engine.registry import GAMES
from testkit.players import has_computer_player
from tests.e2e.seatings import LARGEST, RESTARTS, SMALLEST, TEAMS, WHOLE_GAMES


def test_every_seating_is_one_its_game_allows_with_a_human_to_start_it() -> None:
    for seating in [*WHOLE_GAMES, *RESTARTS]:
        spec = GAMES[seating.game]
        assert seating.players in spec.allowed_player_counts(), seating
        assert seating.humans >= 1 and seating.computers >= 0, seating
        assert len(seating.sides()) == seating.players


def test_every_game_is_played_whole_at_its_smallest_and_largest_count() -> None:
    for name, spec in GAMES.items():
        counts = spec.allowed_player_counts()
        played = {s.players for s in WHOLE_GAMES if s.game == name}
        assert {counts[0], counts[-1]} <= played, name
        if has_computer_player(name):
            largest = [s for s in LARGEST if s.game == name]
            assert largest and all(s.computers for s in largest), name
            if counts[-1] > 2:
                assert all(s.humans > 1 for s in largest), name


def test_team_seatings_share_sides_and_mix_humans_with_computers() -> None:
    for seating in TEAMS:
        sides = seating.sides()
        alone = seating.options == "teams=false"
        assert (len(set(sides)) == len(sides)) == alone, seating
    # Where the largest count plays in partnerships, some side holds a human and a computer.
    for seating in LARGEST:
        sides = seating.sides()
        if len(set(sides)) < len(sides):
            assert set(sides[: seating.humans]) & set(sides[seating.humans :]), seating


def test_every_restart_seating_is_also_played_whole_and_listed_once() -> None:
    assert set(RESTARTS) <= set(WHOLE_GAMES)
    assert len(set(RESTARTS)) == len(RESTARTS)
    assert len(set(WHOLE_GAMES)) == len(WHOLE_GAMES)
    assert set(SMALLEST) | set(LARGEST) | set(TEAMS) == set(WHOLE_GAMES)
    for game in ("crib-race", "pip-rush"):
        restarted = {(s.humans, s.computers) for s in RESTARTS if s.game == game}
        assert (2, 0) in restarted, game
        assert max(h + c for h, c in restarted) == GAMES[game].allowed_player_counts()[-1]
