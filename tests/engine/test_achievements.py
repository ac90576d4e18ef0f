"""Each achievement on a scripted deal that earns it and on a near miss that does not, read by
the one evaluator (engine/achievements.py) from the events the games make."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.achievements import TOURNAMENT_WON, Award, Tally, winning_margin
from engine.contract import Game
from engine.registry import ACHIEVEMENTS, GAMES, achievement_named
from tests.engine.cribbage.stacking import discard_all, stacked_game
from tests.engine.cribbage.test_game_situations import TWO_DISCARDS, TWO_PLAY, play_all
from tests.engine.pip_pip.helpers import play, rigged


def tally_of(game: Game) -> Tally:
    spec = GAMES[game.name]
    tally = spec.tally()
    tally.feed(game.start_events)
    return tally


def earned(tally: Tally, key: str) -> list[int]:
    return sorted(award.seat for award in tally.earned if award.key == key)


def to_the_end(game: Game, tally: Tally, rng: random.Random | None = None) -> None:
    """Play on (the first legal action, or a random one) to the end, then the outcome."""
    while game.outcome is None:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        tally.feed(game.apply(seat, rng.choice(legal) if rng else legal[0]))
    tally.finish(game.outcome)


# ------------------------------------------------------------------ the Cribbage family

def dealt(hands: tuple[str, str], starter: str, **options: Any) -> tuple[Game, Tally]:
    game = stacked_game(hands, dealer=1, starter=starter, **options)
    tally = tally_of(game)
    tally.feed(discard_all(game, TWO_DISCARDS))
    return game, tally


def test_a_29_hand_earns_twenty_nine_and_a_28_earns_a_big_hand_instead() -> None:
    # Seat 0 keeps 5H 5D 5C JS; the 5S starter makes it 29 (his nobs included).
    game, tally = dealt(("5H 5D 5C JS 2H 3H", "KD KC QD QC 9S 8S"), "5S")
    tally.feed(play_all(game, TWO_PLAY))
    assert earned(tally, "cribbage:twenty-nine") == [0]
    assert earned(tally, "cribbage:big-hand") == []
    assert tally.best[(0, "hand")] == 29 and tally.best[(1, "hand")] == 12
    # The near miss: the jack of another suit than the starter's, no nobs: 28.
    game, tally = dealt(("5H 5D 5C JH 2H 3H", "KD KC QD QC 9S 8S"), "5S")
    tally.feed(play_all(game, [(0, "JH"), *TWO_PLAY[1:]]))
    assert earned(tally, "cribbage:twenty-nine") == []
    assert earned(tally, "cribbage:big-hand") == [0]


def test_with_muggins_a_hand_earns_what_its_owner_claims() -> None:
    for claim, twenty_nine in ((29, [0]), (28, [])):
        game, tally = dealt(("5H 5D 5C JS 2H 3H", "KD KC QD QC 9S 8S"), "5S", muggins=True)
        tally.feed(play_all(game, TWO_PLAY))
        tally.feed(game.apply(0, {"type": "claim", "points": claim}))
        assert earned(tally, "cribbage:twenty-nine") == twenty_nine
        assert tally.best[(0, "hand")] == claim


def test_the_fourth_card_of_a_rank_in_a_row_is_a_perfect_pegging_play() -> None:
    for fourth, perfect in (("3C", [1]), ("4C", [])):
        hands = ("3S 3H 9D TD KS QS", f"3D {fourth} 7H 8H KH QH")
        game = stacked_game(hands, dealer=1, starter="AC")
        tally = tally_of(game)
        tally.feed(discard_all(game, {0: "KS QS", 1: "KH QH"}))
        # Seat 0 leads: 3, 3, 3, then seat 1's fourth card (a 3, or the near miss, a 4).
        tally.feed(play_all(game, [(0, "3S"), (1, "3D"), (0, "3H"), (1, fourth)]))
        assert earned(tally, "cribbage:perfect-pegging") == perfect
        assert tally.best[(1, "pegging")] == (12 if perfect else 2)  # a pair, or the run 3-4
        assert tally.best[(0, "pegging")] == 6  # the pair royal


@pytest.mark.parametrize("game_name", ["cribbage", "pip-cribbage", "crib-race"])
@pytest.mark.parametrize("loser, double", [(10, True), (61, False)])
def test_a_double_skunk_given(game_name: str, loser: int, double: bool) -> None:
    game = GAMES[game_name].new(2, {}, seed=3)
    tally = tally_of(game)
    # One point short of the finish against a loser under 61 (a double skunk) or at 61.
    if game_name == "crib-race":
        from tests.engine.crib_race.helpers import place

        place(game, 0, 120)  # type: ignore[arg-type]
        place(game, 1, loser)  # type: ignore[arg-type]
    else:
        game.scores[:] = [120, loser]  # type: ignore[attr-defined]
    game.state_changed()
    to_the_end(game, tally)
    assert game.outcome["winners"] == [0]
    assert (game.outcome["skunk"] == "double skunk") == double
    assert earned(tally, f"{game_name}:double-skunk") == ([0] if double else [])


def deficit_from_views(game: Game, moves: list[tuple[int, dict]], winner_side: int) -> int:
    """The most the winning side ever trailed the leader, read from the public views."""
    replay = GAMES[game.name].new(game.players, game.options, game.seed)
    worst = 0
    for seat, action in moves:
        replay.apply(seat, action)
        view = replay.view(None)
        sides = view["scores"]
        others = [score for side, score in enumerate(sides) if side != winner_side]
        worst = max(worst, max(others) - sides[winner_side])
    return worst


@pytest.mark.parametrize("game_name, seed, comeback", [
    # Cribbage's seed 2 trails by exactly 30 at worst; the near misses by 25 (as the moves
    # leave the scores: the rule reads every scoring event, a finer grain).
    ("cribbage", 2, True), ("cribbage", 6, False), ("crib-race", 2, True),
    ("crib-race", 9, False),
])
def test_winning_after_trailing_by_30_is_a_comeback(game_name: str, seed: int,
                                                   comeback: bool) -> None:
    spec = GAMES[game_name]
    game = spec.new(2, {}, seed)
    tally = tally_of(game)
    rng, moves = random.Random(seed), []
    while game.outcome is None:
        seat = game.to_act()[0]
        action = spec.ai(game.view(seat), game.legal_actions(seat), rng, "easy")
        moves.append((seat, action))
        tally.feed(game.apply(seat, action))
    tally.finish(game.outcome)
    [winner] = game.outcome["winners"]
    trailed = deficit_from_views(game, moves, winner)
    assert (trailed >= 30) == comeback, trailed
    if not comeback:
        assert trailed >= 25, "a near miss: the winner did trail"
    assert earned(tally, f"{game_name}:comeback") == ([winner] if comeback else [])


def test_a_deficit_before_the_winner_first_scores_counts_towards_a_comeback() -> None:
    spec = GAMES["cribbage"]
    for deficit, comeback in ((30, True), (29, False)):
        tally = Tally(spec.achievements)
        tally.feed([{"type": "score", "seat": 1, "side": 1, "score": deficit},
                    {"type": "score", "seat": 0, "side": 0, "score": 2},
                    {"type": "score", "seat": 0, "side": 0, "score": 121}])
        tally.finish({"winners": [0], "scores": [121, deficit]})
        assert earned(tally, "cribbage:comeback") == ([0] if comeback else []), deficit


# ------------------------------------------------------------------ Pip Pip

@pytest.mark.parametrize("seat_0, deciding", [("AS 2H", True), ("AS 2S", False)])
def test_a_pip_pip_call_that_decides_the_game(seat_0: str, deciding: bool) -> None:
    # Seat 1 calls Pip Pip in hearts during the first trick (spades trump), so hearts are
    # trump from the second. With 2H, seat 0 takes both tricks and the king and queen in them
    # (30 points to the call's 50): without the call seat 1 would have lost. With 2S, seat 1
    # trumps it and wins by more than the call (66 to 14).
    game = rigged([seat_0, "KH QH", "3C 4C"], trump="S", leader=0)
    tally = tally_of(game)
    tally.feed(play(game, "AS"))
    tally.feed(game.apply(1, {"type": "call", "suit": "H"}))
    tally.feed(play(game, "QH", "3C", seat_0.split()[1], "KH", "4C"))
    assert game.outcome is not None
    tally.finish(game.outcome)
    assert game.outcome["winners"] == [1]
    assert earned(tally, "pip-pip:deciding-call") == ([1] if deciding else [])
    assert tally.best[(0, "trick")] == (16 if deciding else 14)


def test_two_pip_pip_calls_that_decide_the_game_together_earn_it() -> None:
    # Seat 1 calls hearts, then diamonds, before the first lead (100 points): either call
    # alone would have left it winning, both together were the win, as one Double Pip Pip
    # for 100 would have been.
    game = rigged(["2H AH 3D 4D", "KH QH KD QD", "3C 4C 5C 6C"], trump="S", leader=0)
    tally = tally_of(game)
    tally.feed(game.apply(1, {"type": "call", "suit": "H"}))
    tally.feed(game.apply(1, {"type": "call", "suit": "D"}))
    to_the_end(game, tally)
    assert game.outcome is not None
    scores = game.outcome["scores"]
    assert game.outcome["winners"] == [1] and scores[1] - 50 > scores[0] >= scores[1] - 100
    assert earned(tally, "pip-pip:deciding-call") == [1]


@given(st.lists(st.tuples(st.integers(0, 2), st.sampled_from([50, 100])), max_size=5),
       st.lists(st.integers(0, 150), min_size=3, max_size=3))
def test_deciding_call_goes_to_a_winner_who_would_not_have_won_alone_without_their_calls(
    calls: list[tuple[int, int]], trick_points: list[int]
) -> None:
    called = [sum(p for s, p in calls if s == seat) for seat in range(3)]
    scores = [t + c for t, c in zip(trick_points, called, strict=True)]
    winners = [s for s, score in enumerate(scores) if score == max(scores)]
    tally = Tally(GAMES["pip-pip"].achievements)
    tally.feed([{"type": "call", "seat": s, "points": p} for s, p in calls])
    tally.finish({"winners": winners, "scores": scores})
    # Taking all of a seat's call points away, it would not be ahead of everyone alone.
    deciding = [s for s in winners if called[s] and not all(
        scores[s] - called[s] > other for o, other in enumerate(scores) if o != s)]
    assert earned(tally, "pip-pip:deciding-call") == deciding


# ------------------------------------------------------------------ PIP Rush

def racers_last_from_views(game: Game, moves: list[tuple[int, dict]]) -> set[tuple[int, int]]:
    """Racers seen alone at the back while another was in the Last Mile, from the views."""
    replay = GAMES[game.name].new(game.players, game.options, game.seed)
    seen = set()
    for seat, action in moves:
        replay.apply(seat, action)
        racers = replay.view(None)["racers"]
        spaces = {(r["team"], r["index"]): r["space"] for r in racers}
        if max(spaces.values()) < 7:
            continue
        seen |= {key for key, space in spaces.items()
                 if all(space < other for k, other in spaces.items() if k != key)}
    return seen


@pytest.mark.parametrize("seed, from_last", [(11, True), (13, True), (10, False), (16, False)])
def test_a_racer_finishing_from_last(seed: int, from_last: bool) -> None:
    game = GAMES["pip-rush"].new(2, {}, seed)
    tally = tally_of(game)
    rng, moves = random.Random(seed), []
    while game.outcome is None:
        seat = rng.choice(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        moves.append((seat, action))
        tally.feed(game.apply(seat, action))
    tally.finish(game.outcome)
    winners = game.outcome["winners"]
    team = winners[0] % 2
    finish = {(r["team"], r["index"]) for r in game.view(None)["racers"]
              if r["space"] == 10 and r["team"] == team}
    assert finish, "the race was won on the track"
    assert bool(finish & racers_last_from_views(game, moves)) == from_last
    assert earned(tally, "pip-rush:from-last") == (winners if from_last else [])


# ------------------------------------------------------------------ the evaluator itself

def test_every_achievement_is_data_with_a_unique_key_a_name_and_a_line() -> None:
    assert achievement_named(TOURNAMENT_WON.key) is TOURNAMENT_WON
    assert achievement_named("no-such") is None
    for key, achievement in ACHIEVEMENTS.items():
        assert achievement.key == key and achievement.name and achievement.how.endswith(".")
        if achievement.game is not None:
            assert key.startswith(f"{achievement.game}:") and achievement.game in GAMES
            assert (achievement.on_event is None) != (achievement.on_finish is None)
    for spec in GAMES.values():
        assert len({m.kind for m in spec.moments}) == len(spec.moments)


def test_in_pip_cribbage_twenty_nine_is_earned_by_29_or_more() -> None:
    for game, counts in (("pip-cribbage", {28: [], 29: [0], 31: [0]}),
                         ("cribbage", {28: [], 29: [0], 31: []})):
        spec = GAMES[game]
        for points, seats in counts.items():
            tally = Tally(spec.achievements)
            tally.feed([{"type": "show", "seat": 0, "kind": "hand", "points": points}])
            assert earned(tally, f"{game}:twenty-nine") == seats


def test_in_pip_cribbage_any_count_from_24_to_28_is_a_big_hand() -> None:
    # Counts of 25 to 27 come only from PIP Cribbage's six-piece hands (PC-14); in Cribbage
    # a short muggins claim may score one, and the words there say "exactly 24 or 28".
    for game, big in (("pip-cribbage", {24, 25, 26, 27, 28}), ("cribbage", {24, 28})):
        spec = GAMES[game]
        for points in range(22, 31):
            tally = Tally(spec.achievements)
            tally.feed([{"type": "show", "seat": 1, "kind": "hand", "points": points}])
            assert earned(tally, f"{game}:big-hand") == ([1] if points in big else []), points
    assert achievement_named("pip-cribbage:big-hand").how == \
        "Score 24 to 28 for one hand or crib."


def test_double_skunk_says_it_needs_a_121_point_game_where_61_points_is_an_option() -> None:
    for name in ("cribbage", "pip-cribbage", "crib-race"):
        spec = GAMES[name]
        how = achievement_named(f"{name}:double-skunk").how
        targets = next((option.choices for option in spec.options
                        if option.name == "target"), ())
        assert "61" in how
        assert ("121-point game" in how) == (61 in targets), name


def test_a_resignation_earns_nothing_at_the_end_and_an_award_comes_once() -> None:
    spec = GAMES["cribbage"]
    tally = spec.tally()
    show = {"type": "show", "seat": 1, "kind": "hand", "points": 29}
    assert tally.feed([show]) == [Award("cribbage:twenty-nine", 1)]
    assert tally.feed([show]) == []
    outcome = {"winners": [1], "scores": [10, 121], "skunk": "double skunk", "resigned": 0}
    assert tally.finish(outcome) == []
    assert tally.finish({**outcome, "resigned": None}) == []  # once only


def test_the_winning_margin_is_the_lead_over_the_best_seat_that_did_not_win() -> None:
    assert winning_margin({"winners": [1, 3], "scores": [90, 121, 90, 121]}) == [
        (1, 31), (3, 31)]
    assert winning_margin({"winners": [0], "scores": [300, 280, 290]}) == [(0, 10)]
    assert winning_margin({"winners": [0, 1], "scores": [5, 5], "shared": True}) == []


def test_where_the_fewest_points_win_the_margin_is_how_many_more_the_nearest_loser_took() -> None:
    """Scores that count against a seat (GameSpec.fewest_points_win): the winner on 12 beat
    the nearest loser, on 19, by 7; read as points for a seat, that win had no margin."""
    outcome = {"winners": [2], "scores": [30, 19, 12, 52]}
    assert winning_margin(outcome, fewest_points_win=True) == [(2, 7)]
    assert winning_margin(outcome) == []
    assert winning_margin({"winners": [0, 2], "scores": [8, 40, 8], "shared": True}, True) == []


@given(st.lists(st.integers(0, 130), min_size=2, max_size=8), st.booleans())
def test_a_margin_is_the_same_win_counted_either_way(scores: list[int], fewest: bool) -> None:
    """A game whose points count against a seat, its scores turned round, is the same game
    whose points count for it: the same winners, the same margins."""
    best = min(scores) if fewest else max(scores)
    outcome = {"winners": [s for s, score in enumerate(scores) if score == best],
               "scores": scores}
    mirrored = {**outcome, "scores": [200 - score for score in scores]}
    margins = winning_margin(outcome, fewest)
    assert margins == winning_margin(mirrored, not fewest)
    losers = [score for score in scores if score != best]
    assert margins == ([(seat, min(abs(score - best) for score in losers))
                        for seat in outcome["winners"]] if losers else [])


def test_a_tally_reads_the_margin_as_its_game_counts_points() -> None:
    """The seventh game, Black Lady (the fewest points win), keeps a biggest win through its
    spec's tally; a real game's tally reads its scores as points for a seat, as before."""
    outcome = {"winners": [1], "scores": [31, 4, 26, 17]}
    black_lady = GAMES["black-lady"].tally()
    black_lady.finish(outcome)
    assert black_lady.best == {(1, "win"): 13}
    cribbage = GAMES["cribbage"].tally()
    cribbage.finish({"winners": [1], "scores": [99, 121]})
    assert cribbage.best == {(1, "win"): 22}
