"""Lines of moves joined where one row says what several seats did: a run of the same move
(a go) in one sentence naming each seat in order, short lines of one kind side by side where
they fit; held until the next line shows whether it joins, never past a prompt or a pause."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from tables.clock import FakeClock
from terminal.telling import BETWEEN, Teller
from tests.terminal.test_paging import ROWS, first_or_enter, play

NAMES = ["Ann", "Bo", "Cy", "Di"]


def go(seat: int) -> dict:
    return {"type": "go", "seat": seat, "text": f"{{s{seat}:says}} go.", "chorus": "say go."}


def plays(seat: int, card: str) -> dict:
    return {"type": "play", "seat": seat, "text": f"{{s{seat}:plays}} {card}."}


def teller(width: int = 78, **timing) -> tuple[Teller, list[str]]:
    told: list[str] = []
    return Teller(told.append, lambda: width, **timing), told


def add(screen: Teller, event: dict, reader: int = 0) -> None:
    from tables.text import event_line

    line = event_line(event, NAMES, reader)
    assert line is not None
    screen.add(event, line, NAMES, reader)


def test_a_run_of_goes_is_one_sentence_naming_each_seat_in_order():
    screen, told = teller()
    for seat in (2, 3, 0, 1):
        add(screen, go(seat))
    assert told == []  # held: the next line may join it
    screen.flush()
    assert told == ["Cy, Di, you and Bo say go."]


def test_the_reader_first_in_a_run_starts_it_as_you():
    screen, told = teller()
    add(screen, go(0))
    add(screen, go(1))
    add(screen, plays(2, "5♦"))
    screen.flush()
    assert told == ["You and Bo say go.", "Cy plays 5♦."]


def test_one_go_alone_and_a_seat_twice_read_as_their_own_lines():
    screen, told = teller()
    add(screen, go(1))
    add(screen, plays(2, "5♦"))
    add(screen, go(3))
    add(screen, go(3))  # another count's go: a new sentence
    screen.flush()
    assert told == ["Bo says go.", "Cy plays 5♦.", "Di says go.", "Di says go."]


def test_short_lines_of_one_kind_share_a_row_while_it_fits():
    screen, told = teller(width=42)
    for seat, card in ((1, "Q♦"), (2, "5♦"), (3, "9♦"), (0, "2♦")):
        add(screen, plays(seat, card))
    add(screen, {"type": "trick", "text": "{s1:wins} the trick."})
    screen.flush()
    assert told == [BETWEEN.join(["Bo plays Q♦.", "Cy plays 5♦.", "Di plays 9♦."]),
                    "You play 2♦.", "Bo wins the trick."]
    assert all(len(row) <= 42 for row in told)


def test_a_private_line_joins_nothing():
    screen, told = teller()
    add(screen, go(1))
    add(screen, {**go(0), "to": 0})
    screen.flush()
    assert told == ["Bo says go.", "You say go."]


async def test_a_line_held_is_told_after_a_pause_with_no_move():
    clock = FakeClock()
    screen, told = teller(clock=clock, hold=2.0)
    add(screen, go(1))
    screen.wait()
    await clock.advance(1.9)
    assert told == []
    add(screen, go(2))  # in time: joins, and the pause starts again
    screen.wait()
    await clock.advance(1.9)
    assert told == []
    await clock.advance(0.2)
    await asyncio.sleep(0)
    assert told == ["Bo and Cy say go."]


@pytest.mark.parametrize("game", ["crib-race", "pip-pip"])
async def test_at_eight_players_a_game_is_read_with_few_waits_for_enter(game):
    table, shown, asked = await play(game, 8, 1, first_or_enter)
    assert table.finished
    moves = sum(prompt.startswith("Your move") for prompt, _ in asked)
    waits = sum(prompt.startswith("More to read") for prompt, _ in asked)
    assert all(rows <= ROWS for _, rows in asked)  # nothing scrolled off unread
    # Before lines were joined: Crib Race 0.8 waits a move, Pip Pip 0.19 (seed 1, easy).
    assert waits / moves < {"crib-race": 0.5, "pip-pip": 0.05}[game], (waits, moves)
    lines = [line.strip() for line in shown.splitlines()]
    assert not any(a.endswith(" go.") and b.endswith(" go.") for a, b in itertools.pairwise(lines))
    assert not any(" for the hand." in line or " for the crib." in line for line in lines)


def test_points_are_said_in_the_line_of_the_play_that_made_them():
    screen, told = teller()
    add(screen, plays(1, "10♦"))
    add(screen, plays(2, "5♦"))
    add(screen, {"type": "score", "seat": 2, "text": "{s2:pegs} 2 for the play. Score 2.",
                 "together": "{s2:plays} 5♦: fifteen two. Score 2."})
    add(screen, plays(0, "K♣"))
    add(screen, {"type": "score", "seat": 1, "text": "{s1:pegs} 1 for the go. Score 1.",
                 "together": "{s1:plays} 9♣: 1 for the go. Score 1."})  # not Bo's play: alone
    screen.flush()
    assert told == ["Bo plays 10♦.", "Cy plays 5♦: fifteen two. Score 2.", "You play K♣.",
                    "Bo pegs 1 for the go. Score 1."]
