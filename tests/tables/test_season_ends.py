"""Season ends posted where a server chose, on a fake clock, on both backends: when the
calendar turns, once, never for a season that ended before the channel was chosen, again after
a post that failed for now, once between two processes that both see the server."""

from datetime import UTC, datetime

import pytest

from engine.registry import GAMES
from store import Store
from tables.clock import FAKE_EPOCH, FakeClock
from tables.season_ends import Posted, SeasonEnd, SeasonEnds
from tables.seasons import Seasons
from tests.store.test_seasons import finish

GAME = next(iter(GAMES))
GUILD = 1  # the guild tests/store/test_seasons.py's `finish` plays in
CHANNEL = 55
FEBRUARY = datetime(2027, 2, 1, tzinfo=UTC).timestamp()
MARCH = datetime(2027, 3, 1, tzinfo=UTC).timestamp()
DAY = 24 * 3600


class Poster:
    """Records each post; answers with `results` in turn, then SENT."""

    def __init__(self, *results: Posted | Exception) -> None:
        self.posts: list[SeasonEnd] = []
        self.results = list(results)

    async def __call__(self, end: SeasonEnd) -> Posted:
        self.posts.append(end)
        result = self.results.pop(0) if self.results else Posted.SENT
        if isinstance(result, Exception):
            raise result
        return result


def season_ends(store: Store, clock: FakeClock, poster: Poster) -> SeasonEnds:
    ends = SeasonEnds(Seasons(store, clock))
    ends.poster = poster
    return ends


def before_february(seconds: float) -> FakeClock:
    return FakeClock(start=FEBRUARY - seconds - FAKE_EPOCH)


async def test_the_calendar_turning_posts_the_season_once_with_its_champions(store: Store):
    clock, poster = before_february(3 * DAY), Poster()
    ends = season_ends(store, clock, poster)
    await ends.seasons.announce_in(GUILD, CHANNEL, may_manage=True)
    await finish(store, int(clock.wall() * 1000), winner=11, game=GAME)  # season 1
    ends.start()
    try:
        await clock.advance(DAY)
        await ends.wait_asleep()
        assert poster.posts == [], "January has not ended"
        await clock.advance(2 * DAY + 1)
        await ends.wait_asleep()
        [end] = poster.posts
        assert (end.season.number, end.season.ends_at, end.channel_id) == (
            1, FEBRUARY * 1000, CHANNEL)
        assert [(c.title, c.user_ids) for c in end.champions] == [(GAMES[GAME].title, (11,))]
        assert end.running is not None and end.running.number == 2
        assert end.members == 2  # the winner and the loser
        await clock.advance(40 * DAY)  # March turns too, but nobody played in February
        await ends.wait_asleep()
        assert len(poster.posts) == 1
        assert await ends.announce_due() == 0
    finally:
        await ends.close()


async def test_a_season_ended_while_nobody_listened_is_posted_at_start(store: Store):
    clock, poster = before_february(DAY), Poster()
    ends = season_ends(store, clock, poster)
    await ends.seasons.announce_in(GUILD, CHANNEL, may_manage=True)
    await finish(store, int(clock.wall() * 1000))
    await clock.advance(10 * DAY)  # the bot was down as the month turned
    ends.start()
    try:
        await ends.wait_asleep()
        assert [end.season.number for end in poster.posts] == [1]
        again = season_ends(store, clock, poster)  # a restart
        assert await again.announce_due() == 0
        assert len(poster.posts) == 1
    finally:
        await ends.close()


async def test_seasons_of_a_server_due_together_go_out_in_one_post(store: Store):
    """The bot away as January and February end: at its return both are due, and one post
    tells of both, oldest first, with the season running now."""
    clock, poster = before_february(DAY), Poster()
    ends = season_ends(store, clock, poster)
    await ends.seasons.announce_in(GUILD, CHANNEL, may_manage=True)
    await finish(store, int(clock.wall() * 1000), winner=11, game=GAME)  # season 1
    await clock.advance(2 * DAY)
    await finish(store, int(clock.wall() * 1000), winner=12, game=GAME)  # season 2
    await clock.advance(60 * DAY)  # April
    ends.start()
    try:
        await ends.wait_asleep()
        [end] = poster.posts
        assert [(e.season.number, [c.user_ids for c in e.champions]) for e in end.ended] == [
            (1, [(11,)]), (2, [(12,)])]
        assert end.season.number == 2 and end.running is not None and end.running.number == 3
        assert await ends.announce_due() == 0
    finally:
        await ends.close()


async def test_seasons_ended_before_the_channel_was_chosen_are_not_posted(store: Store):
    clock, poster = before_february(DAY), Poster()
    ends = season_ends(store, clock, poster)
    await finish(store, int(clock.wall() * 1000))
    await clock.advance(2 * DAY)
    assert await ends.announce_due() == 0, "no channel chosen"
    await ends.seasons.announce_in(GUILD, CHANNEL, may_manage=True)
    await finish(store, int(clock.wall() * 1000))  # February: season 2
    assert await ends.announce_due() == 0
    assert poster.posts == []
    await ends.seasons.end(GUILD, may_manage=True)  # by hand
    assert await ends.announce_due() == 1
    [end] = poster.posts
    assert end.season.number == 2 and end.running is None


async def test_turning_posts_off_posts_nothing(store: Store):
    clock, poster = before_february(DAY), Poster()
    ends = season_ends(store, clock, poster)
    await ends.seasons.announce_in(GUILD, CHANNEL, may_manage=True)
    await finish(store, int(clock.wall() * 1000))
    await ends.seasons.announce_in(GUILD, None, may_manage=True)
    assert (await ends.seasons.info(GUILD)).announce_channel is None
    await clock.advance(2 * DAY)
    assert await ends.announce_due() == 0 and poster.posts == []


@pytest.mark.parametrize("failure", [Posted.LATER, RuntimeError("Discord is down")])
async def test_a_post_that_failed_for_now_is_tried_again(store: Store, failure):
    clock, poster = before_february(DAY), Poster(failure)
    ends = season_ends(store, clock, poster)
    await ends.seasons.announce_in(GUILD, CHANNEL, may_manage=True)
    await finish(store, int(clock.wall() * 1000))
    await clock.advance(2 * DAY)
    try:
        assert await ends.announce_due() == 0
        assert await ends.announce_due() == 1
        assert await ends.announce_due() == 0
        assert [end.season.number for end in poster.posts] == [1, 1]
    finally:
        await ends.close()  # what would have tried it again


@pytest.mark.parametrize("failure", [Posted.LATER, RuntimeError("Discord is down")])
async def test_a_post_that_failed_as_the_month_turned_goes_out_soon_after(
    store: Store, failure: Posted | Exception
):
    """Discord down for a moment as January ends: the timer tried the post once and slept
    until March, so February's members heard of January's champions a month late, under
    "Season 2 has begun" as season 3 began. It is tried again a quarter of an hour later,
    and again while it fails, then the timer sleeps to the month's end."""
    from tables.season_ends import RETRY_AFTER

    clock, poster = before_february(DAY), Poster(failure, failure)
    ends = season_ends(store, clock, poster)
    await ends.seasons.announce_in(GUILD, CHANNEL, may_manage=True)
    await finish(store, int(clock.wall() * 1000))
    ends.start()
    try:
        await ends.wait_asleep()
        await clock.advance(DAY + 1)  # February
        await ends.wait_asleep()
        assert len(poster.posts) == 1
        await clock.advance(RETRY_AFTER - 2)
        await ends.wait_asleep()
        assert len(poster.posts) == 1, "not yet"
        await clock.advance(2)
        await ends.wait_asleep()
        assert len(poster.posts) == 2, "failed again"
        await clock.advance(RETRY_AFTER)
        await ends.wait_asleep()
        assert [end.season.number for end in poster.posts] == [1, 1, 1]
        assert all(end.running is not None and end.running.number == 2
                   for end in poster.posts)
        await clock.advance(20 * DAY)  # nothing is tried again, nor posted twice
        await ends.wait_asleep()
        assert len(poster.posts) == 3
    finally:
        await ends.close()


async def test_a_post_that_can_never_go_out_is_remembered_until_a_channel_is_chosen(
    store: Store,
):
    clock, poster = before_february(DAY), Poster(Posted.NEVER)
    ends = season_ends(store, clock, poster)
    await ends.seasons.announce_in(GUILD, CHANNEL, may_manage=True)
    await finish(store, int(clock.wall() * 1000))
    assert (await ends.seasons.info(GUILD)).unposted_season is None
    await clock.advance(2 * DAY)
    assert await ends.announce_due() == 1
    assert await ends.announce_due() == 0, "not tried again"
    info = await ends.seasons.info(GUILD)
    assert (info.announce_channel, info.unposted_season) == (CHANNEL, 1)
    await ends.seasons.announce_in(GUILD, CHANNEL + 1, may_manage=True)
    info = await ends.seasons.info(GUILD)
    assert (info.announce_channel, info.unposted_season) == (CHANNEL + 1, None)
    assert len(poster.posts) == 1


async def test_two_processes_seeing_the_server_post_it_once(store: Store, database_url: str):
    clock = before_february(DAY)
    first_poster, second_poster = Poster(), Poster()
    first = season_ends(store, clock, first_poster)
    other = await Store.open(database_url)
    try:
        second = season_ends(other, clock, second_poster)
        await first.seasons.announce_in(GUILD, CHANNEL, may_manage=True)
        await finish(store, int(clock.wall() * 1000))
        await clock.advance(2 * DAY)
        posted = [await first.announce_due(), await second.announce_due()]
        assert posted == [1, 0]
        assert len(first_poster.posts) + len(second_poster.posts) == 1
    finally:
        await other.close()


async def test_a_process_posts_only_its_shards_servers(store: Store):
    clock, poster = before_february(DAY), Poster()
    shard = (GUILD >> 22) % 2
    ends = SeasonEnds(Seasons(store, clock), shards=(2, [1 - shard]))
    ends.poster = poster
    await ends.seasons.announce_in(GUILD, CHANNEL, may_manage=True)
    await finish(store, int(clock.wall() * 1000))
    await clock.advance(2 * DAY)
    assert await ends.announce_due() == 0
    mine = SeasonEnds(Seasons(store, clock), shards=(2, [shard]))
    mine.poster = poster
    assert await mine.announce_due() == 1


async def test_only_members_with_manage_server_choose_the_channel(store: Store):
    seasons = Seasons(store, before_february(DAY))
    with pytest.raises(Exception, match="Manage Server"):
        await seasons.announce_in(GUILD, CHANNEL, may_manage=False)
    assert (await seasons.info(GUILD)).announce_channel is None
    await seasons.announce_in(GUILD, CHANNEL, may_manage=True)
    assert (await seasons.info(GUILD)).announce_channel == CHANNEL


async def test_a_season_started_by_hand_posts_the_calendar_season_it_ended(store: Store):
    clock, poster = before_february(3 * DAY), Poster()
    ends = season_ends(store, clock, poster)
    await ends.seasons.announce_in(GUILD, CHANNEL, may_manage=True)
    await finish(store, int(clock.wall() * 1000), game=GAME)
    await clock.advance(60)
    begun = await ends.seasons.start(GUILD, may_manage=True)
    assert begun.ended is not None and begun.ended.number == 1
    assert await ends.announce_due(GUILD) == 1
    [end] = poster.posts
    assert end.season.number == 1 and end.season.ends_at == int(clock.wall() * 1000)
    assert end.running is not None and (end.running.number, end.running.by_hand) == (2, True)
