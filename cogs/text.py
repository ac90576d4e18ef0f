"""Words the bot writes: table and lobby messages, rules pages, leaderboards.

Names and event lines come from players (a name can be anything), so every one is escaped for
markdown and mentions before it goes into a message. Only the public view and public event
lines reach the channel; a player's private lines go only into their own ephemeral message.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from itertools import chain
from typing import Any

import discord

import render
from cogs.fitting import MAX_CONTENT, Droppable, Line, fit, names_shortened, shortened
from engine.analysis import figure
from engine.registry import GameSpec
from render.alt_text import ordinal
from render.kit.text import plural
from tables.lobby import Lobby
from tables.options import option_value
from tables.ratings import rating_words
from tables.seats import SeatInfo
from tables.stats import shared_places
from tables.table import Table
from tables.text import outcome_said_once, outcome_words

RECENT_LINES = 6
#: What a new table says until someone has moved: a member who has never played here learns
#: where their cards are before the game waits on them.
FIRST_MOVE = "Press **My hand** to see your cards and play."
HINTS_NOTE = "💡 Hints on: every hand has a Hint button. The game is assisted: not rated."
#: How much of a player's own text a reply repeats back to them.
QUOTE_LENGTH = 40


def safe(text: str) -> str:
    """Player-supplied text made inert: no markdown, no pings."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(str(text)))


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(value: object) -> str:
    """A player's own text repeated in a reply: shortened, made inert, in quotes."""
    return f'"{safe(clip(str(value), QUOTE_LENGTH))}"'


def seat_label(seat: SeatInfo) -> str:
    """A seat for lists: a mention for a human (with the name, in case mentions do not
    resolve), the name and level for a computer."""
    if seat.user_id is None:
        return f"🤖 {safe(seat.name)} ({seat.level})"
    return f"<@{seat.user_id}> ({safe(seat.name)})"


def member_name(user_id: int, name: str | None) -> str:
    """A member in a list read back from results: by `name` (the one they go by in the server
    now, else the one they last played under here: cogs/member_names.py), made inert (a
    mention of a member who has left the server reads "unknown user"); a mention, which
    pings nobody in these messages, only when no name is known."""
    return safe(name) if name else f"<@{user_id}>"


def game_tag(table: Table) -> str:
    """How a note names its game, "Cribbage #12": a member in two games at once always
    knows which one a hand, a notice or a refusal is about."""
    return f"{safe(table.spec.title)} #{table.id}"


def game_over(table: Table | None) -> str:
    """The answer to a press on a game that has ended (None: one this process never held),
    with the way to play on: the press was meant as a move."""
    game = "This game" if table is None else game_tag(table)
    return f"{game} is over. Start another with `/play`."


def hand_commands(tables: Sequence[Table], command: str = "hand") -> str:
    """Each game with the command that reaches it: "Cribbage #1 (`/hand game:1`), …"."""
    return ", ".join(f"{game_tag(t)} (`/{command} game:{t.id}`)" for t in tables[:10])


def not_playing(table: Table, own: Sequence[Table]) -> str:
    """The answer to a member using a game they have no seat in: which game, then where
    their own games are, or how to play one."""
    head = f"You are not playing in {game_tag(table)}"
    if not own:
        return f"{head}: watch along, or open a lobby of your own with `/play`."
    return f"{head}. Your game{'s' * (len(own) > 1)}: {hand_commands(own)}."


def waiting_line(seats: Sequence[SeatInfo], waiting: Iterable[int]) -> str:
    labels = [seat_label(seats[s]) for s in waiting]
    if not labels:
        return ""
    if len(labels) == 1:
        return f"**Turn:** {labels[0]}"
    return "**Waiting for:** " + ", ".join(labels)


def outcome_line(
    seats: Sequence[SeatInfo], outcome: dict[str, Any], reader: int | None = None
) -> str:
    """Who won, in bold, as `reader` reads it (a private hand tells its winner "You win"),
    then the game's detail, the winner said once."""
    who, rest = outcome_said_once([seat.name for seat in seats], outcome, reader)
    return f"🏆 **{safe(who)}**{safe(rest)}"


#: The compact forms of a message naming players, for when even its lines that must stay do
#: not fit in full: names shortened to so many characters; on the last, a rating line names
#: so many members at most and sums up the rest ("…and 5 more").
NAME_WIDTHS = (20, 12)
RATED_AT_MOST = 3


def play_again(spec: GameSpec) -> str:
    """What a finished table ends with: a newcomer learns how to play again and where the
    players stand, neither of which the table's buttons offer."""
    return (f"▶️ Play again: `/play game:{spec.name}` · Standings: "
            f"`/leaderboard game:{spec.name}`")


def with_names(seats: Sequence[SeatInfo], width: int | None) -> list[SeatInfo]:
    """The seats as a compact form names them: each name shortened to `width` (None: whole)."""
    if width is None:
        return list(seats)
    return [replace(seat, name=shortened(seat.name, width)) for seat in seats]


def table_content(
    table: Table, *, status: str = "running", scores: str = "", limit: int = MAX_CONTENT
) -> str:
    """The table message text: title, each side's score, whose turn (with mentions, and
    until someone has moved, where a member's cards are) or who won, what the game did to its
    members' ratings and how to play again, the latest events, and what the picture leaves
    out for phones (a show's breakdowns, a race's zone events). Fitted to `limit`
    (cogs/fitting.py): the oldest events go first, then the picture's extras from the last,
    then the latest event; then names are shortened, then the rating line names only a few
    members ("…and 5 more"), and last the score line goes (the picture has the scores, and a
    finished game's outcome line too). The winner and the rating line stay whole; the line on
    how to take part goes only when they leave it no room, in each form."""
    def form(width: int | None, most: int | None, with_scores: bool = True) -> list[Line]:
        seats = with_names(table.seats, width)
        lines: list[Line] = [f"**{safe(table.spec.title)}** · game #{table.id}"]
        if scores and with_scores:
            lines.append(safe(scores if width is None
                              else names_shortened(scores, table.names, width)))
        outcome = table.outcome
        if outcome is not None:
            lines.append(outcome_line(seats, outcome))
            rated = rating_words(seats, table.rating_changes, most=most)
            if rated:
                lines.append(safe(rated))
            lines.append(Droppable(play_again(table.spec), _GUIDE_RANK))
        elif status == "abandoned":
            lines.append(safe(table.closed_why or "This game was abandoned."))
        else:
            turn = waiting_line(seats, table.waiting_for())
            if turn:
                lines.append(turn)
            if not table.people_moved:
                lines.append(Droppable(FIRST_MOVE, _GUIDE_RANK))
        if width is None:  # a compact form is for when even the lines above do not fit
            lines += _log_and_details(table)
        return lines

    forms = [(None, None), *((width, None) for width in NAME_WIDTHS),
             (NAME_WIDTHS[-1], RATED_AT_MOST)]
    compact = (NAME_WIDTHS[-1], RATED_AT_MOST, False)
    return fit(chain((form(width, most) for width, most in forms), [form(*compact)]), limit)


#: The newest event stays longer than the picture's extras; older events go before them.
_NEWEST_RANK = 1000
_DETAILS_RANK = 100
#: How to take part (the first move, or another game) outlasts every event.
_GUIDE_RANK = 1_000_000


def _log_and_details(table: Table) -> list[Line]:
    recent = [line for line in table.recent[-RECENT_LINES:] if line]
    outcome = table.outcome
    if outcome is not None:
        # The game's last line, the outcome's detail, is said in the outcome line (an
        # achievement earned with the win may be noted after it).
        detail = outcome_words(table.names, outcome)[2]
        recent = [line for line in recent if line != detail]
    details = render.details(table.game_name, table.public_view())
    ranks = {line: _DETAILS_RANK + len(details) - index for index, line in enumerate(details)}
    lines: list[Line] = []
    if recent:
        lines.append("")
        # An event the picture's extras also say (a race's landing) is said once, where it
        # happened, and stays as long as the extras would have.
        lines += [Droppable(f"> {safe(line)}",
                            max(_NEWEST_RANK if age == len(recent) - 1 else age,
                                ranks.get(line, age)))
                  for age, line in enumerate(recent)]
    extras = [line for line in details if line not in recent]
    if extras:
        lines.append("")
        lines += [Droppable(safe(line), ranks[line]) for line in extras]
    return lines


def games_content(tables: Sequence[Table]) -> str:
    """/games: each running game, where it is and who plays; the last listed go first when
    they do not all fit, and the message says how many it left out."""
    lines: list[Line] = ["**Games running here**"]
    for index, table in enumerate(tables):
        where = f"<#{table.thread_id or table.channel_id}>"
        players = ", ".join(safe(seat.name) for seat in table.seats)
        # An admin looking for why a game stopped: the bot may not show it there.
        paused = " ⏸️ paused: the bot may not post there" if table.paused is not None else ""
        lines.append(Droppable(
            f"#{table.id} {safe(table.spec.title)} in {where}: {players}{paused}", -index))
    return fit([lines], more=lambda count: f"… and {count} more.")


def seats_block(spec: GameSpec, seats: Sequence[SeatInfo], sides: Sequence[Sequence[int]]) -> str:
    """The lobby's seat list, grouped by team when the game has teams."""
    if not seats:
        return "_Nobody yet._"
    teams = [list(side) for side in sides if side]
    if len(teams) > 1 and any(len(side) > 1 for side in teams):
        return "\n".join(
            f"**Team {n}:** " + ", ".join(seat_label(seats[i]) for i in side)
            for n, side in enumerate(teams, start=1)
        )
    return "\n".join(f"{n}. {seat_label(seat)}" for n, seat in enumerate(seats, start=1))


def options_block(spec: GameSpec, options: dict[str, Any]) -> str:
    """The options a host could change; one with a single possible value is no choice."""
    return "\n".join(
        f"• {safe(opt.name)}: **{safe(option_value(options.get(opt.name, opt.default)))}** — "
        f"{safe(opt.description)}"
        for opt in spec.options
        if len(opt.choices) > 1
    )


def idle_note(idle: object) -> str:
    """The host's idle timer (/play idle:), which everyone joining agrees to; "" for none set."""
    if idle == "off":
        return "⏱️ Idle timer off: the table waits for every move, however long it takes."
    if isinstance(idle, int) and not isinstance(idle, bool):
        return (f"⏱️ Idle timer: the computer plays for anyone who keeps the table waiting "
                f"{plural(idle, 'minute')}, until they come back.")
    return ""


def lobby_content(
    spec: GameSpec, lobby: Lobby, sides: Sequence[Sequence[int]], note: str = ""
) -> str:
    """The lobby's message, its seat list's names shortened if a full table's do not fit."""
    def form(width: int | None) -> list[str]:
        lines = [
            f"**{safe(spec.title)}** — lobby #{lobby.id}, hosted by <@{lobby.host_id}>",
            f"For {spec.players_in_words()}. Join, or the host adds computer players; "
            "the host starts.",
        ]
        options = options_block(spec, lobby.options)
        if options:
            lines += ["", options]
        lines += ["", seats_block(spec, with_names(lobby.seats, width), sides)]
        idle = idle_note(lobby.settings.get("idle"))
        if idle:
            lines += ["", idle]
        if lobby.settings.get("hints"):
            lines += ["", HINTS_NOTE]
        if note:
            lines += ["", note]
        return lines

    return fit(form(width) for width in (None, *NAME_WIDTHS))


def rules_pages(spec: GameSpec, per_page: int = 1800) -> list[str]:
    """The rules split into screens of whole sections (a long section is cut at a paragraph)."""
    sections = list(spec.rules) or [("Rules", "No rules are written for this game yet.")]
    pages: list[str] = []
    current = ""
    for title, text in sections:
        block = f"**{title}**\n{text}".strip()
        while len(block) > per_page:
            cut = block.rfind("\n", 0, per_page)
            cut = cut if cut > 0 else per_page
            if current:
                pages.append(current)
                current = ""
            pages.append(block[:cut])
            block = block[cut:].lstrip("\n")
        if current and len(current) + len(block) + 2 > per_page:
            pages.append(current)
            current = ""
        current = f"{current}\n\n{block}" if current else block
    if current:
        pages.append(current)
    return pages


def rules_page(spec: GameSpec, page: int) -> tuple[str, int]:
    pages = rules_pages(spec)
    page = max(0, min(page, len(pages) - 1))
    header = f"📖 **{safe(spec.title)}** — rules, page {page + 1} of {len(pages)}\n\n"
    return clip(header + pages[page]), len(pages)


def _get(row: Any, key: str, default: Any = None) -> Any:
    if isinstance(row, dict):
        return row.get(key, default)
    return getattr(row, key, default)


def leaderboard_content(
    spec: GameSpec, rows: Sequence[Any], period: str = "", *, ended: bool = False,
    asker: Mapping[str, Any] | None = None,
) -> str:
    """One line per player, by the row's name (`member_name`: the one they go by now, or the
    one they last played under here, so a member who has left still reads as themself).
    `period`: which season (or "all time") the board covers; `ended`: that season is over;
    `asker`: the asking member's row with its place, when it is below the rows shown (after
    a "…", as the board would have it)."""
    if not rows:
        where = f"in {period}" if period and period != "all time" else "in this server"
        if ended:
            return f"Nobody finished a game of {safe(spec.title)} {where}."
        return f"Nobody has finished a game of {safe(spec.title)} {where} yet."
    # Only games with bigger wins (skunks) ever record one; others show no such figure.
    with_skunks = any(_get(row, "skunks") for row in rows)
    during = f", {period}" if period else ""
    lines = [f"🏅 **{safe(spec.title)}** leaderboard{during} — rating, wins, games"]
    ratings = []
    for row in rows:
        rating = _get(row, "rating")
        ratings.append(float(_get(row, "mu", 0.0) - 3 * _get(row, "sigma", 0.0)
                             if rating is None else rating))
    wins_of = [int(_get(row, "wins", 0)) for row in rows]
    # Players level on what the board shows (rating, then wins) share a place: 1, 2, 2, 4.
    places = shared_places(list(zip(ratings, wins_of, strict=True)))
    if asker is not None:
        with_skunks = with_skunks or bool(asker.get("skunks"))

    def line_of(row: Any, place: int, rating: float, wins: int, width: int | None) -> str:
        games = int(_get(row, "games", 0))
        name = _get(row, "name")
        who = member_name(int(_get(row, "user_id")),
                          shortened(name, width) if name and width else name)
        line = f"**{place}.** {who} — {figure(rating)} · {wins} won · {games} played"
        if with_skunks:
            line += f" · {plural(int(_get(row, 'skunks') or 0), 'skunk')}"
        return line

    def form(width: int | None) -> list[str]:
        board = list(lines)
        for row, place, rating, wins in zip(rows, places, ratings, wins_of, strict=True):
            board.append(line_of(row, place, rating, wins, width))
        if asker is not None:
            board += ["…", line_of(asker, int(asker["place"]), float(asker["rating"]),
                                   int(asker.get("wins", 0)), width)]
        return board

    return fit(form(width) for width in (None, *NAME_WIDTHS))


def stats_content(name: str, stats: dict[str, Any], games: dict[str, GameSpec]) -> str:
    """A player's record: totals, then one line per game played, then assisted games. All
    time, which the head says: in a season begun since, /leaderboard's figures are the
    season's. Points are game points (a skunk's win is worth two), not cards' points."""
    assisted = stats.get("assisted") or 0
    if not stats.get("games") and not assisted:
        return f"{name} has not finished a game here yet."
    lines = [
        f"📊 **{name}**, all time — {plural(stats['games'], 'game')}, "
        f"{plural(stats['wins'], 'win')}, {plural(stats.get('points', 0), 'game point')}"
    ]
    for row in stats.get("per_game", []):
        spec = games.get(row["game"])
        title = safe(spec.title) if spec is not None else safe(row["game"])
        skunks = f", {plural(row['skunks'], 'skunk')}" if row.get("skunks") else ""
        lines.append(f"• {title}: rating {figure(row['rating'])}, "
                     f"{row['wins']}/{row['games']} won{skunks}")
    if assisted:
        lines.append(f"💡 {assisted} assisted game{'s' if assisted != 1 else ''} "
                     "(played with hints: not rated, not counted above)")
    for placing in stats.get("placings", []):
        spec = games.get(placing["game"])
        title = safe(spec.title) if spec is not None else safe(placing["game"])
        lines.append(f"🏆 Tournament #{placing['tournament']} ({title}): "
                     f"{ordinal(placing['place'])} of {placing['entries']}")
    return clip("\n".join(lines))


def private_profile(name: str) -> str:
    """The answer to asking for someone else's private profile."""
    return f"{safe(name)} keeps their profile private, so only they can see it."


def profile_content(lines: Sequence[str], private: bool) -> str:
    """A profile card's message: its lines, escaped, the first in bold; a private one says so.
    Fitted to Discord's limit: the last lines (the oldest achievements) go first, and the
    message says how many it left out."""
    if not lines:
        return ""
    head = f"🪪 **{safe(lines[0])}**"
    if private:
        head += "\n🔒 Private: only you see this. `/settings profile:public` shows it to all."
    rest = [Droppable(safe(line), len(lines) - index) for index, line in enumerate(lines)]
    return fit([[head, *rest[1:]]], more=lambda count: f"…and {count} more.")
