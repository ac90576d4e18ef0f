"""Achievements through the real bot and the fake Discord: a line in the table message when one
is earned (said once, no extra message, no ping), and /records afterwards."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from engine.achievements import TOURNAMENT_WON, Achievement
from engine.milestones import FIRST_WIN, MILESTONES
from engine.registry import GAMES
from engine.seat_words import spoken_list
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

GAME = "pip-pip"
#: A quick one for the test: earned by the first card a player lays.
FIRST_CARD = Achievement(f"{GAME}:first-card", "Opening lead", "Lay a card.", GAME,
                         on_event=lambda event: [event["seat"]] if event["type"] == "play" else [])
LINE = re.compile(r"🏅 (\w+) earns an achievement: Opening lead \(Lay a card\)\.")


async def test_an_achievement_line_appears_once_in_the_table_message_and_records_follow(
    monkeypatch: pytest.MonkeyPatch, quick_pictures: list
) -> None:
    spec = GAMES[GAME]
    monkeypatch.setitem(GAMES, GAME, replace(spec, achievements=(*spec.achievements, FIRST_CARD)))
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random("records"))
    async with FakeDiscord(members=("alice", "bob", "carol")) as fake:
        await fake.connect(test_bot(":memory:"))
        players = [fake.member(name) for name in ("alice", "bob", "carol")]
        before = await fake.slash(players[0], "records", {"game": GAME})
        assert before.message is not None
        assert "Nobody has set a record in Pip Pip" in before.message.content
        # What there is to earn, from the first day: each achievement and how.
        assert before.message.content.splitlines()[1:] == [
            "🏅 **Achievements** (how many here hold each)",
            *(f"• **{a.name}**: nobody yet. {a.how}"
              for a in (*spec.achievements, FIRST_CARD, TOURNAMENT_WON)),
            "🏅 **Milestones**, shared by every game (how many here hold each)",
            # Shared by every game's /records: the same lines in each would say nothing new.
            "• Nobody here yet: " + spoken_list([f"**{m.name}**" for m in MILESTONES])
            + ". How far you are from each: `/profile`."]
        driver = GameDriver(fake, rng=random.Random(5))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        await driver.settle()

        table = driver.table_message()
        earners: set[str] = set()
        for version in table.history:
            found = LINE.findall(version["content"] or "")
            assert len(found) == len(set(found)), "a line said twice in one message"
            earners |= set(found)
        assert earners == {"Alice", "Bob", "Carol"}
        # Said in the table message only: no message of its own, and nobody pinged for it.
        others = [m for m in fake.state.messages.values() if m.id != table.id]
        assert not any("earns an achievement" in v["content"] or ""
                       for m in others for v in m.history)
        assert not [m for m in fake.state.messages.values()
                    if m.pings and "earns an achievement" in (m.history[0]["content"] or "")]
        store = driver.bot.store
        assert store is not None
        guild = table.guild_id
        for user in players:
            held = [a.key for a in await store.achievements_of(guild, user.id)]
            assert held.count(FIRST_CARD.key) == 1

        answer = await fake.slash(players[1], "records", {"game": GAME})
        assert answer.message is not None
        content = answer.message.content
        assert "Pip Pip** records" in content
        names = {user.id: user.name.title() for user in players}  # as they sat
        best = await store.record_moment(guild, GAME, "win")
        assert best is not None
        assert f"**Biggest win** (the winner's total less the next best total): {best.value} " \
               f"points — {names[best.user_id]}, game #{best.game_id}" in content
        assert "**Best trick**" in content and not answer.message.pings
        assert "• **Opening lead**: 3 players. Lay a card." in content
        assert f"• **{TOURNAMENT_WON.name}**: nobody yet." in content
        streak = await store.longest_streak(guild, GAME)
        assert streak is not None and streak.best == 1
        assert f"**Longest streak** (rated wins in a row): 1 win — {names[streak.user_id]}," \
               f" reached <t:{streak.best_ended_at // 1000}:D>" in content
        missing = await fake.slash(players[1], "records", {"game": "snap"})
        assert "There is no game" in (missing.errors or missing.message.content)
        fake.assert_clean()


async def test_a_milestone_is_said_at_the_table_and_shown_on_profile_and_records(
    quick_pictures: list,
) -> None:
    async with FakeDiscord(members=("alice", "bob", "carol")) as fake:
        await fake.connect(test_bot(":memory:"))
        players = [fake.member(name) for name in ("alice", "bob", "carol")]
        driver = GameDriver(fake, rng=random.Random(5))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        await driver.settle()
        store = driver.bot.store
        assert store is not None
        winners = {row["user_id"] for row in await store.results(driver.table_id)
                   if row["won"]}
        winner = next(user for user in players if user.id in winners)

        # Said once, in the table message only, for the winners only (a tie shares the line):
        # no message, no ping.
        table = driver.table_message()
        said = re.search(r"🏅 (.+) reach(?:es)? a milestone: First win \(Win a game in this"
                         r" server, hints off\)\.",
                         table.content or "")
        assert said is not None
        line = said.group(0)
        assert set(re.split(r", | and ", said.group(1))) == {
            user.name.capitalize() for user in players if user.id in winners
        }
        assert all((version["content"] or "").count(line) <= 1 for version in table.history)
        assert not [m for m in fake.state.messages.values()
                    if m.id != table.id and FIRST_WIN.name in (m.content or "")]
        assert (table.content or "").count(f" a milestone: {FIRST_WIN.name} (") == 1, \
            "winners share it"

        profile = await fake.slash(winner, "profile")
        assert profile.message is not None
        assert f"✓ {FIRST_WIN.name}, all games" in profile.message.content
        assert FIRST_WIN.how in profile.message.content
        records = await fake.slash(winner, "records", {"game": GAME})
        assert records.message is not None
        held = f"{len(winners)} player" + ("s" if len(winners) > 1 else "")
        assert f"• **{FIRST_WIN.name}**: {held}. {FIRST_WIN.how}" in records.message.content
        [nobody] = [line for line in records.message.content.splitlines()
                    if line.startswith("• Nobody here yet: ")]
        assert f"**{FIRST_WIN.name}**" not in nobody and f"**{MILESTONES[-1].name}**" in nobody
        fake.assert_clean()
