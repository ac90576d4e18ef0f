"""Milestones as games finish, on both backends: each member's new ones said once in the
table's lines and stored before the move is answered; computers earn none; the backfill awards
those of past results without a word, dated by the game that reached them."""

import asyncio

from engine.achievements import Achievement
from engine.milestones import (
    EVERY_GAME,
    FIRST_WIN,
    GAMES_MILESTONES,
    ON_A_ROLL,
    TOURIST,
    WINS_MILESTONES,
)
from store import Store
from tables.backfill import backfill
from tables.clock import FakeClock
from tables.milestones import milestone_line, run_ended_line
from tests.store.test_milestones import computer as computer_seat
from tests.store.test_milestones import finished, member
from tests.tables.helpers import (
    ANN,
    BOB,
    CAT,
    GUILD,
    NAMES,
    computer,
    human,
    make_manager,
    new_table,
    play_out,
)
from tests.tables.race_game import DASH

ONE_GAME = {DASH.name: DASH}  # Tourist: a game of dash


def said(table) -> list[str]:
    return [line for line in table.recent if line.startswith("🏅 ") and " a milestone: " in line]


def line(user_id: int, milestone: Achievement) -> str:
    return milestone_line([NAMES[user_id]], milestone)


async def held(store: Store, user_id: int) -> dict[str, int | None]:
    return {a.key: a.game_id for a in await store.achievements_of(GUILD, user_id)
            if a.game == EVERY_GAME}


async def test_a_finished_game_says_each_members_new_milestones_once(store: Store):
    manager = make_manager(store, games=ONE_GAME)
    try:
        first = await new_table(manager, [human(ANN), human(BOB)], options={"target": 15})
        await play_out(manager, first)
        [winner] = [first.seats[s].user_id for s in first.outcome["winners"]]
        loser = BOB if winner == ANN else ANN
        # Reached by both at once: one line naming both, in seat order, not a line each.
        assert sorted(said(first)) == sorted([
            line(winner, FIRST_WIN),
            "🏅 Ann and Bob reach a milestone: Tourist (Finish a game of every game the bot"
            " offers)."])
        assert await held(store, winner) == {FIRST_WIN.key: first.id, TOURIST.key: first.id}
        assert await held(store, loser) == {TOURIST.key: first.id}

        again = await new_table(manager, [human(ANN), human(BOB)], options={"target": 15})
        await play_out(manager, again)
        [second_winner] = [again.seats[s].user_id for s in again.outcome["winners"]]
        expected = [line(second_winner, FIRST_WIN)] if second_winner == loser else []
        assert said(again) == expected, "Tourist and a first win are said once"
    finally:
        await manager.close()


async def test_the_tenth_game_is_ten_games_and_computers_earn_none(store: Store):
    manager = make_manager(store, games=ONE_GAME)
    try:
        for number in range(1, 11):
            table = await new_table(manager, [human(ANN), computer("easy")], seed=number,
                                    options={"target": 15})
            await play_out(manager, table)
            ten = line(ANN, GAMES_MILESTONES[10])
            assert (ten in said(table)) == (number == 10)
            assert all(text.startswith("🏅 Ann reaches a milestone: ") for text in said(table))
        rows = await store.db.fetch("SELECT DISTINCT user_id FROM achievements")
        assert [row["user_id"] for row in rows] == [ANN]
    finally:
        await manager.close()


async def test_the_backfill_awards_past_results_unannounced_and_once(store: Store):
    manager = make_manager(store, games=ONE_GAME)
    try:
        games = []
        for seed in range(3):
            table = await new_table(manager, [human(ANN), human(BOB)], seed=seed,
                                    options={"target": 15})
            await play_out(manager, table)
            games.append(table)
    finally:
        await manager.close()
    expected = {user: await held(store, user) for user in (ANN, BOB)}
    assert expected[ANN] and expected[BOB]
    # As if the games had finished before milestones were kept.
    await store.db.execute("DELETE FROM achievements")
    report = await backfill(store, ONE_GAME)
    assert report.milestones == sum(len(found) for found in expected.values())
    assert {user: await held(store, user) for user in (ANN, BOB)} == expected
    again = await backfill(store, ONE_GAME)
    assert again.milestones == 0


async def test_only_what_the_game_itself_reached_is_said(store: Store):
    """Results from before milestones were kept, which the backfill has not come to yet: the
    next game awards what they reached without a word, and says only its own."""
    for _ in range(9):
        await finished(store, [member(ANN), member(BOB)], {0})
    manager = make_manager(store, games=ONE_GAME)
    try:
        table = await new_table(manager, [human(ANN), computer("easy")], options={"target": 15})
        await play_out(manager, table)
    finally:
        await manager.close()
    won = 0 in table.outcome["winners"]
    expected = [line(ANN, GAMES_MILESTONES[10])]
    if won:
        expected.append(line(ANN, WINS_MILESTONES[10]))
    assert said(table) == expected
    mine = await held(store, ANN)
    assert all(mine[key] not in (None, table.id) for key in (FIRST_WIN.key, TOURIST.key,
                                                             ON_A_ROLL.key))



async def test_a_milestone_awarded_by_another_finish_is_said_at_the_game_that_reached_it(
    store: Store, monkeypatch
):
    """Two of Ann and Bob's games finish at once: the first one's milestones wait while the
    second one's are recorded, and the second awards the tenth game (and Ann's first win),
    which the first reached. Each is said once, at the first game's table."""
    for _ in range(9):
        await finished(store, [member(ANN), member(BOB)], {1})
    await backfill(store, ONE_GAME)  # what those reached is held already
    manager = make_manager(store, games=ONE_GAME)
    first = await new_table(manager, [human(ANN), human(BOB)], options={"target": 15})
    second = await new_table(manager, [human(ANN), human(BOB)], options={"target": 15})
    waiting, go_on = asyncio.Event(), asyncio.Event()
    games_played = store.games_played

    async def first_read_held_back(guild_id: int, user_id: int):
        if not waiting.is_set():
            waiting.set()
            await go_on.wait()
        return await games_played(guild_id, user_id)

    monkeypatch.setattr(store, "games_played", first_read_held_back)
    try:
        first_ends = asyncio.create_task(manager.resign(first.id, BOB))
        await waiting.wait()  # the first game's finish is committed; its milestones wait
        await manager.resign(second.id, BOB)
        go_on.set()
        await first_ends
        await manager.wait_idle()
    finally:
        await manager.close()
    assert sorted(said(first)) == sorted([
        milestone_line(["Ann", "Bob"], GAMES_MILESTONES[10]), line(ANN, FIRST_WIN)])
    assert said(second) == []
    assert (await held(store, ANN))[GAMES_MILESTONES[10].key] == first.id
    assert (await held(store, ANN))[FIRST_WIN.key] == first.id


async def test_the_backfill_reads_again_only_members_with_newer_results(store: Store,
                                                                      monkeypatch):
    """At the next start only the members with a game finished since the last pass are read,
    and what they are awarded is what a pass over everyone would award."""
    for _ in range(9):
        await finished(store, [member(ANN), member(BOB)], {0})
    await store.db.execute("UPDATE games SET updated_at = ?", ("2026-01-01T00:00:00.000+00:00",))
    await finished(store, [member(CAT)], {0})  # the newest game
    read: list[int] = []
    games_played = store.games_played

    async def counted(guild_id: int, user_id: int):
        read.append(user_id)
        return await games_played(guild_id, user_id)

    monkeypatch.setattr(store, "games_played", counted)
    first = await backfill(store, ONE_GAME)
    assert first.milestones and sorted(read) == [ANN, BOB, CAT]
    read.clear()
    assert (await backfill(store, ONE_GAME)).milestones == 0
    # The newest game's members are read again: one finishing in the same millisecond may
    # have come in after the pass looked.
    assert read == [CAT]

    await finished(store, [member(BOB), computer_seat("easy")], {0})  # Bob's tenth, a win
    again = await backfill(store, ONE_GAME)
    assert BOB in read and ANN not in read
    assert again.milestones == 2  # 10 games and his first win
    incremental = {user: await held(store, user) for user in (ANN, BOB)}
    await store.db.execute("DELETE FROM achievements")
    await store.db.execute("DELETE FROM milestone_marks")
    await backfill(store, ONE_GAME)
    assert {user: await held(store, user) for user in (ANN, BOB)} == incremental

    read.clear()
    await backfill(store, {**ONE_GAME, "other": DASH})  # Tourist asks for more: everyone
    assert sorted(set(read)) == [ANN, BOB, CAT]


async def test_milestones_are_dated_by_the_tables_clock(store: Store):
    """A milestone is dated as the game's results and season are: by the tables' clock when
    it finished (a fake clock's time here, far from the real one), live and in the backfill."""
    clock = FakeClock(start=3 * 86_400)
    manager = make_manager(store, games=ONE_GAME, clock=clock)
    try:
        table = await new_table(manager, [human(ANN), computer("easy")], options={"target": 15})
        await play_out(manager, table)
        ended = int(clock.wall() * 1000)
    finally:
        await manager.close()
    dated = {a.key: a.earned_at for a in await store.achievements_of(GUILD, ANN)
             if a.game == EVERY_GAME}
    assert dated and set(dated.values()) == {ended}
    [point] = {p.at for p in await store.rating_history(GUILD, ANN)}
    assert point == ended  # the same moment its rating counts from

    await store.db.execute("DELETE FROM achievements")
    await backfill(store, ONE_GAME)
    assert {a.key: a.earned_at for a in await store.achievements_of(GUILD, ANN)
            if a.game == EVERY_GAME} == dated


async def test_a_run_of_five_wins_or_more_ending_is_said_in_one_line(store: Store):
    """Ann won her last five rated games of dash here (a game with hints between them breaks
    nothing); she resigns the next, and the table says her run ended, once: her next loss
    ends no run, and Bob's wins end none."""
    for number in range(5):
        await finished(store, [member(ANN), member(BOB)], {0}, at=1000 + number)
    await finished(store, [member(ANN), member(BOB)], {1}, assisted=True, at=1010)
    manager = make_manager(store, games=ONE_GAME)
    try:
        table = await new_table(manager, [human(ANN), human(BOB)], options={"target": 15})
        await manager.resign(table.id, ANN)
        await manager.wait_idle()
        again = await new_table(manager, [human(ANN), human(BOB)], options={"target": 15})
        await manager.resign(again.id, ANN)
        await manager.wait_idle()
    finally:
        await manager.close()
    ended = run_ended_line(0, 5).replace("{s0}", "Ann")
    assert ended == "Ann's run of 5 wins in a row ends."
    assert [line for line in table.recent if "wins in a row" in line] == [ended]
    assert not [line for line in again.recent if "wins in a row" in line]
