from __future__ import annotations

import math

import pytest
from PIL import Image, ImageDraw

from render.kit import board, cards, palette, shapes, text


def test_card_faces_are_cached_per_size_and_palette() -> None:
    assert cards.card_face("5H", 90) is cards.card_face("5H", 90)
    assert cards.card_face("5H", 90) is not cards.card_face("5H", 120)
    assert cards.card_face("5D", 90).size == (90, cards.card_height(90))


def _colours(tile: Image.Image) -> set[tuple[int, int, int]]:
    rgb = Image.new("RGB", tile.size, (255, 255, 255))
    rgb.paste(tile, (0, 0), tile)
    return {c for _, c in rgb.getcolors(maxcolors=100000)}


@pytest.mark.parametrize(("card", "changes"), [("5D", True), ("5C", True), ("5H", False),
                                               ("5S", False)])
def test_four_colour_deck_recolours_diamonds_and_clubs(card: str, changes: bool) -> None:
    two = cards.card_face(card, 90, False)
    four = cards.card_face(card, 90, True)
    assert (two.tobytes() != four.tobytes()) is changes
    if changes:
        suit = card[1]
        assert palette.FOUR_COLOUR[suit] in _colours(four)
        assert palette.FOUR_COLOUR[suit] not in _colours(two)


def test_suit_symbols_are_distinct_vector_shapes() -> None:
    masks = {s: shapes.suit_mask(s, 64) for s in "SHDC"}
    for suit, mask in masks.items():
        filled = sum(1 for v in mask.get_flattened_data() if v > 128)
        assert 0.25 * 64 * 64 < filled < 0.8 * 64 * 64, suit
    flat = {s: m.tobytes() for s, m in masks.items()}
    assert len(set(flat.values())) == 4
    # A diamond is symmetric left to right and top to bottom; a heart only left to right.
    diamond, heart = masks["D"], masks["H"]
    mirror = Image.Transpose.FLIP_LEFT_RIGHT
    assert _close(diamond, diamond.transpose(mirror))
    assert _close(diamond, diamond.transpose(Image.Transpose.FLIP_TOP_BOTTOM))
    assert _close(heart, heart.transpose(mirror))
    assert not _close(heart, heart.transpose(Image.Transpose.FLIP_TOP_BOTTOM))


def _close(a: Image.Image, b: Image.Image) -> bool:
    differing = sum(1 for x, y in zip(a.get_flattened_data(), b.get_flattened_data(),
                                      strict=True) if abs(x - y) > 128)
    return differing < 0.02 * a.width * a.height


@pytest.mark.parametrize("value", range(1, 7))
def test_die_faces_show_their_pips_as_dots(value: int) -> None:
    size = 90
    die = cards.die_face(value, size, palette.CARD_FACE)
    pips = set(cards.DIE_PIPS[value])
    assert len(pips) == value
    for col in range(3):
        for row in range(3):
            r, g, b, _ = die.getpixel((round(size * (0.25 + 0.25 * col)),
                                       round(size * (0.25 + 0.25 * row))))
            dark = r + g + b < 200
            assert dark is ((col, row) in pips), (value, col, row)


def test_die_pips_contrast_with_team_colours() -> None:
    for colour in palette.SIDE_COLOURS:
        assert palette.contrast(palette.text_on(colour), colour) >= 3


def test_text_colours_have_good_contrast() -> None:
    pairs = [(palette.WHITE, palette.FELT), (palette.SOFT_WHITE, palette.FELT),
             (palette.WHITE, palette.FELT_DARK), (palette.INK, palette.HIGHLIGHT),
             (palette.HIGHLIGHT, palette.FELT), (palette.HOLE, palette.WOOD),
             (palette.INK, palette.CARD_FACE)]
    for fg, bg in pairs:
        assert palette.contrast(fg, bg) >= 4.5, (fg, bg)
    for suit in "SHDC":
        for four in (False, True):
            assert palette.contrast(palette.suit_colour(suit, four), palette.CARD_FACE) >= 4.5


def test_unreadable_card_text_draws_a_question_card() -> None:
    assert cards.card_face("ZZ", 80) is cards.unknown_card(80)
    assert cards.parse("10h") == ("T", "H")
    assert cards.parse("P4") == ("P", "4")
    assert cards.parse("P7") is None


@pytest.mark.parametrize(("sides", "target"), [(2, 121), (3, 121), (2, 61), (3, 61)])
def test_board_has_every_hole_once_inside_the_board(sides: int, target: int) -> None:
    lay = board.board_layout(sides, target)
    for side in range(sides):
        holes = [lay.holes[(side, n)] for n in range(1, target + 1)]
        assert len(set(holes)) == target
    every = list(lay.holes.values()) + list(lay.starts.values())
    assert len(set(every)) == len(every)  # no two holes share a spot
    for x, y in every:
        assert 0 < x < lay.width and 0 < y < lay.height
    # Out along the top half left to right, back along the bottom right to left.
    assert lay.holes[(0, 1)][0] < lay.holes[(0, 2)][0]
    assert lay.holes[(0, target - 2)][0] > lay.holes[(0, target - 1)][0]
    assert lay.holes[(0, 1)][1] < lay.holes[(0, target - 1)][1]


@pytest.mark.parametrize("target", [121, 61])
@pytest.mark.parametrize("sides", [1, 2, 3, 4])
def test_the_boards_words_keep_clear_of_its_edge_and_corners(sides: int, target: int) -> None:
    """"Game 121" sat on the board's bottom edge, "Start" and the hole numbers a pixel under
    its top, and "60" ran into its top right corner."""
    tile, drawn = board.board_tile(sides, target)
    width, height = tile.size
    inside = board.EDGE + 3  # the outline, then room a reader can see
    words = [d for d in drawn if d.box is not None]
    assert {"Start", f"Game {target}", str(target // 2 // 10 * 10)} <= {d.text for d in words}
    for word in words:
        assert word.box is not None
        left, top, right, bottom = word.box
        assert inside <= left and right <= width - inside, word
        assert inside <= top and bottom <= height - inside, word
        # Within a corner's square the outline curves in: each corner of the text stays that
        # far inside the curve too.
        for x, y in ((left, top), (right, top), (left, bottom), (right, bottom)):
            cx = min(max(x, board.CORNER), width - 1 - board.CORNER)
            cy = min(max(y, board.CORNER), height - 1 - board.CORNER)
            assert math.dist((x, y), (cx, cy)) <= board.CORNER - inside, word


def test_pegs_at_zero_sit_in_start_holes_and_past_the_target_in_the_game_hole() -> None:
    lay = board.board_layout(2, 121)
    assert board.peg_position(lay, 1, 0, back=False) == lay.starts[(1, 0)]
    assert board.peg_position(lay, 1, 0, back=True) == lay.starts[(1, 1)]
    assert board.peg_position(lay, 0, 121, back=False) == lay.holes[(0, 121)]
    assert board.peg_position(lay, 0, 130, back=False) == lay.holes[(0, 121)]


def test_board_is_drawn_once() -> None:
    assert board.board_tile(3, 121) is board.board_tile(3, 121)


def test_the_floor_is_11_px_at_phone_width() -> None:
    assert text.floor_size(380) == 11
    assert text.floor_size(600) == 18
    assert text.floor_size(1100) == math.ceil(1100 * 11 / 380)
    assert text.floor_size(1100) / 1100 >= 0.029 - 1e-9


def test_text_asked_below_the_floor_is_drawn_at_the_floor_and_recorded() -> None:
    image = Image.new("RGB", (760, 100))
    canvas = ImageDraw.Draw(image)
    with text.recording() as drawn:
        text.draw(canvas, (5, 5), "tiny", 10, fill=(255, 255, 255))
        text.draw(canvas, (5, 50), "legend", 10, fill=(255, 255, 255))
        text.draw(canvas, (5, 70), "big", 40, fill=(255, 255, 255))
    assert [(d.text, d.asked, d.size) for d in drawn] == [
        ("tiny", 10, 22), ("legend", 10, 22), ("big", 40, 40)]


def test_card_indices_are_recorded_at_their_drawn_size() -> None:
    with text.recording() as drawn:
        cards.card_face("5H", 100)
        cards.card_face("5H", 100)  # a cached tile still counts: it is on the image again
    assert [(d.text, d.size) for d in drawn] == [("5H", 26), ("5H", 26)]
    width = cards.min_card_width(900)
    assert cards.index_size(width) >= text.floor_size(900)
    assert cards.index_size(width - 1) < text.floor_size(900)


def test_nothing_is_recorded_outside_a_recording() -> None:
    canvas = ImageDraw.Draw(Image.new("RGB", (200, 50)))
    text.draw(canvas, (0, 0), "quiet", 20, fill=(255, 255, 255))
    with text.recording() as drawn:
        pass
    assert drawn == []
