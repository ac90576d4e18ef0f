"""Reviewing a finished game for one of its players: finding it, refusing what cannot be
reviewed, judging it off the event loop (engine/analysis/review.py), and the lines a player
reads. No Discord here."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from engine.analysis.review import Review, review_game
from engine.errors import IllegalAction
from engine.registry import GAMES
from tables.away import is_marker
from tables.table import RESIGN
from tables.text import card_symbols

if TYPE_CHECKING:
    from store.records import GameRecord
    from store.store import Store

#: At most this many characters in one message (Discord's limit).
MESSAGE_LIMIT = 2000
#: A loss this big also gives the chosen move's own reason (what made it cost so much).
TELL_WHY = 1.0


async def finished_record(store: Store, game_id: int, guild_id: int | None, verb: str
                          ) -> GameRecord:
    """The record of game `game_id` when it finished in server `guild_id`; IllegalAction, with
    a line for the member saying why there is nothing to `verb` ("review", "replay"), when
    not."""
    record = await store.game(game_id)
    if record is None or record.guild_id != guild_id:
        raise IllegalAction(f"There is no game #{game_id} in this server.")
    if record.status == "running":
        raise IllegalAction(f"Game #{game_id} is still being played: {verb} it once it is over.")
    if record.status != "finished" or record.game not in GAMES:
        raise IllegalAction(f"Game #{game_id} did not finish, so there is nothing to {verb}.")
    return record


async def check_reviewable(store: Store, game_id: int, guild_id: int | None,
                           user_id: int) -> tuple[GameRecord, int]:
    """(the game's record, the seat of `user_id`) when that player may review game `game_id`
    from server `guild_id`; IllegalAction, with a line for the player, when not."""
    record = await finished_record(store, game_id, guild_id, "review")
    if GAMES[record.game].analyse is None:
        raise IllegalAction(f"{GAMES[record.game].title} has no reviews yet.")
    seat = next((i for i, s in enumerate(record.seats) if s.get("user_id") == user_id), None)
    if seat is None:
        raise IllegalAction(f"Only the players of game #{game_id} can review it.")
    return record, seat


async def review_of(store: Store, record: GameRecord, seat: int) -> Review:
    """The game of `record` judged for `seat`, worked out in a worker thread."""
    log = []
    for row in await store.actions(record.id):
        if row.action.get("type") == RESIGN:
            break
        if not is_marker(row.action):  # who played the seat is not a move to judge
            log.append((row.seat, row.action))
    spec = GAMES[record.game]
    review = await asyncio.to_thread(review_game, spec, len(record.seats), record.options,
                                     record.seed, log, seat)
    review["game_id"] = record.id
    review["title"] = spec.title
    return review


def review_text(review: Review, name: str, limit: int | None = MESSAGE_LIMIT) -> str:
    """One message of at most `limit` characters (None: no limit, as in a terminal): the
    summary, then each deal or trick where points were given up, with the choice against the
    best (and, for a point or more, what the choice itself did), a chance let go by among them
    (worded by the game: "No Muggins! press"). When they do not all fit, the costliest are
    kept, in the order played. `name` is shown as given (already made safe for the channel).
    Actions are worded as the seat's buttons worded them at the time."""
    totals = review["summary"]
    kinds = {d["kind"] for group in review["groups"] for d in group["decisions"]}
    parts = [f"{words} {totals[key]:.2f}" for kind, key, words in (
        ("discard", "discards", "discards"), ("play", "plays", review["plays"]),
        ("other", "other", "other choices")) if kind in kinds]
    head = [f"📋 **Review of {review['title']} #{review['game_id']}** for {name}",
            f"You chose the best in {totals['best']} of {totals['decisions']} decisions. "
            f"Values: {review['units']}.",
            "Given up: " + " · ".join([*parts, f"**in all {totals['total']:.2f}**"])]
    missed = totals.get("missed", 0)
    if missed:  # each is listed below with what it would have taken
        head.append(f"You let {missed} {'chance' if missed == 1 else 'chances'} go by.")
    if totals["decisions"] and totals["total"] == 0:
        head.append("Every choice was the best one. 🎯")
    blocks = []
    for group in review["groups"]:
        if group["lost"] <= 0:
            continue
        lines = [f"**{group['label']}** (−{group['lost']:.2f})"]
        for decision in group["decisions"]:
            if decision["lost"] > 0:
                line = (f"• {decision['chosen_label']} → best {decision['best_label']} "
                        f"(−{decision['lost']:.2f}): {decision['why']}")
                if decision["lost"] >= TELL_WHY:  # the best's reason alone hides the cost
                    line += f" Yours: {decision['chosen_why']}"
                lines.append(card_symbols(line))
        blocks.append((group["lost"], "\n".join(lines)))
    kept = blocks if limit is None else fitting(head, blocks, limit)
    text = "\n".join(head + ([""] if kept else []) + [block for _, block in kept])
    left = len(blocks) - len(kept)
    if left:
        text += f"\n… and {left} more with smaller losses."
    return text


def fitting(head: list[str], blocks: list[tuple[float, str]],
            limit: int) -> list[tuple[float, str]]:
    """The costliest blocks that fit in `limit` characters beside `head`, in their original
    order."""
    room = limit - len("\n".join(head)) - 60  # the blank line and the "… more" line
    chosen: set[int] = set()
    for index in sorted(range(len(blocks)), key=lambda i: -blocks[i][0]):
        size = len(blocks[index][1]) + 1
        if size <= room:
            chosen.add(index)
            room -= size
    return [block for i, block in enumerate(blocks) if i in chosen]
