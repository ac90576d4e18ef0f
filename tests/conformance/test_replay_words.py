"""A replay names every seat as its table does, in every registered game: the lines under each
frame, the table's alt text and score line, the chart's alt text and, with hands face up,
each hand's row in the picture and its words, the same name in both (a frame where nobody
holds a card shows the table alone, and says so). No seat number ("Seat 2",
a "{s1}" left unfilled) takes the place of a name, even when a revealed hand is a seat's bare
view without the table's names (the engine's own view)."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

import pytest

import render
from render.kit import text
from render.kit.safe import listed
from render.reveal import ALL_EMPTY
from tables.pictures import playable_cards
from tables.replay import Replay
from tests.conformance.games import MAX_MOVES, TABLES, Seating, params, random_move

NAMES = ("Ann", "Computer 1", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
#: A seat's number standing in for its name: the renderers' fallback, a placeholder unfilled.
SEAT_NUMBER = re.compile(r"\bSeat \d|\{s\d")
#: Frames looked at along each game, the deal and the end among them.
FRAMES = 6


def replay(seating: Seating, seed: int) -> Replay:
    """A whole game of random legal moves, replayed from its log as /replay does."""
    game, rng, log = seating.new(seed), random.Random(seed), []
    while game.outcome is None and len(log) < MAX_MOVES:
        seat, action = random_move(game, rng)
        game.apply(seat, action)
        log.append((seat, action))
    seats = [{"user_id": None, "name": NAMES[i], "ai": "easy"} if i == 1
             else {"user_id": 100 + i, "name": NAMES[i], "ai": None}
             for i in range(seating.players)]
    record = SimpleNamespace(id=7, game=seating.game, options=seating.options, seed=seed,
                             guild_id=1, channel_id=1, host_id=100, settings={}, seats=seats)
    return Replay(record, log)  # type: ignore[arg-type]


def row_names(game: str, view: dict[str, Any]) -> list[str]:
    """The names the face-up picture writes at the start of the hands' rows, in order: the
    last it writes, under the table's own."""
    with text.recording() as drawn:
        render.draw_revealed(game, view)
    written = [d.text for d in drawn if d.kind == "text" and d.text in NAMES]
    return written[-len(listed(view.get("revealed"))):]


@pytest.mark.parametrize("seating", params(TABLES))
def test_a_replay_names_every_seat_as_its_table_does(seating: Seating) -> None:
    played = replay(seating, seed=21)
    names = list(NAMES[:seating.players])
    game = seating.game
    frames = sorted({round(i * played.last / (FRAMES - 1)) for i in range(FRAMES)})
    for index in frames:
        frame = played.frame(index, hands=True)
        hands = [dict(h, playable=playable_cards(legal))
                 for h, legal in zip(frame.hands, frame.legal, strict=True)]
        bare = [{k: v for k, v in h.items() if k not in ("names", "ai")} for h in hands]
        said = [*frame.lines, render.describe(game, frame.view),
                render.score_line(game, frame.view), *render.details(game, frame.view)]
        for revealed in (hands, bare):
            view = {**frame.view, "revealed": revealed}
            png, alt = render.revealed_picture(game, view)
            where = (index, alt)
            if not any(hand.get("hand") for hand in revealed):
                # Nobody holds a card (the end, or between a game's deals): the picture is
                # the table, whose words are checked below, with no row standing for a seat.
                assert alt.startswith(ALL_EMPTY), where
                assert png == render.draw_table(game, frame.view), where
                said.append(alt)
                continue
            assert row_names(game, view) == names, where
            said_at = [alt.find(f"{name}'s hand: ") for name in names]
            assert -1 not in said_at and said_at == sorted(said_at), where
            said.append(alt)
        for words in said:
            assert not SEAT_NUMBER.search(words), (index, words)
    _, chart = render.chart_picture(game, played.title, played.moves())
    assert not SEAT_NUMBER.search(chart) and all(name in chart for name in names), chart
