"""The search interface of every game (Game.clone and Game.determinize): a clone is independent
of its original, and a determinized game keeps everything its seat can see, deals the rest
again, does not depend on where the hidden cards really are, and plays on to the end."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine.contract import Game
from engine.registry import GAMES

from .saved_games import state_digest

SEATINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("cribbage", 2, {}),
    ("cribbage", 3, {"muggins": True}),
    ("cribbage", 4, {}),
    ("pip-cribbage", 2, {"muggins": True}),
    ("crib-race", 2, {}),
    ("crib-race", 6, {}),
    ("crib-race", 8, {}),
    ("pip-rush", 2, {}),
    ("pip-rush", 4, {}),
    ("pip-pip", 3, {}),
    ("pip-pip", 8, {}),
]
IDS = [f"{name}-{players}p" for name, players, _ in SEATINGS]


def random_states(name: str, players: int, options: dict[str, Any], seed: int, every: int = 7):
    """A random game, yielding its state every few moves."""
    game = GAMES[name].new(players, options, seed)
    rng = random.Random(seed)
    step = 0
    while game.outcome is None and step < 600:
        if step % every == 0:
            yield game
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        step += 1


def seen_by(game: Game, seat: int) -> dict[str, Any]:
    # to_act() itself is left out: in Pip Pip it tells who could call, which the seat's view
    # (its "to_act") does not.
    return {"view": game.view(seat), "legal": game.legal_actions(seat),
            "waiting_for": game.waiting_for(), "outcome": game.outcome}


def every_card(game: Game) -> Counter[Any]:
    """The multiset of cards in play (hands, stock, crib, piles, tricks...)."""
    if hasattr(game, "all_cards"):  # the cribbage family: each card it dealt, once
        cards = game.all_cards()  # (the rest of the stock is never drawn, nor kept)
        return Counter({"dealt": len(cards), "distinct": len(set(cards))})
    # A game whose rules live in an integer core keeps its cards there, and beside it the
    # history its views show (Pip Pip: the cards of the round's finished tricks).
    state = getattr(game, "core", game)
    found: Counter[Any] = Counter()
    for holder, name in ((state, "hands"), (state, "pile"), (state, "set_aside"),
                         (game, "played")):
        for item in getattr(holder, name, []):
            found.update(item if isinstance(item, list) else [item])
    found.update(item[1] if isinstance(item, tuple) else item for item in state.trick)
    return found


def pile_and_deck(game: Game) -> list[Any]:
    state = getattr(game, "core", game)
    return [getattr(state, place, None) for place in ("deck", "pile")]


def play_out(game: Game, rng: random.Random, moves_at_most: int = 3000) -> None:
    moves = 0
    while game.outcome is None and moves < moves_at_most:
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        moves += 1


@pytest.mark.parametrize(("name", "players", "options"), SEATINGS, ids=IDS)
def test_a_clone_is_the_same_game_and_independent(name: str, players: int,
                                                  options: dict[str, Any]) -> None:
    rng = random.Random(3)
    for game in random_states(name, players, options, seed=1):
        before = state_digest(game)
        twin = game.clone()
        assert state_digest(twin) == before
        seat = rng.choice(twin.to_act())
        twin.apply(seat, rng.choice(twin.legal_actions(seat)))
        assert state_digest(game) == before
    # The same moves on a clone and on the original lead to the same game, shuffles included.
    game = GAMES[name].new(players, options, 5)
    twin = game.clone()
    for one in (game, twin):
        play_out(one, random.Random(8))
    assert state_digest(game) == state_digest(twin)


@pytest.mark.parametrize(("name", "players", "options"), SEATINGS, ids=IDS)
def test_determinize_keeps_what_the_seat_sees(name: str, players: int,
                                              options: dict[str, Any]) -> None:
    rng = random.Random(4)
    changed = 0
    for number, game in enumerate(random_states(name, players, options, seed=2)):
        seat = rng.randrange(players)
        before = state_digest(game)
        sample = game.determinize(seat, random.Random(rng.random()))
        assert state_digest(game) == before, "the original is untouched"
        assert seen_by(sample, seat) == seen_by(game, seat)
        assert every_card(sample) == every_card(game)
        changed += state_digest(sample) != before
        if number < 4:  # a few to the end; the others a deal's worth of moves
            play_out(sample, rng)
            assert sample.outcome is not None
        else:
            play_out(sample, rng, moves_at_most=40)
    assert changed > 0, "hidden cards are dealt again"


@pytest.mark.parametrize(("name", "players", "options"), SEATINGS, ids=IDS)
def test_determinize_does_not_depend_on_the_hidden_cards(name: str, players: int,
                                                         options: dict[str, Any]) -> None:
    """Two games the seat cannot tell apart determinize alike for the same random state."""
    rng = random.Random(6)
    for game in random_states(name, players, options, seed=3, every=11):
        seat = rng.randrange(players)
        other_truth = game.determinize(seat, random.Random(rng.random()))
        one = game.determinize(seat, random.Random(77))
        two = other_truth.determinize(seat, random.Random(77))
        assert state_digest(one) == state_digest(two)
        assert every_card(one) == every_card(two)
        assert pile_and_deck(one) == pile_and_deck(two)
