"""The shared trick row (render/kit/tricks.py) and winners' banner (render/kit/layout.py) that
trick games draw their tables with."""

from __future__ import annotations

from render.kit import layout, tricks

NAMES = ["Ann", "Bob", "Cy", "Di"]


def test_the_trick_in_play_is_shown_else_the_last_one_with_its_winner() -> None:
    playing = {"names": NAMES, "trick": [{"seat": 2, "card": "5H"}],
               "last_trick": {"cards": [{"seat": 0, "card": "KS"}], "winner": 0}}
    assert tricks.trick_to_show(playing) == ([{"seat": 2, "card": "5H"}], None, "This trick")
    between = {**playing, "trick": []}
    assert tricks.trick_to_show(between) == ([{"seat": 0, "card": "KS"}], 0,
                                             "Last trick: Ann won it")
    assert tricks.trick_to_show({"names": NAMES, "trick": [], "last_trick": None}) == (
        [], None, "No trick played yet")
    # A view garbled in storage draws nothing rather than failing.
    assert tricks.trick_to_show({"trick": "x", "last_trick": {"cards": [1], "winner": "a"}})[0] \
        == []


def test_the_trick_row_is_as_tall_as_it_says_and_gives_each_seat_a_slot() -> None:
    view = {"names": NAMES, "players": 4, "trick": [{"seat": s, "card": c} for s, c in
                                                    enumerate(["2C", "9C", "QC", "AC"])]}
    image, draw = layout.canvas(600, 400)
    below = tricks.draw_trick(image, draw, view, 10, width=600, margin=8, card_width=70,
                              size=18, four_colour=False)
    assert below - 10 == tricks.trick_height(18, 70)
    empty = tricks.draw_trick(image, draw, {"names": NAMES, "trick": []}, 10, width=600,
                              margin=8, card_width=70, size=18, four_colour=False)
    assert empty < below
    # Each of the four cards sits in its own quarter: its centre pixel is the card's face.
    card_middle = 10 + 18 + 10 + 18 + 10 + 49
    for seat in range(4):
        centre = round(8 + (seat + 0.5) * (600 - 16) / 4)
        assert image.getpixel((centre - 25, card_middle)) != image.getpixel((4, card_middle))


def test_the_winners_banner_names_the_winners_only_once_the_game_is_over() -> None:
    _image, draw = layout.canvas(600, 300)
    assert layout.winners_banner(draw, {"names": NAMES, "outcome": None}, 20, 600, 8) == 20
    finished = {"names": NAMES, "outcome": {"winners": [1, 3], "detail": "{s1} and {s3} tie."}}
    assert layout.winners_banner(draw, finished, 20, 600, 8) > 60
