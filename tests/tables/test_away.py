"""What the computer plays for a member is not the member's (tables/away.py): who played each
seat is logged, so a 29 hand counted while the computer played a member's seat earns them
nothing, live and in the backfill alike, and survives a restart; a member who forfeited a
tournament table is not rated on its game, while the others are."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.errors import IllegalAction
from engine.milestones import EVERY_GAME
from engine.registry import GAMES
from store import Store
from tables import TableManager
from tables.away import FORFEITED
from tables.backfill import replayed_honours
from tables.replay import replay_of
from tables.resume import build_table
from tables.table import Table
from tests.engine.cribbage.stacking import stacked_game
from tests.tables.helpers import ANN, BOB, CAT, computer, human, make_manager, new_table

TWENTY_NINE = "cribbage:twenty-nine"
#: Ann (seat 0) is dealt 5H 5D 5C JS 2H 3H and the 5S is turned: keeping the three fives and
#: the jack of spades counts 29.
STACKED = replace(GAMES["cribbage"], factory=lambda players, options, seed: stacked_game(
    ("5H 5D 5C JS 2H 3H", "KD KC QD QC 9S 8S"), dealer=1, starter="5S", **options))


@pytest.fixture
async def stacked(store: Store):
    manager = make_manager(store, games={"cribbage": STACKED}, forced_delay=0)
    yield manager
    await manager.close()


async def honours_stored(store: Store, game_id: int) -> tuple[set[Any], set[Any]]:
    """(user_id, achievement) and (seat, user_id, kind, value) the game is credited with from
    its events (milestones, read from results, are another matter: tests/tables/
    test_milestones.py)."""
    earned = {(r["user_id"], r["achievement"]) for r in await store.db.fetch(
        "SELECT user_id, achievement FROM achievements WHERE game_id = ? AND game <> ?",
        (game_id, EVERY_GAME))}
    moments = {(r["seat"], r["user_id"], r["kind"], r["value"]) for r in await store.db.fetch(
        "SELECT seat, user_id, kind, value FROM moments WHERE game_id = ?", (game_id,))}
    return earned, moments


async def ann_counted_29(store: Store, table: Table) -> bool:
    """Whether the game's log, replayed, has Ann's hand shown for 29; a replay's moves leave
    the markers out."""
    record = await store.game(table.id)
    assert record is not None
    rows = await store.actions(table.id)
    moves = (await replay_of(store, record)).log
    assert moves == [(r.seat, r.action) for r in rows if not r.action["type"].startswith("_")]
    assert len(moves) < len(rows)
    again = build_table(record, STACKED, [])
    events = [e for seat, action in moves for e in again.apply(seat, action, logged=True)]
    return any(e["type"] == "show" and e["seat"] == 0 and e["points"] == 29 for e in events)


async def the_29_deal(manager: TableManager, ann_plays_the_deal: bool) -> Table:
    """Ann discards to keep the 29 herself; then either the computer plays her seat at once,
    or she plays on herself until her hand is counted and only then leaves it to the
    computer. Either way the computer finishes the game for her."""
    table = await new_table(manager, [human(ANN), computer()], game="cribbage",
                            options={"target": 61})
    await manager.act(table.id, ANN, {"type": "discard", "cards": ["2H", "3H"]})
    while ann_plays_the_deal and (0, "hand") not in table.tally.best:
        await manager.wait_idle()
        if 0 in table.waiting_for():
            await manager.act(table.id, ANN, table.legal_for(0)[0])
    await manager.play_for(table.id, [0], "Ann is away.")
    while not table.finished:
        await manager.wait_idle()
    await manager.wait_idle()
    return table


@pytest.mark.parametrize("ann_plays_the_deal", [False, True])
async def test_a_29_counted_while_the_computer_plays_for_ann_is_not_hers(
    stacked: TableManager, store: Store, ann_plays_the_deal: bool
):
    table = await the_29_deal(stacked, ann_plays_the_deal)
    assert await ann_counted_29(store, table)
    earned, moments = await honours_stored(store, table.id)
    assert ((ANN, TWENTY_NINE) in earned) is ann_plays_the_deal
    # Her best hand is the 29 when she played it; away, no moment of hers is kept at all:
    # she was away from the first deal to the end.
    ann_moments = {kind: value for seat, _, kind, value in moments if seat == 0}
    assert ann_moments.get("hand") == (29 if ann_plays_the_deal else None)
    assert bool(ann_moments) is ann_plays_the_deal
    assert not any(key.endswith(("comeback", "double-skunk")) for _, key in earned)
    # The backfill reads the same from the log alone.
    record = await store.game(table.id)
    assert record is not None
    again = replayed_honours(record, STACKED, await store.actions(table.id))
    assert again is not None
    assert set(again.achievements) == earned
    assert set(again.moments) == moments
    # Her rating counts the game either way: she left it to the computer herself.
    assert {c.user_id for c in table.rating_changes} == {ANN}


async def test_the_log_records_who_played_and_a_restart_keeps_it(store: Store):
    manager = make_manager(store)
    table = await new_table(manager, [human(ANN), human(BOB)])
    await manager.play_for(table.id, [0], "Ann is away.")
    await manager.play_for(table.id, [0], "Ann is away.")  # already away: nothing more
    await manager.wait_idle()
    log = [(row.seat, row.action["type"]) for row in await store.actions(table.id)]
    assert log[0] == (0, "_away") and [kind for _, kind in log].count("_away") == 1
    assert "Ann is away." in table.recent
    await manager.close()

    manager = make_manager(store)
    [rebuilt] = await manager.start()
    assert rebuilt.away == {0} and rebuilt.version == len(log)
    await manager.wait_idle()
    await manager.back(rebuilt.id, ANN)
    assert rebuilt.away == set()
    assert (await store.actions(rebuilt.id))[-1].action == {"type": "_back"}
    await manager.close()


async def test_a_seat_forfeited_stays_the_computers(store: Store):
    manager = make_manager(store)
    table = await new_table(manager, [human(ANN), human(BOB), human(CAT)])
    await manager.play_for(table.id, [1], "Bob forfeited.", forfeit=True)
    assert table.forfeited == {1} and table.away == {1}
    await manager.back(table.id, BOB)
    assert table.away == {1}
    version = table.version
    await manager.wait_idle()
    with pytest.raises(IllegalAction) as refused:
        await manager.act(table.id, BOB, {"type": "cheer"})
    assert str(refused.value) == FORFEITED
    assert [row.action for row in await store.actions(table.id)][version - 1] == {
        "type": "_forfeit"}
    await manager.close()


@pytest.mark.parametrize("refused", [
    {"type": "play", "card": 1},  # not Bob's turn
    {"type": "play", "card": "ace"},  # not even a card
])
async def test_a_refused_move_leaves_an_away_member_away(store: Store, refused: dict[str, Any]):
    """Bad input changes nothing: an away member's refused move logs no `_back`; the move the
    game takes brings them back, the marker logged just before it."""
    manager = make_manager(store)
    table = await new_table(manager, [human(ANN), human(BOB)])
    await manager.play_for(table.id, [1], "Bob is away.")
    await manager.wait_idle()
    version, logged = table.version, len(await store.actions(table.id))
    with pytest.raises(IllegalAction):
        await manager.act(table.id, BOB, refused)
    assert table.away == {1} and table.version == version
    assert len(await store.actions(table.id)) == logged

    await manager.act(table.id, BOB, {"type": "cheer"})  # an off-turn move Dash takes
    assert table.away == set()
    assert [(row.seat, row.action) for row in await store.actions(table.id)][logged:] == [
        (1, {"type": "_back"}), (1, {"type": "cheer"})]
    await manager.close()
