"""Properties over random whole games of 2, 3 and 4 players, muggins on and off.

Each example plays a whole game choosing uniformly among the legal actions of a random seat in
to_act(). Every few steps: offered actions are accepted (tried on copies of the game); garbage,
wrong and out-of-turn actions raise IllegalAction and change no view; no view shows another
seat's hidden cards, the crib before it is shown, or the deck. At every step: the 52 cards are
all somewhere; scores never fall; events are plain JSON. Each game ends with a valid outcome,
and replaying its (options, seed, actions) gives the same events and views.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, standard_deck
from engine.cribbage import CribbageGame
from engine.cribbage.pieces import CARD_OF, CRIB
from engine.errors import IllegalAction
from engine.registry import GAMES

FULL_DECK = Counter(standard_deck())
GARBAGE: list[Any] = [
    None, 7, "go", ["go"], {}, {"type": None}, {"type": 3}, {"type": "fly"},
    {"type": "play"}, {"type": "play", "card": None}, {"type": "play", "card": "ZZ"},
    {"type": "play", "card": ["5H"]}, {"type": "play", "card": 5},
    {"type": "discard"}, {"type": "discard", "cards": 5}, {"type": "discard", "cards": [{}]},
    {"type": "discard", "cards": ["5H", "5H", "5H"]}, {"type": "discard", "cards": []},
    {"type": "discard", "cards": "XX YY"},
    {"type": "claim"}, {"type": "claim", "points": "many"}, {"type": "claim", "points": -1},
    {"type": "claim", "points": True}, {"type": "claim", "points": 2.5},
    {"type": "claim", "points": 999}, {"type": "go"}, {"type": "muggins"}, {"type": "keep"},
    {"type": "give_back"}, {"type": "pass"},
]


def is_legal(game: CribbageGame, seat: int, action: Any) -> bool:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return False
    if seat not in game.to_act():
        return False
    try:
        return game.normalize(seat, dict(action)) in game.legal_actions(seat)
    except IllegalAction:
        return False


def all_views(game: CribbageGame) -> str:
    return json.dumps([game.view(s) for s in [None, *range(game.players)]], sort_keys=True)


def hidden_from(game: CribbageGame, seat: int | None) -> set[str]:
    """Cards `seat` must not see now: the starter before the cut, the crib until shown, other
    seats' holdings."""
    core = game.core
    hidden: list[Card] = [] if game.starter is not None else [CARD_OF[core.starter]]
    crib_shown = any(r.kind == "crib" and (r.claimed is not None or r.breakdown)
                     for r in game.show_counts) or (
        game.phase == "show" and core.step_index < len(core.steps)
        and core.steps[core.step_index][0] == CRIB
    )
    if not crib_shown:
        own = game.discards[seat] if seat is not None else []
        hidden += [c for c in game.crib if c not in own]
    for other in range(game.players):
        if other == seat:
            continue
        if game.phase == "discard":
            hidden += game.hands[other] + game.discards[other]
        elif game.phase == "play":
            hidden += [CARD_OF[piece] for piece in core.peg_hands[other]]
    return {str(c) for c in hidden}


def strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def check_views_hide_cards(game: CribbageGame) -> None:
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        # Earlier deals and the first cut used other shuffles: their cards say nothing now.
        current = {k: v for k, v in view.items() if k not in ("last_show", "first_cut")}
        leaked = hidden_from(game, seat) & strings_in(current)
        assert not leaked, f"seat {seat} sees {leaked} in phase {game.phase}"


def probe_illegal(game: CribbageGame, rng: random.Random) -> None:
    before = all_views(game)
    state = game.rng.getstate()
    acting = game.to_act()
    probes: list[tuple[Any, Any]] = [(rng.choice(acting), a) for a in rng.sample(GARBAGE, 6)]
    idle = [s for s in range(game.players) if s not in acting]
    if idle:
        probes.append((rng.choice(idle), rng.choice(game.legal_actions(acting[0]))))
    probes += [(-1, {"type": "go"}), (game.players, {"type": "go"}), ("0", {"type": "go"})]
    if game.phase == "play":
        seat = acting[0]
        held = [CARD_OF[piece] for piece in game.core.peg_hands[seat]]
        not_held = [c for c in standard_deck() if c not in held]
        probes.append((seat, {"type": "play", "card": str(rng.choice(not_held))}))
    if game.phase == "discard":
        seat = acting[0]
        probes.append((seat, {"type": "discard", "cards": [str(game.hands[seat][0])] * 2}))
        probes.append((seat, {"type": "discard", "cards": [str(c) for c in game.hands[seat]]}))
    for seat, action in probes:
        if isinstance(seat, int) and is_legal(game, seat, action):
            continue
        with pytest.raises(IllegalAction) as refused:
            game.apply(seat, action)  # type: ignore[arg-type]
        assert str(refused.value).strip(), "an IllegalAction needs a message for the player"
    assert all_views(game) == before
    assert game.rng.getstate() == state


def check_offered_actions_are_accepted(game: CribbageGame, rng: random.Random) -> None:
    """Every offered action (a sample of the claims) goes through on a copy of the game."""
    for seat in game.to_act():
        legal = game.legal_actions(seat)
        for action in rng.sample(legal, min(2, len(legal))):
            copy.deepcopy(game).apply(seat, action)


def check_events(events: list[dict[str, Any]], players: int) -> None:
    json.dumps(events)
    for event in events:
        assert isinstance(event["type"], str) and isinstance(event["text"], str)
        if event["type"] == "discard_cards":
            assert event["to"] == event["seat"]
        if "to" in event:
            assert 0 <= event["to"] < players


def check_cards_dealt(game: CribbageGame) -> None:
    """Every card the deal dealt is in exactly one place (a hand, the crib, under the deck,
    the starter), and none is missing."""
    cards = game.all_cards()
    plan = game.core.plan
    assert len(set(cards)) == len(cards) == sum(plan.cards) + plan.crib_from_deck + 1


def check_outcome(game: CribbageGame) -> None:
    outcome = game.outcome
    assert outcome is not None and game.to_act() == []
    winners = outcome["winners"]
    side = game.sides.side_of[winners[0]]
    assert winners == game.sides.seats_of(side)
    assert game.scores[side] >= game.core.target
    assert all(score < game.core.target for s, score in enumerate(game.scores) if s != side)
    assert len(outcome["ranks"]) == len(outcome["scores"]) == game.players
    assert [outcome["ranks"][s] for s in winners] == [0] * len(winners)
    assert outcome["win_points"] in (1, 2, 3) and outcome["shared"] is False
    if game.core.target == 61:
        assert outcome["win_points"] <= 2


def play_game(
    players: int, options: dict[str, Any], seed: int, *, probe_every: int = 0
) -> tuple[CribbageGame, list[tuple[int, dict]], list[list[dict]]]:
    game = GAMES["cribbage"].new(players, options, seed)
    assert isinstance(game, CribbageGame)
    rng = random.Random(seed)
    log: list[tuple[int, dict]] = []
    all_events: list[list[dict]] = []
    while game.outcome is None:
        assert game.to_act(), "a running game always waits for somebody"
        if probe_every and len(log) % probe_every == 0:
            probe_illegal(game, rng)
            check_offered_actions_are_accepted(game, rng)
            check_views_hide_cards(game)
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} must act but has no legal action"
        # Muggins games: mostly claim near the top so whole games stay short.
        action = rng.choice(legal)
        if action["type"] == "claim" and rng.random() < 0.8:
            action = legal[rng.randrange(max(0, len(legal) - 14), len(legal))]
            if action["type"] != "claim":
                action = legal[0]
        scores = list(game.scores)
        events = game.apply(seat, action)
        check_events(events, players)
        assert all(new >= old for new, old in zip(game.scores, scores, strict=True))
        check_cards_dealt(game)
        log.append((seat, action))
        all_events.append(events)
        assert len(log) < 5000, "the game does not end"
    check_outcome(game)
    return game, log, all_events


@settings(max_examples=24)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32 - 1),
    muggins=st.booleans(),
    target=st.sampled_from([121, 61]),
)
def test_random_games_accept_every_legal_action_and_refuse_the_rest(
    players: int, seed: int, muggins: bool, target: int
) -> None:
    play_game(players, {"muggins": muggins, "target": target}, seed, probe_every=5)


@settings(max_examples=12)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1),
       muggins=st.booleans())
def test_replaying_a_game_gives_the_same_events_and_views(
    players: int, seed: int, muggins: bool
) -> None:
    options = {"muggins": muggins, "target": 61}
    game, log, events = play_game(players, options, seed)
    replay = GAMES["cribbage"].new(players, options, seed)
    for (seat, action), expected in zip(log, events, strict=True):
        assert replay.apply(seat, action) == expected
    assert all_views(replay) == all_views(game)


def test_dealt_cards_hold_under_every_seat_count() -> None:
    for players in (2, 3, 4):
        game = GAMES["cribbage"].new(players, {}, seed=players)
        sizes = game.view(None)["hand_sizes"]
        assert sizes == [6, 6] if players == 2 else sizes == [5] * players
        check_cards_dealt(game)
