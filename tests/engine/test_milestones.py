"""Milestones over a member's finished games (engine/milestones.py): properties against a
plain recount of the history, and the rulings on hints, shared games and experts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.milestones import (
    FIRST_WIN,
    GAMES_MILESTONES,
    GIANT_SLAYER,
    MILESTONES,
    ON_A_ROLL,
    STREAK,
    TOURIST,
    WINS_MILESTONES,
    Played,
    progress,
    reached,
    run_ended,
)
from engine.registry import achievement_named

GAMES = ("a", "b", "c")

played = st.builds(
    Played,
    game=st.sampled_from(GAMES),
    won=st.booleans(),
    assisted=st.booleans(),
    computers_against=st.lists(st.sampled_from(("easy", "hard", "expert")), max_size=2)
    .map(tuple),
)
histories = st.lists(played, max_size=300)


def first_index(history: list[Played], holds) -> int | None:
    """The first game after which `holds(games so far)` is true, counted afresh each time."""
    for index in range(len(history)):
        if holds(history[: index + 1]):
            return index
    return None


def longest_run(history: list[Played]) -> int:
    best, runs = 0, {}
    for game in history:
        if game.assisted:
            continue
        runs[game.game] = runs.get(game.game, 0) + 1 if game.won else 0
        best = max(best, runs[game.game])
    return best


def rated_wins(games: list[Played]) -> int:
    return sum(game.won and not game.assisted for game in games)


@given(histories)
def test_each_milestone_is_reached_by_the_first_game_that_meets_it(history: list[Played]):
    found = reached(history, GAMES)
    expected = {
        FIRST_WIN.key: first_index(history, lambda so_far: rated_wins(so_far) >= 1),
        TOURIST.key: first_index(history, lambda so_far: {g.game for g in so_far} >= set(GAMES)),
        ON_A_ROLL.key: first_index(history, lambda so_far: longest_run(so_far) >= STREAK),
        GIANT_SLAYER.key: first_index(history, lambda so_far: any(
            g.won and not g.assisted and "expert" in g.computers_against for g in so_far)),
    }
    for count, milestone in GAMES_MILESTONES.items():
        expected[milestone.key] = count - 1 if len(history) >= count else None
    for count, milestone in WINS_MILESTONES.items():
        expected[milestone.key] = first_index(history, lambda so_far, c=count:
                                              rated_wins(so_far) >= c)
    assert found == {key: index for key, index in expected.items() if index is not None}


@given(histories, histories)
def test_a_longer_history_keeps_every_milestone_where_it_was_reached(
    history: list[Played], more: list[Played]
):
    before = reached(history, GAMES)
    after = reached(history + more, GAMES)
    assert {key: after[key] for key in before} == before


def test_hints_count_for_games_played_and_tourist_but_never_for_wins():
    assisted = [Played(game, won=True, assisted=True, computers_against=("expert",))
                for game in GAMES]
    found = reached(assisted * 4, GAMES)
    assert set(found) == {GAMES_MILESTONES[10].key, TOURIST.key}
    assert found[TOURIST.key] == 2 and found[GAMES_MILESTONES[10].key] == 9


def test_a_game_with_hints_neither_extends_nor_breaks_a_run():
    win, loss = Played("a", True, False), Played("a", False, False)
    hinted_loss = Played("a", False, True)
    assert ON_A_ROLL.key in reached([win, win, hinted_loss, win, win, win], GAMES)
    assert ON_A_ROLL.key not in reached([win, win, loss, win, win, win], GAMES)
    # Runs are per game: a win at another game does not lengthen this one.
    assert ON_A_ROLL.key not in reached([win, win, Played("b", True, False), win, win],
                                        GAMES)


def test_giant_slayer_needs_a_win_against_an_expert():
    assert reached([Played("a", False, False, ("expert",))], GAMES) == {}
    assert GIANT_SLAYER.key not in reached([Played("a", True, False, ("hard",))], GAMES)
    assert reached([Played("a", True, False, ("expert",))], GAMES)[GIANT_SLAYER.key] == 0


def test_tourist_asks_for_every_game_offered_and_a_new_game_counts_by_itself():
    three = [Played(game, False, False) for game in GAMES]
    assert reached(three, GAMES)[TOURIST.key] == 2
    assert TOURIST.key not in reached(three, (*GAMES, "sixth"))


def test_milestones_are_shared_and_found_by_key():
    assert all(m.game is None and m.key.startswith("milestone:") for m in MILESTONES)
    assert len({m.key for m in MILESTONES}) == len(MILESTONES)
    assert all(achievement_named(m.key) is m for m in MILESTONES)


@given(histories, st.sets(st.sampled_from([m.key for m in MILESTONES])))
def test_each_step_says_exactly_what_reaches_its_milestone(
    history: list[Played], held: set[str]
):
    """A step names a milestone neither held nor reached, at most one per ladder (games, wins),
    and playing what it says is missing reaches it, one game less does not."""
    steps = progress(history, GAMES, held)
    found = reached(history, GAMES)
    named = [step.milestone.key for step in steps]
    assert len(set(named)) == len(named)
    assert not set(named) & (held | set(found))
    games_steps = [k for k in named if k in {m.key for m in GAMES_MILESTONES.values()}]
    wins_steps = [k for k in named if k in {m.key for m in (FIRST_WIN, *WINS_MILESTONES.values())}]
    assert len(games_steps) <= 1 and len(wins_steps) <= 1
    assert GIANT_SLAYER.key not in named
    for step in steps:
        key, short = step.milestone.key, step.need - step.have
        assert short > 0
        if key == TOURIST.key:
            assert step.games == tuple(g for g in GAMES if g not in {p.game for p in history})
            more = [Played(game, False, False) for game in step.games]
        elif key == ON_A_ROLL.key:
            game = step.games[0] if step.games else "a"
            assert step.have == 0 or game in {p.game for p in history}
            more = [Played(game, True, False)] * short
        else:
            more = [Played("a", True, False)] * short
        assert key in reached(history + more, GAMES), step
        assert key not in reached(history + more[:-1], GAMES), step


def test_a_newcomer_has_every_first_step_ahead():
    steps = {step.milestone.key: step for step in progress([], GAMES)}
    assert set(steps) == {GAMES_MILESTONES[10].key, FIRST_WIN.key, ON_A_ROLL.key, TOURIST.key}
    assert (steps[GAMES_MILESTONES[10].key].have, steps[GAMES_MILESTONES[10].key].need) == (0, 10)
    assert steps[TOURIST.key].games == GAMES


@given(histories, st.data())
def test_a_rated_loss_ends_the_run_of_wins_before_it_at_its_game(history: list[Played], data):
    """Against a plain recount: the run a game ends is the run of rated wins at its game just
    before it, when that game is a rated loss; nothing else ends a run."""
    if not history:
        return
    index = data.draw(st.integers(0, len(history) - 1))
    runs: dict[str, int] = {}
    for game in history[:index]:
        if not game.assisted:
            runs[game.game] = runs.get(game.game, 0) + 1 if game.won else 0
    ending = history[index]
    expected = 0 if ending.won or ending.assisted else runs.get(ending.game, 0)
    assert run_ended(history, index) == expected


def test_only_a_rated_loss_at_the_same_game_ends_a_run():
    wins = [Played("a", True, False)] * 6
    other = Played("b", False, False)
    hinted = Played("a", False, True)
    lost = Played("a", False, False)
    history = [*wins[:3], other, hinted, *wins[3:], lost, lost]
    assert run_ended(history, len(history) - 2) == 6  # the other game and hints break nothing
    assert run_ended(history, len(history) - 1) == 0  # a loss after a loss ends no run
    assert run_ended(history, 4) == 0 and run_ended(history, 3) == 0
