"""The states a phone shows least well, for every game at its most players: names as long as
Discord allows, in scripts and symbols the fonts draw differently, through to the end of the
game. Every table and hand keeps to a phone's shape and to the floor as a phone shows it
(tests/render/test_floor.py), and a replay's picture with every hand face up does too."""

from __future__ import annotations

from functools import cache

import pytest

import render
from engine.registry import GAMES
from render.kit import text
from tables.pictures import playable_cards
from tables.replay import Frame, Replay
from tests.render.conftest import open_png
from tests.render.test_chart import easy_replay
from tests.render.test_floor import MAX_RATIO, _too_small

#: 32 characters is Discord's longest display name.
LONG_NAMES = ["W" * 32, "🦊🐙🌵🎲🃏" * 2, "Ｍａｘｉｍｉｌｉａｎ Ｗｉｄｅ", "م" * 32,
              "Dmitri the Unreasonably Long-Nam", "x" * 32, "😀" * 16, "Ann"]
FRAMES = 6  # frames looked at along each game, the last one its end


@cache
def replay(game: str, seed: int = 11) -> Replay:
    """A whole game at the game's most players, every seat a long name."""
    players = GAMES[game].allowed_player_counts()[-1]
    return easy_replay(game, players, seed, LONG_NAMES, ai=None)


def frames(game: str) -> list[Frame]:
    whole = replay(game)
    picked = sorted({whole.last * step // (FRAMES - 1) for step in range(FRAMES)}
                    | {whole.last - 1})
    return [whole.frame(index, hands=True) for index in picked]


def assert_fits_a_phone(draw, *args) -> None:  # type: ignore[no-untyped-def]
    with text.recording() as drawn:
        image = open_png(draw(*args))
    assert drawn
    assert image.height <= MAX_RATIO * image.width, image.size
    assert _too_small(drawn, image.size) == [], image.size


@pytest.mark.parametrize("game", list(GAMES))
def test_every_table_and_hand_with_the_longest_names_fits_a_phone(game: str) -> None:
    for frame in frames(game):
        assert_fits_a_phone(render.draw_table, game, frame.view)
        for hand in frame.hands:
            assert_fits_a_phone(render.draw_hand, game, hand)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_hand_with_the_longest_name_still_says_whose_hand_it_is(game: str) -> None:
    for hand in frames(game)[-2].hands:
        with text.recording() as drawn:
            render.draw_hand(game, hand)
        title = drawn[0].text
        assert title.endswith("'s hand"), title


@pytest.mark.parametrize("game", list(GAMES))
def test_a_replay_with_every_hand_face_up_fits_a_phone(game: str) -> None:
    for frame in frames(game):
        revealed = [dict(hand, playable=playable_cards(legal))
                    for hand, legal in zip(frame.hands, frame.legal, strict=True)]
        assert_fits_a_phone(render.draw_revealed, game, {**frame.view, "revealed": revealed})
