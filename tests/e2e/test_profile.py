"""/profile through the fake Discord: the card with its alt text and words, and privacy: a
private profile is refused to others with a short note that changes nothing, and its member
still sees it, ephemerally."""

from __future__ import annotations

from engine.registry import GAMES
from render.profile import describe_profile
from store import Store
from tables.clock import FakeClock
from tables.profiles import build_profile, picture_data
from tables.ratings import finish_for
from testkit.fake_discord import FakeDiscord
from testkit.players import test_bot

GAME = next(iter(GAMES))
PNG = b"\x89PNG\r\n\x1a\n"


async def finished_game(store: Store, clock: FakeClock, guild_id: int, winner: int,
                        loser: int) -> None:
    """A rated game the winner won, finished now on the tables' clock."""
    seats = [{"user_id": user, "name": str(user), "ai": None} for user in (winner, loser)]
    game_id = await store.create_game(guild_id=guild_id, channel_id=1, game=GAME, options={},
                                      seed=1, seats=seats, host_id=winner)
    outcome = {"winners": [0], "ranks": [0, 1], "win_points": 2}
    await store.finish_game(game_id, finish_for(outcome, [0, 1], [winner, loser],
                                                finished_at=int(clock.wall() * 1000)))


def public_messages(fake: FakeDiscord) -> list[int]:
    return [m.id for m in fake.state.messages.values() if m.visible_to is None]


async def test_a_profile_is_a_card_with_its_alt_text_and_its_words() -> None:
    async with FakeDiscord() as fake:
        clock = FakeClock()
        await fake.connect(test_bot(":memory:", clock=clock))
        alice, bob = fake.member("alice"), fake.member("bob")
        store = fake.bot.store  # type: ignore[attr-defined]
        guild_id = fake.state.guild_id
        await finished_game(store, clock, guild_id, winner=bob.id, loser=alice.id)

        for asker in (bob, alice):  # his own, then someone else's: public, in the channel
            answer = await fake.slash(asker, "profile", {} if asker is bob else {"user": bob})
            message = answer.message
            assert message is not None and not message.ephemeral
            [card] = message.attachments
            assert card.filename == "profile.png" and card.data.startswith(PNG)
            profile = await build_profile(store, guild_id, bob.id, name="Bob",
                                          at=int(clock.wall() * 1000))
            assert card.description == describe_profile(picture_data(profile))
            assert message.content.startswith(
                "🪪 **Bob: 1 game, 1 win; skunks: 1 given, 0 taken**")
            assert f"{GAMES[GAME].title}: rating" in message.content
            assert "1st of 2 this season" in message.content

        # Dave beats Carol as Bob beat Alice: level pairs share a place, 1, 1, 3, 3.
        carol, dave = fake.member("carol"), fake.member("dave")
        await finished_game(store, clock, guild_id, winner=dave.id, loser=carol.id)
        for member, place in ((bob, "1st of 4"), (dave, "1st of 4"), (alice, "3rd of 4"),
                              (carol, "3rd of 4")):
            answer = await fake.slash(alice, "profile", {"user": member})
            assert answer.message is not None
            assert f"{place} this season" in answer.message.content

        erin = fake.add_member("erin")
        newcomer = await fake.slash(alice, "profile", {"user": erin})
        assert newcomer.message is not None
        assert "Erin: No rated games here yet" in newcomer.message.content
        # Alice is not told how to fill Erin's card, nor how to keep it to herself.
        [card] = newcomer.message.attachments
        assert card.description == (
            "Profile of Erin. No rated games here yet. Their ratings, streaks and best moments"
            " show here once they finish a game.")
        own = await fake.slash(erin, "profile")
        assert own.message is not None
        assert "Finish a game with /play: your ratings," in (
            own.message.attachments[0].description or "")
        assert "To keep it to yourself: /settings profile:private" in (
            own.message.attachments[0].description or "")
        fake.assert_clean()


async def test_a_private_profile_is_refused_to_others_and_shown_to_its_member() -> None:
    async with FakeDiscord() as fake:
        clock = FakeClock()
        await fake.connect(test_bot(":memory:", clock=clock))
        alice, bob = fake.member("alice"), fake.member("bob")
        store = fake.bot.store  # type: ignore[attr-defined]
        await finished_game(store, clock, fake.state.guild_id, winner=bob.id, loser=alice.id)

        setting = await fake.slash(bob, "settings", {"profile": "private"})
        assert setting.message is not None and setting.message.ephemeral
        assert "Profile: private, only you can see it" in setting.message.content
        settings = await store.player_settings(bob.id)
        assert settings["profile"] == "private"

        public_before = public_messages(fake)
        refused = await fake.slash(alice, "profile", {"user": bob})
        assert refused.message is not None and refused.message.ephemeral
        assert refused.message.content == \
            "Bob keeps their profile private, so only they can see it."
        assert refused.message.attachments == []
        assert await store.player_settings(bob.id) == settings
        assert public_messages(fake) == public_before

        own = await fake.slash(bob, "profile", {})
        assert own.message is not None and own.message.ephemeral
        assert own.message.attachments[0].filename == "profile.png"
        assert "Private: only you see this" in own.message.content
        assert "Profile of Bob, private: only you see it." in (
            own.message.attachments[0].description or "")

        await fake.slash(bob, "settings", {"profile": "public"})
        shown = await fake.slash(alice, "profile", {"user": bob})
        assert shown.message is not None and not shown.message.ephemeral
        assert shown.message.attachments
        fake.assert_clean()


async def test_a_profile_and_the_records_say_the_dates_of_the_tables_clock() -> None:
    """Three days past the fake clock's epoch, far from the real time: the milestone a game
    reached and the streak it began are dated the day it finished on the clock."""
    from engine.milestones import FIRST_WIN
    from tables.backfill import backfill

    async with FakeDiscord() as fake:
        clock = FakeClock(start=3 * 86_400.0)
        await fake.connect(test_bot(":memory:", clock=clock))
        alice, bob = fake.member("alice"), fake.member("bob")
        store = fake.bot.store  # type: ignore[attr-defined]
        await finished_game(store, clock, fake.state.guild_id, winner=bob.id, loser=alice.id)
        await backfill(store)  # the milestones of results it has not read yet
        await clock.advance(40 * 86_400.0)  # read weeks later: the dates stay the game's

        card = await fake.slash(alice, "profile", {"user": bob})
        assert card.message is not None
        earned = f"{FIRST_WIN.name}, all games, 18 Jan 2027"
        assert f"✓ {earned}: {FIRST_WIN.how}" in card.message.content
        [picture] = card.message.attachments
        assert f"Achievements, newest first: {earned}" in (picture.description or "")

        records = await fake.slash(alice, "records", {"game": GAME})
        assert records.message is not None
        assert "**Longest streak** (rated wins in a row): 1 win — Bob, reached <t:1800259200:D>" \
            in records.message.content
        fake.assert_clean()


async def test_a_member_back_after_the_month_turned_finds_where_they_finished() -> None:
    """Alice lost her one game in January and comes back in February: the new season's board
    has nobody on it, and her card, which gave her place this season, says where she finished
    the last one instead, in its words and its picture's."""
    async with FakeDiscord() as fake:
        clock = FakeClock()  # 15 January 2027
        await fake.connect(test_bot(":memory:", clock=clock))
        alice, bob = fake.member("alice"), fake.member("bob")
        store = fake.bot.store  # type: ignore[attr-defined]
        await finished_game(store, clock, fake.state.guild_id, winner=bob.id, loser=alice.id)
        january = await fake.slash(alice, "profile")
        assert january.message is not None
        assert "2nd of 2 this season" in january.message.content
        assert "last season" not in january.message.content

        await clock.advance(20 * 86_400.0)  # February: season 2 runs, nobody has played it
        back = await fake.slash(alice, "profile")
        assert back.message is not None
        content = back.message.content
        assert f"{GAMES[GAME].title}: rating " in content
        assert ", 2nd of 2 last season." in content and "this season" not in content
        [card] = back.message.attachments
        assert "2nd of 2 last season" in (card.description or "")
        fake.assert_clean()
