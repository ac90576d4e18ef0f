"""With muggins, the show's pictures and alt text say what the game waits for: whose hand or
crib is being counted, that the counter is to claim, that a muggins taker is to keep or give
back the points; the counter's hand picture shows the starter, and the crib it counts."""

from __future__ import annotations

from typing import Any

import render
from render.cribbage import pictures as cribbage
from render.kit import text
from tests.engine.cribbage.test_muggins import claim, to_the_show


def dressed(view: dict[str, Any]) -> dict[str, Any]:
    return {**view, "names": ["Ann", "Bob"], "ai": [False, False]}


def table_texts(view: dict[str, Any]) -> list[str]:
    with text.recording() as drawn:
        render.draw_table("cribbage", view)
    return [d.text for d in drawn if d.kind == "text"]


def test_the_counter_is_told_to_count_and_sees_the_starter() -> None:
    game = to_the_show()
    mine, table = dressed(game.view(0)), dressed(game.view(None))
    assert cribbage.hand_status(mine) == "Your turn: count your hand"
    assert cribbage.hand_lines(mine)[0] == "Starter 5♠"
    lines = table_texts(table)
    assert "The show: counting Ann's hand" in lines and "Waiting for Ann to claim" in lines
    assert render.describe("cribbage", table).endswith(" Ann to claim.")


def test_the_dealer_counting_the_crib_sees_its_cards_in_the_hand_picture() -> None:
    game = to_the_show()
    claim(game, 0, 29)
    claim(game, 1, 12)
    dealer = dressed(game.view(1))
    assert cribbage.hand_status(dealer) == "Your turn: count your crib"
    assert cribbage.hand_lines(dealer)[0] == "Your crib: 2♥ 3♥ 8♠ 9♠ · starter 5♠"
    assert "The show: counting Bob's crib" in table_texts(dressed(game.view(None)))


def test_a_muggins_taker_is_told_to_keep_or_give_back_and_the_last_count_to_press_or_not(
) -> None:
    game = to_the_show()
    claim(game, 0, 20)
    game.apply(1, {"type": "muggins"})
    taker, table = dressed(game.view(1)), dressed(game.view(None))
    assert cribbage.hand_status(taker) == "Your turn: keep the points or give them back"
    assert "Waiting for Bob to keep or give back the muggins points" in " ".join(
        table_texts(table))
    assert render.describe("cribbage", table).endswith(
        " Bob to keep or give back the muggins points.")
    game.apply(1, {"type": "keep"})
    claim(game, 1, 12)
    claim(game, 1, 2)  # the crib: now Ann may press Muggins on it or let it stand
    assert cribbage.hand_status(dressed(game.view(0))) == "Your turn: Muggins or not"
    table = dressed(game.view(None))
    assert "Waiting for Ann: Muggins or not" in table_texts(table)
    assert render.describe("cribbage", table).endswith(" Ann to press Muggins or not.")


def test_the_table_says_a_claim_is_open_to_muggins_until_its_count_is_shown() -> None:
    """Everyone reads that opponents may press on a claim, right or short alike; once the
    window closes the count's breakdown takes its place."""
    game = to_the_show()
    claim(game, 0, 29)  # right
    [right] = render.details("cribbage", dressed(game.view(None)))[1:]
    assert right.endswith(": claimed 29 · opponents may press Muggins!")
    claim(game, 1, 10)  # two short: the same words, nothing given away
    lines = render.details("cribbage", dressed(game.view(None)))[1:]
    assert lines[0].startswith("Ann's hand ") and "= 29" in lines[0]
    assert "Muggins" not in lines[0]
    assert lines[1].endswith(": claimed 10 · opponents may press Muggins!")
