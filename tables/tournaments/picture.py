"""What the tournament pictures draw, as plain JSON-like data: render/ may not import tables,
so the table layer hands `picture_data(event)` to `render.tournament`.

    {"title": "Cribbage Swiss", "status": "Round 2 of 3",
     "tables": False,                 # True: points are placement points
     "target": 61 or None,            # game points count up to it (the spread's key says so)
     "ruled": bool,                   # a match the host set (its games count no spread)
     "columns": ["points", "buchholz", "spread"],    # a knockout: ["won", "lost"]
     "rows": [{"id", "place": "1" or "3=", "name", "points", "buchholz", "spread",
               "won", "drawn", "lost", "byes", "forfeits", "dropped",
               "joined": a late entry's first round or None}, ...],   # best first
     "bracket": None or {"rounds": total (a cancelled event's: those played),
                         "current": number being played (0 when over),
                         "stopped": bool (cancelled: a match without a winner was not played),
                         "played": [{"number", "name": "Round 1" or "Final",
                                     "slots": [slot, ...]}, ...]}}

A slot, in bracket order: {"entries": [{"id", "name", "seed"}, ...] (one for a bye),
"bye": bool, "winner": id or None, "games": {id: games won} (best of three, else {}),
"scores": {id: points} (the game that decided a one-game match, counted up to the game's
target: GameSpec.target; else {}), "playing": bool,
"forfeits": {id: "no-show" | "dropped" | "removed"}} (the box's words, and its alt text's),
"ruled": bool (the host set its result: /tournament result)."""

from __future__ import annotations

from typing import Any

from tables.tournaments.fit import KNOCKOUT, TABLES
from tables.tournaments.knockout import first_round
from tables.tournaments.model import DROPPED, NO_SHOW, REMOVED, Match, Round, numbered
from tables.tournaments.rounds import total_rounds
from tables.tournaments.standings import (
    knockout_standings,
    knockout_winner,
    standings,
    unplayed_final,
)
from tables.tournaments.text import (
    finalists_waiting,
    no_winner,
    round_words,
    status_line,
    title,
)
from tables.tournaments.tournament import CANCELLED, FINISHED, RUNNING, Tournament

#: Why an entry forfeited, short enough to stand beside its name in a bracket box (a third
#: of the picture): the alt text says the same words.
BOX_WORDS = {NO_SHOW: "no-show", DROPPED: "dropped", REMOVED: "removed"}


def picture_data(event: Tournament) -> dict[str, Any]:
    return {
        "title": title(event),
        "status": _status(event),
        "tables": event.format == TABLES,
        "target": event.target,
        "ruled": any(match.ruling for played in event.rounds for match in played.matches),
        "columns": ["won", "lost"] if event.format == KNOCKOUT
        else ["points", "buchholz", "spread"],
        "rows": standing_rows(event),
        "bracket": _bracket(event) if event.format == KNOCKOUT and event.rounds else None,
    }


def _status(event: Tournament) -> str:
    if event.status == RUNNING:
        words = round_words(event)
        if event.final_waits():  # nobody played it: neither finalist is ranked above
            return words + " · waits for the host"
        return words + " · paused" if event.paused else words
    # The message says the host ended it early, and who was the best member after a computer
    # entry: the picture's line keeps its room for the winner's name (its rows show the rest).
    best = event.best_member_words() if event.status == FINISHED else None
    return status_line(event).replace(f" early, after round {event.ended_after}", "") \
        .replace(f" {best}.", "").rstrip(".")


def standing_rows(event: Tournament) -> list[dict[str, Any]]:
    """Every entry's row as the standings picture draws it, best first (a finished
    knockout's in its placings' order); the export (export.py) writes the same rows."""
    rows = (knockout_standings if event.format == KNOCKOUT else standings)(
        event.entries, event.rounds, event.target, event.fewest_points_win)
    unplaced = no_winner(event)
    waiting = finalists_waiting(event)
    places = {row.entry.id: "–" if unplaced or row.entry.id in waiting else str(row.place)
              for row in rows}
    if event.status == FINISHED and event.format == KNOCKOUT and not unplaced:
        order = []
        for place, group in numbered(event.placings):
            for entry in group:
                places[entry] = f"{place}{'=' if len(group) > 1 else ''}"
                order.append(entry)
        rank = {entry: index for index, entry in enumerate(order)}
        rows.sort(key=lambda row: rank.get(row.entry.id, len(rank)))
    return [
        {"id": row.entry.id, "place": places[row.entry.id], "name": row.entry.name,
         "points": row.points, "buchholz": row.buchholz, "spread": round(row.spread, 1),
         "won": row.wins, "drawn": row.draws, "lost": row.losses, "byes": row.byes,
         "forfeits": row.forfeits, "dropped": row.dropped, "joined": row.entry.joined_round}
        for row in rows
    ]


def _bracket(event: Tournament) -> dict[str, Any]:
    last = total_rounds(event)
    stopped = event.status == CANCELLED
    return {
        # A cancelled event's bracket ends where it stopped: no rounds to come.
        "rounds": len(event.rounds) if stopped else last,
        "current": len(event.rounds) if event.status == RUNNING or stopped else 0,
        "stopped": stopped,
        "played": [{"number": played.number,
                    "name": "Final" if played.number == last else f"Round {played.number}",
                    "slots": _slots(event, played)} for played in event.rounds],
    }


def _slots(event: Tournament, played: Round) -> list[dict[str, Any]]:
    if played.number > 1:
        return [_match_slot(event, match) for match in played.matches]
    matches = iter(played.matches)
    slots = []
    for first, second in first_round(event.seeded()):
        if second is None:
            slots.append({"entries": [_entry(event, first)], "bye": True, "winner": first,
                          "games": {}, "scores": {}, "playing": False, "forfeits": {},
                          "ruled": False})
        else:
            slots.append(_match_slot(event, next(matches)))
    return slots


def _match_slot(event: Tournament, match: Match) -> dict[str, Any]:
    finished = match.finished
    seeds = {e.id: e.seed for e in event.entries}
    return {
        "entries": [_entry(event, e) for e in sorted(match.entries, key=seeds.__getitem__)],
        "bye": False,
        "winner": knockout_winner(match, seeds)
        if finished and not unplayed_final(event.rounds[match.round - 1]) else None,
        "games": match.games_won() if match.best_of > 1 and match.games and not match.ruling
        else {},
        "scores": match.game_scores(event.target),
        "playing": not finished and event.status == RUNNING,
        "forfeits": {e: BOX_WORDS[why] for e, why in match.forfeits.items()},
        "ruled": match.ruling is not None,
    }


def _entry(event: Tournament, entry_id: str) -> dict[str, Any]:
    entry = event.entry(entry_id)
    return {"id": entry.id, "name": entry.name, "seed": entry.seed}
