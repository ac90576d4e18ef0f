"""A run of the same move by several seats in a row (the events' "chorus": several computers
saying go) is read as one line on the table and in each hand, so at eight players the table's
few lines are not spent on seven goes; every other line is read as it was told."""

from __future__ import annotations

import itertools
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.registry import GAMES
from tables.table import Table
from tables.text import Chorus, chorused
from tests.tables.helpers import ANN, CHANNEL, GUILD, computer, human

#: A line telling one seat's go, as the channel or a seat reads it.
ONE_GO = re.compile(r"(?:.+ says|You say) go\.")

lines_with_choruses = st.lists(
    st.one_of(st.none(), st.tuples(st.integers(0, 3), st.sampled_from(["say go.", "hum."]))),
    max_size=30)


@settings(max_examples=200)
@given(choruses=lines_with_choruses)
def test_each_run_of_one_move_by_different_seats_is_one_line_naming_them_in_turn(
    choruses: list[Chorus | None],
) -> None:
    lines = [(number, f"line {number}", chorus) for number, chorus in enumerate(choruses)]
    told = chorused(lines)
    # The runs, worked out the plain way: a chorus line joins the one before when the words
    # are the same and its seat is not in that run yet.
    runs: list[list[tuple[int, str, Chorus | None]]] = []
    for line in lines:
        chorus, last = line[2], runs[-1][-1][2] if runs else None
        if (chorus is not None and last is not None and chorus[1] == last[1]
                and chorus[0] not in [seat for _, _, (seat, _) in runs[-1]]):  # type: ignore[misc]
            runs[-1].append(line)
        else:
            runs.append([line])
    assert len(told) == len(runs)
    for (number, text), run in zip(told, runs, strict=True):
        assert number == run[-1][0]  # in its place: where its last line was told
        if len(run) == 1:
            assert text == run[0][1]
        else:
            seats = [f"{{s{chorus[0]}}}" for _, _, chorus in run if chorus is not None]
            assert re.findall(r"\{s\d\}", text) == seats
            assert text.endswith(" " + run[0][2][1])  # type: ignore[index]


def test_at_eight_players_the_goes_of_a_round_are_one_line_on_the_table_and_in_each_hand(
) -> None:
    seats = [human(ANN), *[computer("easy", n) for n in range(1, 8)]]
    joined = 0
    for seed in range(3):
        table = Table(id=1, spec=GAMES["crib-race"], options={}, seed=seed, seats=seats,
                      guild_id=GUILD, channel_id=CHANNEL, host_id=ANN)
        rng = random.Random(seed)
        for _ in range(300):
            acting = table.to_act()
            if table.finished or not acting:
                break
            seat = rng.choice(acting)
            table.apply(seat, rng.choice(table.legal_for(seat)))
            for lines in (table.recent, *(table.lines_for(s) for s in range(len(seats)))):
                for before, line in itertools.pairwise(lines):
                    assert not (ONE_GO.fullmatch(before) and ONE_GO.fullmatch(line)), lines
            joined += sum(line.endswith(" say go.") and "," in line for line in table.recent)
    assert joined  # some round had three or more goes in a row, read as one line
