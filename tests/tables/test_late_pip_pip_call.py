"""A Pip Pip! call counts for the stretch of play it was pressed in (docs/RULES.md PP-11,
PP-15): the calls from a trick's first card up to the next lead choose the next trick's trump.

A seat's call buttons read the same from its own play until its next turn, and in that span
another seat leads the next trick. A call stamped before that lead and arriving after it would
choose the trump of the trick after, one it was never pressed for: it is refused as out of date
and changes nothing. A call stamped before the trick ended and arriving before the next lead
still chooses the trump of the trick it was pressed for, so it counts."""

from __future__ import annotations

from typing import Any

import pytest

from engine.contract import Action
from engine.registry import GAMES
from store import Store
from tables import Table, TableManager
from tables.clock import FakeClock
from tables.table import OutOfDate
from tests.tables.helpers import (
    ANN,
    BOB,
    CAT,
    computer,
    first_play,
    human,
    make_manager,
    new_table,
    until,
)

#: A deal of three members, each playing its smallest card, in which a seat may call while
#: the others finish the trick (found by trying seeds; the search below needs only one).
SEED = 2
MOVES = 200

#: Seconds a member takes to read new call buttons and press one: computers play a card every
#: PAUSE meanwhile, so a key that moved on every card would refuse nearly every call.
PRESS_AFTER = 2.0
PAUSE = 0.8
STEP = 0.1
#: Eight seats, Ann and seven easy computers, in which Ann can call before the first lead and
#: later in a trick (found by trying seeds).
BUSY_SEED = 11


def calls(table: Table, seat: int) -> list[Action]:
    return [action for action in table.legal_for(seat) if action["type"] == "call"]


def chosen_trick(table: Table) -> int:
    """The trick whose trump a call made now would choose (PP-11): the next one during a
    trick, the one about to be led between tricks."""
    view = table.public_view()
    return view["trick_number"] + bool(view["trick"])


async def play_turn(manager: TableManager, table: Table) -> None:
    seat = table.waiting_for()[0]
    user = table.seats[seat].user_id
    assert user is not None
    await manager.act(table.id, user, first_play(table, seat))


async def a_call_and_the_moment_after(
    manager: TableManager, table: Table, reached: Any
) -> tuple[int, int, Action, int]:
    """Play until a seat not on turn may call during a trick, then on (the seat's call
    buttons reading the same) until `reached(table, trick)`, `trick` being the one its call
    chose when stamped. Returns the seat, its seat_version then, its call and that trick."""
    for _ in range(MOVES):
        assert not table.finished
        turn = table.waiting_for()[0]
        callers = [s for s in table.to_act() if s != turn and calls(table, s)]
        if not (callers and table.public_view()["trick"]):
            await play_turn(manager, table)
            continue
        seat = callers[0]
        stamped, legal = table.seat_version(seat), table.legal_for(seat)
        call = calls(table, seat)[0]
        trick = chosen_trick(table)
        while table.waiting_for()[0] != seat and table.legal_for(seat) == legal:
            if reached(table, trick):
                return seat, stamped, call, trick
            await play_turn(manager, table)
    raise AssertionError("no call open while play went on")


def next_trick_led(table: Table, trick: int) -> bool:
    return chosen_trick(table) > trick


def trick_over_not_led(table: Table, trick: int) -> bool:
    return not table.public_view()["trick"] and chosen_trick(table) == trick


async def members_table(manager: TableManager) -> Table:
    return await new_table(manager, [human(ANN), human(BOB), human(CAT)], game="pip-pip",
                           options={"rounds": 1}, seed=SEED)


async def test_a_call_arriving_after_the_next_lead_is_refused(store: Store) -> None:
    manager = make_manager(store, games=GAMES)
    table = await members_table(manager)
    seat, stamped, call, trick = await a_call_and_the_moment_after(manager, table,
                                                                   next_trick_led)
    user = table.seats[seat].user_id
    before = (table.version, table.public_view(), len(await store.actions(table.id)))
    with pytest.raises(OutOfDate, match=r"^That move is out of date"):
        await manager.act(table.id, user, call, version=stamped)
    assert (table.version, table.public_view(), len(await store.actions(table.id))) == before
    # The call pressed from buttons of now counts, for the trick after this one.
    events = await manager.act(table.id, user, call, version=table.seat_version(seat))
    assert events[0]["type"] == "call" and table.public_view()["scores"][seat] >= 50
    assert table.public_view()["next_trump"] == call["suit"] and chosen_trick(table) == trick + 1
    await manager.close()


async def test_a_call_arriving_after_the_trick_and_before_the_lead_counts(store: Store) -> None:
    manager = make_manager(store, games=GAMES)
    table = await members_table(manager)
    seat, stamped, call, trick = await a_call_and_the_moment_after(manager, table,
                                                                   trick_over_not_led)
    events = await manager.act(table.id, table.seats[seat].user_id, call, version=stamped)
    assert events[0]["type"] == "call" and "trump from this trick" in events[0]["text"]
    view = table.public_view()
    assert view["trump"] == call["suit"] and view["trick"] == [] and view["trick_number"] == trick
    await manager.close()



def cards_played(table: Table) -> int:
    view = table.public_view()
    return len(view["played"]) + len(view["trick"])


async def test_a_call_at_a_members_speed_counts_while_computers_play_on(store: Store) -> None:
    clock = FakeClock()
    manager = make_manager(store, games=GAMES, clock=clock, forced_delay=0, ai_delay=PAUSE)
    seats = [human(ANN)] + [computer("easy", n) for n in range(1, 8)]
    table = await new_table(manager, seats, game="pip-pip", options={"rounds": 1},
                            seed=BUSY_SEED)
    runner = manager._runners[table.id]

    async def tick() -> None:
        """STEP seconds on; then the computers think until they pause again or are done."""
        await clock.advance(STEP)
        await until(lambda: clock.sleepers > 0 or not runner.busy() or table.finished)

    # Each press: whether it counted; whether Ann's calls, and the trick they choose, were
    # the same when it arrived as when she read them; computer cards played meanwhile.
    presses: list[tuple[bool, bool, bool, int]] = []
    seen_at = -1
    while not table.finished:
        await tick()
        if table.finished:
            break
        if table.waiting_for() == [0]:
            await manager.act(table.id, ANN, first_play(table, 0))
            continue
        if not calls(table, 0) or table.seat_version(0) == seen_at:
            continue
        seen_at = stamped = table.seat_version(0)
        call, legal, trick = calls(table, 0)[0], table.legal_for(0), chosen_trick(table)
        played = cards_played(table)
        for _ in range(round(PRESS_AFTER / STEP)):
            await tick()
        same_calls, same_trick = table.legal_for(0) == legal, chosen_trick(table) == trick
        try:
            await manager.act(table.id, ANN, call, version=stamped)
            counted = True
        except OutOfDate:
            counted = False
        presses.append((counted, same_calls, same_trick, cards_played(table) - played))
    assert all(counted == (same_calls and same_trick)
               for counted, same_calls, same_trick, _ in presses), presses
    # Computers played on while she pressed, and her call counted all the same.
    assert any(counted and meanwhile >= 2 for counted, _, _, meanwhile in presses), presses
    # Her calls read the same, but the next trick was led before her press arrived: refused.
    assert any(same_calls and not same_trick for _, same_calls, same_trick, _ in presses)
    await manager.close()
