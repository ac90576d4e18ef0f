"""What a newcomer meets in the terminal: the prompt names hint, a small terminal keeps the
state and the moves just told in view, a hint at an offer is about that offer, and the end
shows the final state and says how to play again."""

from __future__ import annotations

import contextlib
import io
import itertools
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from rich.console import Console

from engine.registry import GAMES
from store import Store
from tables import Table, TableManager
from tables.options import find_game, parse_options
from terminal import cli, session
from terminal.session import PLAYER_ID, TERMINAL_CHANNEL, TERMINAL_GUILD, TerminalGame

#: The smallest terminal a newcomer is likely to have.
COLUMNS, ROWS = 80, 24
#: The first line of a deal's show: a hand counted ("Your hand 7♠ …", "Computer's hand …").
COUNT = re.compile(r"  (Your|\S+'s) hand ")


@dataclass
class At:
    """Where a prompt is asked: the manager, the table and the screen so far."""

    manager: TableManager
    table: Table
    out: io.StringIO


async def play(game: str, options: dict[str, Any], players: int, seed: int,
               read: Callable[[At, str], str], soft_wrap: bool = False,
               **timing: Any) -> tuple[Table, str]:
    """A whole game on an 80-column screen, the player at seat 0 answering with `read`, easy
    computers elsewhere (or until the player quits). With `soft_wrap`, the lines as the
    terminal printed them, before the screen folds them. `timing`: the manager's ai_delay
    (0 unless given) and clock."""
    store = await Store.open(":memory:")
    manager = TableManager(store, **{"ai_delay": 0, **timing}, idle_warn=None,
                           idle_takeover=None)
    out = io.StringIO()
    try:
        table = await manager.create(
            guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, game=game, options=options,
            seats=cli.seats_for(GAMES[game], players, "easy", "Ann"), host_id=PLAYER_ID,
            seed=seed, settings={"hints": True},
        )
        at = At(manager, table, out)
        console = Console(file=out, width=COLUMNS, height=ROWS, soft_wrap=soft_wrap)
        screen = TerminalGame(console, manager, table, 0,
                              read=lambda prompt: read(at, prompt))
        manager.subscribe(screen)
        with contextlib.suppress(session.Leave):  # the player typed quit: the screen so far
            await screen.play(resumed=False)
    finally:
        await manager.close()
        await store.close()
    return table, out.getvalue()


def first_or_pass(at: At, prompt: str) -> str:
    return "" if prompt.startswith(("Make it now", "Type review")) else "1"


async def test_the_prompt_and_the_first_lines_name_hint_and_a_hint_says_what_it_measures():
    prompts = []

    def read(at: At, prompt: str) -> str:
        prompts.append(prompt)
        if prompt.startswith("Your move") and "hint" not in prompts:
            prompts.append("hint")
            return "hint"
        return first_or_pass(at, prompt)

    table, shown = await play("pip-pip", {"rounds": 1}, 3, 22, read)
    assert table.finished
    assert "Type help for how to move, rules for the rules, hint for the best choices." in shown
    moves = [p for p in prompts if p.startswith("Your move")]
    assert moves and all(p.endswith(", hint, rules, help, quit]: ") for p in moves)
    hint = shown.split("Hint, the best choices first:\n")[1].splitlines()
    values = next(n for n, line in enumerate(hint) if line.startswith("Figures are "))
    assert " ".join(line.strip() for line in hint[values:]).startswith(
        GAMES["pip-pip"].review_terms.about)
    assert hint[0].startswith("  ") and "Your move" not in "\n".join(hint[:values])
    offers = [p for p in prompts if p.startswith("Make it now")]  # Pip Pip! off turn
    assert offers and all(", hint, rules, help, quit], or press Enter" in p for p in offers)


async def test_a_small_terminal_shows_the_state_the_choices_and_the_moves_just_told():
    """At every discard but the first of a Cribbage game on an 80×24 terminal, the screen
    still shows how the last deal was counted (each hand and the crib), the scores, the hand
    and all fifteen discards: the list goes in columns, not fifteen lines."""
    prompts: list[tuple[int, bool]] = []  # where the screen stood at each prompt; a discard?

    def read(at: At, prompt: str) -> str:
        discard = prompt.startswith("Your move") and at.table.view_for(0)["phase"] == "discard"
        prompts.append((len(at.out.getvalue()), discard))
        return first_or_pass(at, prompt)

    table, shown = await play("cribbage", {"target": 61}, 2, 5, read)
    discards = [n for n, (_, discard) in enumerate(prompts) if discard][1:]
    assert table.finished and len(discards) >= 2
    for n in discards:
        before, end = prompts[n - 1][0], prompts[n][0]
        in_view = shown[:end].splitlines()[-(ROWS - 1):]  # the prompt takes the last row
        told = [line for line in shown[before:end].splitlines() if line.startswith("  ")]
        counts = told[next(n for n, line in enumerate(told) if COUNT.match(line)):]
        assert any(" crib " in line for line in counts)
        assert all(line in in_view for line in counts), "\n".join(in_view)
        assert any(line.startswith("Scores (to 61): you ") for line in in_view)
        assert any(line.startswith("Your hand: ") for line in in_view)
        assert sum(line.count(". Discard ") for line in in_view) == 15
        assert all(len(line) <= COLUMNS for line in in_view)


async def test_eight_players_tricks_are_broken_between_cards_to_fit_80_columns():
    """The trick in play at a table of eight, and the scores: each state line fits the
    screen, broken after a card's comma or between parts (the dot between them dropped),
    never inside a name ("Computer | 3")."""
    table, shown = await play("pip-pip", {"rounds": 1}, 8, 8, first_or_pass, soft_wrap=True)
    assert table.finished
    lines = shown.splitlines()
    blocks = [n for n, line in enumerate(lines) if line.startswith("Round 1 of 1 · ")]
    assert blocks
    broken = 0
    for start in blocks:
        end = next(n for n in range(start, len(lines)) if lines[n].startswith("Your hand: "))
        state = lines[start:end]
        broken += sum(line.startswith("Trick: ") and state[n + 1].startswith(" ")
                      for n, line in enumerate(state[:-1]))
        assert all(len(line) <= COLUMNS for line in state), "\n".join(state)
        for line, after in itertools.pairwise(state):
            if after.startswith(" "):  # the line goes on below
                assert not line.endswith(("·", "Computer")), "\n".join(state)
                assert not re.match(r" +\d", after), "\n".join(state)
    assert broken  # seven cards on the table take more than a line


async def test_a_hint_at_an_offer_is_about_that_offer():
    """Offered Muggins! while the computers count (the game does not wait for an optional
    move), the player asks for a hint: it is about the claim shown, and the same offer is
    asked again, nothing having moved meanwhile."""
    asked: list[tuple[str, int, int]] = []  # (prompt, table version, where the screen stood)

    def read(at: At, prompt: str) -> str:
        hinted = any(asked_for == "hint" for asked_for, _, _ in asked)
        asked.append((prompt, at.table.version, len(at.out.getvalue())))
        if prompt.startswith("Make it now") and not hinted:
            asked.append(("hint", at.table.version, len(at.out.getvalue())))
            return "hint"
        return "0" if "claim" in prompt else first_or_pass(at, prompt)

    table, shown = await play("crib-race", {"muggins": True}, 4, 5, read)
    assert table.finished
    at = next(n for n, (prompt, _, _) in enumerate(asked) if prompt == "hint")
    offer, after = asked[at - 1], asked[at + 1]
    assert after[0] == offer[0] and after[1] == offer[1]  # the same offer, nothing moved
    hint = shown[offer[2]:after[2]]
    assert "Hint, the best choices first:" in hint and "Muggins!" in hint
    assert "out of date" not in shown and "My hand" not in shown  # Discord's words


@pytest.mark.parametrize(("game", "players"),
                         [(name, n) for name, spec in GAMES.items()
                          for n in spec.allowed_player_counts()])
def test_the_command_to_play_again_starts_the_same_game(game, players):
    """Read back as scripts/play reads it, the command names the game, the seats, the level
    and every option the finished game had, and its database."""
    spec = GAMES[game]
    # Each option at its first choice that is not the default (one round of Pip Pip).
    options = spec.check_options({o.name: next((c for c in o.choices if c != o.default),
                                                o.default) for o in spec.options})
    seats = cli.seats_for(spec, players, "hard", "Ann")
    table = Table(id=1, spec=spec, options=options, seed=1, seats=seats, guild_id=0,
                  channel_id=0, host_id=PLAYER_ID)
    command = cli.play_again_command(table, "games/my file.db")
    words = shlex.split(command)
    assert words[0] == "scripts/play"
    args = cli.parser().parse_args(words[1:])
    assert find_game(args.game) is spec
    assert cli.seats_for(spec, args.players, args.level, "Ann") == seats
    assert parse_options(spec, " ".join(args.option)) == options
    assert args.database == "games/my file.db" and not args.resume


def test_the_command_to_play_again_leaves_out_what_is_the_default():
    spec = GAMES["cribbage"]
    table = Table(id=1, spec=spec, options=spec.check_options({}), seed=1,
                  seats=cli.seats_for(spec, None, cli.DEFAULT_LEVEL, "Ann"), guild_id=0,
                  channel_id=0, host_id=PLAYER_ID)
    assert cli.play_again_command(table, cli.DEFAULT_DATABASE) == "scripts/play cribbage"


@pytest.mark.parametrize(("game", "players", "options", "state"), [
    ("pip-rush", 2, {},
     r" +1  2  3 .*\n  lane 1 .*   Team 1: you\n.*\n  lane 3 .*   Team 2: Computer\n"),
    ("cribbage", 3, {"target": 61}, r"Scores \(to 61\): you \d+ · Computer 1 \d+ · Computer 2 "),
])
async def test_the_end_shows_the_final_state_then_who_won(game, players, options, state):
    """Where the racers ended, or the final scores, between the last move told and the
    winner: PIP Rush's end says who won but not where anyone stood."""
    asked = []

    def read(at: At, prompt: str) -> str:
        if not prompt.startswith("Type review"):
            asked.append(len(at.out.getvalue()))
        return first_or_pass(at, prompt)

    table, shown = await play(game, options, players, 3, read)
    assert table.finished
    end = shown[asked[-1]:]  # after the last move: the last lines told, then the end
    found = re.search(state, end)
    assert found and re.search(r" (wins|win|share the win)!", end[found.end():]), end


async def test_after_the_rules_the_state_and_the_choices_are_in_view_again():
    """The rules fill more than a screen: what the player was choosing is shown again below
    them, on an 80×24 terminal."""
    screens = []

    def read(at: At, prompt: str) -> str:
        if not screens and prompt.startswith("Your move"):
            screens.append(0)
            return "rules"
        if len(screens) == 1:
            screens.append(len(at.out.getvalue()))
            return "quit"
        return first_or_pass(at, prompt)

    table, shown = await play("cribbage", {}, 2, 5, read)
    assert len(screens) == 2 and not table.finished
    in_view = shown[:screens[1]].splitlines()[-(ROWS - 1):]
    assert any(line.startswith("Scores (to 121): you ") for line in in_view)
    assert any(line.startswith("Your hand: ") for line in in_view)
    assert sum(line.count(". Discard ") for line in in_view) == 15


async def test_prose_in_the_state_is_left_for_the_screen_to_wrap():
    """A PIP Track effect's words (commas, no " · " parts) wrap as any sentence does, not
    broken at each comma under its title."""
    table, shown = await play("pip-cribbage", {"target": 61}, 2, 12, first_or_pass,
                              soft_wrap=True)
    assert table.finished
    effects = [line for line in shown.splitlines() if line.startswith("This deal, ")]
    assert any(", " in line.partition(": ")[2] and len(line) > COLUMNS for line in effects)
    assert all(line.endswith(".") for line in effects)  # each printed whole, on one line


async def test_eight_sides_pegs_share_rows_broken_between_sides():
    """Crib Race at eight on an 80-column screen: the four pegs share a line the screen
    breaks between sides (two to a row on the main track), the rows after the first set
    under its first side, never inside a side, the break parting them with no " ·" left
    dangling; the zones ahead follow on a row of their own."""
    title = "Pegs (to 121): "
    table, shown = await play("crib-race", {}, 8, 2, first_or_pass)
    assert table.finished
    lines = shown.splitlines()
    starts = [n for n, line in enumerate(lines) if line.startswith(title)]
    assert starts and any(not lines[n + 2].startswith(" ") for n in starts)  # two rows
    for start in starts:
        end = next(n for n in range(start + 1, len(lines)) if not lines[n].startswith(" "))
        block = lines[start:end]
        assert len(block) <= 4 and all(len(line) <= COLUMNS for line in block)
        assert not [line for line in block if line.endswith("·")]
        assert all(line.startswith(" " * len(title) + "Computer ") for line in block[1:])
        sides = " · ".join(line.strip() for line in block).removeprefix(title)
        assert [side.split(" & ")[0] for side in sides.split(" · ")] == [
            "you", "Computer 1", "Computer 2", "Computer 3"]
        assert lines[end] == "" or lines[end].startswith(("Next zone", "Deal "))  # "": the end


async def test_the_board_says_what_its_obstacles_are():
    """PIP Rush on a track with obstacles: the board's "##" is explained beside its heading,
    so a newcomer need not find it in the rules; an open track's board has none to explain."""
    def quit_at_once(at: At, prompt: str) -> str:
        return "quit"

    for track, explained in (("obstacles", True), ("open", False)):
        table, shown = await play("pip-rush", {"track": track}, 2, 1, quit_at_once)
        assert table.active  # saved at the first prompt, as the player quit
        heading = next(line for line in shown.splitlines() if line.strip().startswith("1  2 "))
        assert heading.endswith(" ## obstacle: no racer enters") is explained
        assert ("##" in shown) is explained and len(heading) <= COLUMNS


async def test_a_crowded_screen_lays_even_a_short_list_of_moves_in_columns():
    """Eight at Pip Pip on an 80×24 screen: where a move a line would push the moves told since
    the last prompt off the top, the player's seven cards go in columns; elsewhere one a line."""
    prompts: list[int] = []  # where the screen stood at each prompt

    def read(at: At, prompt: str) -> str:
        prompts.append(len(at.out.getvalue()))
        return first_or_pass(at, prompt)

    table, shown = await play("pip-pip", {"rounds": 1}, 8, 8, read)
    assert table.finished
    crowded = 0
    for before, end in itertools.pairwise(prompts):
        lines = shown[before:end].splitlines()
        told = lines[:lines.index("")] if "" in lines else lines
        listed = [line for line in lines if MOVE_KEY.match(line)]
        moves = sum(len(MOVE_KEY.findall(line)) for line in listed)
        if moves < 2:
            continue
        one_a_line = len(lines) - len(listed) + moves
        if one_a_line > ROWS - 1:  # the prompt takes the last row
            crowded += 1
            assert len(listed) < moves, "\n".join(lines)
            in_view = shown[:end].splitlines()[-(ROWS - 1):]
            if len(lines) <= ROWS - 1:
                assert all(line in in_view for line in told)
        else:
            assert len(listed) == moves, "\n".join(lines)
    assert crowded


#: A move's key in the list ("   3. Play 9♠"), a line holding one or several.
MOVE_KEY = re.compile(r"(?:^|  )\s*\d+\. (?=\S)")


async def test_at_the_end_yes_shows_the_review_and_another_word_asks_again():
    """After the end, help (a word for the game's prompts) does not leave without the review
    unseen: the offer is asked again, and y shows it."""
    review_prompts: list[str] = []

    def read(at: At, prompt: str) -> str:
        if prompt.startswith("Type review"):
            review_prompts.append(prompt)
            return "help" if len(review_prompts) == 1 else "y"
        return first_or_pass(at, prompt)

    table, shown = await play("cribbage", {"target": 61}, 2, 5, read)
    assert table.finished and len(review_prompts) == 2
    assert "The game is over: review judges your choices, Enter leaves." in shown
    assert f"Review of Cribbage #{table.id} for Ann" in shown


@pytest.mark.parametrize(("game", "players", "told_rows"), [("pip-rush", 4, 8), ("pip-pip", 8, 11)])
async def test_the_moves_told_since_the_last_answer_stay_on_screen(game, players, told_rows):
    """The most players at the trick games on an 80×24 screen: wherever the moves told since
    the player's last answer take up to `told_rows` rows, the state, the hand and the choices
    below them leave them all in view when the prompt comes (the state says nothing twice)."""
    prompts: list[int] = []  # where the screen stood at each prompt

    def read(at: At, prompt: str) -> str:
        prompts.append(len(at.out.getvalue()))
        return first_or_pass(at, prompt)

    table, shown = await play(game, {}, players, 4, read)
    assert table.finished
    checked = 0
    for before, end in itertools.pairwise(prompts):
        lines = shown[before:end].splitlines()
        told = lines[:lines.index("")] if "" in lines else lines
        if 0 < len(told) <= told_rows:
            checked += 1
            assert len(lines) + 1 <= ROWS, "\n".join(lines)  # the prompt takes the last row
    assert checked


async def test_help_speaks_of_claims_only_where_a_claim_is_chosen():
    """PIP Rush has no claims: its help says nothing of them (nor of cribbage's "go"); at a
    Cribbage claim the help says how one is typed."""
    answers = iter(["help", "quit"])
    table, shown = await play("pip-rush", {}, 2, 1, lambda at, prompt: next(answers))
    assert table.active
    help_text = shown.split("Choose a move by its key")[1]
    assert "play 5h" in help_text and not re.search(r"\b(claims?|go)\b", help_text)

    helped: list[str] = []

    def help_at_a_claim(at: At, prompt: str) -> str:
        if prompt.startswith(("Make it now", "Type review")):
            return ""
        if "claim" in prompt and not helped:
            helped.append(prompt)
            return "help"
        return "0" if "claim" in prompt else "1"

    table, shown = await play("cribbage", {"muggins": True, "target": 61}, 2, 1,
                              help_at_a_claim)
    help_text = " ".join(shown.split("Choose a move by its key")[1].split("hint ")[0].split())
    assert helped and help_text.endswith("A claim is made by typing its number: 12 claims 12.")
