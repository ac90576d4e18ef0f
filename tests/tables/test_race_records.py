"""/records after PIP Rush races: each race a team wins leaves its biggest win (docs/RULES.md
PR-17), even one whose losers' racers stood further on between them, where the earlier
reckoning left "none yet" after two such races. On both backends."""

from store import Store
from tables.records import server_records
from tests.engine.pip_rush.test_biggest_win import SPEC, fewest_spaces_to_win
from tests.tables.helpers import ANN, BOB, GUILD, human, make_manager, new_table

#: Races the first legal move each time plays out: won on the tiebreak by the lead racer
#: (seed 3) and on pips with the racers level (seed 55), the losers' spaces the more.
SEEDS = (3, 55)


async def test_two_races_won_with_fewer_spaces_added_up_leave_a_biggest_win(store: Store):
    manager = make_manager(store, games={SPEC.name: SPEC})
    margins: dict[int, int] = {}
    try:
        for seed in SEEDS:
            table = await new_table(manager, [human(ANN), human(BOB)], seed=seed, game=SPEC.name)
            while not table.finished:
                seat = table.waiting_for()[0]
                await manager.act(table.id, table.seats[seat].user_id, table.legal_for(seat)[0])
            await manager.wait_idle()
            outcome = table.outcome
            assert outcome is not None and not outcome["shared"]
            [winner] = outcome["winners"]
            assert outcome["scores"][winner] <= outcome["scores"][1 - winner]  # the old "none"
            margin = fewest_spaces_to_win(table.game, 1 - winner)
            margins[table.seats[winner].user_id] = max(margins.get(
                table.seats[winner].user_id, 0), margin)
    finally:
        await manager.close()
    records = await server_records(store, GUILD, SPEC)
    [row] = [row for row in records.moments if row.name == "Biggest win"]
    assert row.unit == "spaces" and row.best is not None
    assert row.best.value == max(margins.values())
    assert margins[row.best.user_id] == row.best.value
