"""Pillow images of the games: pure functions from a game's JSON view to PNG bytes.

    draw_table(game_name, view, four_colour=False) -> PNG of the board / trick for the channel
    draw_hand(game_name, view, four_colour=False)  -> PNG of one player's hand (their view)
    details(game_name, view)      -> lines for the table message: what the picture leaves out
    describe(game_name, view)     -> the picture in words, for its alt text (render/alt_text):
                                     the table's for the channel's view, the hand's for a seat's
    score_line(game_name, view)   -> each side's score in one line, for the message text
                                     (progress=True: after the deal or round, for a table
                                     shown without its picture)

Views are the engines' own `view(seat)` dicts; the table layer may add "names" (display name
per seat); without them seats read "Seat 1"..
A hand view may carry "playable" (card notations the player may play now, from
legal_actions); without it the renderer works out what it can from the view.

    draw_revealed(game_name, view)              -> every seat's hand written out, under the
                                                   table when both fit a phone
                                                   (view["revealed"]: the seats' views)
    describe_revealed(game_name, view)          -> that picture in words
    revealed_picture(game_name, view)           -> both, the table drawn once
    chart_picture(game_name, title, moves)      -> (PNG, alt text) of a finished game's chart
    tournament.standings_picture(data, viewer)  -> (PNG, alt text) of a tournament's standings
    tournament.bracket_picture(data, viewer)    -> (PNG, alt text) of a knockout's bracket
                                                   (data: tables.tournaments.picture_data)
Nothing here does I/O beyond reading the shipped fonts once, and nothing imports an engine.
"""

from __future__ import annotations

from render.alt_text import describe, score_line
from render.kit.png import encode
from render.registry import UnknownGame, View, renderer_for
from render.reveal import describe_revealed, draw_revealed, revealed_picture
from render.series import chart_picture

__all__ = [
    "UnknownGame", "chart_picture", "describe", "describe_revealed", "details", "draw_hand",
    "draw_revealed", "draw_table", "revealed_picture", "score_line",
]


def draw_table(game_name: str, view: View, *, four_colour: bool = False) -> bytes:
    return encode(renderer_for(game_name).table(view, four_colour))


def draw_hand(game_name: str, view: View, *, four_colour: bool = False) -> bytes:
    return encode(renderer_for(game_name).hand(view, four_colour))


def details(game_name: str, view: View) -> list[str]:
    """Lines too long for a phone-sized picture (each show count's breakdown, a race's zone
    events), for the table message; names are already filled in."""
    return renderer_for(game_name).details(view)
