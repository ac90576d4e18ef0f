"""Whole random games with 3 to 8 players: legality, refusals that change nothing, scores that
never fall, valid outcomes, faithful replays and views that hide what they should."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import IllegalAction
from engine.cards import SUITS
from engine.pip_pip import SPEC, PipPipGame

from .helpers import FULL_PACK, all_cards, hand, random_step, seen


def all_views(game: PipPipGame) -> list[dict[str, Any]]:
    return [game.view(None)] + [game.view(s) for s in range(game.players)]


def bad_actions(game: PipPipGame, seat: int, rng: random.Random) -> list[Any]:
    """Actions that must be refused for `seat` now: malformed, or well formed but illegal."""
    held = {str(c) for c in hand(game, seat)}
    legal = game.legal_actions(seat)
    candidates: list[Any] = [
        None, "KH", {}, {"type": 3}, {"type": "pass"}, {"type": "play"},
        {"type": "play", "card": "ZZ"}, {"type": "play", "card": "P3"},
        {"type": "play", "card": "KH", "extra": 1}, {"type": "call"},
        {"type": "call", "suit": "X"}, {"type": "call", "suit": "H", "double": "yes"},
    ]
    not_held = [f"{r}{s}" for r in "23456789TJQKA" for s in SUITS if f"{r}{s}" not in held]
    if not_held:
        candidates.append({"type": "play", "card": rng.choice(not_held)})
    for action in ({"type": "play", "card": c} for c in sorted(held)):
        if action not in legal:  # not following suit, or not this seat's turn
            candidates.append(action)
    for suit in SUITS:
        for call in ({"type": "call", "suit": suit},
                     {"type": "call", "suit": suit, "double": True}):
            if call not in legal:
                candidates.append(call)
    return candidates


def check_views_hide_cards(game: PipPipGame) -> None:
    private = ("seat", "hand", "to_act")
    channel = {k: v for k, v in game.view(None).items() if k not in private}
    assert "hand" not in game.view(None)
    assert game.view(None)["to_act"] == [seen(game)["turn"]]
    for seat in range(game.players):
        view = game.view(seat)
        assert sorted(view["hand"]) == sorted(str(c) for c in hand(game, seat))
        # Everything else a seat sees is what the whole channel sees, except whether it
        # may call itself (others' chances to call would hint at their cards).
        assert {k: v for k, v in view.items() if k not in private} == channel
        assert view["to_act"] == sorted({seen(game)["turn"]} | ({seat} & set(game.to_act())))


def check_outcome(game: PipPipGame) -> None:
    outcome = game.outcome
    assert outcome is not None
    scores = seen(game)["scores"]
    best = max(scores)
    assert outcome["scores"] == scores
    assert outcome["winners"] == [s for s in range(game.players) if scores[s] == best]
    assert outcome["shared"] == (len(outcome["winners"]) > 1)
    assert all(outcome["ranks"][s] == 0 for s in outcome["winners"])
    for a in range(game.players):
        for b in range(game.players):
            if scores[a] > scores[b]:
                assert outcome["ranks"][a] < outcome["ranks"][b]
    assert outcome["win_points"] == 1 and isinstance(outcome["detail"], str)
    assert game.to_act() == [] and game.waiting_for() == []


@settings(max_examples=40)
@given(
    players=st.integers(3, 8),
    seed=st.integers(0, 2**32 - 1),
    play_seed=st.integers(0, 2**32 - 1),
    rounds=st.sampled_from([1, 2, "all"]),
)
def test_random_whole_games(players, seed, play_seed, rounds):
    if rounds != "all" and rounds > players:
        rounds = players
    rng = random.Random(play_seed)
    options = {"rounds": rounds}
    game = SPEC.new(players, options, seed)
    log: list[tuple[int, dict[str, Any]]] = []
    step = 0
    while game.outcome is None:
        turn = seen(game)["turn"]
        assert game.waiting_for() == [turn] and turn in game.to_act()
        if step % 23 == 0:
            check_refusals(game, rng)
            check_views_hide_cards(game)
            check_every_legal_action_is_accepted(game)
        assert all_cards(game) == FULL_PACK
        check_plays_in_hand_order(game, turn)
        seat, action = random_step(game, rng)
        before = list(seen(game)["scores"])
        game.apply(seat, copy.deepcopy(action))
        assert all(after >= old for after, old in zip(seen(game)["scores"], before, strict=True))
        log.append((seat, action))
        step += 1
    check_outcome(game)
    replay = SPEC.new(players, options, seed)
    for seat, action in log:
        replay.apply(seat, action)
    assert all_views(replay) == all_views(game)


def check_refusals(game: PipPipGame, rng: random.Random) -> None:
    snapshot = all_views(game)
    acting = set(game.to_act())
    for seat in range(game.players):
        for action in bad_actions(game, seat, rng):
            with pytest.raises(IllegalAction) as refused:
                game.apply(seat, action)
            assert str(refused.value).strip()  # a message a player can read
        if seat not in acting and hand(game, seat):  # even a held card is refused off turn
            with pytest.raises(IllegalAction, match="not your turn"):
                game.apply(seat, {"type": "play", "card": str(hand(game, seat)[0])})
    for seat in (-1, game.players, "0"):
        with pytest.raises(IllegalAction):
            game.apply(seat, {"type": "play", "card": "3H"})  # type: ignore[arg-type]
    assert all_views(game) == snapshot


def check_plays_in_hand_order(game: PipPipGame, seat: int) -> None:
    """The cards a seat may play are offered (as buttons, as a numbered list) in the order
    its hand shows them, each once."""
    plays = [a["card"] for a in game.legal_actions(seat) if a["type"] == "play"]
    assert plays == [card for card in dict.fromkeys(game.view(seat)["hand"]) if card in plays]


def check_every_legal_action_is_accepted(game: PipPipGame) -> None:
    for seat in game.to_act():
        for action in game.legal_actions(seat):
            copy.deepcopy(game).apply(seat, action)


@pytest.mark.parametrize("players", [3, 8])
def test_replay_gives_identical_events(players):
    rng = random.Random(players)
    game = PipPipGame(players, {"rounds": 2}, seed=77)
    replay = PipPipGame(players, {"rounds": 2}, seed=77)
    assert game.start_events == replay.start_events
    while game.outcome is None:
        seat, action = random_step(game, rng)
        assert game.apply(seat, action) == replay.apply(seat, action)
