"""From a finished game's outcome to result rows and openskill rating updates.

Ratings are openskill's Plackett-Luce model (handles teams and any number of sides), one
rating per server, game and player. Computer seats are never rated: they play as opponents
with the fixed default rating (mu 25, sigma 25/3) every time, because a computer's strength
does not drift and sharing one rating among all servers' computers would let it soak up
points. The leaderboard orders by the conservative estimate mu - 3 sigma.

Each season keeps ratings of its own. A player's first game of a season starts from their
all-time rating with its uncertainty widened, sigma' = min(DEFAULT_SIGMA, sqrt(sigma² + c²))
with c = SEASON_WIDENING (half the default sigma): a veteran's mu carries over, but a few
games of the new season move it as much as a newcomer's, and nobody starts a season less
certain than a brand new player. The all-time rating goes on untouched."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from engine.analysis import figure, signed
from store.records import ALL_TIME, Finish, RatingChange, ResultRow
from tables.clock import Clock
from tables.hints import hints_on
from tables.seats import SeatInfo

if TYPE_CHECKING:
    from tables.table import Table

#: A table setting: the game's end records no results and rates no one, so it counts for no
#: member's rating or stats (a tournament match against a computer entry).
UNRATED = "unrated"
MODEL = PlackettLuce()
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma
#: c in the widening of a season's starting sigma (see above).
SEASON_WIDENING: float = DEFAULT_SIGMA / 2


def display_rating(mu: float, sigma: float) -> float:
    """The number players see: openskill's ordinal, mu - 3 sigma."""
    return round(mu - 3 * sigma, 1)


def season_start(rating: tuple[float, float] | None) -> tuple[float, float] | None:
    """A player's season rating before their first game of the season, from their all-time
    one; None (the default rating) for a player with none yet."""
    if rating is None:
        return None
    mu, sigma = rating
    return mu, min(DEFAULT_SIGMA, math.hypot(sigma, SEASON_WIDENING))


def result_rows(
    outcome: dict[str, Any], sides: list[int], user_ids: list[int | None]
) -> list[ResultRow]:
    winners = set(outcome.get("winners") or [])
    ranks = outcome.get("ranks")
    if not (isinstance(ranks, list) and len(ranks) == len(sides)):
        ranks = [0 if s in winners else 1 for s in range(len(sides))]
    scores = outcome.get("scores")
    if not (isinstance(scores, list) and len(scores) == len(sides)):
        scores = [None] * len(sides)
    win_points = int(outcome.get("win_points") or 1)
    return [
        ResultRow(
            seat=seat,
            user_id=user_ids[seat],
            side=sides[seat],
            rank=int(ranks[seat]),
            won=seat in winners,
            win_points=win_points,
            score=int(scores[seat]) if isinstance(scores[seat], int | float) else None,
        )
        for seat in range(len(sides))
    ]


def rate(
    results: list[ResultRow], current: dict[int, tuple[float, float] | None]
) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) for every human in `results`, seats grouped into teams by side."""
    teams: dict[int, list[ResultRow]] = {}
    for row in results:
        teams.setdefault(row.side, []).append(row)
    if len(teams) < 2:
        return {uid: v or (DEFAULT_MU, DEFAULT_SIGMA) for uid, v in current.items()}
    order = list(teams)
    team_ratings = []
    for side in order:
        members = []
        for row in teams[side]:
            known = current.get(row.user_id) if row.user_id is not None else None
            mu, sigma = known or (DEFAULT_MU, DEFAULT_SIGMA)
            members.append(MODEL.rating(mu=mu, sigma=sigma))
        team_ratings.append(members)
    team_ranks: list[float] = [min(row.rank for row in teams[side]) for side in order]
    rated = MODEL.rate(team_ratings, ranks=team_ranks)
    new: dict[int, tuple[float, float]] = {}
    for side, members in zip(order, rated, strict=True):
        for row, rating in zip(teams[side], members, strict=True):
            if row.user_id is not None:
                new[row.user_id] = (rating.mu, rating.sigma)
    return new


def finish_for(
    outcome: dict[str, Any], sides: list[int], user_ids: list[int | None],
    assisted: bool = False, *, finished_at: int,
) -> Finish:
    """The results of a game and its rating update (all-time and season); an assisted game
    (played with hints) has its results marked and rates no one. `finished_at`: when it
    ended, in milliseconds since 1970 on the tables' clock."""
    rows = result_rows(outcome, sides, user_ids)
    if assisted:
        for row in rows:
            row.assisted = True
        return Finish(outcome=outcome, results=rows, rater=None, finished_at=finished_at)
    return Finish(
        outcome=outcome, results=rows, rater=lambda current: rate(rows, current),
        finished_at=finished_at, season_start=season_start,
    )


def table_finish(table: Table, clock: Clock) -> Finish:
    """What a finished table's end records: assisted (rating no one) with hints on, only its
    outcome when it is UNRATED. A seat whose member forfeited (a tournament's no-show or drop)
    is recorded as the computer's that played it: its member is not rated on the game and gets
    neither a win nor a loss from it, while the others are rated against it as against any
    computer seat."""
    assert table.outcome is not None
    if table.settings.get(UNRATED):
        return Finish(outcome=table.outcome, results=[], finished_at=int(clock.wall() * 1000))
    members = [None if seat in table.forfeited else info.user_id
               for seat, info in enumerate(table.seats)]
    return finish_for(table.outcome, table.sides, members,
                      assisted=hints_on(table.settings), finished_at=int(clock.wall() * 1000))


def shown_changes(changes: Sequence[RatingChange]) -> list[RatingChange]:
    """The changes a finished table shows: those of the season the game counted in, which is
    what /leaderboard shows unless asked otherwise; the all-time ones when no season ran."""
    in_season = [c for c in changes if c.season != ALL_TIME]
    return in_season or [c for c in changes if c.season == ALL_TIME]


def moved(change: RatingChange) -> tuple[float, float | None]:
    """The figure the leaderboard shows after the game, and how far the game moved it; None
    for a first game, which moved nothing the member had: it gave them their first figure."""
    after = display_rating(*change.after)
    if change.before is None:
        return after, None
    return after, round(after - display_rating(*change.before), 1)


def season_entered(changes: Sequence[RatingChange], user_id: int) -> tuple[float, float] | None:
    """For a member whose first game of a season this was, entering it from an all-time
    rating that the season's start shows lower (its uncertainty widened): (the all-time
    figure before the game, the season's start figure). None otherwise."""
    of_member = {c.season: c for c in changes if c.user_id == user_id}
    all_time = of_member.pop(ALL_TIME, None)
    if all_time is None or all_time.before is None or len(of_member) != 1:
        return None
    [in_season] = of_member.values()
    if in_season.before is None or in_season.before != season_start(all_time.before):
        return None
    carried, start = display_rating(*all_time.before), display_rating(*in_season.before)
    return (carried, start) if start != carried else None


def _change_words(changes: Sequence[RatingChange], change: RatingChange) -> str:
    """ "18.4 (+1.2)"; from a season's start: "−0.7 (−2.1 from the season's 1.4)", where
    a bare −2.1 would not take the member from the 4.7 they last saw to −0.7; a first game:
    "−1.5 (first game)", which is no fall from a figure the member never had."""
    after, moved_by = moved(change)
    if moved_by is None:
        return f"{figure(after)} (first game)"
    entered = season_entered(changes, change.user_id)
    start = f" from the season's {figure(entered[1])}" if entered else ""
    return f"{figure(after)} ({signed(moved_by)}{start})"


def rating_words(
    seats: Sequence[SeatInfo], changes: Sequence[RatingChange], reader: int | None = None,
    most: int | None = None,
) -> str:
    """One line: each rated member's rating after the game and its change, in seat order
    ("Season 3 rating: Ann 18.4 (+1.2) · Bob 12.0 (−0.8)"), a member's first game of a season
    from where the season started them, and their first game of the game as such; with
    `reader` (a seat), that member's own only, and why a season starts them lower or where
    everyone starts; with `most`, the first `most` members and how many more there are
    ("…and 3 more"), for a message short of room. "" when the game rated nobody (an assisted
    game)."""
    shown = {c.user_id: c for c in shown_changes(changes)}
    if not shown:
        return ""
    season = next(iter(shown.values())).season
    which = "all-time rating" if season == ALL_TIME else f"season {season} rating"
    if reader is not None:
        mine = shown.get(seats[reader].user_id or 0)
        if mine is None:
            return ""
        line = f"📈 Your {which}: {_change_words(changes, mine)}"
        entered = season_entered(changes, mine.user_id)
        if mine.before is None:
            line += (f". Everyone starts at {figure(display_rating(DEFAULT_MU, DEFAULT_SIGMA))}"
                     "; your first games move it most.")
        elif entered:
            line += (f". A season starts from your all-time rating, {figure(entered[0])}, "
                     "made less certain: it shows lower, and your first games move it more.")
        return line
    parts = []
    for seat in seats:
        change_of = shown.get(seat.user_id or 0)
        if change_of is not None:
            parts.append(f"{seat.name} {_change_words(changes, change_of)}")
    if most is not None and len(parts) > most:
        parts[most:] = [f"…and {len(parts) - most} more"]
    return f"📈 {which.capitalize()}: " + " · ".join(parts)
