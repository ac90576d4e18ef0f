"""A very full /profile's alt text keeps to Discord's 1,024 characters in whole sentences: the
games most played first, then the tournaments, then the achievements (a list ends between its
items), and last a sentence saying what the message text has that the words leave out. Never a
sentence or a word cut off."""

from __future__ import annotations

import re
from typing import Any
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from render import profile
from render.gallery import profile_samples
from render.kit import text

DAY_MS = 86_400_000
# Sentence-safe words: no full stop or semicolon inside a title or a name, so the test can
# tell the sentences and a list's items apart.
WORDS = st.text(st.sampled_from("abcdefghij KLMNOP"), min_size=1, max_size=24).map(
    lambda words: " ".join(words.split()) or "x")


@st.composite
def big_profiles(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(1, 8))
    games = []
    for index in range(count):
        played = draw(st.integers(1, 5000))
        games.append({
            "game": f"g{index}", "title": draw(WORDS), "games": played,
            "wins": draw(st.integers(0, played)), "rating": draw(st.floats(-50, 80)),
            "current_streak": draw(st.integers(0, 40)), "best_streak": draw(st.integers(0, 40)),
            "season_place": draw(st.integers(0, 30)), "season_entries": draw(st.integers(0, 30)),
            "series": [[step, draw(st.floats(-50, 80))]
                       for step in range(draw(st.integers(0, 12)))],
        })
    moments = [{"game": game["game"], "title": game["title"], "label": draw(WORDS),
                "value": draw(st.integers(1, 200)), "at": 0}
               for game in games for _ in range(draw(st.integers(0, 5)))]
    placings = [{"title": draw(WORDS), "place": draw(st.integers(1, 64)),
                 "entries": draw(st.integers(2, 64)),
                 "finished_at": 1_790_000_000_000 - index * DAY_MS}
                for index in range(draw(st.integers(0, 30)))]
    achievements = [{"name": draw(WORDS), "title": draw(WORDS), "how": "by playing",
                     "earned_at": 1_790_000_000_000 - index * DAY_MS}
                    for index in range(draw(st.integers(0, 60)))]
    return {"name": draw(WORDS), "private": draw(st.booleans()), "games": games,
            "moments": moments, "placings": placings, "achievements": achievements,
            "played": sum(g["games"] for g in games), "won": sum(g["wins"] for g in games),
            "skunks_given": draw(st.integers(0, 99)), "skunks_taken": draw(st.integers(0, 99))}


def _sentences(words: str) -> list[str]:
    return re.split(r"(?<=\.) ", words)


def _items(sentence: str) -> list[str]:
    return sentence.removesuffix(".").split("; ")


def _unlimited(data: dict[str, Any]) -> str:
    with mock.patch.object(profile, "ALT_LIMIT", 10**6):
        return profile.describe_profile(data)


def _rest(data: dict[str, Any], plan: profile.Plan, games: int, placings: int,
          achievements: int) -> list[str]:
    """The closing sentences that would say truly what the words left out."""
    titles = [g["title"] for g in plan.games[games:]] + plan.games_left_out
    counts = [text.plural(left, word) for left, word in (
        (len(data["placings"]) - placings, "placing"),
        (len(data["achievements"]) - achievements, "achievement")) if left]
    named = f"More in the message: {', '.join([*titles, *counts])}."
    counted = f"More in the message: {', '.join([text.plural(len(titles), 'game'), *counts])}."
    return [named, counted] if titles else [named]


@given(big_profiles())
def test_alt_text_too_long_keeps_whole_sentences_most_wanted_first(data: dict[str, Any]) -> None:
    alt = profile.describe_profile(data)
    everything = _unlimited(data)
    if len(everything) <= profile.ALT_LIMIT:
        assert alt == everything  # what fits is said as it always was
        return
    assert len(alt) <= profile.ALT_LIMIT and alt.endswith(".")
    plan = profile.Plan(data)
    full = _sentences(everything)
    if plan.left_out:
        full = full[:-1]  # the card's own "More in the message" goes: the last one says all
    *body, last = _sentences(alt)
    assert body[:2] == full[:2]  # whose profile, and their games and wins
    for index, sentence in enumerate(body):  # in order, none skipped, none cut
        if sentence != full[index]:
            assert index == len(body) - 1, (sentence, full[index])
            said, whole = _items(sentence), _items(full[index])
            assert len(said) < len(whole) and said == whole[:len(said)]
    games = min(len(body), 2 + len(plan.games)) - 2
    lists = {sentence.split(":")[0]: len(_items(sentence)) for sentence in body[2 + games:]}
    placings, achievements = lists.get("Tournaments", 0), lists.get("Achievements, newest first", 0)
    assert set(lists) <= {"Tournaments", "Achievements, newest first"}
    if achievements:  # what matters less never stands in for what matters more
        assert games == len(plan.games) and placings == len(plan.placings)
    if placings:
        assert games == len(plan.games)
    assert last in _rest(data, plan, games, placings, achievements)


def test_the_fullest_profile_says_its_games_then_what_the_message_has() -> None:
    veteran = dict(profile_samples())["profile_veteran"]
    moments = [{"game": g["game"], "title": g["title"], "label": label, "value": 20, "at": 0}
               for g in veteran["games"]
               for label in ("highest hand", "highest crib", "best pegging play", "biggest win")]
    data = {**veteran, "moments": moments}
    alt = profile.describe_profile(data)
    assert len(_unlimited(data)) > profile.ALT_LIMIT >= len(alt)
    assert "…" not in alt
    assert re.search(r"\. More in the message: (\d+ games|[^.]+), 2 placings, "
                     r"\d+ achievements\.$", alt), alt
