"""Laying lines out on a terminal of a given width: a state line broken between its parts, a
list of moves in columns. Pure functions of the text and the width."""

from __future__ import annotations

from rich.text import Text

#: A list of more moves than this is laid out in columns when they fit; the space between.
COLUMNS_FROM = 8
COLUMN_GAP = 2
#: What parts a state line from a note to set beside it (a team's racers beside the board).
BESIDE = "\t"
#: Between a block and the notes set beside it.
NOTE_GAP = 3
#: The separator between a state line's parts: at a break it goes, as the break parts them.
PART = " · "


def in_columns(cells: list[Text], width: int, crowded: bool = False) -> list[Text]:
    """A long list of short moves (a discard's fifteen pairs) in columns down the screen, so
    that the state above it and the moves told before it stay in view on a small terminal; a
    short list too when the screen is `crowded` (one move a line would push the moves told off
    it). A list that is short, or too wide for two columns, one move a line."""
    if len(cells) <= 1 or (len(cells) <= COLUMNS_FROM and not crowded):
        return cells
    cell_width = max(cell.cell_len for cell in cells) + COLUMN_GAP
    columns = min(len(cells), max(1, (width + COLUMN_GAP) // cell_width))
    rows = -(-len(cells) // columns)
    lines = []
    for row in range(rows):
        in_row = cells[row::rows]
        line = Text()
        for cell in in_row[:-1]:
            line.append_text(cell)
            line.append(" " * (cell_width - cell.cell_len))
        line.append_text(in_row[-1])
        lines.append(line)
    return lines


def fit(line: str, width: int) -> str:
    """A state line too wide for the terminal, broken between its " · " parts under its title
    ("Scores: ..."), and a part too wide on its own (eight players' cards in a trick) between
    its ", " items; a line with no title goes on two further in than it starts (a side's place
    on the board, set two in under "Pegs")."""
    if len(line) <= width or PART not in line:
        return line  # prose (a PIP effect's words) the screen wraps as it would
    head, colon, rest = line.partition(": ")
    title = head + colon if colon and PART not in head else ""
    rest = rest if title else line
    hang = " " * (len(title) if title else len(line) - len(line.lstrip()) + 2)
    pieces: list[tuple[str, str]] = []
    for number, part in enumerate(rest.split(PART)):
        between = PART if number else ""
        if len(hang + part) <= width:
            pieces.append((between, part))
            continue
        for count, item in enumerate(part.split(", ")):
            pieces.append((", " if count else between, item))
    return laid_out(title, pieces, width, hang)


def fitted(title: str, parts: list[str], between: str, width: int) -> str:
    """title and parts on lines that fit the terminal, broken between parts, never inside one
    (a name and its score stay together)."""
    return laid_out(title, [("", parts[0]), *((between, part) for part in parts[1:])], width)


def laid_out(title: str, pieces: list[tuple[str, str]], width: int,
             hang: str | None = None) -> str:
    """title and (separator, piece) pairs on lines that fit the terminal, the next line under
    the title's end (or after `hang`). A line broken at a comma ends with it, as a sentence
    would; one broken at a " · " ends with its part: a dot left at a line's end reads as a
    part of nothing."""
    hang = " " * len(title) if hang is None else hang
    lines = [title + pieces[0][1]]
    for index in range(1, len(pieces)):
        between, piece = pieces[index]
        # What ends this line if it is broken after this piece.
        mark = at_break(pieces[index + 1][0]) if index + 1 < len(pieces) else ""
        if len(lines[-1] + between + piece + mark) > width:
            lines[-1] += at_break(between)
            lines.append(hang + piece)
        else:
            lines[-1] += between + piece
    return "\n".join(lines)


def at_break(between: str) -> str:
    """What of a separator stays at the end of a line broken after it: a comma, not a dot."""
    return "" if between == PART else between.rstrip()


def beside(lines: list[str], width: int) -> list[str]:
    """A state block whose lines carry notes after a tab: each note set in a column to the
    right of the block (the board's rows keep their columns), or, where the screen is too
    narrow for both, every note on its own line under the block's last noted row. Lines
    without a note pass."""
    noted = [line.split(BESIDE, 1) for line in lines if BESIDE in line]
    if not noted:
        return lines
    left = max(len(block) for block, _ in noted) + NOTE_GAP
    if left + max(len(note) for _, note in noted) > width:
        last = max(n for n, line in enumerate(lines) if BESIDE in line)
        blocks = [block for line in lines[:last + 1] for block in [line.split(BESIDE, 1)[0]]
                  if block.strip() or BESIDE not in line]  # a row that held only a note
        return blocks + [note for _, note in noted] + lines[last + 1:]
    return [f"{block:<{left}}{note}".rstrip() if BESIDE in line else line
            for line in lines for block, _, note in [line.partition(BESIDE)]]
