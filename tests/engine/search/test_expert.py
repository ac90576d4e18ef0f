"""The expert level (engine/search/expert.py): it plays legal moves, sees only its own view (the
same decision whatever the hidden cards are), and keeps to its budget of deals or time."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from benchmarks import expert as benchmark
from engine.contract import Game
from engine.cribbage import inference
from engine.cribbage.pieces import PIECE_OF_TEXT
from engine.pip_pip.game import PipPipGame
from engine.registry import GAMES
from engine.search import expert

from ..saved_games import state_digest

SEATINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("cribbage", 2, {}),
    ("cribbage", 4, {}),
    ("pip-cribbage", 2, {}),
    ("crib-race", 2, {}),
    ("crib-race", 6, {}),
    ("pip-rush", 2, {}),
    ("pip-rush", 4, {}),
    ("pip-pip", 4, {}),
]
IDS = [f"{name}-{players}p" for name, players, _ in SEATINGS]
TINY = expert.Budget(iterations=2)


def decisions(name: str, players: int, options: dict[str, Any], seed: int, count: int):
    """States of a game played by the hard level where the seat to move has a choice."""
    spec = GAMES[name]
    game = spec.new(players, options, seed)
    rng = random.Random(seed)
    found = 0
    while game.outcome is None and found < count:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        if len(legal) > 1 and rng.random() < 0.3:
            yield game, seat
            found += 1
        game.apply(seat, spec.ai(game.view(seat), legal, rng, level="hard"))


@pytest.mark.parametrize(("name", "players", "options"), SEATINGS, ids=IDS)
def test_the_decision_does_not_depend_on_the_hidden_cards(
        name: str, players: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no margin the search plays the action of best mean, so anything the samples read
    from the real hidden cards would show in the decision."""
    monkeypatch.setattr(expert, "MARGIN", 0.0)
    monkeypatch.setattr(expert, "MIN_DEALS", 2)
    rng = random.Random(11)
    moved = searched = 0
    for game, seat in decisions(name, players, options, seed=5, count=8):
        other_truth: Game = game.determinize(seat, random.Random(rng.random()))
        assert other_truth.view(seat) == game.view(seat)
        moved += state_digest(other_truth) != state_digest(game)
        before = state_digest(game)
        chosen = expert.choose(game, seat, random.Random(99), TINY)
        assert chosen in game.legal_actions(seat)
        assert expert.choose(other_truth, seat, random.Random(99), TINY) == chosen
        assert state_digest(game) == before, "the search leaves the real game alone"
        hard = expert.choose(game, seat, random.Random(99), expert.Budget(iterations=0))
        searched += chosen != hard
    assert moved > 0, "the hidden cards really were elsewhere"
    assert searched > 0, "the search itself chose at least once"


@pytest.mark.parametrize(("name", "players", "options"), SEATINGS[:1] + SEATINGS[5:6],
                         ids=IDS[:1] + IDS[5:6])
def test_the_same_seed_gives_the_same_decision(name: str, players: int,
                                               options: dict[str, Any]) -> None:
    for game, seat in decisions(name, players, options, seed=8, count=3):
        first = expert.choose(game, seat, random.Random(4), TINY)
        assert expert.choose(game.clone(), seat, random.Random(4), TINY) == first


def test_a_time_budget_stops_before_it_would_overrun(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fake clock on which each deal searched takes a quarter of a second: with a second
    allowed, four deals fit; a fifth would end past the second and is not begun."""
    now = [0.0]
    deals: list[int] = []
    real_sample = expert._sample

    def timed(judge: Any, deal: Game, seat: int, index: int, seed: int) -> float:
        if index == 0:
            deals.append(seed)
            now[0] += 0.25
        return real_sample(judge, deal, seat, index, seed)

    monkeypatch.setattr(expert, "_sample", timed)
    game, seat = next(decisions("cribbage", 2, {}, seed=3, count=1))
    budget = expert.Budget(seconds=1.0, clock=lambda: now[0])
    assert expert.choose(game, seat, random.Random(1), budget) in game.legal_actions(seat)
    assert len(deals) == 4 and now[0] == 1.0


def test_out_of_time_in_the_first_deal_plays_the_hard_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]

    def slow(judge: Any, deal: Game, seat: int, index: int, seed: int) -> float:
        now[0] += 0.25
        return 100.0 * index  # the last action would look far better, had there been time

    monkeypatch.setattr(expert, "_sample", slow)
    game, seat = next(decisions("cribbage", 2, {}, seed=3, count=1))
    hard_choice = expert.choose(game, seat, random.Random(1), expert.Budget(iterations=0))
    budget = expert.Budget(seconds=0.3, clock=lambda: now[0])
    assert expert.choose(game, seat, random.Random(1), budget) == hard_choice
    assert now[0] == 0.5, "the second action was tried, the third never begun"
    assert hard_choice != game.legal_actions(seat)[-1]


def test_a_single_legal_action_is_played_without_searching(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "_sample", lambda *args: pytest.fail("searched"))
    game = GAMES["pip-rush"].new(2, {}, 1)
    while True:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            break
        game.apply(seat, legal[0])
    assert expert.choose(game, seat, random.Random(1), TINY) == legal[0]


def leads_of(rows: list[list[float]], base: int) -> expert._Leads:
    """Each row an action's value on the same deals, added deal by deal."""
    leads = expert._Leads(len(rows), base)
    for deal in zip(*rows, strict=True):
        leads.add({index: deal[index] for index in leads.tried})
    return leads


def test_a_clearly_better_action_replaces_the_hard_choice() -> None:
    """The hard choice stands unless another beats it by more than MARGIN standard errors."""
    noisy = [[0.0, 1.0, 0.0, 1.0], [0.5, 1.5, -0.5, 1.5], [3.0, 4.0, 3.0, 4.1]]
    assert leads_of(noisy[:2], base=0).best() == 0
    assert leads_of(noisy, base=0).best() == 2
    assert leads_of(noisy, base=2).best() == 2
    assert leads_of([row[:3] for row in noisy], base=0).best() == 0, "too few deals to tell"


def test_an_action_far_behind_the_hard_choice_is_no_longer_tried() -> None:
    """From DROP_FROM deals on, an action more than DROP standard errors behind the hard
    choice stops being sampled, as does one that has scored just as it on every deal; one
    that may still beat it goes on, and the hard choice always does."""
    rng = random.Random(3)
    deals = expert.DROP_FROM + 20
    luck = [rng.gauss(0.0, 5.0) for _ in range(deals)]  # the deal's luck, shared by all
    base = list(luck)
    close = [value + rng.gauss(0.1, 1.0) for value in luck]
    behind = [value - 2.0 + rng.gauss(0.0, 1.0) for value in luck]
    same = list(luck)  # e.g. a card of the hard choice's rank: never once different
    rows = (base, close, behind, same)
    leads = expert._Leads(len(rows), base=0)
    for deal in range(deals):
        assert leads.tried == ([0, 1, 2, 3] if deal < expert.DROP_FROM else [0, 1])
        leads.add({index: rows[index][deal] for index in leads.tried})
    assert leads.count == [deals, deals, expert.DROP_FROM, expert.DROP_FROM]
    assert leads.best() in (0, 1)


def test_the_search_stops_once_only_the_hard_choice_is_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every other action far behind: after DROP_FROM deals nothing is left to compare, so
    no more deals are dealt, whatever the budget."""
    sampled: list[int] = []

    def hard_is_best(judge: Any, deal: Any, seat: int, index: int, seed: int) -> float:
        sampled.append(index)
        return (10.0 if index == hard else 0.0) + random.Random(seed).random()

    game, seat = next(decisions("cribbage", 2, {}, seed=3, count=1))
    hard_choice = expert.choose(game, seat, random.Random(1), expert.Budget(iterations=0))
    hard = game.legal_actions(seat).index(hard_choice)
    monkeypatch.setattr(expert, "_sample", hard_is_best)
    assert expert.choose(game, seat, random.Random(1),
                         expert.Budget(iterations=1000)) == hard_choice
    assert len(sampled) == expert.DROP_FROM * len(game.legal_actions(seat))


@pytest.mark.parametrize("name", ["cribbage", "crib-race"])
def test_in_a_two_player_play_every_deal_searched_gives_the_other_a_hard_keep(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deals the search plays on are the inferred ones (engine/cribbage/inference.py):
    the other seat's four are what the hard level keeps from its six."""
    searched: list[Any] = []
    real_sample = expert._sample

    def recorded(judge: Any, deal: Any, seat: int, index: int, seed: int) -> float:
        searched.append(deal)
        return real_sample(judge, deal, seat, index, seed)

    monkeypatch.setattr(expert, "_sample", recorded)
    game, seat = next((game, seat) for game, seat in decisions(name, 2, {}, seed=6, count=40)
                      if game.phase == "play")
    fitter = GAMES[name].rollout.inference(game.view(seat))
    expert.choose(game, seat, random.Random(3), expert.Budget(iterations=5))
    other = 1 - seat
    thrown = {PIECE_OF_TEXT[text] for text in game.view(seat)["discards"]}
    assert len(searched) >= 5
    for deal in searched:
        six = sorted(deal.kept[other] + [card for card in deal.crib if card not in thrown])
        sign = 1.0 if other == deal.dealer else -1.0
        assert inference.hard_keep(six, sign, fitter.need if fitter.need is not None
                                   else deal.target - deal.side_scores[other],
                                   fitter.worth) == deal.kept[other]


@pytest.mark.parametrize("name", sorted(name for name, spec in GAMES.items()
                                         if "expert" in spec.levels))
def test_an_iteration_budget_searches_that_many_deals(name: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Every legal action is sampled once per deal, on the game's simulation."""
    calls: list[tuple[int, type]] = []
    real_sample = expert._sample

    def counted(judge: Any, deal: Any, seat: int, index: int, seed: int) -> float:
        calls.append((index, type(deal)))
        return real_sample(judge, deal, seat, index, seed)

    monkeypatch.setattr(expert, "_sample", counted)
    game, seat = next(decisions(name, GAMES[name].min_players, {}, seed=4, count=1))
    legal = game.legal_actions(seat)
    assert expert.choose(game, seat, random.Random(2), expert.Budget(iterations=3)) in legal
    assert [index for index, _ in calls] == list(range(len(legal))) * 3
    assert {kind for _, kind in calls} == {GAMES[name].simulation}


def test_the_strength_benchmark_plays_the_options_asked() -> None:
    """benchmarks.expert strength --rounds: every paired job deals its game with the option,
    and without it the game keeps its default length."""

    def rounds(options: dict[str, Any] | None) -> set[int]:
        jobs = benchmark.paired_jobs("pip-pip", 4, 8, benchmark.EXPERT, benchmark.HARD,
                                     TINY, first_seed=3, options=options)
        assert sorted({job.seed for job in jobs}) == [3, 4]
        games = [benchmark.new_game(job) for job in jobs]
        assert all(isinstance(game, PipPipGame) for game in games)
        return {game.core.rounds_total for game in games}  # type: ignore[attr-defined]

    assert rounds({"rounds": 1}) == {1}
    assert rounds(None) == {4}


def test_the_strength_benchmark_records_each_game_and_compares_runs_pair_by_pair(
        tmp_path: Path) -> None:
    """strength --results writes one line per game as it ends; compare matches two runs on
    (seed, seat) and measures the change on the pairs both played."""
    path = tmp_path / "before.tsv"
    benchmark.main(["strength", "--game", "pip-rush", "--players", "2", "--games", "2",
                    "--iterations", "1", "--workers", "1", "--seed", "7",
                    "--results", str(path)])
    recorded = benchmark.read_results(str(path))
    assert set(recorded) == {(7, 0), (7, 1)}
    assert all(share in (0.0, 0.5, 1.0) for share in recorded.values())

    before = {(1, 0): 1.0, (1, 1): 0.0, (2, 0): 0.0, (2, 1): 1.0, (3, 0): 1.0}
    after = {(1, 0): 1.0, (1, 1): 1.0, (2, 0): 1.0, (2, 1): 1.0, (9, 9): 0.0}
    text = benchmark.compare_results(before, after)
    assert "before: 50.0%" in text and "after: 100.0%" in text  # (3, 0), (9, 9): one run only
    # differences 0, 1, 1, 0: mean 0.5, standard error 0.289, so 50 +/- 56.6 points
    assert "+50.0 points (95% interval -6.6 to +106.6) on 4 paired games" in text
    assert "too few" in benchmark.compare_results(before, {(1, 0): 0.0})


def test_a_strength_run_is_resumed_from_its_results_and_never_overwritten(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--results names its run on the first line; the file is never overwritten, and
    --resume with the same settings plays only the games it lacks, a half-played deal's too."""
    path = tmp_path / "run.tsv"
    command = ["strength", "--game", "pip-rush", "--players", "2", "--iterations", "1",
               "--workers", "1", "--seed", "7", "--results", str(path)]
    benchmark.main([*command, "--games", "2"])
    first_line = path.read_text(encoding="utf-8").splitlines()[0]
    assert first_line == ("# expert (1 deals per decision) against 1 hard, pip-rush 2p, "
                          "deals from seed 7")
    with path.open("a", encoding="utf-8") as record:  # a run stopped in deal 8's first game
        record.write("8\t0\t1\n")
    before = path.read_text(encoding="utf-8")

    with pytest.raises(SystemExit, match="already holds 3 games: pass --resume"):
        benchmark.main([*command, "--games", "6"])
    with pytest.raises(SystemExit, match="another run's"):
        benchmark.main([*command, "--games", "6", "--resume", "--iterations", "2"])
    assert path.read_text(encoding="utf-8") == before

    capsys.readouterr()
    benchmark.main([*command, "--games", "6", "--resume"])
    after = path.read_text(encoding="utf-8")
    assert after.startswith(before)
    added = [tuple(map(int, line.split("\t")[:2])) for line in after[len(before):].splitlines()]
    assert added == [(8, 1), (9, 0), (9, 1)]
    recorded = benchmark.read_results(str(path))
    assert recorded[8, 0] == 1.0 and len(recorded) == 6
    assert f"with the 3 earlier games of {path}: 6 games over 3 deals" in capsys.readouterr().out


def test_the_tally_counts_runs_on_disjoint_seeds_as_one_over_whole_deals() -> None:
    first = {(1, 0): 1.0, (1, 1): 0.0, (2, 0): 1.0, (2, 1): 1.0}
    second = {(5, 0): 0.5, (5, 1): 1.0, (6, 0): 1.0}  # deal 6 stopped half-way
    text = benchmark.tally_results([first, second], players=2)
    assert text.startswith("6 games over 3 deals: wins 4.5 = 75.0% (95% interval 36.5% - 94.0%)")
    assert "1 game(s) of unfinished deals left out" in text
    with pytest.raises(SystemExit, match="seed 2"):
        benchmark.tally_results([first, {(2, 1): 0.0}], players=2)


def test_the_regret_benchmark_rebuilds_each_decision_it_met() -> None:
    """A decision is kept as its seed and the hard moves before it: rebuilt in a worker, it
    is the game met, with the seat to move holding a choice."""
    met = benchmark.decisions_met("cribbage", 2, {}, count=4, seed=5)
    spec = GAMES["cribbage"]
    game = spec.new(2, {}, 5)
    rng = random.Random(5)
    for moves in range(max(decision.moves for decision in met) + 1):
        if moves in {decision.moves for decision in met if decision.seed == 5}:
            rebuilt, seat = benchmark.Decision("cribbage", 2, (), 5, moves).state()
            assert state_digest(rebuilt) == state_digest(game)
            assert seat == game.waiting_for()[0] and len(game.legal_actions(seat)) > 1
        seat = game.waiting_for()[0]
        game.apply(seat, spec.ai(game.view(seat), game.legal_actions(seat), rng, level="hard"))


def test_the_regret_benchmark_prints_hard_and_each_setting(
        capsys: pytest.CaptureFixture[str]) -> None:
    benchmark.main(["regret", "--game", "pip-rush", "--players", "2", "--positions", "3",
                    "--long-deals", "4", "--seconds", "0.01", "--repeats", "2",
                    "--setting", "default", "--setting", "DROP=inf,MARGIN=0",
                    "--workers", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3 decisions of pip-rush 2p valued by 4 deals each")
    assert lines[2].lstrip().startswith("hard (no search)")
    assert lines[3].lstrip().startswith("default")
    assert lines[4].lstrip().startswith("DROP=inf,MARGIN=0") and "against default" in lines[4]
    assert benchmark.DEFAULT_SEARCH["DROP"] == expert.DROP, "the settings were put back"
    with pytest.raises(SystemExit, match="unknown setting"):
        benchmark.parse_setting("SPEED=2")


@pytest.mark.parametrize("name", benchmark.DEAL_GAMES)
def test_the_deal_benchmark_pairs_the_expert_with_hard_on_the_same_deal(name: str) -> None:
    """Hard alone plays the deal the same way each time; where the expert chose as hard on
    every decision, the deal went exactly as hard's did (the other seat's choices and the
    cards are the same), and somewhere it chose otherwise."""
    differed = 0
    for seed in range(8):
        alone = benchmark.one_deal((name, seed, seed % 2, "play", None))
        assert alone == benchmark.one_deal((name, seed, seed % 2, "play", None))
        assert alone[1] == 0
        searched = benchmark.one_deal((name, seed, seed % 2, "play", 40))
        if searched[1] == 0:
            assert searched[0] == alone[0]
        differed += searched[1]
    assert differed > 0


def test_the_deal_benchmark_prints_the_expert_s_gain(capsys: pytest.CaptureFixture[str]) -> None:
    benchmark.main(["deal", "--deals", "2", "--iterations", "2", "--part", "discard",
                    "--workers", "1"])
    out = capsys.readouterr().out
    assert "4 deal-seats (2 deals, the hero in each seat): the discard by the expert" in out
    assert "hero's net points, expert less hard:" in out


def test_the_endgame_benchmark_begins_at_late_scores_and_pairs_the_games(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each pair's games begin at the same scores, drawn in the range; with an expert that
    chooses as hard does, the pair's two games are the same game."""
    starts = [benchmark.late_start("cribbage", seed, 100, 110).scores for seed in range(20)]
    assert all(100 <= score <= 110 for scores in starts for score in scores)
    assert len({tuple(scores) for scores in starts}) > 10
    assert benchmark.late_start("cribbage", 3, 100, 110).scores == starts[3]

    def hero_wins(iterations: int | None) -> list[float]:
        return [benchmark.late_game(("cribbage", seed, seed % 2, 90, 100, iterations))
                for seed in range(12)]

    alone = hero_wins(None)
    assert {0.0, 1.0} <= set(alone)
    monkeypatch.setattr(expert, "choose", lambda game, seat, rng, budget: GAMES[
        "cribbage"].ai(game.view(seat), game.legal_actions(seat), random.Random(0)))
    assert hero_wins(4) == alone
    monkeypatch.setattr(expert, "choose", lambda game, seat, rng, budget: game.legal_actions(
        seat)[0])  # a poor player in the hero's seat: some games go otherwise
    assert hero_wins(4) != alone
    monkeypatch.undo()
    benchmark.main(["endgame", "--games", "2", "--iterations", "2", "--from", "110",
                    "--to", "118", "--workers", "1"])
    out = capsys.readouterr().out
    assert "cribbage 2p from scores 110-118, 2 games" in out and "expert - hard:" in out
