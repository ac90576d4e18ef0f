import pytest

from store import ResultRow, Store
from tables import TableManager
from tables.ratings import DEFAULT_MU, DEFAULT_SIGMA, rate, result_rows
from tests.tables.helpers import ANN, BOB, CAT, DAN, GUILD, computer, human, new_table, play_out


def row(seat: int, user_id: int | None, side: int, rank: int) -> ResultRow:
    return ResultRow(seat=seat, user_id=user_id, side=side, rank=rank, won=rank == 0,
                     win_points=1, score=None)


def test_winner_goes_up_loser_goes_down_from_defaults():
    new = rate([row(0, ANN, 0, 0), row(1, BOB, 1, 1)], {ANN: None, BOB: None})
    assert new[ANN][0] > DEFAULT_MU > new[BOB][0]
    assert new[ANN][1] < DEFAULT_SIGMA and new[BOB][1] < DEFAULT_SIGMA


def test_partners_move_together_and_computers_are_not_rated():
    rows = [row(0, ANN, 0, 0), row(1, None, 1, 1), row(2, CAT, 0, 0), row(3, None, 1, 1)]
    new = rate(rows, {ANN: None, CAT: None})
    assert set(new) == {ANN, CAT}
    assert new[ANN] == pytest.approx(new[CAT])
    assert new[ANN][0] > DEFAULT_MU


def test_beating_a_strong_player_gains_more_than_beating_a_weak_one():
    strong = rate([row(0, ANN, 0, 0), row(1, BOB, 1, 1)], {ANN: None, BOB: (35.0, 3.0)})
    weak = rate([row(0, ANN, 0, 0), row(1, BOB, 1, 1)], {ANN: None, BOB: (15.0, 3.0)})
    assert strong[ANN][0] > weak[ANN][0]


def test_three_sides_rank_in_order():
    rows = [row(0, ANN, 0, 0), row(1, BOB, 1, 1), row(2, CAT, 2, 2)]
    new = rate(rows, dict.fromkeys((ANN, BOB, CAT)))
    assert new[ANN][0] > new[BOB][0] > new[CAT][0]


def test_result_rows_fill_ranks_and_points_from_the_outcome():
    outcome = {"winners": [1, 3], "ranks": [1, 0, 1, 0], "scores": [80, 121, 80, 121],
               "win_points": 2}
    rows = result_rows(outcome, [0, 1, 0, 1], [ANN, BOB, None, DAN])
    assert [(r.won, r.rank, r.score, r.win_points) for r in rows] == [
        (False, 1, 80, 2), (True, 0, 121, 2), (False, 1, 80, 2), (True, 0, 121, 2)
    ]
    bare = result_rows({"winners": [0]}, [0, 1], [ANN, BOB])
    assert [(r.rank, r.score, r.win_points) for r in bare] == [(0, None, 1), (1, None, 1)]


async def test_finished_games_update_ratings_leaderboard_and_stats(
    manager: TableManager, store: Store
):
    resigned = []
    for seed in range(2):  # Bob resigns to Ann twice
        table = await new_table(manager, [human(ANN), human(BOB)], seed=seed)
        await manager.resign(table.id, BOB)
        resigned.append(table.id)
    natural = await new_table(manager, [human(ANN), computer()], seed=9)
    await play_out(manager, natural)

    board = await manager.leaderboard(GUILD, "dash")
    assert [entry["user_id"] for entry in board] == [ANN, BOB]
    ann, bob = board
    assert ann["place"] == 1 and ann["rating"] > bob["rating"]
    ann_won_natural = 0 in natural.outcome["winners"]
    assert (ann["games"], ann["wins"]) == (3, 2 + ann_won_natural)
    assert (bob["games"], bob["wins"], bob["points"]) == (2, 0, 0)
    assert ann["rating"] == round(ann["mu"] - 3 * ann["sigma"], 1)
    assert await manager.leaderboard(GUILD + 1, "dash") == []

    stats = await manager.stats(GUILD, ANN)
    assert (stats["games"], stats["wins"]) == (3, ann["wins"])
    assert [g["game"] for g in stats["per_game"]] == ["dash"]
    assert [r["game_id"] for r in stats["recent"]] == [natural.id, *reversed(resigned)]
    assert (await manager.stats(GUILD, CAT))["games"] == 0


async def test_skunk_points_count_on_the_leaderboard(manager: TableManager):
    # Ann plays her biggest card against an easy computer until she wins with it under half
    # the target: the test game's skunk, worth 2 points.
    for seed in range(40):
        table = await new_table(manager, [human(ANN), computer("easy")], seed=seed,
                                options={"target": 30})
        while not table.finished:
            await manager.wait_idle()
            if not table.finished:
                biggest = max(table.legal_for(0), key=lambda a: a.get("card", 0))
                await manager.act(table.id, ANN, biggest)
        await manager.wait_idle()
        if table.outcome["win_points"] == 2 and 0 in table.outcome["winners"]:
            break
    else:
        pytest.fail("no skunk for Ann in 40 games")
    [ann] = await manager.leaderboard(GUILD, "dash")
    assert ann["skunks"] >= 1 and ann["points"] >= ann["wins"] + 1
