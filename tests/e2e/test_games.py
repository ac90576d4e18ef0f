"""Whole games of every game, played by simulated members through the real bot, to the end
and onto the leaderboard, while checking that nobody ever sees another player's hidden cards.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from engine.registry import GAMES
from render.alt_text import MAX_HAND_CHARS
from testkit.fake_discord import FakeDiscord, FakeUser
from testkit.players import GameDriver, test_bot
from tests.e2e.seatings import WHOLE_GAMES, Seating, params

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[A2-9TJQK][SHDC]|P[1-6])(?![A-Za-z0-9])")
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")


def card_tokens(value: Any) -> set[str]:
    """Every card notation in a JSON value (views, event lines, message payloads)."""
    return set(CARD.findall(json.dumps(value, ensure_ascii=False)))


class HiddenCardWatch:
    """After every move: no message version a member saw since the last check names a card
    that is hidden in another seat's hand right now (and was never public, nor is in their own
    view).
    """

    def __init__(self, fake: FakeDiscord, driver: GameDriver, users: list[FakeUser]) -> None:
        self.fake = fake
        self.driver = driver
        self.users = users
        self.seen = {u.id: 0 for u in users}
        self.checked_versions = 0
        #: Cards ever shown to the whole table (a cut, a played card) stay public knowledge.
        self.public: set[str] = set()

    def check(self) -> None:
        manager = self.driver.bot.tables
        assert manager is not None and self.driver.table_id is not None
        table = manager.get(self.driver.table_id)
        assert table is not None
        self.public |= card_tokens(table.public_view()) | card_tokens(table.recent)
        public = self.public
        views = [card_tokens(table.view_for(s)) for s in range(len(table.seats))]
        for user in self.users:
            seat = table.seat_of(user.id)
            own = set() if seat is None else views[seat] | card_tokens(table.private_lines(seat))
            hidden = set().union(*(v for s, v in enumerate(views) if s != seat)) - public - own
            payloads = self.fake.payloads_seen_by(user)
            new, self.seen[user.id] = payloads[self.seen[user.id] :], len(payloads)
            self.checked_versions += len(new)
            for payload in new:
                leaked = card_tokens(payload) & hidden
                assert not leaked, f"{user.name} saw {leaked} of another hand: {payload}"


#: "Ann's Cribbage hand: …" or "Ann's Cribbage hand, all playable now: …".
HAND_WORDS = re.compile(r"^(?:.+'s|Your)(?: .+)? hand(?::|, [^:.]+:) ")


def check_every_picture_has_alt_text(fake: FakeDiscord) -> None:
    """Every version of every message with a picture carried its description (alt text); a
    hand's starts with its cards and is short (the table's picture has the table's words)."""
    pictures = 0
    for message in fake.state.messages.values():
        for version in message.history:
            for attachment in version["attachments"]:
                pictures += 1
                description = attachment["description"]
                assert description and len(description) <= 1024, (attachment, version)
                if attachment["filename"] == "hand.png":
                    assert HAND_WORDS.match(description), description
                    assert len(description) <= MAX_HAND_CHARS, description
    assert pictures


LEADERBOARD_LINE = re.compile(r"\*\*\d+\.\*\* (.+) — (−?[\d.]+) · (\d+) won")


def leaderboard_standing(text: str, players: list[FakeUser]) -> dict[int, tuple[str, int]]:
    """user id -> (rating as shown, games won), read from the /leaderboard message, which
    names each member as they played (the fake's display name is the user name titled)."""
    ids = {user.name.title(): user.id for user in players}
    return {ids[m[1]]: (m[2], int(m[3])) for m in LEADERBOARD_LINE.finditer(text)}


def check_sides_share_results(seating: Seating, results: list[dict[str, Any]]) -> None:
    """One result row per seat, on the side the game puts that seat; partners (one side)
    share rank, win and score, and exactly the best-ranked sides won."""
    assert [row["seat"] for row in results] == list(range(seating.players))
    assert [row["side"] for row in results] == seating.sides()
    by_side: dict[int, set[tuple[Any, ...]]] = {}
    for row in results:
        shared = (row["rank"], row["won"], row["win_points"], row["score"])
        by_side.setdefault(row["side"], set()).add(shared)
    assert all(len(outcomes) == 1 for outcomes in by_side.values()), by_side
    best = min(row["rank"] for row in results)
    assert {row["side"] for row in results if row["won"]} == {
        row["side"] for row in results if row["rank"] == best
    }


@pytest.mark.parametrize("seating", params(WHOLE_GAMES))
async def test_whole_game_to_the_end_and_onto_the_leaderboard(
    seating: Seating,
    monkeypatch: pytest.MonkeyPatch,
    quick_pictures: list,
) -> None:
    # One deal per seating, the same on every run, so a failure can be replayed (the table
    # layer draws its seeds from SystemRandom).
    monkeypatch.setattr(
        "tables.manager.random.SystemRandom", lambda: random.Random(f"deal-{seating.id}")
    )
    game = seating.game
    spec = GAMES[game]
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        assert seating.humans < len(NAMES), "the last name is kept for an onlooker"
        players = [fake.member(n) for n in NAMES[: seating.humans]]
        onlooker = fake.member(NAMES[-1])
        driver = GameDriver(fake, rng=random.Random(seating.id))
        watch = HiddenCardWatch(fake, driver, [*players, onlooker])
        driver.after_move = watch.check
        await driver.start_game(
            game, players, ["easy"] * seating.computers, seating.lobby_options()
        )
        final = await driver.play_to_end()
        await driver.settle()
        watch.check()

        assert "🏆" in final.content
        # Every seat placeholder of the engine's text ("{s0}") has become a name.
        assert not re.search(r"\{s\d\}", final.content), final.content
        assert driver.moves > 0 and watch.checked_versions > driver.moves
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr]
        assert table is not None and table.status == "finished"
        # Humans sit first, in the order they joined, then the computers.
        store = driver.bot.store
        assert store is not None and driver.table_id is not None
        results = await store.results(driver.table_id)
        humans = [u.id for u in players] + [None] * seating.computers
        assert [row["user_id"] for row in results] == humans
        check_sides_share_results(seating, results)
        # The leaderboard of this server lists every human who played, with one game each;
        # human partners share their side's win and (from equal starts) their new rating.
        board = await fake.slash(players[0], "leaderboard", {"game": game})
        assert board.message is not None
        text = board.message.content
        assert spec.title in text
        standing = leaderboard_standing(text, players)
        assert set(standing) == {u.id for u in players}
        assert text.count("· 1 played") == len(players)
        for row in results[: seating.humans]:
            assert standing[row["user_id"]][1] == int(row["won"])
            partners = [r for r in results[: seating.humans] if r["side"] == row["side"]]
            assert {standing[r["user_id"]] for r in partners} == {standing[row["user_id"]]}
        # Pictures: the channel's from the public view only, each hand from its own seat's view.
        assert {kind for kind, _, _ in quick_pictures} == {"table", "hand"}
        for kind, _name, view in quick_pictures:
            if kind == "table":
                assert view["seat"] is None
            else:
                assert view["seat"] is not None and "playable" in view
        check_every_picture_has_alt_text(fake)
        assert "Scores: " in final.content  # each side's score, as text
        stats = await fake.slash(players[0], "stats", {})
        assert stats.message is not None and "— 1 game, " in stats.message.content
        fake.assert_clean()
