"""Swiss pairing against a brute-force search over every pairing of small events."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tables.tournaments import SWISS
from tables.tournaments.swiss import pair_round
from tests.tables.tournaments.helpers import HOST, all_pairings, outcome, signed_up


@st.composite
def histories(draw: st.DrawFn) -> tuple[list[str], dict[str, float], set[frozenset[str]], set[str]]:
    count = draw(st.integers(2, 9))
    entries = [f"e{i}" for i in range(count)]
    score = {e: draw(st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0])) for e in entries}
    every_pair = [frozenset((a, b)) for i, a in enumerate(entries) for b in entries[i + 1 :]]
    met = set(draw(st.lists(st.sampled_from(every_pair), max_size=3 * count)))
    had_bye = set(draw(st.lists(st.sampled_from(entries), max_size=count - 1)))
    ranked = sorted(entries, key=lambda e: (-score[e], entries.index(e)))
    return ranked, score, met, had_bye


def floats(pairs: list[tuple[str, str]], score: dict[str, float]) -> int:
    return sum(score[a] != score[b] for a, b in pairs)


def fresh(pairs: list[tuple[str, str]], met: set[frozenset[str]]) -> bool:
    return all(frozenset(p) not in met for p in pairs)


@settings(max_examples=300, deadline=None)
@given(histories())
def test_swiss_matches_the_brute_force_best(history) -> None:
    ranked, score, met, had_bye = history
    result = pair_round(ranked, score, met, had_bye)
    paired = [e for pair in result.pairs for e in pair] + ([result.bye] if result.bye else [])
    assert sorted(paired) == sorted(ranked)

    if len(ranked) % 2 == 0:
        assert result.bye is None
        choices = {None: list(all_pairings(ranked))}
    else:
        without = [e for e in ranked if e not in had_bye]
        # one bye per entry at most
        assert result.bye in without
        choices = {b: list(all_pairings([e for e in ranked if e != b])) for b in without}
    fresh_byes = [b for b, ways in choices.items() if any(fresh(w, met) for w in ways)]
    if not fresh_byes:
        return
    # never a repeat while a fresh pairing exists
    assert fresh(result.pairs, met)
    # the bye to the lowest-ranked entry that leaves a fresh pairing
    if result.bye is not None:
        assert result.bye == max(fresh_byes, key=ranked.index)
    # within score groups where possible: no fresh pairing floats fewer entries
    fewest = min(floats(w, score) for w in choices[result.bye] if fresh(w, met))
    assert floats(result.pairs, score) == fewest


def test_top_half_meets_bottom_half_in_a_score_group() -> None:
    ranked = [f"e{i}" for i in range(8)]
    result = pair_round(ranked, dict.fromkeys(ranked, 0.0), set(), set())
    assert result.pairs == [("e0", "e4"), ("e1", "e5"), ("e2", "e6"), ("e3", "e7")]


def test_a_floater_drops_to_the_nearest_group() -> None:
    ranked = ["a", "b", "c", "d", "e", "f"]
    score = {"a": 2.0, "b": 1.0, "c": 1.0, "d": 1.0, "e": 0.0, "f": 0.0}
    result = pair_round(ranked, score, set(), set())
    # a floats down to the top of the next group rather than further
    assert result.pairs == [("a", "b"), ("c", "d"), ("e", "f")]


def test_large_event_pairs_quickly_without_repeats() -> None:
    ranked = [f"e{i}" for i in range(64)]
    met = {frozenset((ranked[i], ranked[i + 32])) for i in range(32)}
    result = pair_round(ranked, dict.fromkeys(ranked, 1.0), met, set())
    assert fresh(result.pairs, met) and floats(result.pairs, dict.fromkeys(ranked, 1.0)) == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 10), st.data())
def test_whole_swiss_events_never_repeat_avoidably_and_give_one_bye_each(count, data) -> None:
    rounds = data.draw(st.integers(1, count - 1))
    event = signed_up(SWISS, count, rounds_planned=rounds)
    event.start(HOST)
    while event.status == "running":
        played = event.current
        earlier = event.rounds[:-1]
        met = {frozenset(m.entries) for r in earlier for m in r.matches}
        had_bye = {e for r in earlier for e in r.byes}
        entries = [e.id for e in event.entries]
        byes = [e for e in entries if e not in had_bye] if count % 2 else [None]
        could_be_fresh = any(
            fresh(way, met)
            for bye in byes
            for way in all_pairings([e for e in entries if e != bye])
        )
        if could_be_fresh:
            assert all(frozenset(m.entries) not in met for m in played.matches)
        assert not set(played.byes) & had_bye
        for match in played.matches:
            order = data.draw(st.permutations(match.entries))
            event.record_game(match.id, outcome(match, order))
    assert len(event.rounds) == rounds
