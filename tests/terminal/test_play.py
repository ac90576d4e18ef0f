"""scripts/play end to end: the real program in a pseudo-terminal, each game to its end, a
resume, and what a player may type at any prompt."""

from __future__ import annotations

import io
import json
import re
import sqlite3

import pytest

from engine.cards import card_symbol, parse_card, parse_cards
from engine.cribbage.scoring import score_hand
from engine.registry import GAMES
from tests.terminal.play_helper import (
    MOVE_PROMPT,
    OFFER_PROMPT,
    REVIEW_PROMPT,
    THE_END,
    finish,
    play_to_end,
    spawn,
)

#: Options and deals that keep each game short. Cribbage is played to its end by the resume
#: test below.
SHORT = {
    "pip-cribbage": ["--option", "target=61", "--seed", "8"],
    "crib-race": ["--seed", "9"],
    "pip-rush": ["--seed", "3"],
    "pip-pip": ["--option", "rounds=1", "--seed", "7"],
}


def stored_status(database) -> list[tuple[str, str]]:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT game, status FROM games ORDER BY id").fetchall()


@pytest.mark.parametrize("game", list(SHORT))
def test_each_game_is_played_to_its_end(tmp_path, game):
    database = tmp_path / "play.db"
    child = spawn(database, game, "--level", "easy", *SHORT[game])
    child.expect(f"{GAMES[game].title} · game #1")
    child.expect("Players: Ann \\(you\\)")
    assert play_to_end(child) > 0
    child.expect_exact(f"Another game like this one: scripts/play {game} --level easy ")
    assert finish(child) == 0
    assert stored_status(database) == [(game, "finished")]
    with sqlite3.connect(database) as db:  # `hint` is offered: the game is assisted
        assert json.loads(db.execute("SELECT settings FROM games").fetchone()[0]) == {
            "hints": True}


def test_ctrl_c_at_the_prompt_saves_and_resume_finishes_the_game(tmp_path):
    """Cribbage, to 61: left with Ctrl-C after three moves, then resumed to its end."""
    database = tmp_path / "play.db"
    child = spawn(database, "cribbage", "--option", "target=61", "--seed", "3", "--level", "easy")
    for _ in range(3):
        child.expect(MOVE_PROMPT)
        child.sendline("1")
    child.expect(MOVE_PROMPT)
    child.sendintr()
    child.expect_exact(f"Saved game #1. scripts/play --resume --database {database} goes on "
                       "with it.")
    assert finish(child) == 0
    assert "Traceback" not in child.before
    assert stored_status(database) == [("cribbage", "running")]

    child = spawn(database, "--resume")
    child.expect("Cribbage · game #1")
    child.expect("Where you left off:")
    play_to_end(child)
    assert finish(child) == 0
    assert stored_status(database) == [("cribbage", "finished")]


def test_what_a_player_may_type_at_the_prompt(tmp_path):
    """Bad input gets a one-line reason and the same prompt; cards can be typed; rules and
    help answer; end of input saves and leaves."""
    database = tmp_path / "play.db"
    hand = GAMES["cribbage"].new(2, {}, 1).view(0)["hand"]  # the table deals from its seed
    child = spawn(database, "cribbage", "--seed", "1")
    child.expect(MOVE_PROMPT)  # the discard: every pair of the six cards
    shown = child.before
    assert any(symbol in shown for symbol in "♠♥♦♣")
    assert "\x1b[" in shown  # styled by rich for a colour terminal
    for typed, reason in [
        ("xyz", "'xyz' is not a move: type a number from the list"),
        ("99", "Choose a number from 1 to 15."),
        ("0", "Choose a number from 1 to 15."),
        ("", "Type a move: its key from the list, or its cards."),
        (hand[0].lower(), "That move takes 2 cards: type them all, like 5h 6c."),
        ("5s 5s", "Name each card you discard once."),
    ]:
        child.sendline(typed)
        child.expect(reason)
        child.expect(MOVE_PROMPT)
    child.sendline("rules")
    first_title = GAMES["cribbage"].rules[0][0]
    child.expect(f"Cribbage: rules.*{first_title}")
    child.expect(MOVE_PROMPT)
    child.sendline("help")
    child.expect("Choose a move by its key in the list")
    child.expect(MOVE_PROMPT)
    child.sendline(f"{hand[1]} {hand[2].lower()}".replace("T", "10"))
    child.expect("You discard ")
    child.expect(MOVE_PROMPT)
    child.sendline("rules")  # at a later prompt too
    child.expect(f"Cribbage: rules.*{first_title}")
    child.expect(MOVE_PROMPT)
    not_held = next(card for card in ("5H", "5S", "6D", "7C") if card not in hand)
    child.sendline(not_held.lower())  # the game says what is wrong with it
    child.expect("You do not hold ")
    child.expect_exact(card_symbol(not_held))
    child.expect(MOVE_PROMPT)
    assert "None of your moves" not in child.before
    child.sendeof()
    child.expect_exact(f"Saved game #1. scripts/play --resume --database {database} goes on "
                       "with it.")
    assert finish(child) == 0
    assert stored_status(database) == [("cribbage", "running")]


def test_ctrl_c_while_the_computer_waits_saves_and_exits(tmp_path):
    database = tmp_path / "play.db"
    child = spawn(database, "cribbage", "--seed", "5", delay="30")
    child.expect("Players:")
    child.sendintr()
    child.expect_exact(f"Stopped; every move so far is saved. scripts/play --resume "
                       f"--database {database} goes on.")
    assert finish(child) == 130
    assert "Traceback" not in child.before
    assert stored_status(database) == [("cribbage", "running")]


def test_images_are_written_after_each_move(tmp_path):
    pictures = tmp_path / "pictures"
    child = spawn(tmp_path / "play.db", "pip-cribbage", "--seed", "4", "--images", str(pictures))
    child.expect(MOVE_PROMPT)
    first = (pictures / "table.png").read_bytes()
    child.sendline("1")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    assert finish(child) == 0
    for name in ("table.png", "hand.png"):
        assert (pictures / name).read_bytes().startswith(b"\x89PNG")
    assert (pictures / "table.png").read_bytes() != first


#: The menu numbers every registered game.
GAME_PROMPT = rf"Game \[1-{len(GAMES)}\]: "


def test_choosing_the_game_from_the_menu(tmp_path):
    child = spawn(tmp_path / "play.db", "--seed", "1")
    child.expect(GAME_PROMPT)
    child.sendline("9")
    child.expect(rf"Choose a number from 1 to {len(GAMES)}")
    child.expect(GAME_PROMPT)
    child.sendline("poker")
    child.expect(r"There is no game 'poker'")
    child.expect(GAME_PROMPT)
    child.sendline("rules")
    child.expect(r"Type a game's number or name. Once it starts, rules shows its rules")
    child.expect(GAME_PROMPT)
    child.sendline("2")
    child.expect("PIP Cribbage · game #1")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    assert finish(child) == 0


def test_a_game_from_the_menu_is_played_by_as_many_as_asked(tmp_path):
    child = spawn(tmp_path / "play.db", "--seed", "1")
    child.expect(GAME_PROMPT)
    child.sendline("pip pip")
    child.expect(r"Players, you included \[3 to 8; Enter for 3\]: ")
    child.sendline("5")
    child.expect("Pip Pip · game #1")
    child.expect(r"Players: Ann \(you\), Computer 1 \(normal\), Computer 2 \(normal\),\s+"
                 r"Computer 3 \(normal\), Computer 4 \(normal\)\r\n")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    assert finish(child) == 0


def test_leaving_the_game_menu_is_clean(tmp_path):
    child = spawn(tmp_path / "play.db")
    child.expect(GAME_PROMPT)
    child.sendeof()
    assert finish(child) == 0
    assert "Traceback" not in child.before


def test_a_muggins_claim_shows_its_cards_and_is_made_by_typing_the_count(tmp_path):
    child = spawn(tmp_path / "play.db", "cribbage", "--option", "muggins=on", "--seed", "2",
                  "--level", "easy")
    for _ in range(12):
        child.expect(MOVE_PROMPT)
        if "type the number" in child.before:
            break
        child.sendline("1")
    shown = child.before
    assert re.search(r"You count your hand: (\S+ ){4}with the starter \S+\.", shown), shown
    assert "Claim 0–18, 20–24, 28 or 29: type the number" in shown
    assert re.search(r"^\s+\d+\. ", shown, re.MULTILINE) is None  # no list number to mistake
    child.sendline("2")
    child.expect(r"You claim 2 for the hand")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    assert finish(child) == 0


def notation(symbol_card: str) -> str:
    """ "10♥" -> "TH": a card as the screen shows it, back in the engine's notation."""
    suits = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    return symbol_card[:-1].replace("10", "T") + suits[symbol_card[-1]]


def test_a_whole_muggins_game_is_played_from_what_the_screen_shows(tmp_path):
    """Every claim is worked out from the cards and starter on the screen alone, and is right:
    nothing is refused as too many, and no muggins is ever taken from the player."""
    database = tmp_path / "play.db"
    child = spawn(database, "cribbage", "--option", "muggins=on", "--option", "target=61",
                  "--seed", "6", "--level", "easy")
    child.logfile_read = screen_log = io.StringIO()
    counted = re.compile(r"You count your (hand|crib): ((?:\S+ )+)with the starter (\S+)\.")
    claims = 0
    for _ in range(500):
        found = child.expect([MOVE_PROMPT, OFFER_PROMPT, THE_END])
        if found == 2:
            break
        shown = re.sub(r"\x1b\[[0-9;]*m", "", child.before)
        count = counted.search(shown)
        if found == 0 and count:
            kind, cards, starter = count.groups()
            total = score_hand(parse_cards([notation(c) for c in cards.split()]),
                               parse_card(notation(starter)), crib=kind == "crib").total
            child.sendline(str(total))
            child.expect(rf"You claim {total} for the {kind}: ")
            claims += 1
        else:
            child.sendline("1" if found == 0 else "")
    else:
        raise AssertionError("the game did not end")
    child.expect(REVIEW_PROMPT)
    child.sendline("")
    assert finish(child) == 0
    assert claims >= 4
    screen = screen_log.getvalue()
    assert "more in Ann's count" not in screen and "too many" not in screen
    assert stored_status(database) == [("cribbage", "finished")]


def test_lines_typed_while_the_computers_play_answer_no_prompt(tmp_path):
    """Enter pressed (or a move typed) while the computers play would answer the next
    question before the player has seen it (passing a Muggins! offer unseen): what is typed
    before a prompt shows is dropped."""
    database = tmp_path / "play.db"
    child = spawn(database, "pip-pip", "--players", "4", "--seed", "7")
    child.expect(MOVE_PROMPT)
    # Typed ahead with the move: the terminal hands the program one line per read, so "quit"
    # waits unread while three computers play, however quickly or slowly they do.
    child.send("1\nquit\n")
    child.expect("You play ")
    child.expect(MOVE_PROMPT)
    child.sendline("help")  # the prompt reads this, not the quit typed before it showed
    child.expect("Choose a move by its key in the list")
    child.expect(MOVE_PROMPT)
    child.sendline("quit")
    child.expect_exact("Saved game #1.")
    assert finish(child) == 0
