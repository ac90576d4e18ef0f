"""A press counts only for the decision it was made for: a Muggins! offer on one claim and the
offer on the next read the same legal actions, yet a press stamped for the first, arriving
once the next count has been claimed, is refused and changes nothing. Moves of other seats
that leave a seat's decision as it was (the simultaneous discard) never stale its buttons."""

from __future__ import annotations

import pytest

from engine.cribbage.ai import cribbage_count, waiting_count
from engine.errors import IllegalAction
from engine.registry import GAMES
from store import Store
from tables import Table, TableManager
from tests.tables.helpers import ANN, BOB, CAT, human, make_manager, new_table

MUGGINS = {"muggins": True, "target": 121}
PRESS = {"type": "muggins"}


def honest_move(table: Table, seat: int) -> dict:
    """Claim exactly, pass on the last count, keep muggins points, else the first move."""
    legal = table.legal_for(seat)
    kinds = {action["type"] for action in legal}
    if "claim" in kinds:
        return {"type": "claim", "points": waiting_count(table.view_for(seat), cribbage_count)}
    for kind in ("keep", "pass"):
        if kind in kinds:
            return {"type": kind}
    return legal[0]


async def move(manager: TableManager, table: Table, seat: int) -> None:
    user = table.seats[seat].user_id
    assert user is not None
    await manager.act(table.id, user, honest_move(table, seat))


async def to_a_second_offer_alike(manager: TableManager, table: Table) -> tuple[int, int, dict]:
    """Play on until a seat offered only Muggins! sees the count after it claimed and is
    offered only Muggins! again. Returns (that seat, its version at the first offer, the
    claim the first offer was about)."""
    for _ in range(400):
        await manager.wait_idle()
        waiting = table.waiting_for()
        assert waiting and not table.finished
        offered = [s for s in range(len(table.seats))
                   if table.legal_for(s) == [PRESS] and s not in waiting]
        counter = waiting[0]
        if offered and table.view_for(counter)["phase"] == "show":
            seat = offered[0]
            stamped, about = table.seat_version(seat), table.view_for(seat)["muggins"]["claim"]
            await move(manager, table, counter)
            if table.legal_for(seat) == [PRESS]:
                assert table.view_for(seat)["muggins"]["claim"] != about  # a new claim
                return seat, stamped, about
            continue
        await move(manager, table, waiting[0])
    raise AssertionError("no two Muggins! offers in a row")


async def test_a_press_for_a_claim_whose_window_closed_is_refused(store: Store) -> None:
    manager = make_manager(store, games=GAMES)
    table = await new_table(manager, [human(ANN), human(BOB), human(CAT)], game="cribbage",
                            options=MUGGINS, seed=11)
    seat, stamped, _ = await to_a_second_offer_alike(manager, table)
    before = (table.version, table.public_view(), len(await store.actions(table.id)))
    with pytest.raises(IllegalAction, match="out of date"):
        await manager.act(table.id, table.seats[seat].user_id, PRESS, version=stamped)
    await manager.wait_idle()
    assert (table.version, table.public_view(), len(await store.actions(table.id))) == before
    # Pressed from buttons built for the claim on show, the press counts for that claim.
    await manager.act(table.id, table.seats[seat].user_id, PRESS,
                      version=table.seat_version(seat))
    assert (await store.actions(table.id))[-1].action == PRESS
    await manager.close()


async def test_the_discard_is_not_staled_by_another_seats_discard(store: Store) -> None:
    manager = make_manager(store, games=GAMES)
    table = await new_table(manager, [human(ANN), human(BOB), human(CAT)], game="cribbage",
                            options=MUGGINS, seed=11)
    stamped = [table.seat_version(seat) for seat in range(3)]
    for seat in range(3):
        assert table.seat_version(seat) == stamped[seat]
        user = table.seats[seat].user_id
        assert user is not None
        await manager.act(table.id, user, honest_move(table, seat), version=stamped[seat])
    assert table.view_for(0)["phase"] == "play"
    await manager.close()
