"""Pip Pip's rules core (engine/pip_pip/sim.py), the one implementation of its rules: the
contract game and the fast path play the same games, the events report what the core scored,
clones are independent,
a determinized game keeps what its seat has seen, codes and actions map one to one, and the
deal is the one saved games were dealt."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import shuffled
from engine.contract import Event
from engine.pip_pip.game import PipPipGame
from engine.pip_pip.sim import CALL, CARD_OF, CARDS, PACK, PipPipSimulation
from engine.registry import GAMES
from engine.sim import random_playout, shuffle

from .helpers import cards

SPEC = GAMES["pip-pip"]
SEATINGS: list[tuple[int, dict[str, Any]]] = [
    *((players, {"rounds": 1}) for players in range(3, 9)),
    (3, {}),
    (5, {"rounds": 2}),
    (8, {"rounds": 3}),
]


def new(players: int, options: dict[str, Any], seed: int) -> PipPipGame:
    game = SPEC.new(players, options, seed)
    assert isinstance(game, PipPipGame)
    return game


def points_of(events: list[Event]) -> list[tuple[int, int]]:
    """The points the events report, in order: tricks that took any, and calls."""
    return [
        (event["winner"] if event["type"] == "trick" else event["seat"], event["points"])
        for event in events
        if event["type"] in ("trick", "call") and event["points"]
    ]


@pytest.mark.parametrize(("players", "options"), SEATINGS)
def test_the_contract_and_the_fast_path_play_the_same_games(players: int,
                                                            options: dict[str, Any]) -> None:
    """The contract game narrates its core without changing its play: random moves through
    the contract (a view built before each) end as random_playout on a bare core ends."""
    for seed in range(40):
        game = new(players, options, seed)
        rng = random.Random(seed)
        while game.outcome is None:
            seat = rng.choice(game.to_act())
            game.view(seat)
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        sim = PipPipSimulation.new(players, SPEC.check_options(options), seed)
        assert random_playout(sim, random.Random(seed)) == game.outcome["winners"], seed
        assert sim.scores() == game.outcome["scores"], seed


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8), rounds=st.sampled_from([1, 2]))
def test_in_lockstep_the_events_tell_what_the_core_did(seed: int, players: int,
                                                       rounds: int) -> None:
    """A contract game and a bare core, given the same moves: the same seats act with the same
    legal actions and the events report the points the core scored."""
    game = new(players, {"rounds": rounds}, seed)
    sim = PipPipSimulation.new(players, SPEC.check_options({"rounds": rounds}), seed)
    rng = random.Random(seed)
    while game.outcome is None:
        acting = game.to_act()
        assert list(sim.to_act()) == acting
        seat = rng.choice(acting)
        legal = game.legal_actions(seat)
        assert [sim.action(seat, code) for code in sim.legal(seat)] == legal
        action = rng.choice(legal)
        events = game.apply(seat, action)
        sim.play(seat, sim.code(seat, action))
        assert points_of(events) == sim.points
        assert sim.scores() == game.view(None)["scores"]
    assert sim.winners() == game.outcome["winners"]


def playout_from(sim: PipPipSimulation, seed: int) -> list[Any]:
    """Plays to the end; returns everything seen on the way: who acted with what choice, the
    points, the scores and the winners."""
    rng = random.Random(seed)
    seen: list[Any] = []
    while sim.winners() is None:
        acting = sim.to_act()
        seat = rng.choice(acting)
        legal = list(sim.legal(seat))
        sim.play(seat, rng.choice(legal))
        seen.append((acting, legal, sim.points, sim.scores()))
    return [*seen, sim.winners()]


def random_moves(sim: PipPipSimulation, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if sim.winners() is not None:
            return
        seat = rng.choice(sim.to_act())
        sim.play(seat, rng.choice(sim.legal(seat)))


@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_clone_is_independent_of_its_original(players: int) -> None:
    for seed in range(20):
        sim = SPEC.simulation.new(players, SPEC.check_options({"rounds": 2}), seed)
        # Into the game: the later seeds are in the second round.
        random_moves(sim, random.Random(seed), seed * 12)
        clone = sim.clone()
        before = playout_from(sim.clone(), 99)
        # Playing the clone out (dealing the next round with its generator) leaves the
        # original untouched, and the original then plays exactly as a fresh clone of it did.
        random_playout(clone, random.Random(5))
        assert playout_from(sim, 99) == before


def hidden_from(game: PipPipGame, seat: int) -> Counter[int]:
    """The cards `seat` cannot see: the others' hands but their face-up cards, the pile and
    the cards set aside."""
    core = game.core
    hidden = Counter(core.pile + core.set_aside)
    for other, hand in enumerate(core.hands):
        if other != seat:
            hidden.update(hand)
            hidden.subtract(core.face_up[other])
    return +hidden


def play_randomly(game: PipPipGame, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if game.outcome is not None:
            return
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("players", [3, 4, 8])
def test_a_determinized_game_keeps_what_its_seat_has_seen(players: int) -> None:
    dealt_again = 0
    for seed in range(20):
        game = new(players, {"rounds": 2}, seed)
        rng = random.Random(seed)
        play_randomly(game, rng, seed * 9)
        if game.outcome is not None:
            continue
        seat = rng.choice(range(players))
        deals = [game.determinize(seat, random.Random(n)) for n in range(2)]
        dealt_again += deals[0].core.hands != deals[1].core.hands
        for deal in deals:
            assert deal.view(seat) == game.view(seat)
            assert deal.view(None) == game.view(None)
            assert deal.legal_actions(seat) == game.legal_actions(seat)
            assert deal.waiting_for() == game.waiting_for()
            assert hidden_from(deal, seat) == hidden_from(game, seat)
            # The face-up cards stay in their hands: a called pair is still there to play.
            for other in range(players):
                assert Counter(deal.core.hands[other]) >= Counter(deal.core.face_up[other])
            # The deal plays on through the contract and leaves the game alone.
            before = game.view(None)
            play_randomly(deal, rng, 10**6)
            assert deal.outcome is not None and game.view(None) == before
    assert dealt_again >= 10


def test_a_determinized_deal_depends_only_on_what_the_seat_has_seen() -> None:
    game = new(4, {"rounds": 1}, 11)
    play_randomly(game, random.Random(3), 9)
    other = game.clone()
    core = other.core
    hidden = [c for s in (1, 2, 3) for c in core.hands[s]] + core.pile
    random.Random(4).shuffle(hidden)
    for s in (1, 2, 3):
        size = len(core.hands[s])
        core.hands[s], hidden = hidden[:size], hidden[size:]
    core.pile = hidden
    core.recount()
    other.state_changed()
    assert other.core.hands != game.core.hands and other.view(0) == game.view(0)
    one, two = game.determinize(0, random.Random(8)), other.determinize(0, random.Random(8))
    assert one.core.hands == two.core.hands
    assert one.core.pile == two.core.pile
    assert one.rng.getstate() == two.rng.getstate()


def test_a_finished_game_is_taken_over_as_finished() -> None:
    game = new(3, {"rounds": 1}, 3)
    play_randomly(game, random.Random(3), 10**6)
    assert game.outcome is not None
    sim = PipPipSimulation.from_game(game)
    assert sim.winners() == game.outcome["winners"]
    assert list(sim.to_act()) == []
    assert all(list(sim.legal(seat)) == [] for seat in range(3))
    assert sim.scores() == game.outcome["scores"]


def test_the_search_takes_a_silent_copy_of_the_games_core() -> None:
    game = new(4, {}, 8)
    state = game.rng.getstate()
    play_randomly(game, random.Random(2), 5)
    before = game.view(None)
    sim = PipPipSimulation.from_game(game)
    assert sim is not game.core and sim.journal is None and game.core.journal is None
    random_playout(sim, random.Random(1))
    assert sim.winners() is not None
    assert game.view(None) == before and game.outcome is None
    assert game.rng.getstate() == state  # the copy dealt its later rounds from its own


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 400), players=st.integers(3, 8))
def test_codes_and_actions_map_one_to_one(seed: int, moves: int, players: int) -> None:
    sim = SPEC.simulation.new(players, SPEC.check_options({}), seed)
    rng = random.Random(seed)
    random_moves(sim, rng, moves)
    for seat in sim.to_act():
        codes = list(sim.legal(seat))
        assert codes and len(set(codes)) == len(codes)
        for code in codes:
            action = sim.action(seat, code)
            assert sim.code(seat, action) == code
            assert (code >= CALL) == (action["type"] == "call")


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_the_deal_is_dealt_from_the_shuffles_saved_games_were_dealt_with(seed: int,
                                                                        players: int) -> None:
    """The first deal is two packs shuffled (Random.shuffle) for each cut, a random cut card,
    the pack shuffled again and dealt one card at a time from its end, left of the dealer."""
    game = new(players, {}, seed)
    sim = PipPipSimulation.new(players, SPEC.check_options({}), seed)
    rng = random.Random(seed)
    cuts = [event for event in game.start_events if event["type"] == "cut"]
    for _ in cuts:
        shuffled(CARDS, rng)
    deck = shuffled(CARDS, rng)
    cut = deck[rng.randrange(len(deck))]
    deck = shuffled(deck, rng)
    dealer = game.view(None)["dealer"]
    hands: list[list[Any]] = [[] for _ in range(players)]
    for _ in range(7):
        for offset in range(1, players + 1):
            hands[(dealer + offset) % players].append(deck.pop())
    assert game.view(None)["cut_card"] == str(cut)
    for built in (sim, game.core):
        assert [cards(hand) for hand in built.hands] == hands
        assert cards(built.pile) == deck
        assert built.dealer == dealer
        assert built.rng.getstate() == rng.getstate()
    assert list(sim.to_act()) == game.to_act()


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64))
def test_the_pack_is_shuffled_with_the_draws_of_random_shuffle(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    deck, shuffled_cards = list(PACK), list(CARDS)
    shuffle(deck, ours)
    theirs.shuffle(shuffled_cards)
    assert [CARD_OF[card] for card in deck] == shuffled_cards
    assert ours.getstate() == theirs.getstate()
