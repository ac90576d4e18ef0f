"""A tournament in words: the sign-up message, standings, a round's matches, the bracket.

Plain lines; the Discord layer decides about markdown and code blocks."""

from __future__ import annotations

from collections.abc import Mapping

from engine.registry import GAMES
from engine.seat_words import spoken_list
from tables.tournaments.fit import FORMAT_WORDS, KNOCKOUT, SWISS, TABLES
from tables.tournaments.knockout import first_round
from tables.tournaments.model import (
    DROPPED,
    NO_CHAMPION,
    NO_SHOW,
    NO_WINNER,
    REMOVED,
    Match,
    Round,
    count_words,
    numbered,
    points_words,
)
from tables.tournaments.rounds import total_rounds
from tables.tournaments.standings import Standing, knockout_standings, standings
from tables.tournaments.tournament import CANCELLED, FINISHED, RUNNING, SIGNUP, Tournament

FORFEIT_WORDS = {NO_SHOW: "did not show up", DROPPED: "dropped out",
                 REMOVED: "removed by the host"}
#: A two-sided match both of whose sides forfeited for the same reason.
NEITHER_WORDS = {NO_SHOW: "neither showed up", DROPPED: "both dropped out",
                 REMOVED: "both removed by the host"}


def title(event: Tournament) -> str:
    words = f"{GAMES[event.game].title} {FORMAT_WORDS[event.format]}"
    if event.format == TABLES:
        words += f", tables of {event.table_size}"
    if event.best_of == 3:
        words += ", best of three"
    if event.final_best_of == 3 and event.best_of == 1:
        words += ", final best of three"
    return words


def status_line(event: Tournament) -> str:
    if event.status == SIGNUP:
        return f"Sign-up open: {count_words(len(event.entries), 'entry', 'entries')} so far."
    if event.status == CANCELLED:
        return "Cancelled by the host."
    if event.status == FINISHED:
        early = f" early, after round {event.ended_after}" if event.ended_after else ""
        if not event.placings:
            return f"Finished{early}. {NO_WINNER}."
        if not event.placings[0]:
            return f"Finished. {NO_CHAMPION}."
        first = spoken_list([event.entry(e).name for e in event.placings[0]])
        best = event.best_member_words()
        return f"Finished{early}: {first} won." + (f" {best}." if best else "")
    line = round_words(event)
    if event.final_waits():
        return (f"{line}: nobody showed up. Waiting for the host to set its result, or to end "
                "the event with no champion.")
    if not event.paused:
        return line + "."
    if event.current is not None and event.current.finished:
        return f"{line} is over. Paused by the host: nothing more starts until they resume."
    return line + ". Paused by the host."


def round_words(event: Tournament) -> str:
    """The round being played: "Round 2 of 3", a knockout's last "Final" (as its bracket
    column is named)."""
    number, last = len(event.rounds), total_rounds(event)
    return "Final" if event.format == KNOCKOUT and number == last \
        else f"Round {number} of {last}"


def next_round_words(event: Tournament) -> str:
    """What the event does by itself when the round in play is over, for the host and
    everyone waiting: the next round starts, or the event ends."""
    number, last = len(event.rounds) + 1, total_rounds(event)
    if number > last:
        return "The event ends by itself when this round's last match does."
    name = "The final" if event.format == KNOCKOUT and number == last else f"Round {number}"
    return f"{name} starts by itself when this round's last match ends."


def signup_lines(event: Tournament) -> list[str]:
    lines = [title(event), status_line(event)]
    lines += [f"{index}. {entry.name}" for index, entry in enumerate(event.entries, start=1)]
    return lines


def standing_lines(event: Tournament) -> list[str]:
    """One line per entry, best first, with what decides the order. An event over with no
    match played places no one: its entries are listed unnumbered under the reason."""
    unplaced = no_winner(event)
    if event.status == FINISHED and event.format == KNOCKOUT and not unplaced:
        return placing_lines(event)
    if event.format == KNOCKOUT:  # as its picture: a knockout has no points or tie-breaks
        waiting = finalists_waiting(event)
        lines = [f"{_place(row, unplaced or row.entry.id in waiting)} {row.entry.name}"
                 f"{' (dropped)' if row.dropped else ''}"
                 f": won {row.wins}, lost {row.losses}"
                 + (f", {count_words(row.byes, 'bye', 'byes')}" if row.byes else "")
                 for row in knockout_standings(event.entries, event.rounds, event.target,
                                               event.fewest_points_win)]
    else:
        table = event.format == TABLES
        lines = [_standing_line(row, table, unplaced) for row in standings(
            event.entries, event.rounds, event.target, event.fewest_points_win)]
    return [f"{NO_WINNER}.", *lines] if unplaced else lines


def no_winner(event: Tournament) -> bool:
    """An event over with no match played (tournament.py `_finish`): nobody placed."""
    return event.status == FINISHED and not event.placings


def finalists_waiting(event: Tournament) -> set[str]:
    """A knockout's finalists while the final nobody played waits for the host: neither won
    it, and the host may yet crown either, so the standings rank neither above the other."""
    if event.status != RUNNING or not event.final_waits():
        return set()
    assert event.current is not None
    return set(event.current.matches[0].entries)


def _place(row: Standing, unplaced: bool) -> str:
    return "–" if unplaced else f"{row.place}."


def tie_break_line(event: Tournament) -> str | None:
    """How entries level on points are ordered, under the standings; a knockout has none."""
    if event.format == KNOCKOUT or no_winner(event):
        return None
    past = f", none past {event.target}" if event.target else ""
    spread = ("game points less the average of the others at the table" if event.format == TABLES
              else "game points for minus against")
    if event.fewest_points_win:  # points count against their seat
        spread = ("the others' average game points less the entry's"
                  if event.format == TABLES else "game points against minus for")
    if any(m.ruling for played in event.rounds for m in played.matches):
        past += "; a match the host set counts none of its games' points"
    line = ("Level on points: Buchholz (the points of everyone played, added up), then spread "
            f"({spread}{past}), then head-to-head, then seed (rating, then sign-up order).")
    seed = event.seed_words() if event.status == FINISHED else None
    if seed:
        line += f" {event.entry(event.placings[0][0]).name} won {seed}."
    if not any(r.byes for r in event.rounds):
        return line
    line += " A bye counts as a win."
    if event.format == SWISS:  # (tables/tournaments/swiss.py, 2)
        line += (" It goes to the lowest-placed entry that has not had one; a late entry is "
                 "passed over in its first round while anyone else can take it.")
    return line


def _standing_line(row: Standing, table: bool, unplaced: bool) -> str:
    parts = [f"{points_words(row.points)}{' from placings' if table else ''}"]
    if not table:
        results = zip(("won", "drawn", "lost"), (row.wins, row.draws, row.losses), strict=True)
        parts += [f"{word} {number}" for word, number in results if number]
    if row.byes:
        parts.append(count_words(row.byes, "bye", "byes"))
    parts.append(f"Buchholz {_number(row.buchholz)}")
    parts.append(f"spread {round(row.spread, 1):+g}".replace("-", "−"))
    marks = [*([f"joined round {row.entry.joined_round}"] if row.entry.joined_round else []),
             *(["dropped"] if row.dropped else [])]
    mark = f" ({', '.join(marks)})" if marks else ""
    return f"{_place(row, unplaced)} {row.entry.name}{mark}: {', '.join(parts)}"


def placing_lines(event: Tournament) -> list[str]:
    lines = [] if event.placings[0] else [f"{NO_CHAMPION}."]
    for place, group in numbered(event.placings):
        shared = "=" if len(group) > 1 else ""
        lines += [f"{place}{shared}. {event.entry(e).name}" for e in group]
    return lines


def match_line(event: Tournament, match: Match) -> str:
    return f"{match.id} {_who(event, match)}: {_match_state(event, match)}"


def _who(event: Tournament, match: Match) -> str:
    names = [event.entry(e).name for e in match.entries]
    if not match.table:
        return " v ".join(names)
    computers = match.seats.count(None)
    return ", ".join(names) + (f" + {count_words(computers, 'computer', 'computers')}"
                               if computers else "")


def _match_state(event: Tournament, match: Match) -> str:
    forfeits = _forfeit_words(event, match)
    points = match.points()
    if points is None and match.closed_early is not None and event.status == RUNNING:
        return "; ".join([*forfeits, f"game #{match.closed_early} closed before it ended, "
                          "waiting for the host to set the result"])
    if points is None:
        if match.best_of > 1 and match.games:
            return f"{_games(event, match)}, best of {match.best_of}"
        # A cancelled event's unfinished match will never be played on.
        return "; ".join([*forfeits, "not played" if event.status == CANCELLED else "playing"])
    result = event.result_words(match)
    if not match.table and match.best_of > 1 and match.games and not match.ruling:
        result += f" {_score(match)}"
    elif match.game_scores():
        result += f" {game_score_words(event, match)}"
    extra = [*forfeits, *(["set by the host"] if match.ruling else [])]
    return result + (f" ({'; '.join(extra)})" if extra else "")


def _forfeit_words(event: Tournament, match: Match) -> list[str]:
    """Who forfeited and why, those with one reason named together ("Ann and Bob did not
    show up"), or "neither showed up" when both sides of a match did."""
    by_reason: dict[str, list[str]] = {}
    for entry_id, why in match.forfeits.items():
        by_reason.setdefault(why, []).append(event.entry(entry_id).name)
    if len(by_reason) == 1 and len(match.forfeits) == len(match.entries) == 2:
        return [NEITHER_WORDS[next(iter(by_reason))]]
    return [f"{spoken_list(names)} {FORFEIT_WORDS[why]}" for why, names in by_reason.items()]


#: Why a forfeit closed a match's game, on the game's own message.
CLOSED_WORDS = {NO_SHOW: "{names} did not show up for the tournament match",
                DROPPED: "{names} dropped out of the event",
                REMOVED: "the host removed {names} from the event"}


def closed_words(event: Tournament, match: Match) -> str:
    """Why a match's game closed without a result, for its message: the event over, the host's
    result, or who forfeited and why ("Closed: Bob did not show up for the tournament match")."""
    if event.status == CANCELLED:
        return "Closed: the host cancelled the tournament."
    if match.ruling is not None:
        return "Closed: the host set the match's result."
    by_reason: dict[str, list[str]] = {}
    for entry_id, why in match.forfeits.items():
        by_reason.setdefault(why, []).append(event.entry(entry_id).name)
    if not by_reason:
        return "Closed: the tournament is over."
    return "Closed: " + "; ".join(CLOSED_WORDS[why].format(names=spoken_list(names))
                                  for why, names in by_reason.items()) + "."


def restart_words(event: Tournament, match: Match) -> str:
    """Why a knockout match started again: "the host corrected match 1.2, so Ann takes Bob's
    place in match 2.1" (or, corrected back, "match 2.1 started again after the host
    corrected an earlier result")."""
    swaps = []
    for new, old in match.replaced.items():
        earlier = next(m for m in event.rounds[match.round - 2].matches if new in m.entries)
        swaps.append(f"the host corrected match {earlier.id}, so {event.entry(new).name} "
                     f"takes {event.entry(old).name}'s place in match {match.id}")
    return "; ".join(swaps) or \
        f"match {match.id} started again after the host corrected an earlier result"


def bye_words(event: Tournament, played: Round) -> str:
    """What a bye means, said to those who have one this round."""
    if event.format == KNOCKOUT:
        return (f"round {played.number} gives you a bye: you go through to round "
                f"{played.number + 1} without a match.")
    return (f"round {played.number} gives you a bye: a win without a match (1 pt). There is no "
            "game for you this round.")


def next_game_words(match: Match) -> str:
    """Which game of its match the next one is, for the call to it: "" for a one-game match's
    only game, "game 2 of a best of 3", or a replay when a knockout match stands level."""
    number = len(match.games) + 1
    if number > match.best_of:
        return "a replay: the match is level and a knockout match needs a winner"
    return f"game {number} of a best of {match.best_of}" if match.best_of > 1 else ""


def round_lines(event: Tournament, played: Round) -> list[str]:
    lines = [f"Round {played.number}"]
    lines += [f"  {match_line(event, m)}" for m in played.matches]
    lines += [f"  {event.entry(e).name}: bye" for e in played.byes]
    return lines


def holding_up_lines(event: Tournament, waiting: Mapping[str, tuple[int, list[str]]]
                     ) -> list[str]:
    """What the round in play waits for, for the host: each unfinished match with its game
    (match id -> (game id, the members that game waits on)). Empty once nothing waits."""
    current = event.current
    lines = []
    for match in current.matches if current else []:
        if match.finished or match.id not in waiting:
            continue
        game, names = waiting[match.id]
        who = f"waiting for {spoken_list(names)}" if names else "the computer is moving"
        lines.append(f"{match.id} {_who(event, match)}: game #{game}, {who}")
    return lines


def bracket_lines(event: Tournament) -> list[str]:
    """A knockout round by round, seeds in brackets, the final named."""
    last = total_rounds(event)
    lines = []
    for played in event.rounds:
        name = "Final" if played.number == last else f"Round {played.number}"
        lines.append(name)
        byes = iter(played.byes)
        matches = iter(played.matches)
        # in bracket order: round one's byes sit where their slot is
        slots = first_round(event.seeded()) if played.number == 1 else played.matches
        for slot in slots:
            if isinstance(slot, tuple) and slot[1] is None:
                lines.append(f"  {_seeded(event, next(byes))}: bye")
                continue
            match = next(matches)
            seeded = " v ".join(_seeded(event, e) for e in match.entries)
            lines.append(f"  {seeded}: {_match_state(event, match)}")
    if event.status == RUNNING and len(event.rounds) < last:
        left = count_words(last - len(event.rounds), "round", "rounds")
        lines.append(f"Then {left} to the final.")
    return lines


def _seeded(event: Tournament, entry_id: str) -> str:
    entry = event.entry(entry_id)
    return f"{entry.name} ({entry.seed})"


def _games(event: Tournament, match: Match) -> str:
    """"Ann leads 1–0" or "level 1–1" while a best-of match is on."""
    won = match.games_won()
    leader = max(match.entries, key=won.__getitem__)
    if len(set(won.values())) == 1:
        return f"level {_score(match)}"
    return f"{event.entry(leader).name} leads {_score(match)}"


def _score(match: Match) -> str:
    """Games won, the leader's first: "2–1"."""
    return "–".join(_number(w) for w in sorted(match.games_won().values(), reverse=True))


def game_score_words(event: Tournament, match: Match) -> str:
    """The game that decided a one-game match, winner first, each score counted up to the
    game's target: "61–36" for a game won 65–36 to 61."""
    scores = match.game_scores(event.target)
    winner = match.winner()
    return "–".join(str(scores[e]) for e in sorted(scores, key=lambda e: e != winner))


def _number(value: float) -> str:
    return f"{value:g}"
