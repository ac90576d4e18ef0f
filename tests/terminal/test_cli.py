"""The terminal's pieces in process: reading moves, showing cards, seats, and every seating of
every game played to its end through the tables layer."""

from __future__ import annotations

import asyncio
import io
import itertools
import re
import signal
import threading
import time
from pathlib import Path

import pytest
from rich.console import Console

from engine.errors import IllegalAction
from engine.registry import GAMES, LEVELS
from store import Store
from tables import TableManager
from tables.lobby import group_sides
from tables.options import find_game
from terminal import cli
from terminal.cards import styled
from terminal.moves import Choices, NotOffered
from terminal.session import PLAYER_ID, TERMINAL_CHANNEL, TERMINAL_GUILD, TerminalGame
from tests.terminal.play_helper import played_in_terminal

DISCARDS = [
    {"type": "discard", "cards": ["5H", "TS"]},
    {"type": "discard", "cards": ["5H", "JC"]},
    {"type": "discard", "cards": ["TS", "JC"]},
]
PLAYS = [{"type": "play", "card": "5H"}, {"type": "play", "card": "TS"}, {"type": "go"}]


def label(action):
    return GAMES["cribbage"].action_label(action)


@pytest.mark.parametrize(
    ("typed", "legal", "chosen"),
    [
        ("2", PLAYS, 1),
        ("5h", PLAYS, 0),
        ("10S", PLAYS, 1),
        ("ts", PLAYS, 1),
        (" go ", PLAYS, 2),
        ("Go", PLAYS, 2),
        ("jc 10s", DISCARDS, 2),
        ("JC,5H", DISCARDS, 1),
        # As the list reads: "Play 5♥", "Discard 10♠ J♣".
        ("play 5h", PLAYS, 0),
        ("Play 10S", PLAYS, 1),
        ("discard jc 10s", DISCARDS, 2),
    ],
)
def test_a_move_is_chosen_by_number_cards_or_words(typed, legal, chosen):
    assert Choices(legal, label).choose(typed) is legal[chosen]


@pytest.mark.parametrize(
    ("typed", "legal", "reason"),
    [
        ("4", PLAYS, "Choose a number from 1 to 3."),
        ("0", PLAYS, "Choose a number from 1 to 3."),
        ("7h", PLAYS, "None of your moves now uses 7H."),
        ("5h", DISCARDS, "That move takes 2 cards: type them all, like 5h 6c."),
        ("5h 5h", DISCARDS, "None of your moves now uses 5H 5H."),
        ("hello", PLAYS, "'hello' is not a move: type a number from the list, a card like 5h, "
                         "rules or help."),
        ("play 7h", PLAYS, "None of your moves now uses 7H."),
        ("play me", PLAYS, "'play me' is not a move: type a number from the list, a card like "
                           "5h, rules or help."),
        # Cards after a verb of no move with cards ("Go"), or of no move listed at all.
        ("go 5h", PLAYS, "'go 5h' is not a move: type a number from the list, a card like 5h, "
                         "rules or help."),
        ("claim 5h", PLAYS, "'claim 5h' is not a move: type a number from the list, a card "
                            "like 5h, rules or help."),
    ],
)
def test_a_move_that_is_not_there_gets_one_line(typed, legal, reason):
    with pytest.raises(IllegalAction) as refused:
        Choices(legal, label).choose(typed)
    assert str(refused.value) == reason
    assert "\n" not in reason


def test_a_number_with_one_move_listed_says_to_type_1():
    with pytest.raises(IllegalAction) as refused:
        Choices(PLAYS[:1], label).choose("2")
    assert str(refused.value) == "Type 1, the only move."


PIP_MOVES = [{"type": "play", "card": "P5"}, {"type": "play", "card": "5H"}, {"type": "go"}]
PIP_DISCARDS = [{"type": "discard", "cards": ["P5", "TS"]},
                {"type": "discard", "cards": ["5H", "TS"]}]


@pytest.mark.parametrize(("typed", "legal", "chosen"), [
    ("pip 5", PIP_MOVES, 0), ("pip5", PIP_MOVES, 0), ("PIP 5", PIP_MOVES, 0), ("p5", PIP_MOVES, 0),
    ("play pip 5", PIP_MOVES, 0), ("5h", PIP_MOVES, 1), ("10s pip 5", PIP_DISCARDS, 0),
    ("pip 5, 10s", PIP_DISCARDS, 0),
])
def test_a_pip_die_is_chosen_as_the_list_writes_it(typed, legal, chosen):
    choices = Choices(legal, GAMES["pip-cribbage"].action_label)
    assert choices.choose(typed) is legal[chosen]


def test_the_same_card_in_several_moves_asks_for_the_number():
    legal = [{"type": "play", "card": "5H", "racer": 0}, {"type": "play", "card": "5H", "racer": 1}]
    with pytest.raises(IllegalAction, match=r"5H fits several moves \(1, 2\)"):
        Choices(legal, label).choose("5h")


CLAIMS = [{"type": "muggins"}] + [{"type": "claim", "points": n} for n in (0, 1, 2, 3, 20, 29)]


def claims() -> Choices:
    spec = GAMES["cribbage"]
    return Choices(CLAIMS, spec.action_label, spec.typed_number)


@pytest.mark.parametrize(
    ("typed", "chosen"),
    [("2", {"type": "claim", "points": 2}), ("0", {"type": "claim", "points": 0}),
     ("29", {"type": "claim", "points": 29}), ("a", {"type": "muggins"}),
     ("muggins!", {"type": "muggins"})],
)
def test_a_claim_is_chosen_by_its_number_and_other_moves_by_letter(typed, chosen):
    assert claims().choose(typed) == chosen


def test_a_claim_list_has_no_number_that_reads_as_a_claim():
    assert claims().lines() == [("a", "Muggins!"),
                                ("", "Claim 0–3, 20 or 29: type the number")]
    assert claims().prompt_keys() == "claim 0–29, a"
    with pytest.raises(IllegalAction) as refused:
        claims().choose("19")
    assert str(refused.value) == "You can't claim 19: type 0–3, 20 or 29."


def test_cards_no_move_uses_are_offered_to_the_game_to_say_why():
    with pytest.raises(NotOffered) as refused:
        Choices(PLAYS, label).choose("7h")
    assert refused.value.attempt == {"type": "play", "card": "7H"}
    with pytest.raises(NotOffered) as refused:
        Choices(DISCARDS, label).choose("5h 5h")
    assert refused.value.attempt == {"type": "discard", "cards": ["5H", "5H"]}


def test_cards_in_a_line_get_suit_symbols_and_colour():
    text = styled("Ann plays TS, count 15 (5H JC). THE END.")
    assert text.plain == "Ann plays 10♠, count 15 (5♥ J♣). THE END."
    red = [text.plain[span.start : span.end] for span in text.spans if "red" in str(span.style)]
    assert red == ["5♥"]


def test_pip_dice_stand_out():
    text = styled("Ann plays PIP 4, count 14 (P4 P5).")
    assert text.plain == "Ann plays P4, count 14 (P4 P5)."
    dice = [text.plain[span.start : span.end] for span in text.spans if "cyan" in str(span.style)]
    assert dice == ["P4", "P4", "P5"]


def test_the_resume_command_names_a_database_that_is_not_the_default():
    assert cli.resume_command(cli.DEFAULT_DATABASE) == "scripts/play --resume"
    assert cli.resume_command("/tmp/t1.db") == "scripts/play --resume --database /tmp/t1.db"
    assert cli.resume_command("/tmp/my games.db") == (
        "scripts/play --resume --database '/tmp/my games.db'")


def test_games_are_found_by_name_or_title():
    assert find_game("pip_cribbage") is GAMES["pip-cribbage"]
    assert find_game("Crib Race") is GAMES["crib-race"]
    with pytest.raises(IllegalAction, match="There is no game 'poker'; the games: cribbage"):
        find_game("poker")


def test_a_player_count_the_game_does_not_allow_is_refused():
    with pytest.raises(IllegalAction, match=r"^PIP Rush is for 2 or 4 players, not 3\.$"):
        cli.seats_for(GAMES["pip-rush"], 3, "easy", "Ann")
    with pytest.raises(IllegalAction, match=r"^Pip Pip is for 3 to 8 players, not 2\.$"):
        cli.seats_for(GAMES["pip-pip"], 2, "easy", "Ann")


def test_the_list_of_games_says_how_many_play_each(monkeypatch):
    out = io.StringIO()
    console = Console(file=out, width=120)
    monkeypatch.setattr(console, "input", lambda prompt="": "pip pip")
    assert cli.ask_game(console) is GAMES["pip-pip"]
    assert "Pip Pip (3 to 8 players)" in out.getvalue()
    assert "PIP Rush (2 or 4 players)" in out.getvalue()


def test_resume_with_nothing_saved_says_so(tmp_path, capsys):
    handler = signal.getsignal(signal.SIGINT)
    assert cli.main(["--resume", "--database", str(tmp_path / "play.db")]) == 1
    assert "No unfinished game is saved in" in capsys.readouterr().out
    assert cli.main(["pip-pip", "--resume", "--database", str(tmp_path / "play.db")]) == 1
    assert "No unfinished Pip Pip game is saved in" in capsys.readouterr().out
    assert signal.getsignal(signal.SIGINT) is handler  # the caller's Ctrl-C handling is back


def run_guarded(ctrl_c, work):
    previous = signal.signal(signal.SIGINT, ctrl_c.handle)
    try:
        return asyncio.run(ctrl_c.guard(work))
    finally:
        signal.signal(signal.SIGINT, previous)


def test_ctrl_c_on_another_thread_cancels_the_game_while_the_loop_sleeps():
    """The kernel may give the signal to a worker thread while the event loop sleeps in its
    selector with no timer due: the game stops at once, not at the next event."""
    late = []

    async def game():
        asyncio.get_running_loop().call_later(20, late.append, "the loop woke only for this")

        def signal_from_this_thread():
            # Lets the loop go to sleep first; had it not yet, the test passes all the same.
            time.sleep(0.2)
            signal.pthread_kill(threading.get_ident(), signal.SIGINT)

        threading.Thread(target=signal_from_this_thread).start()
        await asyncio.Event().wait()

    with pytest.raises(asyncio.CancelledError):
        run_guarded(cli.CtrlC(), game())
    assert late == []


def test_ctrl_c_at_a_prompt_interrupts_the_read_and_nothing_else():
    ctrl_c = cli.CtrlC()

    def read(prompt):
        signal.raise_signal(signal.SIGINT)
        return "never returned"

    async def game():
        with pytest.raises(KeyboardInterrupt):
            ctrl_c.interrupting(read)("Your move: ")
        await asyncio.sleep(0)
        return 7  # the game went on: nothing was cancelled

    assert run_guarded(ctrl_c, game()) == 7


SEATINGS = [(name, n) for name, spec in GAMES.items() for n in spec.allowed_player_counts()]


@pytest.mark.parametrize(("game", "players"), SEATINGS)
async def test_every_seating_is_played_to_its_end(tmp_path, game, players):
    """The player and computer partners and opponents, through the table manager and its
    store, to the announced winner."""
    spec = GAMES[game]
    options = {"target": 61} if "target" in {o.name for o in spec.options} else {}
    if game == "pip-pip":
        options = {"rounds": 1}
    prompts: list[str] = []

    review_offered = []

    def read(prompt: str) -> str:
        if prompt.startswith("Type review"):
            review_offered.append(prompt)
            return ""
        prompts.append(prompt)
        return "" if prompt.startswith("Make it now") else "1"

    table, shown = await played_in_terminal(str(tmp_path / "play.db"), game, options, players,
                                            players, read, width=120)
    assert table.status == "finished"
    assert prompts
    assert "Players: Ann (you), Computer" in shown
    partners = [s for s in next(side for side in group_sides(spec, players, table.options)
                                if 0 in side) if s != 0]
    if partners:
        assert "Your partner: Computer" in shown
    assert any(f" {verb}!" in shown for verb in ("wins", "win", "share the win"))
    assert len(review_offered) == 1
    # The state block before every prompt, the player's seat as "you" (a game added through
    # CARDBOT_GAMES, such as the tests' sixth game, checks its own words in its own tests).
    first_line = {"cribbage": "Scores (to 61): you ", "pip-cribbage": "Scores (to 61): you ",
                  "crib-race": "Pegs (to 121): you ", "pip-pip": "Scores: you ",
                  "pip-rush": "Team 1: you"}.get(game)
    assert first_line is not None or not spec.factory.__module__.startswith("engine.")
    if first_line is not None:
        assert shown.count(first_line) >= len(prompts) - shown.count("You may move now")
    if game == "pip-pip":
        assert re.search(r"· trump [♠♥♦♣] (spades|hearts|diamonds|clubs)", shown)
    if game == "pip-rush":
        assert re.search(r"\n  lane 1 .*\n  lane 2 .*\n  lane 3 ", shown)
    if game == "pip-cribbage":
        assert "PIP Track (1-9): you on space " in shown


async def test_a_game_ended_by_a_computer_while_the_player_is_offered_a_move(tmp_path):
    """Muggins offers the player a move (muggins) while the computers count; the count that
    wins comes before the winner, and the review is offered on the game stored as finished."""
    review_offered = []

    def read(prompt: str) -> str:
        if prompt.startswith("Type review"):
            review_offered.append(prompt)
            return "review"
        if prompt.startswith("Make it now"):
            return ""
        return "0" if "claim" in prompt else "1"

    # Seed 5: a computer's count wins while muggins is offered.
    table, shown = await played_in_terminal(str(tmp_path / "play.db"), "crib-race",
                                            {"muggins": True}, 4, 5, read)
    winner_at = shown.index(" win!")
    assert "Peg at 121." in shown[:winner_at] and "Peg at" not in shown[winner_at:]
    assert review_offered and f"Review of Crib Race #{table.id} for Ann" in shown


async def test_the_review_tells_of_a_muggins_press_let_go_by(tmp_path):
    """With muggins, the player lets every press go by (Enter at "Make it now"): the review
    lists the one on the computer's short claim, with the points it would have taken."""

    def read(prompt: str) -> str:
        if prompt.startswith("Type review"):
            return "review"
        if prompt.startswith("Make it now"):
            return ""
        return "0" if "claim" in prompt else "1"

    # Seed 7: the computer claims its hand two short, then its crib, while the press is open.
    table, shown = await played_in_terminal(str(tmp_path / "play.db"), "cribbage",
                                            {"target": 61, "muggins": True}, 2, 7, read)
    review = shown[shown.index(f"Review of Cribbage #{table.id} for Ann"):]
    assert "You let 1 chance go by." in review
    assert ("• No Muggins! press → best Muggins! (−2.0): Their count was 2 short: take the "
            "points.") in review


async def test_hint_during_the_game_and_review_after_it(tmp_path):
    """hint shows the game's own analysis of the choices now (the bot's Hint), review the
    bot's review of the finished game; review before the end says when it comes."""
    spec = GAMES["cribbage"]
    store = await Store.open(str(tmp_path / "play.db"))
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    out = io.StringIO()
    answers = iter(["help", "review", "hint"])
    expected_hint: list[str] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Type review"):
            return "review"
        answer = next(answers, "1")
        if answer == "hint":
            view, legal = table.view_for(0), table.legal_for(0)
            choices = Choices(legal, spec.labels_for(view), spec.typed_number)
            expected_hint.extend(f"{choices.key_of(e['action'])}. {spec.action_label(e['action'])}"
                                 for e in spec.analyse(view, legal)[:3])
            # Each line leads with the key that plays it: some best choice is not listed first.
            assert [line.split(".")[0] for line in expected_hint] != ["1", "2", "3"]
        return answer

    try:
        table = await manager.create(
            guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, game="cribbage",
            options={"target": 61}, seats=cli.seats_for(spec, 2, "easy", "Ann"),
            host_id=PLAYER_ID, seed=3,
        )
        game_screen = TerminalGame(Console(file=out, width=200), manager, table, 0, read=read)
        manager.subscribe(game_screen)
        await game_screen.play(resumed=False)
    finally:
        await manager.close()
        await store.close()
    shown = out.getvalue()
    assert "  hint    the best few choices now" in shown and "  review  once the game" in shown
    assert "The review comes once the game is over: type review then." in shown
    hint = shown.split("Hint, the best choices first:\n")[1].splitlines()[:3]
    assert [line.strip().split(" (")[0] for line in hint] == expected_hint
    assert table.status == "finished" and table.settings["hints"]  # assisted: hints were used
    assert f"Review of Cribbage #{table.id} for Ann" in shown
    assert re.search(r"You chose the best in \d+ of \d+ decisions\.", shown)


def test_pictures_that_cannot_be_written_give_one_line(tmp_path):
    from tables import SeatInfo, Table
    from terminal.session import Pictures

    table = Table(id=1, spec=GAMES["cribbage"], options={}, seed=1,
                  seats=[SeatInfo(PLAYER_ID, "Ann"), SeatInfo.computer("easy")], guild_id=0,
                  channel_id=0, host_id=PLAYER_ID)
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    problem = Pictures(blocked).write(table, 0)
    assert problem is not None and problem.startswith(f"Could not write the pictures to {blocked}")
    assert Pictures(tmp_path / "pictures").write(table, 0) is None
    assert (tmp_path / "pictures" / "hand.png").read_bytes().startswith(b"\x89PNG")


def test_the_player_is_named_after_their_login_or_player(monkeypatch):
    monkeypatch.setattr(cli.getpass, "getuser", lambda: "ann")
    assert cli.login_name() == "Ann"

    def no_login() -> str:
        raise OSError("No username set in the environment")

    monkeypatch.setattr(cli.getpass, "getuser", no_login)
    assert cli.login_name() == "Player"


def test_the_readme_lists_the_levels_scripts_play_offers():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    usage = readme.split("## Playing in the terminal")[1].split("` plays")[0]
    level = next(a for a in cli.parser()._actions if "--level" in a.option_strings)
    assert tuple(level.choices) == LEVELS
    assert f"--level {'|'.join(LEVELS)}" in usage
    assert "--database FILE" in usage


def test_help_breaks_lines_only_between_paragraphs_so_the_console_wraps_it_evenly():
    from terminal.session import HELP

    for line in HELP.splitlines():
        assert line.startswith("  ") or line.endswith("."), f"broken mid-sentence: {line!r}"
    out = io.StringIO()
    Console(file=out, width=80).print(HELP)
    shown = out.getvalue().splitlines()
    # Wrapped at 80, the first paragraph fills each line before it starts the next.
    first = [line for line in shown[:4] if not line.startswith("  ")]
    for line, after in itertools.pairwise(first):
        assert len(line.rstrip()) + 1 + len(after.split()[0]) > 80, (line, after)


@pytest.mark.parametrize("pauses", [0, 20])
async def test_an_offer_to_call_muggins_follows_the_claim_it_is_about(tmp_path, monkeypatch,
                                                                      pauses):
    """Computers that decide in the event loop, not a worker thread: at once (pauses=0), each
    next move is made while the one before is still being told, and the screen must still tell
    every claim before it shows the scores after it and a Muggins! on it; pausing first, they
    leave the player time to be offered Muggins! on a claim before the next move."""

    async def in_the_loop(decide, *args):
        for _ in range(pauses):
            await asyncio.sleep(0)
        return decide(*args)

    monkeypatch.setattr(asyncio, "to_thread", in_the_loop)

    def read(prompt: str) -> str:
        if prompt.startswith(("Make it now", "Type review")):
            return ""
        return "0" if "claim" in prompt else "1"

    table, shown = await played_in_terminal(":memory:", "cribbage",
                                            {"muggins": True, "target": 61}, 3, 1, read)
    told = claimed = None
    offers = 0
    for line in shown.splitlines():
        if found := re.match(r"  (.+) claims (\d+ for the \w+):", line):
            told = found.groups()
        elif found := re.match(r"(.+) claimed (\d+ for the \w+):", line):
            claimed = found.groups()
            assert claimed == told, f"{line!r} before its claim was told"
        elif line.startswith("You may move now"):
            offers += 1
    assert table.status == "finished" and claimed is not None
    if pauses:
        assert offers > 0


def test_help_says_no_number_of_cards_a_discard_takes():
    """PIP Cribbage, and some seats of Crib Race, discard one card; Cribbage two or one."""
    from terminal.session import HELP

    assert not re.search(r"discard of (one|two|\d)", HELP)
    assert "all of a move's cards together: 5h 6c" in HELP
