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
