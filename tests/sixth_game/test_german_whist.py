"""The sixth game, German Whist, kept under tests/ (tests/sixth_game/): it registers through
the CARDBOT_GAMES setting and its GameSpec's render_package alone, and plays to its end
through the fake Discord (lobby, Join, Add a computer, Start, presses on the hand message,
the picture, "Review my game") and through the terminal, with no file outside its own
packages naming it."""

from __future__ import annotations

import io
import random
import re
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from engine.registry import GAMES
from render.registry import renderer_for
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot
from tests.e2e.test_games import NAMES, HiddenCardWatch, check_every_picture_has_alt_text
from tests.sixth_game import german_whist, german_whist_render
from tests.terminal.play_helper import played_in_terminal

ROOT = Path(__file__).resolve().parents[2]
GAME = "german-whist"
HOME = Path(__file__).parent
PACKAGES = [Path(german_whist.__file__).parent, Path(german_whist_render.__file__).parent]


def test_the_game_is_registered_through_its_spec_and_render_registration() -> None:
    spec = GAMES[GAME]
    assert spec is german_whist.SPEC and spec.title == "German Whist"
    assert spec.render_package == german_whist_render.__name__
    renderer = renderer_for(GAME)
    assert renderer.table.__module__.startswith(german_whist_render.__name__ + ".")
    assert spec.levels == ("easy", "normal", "hard")


def test_the_game_is_named_nowhere_outside_its_own_packages() -> None:
    """Every file of the repository (tracked or new) is read: the game's name in any spelling
    appears only in its packages, its tests here, and the one setting in tests/conftest.py."""
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    spellings = re.compile(r"german[-_ ]?whist", re.IGNORECASE)
    naming = set()
    for name in files:
        path = ROOT / name
        if path.is_file() and not path.is_symlink():
            try:
                text = path.read_text("utf-8")
            except UnicodeDecodeError:
                continue
            if spellings.search(text):
                naming.add(path)
    assert naming, "the search reads the files"
    outside = {p for p in naming if not p.is_relative_to(HOME)}
    assert outside == {ROOT / "tests" / "conftest.py"}
    setting = [line for line in (ROOT / "tests/conftest.py").read_text("utf-8").splitlines()
               if spellings.search(line)]
    assert len(setting) == 1 and '"tests.sixth_game.german_whist"' in setting[0]
    assert spellings.findall(setting[0]) == ["german_whist"]
    assert all(any(p.is_relative_to(package) for package in PACKAGES) or p.parent == HOME
               for p in naming - outside)


def test_a_trick_won_takes_the_face_up_card_and_the_loser_the_next_one() -> None:
    game = GAMES[GAME].new(2, {"deals": 1}, seed=4)
    up, after = game.stock[0], game.stock[1]
    leader = game.to_act()[0]
    lead = game.legal_actions(leader)[0]
    game.apply(leader, lead)
    follower = 1 - leader
    assert all(a["card"][1] == lead["card"][1] for a in game.legal_actions(follower)) or \
        all(c.suit != lead["card"][1] for c in game.hands[follower])
    events = game.apply(follower, game.legal_actions(follower)[0])
    winner = events[-2]["winner"]
    assert str(up) in game.view(winner)["hand"] and str(up) in game.view(None)["known"][winner]
    assert str(after) in game.view(1 - winner)["hand"]
    assert events[-1] == {"type": "draw", "to": 1 - winner, "card": str(after),
                          "text": f"You take {after.symbol} from the stock."}
    assert str(after) not in str(game.view(None)) and str(after) not in str(game.view(winner))


async def test_a_whole_game_through_discord_with_a_member_who_joins(
    monkeypatch: pytest.MonkeyPatch, quick_pictures: list
) -> None:
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random("gw-join"))
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake, rng=random.Random(2))
        watch = HiddenCardWatch(fake, driver, [alice, bob, fake.member(NAMES[-1])])
        driver.after_move = watch.check
        await driver.start_game(GAME, [alice, bob], [], "deals=1")
        final = await driver.play_to_end()
        await driver.settle()
        watch.check()
        assert "🏆" in final.content and not re.search(r"\{s\d\}", final.content)
        assert driver.moves == 52  # 26 tricks, every card pressed on a hand message
        assert {game for _, game, _ in quick_pictures} == {GAME}
        check_every_picture_has_alt_text(fake)
        fake.assert_clean()


async def test_a_whole_game_against_the_computer_with_its_picture_and_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random("gw-cpu"))
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        driver = GameDriver(fake, rng=random.Random(3))
        await driver.start_game(GAME, [alice], ["hard"], "deals=1")
        final = await driver.play_to_end()
        await driver.settle()
        assert "🏆" in final.content and driver.moves == 26
        pictures = [a for a in final.attachments if a.filename == "table.png"]
        assert pictures, "the table message carries the table's picture"
        image = Image.open(io.BytesIO(pictures[0].data))
        assert image.format == "PNG" and image.width == 600
        assert pictures[0].description and "German Whist, deal 1 of 1" in \
            pictures[0].description and "Game over." in pictures[0].description
        check_every_picture_has_alt_text(fake)

        record = await fake.click(alice, final, label="Review my game")
        review = record.message
        assert review is not None and review.ephemeral
        assert review.content.startswith(
            f"📋 **Review of German Whist #{driver.table_id}** for Alice")
        assert "tricks as the computer weighs them" in review.content
        fake.assert_clean()


async def test_a_whole_game_in_the_terminal_with_a_hint_and_the_review(tmp_path: Path) -> None:
    answers = iter(["rules", "hint"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Type review"):
            return "review"
        prompts.append(prompt)
        return next(answers, "1")

    table, shown = await played_in_terminal(str(tmp_path / "play.db"), GAME, {"deals": 1}, 2, 5,
                                            read, width=120, level="normal")
    assert table.status == "finished" and len(prompts) >= 13
    assert "German Whist" in shown and "Players: Ann (you), Computer" in shown
    assert "The stock" in shown  # the rules pages
    assert "Hint, the best choices first:" in shown
    assert re.search(r"Deal 1 of 1 · trumps [♠♥♦♣] (spades|hearts|diamonds|clubs)", shown)
    assert "Up for grabs: " in shown and "Tricks that count: you " in shown
    assert re.search(r"You take \S+ from the stock", shown)
    assert f"Review of German Whist #{table.id} for Ann" in shown
    assert re.search(r"You chose the best in \d+ of \d+ decisions\.", shown)
