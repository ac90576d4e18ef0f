"""What the computer plays for an away member earns them nothing (engine/achievements.py): no
achievement or moment from an event while their seat is away, and nothing from the game's end
unless they played their own seat through their last deal."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.achievements import Achievement, Award, Tally, win_margin
from engine.registry import GAMES
from tests.engine.cribbage.test_game_situations import TWO_PLAY, play_all
from tests.engine.test_achievements import dealt, earned

TWENTY_NINE = "cribbage:twenty-nine"
WON = Achievement("test:won", "Won", "Win.", None,
                  on_finish=lambda events, outcome: outcome["winners"])
OUTCOME = {"winners": [0, 1], "scores": [30, 30, 10], "shared": False}


def test_a_29_counted_while_away_earns_nothing_and_back_in_time_earns_it() -> None:
    # Seat 0 keeps 5H 5D 5C JS and the 5S is turned: a 29 in the show.
    for back_before_the_show in (False, True):
        game, tally = dealt(("5H 5D 5C JS 2H 3H", "KD KC QD QC 9S 8S"), "5S")
        tally.seat_away(0)
        if back_before_the_show:
            tally.seat_back(0)
        tally.feed(play_all(game, TWO_PLAY))
        assert earned(tally, TWENTY_NINE) == ([0] if back_before_the_show else [])
        assert ((0, "hand") in tally.best) is back_before_the_show
        assert tally.best[(1, "hand")] == 12  # the other seat's count is theirs as ever


def ended(*steps: str | tuple[str, int]) -> list[Award]:
    """What WON and the margin earn after these steps: "deal" (a deal for everyone),
    ("deal", seat) (one seat's own deal), ("away", seat), ("back", seat)."""
    tally = Tally([WON], [win_margin("points", "")])
    for step in steps:
        if step == "deal":
            tally.feed([{"type": "deal"}])
        elif step[0] == "deal":
            tally.feed([{"type": "deal", "to": step[1]}])
        elif step[0] == "away":
            tally.seat_away(step[1])
        else:
            tally.seat_back(step[1])
    tally.finish(OUTCOME)
    assert {seat for seat, _ in tally.best} == {a.seat for a in tally.earned}
    return tally.earned


def test_the_end_earns_a_seat_only_if_it_played_its_whole_last_deal() -> None:
    both = [Award("test:won", 0), Award("test:won", 1)]
    assert ended("deal") == both
    # Away in an earlier deal only: the last deal was played by its member.
    assert ended("deal", ("away", 0), ("back", 0), "deal") == both
    # Away at any moment of the last deal, even back for its end, or away as it was dealt.
    assert ended("deal", ("away", 0), ("back", 0)) == [Award("test:won", 1)]
    assert ended(("away", 0), "deal", ("back", 0)) == [Award("test:won", 1)]
    # One seat's own deal begins that seat's last deal only.
    assert ended(("away", 0), ("away", 1), ("back", 0), ("back", 1), ("deal", 0)) == [
        Award("test:won", 0)]
    # A game dealt once: its last deal is the whole game.
    assert ended(("away", 1), ("back", 1)) == [Award("test:won", 0)]


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**31), data=st.data())
def test_leaving_seats_to_the_computer_only_ever_takes_honours_away(
    name: str, seed: int, data: st.DataObject
) -> None:
    """Random play with seats going away and coming back at random: a seat earns from an
    event exactly what the event is worth unless it is away at the time, from the end exactly
    what the end is worth unless it was away in its last deal; so nothing the same game
    played with no one away would not earn, and a seat never away earns just that."""
    spec = GAMES[name]
    players = data.draw(st.sampled_from(spec.allowed_player_counts()))
    never_away = data.draw(st.integers(0, players - 1))
    game = spec.new(players, {}, seed)
    plain, marked = (spec.tally() for _ in range(2))
    plain.feed(game.start_events)
    marked.feed(game.start_events)
    rng = random.Random(seed)
    expected: dict[tuple[int, str], int] = dict(marked.best)
    from_events = [m for m in spec.moments if m.from_event is not None]
    while game.outcome is None:
        if rng.random() < 0.05 and players > 1:
            seat = rng.choice([s for s in range(players) if s != never_away])
            (marked.seat_back if seat in marked.away else marked.seat_away)(seat)
        seat = game.to_act()[0]
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))
        plain.feed(events)
        away = set(marked.away)
        assert not [a for a in marked.feed(events) if a.seat in away]
        for event in events:
            for moment in from_events:
                assert moment.from_event is not None
                found = moment.from_event(event)
                if found is not None and found[0] not in away:
                    key = (found[0], moment.kind)
                    expected[key] = max(expected.get(key, 0), found[1])
    plain.finish(game.outcome)
    absent = set(marked.away_this_deal)
    assert not [a for a in marked.finish(game.outcome) if a.seat in absent]
    for moment in spec.moments:
        from_outcome = moment.from_outcome
        for seat, value in [
                *(from_outcome(game.outcome, spec.fewest_points_win) if from_outcome else ()),
                *(moment.from_finish(plain.history, game.outcome) if moment.from_finish else ())]:
            if seat not in absent:
                expected[(seat, moment.kind)] = max(expected.get((seat, moment.kind), 0), value)
    assert marked.best == {key: value for key, value in expected.items() if value > 0}
    assert set(marked.earned) <= set(plain.earned)
    assert {a for a in marked.earned if a.seat == never_away} == \
        {a for a in plain.earned if a.seat == never_away}
    assert {k: v for k, v in marked.best.items() if k[0] == never_away} == \
        {k: v for k, v in plain.best.items() if k[0] == never_away}
