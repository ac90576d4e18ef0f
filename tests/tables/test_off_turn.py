"""Computer seats take their optional moves (GameSpec.off_turn): a Muggins! press while a
member's next count waits, asked once per table version, after the computer's pause, logged
and replayed like any move; declines end the work; members who are away are never asked."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from engine.contract import Action, View
from engine.cribbage.ai import cribbage_count, waiting_count
from engine.registry import GAMES
from store import Store
from tables import Table, TableManager
from tables.clock import FakeClock
from tables.computer import choose_off_turn
from tests.tables.helpers import (
    ANN,
    BOB,
    computer,
    first_play,
    human,
    make_manager,
    new_table,
    until,
)
from tests.tables.race_game import DASH

MUGGINS = {"muggins": True, "target": 61}
#: A game in which Ann deals a hand worth points early (found by trying seeds).
SEED = 3
#: The same for the easy computer, which catches only about half: it presses in the first
#: and lets the claim stand in the second.
EASY_PRESSES, EASY_DECLINES = 10, 3
#: How far past the short claim a replay is compared: the rest of that deal and more.
MOVES_AFTER = 30
#: Guards against a runner that never stops asking; not a timing: it stops at once.
HANG = 60.0


def member_move(table: Table, seat: int, short: bool = False) -> Action:
    """A member who claims exactly (or 0 when `short`), passes on the last count, keeps
    muggins points, and otherwise makes the first legal move."""
    legal = table.legal_for(seat)
    kinds = {action["type"] for action in legal}
    if "claim" in kinds:
        exact = waiting_count(table.view_for(seat), cribbage_count)
        return {"type": "claim", "points": 0 if short else exact}
    for kind in ("keep", "pass"):
        if kind in kinds:
            return {"type": kind}
    return legal[0]


def hand_waits_while_dealing(view: View, seat: int) -> bool:
    """`seat` dealt and its hand, worth points, waits for its claim: its crib comes next."""
    upcoming = view["next_count"]
    return (upcoming is not None and upcoming["seat"] == seat and upcoming["kind"] == "hand"
            and view["dealer"] == seat and waiting_count(view, cribbage_count) > 0)


async def play_until(manager: TableManager, table: Table, seat: int,
                     reached: Callable[[], bool]) -> None:
    """The member at `seat` moves whenever waited for until `reached` (computers answer)."""
    user = table.seats[seat].user_id
    assert user is not None
    while True:
        await manager.wait_idle()
        if reached():
            return
        assert not table.finished, "the game ended first"
        assert table.waiting_for() == [seat]
        await manager.act(table.id, user, member_move(table, seat))


async def to_the_short_claim(manager: TableManager, table: Table) -> int:
    """Play to Ann's dealt hand worth points; returns its points."""
    await play_until(manager, table, 0, lambda: hand_waits_while_dealing(table.view_for(0), 0))
    return waiting_count(table.view_for(0), cribbage_count)


def cribbage_table(manager: TableManager, level: str, seed: int) -> Any:
    return new_table(manager, [human(ANN), computer(level)], game="cribbage",
                     options=MUGGINS, seed=seed)


async def log_of(store: Store, table: Table) -> list[tuple[int, Action]]:
    return [(row.seat, row.action) for row in await store.actions(table.id)]


async def test_the_computer_presses_before_the_members_crib_claim_and_keeps_the_points(
    store: Store,
) -> None:
    clock = FakeClock()
    manager = make_manager(store, games=GAMES, clock=clock, forced_delay=0)
    table = await cribbage_table(manager, "normal", SEED)
    missed = await to_the_short_claim(manager, table)
    manager.ai_delay = 5.0
    claimed_at = table.version
    before = table.public_view()["scores"]
    await manager.act(table.id, ANN, member_move(table, 0, short=True))
    await until(lambda: clock.sleepers == 1)
    await clock.advance(4.9)
    assert table.version == claimed_at + 1  # the computer takes its usual pause first
    await clock.advance(0.1)
    await until(lambda: clock.sleepers == 1)  # pressed, and pausing before its choice
    assert table.version == claimed_at + 2
    await clock.advance(5.0)
    await manager.wait_idle()
    assert (await log_of(store, table))[claimed_at:] == [
        (0, {"type": "claim", "points": 0}), (1, {"type": "muggins"}), (1, {"type": "keep"})]
    assert table.public_view()["scores"] == [before[0], before[1] + missed]
    assert table.waiting_for() == [0]
    assert table.view_for(0)["next_count"]["kind"] == "crib"
    updates = [events for _, _, events in manager.recorder.updates]  # type: ignore[attr-defined]
    assert [e["type"] for e in updates[-2]] == ["muggins"]
    await manager.close()


@pytest.mark.parametrize(("seed", "presses"), [(EASY_PRESSES, True), (EASY_DECLINES, False)])
async def test_a_restart_in_the_window_decides_the_same_way(
    database_url: str, seed: int, presses: bool
) -> None:
    """The easy computer's choice is drawn from the table's seed and version: a bot that
    restarts before the choice is made makes the same one."""
    reference = await Store.open(":memory:")
    manager = make_manager(reference, games=GAMES)
    table = await cribbage_table(manager, "easy", seed)
    await to_the_short_claim(manager, table)
    short = table.version
    await manager.act(table.id, ANN, member_move(table, 0, short=True))
    await play_until(manager, table, 0, lambda: table.version >= short + MOVES_AFTER)
    expected = (await log_of(reference, table))[:short + MOVES_AFTER]
    await manager.close()
    await reference.close()
    assert (expected[short + 1] == (1, {"type": "muggins"})) == presses

    store = await Store.open(database_url)
    clock = FakeClock()
    manager = make_manager(store, games=GAMES, clock=clock, forced_delay=0)
    table = await cribbage_table(manager, "easy", seed)
    await to_the_short_claim(manager, table)
    manager.ai_delay = 5.0  # the bot goes down during the computer's pause
    await manager.act(table.id, ANN, member_move(table, 0, short=True))
    await manager.close()
    assert await log_of(store, table) == expected[:short + 1]  # nothing decided yet
    await store.close()

    store = await Store.open(database_url)
    manager = make_manager(store, games=GAMES)
    [rebuilt] = await manager.start()
    await play_until(manager, rebuilt, 0, lambda: rebuilt.version >= short + MOVES_AFTER)
    assert (await log_of(store, rebuilt))[:short + MOVES_AFTER] == expected
    await manager.close()
    await store.close()


def dash_with(off_turn: Callable[..., Action | None]) -> dict[str, Any]:
    return {DASH.name: dataclasses.replace(DASH, off_turn=off_turn)}


async def test_a_decline_is_asked_once_per_version_and_the_runner_stops(store: Store) -> None:
    asked: list[tuple[int, int]] = []

    def decline(view: View, legal: list[Action], rng: Any, level: str) -> None:
        assert legal == [{"type": "cheer"}]
        asked.append((view["version"], view["seat"]))

    manager = make_manager(store, games=dash_with(decline))
    table = await new_table(manager, [human(ANN), computer(), computer(number=2)])
    await asyncio.wait_for(manager.wait_idle(), timeout=HANG)
    assert asked == [(0, 1), (0, 2)]
    await manager.act(table.id, ANN, first_play(table, 0))
    await asyncio.wait_for(manager.wait_idle(), timeout=HANG)
    # Seat 2 may cheer while seat 1 plays, then seat 1 while seat 2 plays, then both again
    # while Ann plays: each once, at the version it could.
    assert asked == [(0, 1), (0, 2), (1, 2), (2, 1), (3, 1), (3, 2)]
    assert [seat for seat, _ in await log_of(store, table)] == [0, 1, 2]
    await manager.close()


async def test_an_optional_move_is_played_logged_and_announced(store: Store) -> None:
    manager = make_manager(store, games=dash_with(lambda view, legal, rng, level: legal[0]))
    table = await new_table(manager, [human(ANN), computer(), computer(number=2)])
    await manager.wait_idle()
    assert await log_of(store, table) == [(1, {"type": "cheer"}), (2, {"type": "cheer"})]
    assert table.waiting_for() == [0] and table.version == 2
    assert "Computer 1 cheers!" in table.recent and "Computer 2 cheers!" in table.recent
    updates = manager.recorder.updates  # type: ignore[attr-defined]
    assert [(version, [e["type"] for e in events]) for _, version, events in updates] == [
        (1, ["cheer"]), (2, ["cheer"])]
    await manager.close()


async def test_a_member_who_is_away_is_never_asked(store: Store) -> None:
    asked: list[int] = []

    def cheer(view: View, legal: list[Action], rng: Any, level: str) -> Action:
        asked.append(view["seat"])
        return legal[0]

    manager = make_manager(store, games=dash_with(cheer))
    table = await new_table(manager, [human(ANN), human(BOB), computer()])
    await manager.wait_idle()
    assert asked == [2]
    await manager.play_for(table.id, [0], "Ann is away.")  # the computer plays Ann's turn
    await manager.wait_idle()
    # Bob's turn: Ann may cheer, but only a member may choose to.
    assert table.waiting_for() == [1] and 0 in table.to_act() and 0 in table.away
    assert asked == [2]
    await manager.close()


def test_the_expert_judges_its_optional_moves_as_hard_does() -> None:
    levels: list[str] = []

    def record(view: View, legal: list[Action], rng: Any, level: str) -> None:
        levels.append(level)

    spec = dash_with(record)[DASH.name]
    game = spec.new(3, {}, 1)
    view, legal = game.view(1), game.legal_actions(1)
    for level in ("expert", "hard", "easy"):
        assert choose_off_turn(spec, view, legal, 1, 0, level) is None
    assert levels == ["hard", "hard", "easy"]
