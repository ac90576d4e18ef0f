"""Hand images: the right cards marked playable, and labels that match the buttons."""

from __future__ import annotations

import random
from typing import Any

from PIL import Image

import render
from engine.registry import GAMES
from render.cribbage import pictures as cribbage
from render.kit import cards, layout, palette, text
from render.pip_cribbage.pictures import hand_picture as pip_cribbage_hand
from render.pip_pip import pictures as pip_pip
from tests.render.conftest import open_png


def _highlight_pixels(image: Image.Image) -> int:
    rgb = image.convert("RGB")
    return sum(count for count, colour in rgb.getcolors(maxcolors=1 << 20)
               if all(abs(a - b) <= 6 for a, b in zip(colour, palette.HIGHLIGHT, strict=True)))


def test_cribbage_play_marks_cards_that_keep_the_count_within_31() -> None:
    view: dict[str, Any] = {"seat": 1, "to_act": [1], "phase": "play", "count": 25}
    assert cribbage.playable_cards(view, ["AS", "6H", "7C", "KD"]) == {"AS", "6H"}
    view["to_act"] = [0]
    assert cribbage.playable_cards(view, ["AS", "6H"]) == set()
    view.update(to_act=[1], phase="discard")
    assert cribbage.playable_cards(view, ["AS", "KD"]) == {"AS", "KD"}


def test_pip_pip_marks_cards_that_follow_suit() -> None:
    view: dict[str, Any] = {"seat": 2, "turn": 2, "led_suit": "H", "outcome": None}
    assert pip_pip.playable_cards(view, ["3S", "KH", "2H"]) == {"KH", "2H"}
    assert pip_pip.playable_cards(view, ["3S", "4C"]) == {"3S", "4C"}
    view["turn"] = 0
    assert pip_pip.playable_cards(view, ["3S", "KH"]) == set()


def test_a_playable_key_from_the_table_layer_wins() -> None:
    view = {"seat": 0, "turn": 0, "led_suit": None, "playable": ["3S"]}
    assert pip_pip.playable_cards(view, ["3S", "KH"]) == {"3S"}
    assert cribbage.playable_cards({**view, "phase": "play"}, ["3S", "KH"]) == {"3S"}


def test_playable_cards_are_highlighted_in_the_image() -> None:
    base = {"game": "pip-pip", "seat": 0, "players": 3, "turn": 0, "to_act": [0],
            "led_suit": "H", "trump": "S", "hand": ["3S", "KH", "2H", "4C"], "outcome": None}
    none = open_png(render.draw_hand("pip-pip", {**base, "turn": 1, "to_act": [1]}))
    two = open_png(render.draw_hand("pip-pip", base))
    four = open_png(render.draw_hand("pip-pip", {**base, "led_suit": None}))
    assert _highlight_pixels(none) < _highlight_pixels(two) < _highlight_pixels(four)


def test_each_card_is_labelled_as_the_buttons_write_it(monkeypatch: Any) -> None:
    labels: list[str] = []
    real_pill = layout.pill

    def recording_pill(draw: Any, centre: Any, label: str, *args: Any, **kw: Any) -> None:
        labels.append(label)
        real_pill(draw, centre, label, *args, **kw)

    monkeypatch.setattr(layout, "pill", recording_pill)
    view = {"game": "cribbage", "seat": 0, "players": 2, "phase": "discard", "to_act": [0],
            "hand": ["AS", "TH", "JD", "QC", "KS", "5H"]}
    render.draw_hand("cribbage", view)
    assert labels == ["A♠", "10♥", "J♦", "Q♣", "K♠", "5♥"]


def test_the_lines_under_a_hand_write_cards_as_the_buttons_do() -> None:
    view = {"game": "cribbage", "seat": 0, "players": 2, "phase": "play", "to_act": [0],
            "count": 12, "starter": "TD", "discards": ["3C", "KS"], "hand": ["5H"]}
    assert cribbage.hand_lines(view) == ["Count 12 · starter 10♦",
                                         "Your discards to the crib: 3♣ K♠"]


def test_a_pip_die_in_a_hand_is_drawn_as_a_die() -> None:
    tile = cards.card_face("P4", 100)
    assert tile.getpixel((50, 5))[3] == 0  # no card body above the die
    assert tile.getpixel((50, cards.card_height(100) // 2))[3] == 255


def test_cards_on_tables_are_wide_enough_for_16px_corners() -> None:
    from render.pip_rush import pictures as pip_rush

    for width in (pip_pip.TRICK_CARD, 96):
        assert width >= cards.MIN_WIDTH
        assert round(width * cards.INDEX_SIZE) >= 16
    assert pip_rush.DIE / pip_rush.WIDTH >= 40 / 1100  # a die as big on a phone as before


def test_cribbage_cards_have_corners_at_the_floor_of_their_picture() -> None:
    for width in (cribbage.TABLE_CARD, cribbage.SHOW_CARD):
        assert cards.index_size(width) >= text.floor_size(cribbage.WIDTH)


def test_pip_cribbage_hand_shows_the_die_even_before_it_can_be_played(
        monkeypatch: Any) -> None:

    shown: list[tuple[str, bool]] = []
    real = layout.draw_hand

    def capture(title: str, status: str, items: Any, *rest: Any) -> Image.Image:
        shown.extend((item.notation, item.playable) for item in items)
        return real(title, status, items, *rest)

    monkeypatch.setattr(layout, "draw_hand", capture)
    view = {"game": "pip-cribbage", "seat": 1, "players": 2, "phase": "discard",
            "to_act": [1], "hand": ["5H", "6C", "KS", "QD"],
            "dice": [{"owner": 0, "space": 9, "face": 5, "direction": -1},
                     {"owner": 1, "space": 3, "face": 2, "direction": 1}]}
    open_png(render.draw_hand("pip-cribbage", view))
    assert shown == [("5H", True), ("6C", True), ("KS", True), ("QD", True), ("P2", False)]


def test_a_long_hand_stays_within_the_width_with_readable_cards() -> None:
    hand = [f"{rank}S" for rank in "A23456789TJQK"] + ["AH"]
    image = open_png(render.draw_hand("pip-pip", {"seat": 0, "players": 3, "hand": hand}))
    assert image.width <= 1200
    rgb = image.convert("RGB")
    # Nothing is cut off: the right margin is bare felt and the last card sits just before it.
    margin = {rgb.getpixel((image.width - 6, y)) for y in range(60, image.height)}
    assert len(margin) == 1
    last_card = {rgb.getpixel((x, 140)) for x in range(image.width - 80, image.width - 12)}
    assert len(last_card) > 3


def test_a_pip_cribbage_dealer_choosing_on_its_space_reads_the_choice_its_buttons_offer(
) -> None:
    """Turn came just before the dealer's hand was counted: its hand said 'Your turn: count
    your hand' (with muggins) or 'the show' over buttons to flip the die or keep it, and the
    table, with muggins, that the dealer was to claim."""
    spec = GAMES["pip-cribbage"]
    said: dict[str, str] = {}
    for seed in range(80):
        game = spec.new(2, {"muggins": seed % 2 == 1}, seed)
        rng = random.Random(seed)
        while game.outcome is None:
            seat = game.waiting_for()[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            kinds = {action["type"] for action in legal}
            status = pip_cribbage_hand(view).status
            if kinds & {"crux"}:
                said["crux"] = status
            elif kinds & {"flip", "keep_die"}:
                said.setdefault("turn", status)
                assert status == said["turn"]
                # The table says so too, with muggins on as off (not "to claim").
                assert render.describe("pip-cribbage", game.view(None)).endswith(
                    f"Seat {seat + 1} to flip their die or keep it.")
            else:
                assert status not in ("Your turn: choose Renew or Priority",
                                      "Your turn: flip your die or keep it")
            game.apply(seat, spec.ai(view, legal, rng, "easy"))
        if len(said) == 2:
            break
    assert said == {"crux": "Your turn: choose Renew or Priority",
                    "turn": "Your turn: flip your die or keep it"}
