"""The Cribbage computer players: always legal, never peeking, and right where it is known."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

import pytest

from engine.cards import Card, parse_card, parse_cards, standard_deck
from engine.cribbage import CribbageGame
from engine.cribbage.ai import (
    DEFENCE_WEIGHT,
    HOLD_ON,
    PEG_OUT,
    USUAL_HAND,
    PlaySituation,
    choose_action,
    crib_sign,
    crib_value,
    race_weights,
)
from engine.cribbage.crib_values import CRIB_PAIR_VALUES, CRIB_SINGLE_VALUES
from engine.cribbage.scoring import score_hand
from engine.registry import GAMES
from engine.spec import AI_LEVELS as LEVELS
from tests.engine.cribbage.stacking import discard_all, stacked_game
from tests.engine.cribbage.test_game_situations import TWO_DISCARDS, TWO_HANDS, TWO_PLAY


def decision_states(
    name: str, players: int, options: dict, games: int
) -> Iterator[tuple[CribbageGame, int]]:
    """(game, seat) at every decision of games where each move is the AI's (any level) or a
    random legal one; the game is left in that state while the caller looks."""
    for seed in range(games):
        game = GAMES[name].new(players, options, seed)
        rng = random.Random(seed)
        moves = 0
        while game.outcome is None and moves < 400:
            seat = rng.choice(game.waiting_for() or game.to_act())
            yield game, seat
            legal = game.legal_actions(seat)
            if rng.random() < 0.5:
                action = choose_action_for(name, game.view(seat), legal, rng)
            else:
                action = rng.choice(legal)
            game.apply(seat, action)
            moves += 1


def choose_action_for(name: str, view: dict, legal: list, rng: random.Random) -> dict:
    return GAMES[name].ai(view, legal, rng, level=rng.choice(LEVELS))


def hide_differently(game: CribbageGame, seat: int, seed: int) -> CribbageGame:
    """The same game with every card `seat` cannot see dealt out again (Game.determinize):
    other seats' unplayed cards, the crib cards it did not throw, the stock."""
    return game.determinize(seat, random.Random(seed))  # type: ignore[return-value]


@pytest.mark.parametrize(("players", "muggins"), [(2, False), (2, True), (3, True), (4, False)])
def test_always_legal_and_leaves_the_view_untouched(players: int, muggins: bool) -> None:
    checked = 0
    states = decision_states("cribbage", players, {"muggins": muggins}, games=6)
    for n, (game, seat) in enumerate(states):
        view, legal = game.view(seat), game.legal_actions(seat)
        untouched = copy.deepcopy(view)
        action = choose_action(view, legal, random.Random(n), LEVELS[n % 3])
        assert action in legal
        assert view == untouched
        checked += 1
    assert checked > 500


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_view_and_seed_same_choice_whatever_the_hidden_cards(players: int) -> None:
    compared = 0
    for n, (game, seat) in enumerate(decision_states("cribbage", players, {}, games=2)):
        if game.phase not in ("discard", "play") or len(game.legal_actions(seat)) < 2:
            continue
        view, legal = game.view(seat), game.legal_actions(seat)
        for level in LEVELS:
            expected = choose_action(view, legal, random.Random(n), level)
            for variant in range(2):
                other = hide_differently(game, seat, seed=n * 7 + variant)
                assert other.view(seat) == view  # only hidden cards moved
                assert other.all_cards() != game.all_cards() or game.phase == "play"
                assert choose_action(other.view(seat), other.legal_actions(seat),
                                     random.Random(n), level) == expected
        compared += 1
    assert compared > 60


def test_the_computer_player_is_the_games_ai() -> None:
    game = GAMES["cribbage"].new(2, {}, seed=3)
    legal = game.legal_actions(0)
    assert GAMES["cribbage"].ai(game.view(0), legal, random.Random(1)) in legal


def test_unknown_level_and_empty_legal_are_refused() -> None:
    game = GAMES["cribbage"].new(2, {}, seed=3)
    with pytest.raises(ValueError, match="level"):
        choose_action(game.view(0), game.legal_actions(0), random.Random(1), "expert")
    with pytest.raises(ValueError, match="legal"):
        choose_action(game.view(0), [], random.Random(1), "hard")


# ===== discards ===============================================================================


def deal_around(hand: str, seat: int, players: int, starter: str) -> list[str]:
    """Hands for every seat: `hand` for `seat`, any other cards for the rest (the AI cannot
    see them, so which ones does not matter)."""
    taken = {*parse_cards(hand), parse_card(starter)}
    spare = [c for c in standard_deck() if c not in taken]
    size = len(hand.split())
    return [hand if s == seat else " ".join(str(spare.pop()) for _ in range(size))
            for s in range(players)]


def discard_of(hand: str, dealer: int, level: str = "hard", seat: int = 0,
               players: int = 2) -> list[str]:
    """What `seat` throws from `hand`."""
    game = stacked_game(deal_around(hand, seat, players, "KH"), dealer=dealer, starter="KH")
    return choose_action(game.view(seat), game.legal_actions(seat), random.Random(0),
                         level)["cards"]


@pytest.mark.parametrize("dealer", [0, 1])
def test_keeps_five_five_jack_queen_rather_than_splitting_the_fives(dealer: int) -> None:
    assert discard_of("5H 5D JS QC 8D 2C", dealer) == ["2C", "8D"]


def test_throws_a_five_to_its_own_crib_but_not_to_the_opponents() -> None:
    hand = "5S 6H 9D TC JH KS"
    assert discard_of(hand, dealer=0) == ["5S", "KS"]
    assert discard_of(hand, dealer=1) == ["6H", "KS"]


def test_normal_ignores_the_crib_so_the_five_goes_either_way() -> None:
    hand = "5S 6H 9D TC JH KS"
    assert discard_of(hand, dealer=0, level="normal") == discard_of(hand, dealer=1,
                                                                    level="normal")


def test_four_players_a_partners_crib_counts_for_you() -> None:
    hand = "5S 6H 7S 8S 9S"
    game = stacked_game(deal_around(hand, 2, 4, "KH"), dealer=0, starter="KH")
    assert crib_sign(game.view(2)) == 1.0  # seat 2 partners the dealer, seat 0
    assert crib_sign(game.view(1)) == -1.0
    # Into the partnership's crib goes the five; against the opponents' crib, the six.
    assert discard_of(hand, dealer=0, seat=2, players=4) == ["5S"]
    assert discard_of(hand, dealer=1, seat=2, players=4) == ["6H"]


def test_crib_table_matches_a_direct_sample_with_the_scorer() -> None:
    # A fresh sample of cribs holding 5-5 (the table's number is exact enumeration).
    rng = random.Random(11)
    mine = parse_cards("5S 5H")
    rest = [Card(r, s) for r in range(1, 14) for s in "SHDC" if Card(r, s) not in mine]
    samples = 4000
    total = 0
    for _ in range(samples):
        drawn = rng.sample(rest, 3)
        total += score_hand([*mine, *drawn[:2]], drawn[2], crib=True).total
    assert abs(total / samples - CRIB_PAIR_VALUES[(5, 5, False)]) < 0.35
    assert crib_value(parse_cards("5H 5S")) == CRIB_PAIR_VALUES[(5, 5, False)]
    assert crib_value(parse_cards("KS 2S")) == CRIB_PAIR_VALUES[(2, 13, True)]
    assert max(CRIB_SINGLE_VALUES, key=CRIB_SINGLE_VALUES.__getitem__) == 5
    assert max(CRIB_PAIR_VALUES, key=CRIB_PAIR_VALUES.__getitem__) == (5, 5, False)


# ===== the play ===============================================================================

PLAY_HANDS = ("5H 4C KS 8D AS 2S", "9C 9H 7D 6D QH JD")
PLAY_DISCARDS = {0: "AS 2S", 1: "QH JD"}


def in_play(hands=PLAY_HANDS, discards=PLAY_DISCARDS, starter="3D", moves=(),
            **options: object) -> CribbageGame:
    game = stacked_game(hands, dealer=1, starter=starter, **options)
    discard_all(game, discards)
    for seat, card in moves:
        game.apply(seat, {"type": "play", "card": card} if card != "go" else {"type": "go"})
    return game


def ai_play(game: CribbageGame, seat: int, level: str = "hard") -> str:
    action = choose_action(game.view(seat), game.legal_actions(seat), random.Random(0), level)
    assert action["type"] == "play"
    return action["card"]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_never_leads_a_five(level: str) -> None:
    lead = ai_play(in_play(), 0, level)
    assert lead != "5H"
    assert parse_card(lead).value < 5  # nothing the reply can make fifteen with


def test_takes_thirty_one() -> None:
    game = in_play(hands=("8D KS 5C 4H AS 2S", "TD 3H 7D 6D QH JD"),
                   moves=[(0, "8D"), (1, "3H"), (0, "KS")])
    assert game.view(1)["count"] == 21
    assert ai_play(game, 1) == "TD"


def test_leads_from_a_pair_of_low_cards_inviting_a_pair_royal() -> None:
    game = in_play(hands=("3S 3H 9C KD AS 2S", "TD 4H 7D 6D QH JD"))
    assert ai_play(game, 0) in ("3S", "3H")


def test_does_not_offer_a_run_when_a_card_without_one_is_there() -> None:
    # On a 9, an 8 leaves 7 or 10 to make a run (and 6 for fifteen... no: 17): the king only
    # offers a pair.
    game = in_play(hands=("9S 3H 9C KD AS 2S", "8D KH 7C 2D QH JD"), moves=[(0, "9S")])
    assert ai_play(game, 1) == "KH"


END_GAME = dict(hands=("5C 4S 3S 9C AD 2D", "8H 5S KH QH 7D 6C"),
                discards={0: "AD 2D", 1: "7D 6C"},
                moves=[(0, "5C"), (1, "8H"), (0, "4S"), (1, "5S")])


def test_prefers_thirty_one_to_a_run_that_invites_a_longer_run() -> None:
    # Count 22: the 3 makes a run of three (3) but leaves 25, where a 6 makes 31 and a run of
    # four; the 9 makes 31 for 2 and the count starts again.
    game = in_play(**END_GAME)
    assert game.view(0)["count"] == 22
    assert ai_play(game, 0) == "9C"


def test_takes_the_run_when_its_three_points_win_the_game() -> None:
    game = in_play(**END_GAME)
    game.scores[0] = 118
    assert ai_play(game, 0) == "3S"


# ===== the show: muggins ======================================================================


def at_the_show() -> CribbageGame:
    game = stacked_game(TWO_HANDS, dealer=1, starter="5S", muggins=True)
    discard_all(game, TWO_DISCARDS)
    for seat, card in TWO_PLAY:
        game.apply(seat, {"type": "go"} if card == "go" else {"type": "play", "card": card})
    assert game.phase == "show"
    return game


def ai_show(game: CribbageGame, seat: int, level: str = "hard", seed: int = 0) -> dict:
    return choose_action(game.view(seat), game.legal_actions(seat), random.Random(seed), level)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_claims_the_exact_count(level: str) -> None:
    game = at_the_show()
    exact = score_hand(parse_cards("5H 5D 5C JS"), parse_card("5S")).total
    assert ai_show(game, 0, level) == {"type": "claim", "points": exact}


def test_easy_sometimes_claims_short_but_never_too_much() -> None:
    game = at_the_show()
    claims = {ai_show(game, 0, "easy", seed)["points"] for seed in range(40)}
    assert claims == {24, 29}  # 2 short of 29 is 27, which no hand counts: the next claim down


def test_presses_muggins_on_a_short_claim_and_keeps_the_points() -> None:
    game = at_the_show()
    game.apply(0, {"type": "claim", "points": 24})
    assert ai_show(game, 1) == {"type": "muggins"}
    game.apply(1, {"type": "muggins"})
    assert ai_show(game, 1) == {"type": "keep"}


def test_claims_its_own_count_when_the_last_claim_was_right() -> None:
    game = at_the_show()
    game.apply(0, {"type": "claim", "points": 29})
    legal = game.legal_actions(1)
    assert {"type": "muggins"} in legal
    assert ai_show(game, 1) == {"type": "claim", "points": 12}


def test_lets_a_right_last_count_stand() -> None:
    game = at_the_show()
    game.apply(0, {"type": "claim", "points": 29})
    game.apply(1, {"type": "claim", "points": 12})
    crib = game.view(1)["next_count"]
    exact = score_hand(parse_cards(crib["cards"]), parse_card("5S"), crib=True).total
    game.apply(1, {"type": "claim", "points": exact})
    assert ai_show(game, 0) == {"type": "pass"}
    game = at_the_show()
    game.apply(0, {"type": "claim", "points": 29})
    game.apply(1, {"type": "claim", "points": 12})
    if exact:
        game.apply(1, {"type": "claim", "points": exact - 1})
        assert ai_show(game, 0) == {"type": "muggins"}


# ===== the end of the game ====================================================================


def end_game(counts_first: bool, my_show: int, my_need: int, their_need: int) -> PlaySituation:
    return PlaySituation(seat=0, pile=[], count=0, mine=[], unseen=[], next_seat=1,
                         my_need=my_need, their_need=their_need,
                         show=(counts_first, my_show, USUAL_HAND))


def test_last_deal_weights_follow_who_counts_out_first() -> None:
    # My hand, counted first, wins: only the other player pegging out can stop it.
    assert race_weights(end_game(True, my_show=10, my_need=8, their_need=5)) == HOLD_ON
    # Their hand, counted first, will likely win: only pegging out myself helps.
    assert race_weights(end_game(False, my_show=3, my_need=6, their_need=5)) == PEG_OUT
    # Far from the end, or nobody near: points count the same both ways.
    assert race_weights(end_game(True, my_show=10, my_need=8, their_need=40)) == (1.0, 1.0)
    assert race_weights(end_game(False, my_show=3, my_need=60, their_need=50)) == (1.0, 1.0)
    # Not sure to count out first: just defend harder against a close opponent.
    assert race_weights(end_game(True, my_show=4, my_need=8, their_need=5)) == (
        1.0, DEFENCE_WEIGHT)
