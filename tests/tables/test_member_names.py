"""Lists read back from results (the leaderboard, a season's champions, /records) name each
member as they last sat at a table here, from the seats the store keeps: a member who has left
the server is no "unknown user". On both backends."""

from cogs import text
from engine.registry import GAMES
from store import Store
from tables import SeatInfo, TableManager
from tables.seasons import Seasons
from tests.tables.helpers import ANN, BOB, CAT, GUILD, human, new_table

OTHER_GUILD = GUILD + 1


async def test_the_name_a_member_last_played_under_is_the_one_given(
    manager: TableManager, store: Store
):
    first = await new_table(manager, [human(ANN), human(BOB)], seed=1)
    await manager.resign(first.id, BOB)
    # Ann changes her display name; her next game here keeps the new one.
    renamed = await new_table(manager, [SeatInfo(user_id=ANN, name="Annie *the* Great"),
                                        human(BOB)], seed=2)
    await manager.resign(renamed.id, ANN)
    # A game that is still running has no result: it names nobody yet.
    await new_table(manager, [SeatInfo(user_id=ANN, name="Not yet"), human(BOB)], seed=3)

    assert await store.last_names(GUILD, [ANN, BOB, CAT]) == {
        ANN: "Annie *the* Great", BOB: "Bob"}
    assert await store.last_names(OTHER_GUILD, [ANN, BOB]) == {}
    assert await store.last_names(GUILD, []) == {}


async def test_the_leaderboard_and_champions_name_members_without_mentions(
    manager: TableManager, store: Store
):
    seasons = Seasons(store, manager.clock)
    begun = await seasons.start(GUILD, may_manage=True)
    table = await new_table(manager, [SeatInfo(user_id=ANN, name="Ann_"), human(BOB)], seed=4)
    await manager.resign(table.id, BOB)

    for which in (None, "all-time", str(begun.season.number)):
        rows = (await seasons.leaderboard(GUILD, "dash", which)).rows
        assert [(row["user_id"], row["name"]) for row in rows] == [(ANN, "Ann_"), (BOB, "Bob")]
    assert [row["name"] for row in await manager.leaderboard(GUILD, "dash")] == ["Ann_", "Bob"]
    board = text.leaderboard_content(manager.games["dash"], rows)
    assert board.splitlines()[1].startswith("**1.** Ann\\_ — ")  # escaped, not a mention
    assert board.splitlines()[2].startswith("**2.** Bob — ")
    assert "<@" not in board

    ended = await seasons.end(GUILD, may_manage=True)
    [champion] = await seasons.champions(GUILD, ended.number, {"dash": manager.games["dash"]})
    assert champion.names == ("Ann_",)


def test_a_member_the_store_knows_no_name_of_is_a_mention_that_pings_nobody() -> None:
    rows = [{"user_id": 7, "rating": 1.0, "wins": 1, "games": 1, "name": None}]
    board = text.leaderboard_content(GAMES["cribbage"], rows)
    assert "**1.** <@7> — 1.0 · 1 won" in board
