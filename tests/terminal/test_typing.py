"""What a newcomer types that is not quite a move: a rank alone for a card, nothing or a
number past the list of games; and the list asking how many play."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from engine.errors import IllegalAction
from engine.registry import GAMES
from terminal import cli
from terminal.moves import Choices
from tests.terminal.test_cli import PLAYS


@pytest.mark.parametrize(("typed", "legal", "reason"), [
    ("10", PLAYS, "Choose a number from 1 to 3, or type the card: 10s."),
    ("5", PLAYS[:1], "Type 1, the only move, or type the card: 5h."),
    ("5", [{"type": "play", "card": "P5"}, *PLAYS], "Choose a number from 1 to 4, or type the "
                                                    "card: 5h or p5."),
])
def test_a_rank_typed_alone_past_the_list_says_how_to_type_that_card(typed, legal, reason):
    """A newcomer types 10 to play their ten: the list has three moves, so the number is no
    key, and the refusal shows how the ten is typed."""
    with pytest.raises(IllegalAction) as refused:
        Choices(legal, GAMES["pip-cribbage"].action_label).choose(typed)
    assert str(refused.value) == reason


def test_the_menu_answers_nothing_or_a_number_past_it_with_what_to_type(monkeypatch):
    out = io.StringIO()
    console = Console(file=out, width=120)
    typed = iter(["", "9", "2"])
    monkeypatch.setattr(console, "input", lambda prompt="": next(typed))
    assert cli.ask_game(console) is list(GAMES.values())[1]
    said = out.getvalue()
    assert said.count(f"Choose a number from 1 to {len(GAMES)}, or type a game's name.\n") == 2
    assert "There is no game" not in said


def test_a_game_chosen_from_the_menu_asks_how_many_play(monkeypatch):
    """Several may play Pip Pip: asked, a count it does not allow says which it does, Enter
    takes the fewest; PIP Cribbage, for two only, asks nothing."""
    out = io.StringIO()
    console = Console(file=out, width=120)
    answers: list[str] = []
    prompts: list[str] = []

    def answer(prompt: str = "") -> str:
        prompts.append(prompt)
        if not answers:
            raise EOFError
        return answers.pop(0)

    monkeypatch.setattr(console, "input", answer)
    answers[:] = ["2", "many", " 8 "]
    assert cli.ask_players(console, GAMES["pip-pip"]) == 8
    assert prompts[0] == "Players, you included [3 to 8; Enter for 3]: "
    assert out.getvalue().count("Pip Pip is for 3 to 8 players: type how many, or press Enter "
                                "for 3.") == 2
    answers[:] = [""]
    assert cli.ask_players(console, GAMES["crib-race"]) == 2
    assert prompts[-1] == "Players, you included [2, 3, 4, 6 or 8; Enter for 2]: "
    assert cli.ask_players(console, GAMES["cribbage"]) is None  # Ctrl-D: leaves
    asked = len(prompts)
    assert cli.ask_players(console, GAMES["pip-cribbage"]) == 2
    assert len(prompts) == asked
