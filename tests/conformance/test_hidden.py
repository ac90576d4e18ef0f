"""Views and events hide what they must, for every registered game, worked out from the
contract alone: a seat's view is the same whatever the cards it cannot see (a determinized
copy differs from the real game in exactly those), no card another seat holds in private
reaches it, and the words of the alt text name no card its view does not show."""

from __future__ import annotations

import random

import pytest

import render
from engine.contract import Game
from render.gallery import NAMES
from tests.conformance.games import (
    TABLES,
    Seating,
    params,
    random_game,
    random_move,
    told_apart,
)
from tests.e2e.test_games import card_tokens
from tests.render.test_describe import cards_named, cards_shown

#: The slower checks look at every few states only: determinized copies, the other seats'
#: views, the alt text.
EVERY = 3
LOOK_EVERY = 2
WORDS_EVERY = 7


@pytest.mark.parametrize("seating", params(TABLES))
def test_a_view_is_the_same_whatever_the_cards_its_seat_cannot_see(seating: Seating) -> None:
    """determinize(seat) deals again every card the seat cannot see: that seat's view, its
    legal actions, whom the game waits for and the channel's view must not change."""
    rng = random.Random(seating.id)
    redealt = 0
    for game, moves in random_game(seating, seed=4):
        if moves % EVERY or game.outcome is not None:
            continue
        for seat in range(game.players):
            copy = game.determinize(seat, random.Random(rng.random()))
            assert copy.view(seat) == game.view(seat), f"seat {seat} after move {moves}"
            assert copy.legal_actions(seat) == game.legal_actions(seat)
            assert copy.waiting_for() == game.waiting_for()
            assert copy.view(None) == game.view(None), f"the channel, seat {seat} redealt"
            redealt += any(copy.view(other) != game.view(other)
                           for other in range(game.players) if other != seat) \
                or told_apart(game, copy, seed=moves)
    assert redealt, ("no determinized copy was another game, now or as play went on: the "
                     "check had no hidden cards to deal again (see Game.determinize)")


class Knowledge:
    """What the whole table has been shown (the channel's views, events to everyone), what
    each seat has been told in private (events addressed to it), and which cards each seat
    holds in private now (in its view, not in the channel's)."""

    def __init__(self, players: int) -> None:
        self.public: set[str] = set()
        self.told: list[set[str]] = [set() for _ in range(players)]
        self.held: list[set[str]] = [set() for _ in range(players)]
        self.hidden_seen = False

    def hear(self, events: list[dict], game: Game) -> None:
        """An event to everyone names a card someone held in private only if the channel now
        sees it (a card played or shown)."""
        channel = card_tokens(game.view(None))
        held = set().union(*self.held) - self.public - channel
        for event in events:
            if "to" in event:
                self.told[event["to"]] |= card_tokens(event)
            else:
                named = card_tokens(event)
                assert not named & held, f"{event} names {named & held}, held in private"
                self.public |= named

    def look(self, game: Game) -> None:
        """No seat's view shows a card another seat holds in private, unless the whole table
        has been shown it or it was told that seat (a game with two of a card)."""
        channel = card_tokens(game.view(None))
        seats = range(game.players)
        views = [card_tokens(game.view(seat)) for seat in seats]
        self.held = [views[seat] - channel for seat in seats]
        for seat in seats:
            secret = set().union(*(self.held[o] for o in seats if o != seat))
            secret -= self.public | self.told[seat]
            self.hidden_seen |= bool(secret)
            assert not views[seat] & secret, f"seat {seat} sees {views[seat] & secret}"
        self.public |= channel


@pytest.mark.parametrize("seating", params(TABLES))
def test_no_card_held_in_private_reaches_another_seat_or_the_channel(seating: Seating) -> None:
    """A card one seat holds in private (in its view, not the channel's) appears in no other
    seat's view, and an event to everyone names it only as it is played or shown. The views
    are looked at every other move, the events after every move."""
    game = seating.new(seed=5)
    rng = random.Random(seating.id)
    knowledge = Knowledge(game.players)
    knowledge.hear(game.start_events, game)
    moves = 0
    while True:
        if moves % LOOK_EVERY == 0 or game.outcome is not None:
            knowledge.look(game)
        if game.outcome is not None:
            break
        knowledge.hear(game.apply(*random_move(game, rng)), game)
        moves += 1
    assert knowledge.hidden_seen, (
        "the check had no private cards to look for: no seat's view held a card the channel's "
        "view does not; a seat's own cards belong in its view only (docs/DESIGN.md, Adding a "
        "game, step 1)")


@pytest.mark.parametrize("seating", params(TABLES))
def test_the_alt_text_names_no_card_its_view_does_not_show(seating: Seating) -> None:
    """render.describe, the words sent with every picture, for the channel and for each seat
    along a whole game: every card it names is in the view it was given."""
    names = list(NAMES[:seating.players])
    private_cards = False
    for game, moves in random_game(seating, seed=6):
        if moves % WORDS_EVERY and game.outcome is None:
            continue
        channel = {**game.view(None), "names": names}
        words = render.describe(seating.game, channel)
        assert cards_named(words) <= cards_shown(channel), words
        for seat in range(game.players):
            own = {**game.view(seat), "names": names}
            private_cards |= bool(cards_shown(own) - cards_shown(channel))
            words = render.describe(seating.game, own)
            assert cards_named(words) <= cards_shown(own), (seat, words)
    assert private_cards, (
        "the views had no cards to keep out of the channel's words: no seat's view held a "
        "card the channel's view does not (docs/DESIGN.md, Adding a game, step 1)")
