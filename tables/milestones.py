"""Milestones (engine/milestones.py) as games finish: each member of a finished game is
awarded the milestones their results here now reach, and each new one is said once in the
table's lines with how it is earned ("🏅 Ann reaches a milestone: 50 games (Finish 50 games in
this server, of any game)."), as the game's own achievements are; members who reach the same one
in the same game share its line ("🏅 Ann and Bob reach a milestone: Tourist (…)."), so a big
table's milestones do not push the game's own last lines out of its message. They are filed
under `EVERY_GAME`, held once per member and server like any achievement, dated by the game
that reached them.

A milestone is read from the results the store already keeps, not from a game's events, so the
backfill (tables/backfill.py) awards those of past results the same way, unannounced, and a
finish whose milestones could not be written is made good at the next start.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping, Sequence

from engine.achievements import Achievement
from engine.milestones import (
    EVERY_GAME,
    MILESTONES,
    STREAK,
    Played,
    Progress,
    progress,
    reached,
    run_ended,
)
from engine.seat_words import spoken_list
from store import PlayedGame, Store
from tables.table import Table

log = logging.getLogger(__name__)


def milestone_line(who: Sequence[str], milestone: Achievement) -> str:
    """The table's line when members reach a milestone (`who`: their seats, "{s0}", "{s2}"),
    with the milestone's own line on how it is earned, as an achievement's line has: "🏅 Ann
    reaches a milestone: First win (…).", so it reads as news, not as a label."""
    verb = "reaches" if len(who) == 1 else "reach"
    how = milestone.how.rstrip(".")
    return f"🏅 {spoken_list(who)} {verb} a milestone: {milestone.name} ({how})."


_NAMED = {milestone.key: milestone for milestone in MILESTONES}


def run_ended_line(seat: int, run: int) -> str:
    """The table's one quiet line when a member's long run of wins ends there."""
    return f"{{s{seat}}}'s run of {run} wins in a row ends."


async def award_milestones(
    store: Store, guild_id: int, user_id: int, every_game: Collection[str],
    played: list[PlayedGame] | None = None,
) -> list[tuple[Achievement, int]]:
    """Award the member what their games here reach (`played`: their games, when read
    already); returns the milestones new to them, each with the game that reached it, in the
    order they were reached."""
    if played is None:
        played = await store.games_played(guild_id, user_id)
    reaching = {key: played[index]
                for key, index in reached(_history(played), every_game).items()}
    if not reaching:
        return []
    fresh = await store.award(guild_id, user_id, EVERY_GAME, [
        (key, game.game_id, game.at) for key, game in reaching.items()])
    return [(_NAMED[key], reaching[key].game_id) for key in fresh]


async def next_milestones(
    store: Store, guild_id: int, user_id: int, every_game: Collection[str],
    held: Collection[str],
) -> list[Progress]:
    """How far the member is from each milestone they do not hold (`held`: keys), read from
    their games here as the awards are; a member who has not finished one yet has every
    milestone ahead, the first things to aim for."""
    played = await store.games_played(guild_id, user_id)
    return progress(_history(played), every_game, held)


def _history(played: list[PlayedGame]) -> list[Played]:
    return [Played(game.game, game.won, game.assisted, game.beaten) for game in played]


async def record_milestones(
    store: Store, table: Table, every_game: Collection[str],
    finishing: Mapping[int, Table] | None = None,
) -> None:
    """After a game's finish is committed: each member's new milestones, each said at the
    table of the game that reached it. That is this table, or another of the member's games
    finishing at the same moment (`finishing`: the tables this process holds whose finish is
    not yet recorded): its finish is committed, so this one may award what it reached, and its
    own pass would then find nothing new. A milestone reached by a game no longer at a table
    (one from before milestones were kept, which the backfill has not come to yet) is awarded
    without a word, as the backfill would. A member whose run of wins at the game this one
    ended was long enough for On a roll hears of it at the table too (never from the
    backfill: old news). A failure is logged; the backfill awards the milestones at the next
    start."""
    finishing = finishing or {}
    lines: dict[int, dict[str, list[int]]] = {}  # table -> milestone key -> the seats reaching
    for seat, info in enumerate(table.seats):
        if info.user_id is None:
            continue
        try:
            played = await store.games_played(table.guild_id, info.user_id)
            fresh = await award_milestones(store, table.guild_id, info.user_id, every_game,
                                           played)
        except Exception:
            log.exception("game %d: could not record the milestones of seat %d", table.id, seat)
            continue
        here = next((i for i, game in enumerate(played) if game.game_id == table.id), None)
        run = 0 if here is None else run_ended(_history(played), here)
        if run >= STREAK:
            table.note(run_ended_line(seat, run))
        for milestone, game_id in fresh:
            reaching = table if game_id == table.id else finishing.get(game_id)
            their_seat = reaching.seat_of(info.user_id) if reaching is not None else None
            if their_seat is not None:
                lines.setdefault(game_id, {}).setdefault(milestone.key, []).append(their_seat)
    for game_id, named in lines.items():
        reaching = table if game_id == table.id else finishing[game_id]
        for key, seats in named.items():
            reaching.note(milestone_line([f"{{s{seat}}}" for seat in seats], _NAMED[key]))


async def backfill_milestones(store: Store, every_game: Collection[str]) -> int:
    """Award every member what their past results reach, unannounced; returns how many
    milestones were new. Only the members with a game changed since the last pass are read
    (all of them on the first pass, or when the games Tourist asks for changed): the others'
    results are those that pass already awarded from. A pass that stops leaves the mark as it
    was, so the next start reads those members again."""
    games = ",".join(sorted(every_game))
    mark = await store.milestone_mark()
    since = mark[0] if mark is not None and mark[1] == games else None
    # Read before the members: a game finishing during the pass is read again next time.
    newest = await store.newest_game_change()
    awarded = 0
    for guild_id, user_id in await store.members_who_played(since):
        awarded += len(await award_milestones(store, guild_id, user_id, every_game))
    if newest is not None:
        await store.set_milestone_mark(newest, games)
    return awarded
