"""Show hands: the table exactly as drawn live, with every seat's hand picture under it."""

from __future__ import annotations

import io
import random
from types import SimpleNamespace

import pytest
from PIL import Image

import render
from engine.registry import GAMES
from render.reveal import GAP
from tables.replay import Replay


def frame_with_hands(game: str, players: int, index: int) -> tuple[dict, list[dict]]:
    spec = GAMES[game]
    state = spec.new(players, {}, 5)
    rng = random.Random(5)
    log = []
    while state.outcome is None and len(log) < index:
        seat = state.to_act()[0]
        action = spec.ai(state.view(seat), state.legal_actions(seat), rng, "easy")
        state.apply(seat, action)
        log.append((seat, action))
    record = SimpleNamespace(
        id=3, game=game, options={}, seed=5, guild_id=1, channel_id=1, host_id=1, settings={},
        seats=[{"user_id": None, "name": f"P{i}", "ai": "easy"} for i in range(players)])
    frame = Replay(record, log).frame(index, hands=True)
    return frame.view, frame.hands


def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("game,players", [("cribbage", 2), ("pip-rush", 4), ("pip-pip", 3)])
def test_the_table_sits_unchanged_on_top_with_each_hand_below(game: str, players: int) -> None:
    view, hands = frame_with_hands(game, players, 6)
    table = pixels(render.draw_table(game, view))
    revealed = pixels(render.draw_revealed(game, {**view, "revealed": hands}))
    own = [pixels(render.draw_hand(game, hand)) for hand in hands]
    assert revealed.width == max([table.width] + [h.width for h in own])
    assert revealed.height == table.height + sum(h.height for h in own) + GAP * len(own)
    top = revealed.crop((0, 0, table.width, table.height))
    assert top.tobytes() == table.tobytes()
    y = table.height + GAP
    for hand in own:  # each seat's own hand picture, in seat order, centred
        x = (revealed.width - hand.width) // 2
        assert revealed.crop((x, y, x + hand.width, y + hand.height)).tobytes() == hand.tobytes()
        y += hand.height + GAP
