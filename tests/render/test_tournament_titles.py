"""A tournament picture's title is drawn whole, whatever the event's shape: every game in the
registry, every format it can be played in, one game or the best of three, a final of either,
and a plug-in game's long name. A member reads there what the event is; a title cut to "final
best of th…" loses it."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image

from engine.errors import IllegalAction
from engine.registry import GAMES
from render import tournament
from render.kit import text
from tables.tournaments import KNOCKOUT, Tournament
from tables.tournaments.fit import FORMATS, TABLES, table_sizes_allowed
from tables.tournaments.picture import picture_data
from tables.tournaments.text import title
from tests.render.test_covers import covered_texts
from tests.render.test_floor import MAX_RATIO, _too_small
from tests.render.test_tournament import _texts_overlapping
from tests.tables.tournaments.helpers import HOST

Draw = Callable[[dict[str, Any]], Image.Image]


def _shapes() -> Iterator[tuple[str, Tournament]]:
    """Every event shape the tournaments accept, started with a field of eight (a tables
    event: two full tables)."""
    for name, spec in GAMES.items():
        options = spec.check_options({})
        for form, best_of, final in itertools.product(FORMATS, (1, 3), (None, 1, 3)):
            for size in table_sizes_allowed(spec, options) if form == TABLES else (None,):
                try:
                    event = Tournament.create(
                        "t", HOST, name, form, rounds_planned=2 if form in ("swiss", TABLES)
                        else None, table_size=size, best_of=best_of, final_best_of=final)
                except IllegalAction:
                    continue  # a shape the tournaments refuse is never drawn
                for user in range(1, 2 * (size or 4) + 1):
                    event.join(user, f"Player {user}")
                event.start(HOST)
                yield f"{name}-{form}-{best_of}-{final}-{size}", event


SHAPES = dict(_shapes())


def _pictures(event: Tournament) -> list[Draw]:
    if event.format == KNOCKOUT:
        return [tournament.draw_standings, tournament.draw_bracket]
    return [tournament.draw_standings]


def _title_shown_whole(draw: Draw, data: dict[str, Any]) -> None:
    """Draw the picture, held to the floor, a phone's shape and no overlap, and find the title
    in it: consecutive pieces of text that, as they reached the canvas, read the whole
    title."""
    with text.recording(covers=True) as drawn:
        image = draw(data)
    assert image.height <= MAX_RATIO * image.width, image.size
    assert _too_small(drawn, image.size) == []
    assert covered_texts(drawn) == []
    assert _texts_overlapping(drawn) == []
    shown = [d.shown for d in drawn if d.kind == "text"]
    whole = text.clean(data["title"], True)
    runs = (" ".join(shown[start:end]) for start in range(len(shown))
            for end in range(start + 1, min(len(shown), start + 4) + 1))
    assert whole in runs, (whole, shown[:4])


def test_every_format_and_match_length_is_among_the_shapes() -> None:
    formats = {event.format for event in SHAPES.values()}
    assert formats == set(FORMATS)
    assert {event.best_of for event in SHAPES.values()} == {1, 3}
    assert {event.final_best_of for event in SHAPES.values()} == {None, 1, 3}
    assert {event.game for event in SHAPES.values()} == set(GAMES)


@pytest.mark.parametrize("shape", SHAPES)
def test_the_title_is_drawn_whole_in_every_shape(shape: str) -> None:
    event = SHAPES[shape]
    data = picture_data(event)
    assert data["title"] == title(event)
    for draw in _pictures(event):
        _title_shown_whole(draw, data)


@pytest.mark.parametrize("name", [
    "Sevens",
    "The Grand Old Game of Sevens and Nines",
    "Sevens and Nines with the Long Rules of the Northern Counties and a Very Wordy Host",
])
def test_a_plug_in_games_long_name_is_drawn_whole(name: str) -> None:
    event = SHAPES[next(s for s in SHAPES if s.endswith("knockout-1-3-None"))]
    data = {**picture_data(event), "title": f"{name} knockout, final best of three"}
    for draw in (tournament.draw_standings, tournament.draw_bracket):
        _title_shown_whole(draw, data)
