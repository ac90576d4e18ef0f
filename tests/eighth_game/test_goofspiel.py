"""The eighth game, Goofspiel (tests/eighth_game/): its rules as properties over whole random
games, its determinized copies keeping the prizes and the bids apart, and a whole game in the
terminal. The conformance suite plays it through the fake Discord with every other game."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import parse_card
from engine.registry import GAMES
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot
from tests.e2e.test_games import NAMES, HiddenCardWatch, check_every_picture_has_alt_text
from tests.eighth_game.goofspiel.game import PRIZE_SUIT, SUITS, GoofspielGame, suit_cards
from tests.terminal.play_helper import played_in_terminal

GAME = "goofspiel"
TIES = ("discard", "carry")


def new(players: int, ties: str, seed: int) -> GoofspielGame:
    game = GAMES[GAME].new(players, {"ties": ties}, seed)
    assert isinstance(game, GoofspielGame)
    return game


@given(st.sampled_from([2, 3]), st.sampled_from(TIES), st.integers(0, 2**32 - 1))
def test_the_one_highest_bid_takes_the_pot_and_a_tie_throws_it_out_or_carries_it(
        players: int, ties: str, seed: int) -> None:
    game, rng = new(players, ties, seed), random.Random(seed)
    events = list(game.start_events)
    while game.outcome is None:
        seat = rng.choice(game.to_act())
        events += game.apply(seat, rng.choice(game.legal_actions(seat)))
    pot: list[str] = []
    taken: list[list[str]] = [[] for _ in range(players)]
    for event in events:
        if event["type"] == "prize":
            pot.append(event["card"])
        elif event["type"] == "reveal":
            ranks = [parse_card(bid).rank for bid in event["bids"]]
            top = [s for s in range(players) if ranks[s] == max(ranks)]
            assert event["winner"] == (top[0] if len(top) == 1 else None)
            if event["winner"] is not None:
                taken[event["winner"]] += pot
            if event["winner"] is not None or ties == "discard" or event is events[-2]:
                pot = []
    assert [sorted(t) for t in taken] == [sorted(w) for w in game.view(None)["won"]]
    assert game.scores == [sum(parse_card(c).rank for c in t) for t in taken]
    assert game.outcome is not None
    assert set(game.outcome["winners"]) == {s for s in range(players)
                                            if game.scores[s] == max(game.scores)}
    everything = [*game.view(None)["thrown"], *(c for t in taken for c in t)]
    assert sorted(everything) == sorted(str(c) for c in suit_cards(PRIZE_SUIT))
    shown = game.view(None)["shown"]
    assert [sorted(s) for s in shown] == [sorted(str(c) for c in suit_cards(SUITS[s]))
                                          for s in range(players)]


@given(st.sampled_from([2, 3]), st.integers(0, 2**32 - 1), st.integers(1, 30))
def test_a_copy_deals_the_prizes_and_each_face_down_bid_again_apart(
        players: int, seed: int, moves: int) -> None:
    """A prize is never dealt in for a bid nor a bid into the pile: each face-down bid is
    drawn again from the cards its seat has not shown, the pile among the prizes alone."""
    game, rng = new(players, "discard", seed), random.Random(seed)
    for _ in range(moves % (13 * players)):
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    seat = rng.randrange(players)
    bids, piles = set(), set()
    for draw in range(40):
        copy = game.determinize(seat, random.Random(draw))
        assert isinstance(copy, GoofspielGame)
        assert copy.view(seat) == game.view(seat) and copy.view(None) == game.view(None)
        assert sorted(copy.prizes) == sorted(game.prizes)
        for other in range(players):
            assert sorted(copy.hands[other] + [b for b in [copy.bids[other]] if b]) == \
                sorted(game.hands[other] + [b for b in [game.bids[other]] if b])
        assert copy.bids[seat] == game.bids[seat] and copy.hands[seat] == game.hands[seat]
        piles.add(tuple(copy.prizes))
        bids.add(tuple(copy.bids))
    assert len(piles) > 1 or len(game.prizes) < 2
    waiting_bids = [s for s in range(players) if s != seat and game.bids[s] is not None
                    and game.hands[s]]
    assert len(bids) > 1 or not waiting_bids


def test_a_face_down_bid_is_told_only_to_its_bidder() -> None:
    game = new(3, "discard", 8)
    events = game.apply(1, {"type": "bid", "card": "QH"})
    assert [e for e in events if "to" not in e] == [
        {"type": "bid", "seat": 1, "text": "{s1:bids} face down."}]
    assert [e["text"] for e in events if e.get("to") == 1] == [
        f"You bid Q♥ for {game.pot[0].symbol}."]
    assert game.view(None)["bid"] == [False, True, False]
    assert "QH" not in str(game.view(0)) + str(game.view(2)) + str(game.view(None))
    assert game.view(1)["my_bid"] == "QH"


async def test_a_whole_game_in_the_terminal_with_a_hint_and_the_review(tmp_path: Path) -> None:
    answers = iter(["hint"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Type review"):
            return "review"
        prompts.append(prompt)
        return next(answers, "1")

    table, shown = await played_in_terminal(str(tmp_path / "play.db"), GAME, {"ties": "carry"},
                                            3, 5, read, width=120, level="hard")
    assert table.status == "finished" and len(prompts) == 14  # 13 bids and the hint
    assert "Round 13: " in shown and "You bid " in shown
    assert "Hint, the best choices first:" in shown
    assert f"Review of Goofspiel #{table.id} for Ann" in shown


async def test_two_members_bid_at_once_through_discord_and_no_bid_shows_before_its_round(
    monkeypatch: pytest.MonkeyPatch, quick_pictures: list
) -> None:
    """Both members' hands take a bid in every round, in either order; what Discord shows
    anyone names no face-down bid (HiddenCardWatch), and the game ends with its winner."""
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random("goof"))
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake, rng=random.Random(4))
        watch = HiddenCardWatch(fake, driver, [alice, bob, fake.member(NAMES[-1])])
        driver.after_move = watch.check
        await driver.start_game(GAME, [alice, bob], ["hard"], "ties=carry")
        final = await driver.play_to_end()
        await driver.settle()
        watch.check()
        assert "🏆" in final.content and not re.search(r"\{s\d\}", final.content)
        assert driver.moves == 26  # 13 rounds, each member's bid pressed on their hand
        assert {game for _, game, _ in quick_pictures} == {GAME}
        check_every_picture_has_alt_text(fake)
        fake.assert_clean()


@pytest.mark.parametrize("weaker", ["easy", "normal"])
def test_the_hard_player_beats_the_weaker_levels_over_many_games(weaker: str) -> None:
    """Seats taken in turn over 80 seeded games (400 gave hard 81% against easy, 84% against
    normal, which bids the pot's value: it once lost three games in four to it)."""
    spec, share = GAMES[GAME], 0.0
    for seed in range(80):
        levels = ("hard", weaker) if seed % 2 == 0 else (weaker, "hard")
        game, rng = new(2, "discard", seed), random.Random(seed)
        while game.outcome is None:
            for seat in game.to_act():
                game.apply(seat, spec.ai(game.view(seat), game.legal_actions(seat), rng,
                                         levels[seat]))
        winners = game.outcome["winners"]
        share += (seed % 2 in winners) / len(winners)
    assert share / 80 > 0.65
