"""Reviewing a finished game for one of its players: finding it, refusing what cannot be
reviewed, judging it off the event loop (engine/analysis/review.py), and the lines a player
reads. No Discord here."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from engine.analysis import amount, loss_words
from engine.analysis.review import Review, review_game
from engine.errors import IllegalAction
from engine.registry import GAMES
from engine.spec import ReviewTerms
from tables.away import is_marker
from tables.table import RESIGN
from tables.text import card_symbols

if TYPE_CHECKING:
    from store.records import GameRecord
    from store.store import Store

#: At most this many characters in one message (Discord's limit).
MESSAGE_LIMIT = 2000
#: A loss this big (in the game's units) also gives the chosen move's own reason (what made it
#: cost so much).
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
        # A watcher asking has somewhere to go: the replay is for anyone in the server.
        raise IllegalAction(f"Only the players of game #{game_id} can review it; anyone here "
                            f"can step through it with `/replay game:{game_id}`.")
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


def terms_of(review: Review) -> ReviewTerms:
    """The game's review terms as the review carries them."""
    return ReviewTerms(units=review["units"], about=review["about"], exact=review["exact"],
                       plays=review["plays"], game_worth=review.get("game_worth"))


def review_text(review: Review, name: str, limit: int | None = MESSAGE_LIMIT) -> str:
    """One message of at most `limit` characters (None: no limit, as in a terminal): the
    summary in the game's units (and any chance to win given up on one choice, apart), the
    costliest choice of all (which the list below may not reach), what the figures are, then
    each deal or trick where something was given up, with the choice against the best (and,
    for a loss of one unit or more, what the choice itself did), a chance let go by among them
    (worded by the game: "No Muggins! press"). When they do not all fit, the costliest are
    kept, in the order played. `name` is shown as given (already made safe for the channel).
    Actions are worded as the seat's buttons worded them then."""
    totals, terms = review["summary"], terms_of(review)
    head = [f"📋 **Review of {review['title']} #{review['game_id']}** for {name}",
            f"You chose the best in {totals['best']} of {totals['decisions']} decisions."]
    parts = [f"{words} {amount(totals[key])}" for key, words in (
        ("discards", "discards"), ("plays", review["plays"]), ("other", "other choices"))
        if totals[key] > 0]
    if parts:
        head.append("Given up: " + " · ".join(
            [*parts, f"**in all {amount(totals['total'])} {terms.units}**"]))
    swings = totals.get("swings", 0)
    if swings:
        head.append(f"{'One choice' if swings == 1 else f'{swings} choices'} cost you a chance "
                    f"to win: **about {min(1.0, totals['chance']):.0%}**"
                    + (" between them." if swings > 1 else "."))
    costliest = max(((group["label"], d) for group in review["groups"]
                     for d in group["decisions"] if d["lost"] > 0),
                    key=lambda pair: pair[1]["lost"], default=None)
    if costliest is not None:  # the one moment to look at first, whatever the message keeps
        label, worst = costliest
        head.append(card_symbols(f"Costliest — {label}: {worst['chosen_label']} where "
                                 f"{worst['best_label']} was best "
                                 f"({loss_words(worst['lost'], terms, worst['chance'])})."))
    head.append(terms.about)
    missed = totals.get("missed", 0)
    if missed:  # each is listed below with what it would have taken
        head.append(f"You let {missed} {'chance' if missed == 1 else 'chances'} go by.")
    if totals["decisions"] and not parts and not swings:
        head.append("Every choice was the best one. 🎯")
    blocks: list[Block] = []
    for group in review["groups"]:
        shown = [d for d in group["decisions"] if d["lost"] > 0]
        if not shown:
            continue
        lines = []
        for decision in shown:
            line = (f"• {decision['chosen_label']} → best {decision['best_label']} "
                    f"({loss_words(decision['lost'], terms, decision['chance'])}): "
                    f"{decision['why']}")
            # The best's reason alone hides what made the choice cost so much.
            if decision["lost"] >= TELL_WHY and decision["chosen_why"] != decision["why"]:
                line += f" Yours: {decision['chosen_why']}"
            lines.append((decision["lost"], card_symbols(line)))
        blocks.append((f"**{group['label']}** ({group_loss(shown, terms)})", lines))
    kept = blocks if limit is None else fitting(head, blocks, limit)
    text = "\n".join(head + ([""] if kept else [])
                     + ["\n".join([title, *(line for _, line in lines)]) for title, lines in kept])
    left = sum(len(lines) for _, lines in blocks) - sum(len(lines) for _, lines in kept)
    if left:
        text += f"\n… and {left} more with smaller losses."
    return text


def group_loss(decisions: list[dict[str, Any]], terms: ReviewTerms) -> str:
    """What a deal's or trick's choices gave up: "−5.5" in units, and apart from it any chance
    to win lost on a choice ("about 15% less chance to win")."""
    chance = sum(d["chance"] for d in decisions if d["chance"] is not None)
    measured = sum(d["lost"] for d in decisions if d["chance"] is None)
    words = [f"about {min(1.0, chance):.0%} less chance to win"] if chance else []
    if measured > 0:
        words.append(f"−{amount(measured)}")
    return ", ".join(words)


#: A deal's or trick's title and its listed choices, each with what it gave up.
Block = tuple[str, list[tuple[float, str]]]


def fitting(head: list[str], blocks: list[Block], limit: int) -> list[Block]:
    """The costliest choices that fit in `limit` characters beside `head`, each under its
    deal's or trick's title, in the order played: the deals and tricks that cost the most come
    whole while they fit, then the costliest lines of any other (one long deal of a game that
    never redeals must not crowd out every line)."""
    room = limit - len("\n".join(head)) - 60  # the blank line and the "… more" line
    chosen: dict[int, set[int]] = {}
    order = sorted(range(len(blocks)), key=lambda i: -sum(lost for lost, _ in blocks[i][1]))
    for index in order:
        title, lines = blocks[index]
        size = len(title) + 1 + sum(len(line) + 1 for _, line in lines)
        if size <= room:
            chosen[index] = set(range(len(lines)))
            room -= size
    for index in order:
        title, lines = blocks[index]
        if index in chosen:
            continue
        picked: set[int] = set()
        for number in sorted(range(len(lines)), key=lambda n: -lines[n][0]):
            size = len(lines[number][1]) + 1 + (0 if picked else len(title) + 1)
            if size <= room:
                picked.add(number)
                room -= size
        if picked:
            chosen[index] = picked
    return [(title, [line for n, line in enumerate(lines) if n in chosen[i]])
            for i, (title, lines) in enumerate(blocks) if i in chosen]
