"""Properties over many random whole games, muggins on and off, to 121 and 61.

Each example plays a game choosing uniformly among the legal actions of a random seat in
to_act(), and checks as it goes: every offered action is accepted; garbage, wrong and
out-of-turn actions raise IllegalAction and change no view; the 52 cards are all somewhere
and each die is laid exactly as often as the rules say; the dice stay on the track with faces
1-6; scores never fall; no view shows the other hand, the crib before it is shown, or the
deck; views and events are plain JSON. Each game ends with a valid outcome, and replaying its
(options, seed, actions) gives the same events and views.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, parse_card, parse_cards, standard_deck
from engine.cribbage.pieces import CARD_OF
from engine.cribbage.scoring import FlushRule, hand_total
from engine.errors import IllegalAction
from engine.pip_cribbage import PipCribbageGame
from engine.registry import GAMES

FULL_DECK = Counter(standard_deck())
GARBAGE: list[Any] = [
    None, 7, "go", {}, {"type": None}, {"type": "fly"}, {"type": "play"},
    {"type": "play", "card": None}, {"type": "play", "card": "ZZ"}, {"type": "play", "card": 5},
    {"type": "play", "card": "P7"}, {"type": "play", "card": "P0"},
    {"type": "play", "card": "PIP 9"}, {"type": "play", "card": "P1"},
    {"type": "discard"}, {"type": "discard", "cards": []}, {"type": "discard", "cards": 5},
    {"type": "discard", "cards": ["P3"]}, {"type": "crux"}, {"type": "crux", "choice": 5},
    {"type": "crux", "choice": "both"}, {"type": "crux", "choice": "renew"},
    {"type": "flip"}, {"type": "flip", "face": "x"}, {"type": "flip", "face": True},
    {"type": "flip", "face": 9}, {"type": "keep_die"}, {"type": "claim", "points": -1},
    {"type": "claim", "points": 999}, {"type": "go"}, {"type": "muggins"}, {"type": "pass"},
]


def all_views(game: PipCribbageGame) -> str:
    return json.dumps([game.view(s) for s in (None, 0, 1)], sort_keys=True)


def is_legal(game: PipCribbageGame, seat: int, action: Any) -> bool:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return False
    if seat not in game.to_act():
        return False
    try:
        return game.normalize(seat, dict(action)) in game.legal_actions(seat)
    except IllegalAction:
        return False


def strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(strings_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(strings_in(v) for v in value))
    return set()


def hidden_from(game: PipCribbageGame, seat: int | None) -> set[str]:
    """Cards `seat` may not see now. Dice are public, so only cards count."""
    core = game.core
    hidden: list[Card] = [] if game.starter is not None else [CARD_OF[core.starter]]
    next_count = game.view(None)["next_count"] or {}
    crib_shown = next_count.get("kind") == "crib" or any(
        r.kind == "crib" and (r.claimed is not None or r.breakdown)
        for r in game.show_counts)
    if not crib_shown:
        own = game.discards[seat] if seat is not None else []
        hidden += [c for c in game.crib if c not in own]
    for other in (0, 1):
        if other == seat:
            continue
        if game.phase in ("crux", "discard"):
            hidden += game.hands[other] + game.discards[other]
        elif game.phase == "play":
            hidden += [CARD_OF[piece] for piece in core.peg_hands[other]]
    return {str(c) for c in hidden if not c.is_die}


def check_views_hide_cards(game: PipCribbageGame) -> None:
    for seat in (None, 0, 1):
        view = game.view(seat)
        current = {k: v for k, v in view.items() if k not in ("last_show", "first_cut")}
        leaked = hidden_from(game, seat) & strings_in(current)
        assert not leaked, f"seat {seat} sees {leaked} in phase {game.phase}"


def check_cards_dealt(game: PipCribbageGame) -> None:
    """Every card the deal dealt is in exactly one place (a hand, the crib, the starter)."""
    cards = game.all_cards()
    assert len(set(cards)) == len(cards) == sum(game.core.plan.cards) + 1


def check_dice(game: PipCribbageGame) -> None:
    view = game.view(None)
    for seat, die in enumerate(view["dice"]):
        assert die["owner"] == seat and 1 <= die["space"] <= 9 and 1 <= die["face"] <= 6
        assert die["direction"] == (1 if seat == game.first_cut.dealer else -1)
    assert view["effect"]["seat"] == game.core.dealer
    if game.phase == "play":
        for seat in (0, 1):
            pieces = [CARD_OF[p] for p in game.core.peg_hands[seat] + game.played[seat]]
            dice = [p for p in pieces if p.is_die]
            assert len(dice) == game.core.die_plays(seat), "each die play is laid exactly once"
            assert set(dice) <= {Card(game.core.die_face[seat], None)}


def probe_illegal(game: PipCribbageGame, rng: random.Random) -> None:
    before = all_views(game)
    state = game.rng.getstate()
    acting = game.to_act()
    probes: list[tuple[Any, Any]] = [(rng.choice(acting), a) for a in rng.sample(GARBAGE, 8)]
    idle = [s for s in (0, 1) if s not in acting]
    if idle:
        probes.append((idle[0], rng.choice(game.legal_actions(acting[0]))))
    probes += [(-1, {"type": "go"}), (2, {"type": "go"}), ("0", {"type": "go"})]
    if game.phase == "play":
        seat = acting[0]
        held = [CARD_OF[piece] for piece in game.core.peg_hands[seat]]
        not_held = [c for c in standard_deck() if c not in held]
        probes.append((seat, {"type": "play", "card": str(rng.choice(not_held))}))
    for seat, action in probes:
        if isinstance(seat, int) and is_legal(game, seat, action):
            continue
        with pytest.raises(IllegalAction) as refused:
            game.apply(seat, action)  # type: ignore[arg-type]
        assert str(refused.value).strip(), "an IllegalAction needs a message for the player"
    assert all_views(game) == before
    assert game.rng.getstate() == state


def check_events(events: list[dict[str, Any]]) -> None:
    json.dumps(events)
    for event in events:
        assert isinstance(event["type"], str) and isinstance(event["text"], str)
        if "to" in event:
            assert event["to"] == event.get("seat")


def check_outcome(game: PipCribbageGame) -> None:
    outcome = game.outcome
    assert outcome is not None and game.to_act() == [] and game.phase == "over"
    winner = outcome["winners"][0]
    assert outcome["winners"] == [winner] and game.scores[winner] >= game.core.target
    assert game.scores[1 - winner] < game.core.target
    assert outcome["ranks"][winner] == 0 and outcome["ranks"][1 - winner] == 1
    assert outcome["win_points"] in ((1, 2) if game.core.target == 61 else (1, 2, 3))


def true_count(view: dict[str, Any]) -> int:
    """The count a player works out from the view: the pieces waiting to be counted."""
    waiting = view["next_count"]
    rule = FlushRule.NONE if waiting["kind"] == "crib" else FlushRule.WITH_STARTER
    return hand_total(parse_cards(waiting["cards"]), parse_card(view["starter"]), flush=rule)


def play_game(
    options: dict[str, Any], seed: int, *, probe_every: int = 0
) -> tuple[PipCribbageGame, list[tuple[int, dict]], list[list[dict]]]:
    game = GAMES["pip-cribbage"].new(2, options, seed)
    assert isinstance(game, PipCribbageGame)
    rng = random.Random(seed)
    log: list[tuple[int, dict]] = []
    all_events: list[list[dict]] = []
    while game.outcome is None:
        assert game.to_act(), "a running game always waits for somebody"
        if probe_every and len(log) % probe_every == 0:
            probe_illegal(game, rng)
            check_views_hide_cards(game)
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} must act but has no legal action"
        action = rng.choice(legal)
        if action["type"] == "claim" and rng.random() < 0.8:
            # Claims near the true count keep muggins games short and exercise recounts (only
            # counts some hand can make are legal claims).
            truth = true_count(game.view(seat))
            near = [claim for claim in legal
                    if claim["type"] == "claim" and truth - 2 <= claim["points"] <= truth]
            action = rng.choice(near) if near else action
        scores = list(game.scores)
        events = game.apply(seat, action)
        check_events(events)
        check_dice(game)
        assert all(new >= old for new, old in zip(game.scores, scores, strict=True))
        check_cards_dealt(game)
        log.append((seat, action))
        all_events.append(events)
        assert len(log) < 5000, "the game does not end"
    check_outcome(game)
    return game, log, all_events


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1), muggins=st.booleans(),
       target=st.sampled_from([121, 61]))
def test_random_games_accept_every_legal_action_and_refuse_the_rest(
    seed: int, muggins: bool, target: int
) -> None:
    play_game({"muggins": muggins, "target": target}, seed, probe_every=3)


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), muggins=st.booleans())
def test_replaying_a_game_gives_the_same_events_and_views(seed: int, muggins: bool) -> None:
    options = {"muggins": muggins, "target": 61}
    game, log, events = play_game(options, seed)
    replay = GAMES["pip-cribbage"].new(2, options, seed)
    for (seat, action), expected in zip(log, events, strict=True):
        assert replay.apply(seat, action) == expected
    assert all_views(replay) == all_views(game)


def test_random_games_reach_every_track_space_and_choice() -> None:
    """The random games above are only worth their checks if they meet every effect."""
    seen_spaces: set[int] = set()
    seen_choices: set[str] = set()
    for seed in range(6):
        options = {"target": 121}
        _, log, _ = play_game(options, seed)
        seen_choices |= {a.get("choice") or a["type"] for _, a in log
                         if a["type"] in ("crux", "flip", "keep_die")}
        replay = GAMES["pip-cribbage"].new(2, options, seed)
        for seat, action in log:
            seen_spaces.add(replay.view(None)["effect"]["space"])
            replay.apply(seat, action)
    assert seen_spaces == set(range(1, 10))
    assert seen_choices == {"renew", "priority", "flip", "keep_die"}
