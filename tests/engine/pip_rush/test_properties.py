"""Whole random games for 2 and 4 players on both tracks, checked at every step."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import standard_deck
from engine.errors import IllegalAction
from engine.pip_rush.game import PipRushGame
from engine.pip_rush.sim import MAX_PIPS, MIN_PIPS, TEXT_OF
from engine.pip_rush.track import FINISH, LAST_MILE, TRACKS
from engine.registry import GAMES

CARD = re.compile(r"(?<![A-Za-z0-9])[A2-6][SHDC](?![A-Za-z0-9])")
DECK = {str(c) for c in standard_deck(range(1, 7))}

games = st.fixed_dictionaries(
    {
        "players": st.sampled_from([2, 4]),
        "track": st.sampled_from(list(TRACKS)),
        "overtime": st.booleans(),
        "seed": st.integers(0, 2**32 - 1),
    }
)


def new(params: dict[str, Any]) -> PipRushGame:
    options = {"track": params["track"], "overtime": params["overtime"]}
    game = GAMES["pip-rush"].new(params["players"], options, params["seed"])
    assert isinstance(game, PipRushGame)
    return game


def all_views(game: PipRushGame) -> list[dict[str, Any]]:
    return [game.view(seat) for seat in [None, *range(game.players)]]


def cards_in(value: Any) -> set[str]:
    return set(CARD.findall(json.dumps(value)))


def bad_actions(game: PipRushGame, seat: int, rng: random.Random) -> list[tuple[int, Any]]:
    """Malformed actions, illegal ones and legal ones sent by a seat that is not to act."""
    held = {TEXT_OF[c] for c in game.core.hands[seat]}
    not_held = sorted(DECK - held)
    legal = game.legal_actions(seat)
    others = [s for s in range(game.players) if s != seat]
    candidates: list[tuple[int, Any]] = [
        (seat, "play 5H"),
        (seat, {"card": "5H"}),
        (seat, {"type": "dance"}),
        (seat, {"type": "play"}),
        (seat, {"type": "play", "card": "ZZ"}),
        (seat, {"type": "play", "card": 5}),
        (seat, {"type": "play", "card": rng.choice(not_held)}),
        (seat, {**legal[0], "extra": 1}),
        (seat, {"type": "choose_racer", "racer": rng.choice([2, -1, True, "C", None])}),
        (seat, {"type": "choose_racer", "racer": rng.choice([0, 1])}),
        (seat, {"type": "move", "racer": 0, "space": rng.randint(-1, 12),
                "lane": rng.randint(0, 4)}),
        (seat, {"type": "move", "racer": 1, "lane": "2"}),
        (rng.choice(others), rng.choice(legal)),
        (game.players, legal[0]),
    ]
    return [(s, a) for s, a in candidates if not (s == seat and a in legal)]


def race_won(game: PipRushGame, team: int) -> bool:
    """The win condition read from the channel's view: one racer of the team at the Finish,
    the other in the Last Mile."""
    spaces = sorted(r["space"] for r in game.view(None)["racers"] if r["team"] == team)
    return spaces[1] == FINISH and spaces[0] >= LAST_MILE


def check_invariants(game: PipRushGame) -> None:
    racers = game.view(None)["racers"]
    assert all(MIN_PIPS <= r["pips"] <= MAX_PIPS for r in racers)
    cells = [(r["space"], r["lane"]) for r in racers if r["space"] > 0]
    assert len(cells) == len(set(cells)), cells
    for space, lane in cells:
        assert game.track.is_open(space, lane)
    core = game.core
    # The cards of this cycle's finished tricks are out; every other card is somewhere once.
    held = [*(c for h in core.hands for c in h), *core.pile, *core.trick]
    assert len(set(held)) == len(held)
    assert {TEXT_OF[c] for c in held} <= DECK
    if game.outcome is None:
        assert len(held) == 24 - 4 * (core.tricks_played % 6)
    for seat in range(game.players):
        # The last trick's cards were shown to everyone (play_out checks they are the ones
        # played); after a reshuffle they may sit in hands again, so they are left out here.
        visible = cards_in({k: v for k, v in game.view(seat).items() if k != "last_trick"})
        for other in range(game.players):
            if other != seat:
                assert not visible & {TEXT_OF[c] for c in core.hands[other]}
        assert not visible & {TEXT_OF[c] for c in core.pile}
    channel = {k: v for k, v in game.view(None).items() if k != "last_trick"}
    assert not cards_in(channel) & {TEXT_OF[c] for h in core.hands for c in h}


def play_out(params: dict[str, Any], probe: bool) -> tuple[PipRushGame, list[tuple[int, Any]]]:
    game = new(params)
    rng = random.Random(params["seed"])
    log: list[tuple[int, Any]] = []
    tricks_seen = 0
    played: list[str] = []
    choosing: int | None = None
    while game.outcome is None:
        (seat,) = game.to_act()
        legal = game.legal_actions(seat)
        assert legal
        if probe and rng.random() < 0.15:
            before = all_views(game)
            for bad_seat, bad in bad_actions(game, seat, rng):
                with pytest.raises(IllegalAction) as refused:
                    game.apply(bad_seat, bad)
                assert str(refused.value).strip(), bad
            assert all_views(game) == before
        action = rng.choice(legal)
        hidden = {TEXT_OF[c] for h in game.core.hands for c in h} | {
            TEXT_OF[c] for c in game.core.pile}
        hidden.discard(action.get("card", ""))
        events = game.apply(seat, action)
        if choosing is not None:  # what the choice asked for is told to every seat
            public = [event for event in events if "to" not in event]
            assert f"{{s{choosing}'s}} racer" in public[0]["text"], public[0]
        choosing = check_choice_told(game, events)
        log.append((seat, action))
        played += [e["card"] for e in events if e["type"] == "play"]
        for event in events:
            assert isinstance(event["text"], str) and event["text"]
            if "to" not in event:  # a public line never names a card that was hidden
                assert not cards_in(event) & hidden, event
        if game.core.tricks_played > tricks_seen:
            tricks_seen = game.core.tricks_played
            # Only the trick winner's team can meet the win condition (see sim.has_won).
            last = game.view(None)["last_trick"]
            assert [c["card"] for c in last["cards"]] == played[-4:]
            winner_team = last["winner_seat"] % 2
            assert not race_won(game, 1 - winner_team)
            # Each team plays two cards and has two racers: a suit action never lacks one.
            for card in last["cards"]:
                assert not card["result"]["lost"] or card["won"]
        check_invariants(game)
        assert len(log) < 2000
    return game, log


def check_choice_told(game: PipRushGame, events: list[dict[str, Any]]) -> int | None:
    """The seat a choice waits for, if any. No event tells the wait: the chooser's prompt says
    what the card asks of them (text.choice_lines), so a line about it would say it twice, and
    the others read its result, which names the chooser's racer."""
    assert not [event for event in events if ":chooses}" in str(event.get("text"))]
    if game.core.choices is None:
        return None
    (chooser,) = game.to_act()
    return chooser


def check_outcome(game: PipRushGame) -> None:
    outcome = game.outcome
    assert outcome is not None
    assert game.to_act() == []
    teams = game.view(None)["teams"]
    winners = outcome["winners"]
    assert winners in (teams[0], teams[1], sorted(teams[0] + teams[1]))
    assert outcome["shared"] == (len(winners) == game.players)
    assert outcome["ranks"] == [0 if s in winners else 1 for s in range(game.players)]
    won_race = any(race_won(game, t) for t in (0, 1))
    view = game.view(None)
    assert won_race or view["tricks_played"] == view["max_tricks"]
    assert view["tricks_played"] <= view["max_tricks"]
    json.dumps(outcome)


@settings(max_examples=25)
@given(games)
def test_random_games_accept_legal_refuse_illegal_and_keep_invariants(params):
    game, _ = play_out(params, probe=True)
    check_outcome(game)


@settings(max_examples=20)
@given(games)
def test_replaying_the_log_gives_identical_views(params):
    game, log = play_out(params, probe=False)
    replay = new(params)
    for seat, action in log:
        replay.apply(seat, action)
    assert all_views(replay) == all_views(game)
    assert replay.outcome == game.outcome


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("track", list(TRACKS))
def test_every_combination_finishes_with_a_valid_outcome(players, track):
    for seed in range(3):
        game, _ = play_out({"players": players, "track": track, "overtime": False, "seed": seed},
                           probe=False)
        check_outcome(game)
