"""Pip Pip's table picture and its words as a player reads them on a phone: the whose-turn
line keeps the suit to follow, trump and the next trump stay apart, each trick card shows its
seat's number, a finished game names its last trick, counts take the singular, and the chart
says how many rounds it covers."""

from __future__ import annotations

import random
from typing import Any

from engine.registry import GAMES
from render.kit import text
from render.pip_pip import alt_text, pictures, series

NAMES = ["Ann", "Bob", "Wilhelmina Featherstonehaugh", "Dmitri the Unreasonably Long-Named",
         "Eve", "Fay", "Gus", "Hiro"]


def dressed(view: dict[str, Any]) -> dict[str, Any]:
    players = view["players"]
    return {**view, "names": NAMES[:players], "ai": [False] * players}


def played_until(players: int, options: dict[str, Any], seed: int, reached: Any) -> Any:
    """A real game stepped with random legal plays (and no calls) until `reached(view)`."""
    game = GAMES["pip-pip"].new(players, options, seed)
    rng = random.Random(seed)
    while game.outcome is None and not reached(game.view(None)):
        seat = game.waiting_for()[0]
        plays = [a for a in game.legal_actions(seat) if a["type"] == "play"]
        game.apply(seat, rng.choice(plays))
    return game


def drawn_texts(view: dict[str, Any]) -> list[text.Drawn]:
    with text.recording() as drawn:
        pictures.draw_table(view)
    return [d for d in drawn if d.kind == "text"]


def test_the_turn_line_shortens_a_long_name_never_the_suit_to_follow() -> None:
    game = played_until(4, {}, 5, lambda v: v["trick"] and v["turn"] in (2, 3))
    view = dressed(game.view(None))
    suit = pictures.SUIT_WORDS[view["led_suit"]]
    lines = [d.text for d in drawn_texts(view) if " to play · " in d.text]
    assert len(lines) == 1
    assert lines[0].endswith(f"… to play · follow {suit}")


def test_trump_and_the_next_trump_are_apart() -> None:
    view = dressed(played_until(3, {}, 2, lambda v: True).view(None))
    view = {**view, "trump": "S", "next_trump": "H"}
    boxes = {d.text: d.box for d in drawn_texts(view)}
    trump, after = boxes["Trump: spades"], boxes["· next: hearts"]
    assert trump is not None and after is not None
    assert after[0] - trump[2] >= 4  # a space's width, not glyphs touching


def test_a_finished_game_shows_its_last_trick_and_no_cards_in_hand() -> None:
    game = played_until(3, {"rounds": 1}, 4, lambda v: False)
    view = dressed(game.view(None))
    last = view["last_trick"]["trick_number"]
    assert view["trick_number"] == last + 1  # the view has moved on to a trick never played
    assert last == 104 // 3  # two decks shared out among three
    assert f"Round 1/1 · Trick {last}/{last}" in [d.text for d in drawn_texts(view)]
    words = alt_text.describe(view)
    assert f"round 1 of 1, trick {last} of {last}." in words
    assert "Each holds" not in words


def test_a_watcher_reads_how_many_tricks_the_round_has_at_every_moment() -> None:
    """Arriving mid-round, the heading says how far the round has gone: trick 5 of 13 with
    eight players, whatever stage the trick is at (cards drawn after each play, drawing
    stopped, the pile set aside)."""
    for players in (3, 8):
        game = GAMES["pip-pip"].new(players, {"rounds": 1}, 9)
        rng = random.Random(9)
        while game.outcome is None:
            view = game.view(None)
            assert pictures.trick_of_round(view) == f"{view['trick_number']}/{104 // players}"
            seat = game.waiting_for()[0]
            plays = [a for a in game.legal_actions(seat) if a["type"] == "play"]
            game.apply(seat, rng.choice(plays))
    assert pictures.trick_of_round({"trick_number": 4, "players": 3}) == "4"  # no counts


def test_counts_of_one_are_singular() -> None:
    game = played_until(3, {"rounds": 1}, 6,
                        lambda v: not v["trick"] and v["hand_sizes"] == [1] * 3)
    assert game.view(None)["hand_sizes"] == [1, 1, 1]
    assert "Each holds 1 card." in alt_text.describe(dressed(game.view(None)))
    game = played_until(3, {"rounds": 1}, 6, lambda v: False)
    moves = [(dressed(game.view(None)), [])]
    assert series.chart("Pip Pip #7", moves).subject == "each player's score through 1 round"


def test_eight_computers_cards_in_a_trick_are_told_apart_by_seat_number() -> None:
    game = played_until(8, {}, 3, lambda v: len(v["trick"]) == 7)
    view = {**game.view(None), "names": [f"Computer {n}" for n in range(1, 9)], "ai": [True] * 8}
    numbers = [d.text for d in drawn_texts(view) if d.text.isdigit()]
    for seat in range(8):
        in_trick = any(c["seat"] == seat for c in view["trick"])
        # Its row's badge, and over its card in the trick the same number again.
        assert numbers.count(pictures.seat_number(seat)) == 1 + in_trick


def test_a_row_with_a_double_calls_cards_keeps_its_whole_line() -> None:
    view = dressed(played_until(4, {}, 2, lambda v: True).view(None))
    for turn in (0, 3):  # on its turn the row says so too
        view = {**view, "declared": [[], [], [], ["QH", "KH", "QH", "KH"]], "turn": turn,
                "calls": [{"seat": 3, "suit": "H", "double": True, "trick_number": 1}]}
        line = next(d for d in drawn_texts(view) if "calls +100" in d.text)
        assert line.text.endswith("7 in hand") and line.box is not None
        # Drawn whole, not cut short with an ellipsis.
        assert line.box[2] - line.box[0] >= text.width(line.text, pictures.PRIMARY) - 2


def test_a_seat_s_score_stands_apart_from_a_name_ending_in_a_number() -> None:
    """"1 Computer 1 12" read as one run of numbers: the seat, the name and the score."""
    game = played_until(3, {"rounds": 1}, 6, lambda v: False)
    view = {**dressed(game.view(None)), "names": ["Computer 1", "Bob", "Cy"]}
    score = view["scores"][0]
    assert f"1. Computer 1: {score}" in alt_text.describe(view)


def test_a_winner_with_a_long_name_still_wins_in_the_headline() -> None:
    game = played_until(3, {"rounds": 1}, 5, lambda view: False)
    winner = game.outcome["winners"][0]
    names = ["W" * 32] * 3
    view = {**game.view(None), "names": names, "ai": [False] * 3}
    headline = next(d.text for d in drawn_texts(view) if d.text.startswith("W"))
    assert headline.endswith("… wins!") and winner in range(3)
    assert text.width(headline, text.lower_floor_size(600) + 6, bold=True) <= 600 - 4 * 8


def _trick_labels(view: dict[str, Any]) -> list[text.Drawn]:
    """The names drawn over the trick's cards."""
    with text.recording(covers=True) as drawn:
        pictures.draw_table(view)
    card_top = min(d.box[1] for d in drawn if d.kind == "piece" and d.box is not None
                   and d.box[3] - d.box[1] > 90)
    names = view["names"]
    return [d for d in drawn if d.kind == "text" and d.text in names and d.box is not None
            and d.box[3] <= card_top]


EIGHT = ["Ann", "Bob 🦊", "שרה", "Dmitri the Unreasonably Long-Named", "Eve", "فاطمة",
         "Wilhelmina Featherstonehaugh", "Hiro"]


def test_at_eight_seats_the_names_over_a_full_trick_stay_recognisable() -> None:
    """A slot is one card wide at eight players: the names take turns on two lines instead
    of being cut to a letter ("A…" for Ann). Wherever the long names sit in the trick, a short
    name is whole and a long one keeps its first letters."""
    game = played_until(8, {}, 3, lambda v: not v["trick"] and v["last_trick"])
    assert len(game.view(None)["last_trick"]["cards"]) == 8
    for turn in range(8):
        names = EIGHT[turn:] + EIGHT[:turn]
        labels = _trick_labels({**game.view(None), "names": names, "ai": [False] * 8})
        assert sorted(d.text for d in labels) == sorted(names)
        for label in labels:
            shown = label.shown.removesuffix(text.ELLIPSIS)
            assert label.text.startswith(shown)
            assert len(shown) >= min(len(label.text), 4), (turn, label.shown)
            if text.width(label.text, pictures.PRIMARY, bold=True) <= 70:
                assert label.shown == label.text, (turn, label.shown)


def test_names_over_the_trick_keep_inside_the_picture_and_off_each_other() -> None:
    game = played_until(8, {}, 3, lambda v: not v["trick"] and v["last_trick"])
    for names in (EIGHT, [f"Computer {n}" for n in range(1, 9)], NAMES):
        view = {**game.view(None), "names": names, "ai": [False] * 8}
        labels = _trick_labels(view)
        boxes = sorted(d.box for d in labels if d.box is not None)
        assert len(boxes) == 8
        for left, _top, right, _bottom in boxes:
            assert left >= pictures.MARGIN and right <= pictures.WIDTH - pictures.MARGIN
        for index, a in enumerate(boxes):
            for b in boxes[index + 1:]:
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, (a, b)


def test_a_lower_name_leaves_room_for_the_line_down_from_the_upper_name_beside_it() -> None:
    centres = [pictures.MARGIN + (i + 0.5) * 73 for i in range(8)]
    needs = [200.0] * 8
    for upper in (0, 1):
        spans = pictures.staggered_spans(centres, needs, upper)
        for index, (left, right) in enumerate(spans):
            assert pictures.MARGIN <= left < right <= pictures.WIDTH - pictures.MARGIN
            if index % 2 == upper:
                assert left <= centres[index] <= right  # its line hangs from it
                continue
            for line in (index - 1, index + 1):
                if 0 <= line < 8:
                    assert not left - pictures.GAP < centres[line] < right + pictures.GAP
    # A short upper name lends its room to a long one beside it.
    lent = pictures.staggered_spans(centres, [200.0, 40, 40, 40, 200, 40, 40, 40], 0)
    kept = pictures.staggered_spans(centres, needs, 0)
    assert lent[0][1] - lent[0][0] > kept[0][1] - kept[0][0] + 20
