"""Every date a player sees comes from the tables' clock, on both backends. The fake clock here
runs days away from the real time, so anything dated by the real time (the store's own stamps,
the moves' log times) would show a different moment: a game's finish, the streak it ends, its
honours (live, found finished at start-up, and backfilled), a member's recent games and a
tournament's placings all carry the clock's time, and the profile says it in its words and its
alt text."""

from engine.milestones import FIRST_WIN, TOURIST
from render.profile import describe_profile, profile_text
from store import Store, StreakRecord
from store.base import iso_of_ms
from tables import Table
from tables.backfill import backfill
from tables.clock import FakeClock
from tables.profiles import build_profile, picture_data
from tables.stats import member_stats
from tests.tables.helpers import ANN, BOB, GUILD, NAMES, human, make_manager, new_table, play_out
from tests.tables.test_honours import HONOURED, card_of

GAMES = {HONOURED.name: HONOURED}
#: Three days after the fake clock's epoch (15 Jan 2027, 08:00 UTC).
DAYS_ON = 3
SHOWN_DAY = "18 Jan 2027"


def days_on_clock() -> FakeClock:
    return FakeClock(start=DAYS_ON * 86_400.0)


def wall_ms(clock: FakeClock) -> int:
    return int(clock.wall() * 1000)


async def dates_of_honours(store: Store, user_id: int) -> dict[str, int]:
    return {a.key: a.earned_at for a in await store.achievements_of(GUILD, user_id)}


async def finished_game(store: Store, clock: FakeClock) -> Table:
    """A game of two members played out on the clock; it ends at the clock's time."""
    manager = make_manager(store, games=GAMES, clock=clock)
    try:
        table = await new_table(manager, [human(ANN), human(BOB)], options={"target": 15})
        await play_out(manager, table)
    finally:
        await manager.close()
    assert table.outcome is not None
    return table


def winner_of(table: Table) -> int:
    [winner] = [table.seats[seat].user_id for seat in table.outcome["winners"]]
    assert winner is not None
    return winner


async def test_a_finished_game_is_dated_on_the_clock_everywhere_a_player_sees_it(store: Store):
    clock = days_on_clock()
    table = await finished_game(store, clock)
    finished = wall_ms(clock)
    assert iso_of_ms(finished) == "2027-01-18T08:00:00.000+00:00"
    record = await store.game(table.id)
    assert record is not None and record.finished_at == finished
    winner = winner_of(table)
    loser = BOB if winner == ANN else ANN

    # The streak it began ends at its finish (the /records line shows that day).
    assert await store.streaks(GUILD, user_id=winner) == [
        StreakRecord(winner, HONOURED.name, best=1, best_ended_at=finished, current=1)]
    assert await store.longest_streak(GUILD, HONOURED.name) == StreakRecord(
        winner, HONOURED.name, best=1, best_ended_at=finished, current=1)
    # Its honours and moments, and the milestones it reached.
    assert await dates_of_honours(store, winner) == {
        "dash:won": finished, FIRST_WIN.key: finished, TOURIST.key: finished}
    assert {m.at for m in await store.best_moments(GUILD, winner)} == {finished}
    # A member's recent games.
    for user_id in (winner, loser):
        [recent] = (await member_stats(store, GUILD, user_id))["recent"]
        assert (recent["game_id"], recent["finished_at"]) == (table.id, finished)

    profile = await build_profile(store, GUILD, winner, name=NAMES[winner], at=finished)
    data = picture_data(profile)
    words = profile_text(data)
    assert f"✓ {FIRST_WIN.name}, all games, {SHOWN_DAY}: {FIRST_WIN.how}" in words
    assert f"{FIRST_WIN.name}, all games, {SHOWN_DAY}" in describe_profile(data)


async def test_the_backfill_dates_honours_by_the_games_finish_not_by_when_it_runs(
    store: Store,
):
    clock = days_on_clock()
    table = await finished_game(store, clock)
    finished = wall_ms(clock)
    winner = winner_of(table)
    # As if the game had finished before honours were kept: its moves were logged at the
    # real time, days before the clock's.
    [last_move] = (await store.actions(table.id))[-1:]
    assert last_move.at < finished - 86_400_000
    for kept in ("achievements", "moments", "honours_recorded"):
        await store.db.execute(f"DELETE FROM {kept}")
    await clock.advance(30 * 86_400.0)

    report = await backfill(store, GAMES)
    assert (report.games, report.skipped) == (1, 0)
    assert await dates_of_honours(store, winner) == {
        "dash:won": finished, FIRST_WIN.key: finished, TOURIST.key: finished}
    assert {m.at for m in await store.best_moments(GUILD, winner)} == {finished}


async def test_a_game_found_finished_at_start_up_is_dated_when_it_was_found(store: Store):
    table = Table(id=0, spec=HONOURED, options={"target": 15}, seed=3,
                  seats=[human(ANN), human(BOB)], guild_id=GUILD, channel_id=2, host_id=ANN)
    game_id = await store.create_game(guild_id=GUILD, channel_id=2, game=HONOURED.name,
                                      options=table.options, seed=3,
                                      seats=[s.to_json() for s in table.seats], host_id=ANN)
    number = 0
    while not table.finished:  # every move logged, the finish itself never written
        seat = table.waiting_for()[0]
        action = card_of(table, seat, 5)
        table.apply(seat, action)
        await store.append_action(game_id, number, seat, action)
        number += 1
    clock = days_on_clock()
    manager = make_manager(store, games=GAMES, clock=clock)
    try:
        await manager.start()
        await manager.wait_idle()
    finally:
        await manager.close()
    found = wall_ms(clock)
    record = await store.game(game_id)
    assert record is not None and (record.status, record.finished_at) == ("finished", found)
    winner = winner_of(table)
    assert (await dates_of_honours(store, winner))["dash:won"] == found
    [streak] = await store.streaks(GUILD, user_id=winner)
    assert streak.best_ended_at == found


async def test_a_tournaments_placings_and_champion_are_dated_on_the_clock(store: Store):
    from engine.achievements import TOURNAMENT_WON
    from engine.registry import GAMES as REGISTRY
    from tables.honours import TournamentHonours
    from tables.tournaments import SWISS
    from tests.tables.tournaments.test_service import GUILD as EVENT_GUILD
    from tests.tables.tournaments.test_service import HOST, running, settle, signed_up

    clock = days_on_clock()
    manager, service, _ = await running(store, clock)
    try:
        service.subscribe(TournamentHonours(store))
        held = await signed_up(service, 4, game="cribbage", format=SWISS,
                               options={"target": 61}, rounds_planned=3)
        await service.start_event(held.id, HOST)
        await settle(manager)
    finally:
        await service.close()
        await manager.close()
    ended = wall_ms(clock)
    placings = {user: await store.user_placings(EVENT_GUILD, user) for user in range(100, 104)}
    assert {p.finished_at for found in placings.values() for p in found} == {iso_of_ms(ended)}
    [champion] = [user for user, [p] in placings.items() if p.place == 1]
    [won] = [a for a in await store.achievements_of(EVENT_GUILD, champion)
             if a.key == TOURNAMENT_WON.key]
    assert won.earned_at == ended

    profile = await build_profile(store, EVENT_GUILD, champion, name="Champ", at=ended)
    data = picture_data(profile)
    title = REGISTRY["cribbage"].title
    placing = f"1st of 4, {title}, {SHOWN_DAY}"
    assert f"Tournaments: {placing}" in profile_text(data)
    assert placing in describe_profile(data)
    assert f"✓ {TOURNAMENT_WON.name}, {title}, {SHOWN_DAY}: {TOURNAMENT_WON.how}" \
        in profile_text(data)
