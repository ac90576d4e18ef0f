"""The pace that decides when a "slow" turn notice may mention a member (cogs/turn_pace.py)."""

from __future__ import annotations

import statistics

from hypothesis import given
from hypothesis import strategies as st

from cogs.turn_pace import CAP_FACTOR, QUIET_SPELL, RECENT_TURNS, USUAL_FACTOR, TurnPace

GRACE = 30.0
KEY = (7, 42)
seconds = st.floats(min_value=0.0, max_value=3600.0)
turns = st.lists(seconds, max_size=30)


def paced(history: list[float]) -> TurnPace:
    pace = TurnPace(GRACE)
    for taken in history:
        pace.took(KEY, taken)
    return pace


@given(turns, seconds)
def test_the_grace_is_never_below_the_plain_one_nor_past_the_cap(history: list[float],
                                                                  since: float) -> None:
    pace = paced(history)
    assert GRACE <= pace.grace_for(KEY) <= GRACE * CAP_FACTOR
    assert pace.due(KEY, since) == since + pace.grace_for(KEY)  # never mentioned yet


@given(st.floats(min_value=0.0, max_value=GRACE * CAP_FACTOR / USUAL_FACTOR),
       st.integers(min_value=1, max_value=20), seconds)
def test_a_turn_as_long_as_the_usual_one_is_never_mentioned(usual: float, played: int,
                                                            since: float) -> None:
    pace = paced([usual] * played)
    assert pace.due(KEY, since) > since + usual


@given(st.lists(st.floats(min_value=0.0, max_value=GRACE / USUAL_FACTOR), min_size=1,
                max_size=30), seconds)
def test_a_member_who_plays_fast_is_mentioned_after_the_plain_grace(history: list[float],
                                                                    since: float) -> None:
    assert paced(history).due(KEY, since) == since + GRACE


@given(st.floats(min_value=1.0, max_value=50.0), st.floats(min_value=100.0, max_value=3600.0),
       st.integers(min_value=0, max_value=RECENT_TURNS // 2 - 1))
def test_a_few_long_stalls_among_the_latest_turns_leave_the_usual_pace(
        usual: float, stall: float, stalls: int) -> None:
    pace = paced([usual] * RECENT_TURNS + [stall] * stalls)
    assert pace.usual(KEY) == usual


@given(turns)
def test_the_usual_pace_is_the_median_of_the_latest_turns(history: list[float]) -> None:
    expected = statistics.median(history[-RECENT_TURNS:]) if history else None
    assert paced(history).usual(KEY) == expected


@given(turns, seconds, st.floats(min_value=-QUIET_SPELL, max_value=QUIET_SPELL))
def test_no_notice_mentions_within_the_quiet_spell_of_the_last_mention(
        history: list[float], mentioned: float, offset: float) -> None:
    pace = paced(history)
    pace.mentioned(KEY, mentioned)
    since = mentioned + offset  # the turn began before or after the mention
    due = pace.due(KEY, since)
    assert due >= mentioned + QUIET_SPELL
    assert due == max(mentioned + QUIET_SPELL, since + pace.grace_for(KEY))


def test_a_table_forgotten_keeps_the_other_tables_pace() -> None:
    pace = TurnPace(GRACE)
    other = (8, 42)
    for key in (KEY, other):
        pace.took(key, 50.0)
        pace.mentioned(key, 100.0)
    pace.forget(KEY[0])
    assert pace.due(KEY, 200.0) == 200.0 + GRACE
    assert pace.due(other, 200.0) == 100.0 + QUIET_SPELL
    assert pace.grace_for(other) == 75.0
