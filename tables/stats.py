"""A server's leaderboard and a member's statistics, as plain rows for the cogs to word."""

from __future__ import annotations

from typing import Any

from engine.registry import GAMES
from store import RatingRow, Store
from tables.ratings import display_rating


def menu_order(game: str) -> tuple[int, str]:
    """Sorts games as the menus list them (a game no longer offered last), so /stats and
    /profile take them in one order."""
    order = list(GAMES)
    return (order.index(game) if game in GAMES else len(order), game)


async def leaderboard(store: Store, guild_id: int, game: str, limit: int) -> list[dict[str, Any]]:
    return board_rows(await store.leaderboard(guild_id, game, limit))


def board_rows(rows: list[RatingRow]) -> list[dict[str, Any]]:
    """A leaderboard's rows, best first, as the cogs word them."""
    return [
        {
            "place": place, "user_id": r.user_id, "rating": display_rating(r.mu, r.sigma),
            "mu": r.mu, "sigma": r.sigma, "games": r.games, "wins": r.wins,
            "points": r.points, "skunks": r.skunks,
        }
        for place, r in enumerate(rows, start=1)
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
