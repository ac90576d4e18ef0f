"""Every game's `spec.analyse`: all legal actions once each, best first, from the view only,
and the discards' "hand" part equal to exact enumeration with the project's scorer."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator

import pytest

from engine.cards import Card, die, parse_cards, standard_deck
from engine.contract import Game
from engine.cribbage.scoring import FlushRule, score_hand
from engine.registry import GAMES
from tests.engine.cribbage.test_ai import decision_states
from tests.engine.cribbage.test_ai import hide_differently as hide_cribbage_cards
from tests.engine.pip_cribbage.helpers import pip_game
from tests.engine.pip_pip.test_ai import hide_differently as hide_pip_pip_cards
from tests.engine.pip_rush.test_ai import hide_differently as hide_pip_rush_cards
from tests.engine.pip_rush.test_ai import random_states as pip_rush_states

DEALS = 200
SEATINGS = [("cribbage", 2), ("cribbage", 3), ("cribbage", 4), ("pip-cribbage", 2),
            ("crib-race", 2), ("crib-race", 3), ("crib-race", 6), ("pip-rush", 2),
            ("pip-rush", 4), ("pip-pip", 3), ("pip-pip", 5)]


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def states(name: str, players: int, games: int) -> Iterator[tuple[Game, int]]:
    """(game, seat) at decisions of games played half by the computer, half at random."""
    if name == "pip-rush":
        yield from pip_rush_states(players, "obstacles", games)
        return
    if name == "pip-pip":
        for seed in range(games):
            game = GAMES[name].new(players, {"rounds": 1}, seed)
            rng = random.Random(seed)
            while game.outcome is None:
                seat = rng.choice(game.to_act())
                yield game, seat
                game.apply(seat, rng.choice(game.legal_actions(seat)))
        return
    options = {"muggins": True}
    if name == "crib-race" and players == 6:
        options["teams"] = True
    yield from decision_states(name, players, options, games)


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_every_legal_action_once_best_first_with_a_line_for_players(name: str,
                                                                    players: int) -> None:
    spec = GAMES[name]
    checked = 0
    for n, (game, seat) in enumerate(states(name, players, games=2)):
        view, legal = game.view(seat), game.legal_actions(seat)
        if n % 3 and len(legal) > 1:
            continue
        view, legal = game.view(seat), game.legal_actions(seat)
        untouched = copy.deepcopy(view)
        entries = spec.analyse(view, legal)
        assert view == untouched
        assert sorted(key(e["action"]) for e in entries) == sorted(key(a) for a in legal)
        values = [e["value"] for e in entries]
        assert values == sorted(values, reverse=True)
        for e in entries:
            assert set(e) - {"again"} == {"action", "value", "parts", "why"}
            assert isinstance(e["why"], str) and e["why"] and "\n" not in e["why"]
            assert len(e["why"]) <= 140
            if e["parts"]:
                assert sum(e["parts"].values()) == pytest.approx(e["value"], abs=1e-6)
            if e["action"]["type"] == "discard":
                assert {"hand", "crib"} <= set(e["parts"])
        if len(legal) == 1:
            assert entries == [{"action": legal[0], "value": 0.0, "parts": {},
                                "why": "Your only move."}]
        json.dumps(entries)  # plain JSON values, for the bot and the store
        checked += 1
    assert checked > 40


def hide_for(name: str, game: Game, seat: int, seed: int) -> Game | None:
    if name == "pip-rush":
        return hide_pip_rush_cards(game, seat, seed)
    if name == "pip-pip":
        return hide_pip_pip_cards(game, random.Random(seed), seat)
    if game.phase not in ("crux", "discard", "play"):
        return None
    return hide_cribbage_cards(game, seat, seed)


@pytest.mark.parametrize(("name", "players"), [("cribbage", 2), ("cribbage", 4),
                                               ("pip-cribbage", 2), ("crib-race", 3),
                                               ("pip-rush", 2), ("pip-rush", 4),
                                               ("pip-pip", 4)])
def test_the_same_whatever_the_hidden_cards(name: str, players: int) -> None:
    spec = GAMES[name]
    compared = 0
    for n, (game, seat) in enumerate(states(name, players, games=2)):
        if n % 5 or len(game.legal_actions(seat)) < 2:
            continue
        other = hide_for(name, game, seat, seed=n)
        if other is None:
            continue
        assert other.view(seat) == game.view(seat)
        assert (spec.analyse(other.view(seat), other.legal_actions(seat))
                == spec.analyse(game.view(seat), game.legal_actions(seat)))
        compared += 1
    assert compared > 15


# ===== the discard's "hand": exact enumeration ================================================


def exact_hand(kept: list[Card], unseen: list[Card], pieces_for, flush=None) -> float:
    """The mean over every unseen starter of the best show among `pieces_for(kept)` (a list of
    piece lists: several when the player may still choose, as on Turn)."""
    total = 0
    for starter in unseen:
        total += max(score_hand(pieces, starter, flush=flush).total
                     for pieces in pieces_for(kept))
    return total / len(unseen)


def check_hand_parts(game: Game, seat: int, pieces_for, flush=None) -> None:
    view = game.view(seat)
    hand = parse_cards(" ".join(view["hand"]))
    unseen = [c for c in standard_deck() if c not in hand]
    for e in GAMES[game.name].analyse(view, game.legal_actions(seat)):
        thrown = parse_cards(" ".join(e["action"]["cards"]))
        kept = [c for c in hand if c not in thrown]
        assert e["parts"]["hand"] == pytest.approx(
            exact_hand(kept, unseen, pieces_for, flush), abs=1e-12)


@pytest.mark.parametrize("name", ["cribbage", "crib-race"])
def test_discard_hand_part_is_the_exact_mean_over_unseen_starters(name: str) -> None:
    for seed in range(DEALS):
        players = (2, 3, 4)[seed % 3]
        game = GAMES[name].new(players, {}, seed)
        check_hand_parts(game, seed % players, lambda kept: [kept])


def test_pip_cribbage_discard_hand_part_counts_the_dice_exactly() -> None:
    rng = random.Random(15)
    effects = set()
    for _ in range(DEALS):
        cards = rng.sample(standard_deck(), 9)
        hands = (" ".join(map(str, cards[:4])), " ".join(map(str, cards[4:8])))
        dealer, seat = rng.randrange(2), rng.randrange(2)
        dice = {0: (rng.randint(1, 9), rng.randint(1, 6)), 1: (rng.randint(1, 9),
                                                                rng.randint(1, 6))}
        game = pip_game(hands, dealer=dealer, starter=str(cards[8]), dice=dice)
        if game.phase == "crux":
            game.apply(dealer, {"type": "crux", "choice": rng.choice(["renew", "priority"])})
        view = game.view(seat)
        effect = view["effect"]["key"]
        effects.add(effect)
        face = view["dice"][seat]["face"]
        other_die = die(view["dice"][1 - seat]["face"])
        dealing = seat == dealer

        def pieces_for(kept: list[Card], face=face, other_die=other_die, dealing=dealing,
                       effect=effect) -> list[list[Card]]:
            faces = [face, 7 - face] if dealing and effect == "turn" else [face]
            extra = [other_die] if dealing and effect == "borrowed_pip" else []
            return [[*kept, die(f), *extra] for f in faces]

        check_hand_parts(game, seat, pieces_for, flush=FlushRule.WITH_STARTER)
    assert {"turn", "borrowed_pip", "crux"} <= effects
