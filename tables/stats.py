"""A server's leaderboard and a member's statistics, as plain rows for the cogs to word."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.registry import GAMES
from store import RatingRow, Store
from store.records import SeasonStanding
from tables.ratings import display_rating


def menu_order(game: str) -> tuple[int, str]:
    """Sorts games as the menus list them (a game no longer offered last), so /stats and
    /profile take them in one order."""
    order = list(GAMES)
    return (order.index(game) if game in GAMES else len(order), game)


async def leaderboard(store: Store, guild_id: int, game: str, limit: int) -> list[dict[str, Any]]:
    return await named(store, guild_id, board_rows(await store.leaderboard(guild_id, game, limit)))


async def named(store: Store, guild_id: int, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Board rows, each with the `name` its member last played under here (None if unknown):
    the board names members by it, so one who has left the server still reads as themself."""
    names = await store.last_names(guild_id, [row["user_id"] for row in rows])
    return [{**row, "name": names.get(row["user_id"])} for row in rows]


def shared_places(standings: Sequence[tuple[float, int]]) -> list[int]:
    """The place of each row of a board sorted best first, given each row's (rating shown,
    wins): players level on both, the figures the board shows, share a place (1, 2, 2, 4)."""
    places: list[int] = []
    level: tuple[str, int] | None = None
    for number, (rating, wins) in enumerate(standings, start=1):
        if (f"{rating:.1f}", wins) != level:
            level = (f"{rating:.1f}", wins)
            places.append(number)
        else:
            places.append(places[-1])
    return places


#: Rows further ahead than this on mu - 3 sigma are ahead on the rating shown (rounded to a
#: tenth) too, so only the rows within it of the member's need the leaderboard's own rule.
SAME_SHOWN_RATING = 0.2


def standing_row(standing: SeasonStanding, user_id: int) -> dict[str, Any]:
    """The member's row of a season's board (as `board_rows` gives it), placed on the whole
    board from the rows near theirs (`Store.season_standings`, read with SAME_SHOWN_RATING)."""
    mine = next(row for row in board_rows(standing.near) if row["user_id"] == user_id)
    return {**mine, "place": standing.ahead + mine["place"]}


def board_rows(rows: list[RatingRow]) -> list[dict[str, Any]]:
    """A leaderboard's rows, best first, as the cogs word them, each with its place (and no
    name yet: `named` adds them)."""
    ratings = [display_rating(r.mu, r.sigma) for r in rows]
    places = shared_places([(rating, r.wins) for rating, r in zip(ratings, rows, strict=True)])
    return [
        {
            "place": place, "user_id": r.user_id, "rating": rating,
            "mu": r.mu, "sigma": r.sigma, "games": r.games, "wins": r.wins,
            "points": r.points, "skunks": r.skunks,
        }
        for place, rating, r in zip(places, ratings, rows, strict=True)
    ]


async def member_stats(store: Store, guild_id: int, user_id: int) -> dict[str, Any]:
    per_game = [
        {
            "game": r.game, "rating": display_rating(r.mu, r.sigma), "games": r.games,
            "wins": r.wins, "points": r.points, "skunks": r.skunks,
        }
        for r in sorted(await store.user_ratings(guild_id, user_id),
                        key=lambda row: menu_order(row.game))
    ]
    return {
        "user_id": user_id,
        "games": sum(g["games"] for g in per_game),
        "wins": sum(g["wins"] for g in per_game),
        "points": sum(g["points"] for g in per_game),
        "per_game": per_game,
        "assisted": await store.assisted_games(guild_id, user_id),
        "recent": await store.user_results(guild_id, user_id, limit=5),
        "placings": [
            {"tournament": p.tournament_id, "game": p.game, "place": p.place,
             "entries": p.entries}
            for p in await store.user_placings(guild_id, user_id, limit=5)
        ],
    }
