"""Properties over random whole games for every seating, muggins on and off.

Each example plays a whole game choosing uniformly among the legal actions of a random seat in
to_act() (claims mostly near the top, so muggins games end). Every few steps: offered actions
go through on copies; garbage, wrong and out-of-turn actions raise IllegalAction and change
nothing; no view shows a card its seat may not see. At every step: the 52 cards are all
somewhere; each side's score is its peg's track position; exactly the pegs queued in a box are
boxed, in their cells in order; a boxed peg never moves except to be released at the end of a
deal; events are plain JSON. Each game ends with its winner's peg on the finish, and replaying
(options, seed, actions) gives the same events and views.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import standard_deck
from engine.crib_race import CribRaceGame
from engine.crib_race.track import Peg, position
from engine.registry import GAMES
from tests.engine.cribbage.test_properties import (
    all_views,
    check_events,
    check_offered_actions_are_accepted,
    hidden_from,
    probe_illegal,
    strings_in,
)

FULL_DECK = Counter(standard_deck())
SEATINGS = [(2, False), (3, False), (4, False), (4, True), (6, True), (8, True)]


def check_views_hide_cards(game: CribRaceGame) -> None:
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        # The board is the static board file (no cards); earlier deals used other shuffles.
        current = {k: v for k, v in view.items()
                   if k not in ("last_show", "first_cut", "board")}
        # With six players the dealing team's own discards lie under the deck: they know them.
        own = {str(c) for c in game.discards[seat]} if seat is not None else set()
        leaked = (hidden_from(game, seat) - own) & strings_in(current)
        assert not leaked, f"seat {seat} sees {leaked} in phase {game.phase}"


def check_pegs(game: CribRaceGame, before: list[Peg], released: set[int]) -> None:
    board = game.board
    queued = {side: (name, cell) for name, queue in game.box_queues.items()
              for cell, side in enumerate(queue)}
    for side, peg in enumerate(game.pegs):
        assert game.scores[side] == position(board, peg)
        if side in queued:
            assert peg == Peg(*queued[side])
        else:
            assert not peg.is_boxed(board)
        if before[side].is_boxed(board) and side not in released:
            assert peg.is_boxed(board) and peg.path == before[side].path


def check_outcome(game: CribRaceGame) -> None:
    outcome = game.outcome
    assert outcome is not None and game.to_act() == []
    side = game.sides.side_of[outcome["winners"][0]]
    assert outcome["winners"] == game.sides.seats_of(side)
    assert game.pegs[side].finished(game.board)
    assert [p.finished(game.board) for p in game.pegs].count(True) == 1
    assert outcome["scores"][outcome["winners"][0]] == game.board.finish
    assert outcome["win_points"] in (1, 2, 3) and outcome["shared"] is False


def choose(game: CribRaceGame, rng: random.Random) -> tuple[int, dict[str, Any]]:
    seat = rng.choice(game.to_act())
    legal = game.legal_actions(seat)
    assert legal, f"seat {seat} must act but has no legal action"
    action = rng.choice(legal)
    if action["type"] == "claim" and rng.random() < 0.8:
        claims = [a for a in legal if a["type"] == "claim"]
        action = rng.choice(claims[-14:])
    return seat, action


def play_game(players: int, options: dict[str, Any], seed: int, *, probe_every: int = 0
              ) -> tuple[CribRaceGame, list[tuple[int, dict]], list[list[dict]]]:
    game = GAMES["crib-race"].new(players, options, seed)
    assert isinstance(game, CribRaceGame)
    rng = random.Random(seed)
    log: list[tuple[int, dict]] = []
    all_events: list[list[dict]] = []
    while game.outcome is None:
        if probe_every and len(log) % probe_every == 0:
            probe_illegal(game, rng)
            check_offered_actions_are_accepted(game, rng)
            check_views_hide_cards(game)
        seat, action = choose(game, rng)
        before = list(game.pegs)
        events = game.apply(seat, action)
        check_events(events, players)
        released = {e["side"] for e in events if e["type"] == "zone" and e["kind"] == "release"}
        check_pegs(game, before, released)
        cards = game.all_cards()
        plan = game.core.plan
        assert len(set(cards)) == len(cards) == sum(plan.cards) + plan.crib_from_deck + 1
        log.append((seat, action))
        all_events.append(events)
        # Random claimers mostly over-claim and must recount, so 8-seat muggins games run to
        # several thousand actions (7,099 seen); a stuck game would run on for ever.
        assert len(log) < 30000, "the game does not end"
    check_outcome(game)
    return game, log, all_events


@settings(max_examples=14, deadline=None)
@given(seating=st.sampled_from(SEATINGS), seed=st.integers(0, 2**32 - 1),
       muggins=st.booleans())
def test_random_games_keep_every_rule_for_every_seating(
    seating: tuple[int, bool], seed: int, muggins: bool
) -> None:
    players, teams = seating
    play_game(players, {"teams": teams, "muggins": muggins}, seed, probe_every=15)


@settings(max_examples=6, deadline=None)
@given(seating=st.sampled_from(SEATINGS), seed=st.integers(0, 2**32 - 1),
       muggins=st.booleans())
def test_replaying_a_game_gives_the_same_events_and_views(
    seating: tuple[int, bool], seed: int, muggins: bool
) -> None:
    players, teams = seating
    options = {"teams": teams, "muggins": muggins}
    game, log, events = play_game(players, options, seed)
    replay = GAMES["crib-race"].new(players, options, seed)
    for (seat, action), expected in zip(log, events, strict=True):
        assert replay.apply(seat, action) == expected
    assert all_views(replay) == all_views(game)
