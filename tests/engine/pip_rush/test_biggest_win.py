"""PIP Rush's biggest win (docs/RULES.md PR-17): how many spaces the losing team was from
winning when the race ended. Every race a team wins has one, won on the track or on the
tiebreak, and it is worked out here from the finished race's view by trying every way the
losers' racers could have moved on."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.achievements import Tally
from engine.contract import Game
from engine.pip_rush.achievements import spaces_short
from engine.pip_rush.track import FINISH, LAST_MILE
from engine.registry import GAMES

SPEC = GAMES["pip-rush"]


def race(seed: int, players: int, level: str | None) -> tuple[Game, Tally]:
    """A race played to its end by computers of `level` (None: random legal moves)."""
    game = SPEC.new(players, {"overtime": seed % 3 == 0}, seed)
    tally = SPEC.tally()
    tally.feed(game.start_events)
    rng = random.Random(seed)
    while game.outcome is None:
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        action = rng.choice(legal) if level is None \
            else SPEC.ai(game.view(seat), legal, rng, level)
        tally.feed(game.apply(seat, action))
    tally.finish(game.outcome)
    return game, tally


def fewest_spaces_to_win(game: Game, team: int) -> int:
    """Every forward position of the team's two racers, the cheapest that would have won:
    one on the Finish and the other in the Last Mile when the other team won so, else ahead
    of the other team's racers, lead racer first, then trailing."""
    spaces = {(r["team"], r["index"]): r["space"] for r in game.view(None)["racers"]}
    mine = [spaces[(team, 0)], spaces[(team, 1)]]
    theirs = sorted((spaces[(1 - team, 0)], spaces[(1 - team, 1)]), reverse=True)
    on_the_track = theirs[0] == FINISH and theirs[1] >= LAST_MILE

    def wins(a: int, b: int) -> bool:
        lead, trailing = max(a, b), min(a, b)
        if on_the_track:
            return lead == FINISH and trailing >= LAST_MILE
        return (lead, trailing) > (theirs[0], theirs[1])
    return min(a - mine[0] + b - mine[1]
               for a, b in itertools.product(range(mine[0], FINISH + 1),
                                             range(mine[1], FINISH + 1)) if wins(a, b))


@settings(max_examples=30)
@given(st.integers(0, 10**6), st.sampled_from([2, 4]), st.sampled_from([None, "normal"]))
def test_every_race_won_has_a_biggest_win_of_the_spaces_the_losers_were_from_winning(
        seed: int, players: int, level: str | None) -> None:
    game, tally = race(seed, players, level)
    outcome = game.outcome
    assert outcome is not None
    if outcome["shared"]:
        assert not [key for key in tally.best if key[1] == "win"]
        return
    winners = outcome["winners"]
    margin = fewest_spaces_to_win(game, 1 - winners[0] % 2)
    assert margin >= 1
    assert {seat: value for (seat, kind), value in tally.best.items() if kind == "win"} \
        == dict.fromkeys(winners, margin)


def test_a_race_won_with_fewer_spaces_added_up_than_the_losers_has_its_biggest_win() -> None:
    """The old reckoning (the winners' spaces added up, less the losers') found no win at all
    in such a race, and /records read "none yet"."""
    found = 0
    for seed in range(40):
        game, tally = race(seed, 2, None)
        outcome = game.outcome
        assert outcome is not None
        [winner] = outcome["winners"] if not outcome["shared"] else [None]
        if winner is None or outcome["scores"][winner] > outcome["scores"][1 - winner]:
            continue
        found += 1
        assert tally.best[(winner, "win")] >= 1
    assert found


def test_spaces_short_on_the_track_and_on_the_tiebreak() -> None:
    # Won on the track: a racer on the Finish and the other in the Last Mile (PR-14).
    assert spaces_short((9, 9), (FINISH, LAST_MILE)) == 1  # 18 spaces against 17: still a win
    assert spaces_short((FINISH, 3), (FINISH, 8)) == 4
    assert spaces_short((0, 0), (FINISH, FINISH)) == 17
    # Won on the tiebreak (PR-15): ahead of the winners, lead racer first, then trailing.
    assert spaces_short((6, 4), (6, 4)) == 1  # level on the track: the pips decided
    assert spaces_short((6, 6), (8, 3)) == 2  # a racer to 8 beside the winners' 8, 6 past 3
    assert spaces_short((2, 1), (FINISH, 5)) == 13  # to the Finish, and the other past 5
