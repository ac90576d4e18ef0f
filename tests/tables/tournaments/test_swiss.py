"""Swiss pairing against a brute-force search over every pairing of small events."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tables.tournaments import SWISS
from tables.tournaments.swiss import pair_round
from tests.tables.tournaments.helpers import HOST, all_pairings, outcome, signed_up

History = tuple[list[str], dict[str, float], set[frozenset[str]], set[str], set[str]]


@st.composite
def histories(draw: st.DrawFn) -> History:
    count = draw(st.integers(2, 9))
    entries = [f"e{i}" for i in range(count)]
    score = {e: draw(st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0])) for e in entries}
    every_pair = [frozenset((a, b)) for i, a in enumerate(entries) for b in entries[i + 1 :]]
    met = set(draw(st.lists(st.sampled_from(every_pair), max_size=3 * count)))
    had_bye = set(draw(st.lists(st.sampled_from(entries), max_size=count - 1)))
    # Late entries about to play their first round: on 0 points, nobody met, no bye.
    unplayed = set(draw(st.lists(st.sampled_from(entries), max_size=count // 2)))
    for entry in unplayed:
        score[entry] = 0.0
    met = {pair for pair in met if not pair & unplayed}
    had_bye -= unplayed
    ranked = sorted(entries, key=lambda e: (-score[e], entries.index(e)))
    return ranked, score, met, had_bye, unplayed


def bye_order(ranked: list[str], had_bye: set[str], unplayed: set[str]) -> list[str]:
    """Who may have the bye, in the order they are offered it: no second bye; those who have
    played a round before those who have not; the lowest-ranked first."""
    without = [e for e in ranked if e not in had_bye]
    return sorted(reversed(without), key=lambda e: e in unplayed)


def floats(pairs: list[tuple[str, str]], score: dict[str, float]) -> int:
    return sum(score[a] != score[b] for a, b in pairs)


def fresh(pairs: list[tuple[str, str]], met: set[frozenset[str]]) -> bool:
    return all(frozenset(p) not in met for p in pairs)


@settings(max_examples=300, deadline=None)
@given(histories())
def test_swiss_matches_the_brute_force_best(history: History) -> None:
    ranked, score, met, had_bye, unplayed = history
    result = pair_round(ranked, score, met, had_bye, unplayed)
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
        if result.bye is not None:  # nobody leaves a fresh pairing: the first offered it
            assert result.bye == bye_order(ranked, had_bye, unplayed)[0]
        return
    # never a repeat while a fresh pairing exists
    assert fresh(result.pairs, met)
    # the bye to the first entry offered it that leaves a fresh pairing: a late entry in its
    # first round only when no entry that has played can take it
    if result.bye is not None:
        assert result.bye == next(b for b in bye_order(ranked, had_bye, unplayed)
                                  if b in fresh_byes)
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


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 7), st.data())
def test_a_late_entry_has_the_bye_in_its_first_round_only_when_nobody_else_can_take_it(
    count, data
) -> None:
    event = signed_up(SWISS, count, rounds_planned=data.draw(st.integers(2, count - 1)))
    event.start(HOST)
    late = iter(range(100, 200))
    while event.status == "running":
        played = event.current
        earlier = event.rounds[:-1]
        met = {frozenset(m.entries) for r in earlier for m in r.matches}
        had_bye = {e for r in earlier for e in r.byes}
        veterans = {e for pair in met for e in pair} | had_bye
        for bye in played.byes:
            if played.number == 1 or bye in veterans:
                continue
            # a late entry's first round: no entry that has played could take the bye and
            # leave the others a fresh pairing
            paired = [e for m in played.matches for e in m.entries]
            for other in veterans - had_bye:
                rest = [e for e in [*paired, bye] if e != other]
                assert not any(fresh(way, met) for way in all_pairings(rest))
        for match in played.matches:
            event.record_game(match.id, outcome(match, data.draw(st.permutations(match.entries))))
        if event.late_entry_round() is not None:
            for _ in range(data.draw(st.integers(0, 2))):
                user = next(late)
                event.join(user, f"Late {user}")


def test_a_late_entry_is_passed_over_for_the_bye_in_its_first_round() -> None:
    event = signed_up(SWISS, 4, rounds_planned=3)
    event.start(HOST)
    event.join(50, "Zed")  # five entries from round 2: one has a bye
    zed = event.entry_of(50)
    assert zed is not None
    for match in list(event.current.matches):
        event.record_game(match.id, outcome(match, sorted(match.entries)))
    second = event.current
    # the lowest-ranked entry that has played round 1 (a loser of it), not Zed on 0 points
    assert second.byes and second.byes[0] != zed.id
    assert zed.id in [e for m in second.matches for e in m.entries]
    lost_round_1 = [e for m in event.rounds[0].matches for e in m.entries
                    if m.winner() != e]
    assert second.byes[0] in lost_round_1
