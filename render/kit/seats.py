"""Reading the seat-level facts every table shows: names, computer players, whose turn."""

from __future__ import annotations

from typing import Any

from engine.seat_words import fill_seats

View = dict[str, Any]


def player_count(view: View) -> int:
    players = view.get("players")
    if isinstance(players, int) and players > 0:
        return players
    if isinstance(players, list) and players:
        return len(players)
    for key in ("scores", "hand_sizes", "names"):
        if isinstance(view.get(key), list) and view[key]:
            return len(view[key])
    return 2


def names(view: View) -> list[str]:
    """A display name per seat: the table layer's "names", else "Seat 1", "Seat 2"...
    A seat whose name is missing, empty or not text falls back the same way."""
    count = player_count(view)
    given = view.get("names")
    given = given if isinstance(given, list) else []
    out = []
    for seat in range(count):
        name = given[seat] if seat < len(given) else None
        out.append(name.strip() if isinstance(name, str) and name.strip() else f"Seat {seat + 1}")
    return out


def to_act(view: View) -> list[int]:
    waiting = view.get("waiting_for", view.get("to_act"))
    return [s for s in waiting if isinstance(s, int)] if isinstance(waiting, list) else []


def label(view: View, seat: int) -> str:
    """The name as shown on a table. A computer player needs no marker: the lobby names it
    "Computer 1", a tournament "Hard bot 1"."""
    all_names = names(view)
    return all_names[seat] if 0 <= seat < len(all_names) else f"Seat {seat + 1}"


def short_label(view: View, seat: int, size: int, max_width: float) -> str:
    """The label cut to fit `max_width` at `size` (bold), for sentences like "X to play"."""
    from render.kit import text  # here: seats is plain view reading; text needs the fonts

    return text.fit(label(view, seat), size, max_width, bold=True)


def fill_names(line: object, view: View) -> str:
    """Put display names into an engine's event text ("{s0:plays} 5H" -> "Ann plays 5H")."""
    return fill_seats(str(line), names(view), missing="Seat {n}")
