"""Actions on a started event: start, results in, forfeits, host rulings, pause, cancel, and
the event moving on by itself when a round's last match ends.

A mixin of Tournament (tournament.py), kept apart so each module stays small."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.contract import Event
from engine.errors import IllegalAction
from engine.registry import GAMES
from engine.seat_words import spoken_list
from render.alt_text import ordinal
from tables.tournaments.fit import KNOCKOUT, MIN_ENTRIES, SWISS, TABLES, check_fit, computer_places
from tables.tournaments.model import (
    DROPPED,
    NO_CHAMPION,
    NO_SHOW,
    NO_WINNER,
    REMOVED,
    Entry,
    GameResult,
    Match,
    Ruling,
    count_words,
    numbered,
    points_words,
)
from tables.tournaments.rounds import next_round, total_rounds
from tables.tournaments.standings import (
    knockout_placings,
    knockout_winner,
    standings,
    unplayed_final,
)

if TYPE_CHECKING:
    from tables.tournaments.tournament import Tournament


# Each method's self is the Tournament this class is mixed into; mypy accepts only a
# supertype there, hence `type: ignore[misc]` on each def.
class Running:
    #: Tournament's field, which `end` sets: declared so the type checker reads it as such.
    ended_after: int | None

    def start(self: Tournament, by_user_id: int, ratings: Mapping[int, float] | None = None  # type: ignore[misc]
              ) -> list[Event]:
        """Seed the entries (by rating when given: user id -> rating) and pair round one."""
        from tables.tournaments.tournament import RUNNING, seed_by_rating

        self.check_host(by_user_id, "start the event")
        self._check_signup("start")
        check_fit(GAMES[self.game], self.options, self.format, self.team_size, self.table_size)
        fewest = self.fewest_entries()
        if len(self.entries) < fewest:
            raise IllegalAction(f"This event needs at least {fewest} entries to start; it has "
                                f"{len(self.entries)}.")
        seed_by_rating(self.entries, ratings)
        self.status = RUNNING
        events = [self._say("started", f"The event starts with {len(self.entries)} entries.")]
        return events + self._fill_with_computers() + self._advance()

    def _fill_with_computers(self: Tournament) -> list[Event]:  # type: ignore[misc]
        """Computer entries in the places the field leaves empty, when the host chose a level
        for them: seeded after every member, so a knockout's top seeds meet them where they
        would have had byes."""
        level, count = self.computers, len(self.entries)
        missing = computer_places(self.format, count) if level else 0
        if not level or not missing:
            return []
        for number in range(1, missing + 1):
            name = f"{level.title()} bot {number}" if missing > 1 else f"{level.title()} bot"
            self.entries.append(Entry(f"e{self.next_entry}", [], [name], seed=count + number,
                                      computer=level))
            self.next_entry += 1
        who = "A computer" if missing == 1 else f"{missing} computers"
        places = "place" if missing == 1 else "places"
        return [self._say("computers", f"{who} ({level}) {'fills' if missing == 1 else 'fill'} "
                          f"the empty {places}; games against a computer count for no one's "
                          "rating or stats.")]

    def fewest_entries(self: Tournament) -> int:  # type: ignore[misc]
        """How many entries the event needs to start: a Swiss one more than its rounds."""
        fewest = MIN_ENTRIES[self.format]
        if self.format == SWISS:
            fewest = max(fewest, (self.rounds_planned or 0) + 1)
        return fewest

    def record_game(self: Tournament, match_id: str, outcome: Mapping[str, Any]) -> list[Event]:  # type: ignore[misc]
        """A finished game's outcome (engine/contract.py: "ranks" and "scores" per seat)."""
        match = self._open_match(match_id)
        ranks, scores = list(outcome.get("ranks", ())), list(outcome.get("scores", ()))
        if len(ranks) != len(match.seats) or len(scores) != len(match.seats):
            raise IllegalAction(f"That result does not fit match {match_id}'s seats.")
        match.games.append(GameResult(ranks, scores))
        match.opened_at = None  # its next game, if any, notes its own
        if not match.finished:  # a best of three goes on: its score is news all the same
            return [self._say("game", f"Match {match_id}: game {len(match.games)} is over.",
                              match=match_id)]
        return self._match_moved(match)

    def no_show(self: Tournament, match_id: str, *entry_ids: str) -> list[Event]:  # type: ignore[misc]
        """The entries made no move in time: each forfeits the match. Every entry absent at
        the check forfeits in this one change, so when nobody showed up the match is not won
        by whichever absent entry happened to be named last."""
        match = self._open_match(match_id)
        if not entry_ids:
            raise IllegalAction(f"Say who did not show up for match {match_id}.")
        for entry_id in entry_ids:
            if entry_id not in match.entries:
                raise IllegalAction(f"{self.entry(entry_id).name} is not in match {match_id}.")
            if entry_id in match.forfeits:
                raise IllegalAction(f"{self.entry(entry_id).name} has already forfeited this "
                                    "match.")
        said = []
        for entry_id in dict.fromkeys(entry_ids):
            match.forfeits[entry_id] = NO_SHOW
            said.append(self._say("forfeit", f"{self.entry(entry_id).name} did not show up and "
                                  f"forfeits match {match_id}.", match=match_id, entry=entry_id,
                                  reason=NO_SHOW))
        return [*said, *self._match_moved(match)]

    def drop(self: Tournament, by_user_id: int, entry_id: str | None = None) -> list[Event]:  # type: ignore[misc]
        """An entry leaves a running event (a member dropping out, or the host dropping it):
        its unfinished match is forfeited and it is never paired again."""
        self.check_running()
        own = self.entry_of(by_user_id)
        entry = self.entry(entry_id) if entry_id else own
        if entry is None:
            raise IllegalAction("You are not in this event.")
        if entry is not own:
            self.check_host(by_user_id, "drop another entry")
        if entry.dropped:
            who = "You have" if entry is own else f"{entry.name} has"
            raise IllegalAction(f"{who} already dropped out.")
        entry.dropped, entry.removed = True, entry is not own
        said = f"The host removed {entry.name}." if entry.removed else f"{entry.name} dropped out."
        events = [self._say("dropped", said, entry=entry.id, by=by_user_id)]
        for match in self._current_matches():
            if entry.id in match.entries and not match.finished:
                match.forfeits[entry.id] = REMOVED if entry.removed else DROPPED
                events += self._match_moved(match)
        return events

    def set_result(self: Tournament, by_user_id: int, match_id: str,  # type: ignore[misc]
                   order: Sequence[Sequence[str]]) -> list[Event]:
        """The host settles a match, over whatever its games said: groups of entries best
        first ([[winner], [loser]], or [[a, b]] for a draw; every entry at a table in order).

        A match of an earlier round may be settled too: standings change, pairings already
        made stand. In a knockout the entry now through takes the place of the one sent on
        by mistake in its next match, while that match is undecided (`_reseat`)."""
        self.check_host(by_user_id, "set a result")
        self.check_running()
        match = self.match(match_id)
        groups = [list(group) for group in order if group]
        named = [e for group in groups for e in group]
        if sorted(named) != sorted(match.entries):
            raise IllegalAction(f"Name every entry of match {match_id} once, best first, "
                                "e.g. @ann @bob.")
        if match.needs_winner and len(groups[0]) > 1:
            raise IllegalAction("A knockout match needs a winner.")
        earlier = match not in self._current_matches()
        was_over = match.finished  # its game closed or ended then: nothing to close now
        reseated = self._reseat(match, groups[0][0]) if earlier and self.format == KNOCKOUT \
            else []
        match.ruling = Ruling(groups, by_user_id)
        words = ", then ".join(spoken_list([self.entry(e).name for e in g])
                               + (" level" if len(g) > 1 else "") for g in groups)
        said = self._say("ruling", f"The host set match {match_id}: {words}.", match=match_id,
                         by=by_user_id, earlier=earlier, was_over=was_over)
        return [said, *reseated, *self._match_moved(match)]

    def _reseat(self: Tournament, match: Match, winner: str) -> list[Event]:  # type: ignore[misc]
        """A knockout result corrected after the bracket moved on: `winner` takes the place
        of the entry the match sent through in its next match, which starts again (its games
        so far no longer count for it), as long as that match is undecided. Once it is
        decided the entry sent through has played on in the title's path, and changing who
        was there would rewrite a result nobody can replay: refused."""
        wrong = knockout_winner(match, {e.id: e.seed for e in self.entries})
        if wrong == winner:
            return []
        later = next(m for m in self.rounds[match.round].matches if wrong in m.entries)
        right, gone = self.entry(winner), self.entry(wrong).name
        # Decided only by the drop-out of the entry sent through by mistake: nobody played
        # on in the title's path, so the right entry takes the seat and the match is played.
        left = later.ruling is None and later.forfeits.get(wrong) in (DROPPED, REMOVED)
        if left and later not in self._current_matches():
            raise IllegalAction(
                f"Match {match.id} can no longer change: {gone}, sent through from it, left "
                f"the event, and the round of match {later.id} is over since, so the bracket "
                "has moved on past it.")
        if later.finished and not left:
            raise IllegalAction(
                f"Match {match.id} can no longer change: {gone}, sent through from it, has "
                f"finished match {later.id} since, so the bracket has moved on past it. You can "
                "still set any match of this round, or correct an earlier one whose winner "
                "has not finished their next match.")
        if right.dropped:
            raise IllegalAction(f"{right.name} has left the event, so cannot take {gone}'s place "
                                f"in match {later.id}: match {match.id} stands.")
        later.seats = [winner if e == wrong else e for e in later.seats]
        later.games, later.opened_at = [], None
        # A new game: no-shows at the old one are void; an entry gone from the event stays so.
        later.forfeits = {e: REMOVED if self.entry(e).removed else DROPPED
                          for e in later.entries if self.entry(e).dropped}
        origin = later.replaced.pop(wrong, wrong)
        if origin != winner:
            later.replaced[winner] = origin
        said = self._say("reseated", f"{right.name} takes {gone}'s place in match {later.id}, "
                         "which starts again.", match=later.id, entry=winner, replaced=wrong,
                         corrected=match.id, was_over=left)
        return [said, *self._match_moved(later)]  # (over at once if the other left too)

    def pause(self: Tournament, by_user_id: int) -> list[Event]:  # type: ignore[misc]
        self.check_host(by_user_id, "pause the event")
        self.check_running()
        if self.paused:
            raise IllegalAction("The event is already paused.")
        self.paused = True
        return [self._say("paused", "The host paused the event: games go on, the next round "
                          "waits.")]

    def resume(self: Tournament, by_user_id: int) -> list[Event]:  # type: ignore[misc]
        self.check_host(by_user_id, "resume the event")
        self.check_running()
        if not self.paused:
            raise IllegalAction("The event is not paused.")
        self.paused = False
        return [self._say("resumed", "The host resumed the event."), *self._advance()]

    def end(self: Tournament, by_user_id: int) -> list[Event]:  # type: ignore[misc]
        """The host ends the event early: no round after the one in play, whose standings
        are then final (a pause is lifted, as nothing waits for the host any more). A round
        already over ends the event at once. A knockout has no champion before its final:
        it ends early only when nobody played its final (`final_waits`), with no champion."""
        self.check_host(by_user_id, "end the event")
        self.check_running()
        number = len(self.rounds)
        if self.final_waits():
            self.ended_after, self.paused = number, False
            said = self._say("ending", "The host ends the event with its final unplayed.",
                             round=number)
            return [said, *self._advance()]
        if self.format == KNOCKOUT:
            raise IllegalAction("A knockout ends with its final; /tournament cancel stops it "
                                "without a winner.")
        if self.ended_after is not None:
            raise IllegalAction(f"The event ends after this round already (round {number}).")
        if number >= total_rounds(self):
            raise IllegalAction(f"Round {number} is the last already: the event ends with it.")
        self.ended_after = number
        self.paused = False
        said = self._say("ending", f"The host ends the event after round {number}: the "
                         "standings then are final.", round=number)
        return [said, *self._advance()]

    def cancel(self: Tournament, by_user_id: int) -> list[Event]:  # type: ignore[misc]
        from tables.tournaments.tournament import CANCELLED, FINISHED

        self.check_host(by_user_id, "cancel the event")
        if self.status in (FINISHED, CANCELLED):
            raise IllegalAction("This event is already over.")
        self.status = CANCELLED
        return [self._say("cancelled", "The host cancelled the event.")]

    # ------------------------------------------------------------ moving on

    def _current_matches(self: Tournament) -> list[Match]:  # type: ignore[misc]
        current = self.current
        return current.matches if current else []

    def _open_match(self: Tournament, match_id: str) -> Match:  # type: ignore[misc]
        self.check_running()
        match = self.match(match_id)
        if match not in self._current_matches():
            raise IllegalAction(f"Match {match_id} is from an earlier round.")
        if match.finished:
            raise IllegalAction(f"Match {match_id} is already over.")
        return match

    def _match_moved(self: Tournament, match: Match) -> list[Event]:  # type: ignore[misc]
        if not match.finished:
            return []
        said = [self._say("match_over", f"Match {match.id}: {self.result_words(match)}.",
                          match=match.id)]
        current = self.current
        if self.final_waits():
            said.append(self._say(
                "final_unplayed", f"Nobody showed up for the final (match {match.id}): the "
                "event waits for the host to set its result or end it with no champion.",
                match=match.id))
        elif self.paused and current is not None and current.finished:
            then = "the next round starts" if len(self.rounds) < total_rounds(self) \
                else "the event ends"
            said.append(self._say("round_held", f"Round {current.number} is over and the event "
                                  f"is paused: {then} when the host resumes it.",
                                  round=current.number))
        return [*said, *self._advance()]

    def result_words(self: Tournament, match: Match) -> str:  # type: ignore[misc]
        """A finished match's result: "Ann wins", "drawn", at a table each entry's points.
        When every entry forfeited nobody won (unless the host then set the result): a
        knockout sends through the entry ahead on games, else the better seed, but for its
        final, which crowns nobody on seed."""
        points = match.points() or {}
        names = {e: self.entry(e).name for e in match.entries}
        if match.table:
            order = sorted(match.entries, key=lambda e: -points[e])
            return ", ".join(f"{names[e]} {points_words(points[e])}" for e in order)
        if set(match.forfeits) == set(match.entries) and match.ruling is None:
            if not match.needs_winner or unplayed_final(self.rounds[match.round - 1]):
                return "nobody wins"
            through = knockout_winner(match, {e.id: e.seed for e in self.entries})
            ahead = len(set(match.games_won().values())) > 1
            return f"{names[through]} {self._verb(through, 'goes', 'go')} through " + \
                ("ahead on games" if ahead else "as the better seed")
        winner = match.winner()
        return f"{names[winner]} {self._verb(winner, 'wins', 'win')}" if winner else "drawn"

    def _verb(self: Tournament, entry_id: str, one: str, pair: str) -> str:  # type: ignore[misc]
        """"Ann wins", "Ann & Bob win"."""
        return pair if len(self.entry(entry_id).names) > 1 else one

    def _advance(self: Tournament) -> list[Event]:  # type: ignore[misc]
        """Next rounds (a round of walkovers is over at once) until one has a match to play,
        or the event ends."""
        events: list[Event] = []
        while not self.paused and (self.current is None or self.current.finished):
            if len(self.rounds) >= total_rounds(self):
                # (a final nobody played waits for the host: `_match_moved` said so)
                return events if self.final_waits() else events + self._finish()
            made = next_round(self)
            self.rounds.append(made)
            byes = [self.entry(e).name for e in made.byes]
            games = count_words(len(made.matches), *(("table", "tables") if self.format == TABLES
                                                      else ("match", "matches")))
            text = f"Round {made.number} of {total_rounds(self)}: {games}."
            if byes:
                text += f" A bye for {spoken_list(byes)}."
            events.append(self._say("round", text, round=made.number))
        return events

    def final_waits(self: Tournament) -> bool:  # type: ignore[misc]
        """A knockout's final nobody played, waiting for the host: as any match settled on
        no-shows may be ruled by the host, the title is not left to nobody until they set its
        result or end the event (`end`: no champion). A final whose entries have both left
        the event (dropped out, removed) has nobody to crown: it ends at once."""
        current = self.current
        return self.format == KNOCKOUT and current is not None and self.ended_after is None \
            and len(self.rounds) >= total_rounds(self) and unplayed_final(current) \
            and not all(self.entry(e).dropped for e in current.matches[0].entries)

    def _finish(self: Tournament) -> list[Event]:  # type: ignore[misc]
        from tables.tournaments.tournament import FINISHED

        if not any(m.played for played in self.rounds for m in played.matches):
            # Nobody played: the order would be the seeds', not a result, so no one places.
            self.placings = []
            self.status = FINISHED
            return [self._say("finished", f"The event is over. {NO_WINNER}.")]
        if self.format == KNOCKOUT:
            self.placings = knockout_placings(self.entries, self.rounds)
        else:
            self.placings = [[s.entry.id]
                             for s in standings(self.entries, self.rounds, self.target,
                                                self.fewest_points_win)]
        self.status = FINISHED
        if not self.placings[0]:  # a knockout's final nobody played
            return [self._say("finished", f"The event is over. {NO_CHAMPION}. "
                              f"{self.runners_up_words()}.")]
        winners = spoken_list([self.entry(e).name for e in self.placings[0]])
        best = self.best_member_words()
        seed = self.seed_words()
        return [self._say("finished", f"The event is over: {winners} wins"
                          + (f", {seed}" if seed else "") + "." + (f" {best}." if best else ""))]

    def seed_words(self: Tournament) -> str | None:  # type: ignore[misc]
        """A Swiss, round robin or tables event's winner level with the runner-up on points
        and every tie-break, placed first by seed alone: "level with Bob on points and every
        tie-break, ahead on seed" (else None), so nobody reads it as won on the board."""
        if self.format == KNOCKOUT or len(self.placings) < 2:
            return None
        rows = standings(self.entries, self.rounds, self.target, self.fewest_points_win)
        if not rows[0].above_on_seed:
            return None
        return f"level with {rows[1].entry.name} on points and every tie-break, ahead on seed"

    def best_members(self: Tournament) -> tuple[str, list[str]] | None:  # type: ignore[misc]
        """When computer entries alone won: the place ("2nd", "3rd=") of the best-placed
        entries with members, and those entries, honoured as the top members (a computer's
        first place is no member's); None when members won, or nobody placed."""
        if not self.placings or not self.placings[0] \
                or any(self.entry(e).members for e in self.placings[0]):
            return None
        for place, group in numbered(self.placings):
            members = [e for e in group if self.entry(e).members]
            if members:
                return ordinal(place) + ("=" if len(group) > 1 else ""), members
        return None

    def runners_up_words(self: Tournament) -> str:  # type: ignore[misc]
        """"Ann and Bob share 2nd place": a knockout's finalists when nobody played the
        final."""
        names = spoken_list([self.entry(e).name for e in self.placings[1]])
        return f"{names} share 2nd place"

    def best_member_words(self: Tournament) -> str | None:  # type: ignore[misc]
        """"Ann was the best member, 2nd", when a computer entry won; else None."""
        best = self.best_members()
        if best is None:
            return None
        place, entry_ids = best
        members = sum(len(self.entry(e).members) for e in entry_ids)
        names = spoken_list([self.entry(e).name for e in entry_ids])
        return (f"{names} {'was' if members == 1 else 'were'} the best "
                f"{'member' if members == 1 else 'members'}, {place}")
