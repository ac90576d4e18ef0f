"""The words of /tournament: the event's message, the call to a match, the host's answers
and the host's words read back (a ruling's order).
Pure functions of the held event; tournaments_cog.py sends them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from cogs import text
from cogs.fitting import fit
from engine.contract import Event
from engine.errors import IllegalAction
from engine.registry import GAMES
from engine.seat_words import spoken_list
from tables.table import Table
from tables.tournaments import KNOCKOUT, RUNNING, SIGNUP, TABLES, Tournament
from tables.tournaments import text as words
from tables.tournaments.holds import SeatHold
from tables.tournaments.model import Match, count_words
from tables.tournaments.service import HeldTournament

PAUSED = ("Paused: games in play go on, and the next round waits until you run "
          "/tournament pause again.")
RESUMED = "Going on again: the next round starts once this round's games are over."
RESUMED_NEXT = "Going on again: the next round has started."
RESUMED_OVER = "Going on again: the event is over."
#: What the host is pinged for in the event's channel, and what they may do about it.
HOST_ASKED = {"round_held": "Run /tournament pause to go on.",
              "final_unplayed": "Run /tournament result {match} with the winner first, or "
                                "/tournament end to finish with no champion.",
              "not_started": "Press Start on the event's message when you are ready, or Cancel.",
              "game_closed": "Set it with /tournament result {match}, the winner first."}
CANCELLED = "Tournament #{id} is cancelled by its host: this match's game is closed."
#: Said at a game closed because a corrected result restarted its match.
SET_ASIDE = ("{why}, which starts again: this game is closed. Its games stay in your records "
             "but no longer count for the match.")
#: The same, at a game closed already (the entry sent through by mistake had left the event).
SET_ASIDE_CLOSED = "{why}, which starts again in a new game."
#: The host's answer to a result set for an earlier round that changed no pairing.
PAIRINGS_STAND = ("The pairings already made stand; the standings, pictures and CSV count "
                  "the new result.")
#: What follows a host's change, read back to them.
FOLLOWS = ("match_over", "round_held", "round", "finished")


def paused_or_resumed(events: list[Event]) -> str:
    """The host's answer to /tournament pause, which pauses a running event or resumes it."""
    kinds = {event.get("type") for event in events}
    if "paused" in kinds:
        return PAUSED
    return RESUMED_OVER if "finished" in kinds else RESUMED_NEXT if "round" in kinds else RESUMED


def joined(events: list[Event]) -> str:
    """The answer to /tournament join: in, or, late to a running Swiss, from which round."""
    late = next((e["late"] for e in events if e.get("type") == "joined" and e.get("late")),
                None)
    if late is None:
        return "You are in."
    return (f"You are in, late: you start on 0 points and are paired from round {late}, when "
            "it starts. The standings mark you as joined then.")


def dropped(events: list[Event]) -> str:
    """The answer to /tournament drop: off the sign-up before the start, else out."""
    if any(event.get("type") == "left" for event in events):
        return "You are off the sign-up: press Join on its message to come back."
    return "You dropped out: your remaining matches are forfeits."


def ended(events: list[Event]) -> str:
    """The answer to /tournament end: over now (its round was), or when the round is."""
    over = next((e["text"] for e in events if e.get("type") == "finished"), None)
    if over is not None:
        return over
    number = next(e["round"] for e in events if e.get("type") == "ending")
    return (f"The event ends after round {number}: its standings are final once this round's "
            "last match is over.")


def ruling_order(event: Tournament, match: Match, order: str) -> list[list[str]]:
    """/tournament result's order as groups of the match's entries, best first: members by
    @mention, a computer entry (which has none) by its name as the event shows it, and `=`
    putting the next one level with the one before. One entry left unnamed comes last."""
    computers = {event.entry(e).name.casefold(): e for e in match.entries
                 if event.entry(e).computer}
    named_computers = "".join(f"|{re.escape(name)}"
                              for name in sorted(computers, key=len, reverse=True))
    tokens = re.compile(r"<@!?(\d+)>|=" + named_computers, re.IGNORECASE)
    groups: list[list[str]] = []
    level = False
    for token in tokens.finditer(order):
        if token.group(0) == "=":
            level = True
            continue
        if token.group(1) is None:
            entry_id = computers[token.group(0).casefold()]
        else:
            entry = event.entry_of(int(token.group(1)))
            if entry is None or entry.id not in match.entries:
                raise IllegalAction(f"<@{token.group(1)}> is not in match {match.id}.")
            entry_id = entry.id
        if level and groups:
            groups[-1].append(entry_id)
        else:
            groups.append([entry_id])
        level = False
    named = [e for group in groups for e in group]
    rest = [e for e in match.entries if e not in named]
    if len(rest) == 1:
        groups.append(rest)
    if computers and sorted(e for group in groups for e in group) != sorted(match.entries):
        names = spoken_list([event.entry(e).name for e in computers.values()])
        raise IllegalAction(f"Name every entry of match {match.id} once, best first, e.g. "
                            f"@ann @bob (a computer entry by its name: {names}).")
    return groups


def computer_entry(event: Tournament, name: str | None) -> str:
    """/tournament remove's computer entry, named as the event shows it (it has no
    @mention); a clear refusal when no computer entry is called that."""
    computers = [e for e in event.entries if e.computer]
    if name is None:
        raise IllegalAction("Name the entry to drop: member:@someone, or a computer entry "
                            "by its name (computer:Normal bot).")
    found = next((e for e in computers if e.name.casefold() == name.strip().casefold()), None)
    if found is None:
        known = spoken_list([e.name for e in computers])
        raise IllegalAction(f"There is no computer entry called {text.safe(name)} in this "
                            "event" + (f": its computer entries are {known}." if known
                                       else ": it has none."))
    return found.id


def winners_told(held: HeldTournament) -> tuple[list[str], str]:
    """Whom an event's end mentions, and what it tells them: its winners; when a computer
    entry won, the best-placed members instead, who are the top members."""
    event = held.event
    over = f"🏆 tournament #{held.id} ({text.safe(words.title(event))}) is over"
    standings = "The final standings are on its message."
    best = event.best_members()
    if best is None:
        return event.placings[0], f"{over} and you won it. {standings}"
    place, entry_ids = best
    computers = text.safe(spoken_list([event.entry(e).name for e in event.placings[0]]))
    return entry_ids, (f"{over}: {computers} (a computer entry) won it, and you were the best "
                       f"member, {place}. {standings}")


def followed(first: str) -> Callable[[list[Event]], str]:
    """An answer to the host: `first`, then what the change led to (the match's result, a
    round over or begun, the event over)."""
    def answer(events: list[Event]) -> str:
        return " ".join([first, *(e["text"] for e in events if e.get("type") in FOLLOWS)])
    return answer


def result_set(events: list[Event]) -> str:
    """The host's answer to /tournament result: the match's result and what followed; for
    an earlier round, the knockout entry that took another's place, else that the pairings
    made since stand."""
    reseated = [e["text"] for e in events if e.get("type") == "reseated"]
    earlier = any(e.get("earlier") for e in events if e.get("type") == "ruling")
    note = reseated or ([PAIRINGS_STAND] if earlier else [])
    return " ".join([followed("Result set.")(events), *note])


#: How many lines each list of the event's message (entries, standings, a round's matches,
#: the bracket) keeps in its ever more compact forms; what is left out is summed up as
#: "…and 40 more" in its place, and the pictures sent with the message show it all.
LIST_LENGTHS = (None, 48, 32, 24, 16, 12, 8, 4, 2)


def event_content(
    held: HeldTournament, extra: Sequence[tuple[str, Sequence[str]]] = (),
    now: int | None = None,
) -> str:
    """The event's message: what it is, where it stands, the entries or the standings, and
    the round being played (the bracket for a knockout); then each of `extra`'s (heading,
    list) pairs, the list in a code block of its own. Fitted to Discord's limit by
    shortening every list alike, its code blocks always closed. `now` (milliseconds, the
    service's wall clock) tells a round's deadline to come from one passed."""
    def form(most: int | None) -> list[str]:
        lines = event_lines(held, most, now)
        for heading, block in extra:
            lines += [heading] if heading else []
            lines += code_block(block, most)
        return lines

    return fit(form(most) for most in LIST_LENGTHS)


def at_most(lines: Sequence[str], most: int | None, where: str = "") -> list[str]:
    """The first `most` lines of a list (all for None), and how many more there are (and
    `where` they all are)."""
    if most is None or len(lines) <= most:
        return list(lines)
    return [*lines[:most], f"…and {len(lines) - most} more{where}"]


#: Where a standings list cut short is whole.
EVERY_STANDING = ": /tournament standings lists everyone"


def code_block(lines: Sequence[str], most: int | None, where: str = "") -> list[str]:
    """A list in a code block, at most `most` lines of it. A backtick in a player's name
    becomes a look-alike, so no name can close the block early and spill the rest."""
    return ["```", *(line.replace("`", "ˋ") for line in at_most(lines, most, where)), "```"]


def event_lines(held: HeldTournament, most: int | None = None,
                now: int | None = None) -> list[str]:
    """The event's message as lines, each list in it at most `most` lines long."""
    event = held.event
    lines = [f"🏆 **Tournament #{held.id}** — {text.safe(words.title(event))}",
             f"Hosted by <@{held.host_id}>. {words.status_line(event)}"]
    defaults = GAMES[event.game].check_options({})
    chosen = {k: v for k, v in event.options.items() if defaults.get(k) != v}
    if chosen:
        lines.append("Options: " + ", ".join(f"{k}={text.option_value(v)}"
                                             for k, v in chosen.items()))
    if event.status == SIGNUP:
        need = event.fewest_entries()
        if event.starts_at is not None:
            lines.append(f"Starts by itself <t:{event.starts_at // 1000}:R> if at least {need} "
                         "have joined; the host may press Start sooner.")
        else:
            lines.append(f"The host presses Start once at least {need} have joined.")
        if event.computers is not None:
            lines.append(computers_line(event))
        entries = [f"{i}. {text.safe(e.name)}" for i, e in enumerate(event.entries, start=1)]
        return [*lines, "", "**Entries**", *(at_most(entries, most) or ["Nobody yet: press Join."])]
    if event.rounds:
        lines += ["", "**Standings**",
                  *code_block(words.standing_lines(event), most, EVERY_STANDING)]
        tie_breaks = words.tie_break_line(event)
        if tie_breaks:
            lines.append(tie_breaks)
        if event.format == KNOCKOUT:
            lines += ["**Bracket**", *code_block(words.bracket_lines(event), most)]
        elif event.status == RUNNING and event.current is not None:
            lines += code_block(words.round_lines(event, event.current), most)
    late = event.late_entry_round()
    if late is not None:
        last = event.late_until or event.rounds_planned
        lines.append(f"Late entries: /tournament join until round {last} starts (0 points, "
                     f"paired from round {late}).")
    current = event.current
    if current is not None and not current.finished and not event.paused:
        lines.append(words.next_round_words(event))
    if current is not None and not current.finished and held.round_deadline is not None:
        lines.append(deadline_words(held.round_deadline, now,
                                    "plays on for players who are away"))
    return lines


def deadline_words(deadline: int, now: int | None, computer_does: str) -> str:
    """When the round's time is up, and what the computer does then: Discord shows the time
    as "in 20 minutes" or "5 minutes ago", so a deadline passed is told in the past."""
    at = f"<t:{deadline // 1000}:R>"
    if now is not None and now >= deadline:
        return f"The round's time was up {at}: the computer now {computer_does}."
    return f"The round's time is up {at}; the computer then {computer_does}."


def call_line(held: HeldTournament, match: Match, table: Table, no_show_after: float,
              now: int | None = None) -> str:
    """The call to a match's game: whose, where, which game of the match, what a no-show
    costs and when the round's time is up (or was, for a best of three's next game)."""
    players = " ".join(f"<@{seat.user_id}>" for seat in table.seats if seat.user_id)
    minutes = max(1, round(no_show_after / 60))
    which = words.next_game_words(match)
    game_of = f" ({which})" if which else ""
    line = (f"{players}: your match {match.id} of tournament #{held.id} "
            f"({text.safe(words.title(held.event))}) is game #{table.id}{game_of}, here. Anyone "
            f"the game waits on for {count_words(minutes, 'minute', 'minutes')} before their "
            "first move forfeits the match.")
    if held.round_deadline is not None:
        line += " " + deadline_words(held.round_deadline, now, "plays for whoever is away")
    if any(held.event.entry(entry_id).computer for entry_id in match.entries):
        line += " You meet a computer entry: this game counts for no rating or /stats."
    return line


def computers_line(event: Tournament) -> str:
    """What the host's `computers:` level does, said at sign-up."""
    level = event.computers
    if event.format == TABLES:
        return f"Short tables are filled with computers ({level})."
    return (f"Computers ({level}) fill the places a short field leaves when it starts; games "
            "against them count for no rating or /stats.")


def held_words(hold: SeatHold, no_show_after: float) -> str:
    """What a member playing one match hears of another that waits on their first move: in
    the game they play, that its seat is kept for them till it ends; once it has, in the
    waiting game, by when they must move there."""
    held, minutes = hold.held, count_words(max(1, round(no_show_after / 60)), "minute", "minutes")
    match = f"match {hold.game.match_id} of tournament #{held.id}"
    due = hold.due(no_show_after)
    if due is not None:
        return (f"<@{hold.user_id}>: {match} waits for your first move here: make it "
                f"<t:{due // 1000}:R>, or you forfeit the match. (Your seat was kept while you "
                f"played game #{hold.playing.game_id} of tournament #{hold.playing_in.id}.)")
    line = (f"<@{hold.user_id}>: your {match} ({text.safe(words.title(held.event))}) waits for "
            f"your first move in game #{hold.game.game_id}, <#{hold.game.channel_id}>. It keeps "
            f"your seat while you play this game; once this game is over you have {minutes} to "
            "move there before you forfeit that match.")
    if held.round_deadline is not None:
        line += (f" Its round's time is up <t:{held.round_deadline // 1000}:R>: the computer "
                 "then plays for whoever is away.")
    return line
