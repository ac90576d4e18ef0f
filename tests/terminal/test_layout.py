"""A state block with notes beside it (PIP Rush's teams beside its board): set in a column
to the right where the screen has room, under the block where it has not, never cut."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from terminal.layout import BESIDE, NOTE_GAP, beside

words = st.text(alphabet="ab ·1", min_size=0, max_size=30).map(str.rstrip)
rows = st.lists(st.tuples(words, st.none() | words.filter(bool)), min_size=1, max_size=8)


@given(rows=rows, width=st.integers(20, 100))
def test_notes_go_beside_when_they_fit_and_under_the_block_when_not(rows, width):
    lines = [block if note is None else f"{block}{BESIDE}{note}" for block, note in rows]
    laid = beside(lines, width)
    notes = [note for _, note in rows if note is not None]
    assert not any(BESIDE in line for line in laid)
    if not notes:
        assert laid == lines
        return
    column = max(len(block) for block, note in rows if note is not None) + NOTE_GAP
    if column + max(map(len, notes)) <= width:
        assert len(laid) == len(lines)  # not a row more than the block
        for (block, note), line in zip(rows, laid, strict=True):
            if note is None:
                assert line == block
            else:
                assert line[:column].rstrip() == block and line[column:] == note
        assert all(len(line) <= width for line, (_, note) in zip(laid, rows, strict=True)
                   if note is not None)  # a line without a note is left as it came
    else:  # every block row that is more than a note's place, then every note, then the rest
        last = max(n for n, (_, note) in enumerate(rows) if note is not None)
        kept = [block for block, note in rows[:last + 1] if block.strip() or note is None]
        assert laid == kept + notes + [block for block, _ in rows[last + 1:]]


def test_a_row_that_only_holds_a_note_takes_no_room_under_a_narrow_block():
    lines = ["  lane 1  ·\tTeam 1: you", "\t  1A 4 pips", "Trick: nothing played yet"]
    assert beside(lines, 80) == ["  lane 1  ·   Team 1: you", "                1A 4 pips",
                                 "Trick: nothing played yet"]
    assert beside(lines, 20) == ["  lane 1  ·", "Team 1: you", "  1A 4 pips",
                                 "Trick: nothing played yet"]
