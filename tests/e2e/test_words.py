"""What the bot writes: who won, lobby grammar, options worth listing, quoted text."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from cogs import text
from engine.cards import card_symbol
from engine.registry import GAMES
from engine.seat_words import spoken_list
from tables.clock import FakeClock
from tables.honours import EARNED_LINE
from tables.seats import SeatInfo
from tables.table import Table
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

GAME_NAME = next(iter(GAMES))


def seats(*names: str) -> list[SimpleNamespace]:
    return [SimpleNamespace(name=name, user_id=None) for name in names]


@pytest.mark.parametrize(
    ("outcome", "line"),
    [
        ({"winners": [1], "shared": False}, "🏆 **Bob wins!**"),
        ({"winners": [1, 3], "shared": False}, "🏆 **Bob and Dan win!**"),
        ({"winners": [0, 1, 3], "shared": True}, "🏆 **Ann, Bob and Dan share the win!**"),
        ({"winners": [], "shared": False}, "🏆 **Nobody wins!**"),
    ],
)
def test_partners_win_together_and_only_a_tie_is_shared(outcome: dict, line: str) -> None:
    assert text.outcome_line(seats("Ann", "Bob", "Cy", "Dan"), outcome) == line


def test_a_race_landing_just_made_is_said_once() -> None:
    """The zone's line came among the latest events and again below them, with the lines the
    picture leaves out; said once, it stays as long as those lines would."""
    table = Table(id=1, spec=GAMES["crib-race"], options={}, seed=3, guild_id=1, channel_id=1,
                  host_id=1, seats=[SeatInfo(user_id=n, name=name)
                                    for n, name in enumerate(("Ann", "Bob"), start=1)])
    landing = None
    while landing is None and not table.finished:
        seat = table.waiting_for()[0]
        table.apply(seat, table.legal_for(seat)[-1])
        landing = next((line for line in table.recent[-3:] if " landed " in line), None)
    assert landing is not None
    content = text.table_content(table)
    assert content.count(landing) == 1, content
    # Short of room, older events go first; the landing stays with the lines it replaced.
    short = text.table_content(table, limit=len(content) - 40)
    assert landing in short, short


@pytest.mark.parametrize(
    ("outcome", "reader", "line"),
    [
        ({"winners": [1], "detail": "{s1:wins} Pip Pip with 91 points."}, None,
         "🏆 **Bob wins** Pip Pip with 91 points."),
        ({"winners": [1], "detail": "{s1:wins} Pip Pip with 91 points."}, 1,
         "🏆 **You win** Pip Pip with 91 points."),
        ({"winners": [0, 2], "detail": "{s0} and {s2} win the race: after 5 cycles."}, None,
         "🏆 **Ann and Cy win** the race: after 5 cycles."),
        ({"winners": [0, 1, 3], "shared": True,
          "detail": "{s0}, {s1} and {s3} share the win with 90 points each."}, None,
         "🏆 **Ann, Bob and Dan share the win** with 90 points each."),
        ({"winners": [1], "detail": "{s1} won with 121; {s0} 99."}, None,
         "🏆 **Bob wins** with 121; Ann 99."),
        ({"winners": [1], "detail": "{s1} won with 121; {s0} 99."}, 1,
         "🏆 **You win** with 121; Ann 99."),
        ({"winners": [1, 3], "detail": "{s1} & {s3} won with 121; {s0} & {s2} 70 (skunk)."},
         None, "🏆 **Bob & Dan win** with 121; Ann & Cy 70 (skunk)."),
        ({"winners": [0, 1], "shared": True, "detail": "Shared victory: level."}, None,
         "🏆 **Ann and Bob share the win!** Shared victory: level."),
    ],
)
def test_a_detail_that_says_who_won_is_said_once(outcome: dict, reader: int | None,
                                                 line: str) -> None:
    assert text.outcome_line(seats("Ann", "Bob", "Cy", "Dan"), outcome, reader) == line


def test_a_finished_table_says_who_won_once() -> None:
    spec = GAMES["pip-pip"]
    table = Table(id=1, spec=spec, options={"rounds": 1}, seed=4, guild_id=1, channel_id=1,
                  host_id=1, seats=[SeatInfo(user_id=n, name=name)
                                    for n, name in enumerate(("Ann", "Bob", "Cy"), start=1)])
    while not table.finished:
        seat = table.waiting_for()[0]
        table.apply(seat, table.legal_for(seat)[0])
    assert table.outcome is not None
    winner = spoken_list([table.names[s] for s in table.outcome["winners"]])
    content = text.table_content(table, status="finished")
    assert f"🏆 **{winner} win" in content
    assert content.count(" Pip Pip with ") == 1, content
    # An achievement earned with the win is noted after the game's last line: the winner is
    # still said once.
    table.note(EARNED_LINE.format(seat=table.outcome["winners"][0], name="Deciding call",
                                  how="Win with a Pip Pip call"))
    content = text.table_content(table, status="finished")
    assert "earns an achievement: Deciding call" in content
    assert content.count(" Pip Pip with ") == 1, content


@pytest.mark.parametrize(
    ("outcome", "reader", "line"),
    [
        ({"winners": [1], "shared": False}, 1, "🏆 **You win!**"),
        ({"winners": [1, 3], "shared": False}, 3, "🏆 **Bob and you win!**"),
        ({"winners": [1], "shared": False}, 0, "🏆 **Bob wins!**"),
        ({"winners": [0, 1], "shared": True}, 0, "🏆 **You and Bob share the win!**"),
    ],
)
def test_a_private_hand_tells_its_reader_they_won(outcome: dict, reader: int, line: str) -> None:
    assert text.outcome_line(seats("Ann", "Bob", "Cy", "Dan"), outcome, reader) == line


def test_lists_read_as_english() -> None:
    assert spoken_list([2, 3, 4], "or") == "2, 3 or 4"
    assert spoken_list([2, 4], "or") == "2 or 4"
    assert spoken_list(["Bob"]) == "Bob"
    assert spoken_list([]) == ""


def test_the_lobby_lists_player_counts_in_words_and_only_real_options() -> None:
    spec = GAMES["cribbage"]
    lobby = SimpleNamespace(id=7, host_id=1, options={}, settings={}, seats=[])
    content = text.lobby_content(spec, lobby, [])
    assert "For 2 to 4 players." in content
    assert "target" in content and "muggins" in content
    assert "teams" not in content  # one possible value: nothing to choose
    rush = text.lobby_content(GAMES["pip-rush"], lobby, [])
    assert "For 2 or 4 players." in rush
    assert "For 3 to 8 players." in text.lobby_content(GAMES["pip-pip"], lobby, [])


@pytest.mark.parametrize("game", [n for n, spec in GAMES.items() if spec.render_package is None])
def test_each_option_the_lobby_explains_reads_as_a_sentence(game: str) -> None:
    """The games shipped here (the tests' own games, kept outside, word theirs as they like)."""
    lobby = SimpleNamespace(id=7, host_id=1, options={}, settings={}, seats=[])
    explained = [line for line in text.lobby_content(GAMES[game], lobby, []).splitlines()
                 if line.startswith("• ")]
    assert explained or all(len(o.choices) < 2 for o in GAMES[game].options)
    for line in explained:
        assert line.endswith("."), line


@pytest.mark.parametrize(
    ("games", "wins", "points", "skunks", "head", "line"),
    [
        (1, 1, 1, 1, "1 game, 1 win, 1 game point", "1/1 won, 1 skunk"),
        (3, 2, 4, 2, "3 games, 2 wins, 4 game points", "2/3 won, 2 skunks"),
        (2, 0, 0, 0, "2 games, 0 wins, 0 game points", "0/2 won"),
    ],
)
def test_stats_count_in_words_that_agree_with_their_numbers(
    games: int, wins: int, points: int, skunks: int, head: str, line: str
) -> None:
    stats = {"games": games, "wins": wins, "points": points, "per_game": [
        {"game": GAME_NAME, "rating": 1.5, "games": games, "wins": wins, "skunks": skunks}]}
    first, second = text.stats_content("Ann", stats, GAMES).splitlines()
    # All time, said: in a season begun since, the leaderboard's figures are the season's.
    assert first == f"📊 **Ann**, all time — {head}"
    assert second == f"• {GAMES[GAME_NAME].title}: rating 1.5, {line}"


def test_a_leaderboard_counts_skunks_in_words_that_agree_with_their_numbers() -> None:
    rows = [{"user_id": 1, "rating": 2.0, "wins": 2, "games": 3, "skunks": 1},
            {"user_id": 2, "rating": 1.0, "wins": 1, "games": 3, "skunks": 2},
            {"user_id": 3, "rating": 0.0, "wins": 0, "games": 2, "skunks": 0}]
    lines = text.leaderboard_content(GAMES[GAME_NAME], rows).splitlines()[1:]
    assert [line.rsplit(" · ", 1)[1] for line in lines] == ["1 skunk", "2 skunks", "0 skunks"]


def test_players_level_on_rating_and_wins_share_a_place_on_the_leaderboard() -> None:
    rows = [{"user_id": 1, "rating": 3.0, "wins": 2, "games": 3},
            {"user_id": 2, "rating": 1.8, "wins": 1, "games": 1},
            {"user_id": 3, "rating": 1.8, "wins": 1, "games": 2},
            {"user_id": 4, "rating": 1.8, "wins": 0, "games": 2},
            {"user_id": 5, "rating": -0.5, "wins": 0, "games": 1}]
    lines = text.leaderboard_content(GAMES[GAME_NAME], rows).splitlines()[1:]
    assert [line.split(" <@")[0] for line in lines] == [
        "**1.**", "**2.**", "**2.**", "**4.**", "**5.**"]


async def test_the_lobby_says_the_idle_timer_the_host_chose() -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        host = fake.member("alice")
        for idle, words in (("5", "keeps the table waiting 5 minutes"),
                            ("off", "Idle timer off"), (None, None)):
            chosen = {"idle": idle} if idle else {}
            answer = await fake.slash(host, "play", {"game": GAME_NAME, **chosen})
            assert answer.message is not None
            shown = answer.message.content
            assert (words in shown) if words else ("Idle timer" not in shown)
        fake.assert_clean()


def test_quoted_text_is_short_and_inert() -> None:
    assert text.quoted("61x") == '"61x"'
    long = text.quoted("@everyone " + "*" * 500)
    assert len(long) < 100 and "\\*" in long and "@\u200beveryone" in long


@pytest.mark.usefixtures("quick_pictures")
async def test_starting_too_few_is_refused_in_plain_words() -> None:
    async with FakeDiscord(members=("alice",)) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        lobby = await fake.slash(alice, "play", {"game": "cribbage"})
        assert lobby.message is not None
        assert "teams" not in lobby.message.content
        record = await fake.click(alice, lobby.message, label="Start")
        assert record.message is not None
        assert record.message.content == (
            "Cribbage needs 2 to 4 players; 1 has joined. Add a computer player from the "
            "menu, or wait for someone to press **Join**.")
        fake.assert_clean()


@pytest.mark.usefixtures("quick_pictures")
async def test_partners_who_win_read_as_winning_together() -> None:
    async with FakeDiscord(members=("alice", "bob")) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        await driver.start_game("cribbage", [alice, bob], ["easy", "easy"])
        ask = await fake.click(alice, driver.table_message(), label="Resign")
        assert ask.message is not None
        await fake.click(alice, ask.message, label="Yes, resign")
        await driver.settle()
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None and table.outcome is not None
        winners = [table.seats[s].name for s in table.outcome["winners"]]
        assert len(winners) == 2 and not table.outcome["shared"]
        content = driver.table_message().content
        assert f"**{text.safe(winners[0])} and {text.safe(winners[1])} win!**" in content
        assert "share" not in content
        fake.assert_clean()


@pytest.mark.usefixtures("quick_pictures")
async def test_a_computer_taking_over_is_announced_to_the_table_and_the_player() -> None:
    async with FakeDiscord(members=("alice", "bob")) as fake:
        clock = FakeClock()
        await fake.connect(test_bot(":memory:", idle_takeover=300, clock=clock))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        await driver.start_game("cribbage", [alice, bob])
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None
        await clock.advance(300)
        await driver.settle()
        away = sorted(table.away)
        assert away
        user_id = table.seats[away[0]].user_id
        notes = [
            m for m in fake.visible_messages(alice, driver.channel_id)
            if f"<@{user_id}>, the computer is playing for you" in m.content
        ]
        assert notes and "Press **My hand**" in notes[0].content
        name = text.safe(table.seats[away[0]].name)
        line = f"The computer is playing for {name} until they come back (My hand)."
        assert any(line in str(seen.get("content")) for seen in fake.payloads_seen_by(bob))
        fake.assert_clean()


SUITS = "♠♥♦♣"


@pytest.mark.usefixtures("quick_pictures")
async def test_hands_show_suit_symbols_and_claim_menus_only_possible_counts() -> None:
    async with FakeDiscord(members=("alice", "bob")) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake, rng=random.Random(5))
        await driver.start_game("cribbage", [alice, bob], options="target=61 muggins=on")
        plays = claims = 0
        for _ in range(120):
            if not await driver.step() or (plays and claims):
                break
            for user in (alice, bob):
                hand = driver.hand(user)
                if hand is None:
                    continue
                for control in hand.find_components():
                    labels = [control.get("label")] if control["type"] == 2 else [
                        o["label"] for o in control.get("options", [])
                    ]
                    for label in (str(x) for x in labels):
                        if label.startswith("Play "):
                            plays += 1
                            assert label[-1] in SUITS and "T" not in label, label
                    if str(control.get("placeholder", "")).startswith("Claim "):
                        claims += 1
                        numbers = [int(o["label"].split()[1]) for o in control["options"]]
                        assert not {19, 25, 26, 27} & set(numbers)
                        low, high = numbers[0], numbers[-1]
                        assert control["placeholder"] == f"Claim {low}–{high}…"
        assert plays and claims
        fake.assert_clean()


async def test_rules_pages_reach_a_newcomer_with_what_they_need() -> None:
    async with FakeDiscord(members=("alice",)) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        first = await fake.slash(alice, "rules", {"game": "cribbage"})
        assert first.message is not None and first.message.ephemeral
        assert "an ace counts 1" in first.message.content
        pip = await fake.slash(alice, "rules", {"game": "pip-cribbage"})
        assert pip.message is not None and "Its pips are the dots" in pip.message.content
        await fake.click(alice, pip.message, label="Next ▶")
        assert "2 Extra Decay:" in pip.message.content and "4 Rise:" in pip.message.content
        rush = await fake.slash(alice, "rules", {"game": "pip-rush"})
        assert rush.message is not None and "starts at Start on 4 pips" in rush.message.content
        fake.assert_clean()


async def test_the_options_suggested_leave_out_options_with_one_value() -> None:
    async with FakeDiscord(members=("alice",)) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        cribbage = await fake.autocomplete(alice, "play", "options", "", {"game": "cribbage"})
        names = [c["name"] for c in cribbage]
        assert "target=61" in names and "muggins=on" in names
        assert not [n for n in names if n.startswith("teams=")]
        race = await fake.autocomplete(alice, "play", "options", "te", {"game": "crib-race"})
        assert [c["name"] for c in race] == ["teams=on", "teams=off"]
        fake.assert_clean()


@pytest.mark.usefixtures("quick_pictures")
async def test_a_claim_shows_the_cards_counted_and_the_starter_in_the_hand() -> None:
    """With muggins, the hand asking for a claim lists the hand or crib being counted and the
    starter; the hand that may press muggins lists the claim and the cards it was for."""
    async with FakeDiscord(members=("alice", "bob")) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake, rng=random.Random(5))
        await driver.start_game("cribbage", [alice, bob], options="target=61 muggins=on")
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None
        claims = presses = 0
        for _ in range(200):
            if not await driver.step() or (claims and presses):
                break
            await driver.settle()
            for seat, user in enumerate((alice, bob)):
                hand = driver.hand(user)
                view = table.view_for(seat)
                if hand is None or view["phase"] != "show":
                    continue
                upcoming, muggins = view["next_count"], view["muggins"] or {}
                if upcoming is not None and upcoming["seat"] == seat:
                    claims += 1
                    cards = " ".join(card_symbol(c) for c in upcoming["cards"])
                    assert (f"You count your {upcoming['kind']}: {cards} with the starter "
                            f"{card_symbol(view['starter'])}.") in hand.content
                if seat in muggins.get("may_press", []):
                    presses += 1
                    claim = muggins["claim"]
                    claimer = table.seats[claim["seat"]].name
                    assert (f"{claimer} claimed {claim['claimed']} for the {claim['kind']}: "
                            in hand.content)
        assert claims and presses
        fake.assert_clean()
