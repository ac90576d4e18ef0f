"""An event's standings as a spreadsheet file (CSV): every entry, however many, for the
organiser to keep, share or hand prizes from. The message and its picture show as many rows
as fit on a phone; this is the one place every row is."""

from __future__ import annotations

import csv
import io
from typing import Any

from engine.errors import IllegalAction
from tables.tournaments.fit import KNOCKOUT, TABLES
from tables.tournaments.picture import standing_rows
from tables.tournaments.text import round_words, title
from tables.tournaments.tournament import CANCELLED, FINISHED, SIGNUP, Tournament

#: The columns past place, name and seed, by format: a knockout has no points or tie-breaks,
#: a tables event no wins or losses.
COLUMNS = {
    KNOCKOUT: ("Won", "Lost", "Byes", "Forfeits"),
    TABLES: ("Points", "Byes", "Forfeits", "Buchholz", "Spread"),
}
PAIRS = ("Points", "Won", "Drawn", "Lost", "Byes", "Forfeits", "Buchholz", "Spread")
KEYS = {"Points": "points", "Won": "won", "Drawn": "drawn", "Lost": "lost", "Byes": "byes",
        "Forfeits": "forfeits", "Buchholz": "buchholz", "Spread": "spread"}
#: A cell a spreadsheet would read as a formula (a name like "=HYPERLINK(...)").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def standings_csv(event: Tournament) -> bytes:
    """The standings, best first, one row per entry under a header row; UTF-8 with a byte
    order mark, so a spreadsheet reads accented and emoji names as they are."""
    if event.status == SIGNUP or not event.rounds:
        raise IllegalAction("This event has not started: it has no standings yet. Its "
                            "entries are on its message.")
    columns = COLUMNS.get(event.format, PAIRS)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["Place", "Name", "Seed", *columns, "Notes"])
    for row in standing_rows(event):
        entry = event.entry(row["id"])
        writer.writerow([row["place"], _cell(entry.name), entry.seed,
                         *(_number(row[KEYS[c]]) for c in columns), _notes(event, row)])
    return out.getvalue().encode("utf-8-sig")


def export_words(event: Tournament, tournament_id: int) -> str:
    """What the file holds, said with it: whose standings, as of when, how many rows."""
    if event.status == FINISHED:
        when = "final standings"
    elif event.status == CANCELLED:
        when = "standings when it was cancelled"
    else:
        when = f"standings during {round_words(event).lower().replace('final', 'the final')}"
    count = len(event.entries)
    return (f"Tournament #{tournament_id} ({title(event)}): {when}, all {count} "
            f"{'entry' if count == 1 else 'entries'}, in the file (it opens in any "
            "spreadsheet).")


def file_name(tournament_id: int) -> str:
    return f"tournament-{tournament_id}-standings.csv"


def _notes(event: Tournament, row: dict[str, Any]) -> str:
    entry = event.entry(row["id"])
    notes = [f"computer ({entry.computer})"] if entry.computer else []
    if row["joined"]:
        notes.append(f"joined round {row['joined']}")
    if row["dropped"]:
        notes.append("removed by the host" if entry.removed else "dropped out")
    return "; ".join(notes)


def _cell(name: str) -> str:
    """A member's name as text, never as a formula the spreadsheet would run."""
    return f"'{name}" if name.startswith(FORMULA_STARTS) else name


def _number(value: float) -> str:
    return f"{value:g}"
