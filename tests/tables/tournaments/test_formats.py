"""Round robin, knockout brackets and table plans, for every count that matters."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.registry import GAMES
from tables.tournaments.fit import table_plan, table_sizes_allowed
from tables.tournaments.knockout import bracket_size, first_round, next_round, seed_order
from tables.tournaments.round_robin import schedule


@pytest.mark.parametrize("count", range(2, 21))
def test_round_robin_meets_every_pair_exactly_once(count: int) -> None:
    entries = [f"e{i}" for i in range(count)]
    rounds = schedule(entries)
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    met = Counter(frozenset(p) for r in rounds for p in r if p[1] is not None)
    assert set(met.values()) == {1}
    assert len(met) == count * (count - 1) // 2
    for pairs in rounds:
        seated = [e for p in pairs for e in p if e is not None]
        assert sorted(seated) == sorted(entries)  # everyone once a round, a bye at most
    byes = Counter(p[0] for r in rounds for p in r if p[1] is None)
    assert byes == (Counter(entries) if count % 2 else Counter())


def test_seed_order_is_the_standard_bracket() -> None:
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16)[:4] == [1, 16, 8, 9]


@pytest.mark.parametrize("count", range(2, 65))
def test_knockout_seeding_and_byes(count: int) -> None:
    seeded = [f"s{seed}" for seed in range(1, count + 1)]
    size = bracket_size(count)
    pairs = first_round(seeded)
    assert len(pairs) == size // 2
    byes = [first for first, second in pairs if second is None]
    # the top seeds, and only they, get the byes
    assert sorted(byes, key=seeded.index) == seeded[: size - count]
    for first, second in pairs:
        if second is not None:
            assert seeded.index(first) + seeded.index(second) + 2 == size + 1
    # seeds 1 and 2 sit in opposite halves of the bracket
    slots = [e for pair in pairs for e in pair]
    half = len(slots) // 2
    assert ("s1" in slots[:half]) != ("s2" in slots[:half]) or count == 2


@given(st.integers(2, 64), st.randoms(use_true_random=False))
def test_seeds_one_and_two_can_only_meet_in_the_final(count: int, rng) -> None:
    seeded = [f"s{seed}" for seed in range(1, count + 1)]
    through = [first if second is None else rng.choice([first, second])
               for first, second in first_round(seeded)]
    pairs_by_round = [[p for p in first_round(seeded) if p[1] is not None]]
    while len(through) > 1:
        pairs = next_round(through)
        pairs_by_round.append(pairs)
        through = [rng.choice(pair) for pair in pairs]
    for number, pairs in enumerate(pairs_by_round, start=1):
        if {"s1", "s2"} in [set(p) for p in pairs]:
            assert number == len(pairs_by_round)


@given(st.integers(2, 64))
def test_the_better_seeds_win_every_round_in_seed_order(count: int) -> None:
    seeded = [f"s{seed}" for seed in range(1, count + 1)]
    through = [min(p, key=lambda e: seeded.index(e) if e else 99) for p in first_round(seeded)]
    while len(through) > 1:
        # with every favourite winning, round k is seeds 1..n against their mirror seeds
        width = len(through)
        assert sorted(through, key=seeded.index) == seeded[:width]
        for first, second in next_round(through):
            assert seeded.index(first) + seeded.index(second) + 2 == width + 1
        through = [min(p, key=seeded.index) for p in next_round(through)]
    assert through == ["s1"]


TABLE_GAMES = [
    (name, size)
    for name, spec in GAMES.items()
    for options in [spec.check_options({})]
    for size in table_sizes_allowed(spec, options)
]


@pytest.mark.parametrize(("game", "size"), TABLE_GAMES)
def test_table_plans_fit_the_game_for_3_to_64_entries(game: str, size: int) -> None:
    spec = GAMES[game]
    allowed = table_sizes_allowed(spec, spec.check_options({}))
    for count in range(3, 65):
        plan = table_plan(count, size, allowed)
        assert sum(entries for entries, _ in plan) == count
        sizes = [entries for entries, _ in plan]
        assert max(sizes) - min(sizes) <= 1 and max(sizes) <= size
        assert all(entries >= 2 for entries in sizes)
        for entries, computers in plan:
            assert entries + computers in spec.allowed_player_counts()
            # a computer seat only where the game does not allow the table short
            assert computers == 0 or entries not in allowed


def test_table_games_are_those_with_three_or_more_seats_on_their_own() -> None:
    assert table_sizes_allowed(GAMES["pip-pip"], {"rounds": "all"}) == (3, 4, 5, 6, 7, 8)
    assert table_sizes_allowed(GAMES["cribbage"], GAMES["cribbage"].check_options({})) == (3,)
    assert table_sizes_allowed(GAMES["pip-rush"], GAMES["pip-rush"].check_options({})) == ()
    assert table_plan(7, 4, (3, 4)) == [(4, 0), (3, 0)]
    assert table_plan(5, 4, (4,)) == [(3, 1), (2, 2)]
