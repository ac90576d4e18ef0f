"""Which of a server's open events a member's command concerns when it names none: one they
can join, play in, or host (`concerns`). The commands ask which when that is not one event
(cogs/tournament_choice.py words the question)."""

from __future__ import annotations

from tables.tournaments.tournament import SIGNUP, Tournament

#: What the member does with the command: joins, plays (drops out), hosts, or reads.
JOIN, PLAYER, HOST, READ = "join", "player", "host", "read"


def concerns(role: str, event: Tournament, user_id: int) -> bool:
    entry = event.entry_of(user_id)
    playing = entry is not None and not entry.dropped
    if role == JOIN:
        return entry is None and (event.status == SIGNUP or event.late_entry_round() is not None)
    if role == PLAYER:
        return playing
    return event.host_id == user_id or (role == READ and playing)
