"""What /rules tells a newcomer before their first game, checked against the engine's facts."""

from __future__ import annotations

from engine.pip_cribbage.track import SPACES, TRACK
from engine.pip_rush.sim import START_PIPS
from engine.registry import GAMES


def rules_text(game: str) -> str:
    return " ".join(body for _, body in GAMES[game].rules)


def test_cribbage_says_what_each_card_counts() -> None:
    text = rules_text("cribbage")
    assert "an ace counts 1" in text and "jack, queen or king 10" in text
    assert "the cards 2 to 10 their number" in text
    assert GAMES["cribbage"].rules[0][0] == "Card values"  # read first


def test_cribbage_says_muggins_is_safe_to_press() -> None:
    text = rules_text("cribbage")
    assert "A claim that is too high is refused and you count again" in text
    assert "Pressing Muggins! on a right count costs nothing." in text


def test_every_game_with_muggins_says_how_to_claim_press_and_pass() -> None:
    with_muggins = [name for name, spec in GAMES.items()
                    if any(option.name == "muggins" for option in spec.options)]
    assert with_muggins == ["cribbage", "pip-cribbage", "crib-race"]
    for name in with_muggins:
        assert "Muggins" in dict(GAMES[name].rules), name
        text = rules_text(name)
        for words in ("by claiming a number", "press Muggins!", "on a right count costs nothing",
                      "press Muggins! or No muggins"):
            assert words in text, (name, words)


def test_pip_cribbage_says_what_a_pip_is_and_names_every_space_as_the_board_does() -> None:
    text = rules_text("pip-cribbage")
    assert "Its pips are the dots on its top face" in text
    for number in range(1, SPACES + 1):
        assert f"{number} {TRACK[number].name}:" in text, number
    assert "Extra Decay" in text and "Rise" in text


def test_pip_rush_says_where_racers_start_and_who_chooses() -> None:
    text = rules_text("pip-rush")
    assert f"every racer starts at Start on {START_PIPS} pips" in text
    assert "The player who played the card picks which of their team's racers" in text


def test_crib_race_explains_skunks() -> None:
    text = rules_text("crib-race")
    assert "short of hole 91 is skunked" in text and "double skunked" in text


def test_pip_pip_says_plainly_which_copy_of_a_doubled_card_is_played() -> None:
    text = rules_text("pip-pip")
    assert "you may hold two of the same card" in text
    assert "playing that card plays the face-up one" in text
