"""Standings with their tie-breaks, in order: points, Buchholz, spread, head-to-head, seed.

- points: match points (a win 1, a draw ½, a bye 1) or, in a tables event, placement points;
- Buchholz: the sum of the current points of everyone the entry has played (at a table, of
  everyone it sat with). A bye has no opponent and adds nothing; a forfeited match still
  counts its opponent, since the pairing stood;
- spread: game points for minus against, summed over games played (at a table, the entry's
  score minus the mean score of the other seats), each score counted up to the game's target
  where it has one (a Cribbage game won 65–36 to 61 counts 61–36: `GameSpec.target`), and
  the other way round in a game whose fewest points win (`GameSpec.fewest_points_win`).
  Forfeits and byes add nothing, nor does a match the host settled (`/tournament result`):
  the host's ruling overturns what its games said, and a ruling has no score of its own;
- head-to-head: among entries still level, the points each took off the others in matches
  between them (at a table: 1 for finishing above, ½ level); a match nobody turned up for
  (every entry forfeited) is no draw between them, and counts nothing;
- seed (the server's rating at the start, then sign-up order) settles the rest.

Dropped entries keep their place in the standings and are marked; pairing skips them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from tables.tournaments.model import Entry, Match, Round


@dataclass
class Standing:
    entry: Entry
    place: int = 0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    forfeits: int = 0
    points: float = 0.0
    buchholz: float = 0.0
    spread: float = 0.0
    opponents: list[str] = field(default_factory=list)
    #: Level with the entry placed next on points and every tie-break: only the seed (not a
    #: result) put this one above it.
    above_on_seed: bool = False

    @property
    def dropped(self) -> bool:
        return self.entry.dropped


def standings(entries: Sequence[Entry], rounds: Sequence[Round],
              target: int | None = None, fewest_points_win: bool = False) -> list[Standing]:
    """Every entry, best first, from the finished matches and byes of these rounds; game
    scores count up to `target` where the game has one, and against their seat where
    `fewest_points_win`."""
    rows = {e.id: Standing(e) for e in entries}
    head_to_head: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for played in rounds:
        for entry in played.byes:
            rows[entry].byes += 1
            rows[entry].points += 1.0
        for match in played.matches:
            points = match.points()
            if points is not None:
                _count(match, points, rows, head_to_head, target,
                       -1 if fewest_points_win else 1)
    for row in rows.values():
        row.buchholz = sum(rows[o].points for o in row.opponents)
    ordered = sorted(rows.values(), key=lambda r: (-r.points, -r.buchholz, -r.spread))
    ordered = _break_ties(ordered, head_to_head)
    for place, row in enumerate(ordered, start=1):
        row.place = place
    return ordered


def knockout_standings(entries: Sequence[Entry], rounds: Sequence[Round],
                       target: int | None = None,
                       fewest_points_win: bool = False) -> list[Standing]:
    """A knockout's order while it runs: the entries still in first, those through more rounds
    (wins and byes) ahead, then those knocked out or dropped; level ones as `standings` has
    them. A knockout's own tie-breaks are its matches, so points and Buchholz order nothing."""
    rows = standings(entries, rounds, target, fewest_points_win)
    by_id = {row.entry.id: row for row in rows}
    seed = {e.id: e.seed for e in entries}
    for played in rounds:
        for match in played.matches:
            if match.needs_winner and match.finished and match.winner() is None \
                    and not unplayed_final(played):
                # Nobody won (both forfeited), yet one went through: it won the round.
                through = by_id[knockout_winner(match, seed)]
                through.wins, through.losses = through.wins + 1, through.losses - 1
    ordered = sorted(rows, key=lambda r: (r.losses > 0 or r.dropped, -(r.wins + r.byes)))
    for place, row in enumerate(ordered, start=1):
        row.place = place
    return ordered


def _count(
    match: Match,
    points: dict[str, float],
    rows: dict[str, Standing],
    head_to_head: dict[str, dict[str, float]],
    target: int | None,
    direction: int,
) -> None:
    for entry in match.entries:
        row = rows[entry]
        row.played += 1
        row.points += points[entry]
        row.forfeits += entry in match.forfeits
        others = [o for o in match.entries if o != entry]
        row.opponents.extend(others)
        for other in others if match.played else []:
            mine, theirs = points[entry], points[other]
            head_to_head[entry][other] += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        if not match.table:
            row.wins += points[entry] == 1.0
            row.draws += points[entry] == 0.5
            row.losses += points[entry] == 0.0
        # At a table the computer plays a forfeited seat to the end: not the entry's points.
        # A host's ruling overturns the games: counting their points would let the side
        # ruled against win the tie-break on them.
        counted = [] if entry in match.forfeits or match.ruling else match.games
        for game in counted:
            own = match.entry_score(game, entry, target)
            rest = [s for s, e in zip(game.counted_scores(target), match.seats, strict=True)
                    if e != entry]
            row.spread += direction * (own - sum(rest) / len(rest))


def _break_ties(
    ordered: list[Standing], head_to_head: dict[str, dict[str, float]]
) -> list[Standing]:
    result: list[Standing] = []
    index = 0
    while index < len(ordered):
        key = _key(ordered[index])
        group = [r for r in ordered[index:] if _key(r) == key]
        ids = {r.entry.id for r in group}

        def mini_league(row: Standing, ids: set[str] = ids) -> float:
            return sum(v for o, v in head_to_head[row.entry.id].items() if o in ids)

        ranked = sorted(group, key=lambda r: (-mini_league(r), r.entry.seed))
        for row, below in pairwise(ranked):
            row.above_on_seed = mini_league(row) == mini_league(below)
        result.extend(ranked)
        index += len(group)
    return result


def _key(row: Standing) -> tuple[float, float, float]:
    return (row.points, row.buchholz, row.spread)


def knockout_placings(entries: Sequence[Entry], rounds: Sequence[Round]) -> list[list[str]]:
    """Groups of entries, best first: the winner, the runner-up, then the losers of each
    earlier round together (3rd equal, 5th equal ...), each group in seed order. A final
    nobody played crowns no one: 1st is left empty (`[]`) and the finalists share 2nd, as an
    event none of whose matches was played has no winner."""
    seed = {e.id: e.seed for e in entries}
    out_in: dict[str, int] = {}
    champion: list[str] = []
    for played in rounds:
        for match in played.matches:
            through = match.finished and not unplayed_final(played)
            winner = knockout_winner(match, seed) if through else None
            for entry in match.entries:
                if entry != winner:
                    out_in[entry] = played.number
            if winner is not None and is_final(played):
                champion = [winner]
    groups: dict[int, list[str]] = defaultdict(list)
    for entry, number in out_in.items():
        groups[number].append(entry)
    placed = [champion] if champion or any(unplayed_final(r) for r in rounds) else []
    placed += [sorted(groups[n], key=seed.__getitem__) for n in sorted(groups, reverse=True)]
    return placed


def is_final(played: Round) -> bool:
    """A knockout's round of one match and no byes: the last two meet in it."""
    return len(played.matches) == 1 and not played.byes


def unplayed_final(played: Round) -> bool:
    """A knockout's final that is over but nobody played (every finalist forfeited before a
    game of it ended, and the host set no result): nobody earned the title, so no one is
    sent through on seed to take it."""
    return is_final(played) and played.matches[0].finished and not played.matches[0].played


def knockout_winner(match: Match, seed: Mapping[str, int]) -> str:
    """Who is through from a finished knockout match. When both entries forfeited (neither
    showed up, or both dropped out) the one ahead on games goes through, else the better
    seed, on paper."""
    won = match.games_won()
    return match.winner() or min(match.entries, key=lambda e: (-won[e], seed[e]))
