"""A line of prose in the state block that the screen would fold with its last word alone on
a row is folded a word or more earlier: a lone word reads as a line of its own."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from engine.pip_cribbage.text import _MADE
from engine.pip_cribbage.track import TRACK
from terminal.rows import no_lone_word

words = st.text(alphabet="abcdefghij,.", min_size=1, max_size=14)


def console(width: int) -> Console:
    return Console(file=io.StringIO(), width=width)


@given(text=st.lists(words, min_size=1, max_size=40).map(" ".join), width=st.integers(30, 120))
def test_prose_keeps_its_words_and_rows_and_leaves_no_word_alone_where_it_can(text, width):
    screen = console(width)
    folded = Text(text).wrap(screen, width)
    rows = [row.plain for row in no_lone_word(screen, Text(text))]
    if len(rows) == 1:  # as it was: it fits, or no earlier fold keeps its rows
        assert rows == [text]
        return
    assert " ".join(rows).split() == text.split()
    assert len(rows) == len(folded) and all(len(row) <= width for row in rows)
    assert len(rows[-1].split()) >= 2


@pytest.mark.parametrize("width", [80, 100])
def test_no_pip_space_leaves_a_word_alone_on_the_terminal(width):
    """Every PIP Track space that acts during a deal, as the state says it ("This deal, Crib
    Bonus: ..."), with each choice made on it: a word alone on its last row never."""
    screen = console(width)
    for space in TRACK.values():
        if not space.acts_during_deal:
            continue
        for made in ["", *_MADE.values(), " Flipped 3→4."]:
            line = f"This deal, {space.name}: {space.text}{made}"
            rows = [row.plain for row in no_lone_word(screen, Text(line))]
            assert " ".join(rows).split() == line.split()
            assert len(rows) == 1 or len(rows[-1].split()) >= 2, rows


def test_crib_bonus_is_one_row_of_80_columns():
    line = f"This deal, {TRACK[1].name}: {TRACK[1].text}"
    assert len(line) <= 80


def test_a_screen_that_folds_for_itself_gets_the_line_whole():
    screen = Console(file=io.StringIO(), width=40, soft_wrap=True)
    text = "one two three four five six seven eight nine ten eleven"
    assert [row.plain for row in no_lone_word(screen, Text(text))] == [text]
