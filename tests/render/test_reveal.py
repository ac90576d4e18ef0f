"""Show hands: the table exactly as drawn live with every seat's hand written under it, or,
when the two would be taller than a phone shows whole, the hands alone; and the alt text says
what the picture shows."""

from __future__ import annotations

import io
import random
from types import SimpleNamespace

import pytest
from PIL import Image

import render
from engine.cards import card_symbol
from engine.registry import GAMES
from render.alt_text import hand_words
from render.kit import text
from render.reveal import ALL_EMPTY, GAP, HEADING, describe_revealed, revealed_image
from tables.pictures import playable_cards
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
    hands = [dict(h, playable=playable_cards(legal))
             for h, legal in zip(frame.hands, frame.legal, strict=True)]
    return frame.view, hands


def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def written(game: str, view: dict) -> list[str]:
    with text.recording() as drawn:
        render.draw_revealed(game, view)
    return [d.text for d in drawn if d.kind == "text"]


@pytest.mark.parametrize("game,players", [("cribbage", 2), ("cribbage", 4), ("pip-pip", 4),
                                          ("pip-rush", 2)])
def test_the_table_sits_unchanged_on_top_with_each_hand_written_below(game: str,
                                                                      players: int) -> None:
    view, hands = frame_with_hands(game, players, 6)
    revealed_view = {**view, "revealed": hands}
    table = pixels(render.draw_table(game, view))
    revealed = pixels(render.draw_revealed(game, revealed_view))
    assert revealed_image(game, revealed_view)[1]
    assert revealed.width == table.width and revealed.height > table.height + GAP
    assert revealed.height <= 1.5 * revealed.width
    top = revealed.crop((0, 0, table.width, table.height))
    assert top.tobytes() == table.tobytes()
    words = written(game, revealed_view)
    for hand in hands:  # each seat's name and every card of its hand, in seat order
        assert f"P{hand['seat']}" in words
        assert all(card_symbol(card) in words for card in hand["hand"])
    assert HEADING not in words
    alt = describe_revealed(game, revealed_view)
    assert alt.startswith("Hands face up: " + hand_words(hands[0], 0))
    assert " The table: " + render.describe(game, view)[:200] in alt


def test_hands_too_many_to_go_under_the_table_are_the_picture_alone() -> None:
    view, hands = frame_with_hands("pip-pip", 8, 3)
    revealed_view = {**view, "revealed": hands}
    picture, with_table = revealed_image("pip-pip", revealed_view)
    assert not with_table
    assert picture.height <= 1.5 * picture.width
    words = written("pip-pip", revealed_view)
    assert words[0] == HEADING
    assert [f"P{seat}" for seat in range(8)] == [w for w in words if w.startswith("P")]
    alt = describe_revealed("pip-pip", revealed_view)
    assert "The table" not in alt
    for seat, hand in enumerate(hands):
        assert hand_words(hand, seat) in alt


def test_a_seat_with_no_cards_says_so() -> None:
    view, hands = frame_with_hands("cribbage", 2, 6)
    hands[1] = {**hands[1], "hand": []}
    assert "no cards" in written("cribbage", {**view, "revealed": hands})


@pytest.mark.parametrize("game,players", [("pip-rush", 4), ("pip-pip", 3), ("cribbage", 2)])
def test_when_no_hand_holds_a_card_the_picture_is_the_table_alone(game: str,
                                                                  players: int) -> None:
    # A finished game's last frame: a row of "no cards" per seat, the table left out for
    # them, showed nothing at all.
    view, hands = frame_with_hands(game, players, 6)
    empty = {**view, "revealed": [{**hand, "hand": [], "playable": []} for hand in hands]}
    assert revealed_image(game, empty)[1]
    table = pixels(render.draw_table(game, view)).tobytes()
    assert pixels(render.draw_revealed(game, empty)).tobytes() == table
    assert "no cards" not in written(game, empty)
    assert describe_revealed(game, empty) == (
        f"{ALL_EMPTY} The table: {render.describe(game, view)}"[:1024])


def test_odd_hands_draw_and_are_described_without_a_crash() -> None:
    view = {"names": None, "revealed": [
        {"seat": 0, "hand": ["ZZ", "AS", None, 5, "P9", "Q" * 500]}, "junk", {"hand": "x"},
        {"seat": "q", "hand": ["TH"] * 30}]}
    with text.recording() as drawn:
        picture = pixels(render.draw_revealed("cribbage", view))
    assert picture.height <= 1.5 * picture.width
    assert all(d.box is None or d.box[2] <= picture.width for d in drawn if d.kind == "text")
    assert render.describe_revealed("cribbage", view).startswith("Hands face up: Seat 1's hand")


@pytest.mark.parametrize(("game", "players"), [("cribbage", 2), ("pip-pip", 8)])
def test_the_picture_and_its_words_together_are_each_as_drawn_and_said_alone(
    game: str, players: int
) -> None:
    """The replay draws the table once for both: the same picture, the same words."""
    view, hands = frame_with_hands(game, players, 6)
    revealed_view = {**view, "revealed": hands}
    png, alt = render.revealed_picture(game, revealed_view)
    assert pixels(png).tobytes() == pixels(render.draw_revealed(game, revealed_view)).tobytes()
    assert alt == describe_revealed(game, revealed_view)


def test_many_cards_are_said_suit_by_suit_so_that_every_hand_is_said() -> None:
    from render.alt_text import cards_by_suit

    assert cards_by_suit(["2C", "AC", "QH", "P4", "9C"]) == "clubs 2, ace, 9; hearts queen; die 4"
    assert cards_by_suit([]) == "none"
