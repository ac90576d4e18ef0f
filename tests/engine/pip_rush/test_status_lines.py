"""PIP Rush's state block: the board grid places every racer, the notes beside it say each
team's players and pips, and nothing is said twice."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pip_rush.text import status_lines
from tests.engine.pip_rush.helpers import new_game, play_cards, rig
from tests.engine.status_games import views_along


def cell(lines: list[str], space: int, lane: int) -> str:
    row = next(line for line in lines if line.startswith(f"  lane {lane}"))
    return row[8 + 3 * (space - 1): 8 + 3 * space].strip()


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 4]),
       track=st.sampled_from(["open", "obstacles"]))
def test_every_racer_is_on_the_grid_and_its_pips_beside_it(seed, players, track):
    for view in views_along("pip-rush", players, seed, {"track": track}, moves=150):
        lines = status_lines(view)
        notes = [line.partition("\t")[2] for line in lines if "\t" in line]
        for racer in view["racers"]:
            marker = f"{racer['team'] + 1}{racer['label']}"
            pips = f"{racer['pips']} pip{'' if racer['pips'] == 1 else 's'}"
            team_notes = notes[2 * racer["team"]:2 * racer["team"] + 2]
            assert f"{marker} {pips}" in team_notes[1].strip().split(" · ")
            if racer["space"] == 0:
                assert marker in next(line for line in lines if "at Start:" in line).split()
            else:
                assert cell(lines, racer["space"], racer["lane"]) == marker
        for space, lane in view["track"]["obstacles"]:
            assert cell(lines, space, lane) == "##"
        for seats, team in zip(view["teams"], ("Team 1", "Team 2"), strict=True):
            assert f"{team}: {' & '.join(f'{{s{s}}}' for s in seats)}" in notes


def test_the_card_resolving_is_named_by_what_it_does_not_by_its_code():
    game = rig(new_game(2), leader=0, hands={0: "2D 3D", 1: "AS 4S"},
               racers=[(0, None, 4), (0, None, 4), (2, 1, 4), (2, 3, 4)])
    play_cards(game, "2D AS 3D 4S")  # resolve 3D first: its player chooses the racer
    line = status_lines(game.view(0))[-1]
    assert line.endswith("resolving: {s0} 3♦ (−1 pip) · choosing: {s0}")


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 4]))
def test_nothing_the_board_or_the_told_moves_show_is_said_again(seed, players):
    """The racers' spaces are on the board alone, and the trick just finished is not repeated
    (its cards and winner were told as they were played): the state stays short enough for
    what was told since the player's last move to stay on an 80x24 screen."""
    for view in views_along("pip-rush", players, seed, {}, moves=150):
        lines = status_lines(view)
        assert not any(line.startswith("Last trick") for line in lines)
        assert not any("space " in line.partition("\t")[2] for line in lines)
        assert len(lines) <= (7 if view["outcome"] is None else 5)  # the board: 4 or 5
