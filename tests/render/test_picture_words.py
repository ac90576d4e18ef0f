"""What the pictures say, read from every text they draw: in the player's words."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

import render
from render.gallery import Sample, draw
from render.kit import text

# A card written in letters ("2S", "10H", "QD"), where the players read "2♠".
LETTER_SUIT = re.compile(r"(?<![\w])(?:10|[2-9TJQKA])[SHDC](?![\w])")


def _texts(sample: Sample, four_colour: bool = False) -> list[str]:
    with text.recording() as drawn:
        draw(sample, four_colour)
    return [d.text for d in drawn if d.kind == "text"]


def test_the_letter_suit_pattern_finds_cards_and_nothing_else() -> None:
    assert LETTER_SUIT.findall("Last: Bob laid 2S, then 10H and QD.") == ["2S", "10H", "QD"]
    assert not LETTER_SUIT.search("Deal 5 · to 121 · 2♠ · P4 · Bob 🦊 (AI) · 3 in hand")


def test_no_picture_writes_a_card_with_a_letter_suit(samples: list[Sample]) -> None:
    for sample in samples:
        lines = _texts(sample)
        if sample.kind == "table":
            lines += render.details(sample.game, sample.view)
        assert [line for line in lines if LETTER_SUIT.search(line)] == [], sample.filename


@pytest.mark.parametrize("game", ["cribbage", "pip-cribbage", "crib-race"])
def test_the_last_card_laid_reads_with_its_suit_symbol(game: str) -> None:
    view = {"game": game, "players": 2, "phase": "play", "dealer": 1, "crib_size": 4,
            "scores": [5, 7], "starter": "8D", "count": 12, "pile": ["KS", "2S"],
            "played": [["KS"], ["2S"]], "turn": 0, "to_act": [0], "names": ["Ann", "Bob"],
            "last_player": 1}
    with text.recording() as drawn:
        render.draw_table(game, view)
    assert "Last: Bob laid 2♠" in [d.text for d in drawn]


def test_the_crib_race_legend_names_the_marks_as_the_rules_do(samples: list[Sample]) -> None:
    for sample in samples:
        if sample.game == "crib-race" and sample.kind == "table":
            lines = _texts(sample)
            assert {"slide", "green advance", "time trap", "penalty box"} <= set(lines)
            assert not [line for line in lines if line.startswith("shortcut")], sample.filename


# A gain written straight after another number ("41 +2"): nothing says what the +2 is.
BARE_GAIN = re.compile(r"\d\s*[+−-]\d")


def test_every_gain_beside_a_score_says_what_it_is(samples: list[Sample]) -> None:
    assert BARE_GAIN.search("41 +2") and not BARE_GAIN.search("41 (last +2) · cards +0")
    for sample in samples:
        lines = _texts(sample)
        assert [line for line in lines if BARE_GAIN.search(line)] == [], sample.filename
        assert [line for line in lines if re.search(r"\bwon \+", line)] == [], sample.filename
    later = next(s for s in samples if s.filename == "pip-cribbage_later-deal-2p_table")
    assert any(re.fullmatch(r"\d+ \(last \+\d+\)", line) for line in _texts(later))


def test_each_trick_card_carries_its_players_name(samples: list[Sample]) -> None:
    tricks = [s for s in samples if s.game == "pip-pip" and s.kind == "table"
              and (s.view["trick"] or s.view["last_trick"])]
    assert any(len(s.view["trick"]) >= 5 for s in tricks)
    for sample in tricks:
        played = sample.view["trick"] or sample.view["last_trick"]["cards"]
        lines = _texts(sample)
        for card in played:
            name = text.clean(sample.view["names"][card["seat"]], bold=True)
            assert [line for line in lines if text.clean(line).startswith(name[:3])], (
                sample.filename, name)
            # Not only in the seat rows: once per card of the trick and once in its row.
            assert sum(line.startswith(name[:3]) for line in lines) >= 2, (sample.filename, name)


def test_the_dice_in_words_are_in_the_pip_cribbage_message(samples: list[Sample]) -> None:
    """The track shows each die, its owner's token and an arrow; the message says it all."""
    for sample in samples:
        if sample.game == "pip-cribbage" and sample.kind == "table":
            lines = render.details(sample.game, sample.view)
            dice = [line for line in lines
                    if re.fullmatch(r".+'s die: PIP \d on space \d, moving (1→9|9→1)", line)]
            assert len(dice) == len(sample.view["dice"]), lines


def test_a_racer_on_one_pip_reads_one_pip(samples: list[Sample]) -> None:
    hand = next(s for s in samples if s.game == "pip-rush" and s.kind == "hand")
    racers = [{**racer, "pips": 1} for racer in hand.view["racers"]]
    lines = _texts(replace(hand, view={**hand.view, "racers": racers}))
    assert [line for line in lines if "1 pip," in line]
    assert [line for line in lines if "1 pips" in line] == []
