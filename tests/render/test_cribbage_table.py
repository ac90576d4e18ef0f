"""The cribbage family's table: who laid each card, the crib, the board's marks, and what the
picture leaves to the table message."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from engine.cards import card_symbol
from engine.registry import GAMES
from render import details
from render.crib_race import pictures as crib_race
from render.cribbage import pictures as cribbage
from render.cribbage.sizes import MARGIN, WIDTH
from render.gallery import Sample, _play_until
from render.kit import board, palette, text
from render.pip_cribbage import pictures as pip_cribbage
from render.registry import renderer_for


def _play_view(**extra: Any) -> dict[str, Any]:
    view = {
        "game": "cribbage", "players": 2, "phase": "play", "dealer": 1, "crib_size": 4,
        "scores": [5, 7], "previous_scores": [3, 7], "starter": "8D", "count": 21,
        "pile": ["5H", "KS", "6C"], "played": [["5H", "6C"], ["KS"]], "turn": 1,
        "to_act": [1], "names": ["Ann", "Bob"], "last_player": 0,
    }
    return {**view, **extra}


def test_each_card_of_the_count_belongs_to_the_seat_that_laid_it() -> None:
    view = _play_view()
    assert cribbage.pile_owners(view, view["pile"]) == [0, 1, 0]


def test_cards_from_an_earlier_count_are_not_in_the_pile_but_still_sort_out() -> None:
    view = _play_view(pile=["6C"], played=[["5H", "6C"], ["KS"]])
    assert cribbage.pile_owners(view, ["6C"]) == [0]


def test_two_seats_playing_the_same_die_face_each_get_one() -> None:
    view = _play_view(pile=["P3", "4H", "P3"], played=[["P3", "P3"], ["4H"]], last_player=0)
    assert cribbage.pile_owners(view, view["pile"]) == [0, 1, 0]
    view = _play_view(pile=["P3", "P3"], played=[["P3"], ["9C", "P3"]], last_player=1)
    assert sorted(o for o in cribbage.pile_owners(view, view["pile"]) if o is not None) == [0, 1]


def test_the_table_tags_every_card_of_the_count_with_its_side_letter() -> None:
    with text.recording() as drawn:
        cribbage.draw_table(_play_view())
    labels = [d.text for d in drawn]
    assert "Last: Ann laid 6♣" in labels
    start = labels.index("5H")
    assert labels[start:start + 3] == ["5H", "KS", "6C"]
    assert [t for t in labels[start + 3:] if t in ("A", "B")][:3] == ["A", "B", "A"]


def test_team_partners_carry_numbered_tags() -> None:
    view = _play_view(players=4, sides=[[0, 2], [1, 3]], names=["Ann", "Bob", "Cy", "Di"],
                      played=[["5H"], ["KS"], ["6C"], []], last_player=2)
    assert [cribbage.seat_tag(view, s) for s in range(4)] == ["A1", "B1", "A2", "B2"]
    with text.recording() as drawn:
        cribbage.draw_table(view)
    labels = [d.text for d in drawn]
    assert "A1 Ann · A2 Cy" in labels and "A2" in labels


def _count_colour(image: Any, colour: palette.RGB) -> int:
    return sum(count for count, seen in image.getcolors(1 << 24) if seen == colour)


def test_an_empty_crib_draws_no_card_back() -> None:
    empty = cribbage.draw_table(_play_view(crib_size=0)).convert("RGB")
    full = cribbage.draw_table(_play_view(crib_size=4)).convert("RGB")
    assert _count_colour(empty, palette.CARD_BACK) == 0
    assert _count_colour(full, palette.CARD_BACK) > 100


def test_the_board_groups_holes_in_fives_and_labels_the_skunk_line() -> None:
    lay = board.board_layout(2, 121)
    gaps = [b - a for a, b in zip(lay.xs, lay.xs[1:], strict=False)]
    for index, gap in enumerate(gaps):
        assert gap > 1.5 * lay.pitch if index % 5 == 4 else abs(gap - lay.pitch) < 0.01
    for target in (121, 61):
        with text.recording() as drawn:
            tile = board._board_tile(2, target, 576)
        assert {"skunk", "skunk 91"} & {d.text for d in drawn}
        assert _count_colour(tile, board.SKUNK_LINE) > 50


def test_pip_track_names_are_the_printed_ones_and_entry_spaces_say_what_they_do() -> None:
    assert pip_cribbage.SPACE_NAMES == {1: "Crib Bonus", 2: "Extra Decay", 3: "Double PIP",
                                        4: "Rise", 5: "Crux", 6: "Rise", 7: "Turn",
                                        8: "Extra Decay", 9: "Borrowed PIP"}
    assert set(pip_cribbage.ENTRY_WORDS) == {2, 4, 6, 8}


def test_details_carry_the_show_breakdowns_and_the_zone_events(samples: list[Sample]) -> None:
    shows = [s for s in samples if s.kind == "table" and "show" in s.filename
             and s.game in ("cribbage", "pip-cribbage", "crib-race")]
    assert shows
    for sample in shows:
        lines = details(sample.game, sample.view)
        records = sample.view.get("show") or sample.view.get("last_show")
        # A count still open to muggins shows its claim, not yet its breakdown.
        assert len([line for line in lines if "'s hand " in line or "'s crib " in line]
                   ) == len(records), lines
        # Cards are written as the hand picture and the buttons write them: "10♥", not "TH".
        for record in records:
            if "cards" in record:
                assert " ".join(card_symbol(c) for c in record["cards"]) in "\n".join(lines)
    zones = next(s for s in samples if s.filename == "crib-race_zones-6p_table")
    lines = crib_race.details(zones.view)
    assert any("green" in line for line in lines)
    assert not any("{s" in line for line in lines)  # names filled in


def test_a_peg_on_a_path_sits_on_a_drawn_hole_and_its_panel_says_where(
        samples: list[Sample]) -> None:
    zones = next(s for s in samples if s.filename == "crib-race_zones-6p_table")
    pegs = zones.view["pegs"]
    on_path = [p for p in pegs if p["path"] != "main"]
    assert on_path
    for peg in on_path:
        assert peg["hole"] in zones.view["board"]["holes"]
        assert crib_race.peg_place(zones.view, peg["side"]) in ("green advance", "time trap",
                                                                 "in a box")


def test_every_side_shows_its_letter_on_the_board_and_in_its_panel(
        samples: list[Sample]) -> None:
    for sample in samples:
        if sample.kind != "table" or sample.game not in ("cribbage", "pip-cribbage",
                                                         "crib-race"):
            continue
        sides = len(cribbage.side_lists(sample.view))
        with text.recording() as drawn:
            cribbage.compose(sample.view, False, (cribbage.sides_section,))
        panel = [d.text for d in drawn]
        for side in range(sides):
            assert panel.count(palette.side_letter(side)) == 1, sample.filename
        board_only = (crib_race.race_board_section if sample.game == "crib-race"
                      else cribbage.board_section)
        with text.recording() as drawn:
            cribbage.compose(sample.view, False, (board_only,))
        pegs = [d.text for d in drawn]
        for side in range(sides):
            assert palette.side_letter(side) in pegs, sample.filename


LONG = "Bartholomew Maximilian Fitzgerald-Smythe"


@pytest.mark.parametrize("first, second", [
    (LONG, "Hiro"), ("Hiro", LONG), (LONG, "Dmitri the Unreasonably Long-Named"),
])
def test_partners_too_long_for_their_panel_share_it(first: str, second: str) -> None:
    """Eight in Crib Race: a long name shortens fairly, never cutting its partner to "D2…"."""
    names = ["Ann", "Bob", "Cy", first, "Eve", "Fay", "Gus", second]
    view = {**GAMES["crib-race"].new(8, {}, 3).view(None), "names": names}
    with text.recording() as drawn:
        cribbage.compose(view, False, (crib_race.sides_section,))
    line = next(d for d in drawn if d.text.startswith("D1 "))
    assert line.box is not None
    # What the panel asked to draw is what shows: the draw had nothing left to cut.
    assert line.box[2] - line.box[0] >= text.width(text.clean(line.text), line.size) - 3
    tagged = dict(part.split(" ", 1) for part in line.text.split(" · "))
    for tag, name in (("D1", first), ("D2", second)):
        shown = tagged[tag].removesuffix(text.ELLIPSIS)
        assert name.startswith(shown) and len(shown) >= min(len(name), 12), line.text


def _show_until(game: str, crib_counted: bool) -> dict[str, Any]:
    """A real show (muggins on, so it pauses after each claim): the hands counted and the
    crib waiting, or the crib counted too."""
    def reached(view: dict[str, Any]) -> bool:
        kinds = [record["kind"] for record in view["show"]]
        return view["phase"] == "show" and ("crib" in kinds) == crib_counted \
            and kinds.count("hand") == view["players"]
    for seed in range(20):
        _, view = _play_until(game, 2, {"muggins": True}, seed, reached)
        if reached(view):
            return {**view, "names": ["Ann", "Bob"]}
    raise AssertionError(f"no {game} show reached")


@pytest.mark.parametrize("game", ["cribbage", "pip-cribbage", "crib-race"])
def test_a_crib_turned_up_in_the_show_is_not_also_drawn_face_down(game: str) -> None:
    draw = renderer_for(game).table
    waiting = _show_until(game, crib_counted=False)
    with text.recording() as drawn:
        image = draw(waiting, False).convert("RGB")
    assert f"Crib {waiting['crib_size']}" in [d.text for d in drawn]
    assert _count_colour(image, palette.CARD_BACK) > 100  # still face down: not counted yet
    counted = _show_until(game, crib_counted=True)
    crib = next(r for r in counted["show"] if r["kind"] == "crib")
    with text.recording() as drawn:
        image = draw(counted, False).convert("RGB")
    labels = [d.text for d in drawn]
    assert not [label for label in labels if re.fullmatch(r"Crib \d+", label)]
    assert _count_colour(image, palette.CARD_BACK) == 0
    assert "Bob's crib" in labels or "Ann's crib" in labels  # its count, in the show
    if game == "cribbage":  # room for the show's cards: the crib's are face up there, once
        assert [c for c in labels if c in crib["cards"]] == crib["cards"]


def test_the_play_in_words_leaves_out_a_crib_already_turned_up() -> None:
    counted = _show_until("cribbage", crib_counted=True)
    for view, said in ((counted, False), ({**counted, "show": counted["show"][:2]}, True)):
        with text.recording() as drawn:
            cribbage.compose(view, False, (cribbage.play_line_section,))
        line = next(d.text for d in drawn if d.text.startswith("Starter "))
        assert line.startswith("Starter ") and ("· crib 4 cards" in line) == said, line


def test_a_game_won_on_the_crib_count_shows_that_crib_once() -> None:
    """The game over on the dealer's crib: the crib is in the show, face up, and no longer
    face down beside the starter; over on a hand, the uncounted crib stays face down."""
    ends = {}
    for seed in range(12):
        _, view = _play_until("cribbage", 2, {}, seed, lambda v: False)
        kinds = [record["kind"] for record in view["show"]]
        ends.setdefault("crib" in kinds, {**view, "names": ["Ann", "Bob"]})
    for crib_counted, view in ends.items():
        with text.recording() as drawn:
            image = cribbage.draw_table(view).convert("RGB")
        labels = [d.text for d in drawn]
        assert (f"Crib {view['crib_size']}" in labels) != crib_counted
        assert (_count_colour(image, palette.CARD_BACK) > 100) != crib_counted
    assert set(ends) == {True, False}


@pytest.mark.parametrize("game", ["cribbage", "pip-cribbage", "crib-race"])
def test_every_word_of_the_table_keeps_inside_the_margins(game: str,
                                                          samples: list[Sample]) -> None:
    """"Starter", wider than its card at the margin, was centred on the card and crossed the
    margin by 4 px: on a phone it read as cut off at the picture's edge."""
    checked = []
    for sample in (s for s in samples if s.game == game and s.kind == "table"):
        with text.recording() as drawn:
            renderer_for(game).table(sample.view, False)
        canvas = Counter(d.surface for d in drawn).most_common(1)[0][0]
        for word in drawn:
            if word.kind != "text" or word.box is None or word.surface != canvas:
                continue
            left, _, right, _ = word.box
            # A glyph's side bearing may reach a pixel past where it was set.
            assert left >= MARGIN - 1 and right <= WIDTH - MARGIN + 1, (sample.filename, word)
            checked.append(word.text)
    assert "Starter" in checked
