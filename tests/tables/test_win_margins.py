"""A game's biggest win, counted the way its points count: where the fewest points win (the
seventh game, Black Lady, `GameSpec.fewest_points_win`) it is how many more points the nearest
loser took than the winner, and a real game's is the winner's lead, as before. The table
records it as the game ends, /records and the profile say it, and the backfill, replaying the
game's log, finds the same. On both backends."""

from __future__ import annotations

from typing import Any

import pytest

from engine.registry import GAMES
from store import Store
from tables.backfill import replayed_honours
from tables.profiles import moment_lines
from tables.records import server_records
from tests.tables.helpers import ANN, BOB, CAT, GUILD, human, make_manager, new_table

#: (game, members, options, seed): each played out by the first legal action to a win that
#: nobody shares.
GAMES_PLAYED = [
    ("black-lady", [ANN, BOB, CAT], {"points": 26}, 4),
    ("cribbage", [ANN, BOB], {"target": 61}, 7),
]


def expected_margin(name: str, outcome: dict[str, Any]) -> int:
    """The winner's margin, reckoned here from the scores as a player would."""
    [winner] = outcome["winners"]
    scores = outcome["scores"]
    losers = [score for seat, score in enumerate(scores) if seat != winner]
    if name == "black-lady":  # points taken: the nearest loser took the fewest after the winner
        return min(losers) - scores[winner]
    return scores[winner] - max(losers)


@pytest.mark.parametrize(("name", "members", "options", "seed"), GAMES_PLAYED)
async def test_the_biggest_win_is_counted_as_the_games_points_count(
    store: Store, name: str, members: list[int], options: dict[str, Any], seed: int
) -> None:
    spec = GAMES[name]
    manager = make_manager(store, games={name: spec})
    try:
        table = await new_table(manager, [human(m) for m in members], seed=seed,
                                options=options, game=name)
        while not table.finished:
            seat = table.waiting_for()[0]
            await manager.act(table.id, table.seats[seat].user_id, table.legal_for(seat)[0])
        await manager.wait_idle()
    finally:
        await manager.close()
    outcome = table.outcome
    assert outcome is not None and not outcome.get("shared") and len(outcome["winners"]) == 1
    margin = expected_margin(name, outcome)
    assert margin > 0
    winner = table.seats[outcome["winners"][0]].user_id

    record = await store.record_moment(GUILD, name, "win")
    assert record is not None
    assert (record.user_id, record.value, record.game_id) == (winner, margin, table.id)
    [row] = [row for row in (await server_records(store, GUILD, spec)).moments
             if row.name == "Biggest win"]
    assert row.best == record and row.unit == "points"
    lines = moment_lines(await store.best_moments(GUILD, winner))
    assert [(line.label, line.value) for line in lines if line.game == name
            and line.label == "biggest win"] == [("biggest win", margin)]
    for member in members:
        if member != winner:
            assert not [line for line in moment_lines(await store.best_moments(GUILD, member))
                        if line.label == "biggest win"]

    game = await store.game(table.id)
    assert game is not None
    replayed = replayed_honours(game, spec, await store.actions(table.id))
    assert replayed is not None
    assert [(user, value) for _, user, kind, value in replayed.moments if kind == "win"] == [
        (winner, margin)]
