"""Which event a /tournament command means when it names none and the server has several
open: the one the member's part concerns (tables/tournaments/choice.py), and when that is
not one event, a question back, since acting on the wrong one (a late entry to a running
Swiss, a cancel) is worse than asking. tournaments_cog.py asks."""

from __future__ import annotations

from collections.abc import Sequence

from cogs import text
from tables.tournaments import RUNNING, SIGNUP
from tables.tournaments import text as words
from tables.tournaments.choice import HOST, JOIN, PLAYER, READ, concerns
from tables.tournaments.service import HeldTournament

#: The optional tournament: option of the commands that change an event.
WHICH_EVENT = "The tournament's number (if left out: the open one that is yours to act on)"
#: The same, of the commands that read an event, over or not.
ANY_EVENT = "The tournament's number (if left out: one you play in or host, else the oldest open)"
NO_EVENT = "There is no tournament open or running here: /tournament create makes one."
STATE_WORDS = {SIGNUP: "sign-up open", RUNNING: "running"}
SEVERAL = {JOIN: "You can join {n} of them", PLAYER: "You play in {n} of them",
           HOST: "You host {n} of them"}


def pick_event(found: Sequence[HeldTournament], user_id: int,
               role: str) -> HeldTournament | str:
    """`found`: the server's events, open ones first, oldest first. The only one; else the
    only one that concerns the member; a reading command takes the first of those that do
    (or of all); else what to ask them."""
    mine = [held for held in found if concerns(role, held.event, user_id)]
    if len(found) == 1 or len(mine) == 1:
        return mine[0] if len(mine) == 1 else found[0]
    if role == READ:
        return (mine or found)[0]
    listed = mine or list(found)
    lead = SEVERAL[role].format(n=len(mine)) if mine else ""
    names = "; ".join(f"#{held.id} {text.safe(words.title(held.event))}, "
                      f"{STATE_WORDS.get(held.event.status, held.event.status)}"
                      for held in listed)
    return (f"This server has {len(found)} tournaments open{f'. {lead}' if lead else ''}: "
            f"{names}. Say which with the tournament option, e.g. tournament:{listed[0].id}.")
