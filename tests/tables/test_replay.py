"""Replays rebuilt from the stored log: each frame's picture with hands hidden is the very
picture the live table drew at that move, hands come face up on request, and only finished
games of this server are replayed."""

from __future__ import annotations

import random
from typing import Any

import pytest

import render
from engine.errors import IllegalAction
from engine.registry import GAMES
from store import Store
from tables.replay import check_replayable, frame_of, replay_of
from tables.seats import SeatInfo
from tables.table import RESIGN, Table

GUILD = 5
SEATS = [SeatInfo(11, "Ann"), SeatInfo(None, "Computer (easy)", "easy"),
         SeatInfo(13, "Cid"), SeatInfo(None, "Dee", "easy")]
#: Short games, so every move can be drawn twice.
QUICK = {"cribbage": {"target": 61}, "pip-cribbage": {"target": 61}, "crib-race": {}}


async def play_and_store(store: Store, game: str, players: int, seed: int,
                         draw_every: int = 1, resign_after: int | None = None
                         ) -> tuple[int, dict[int, bytes], Table]:
    """A whole game played on a live Table, each accepted move written to the store as the
    manager does; returns the game id, the table picture drawn live after every
    `draw_every`-th move (by move number, 0 = the deal), and the table."""
    spec = GAMES[game]
    seats = SEATS[:players]
    options = QUICK.get(game, {})
    game_id = await store.create_game(
        guild_id=GUILD, channel_id=1, game=game, options=options, seed=seed,
        seats=[s.to_json() for s in seats], host_id=11)
    table = Table(id=game_id, spec=spec, options=options, seed=seed, seats=seats,
                  guild_id=GUILD, channel_id=1, host_id=11)
    rng = random.Random(seed)
    live = {0: render.draw_table(game, table.public_view())}
    while not table.finished:
        if resign_after is not None and table.version == resign_after:
            seat, action = 0, {"type": RESIGN}
        else:
            seat = table.to_act()[0]
            legal = table.legal_for(seat)
            action = spec.ai(table.view_for(seat), legal, rng, "easy")
        table.apply(seat, action)
        await store.append_action(game_id, table.version, seat, action)
        if table.version % draw_every == 0 or table.finished:
            live[table.version] = render.draw_table(game, table.public_view())
    await store.set_status(game_id, "finished")
    return game_id, live, table


async def test_every_frame_with_hands_hidden_is_the_live_table_picture_byte_for_byte(
        store: Store) -> None:
    game_id, live, table = await play_and_store(store, "cribbage", 2, seed=3)
    replay = await replay_of(store, await check_replayable(store, game_id, GUILD))
    assert replay.last == table.version == len(live) - 1
    for index, picture in live.items():
        frame = await frame_of(replay, index, hands=False)
        assert frame.index == index and frame.hands == []
        assert render.draw_table("cribbage", frame.view) == picture, f"frame {index} differs"


@pytest.mark.parametrize("game,players", [("pip-cribbage", 2), ("crib-race", 3),
                                          ("pip-rush", 4), ("pip-pip", 3), ("cribbage", 4)])
async def test_sampled_frames_of_every_game_match_the_live_pictures(
        store: Store, game: str, players: int) -> None:
    game_id, live, _ = await play_and_store(store, game, players, seed=8, draw_every=17)
    replay = await replay_of(store, await check_replayable(store, game_id, GUILD))
    for index, picture in live.items():
        frame = await frame_of(replay, index, hands=False)
        assert render.draw_table(game, frame.view) == picture, f"{game} frame {index} differs"


async def test_a_resigned_game_replays_to_the_resignation(store: Store) -> None:
    game_id, live, _ = await play_and_store(store, "cribbage", 2, seed=4, resign_after=9)
    replay = await replay_of(store, await check_replayable(store, game_id, GUILD))
    assert replay.last == 10
    last = await frame_of(replay, replay.last, hands=False)
    assert last.view["outcome"]["resigned"] == 0
    assert last.lines == ["Ann resigned."]
    assert render.draw_table("cribbage", last.view) == live[10]


async def test_hands_come_face_up_with_their_seat_views_and_the_move_lines(store: Store) -> None:
    game_id, _, table = await play_and_store(store, "cribbage", 2, seed=5, draw_every=1000)
    replay = await replay_of(store, await check_replayable(store, game_id, GUILD))
    deal = await frame_of(replay, 0, hands=True)
    assert [h["seat"] for h in deal.hands] == [0, 1]
    assert all(len(h["hand"]) == 6 for h in deal.hands)  # two players: six cards each
    assert [len(legal) > 0 for legal in deal.legal] == [True, True]  # both discard
    first = await frame_of(replay, 1, hands=True)
    assert first.lines and all("{s" not in line for line in first.lines)
    beyond = await frame_of(replay, replay.last + 50, hands=False)
    assert beyond.index == replay.last and beyond.view["outcome"] == table.outcome
    picture = render.draw_revealed("cribbage", {**deal.view, "revealed": deal.hands})
    assert picture[:8] == b"\x89PNG\r\n\x1a\n"


async def test_only_finished_games_of_this_server_are_replayed(store: Store) -> None:
    seats: list[dict[str, Any]] = [s.to_json() for s in SEATS[:2]]
    running = await store.create_game(guild_id=GUILD, channel_id=1, game="cribbage",
                                      options={}, seed=1, seats=seats, host_id=11)
    abandoned = await store.create_game(guild_id=GUILD, channel_id=1, game="cribbage",
                                        options={}, seed=1, seats=seats, host_id=11)
    await store.set_status(abandoned, "abandoned")
    elsewhere = await store.create_game(guild_id=GUILD + 1, channel_id=1, game="cribbage",
                                        options={}, seed=1, seats=seats, host_id=11)
    await store.set_status(elsewhere, "finished")
    refusals = {}
    for game_id in (999, running, abandoned, elsewhere):
        with pytest.raises(IllegalAction) as refusal:
            await check_replayable(store, game_id, GUILD)
        refusals[game_id] = str(refusal.value)
    assert refusals == {
        999: "There is no game #999 in this server.",
        running: f"Game #{running} is still being played: replay it once it is over.",
        abandoned: f"Game #{abandoned} did not finish, so there is nothing to replay.",
        elsewhere: f"There is no game #{elsewhere} in this server.",
    }
