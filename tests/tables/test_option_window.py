"""A computer waits for a member's optional move that its own move would take away: a
Muggins! press on the computer's short hand claim stays open until the member presses or
OPTION_WINDOW seconds have passed since it was offered. Moves that take nothing away (a
Pip Pip call that stays open) are not slowed, and a member who is away holds nothing."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from engine.contract import Action, View
from engine.cribbage.ai import cribbage_count, waiting_count
from engine.registry import GAMES
from store import Store
from tables import Table, TableManager
from tables.clock import FakeClock
from tables.runner import OPTION_WINDOW
from tests.tables.helpers import ANN, BOB, computer, human, make_manager, new_table, until
from tests.tables.test_off_turn import MUGGINS, member_move, play_until

PAUSE = 0.8
#: A Pip Pip deal in which Ann, playing her highest card, can often call off her turn.
PIP_PIP_SEED = 22
CRIBBAGE = GAMES["cribbage"]


def undercounting(view: View, legal: list[Action], rng: random.Random, level: str) -> Action:
    """The normal computer, except that it claims 0 for a hand worth points."""
    upcoming = view["next_count"]
    if upcoming is not None and upcoming["kind"] == "hand" and waiting_count(
            view, cribbage_count) > 0:
        return {"type": "claim", "points": 0}
    assert CRIBBAGE.ai is not None
    return CRIBBAGE.ai(view, legal, rng, level=level)


def games(undercounts: bool) -> dict[str, Any]:
    spec = dataclasses.replace(CRIBBAGE, ai=undercounting) if undercounts else CRIBBAGE
    return {CRIBBAGE.name: spec}


def before_the_computers_show(table: Table) -> bool:
    """Ann's hand claim waits; then the computer, which dealt, counts its hand (worth
    points) and its crib."""
    view = table.view_for(1)
    upcoming = view["next_count"]
    if upcoming is None or upcoming["seat"] != 0 or view["dealer"] != 1:
        return False
    own = {"kind": "hand", "seat": 1, "cards": view["hand"]}
    return waiting_count({**view, "next_count": own}, cribbage_count) > 0


async def advance(clock: FakeClock, seconds: float) -> None:
    """Move time on once the computer is waiting on the clock (its pause, or a member)."""
    await until(lambda: clock.sleepers > 0)
    await clock.advance(seconds)


async def reaches(table: Table, version: int) -> None:
    await until(lambda: table.version >= version or table.finished)
    assert table.version == version


async def at_the_computers_claim(store: Store, undercounts: bool, seat_ann_away: bool = False
                                 ) -> tuple[TableManager, Table, FakeClock]:
    """Play (computers at once) to Ann's hand claim before the computer's show; then the
    computer pauses as in production and Ann claims exactly."""
    clock = FakeClock()
    manager = make_manager(store, games=games(undercounts), clock=clock, forced_delay=0)
    table = await new_table(manager, [human(ANN), computer("normal")], game=CRIBBAGE.name,
                            options=MUGGINS, seed=3)
    await play_until(manager, table, 0, lambda: before_the_computers_show(table))
    manager.ai_delay = PAUSE
    if seat_ann_away:
        await manager.play_for(table.id, [0], "Ann is away.")
    else:
        await manager.act(table.id, ANN, member_move(table, 0))
    return manager, table, clock


def offered(table: Table) -> bool:
    """Ann may press Muggins! on the computer's hand claim; the game waits for its crib."""
    return (table.legal_for(0) == [{"type": "muggins"}] and table.waiting_for() == [1]
            and table.view_for(0)["next_count"]["kind"] == "crib")


async def test_a_member_gets_the_window_to_catch_a_short_claim(store: Store) -> None:
    manager, table, clock = await at_the_computers_claim(store, undercounts=True)
    claimed = table.version
    await advance(clock, PAUSE)
    await until(lambda: table.version == claimed + 1)  # the hand, claimed 0
    assert offered(table)
    score = table.public_view()["scores"][0]
    # Without the window the crib would be claimed a pause later; it waits until the
    # window since the offer has passed.
    await advance(clock, OPTION_WINDOW - 0.1)
    assert table.version == claimed + 1 and offered(table)
    events = await manager.act(table.id, ANN, {"type": "muggins"})
    assert events[0]["type"] == "muggins"
    await manager.act(table.id, ANN, {"type": "keep"})
    assert table.public_view()["scores"][0] > score
    await advance(clock, PAUSE)
    await until(lambda: table.waiting_for() == [0])  # the crib claimed, Ann's press is next
    assert table.view_for(0)["show"][-1]["kind"] == "crib"
    await manager.close()


async def test_the_computer_moves_once_the_window_has_passed(store: Store) -> None:
    manager, table, clock = await at_the_computers_claim(store, undercounts=True)
    claimed = table.version
    await advance(clock, PAUSE)
    await until(lambda: table.version == claimed + 1)
    await advance(clock, OPTION_WINDOW - 0.01)
    assert table.version == claimed + 1
    await advance(clock, 0.01)
    await until(lambda: table.version == claimed + 2)
    assert table.waiting_for() == [0] and table.view_for(0)["show"][-1]["kind"] == "crib"
    await manager.close()


async def test_the_computer_moves_at_once_when_the_member_presses(store: Store) -> None:
    manager, table, clock = await at_the_computers_claim(store, undercounts=False)
    claimed = table.version
    await advance(clock, PAUSE)
    await until(lambda: table.version == claimed + 1)
    assert offered(table)
    await advance(clock, 1.5)
    await manager.act(table.id, ANN, {"type": "muggins"})  # a right claim: takes nothing
    await until(lambda: table.version == claimed + 3)  # the crib, claimed with no pause
    assert table.waiting_for() == [0] and table.view_for(0)["show"][-1]["kind"] == "crib"
    await manager.close()


async def test_a_member_who_is_away_holds_nothing(store: Store) -> None:
    manager, table, clock = await at_the_computers_claim(store, undercounts=False,
                                                         seat_ann_away=True)
    start = table.version
    # The computer claims Ann's hand for her, then its hand, then its crib: a pause each.
    for moves in range(1, 4):
        await advance(clock, PAUSE)
        await reaches(table, start + moves)
        if moves == 2:
            assert 0 in table.to_act() and 0 not in table.waiting_for()  # an offer to no one
    assert table.view_for(0)["show"][-1]["kind"] == "crib"
    await manager.close()


async def test_an_open_pip_pip_call_does_not_slow_the_computers(store: Store) -> None:
    """Ann never calls: every computer move follows the one before by one pause, also while
    her call has just become possible and stays open."""
    clock = FakeClock()
    manager = make_manager(store, games=GAMES, clock=clock, forced_delay=0, ai_delay=PAUSE)
    table = await new_table(manager, [human(ANN), computer("easy"), computer("easy", 2)],
                            game="pip-pip", options={"rounds": 1}, seed=PIP_PIP_SEED)
    runner = manager._runners[table.id]
    computer_moves_with_a_fresh_call = 0
    while not table.finished:
        await until(lambda: 0 in table.waiting_for() or clock.sleepers > 0 or table.finished)
        if table.finished:
            break
        if 0 in table.waiting_for():
            plays = [a for a in table.legal_for(0) if a["type"] == "play"]
            await manager.act(table.id, ANN, plays[-1])
            continue
        fresh = 0 in runner.offers and clock.now() - runner.offers[0][1] < OPTION_WINDOW
        next_version = table.version + 1
        await advance(clock, PAUSE)
        await reaches(table, next_version)
        computer_moves_with_a_fresh_call += fresh
    assert computer_moves_with_a_fresh_call > 0, "Ann never had a call open"
    await manager.wait_idle()
    assert table.status == "finished"
    await manager.close()


async def test_a_computer_waits_for_a_members_cheer_only_while_its_window_is_open(
    store: Store,
) -> None:
    """In the test game Dash the seat whose turn comes loses its cheer: the computer before
    Ann waits for her while her offer is fresh, not once it is old."""
    clock = FakeClock()
    manager = make_manager(store, clock=clock, ai_delay=PAUSE)
    table = await new_table(manager, [human(BOB), computer(), human(ANN)])
    await manager.act(table.id, BOB, next(a for a in table.legal_for(0) if a["type"] == "play"))
    assert table.waiting_for() == [1] and table.legal_for(2) == [{"type": "cheer"}]
    # Ann's cheer was offered when the game began, at this clock's start: its window is
    # open for OPTION_WINDOW from then.
    await advance(clock, PAUSE)
    assert table.waiting_for() == [1]
    await advance(clock, OPTION_WINDOW - PAUSE - 0.01)
    assert table.waiting_for() == [1]
    await advance(clock, 0.01)
    await until(lambda: table.waiting_for() == [2])
    await manager.close()
