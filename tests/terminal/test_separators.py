"""A line the terminal breaks ends with its last item, never with the " ·" that parted it
from the next: the break parts them already, and a dot left at a line's end reads as the
start of something that is not there."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from engine.registry import GAMES
from terminal.cards import styled
from terminal.layout import PART, fit
from terminal.rows import print_hanging
from tests.terminal.play_helper import played_in_terminal

#: A " ·" after a word at a line's end; a board's open cells ("lane 1  ·  ·") are not one.
DANGLING = re.compile(r"\S ·$")

item = st.text(alphabet="ab1&", min_size=1, max_size=12)
part = st.lists(item, min_size=1, max_size=4).map(", ".join)
title = st.sampled_from(["", "Scores: ", "Pegs (to 121): ", "  "])


def joined(lines: list[str]) -> str:
    """A broken line put back together, the dot a break took away put back: a line that
    ends with a comma was broken there."""
    whole = lines[0]
    for line in lines[1:]:
        whole += (" " if whole.endswith(",") else PART) + line.strip()
    return whole


@given(title=title, parts=st.lists(part, min_size=2, max_size=9), width=st.integers(20, 80))
def test_a_broken_state_line_keeps_its_words_and_ends_no_line_with_a_dot(title, parts, width):
    line = title + PART.join(parts)
    lines = fit(line, width).splitlines()
    assert joined(lines) == line
    assert not [row for row in lines if row.endswith("·")]
    if len(title) + 2 + max(map(len, line.replace(PART, ", ").split(", "))) <= width:
        assert all(len(row) <= width for row in lines)


def test_a_break_replaces_the_dot_and_keeps_a_comma():
    line = "Trick: Computer 1 3♥, Computer 2 A♦, Computer 3 A♠, you 4♥ · resolving: you 4♥"
    assert fit(line, 60).splitlines() == [
        "Trick: Computer 1 3♥, Computer 2 A♦, Computer 3 A♠, you 4♥",
        "       resolving: you 4♥"]
    assert fit(line, 40).splitlines() == [
        "Trick: Computer 1 3♥, Computer 2 A♦,",
        "       Computer 3 A♠, you 4♥",
        "       resolving: you 4♥"]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("most", [False, True], ids=["fewest", "most"])
async def test_no_line_of_a_whole_game_ends_with_a_dot(game, most):
    """Every game at its fewest and its most players on an 80-column screen, read as the
    screen shows it: the state, the told moves and the choices."""
    counts = GAMES[game].allowed_player_counts()

    def first_or_pass(prompt: str) -> str:
        return "" if prompt.startswith(("Make it now", "Type review")) else "1"

    table, shown = await played_in_terminal(":memory:", game, {}, counts[-1 if most else 0], 2,
                                            first_or_pass, width=80)
    assert table.finished
    lines = shown.splitlines()
    assert not [line for line in lines if DANGLING.search(line)]
    assert not [line for line in lines if len(line) > 80]


def test_a_told_line_the_screen_folds_leaves_no_dot_at_a_fold():
    """A told line (a review's, a hint's) is folded by the screen, not by fit: a fold just
    after a " ·" drops it too."""
    out = io.StringIO()
    body = Text("Given up: Computer 1 3 points · Computer 2 5 points")
    rows = print_hanging(Console(file=out, width=33), "• ", body)
    assert out.getvalue().splitlines() == [
        "• Given up: Computer 1 3 points", "  Computer 2 5 points"]
    assert rows == 2


def test_a_counts_total_is_folded_with_its_dash():
    """A hand's count the screen folds: its total never stands alone on a row ("4."), the
    dash before it left at the end of the row above."""
    out = io.StringIO()
    count = ("Computer's hand A♠ 2♠ 7♠ 9♠ with K♦: a flush of four is four (A♠ 2♠ 7♠ 9♠) "
             "— 4.")
    print_hanging(Console(file=out, width=80), "  ", styled(count))
    rows = out.getvalue().splitlines()
    assert rows == [f"  {count.removesuffix(' — 4.')}", "  — 4."]
    assert "\ue000" not in out.getvalue()
