"""PIP Rush's state block: every racer's team, space, lane and pips, and the board grid."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import card_symbol
from engine.pip_rush.text import status_lines
from tests.engine.pip_rush.helpers import new_game, play_cards, rig
from tests.engine.status_games import views_along


def cell(lines: list[str], space: int, lane: int) -> str:
    row = next(line for line in lines if line.startswith(f"  lane {lane}"))
    return row[8 + 3 * (space - 1): 8 + 3 * space].strip()


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 4]),
       track=st.sampled_from(["open", "obstacles"]))
def test_every_racer_is_placed_in_words_and_on_the_grid(seed, players, track):
    for view in views_along("pip-rush", players, seed, {"track": track}, moves=150):
        lines = status_lines(view)
        text = "\n".join(lines)
        for racer in view["racers"]:
            marker = f"{racer['team'] + 1}{racer['label']}"
            pips = f"{racer['pips']} pip{'' if racer['pips'] == 1 else 's'}"
            if racer["space"] == 0:
                assert f"{marker} at Start, {pips}" in text
                assert marker in next(line for line in lines if "at Start:" in line)
            else:
                assert f"{marker} on space {racer['space']} lane {racer['lane']}, {pips}" in text
                assert cell(lines, racer["space"], racer["lane"]) == marker
        for space, lane in view["track"]["obstacles"]:
            assert cell(lines, space, lane) == "##"
        for seats, team in zip(view["teams"], ("Team 1", "Team 2"), strict=True):
            assert f"{team} ({' & '.join(f'{{s{s}}}' for s in seats)}): " in text


def test_the_card_resolving_is_named_by_what_it_does_not_by_its_code():
    game = rig(new_game(2), leader=0, hands={0: "2D 3D", 1: "AS 4S"},
               racers=[(0, None, 4), (0, None, 4), (2, 1, 4), (2, 3, 4)])
    play_cards(game, "2D AS 3D 4S")  # resolve 3D first: its player chooses the racer
    line = status_lines(game.view(0))[-1]
    assert line.endswith("resolving: {s0} 3♦ (−1 pip) · choosing: {s0}")


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 4]))
def test_the_last_trick_and_its_winner_are_stated(seed, players):
    """As the Discord table shows it: the cards of the trick just finished and the one that
    won it, above the trick in play."""
    stated = 0
    for view in views_along("pip-rush", players, seed, {}, moves=150):
        last = view["last_trick"]
        lines = status_lines(view)
        told = [line for line in lines if line.startswith("Last trick: ")]
        if view["outcome"] is not None or not last:
            assert not told
            continue
        cards = ", ".join(f"{{s{c['seat']}}} {card_symbol(c['card'])}" for c in last["cards"])
        won = next(c for c in last["cards"] if c["won"])
        assert told == [f"Last trick: {cards} · won by {{s{won['seat']}}} with "
                        f"{card_symbol(won['card'])}"]
        assert lines.index(told[0]) == len(lines) - 2 and lines[-1].startswith("Trick: ")
        stated += 1
    assert stated
