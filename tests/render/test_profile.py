"""The profile card: readable on a phone (every text at the floor once the card is shown 380 px
wide, never taller than 1.5 times its width, no text over another), its alt text says what the
picture shows, and what has no room on the card is counted there and listed in the message."""

from __future__ import annotations

import re
from typing import Any

import pytest

from render import profile, profile_words
from render.alt_text import ordinal
from render.gallery import profile_samples
from render.kit import text
from tests.render.conftest import open_png
from tests.render.test_covers import covered_texts
from tests.render.test_floor import MAX_RATIO, _too_small
from tests.render.test_tournament import _texts_overlapping

SAMPLES = dict(profile_samples())


def _words(phrase: str) -> set[str]:
    return set(re.findall(r"-?\d+(?:\.\d+)?|\w+(?:-\w+)*", phrase.lower()))


def drawn_texts(data: dict[str, Any]) -> list[str]:
    """Draw the card and hold it to the phone's rules; return the texts drawn."""
    with text.recording(covers=True) as drawn:
        image = profile.draw_profile(data)
    assert image.width == profile.WIDTH
    assert image.height <= MAX_RATIO * image.width, image.size
    assert _too_small(drawn, image.size) == []
    assert text.floor_size(image.width) * 380 / image.width >= 11
    assert covered_texts(drawn) == []
    assert _texts_overlapping(drawn) == []
    return [d.text for d in drawn if d.kind == "text"]


def test_the_gallery_holds_a_new_player_a_veteran_and_a_private_profile() -> None:
    assert set(SAMPLES) == {"profile_new-player", "profile_veteran", "profile_private"}
    assert SAMPLES["profile_new-player"]["games"] == []
    assert SAMPLES["profile_private"]["private"] and not SAMPLES["profile_veteran"]["private"]


@pytest.mark.parametrize("state", sorted(SAMPLES))
def test_every_state_fits_a_phone_and_its_alt_text_says_every_word_drawn(state: str) -> None:
    data = SAMPLES[state]
    png, alt = profile.profile_picture(data)
    assert open_png(png).size == profile.draw_profile(data).size
    said = _words(alt)
    for drawn in drawn_texts(data):
        missing = _words(drawn) - said
        assert not missing, (drawn, missing)
    assert len(alt) <= profile.ALT_LIMIT


def test_the_veteran_card_counts_what_it_leaves_to_the_message() -> None:
    data = SAMPLES["profile_veteran"]
    plan = profile.Plan(data)
    assert plan.games[0]["games"] == max(g["games"] for g in data["games"])  # most played
    assert 0 < len(plan.achievements) < len(data["achievements"])
    assert plan.achievements == data["achievements"][:len(plan.achievements)]  # newest first
    hidden = len(data["games"]) - len(plan.games) + len(data["placings"]) - len(plan.placings) \
        + len(data["achievements"]) - len(plan.achievements)
    assert plan.left_out == hidden > 0
    # Said by kind: a bare "5 more" under the achievements reads as five more achievements.
    left_out = [g["title"] for g in sorted(data["games"], key=lambda g: -g["games"])
                if g not in plan.games]
    assert left_out and len(plan.placings) < len(data["placings"])
    rest = (f"{len(data['placings']) - len(plan.placings)} placings, "
            f"{len(data['achievements']) - len(plan.achievements)} achievements.")
    # The titles where the line has room, else counted; short of room still, fewer words
    # lead, so the line is never cut ("…, 5 achievem…").
    forms = [f"{lead} the message: {games}, {rest}" for lead in ("More in", "In")
             for games in (", ".join(left_out), text.plural(len(left_out), "game"))]
    said = next(form for form in forms if text.width(form, profile.SIZE) <= profile.ROOM)
    with text.recording() as drawn:
        profile.draw_profile(data)
    assert [(d.text, d.shown) for d in drawn if "the message:" in d.text] == [(said, said)]
    assert said in profile.describe_profile(data)
    lines = "\n".join(profile.profile_text(data))
    for achievement in data["achievements"]:
        assert f"{achievement['name']}, {achievement['title']}" in lines
        assert achievement["how"] in lines
    for placing in data["placings"]:
        assert ordinal(placing["place"]) + f" of {placing['entries']}" in lines


def test_what_has_no_room_is_named_by_kind() -> None:
    """Games left out are named by title where the line has room: a bare "2 more" under the
    achievements read as two more achievements when it was two games."""
    veteran = SAMPLES["profile_veteran"]
    data = {**veteran, "placings": [], "achievements": veteran["achievements"][:2]}
    plan = profile.Plan(data)
    most_played_first = sorted(data["games"], key=lambda g: -g["games"])
    titles = [g["title"] for g in most_played_first if g not in plan.games]
    assert titles and plan.left_out == len(titles), "the sample no longer leaves games out"
    said = f"More in the message: {', '.join(titles)}."
    assert said in drawn_texts(data) and profile.describe_profile(data).endswith(said)
    one = {**data, "games": data["games"][:1], "achievements": data["achievements"][:1]}
    assert not profile.Plan(one).left_out
    assert not [t for t in drawn_texts(one) if "in the message" in t]


def test_a_game_with_a_rating_series_draws_its_chart_and_words_it() -> None:
    game = {"game": "g", "title": "A Game", "rating": 4.5, "games": 3, "wins": 2,
            "current_streak": 1, "best_streak": 2,
            "series": [[1, 0.0], [2, -2.5], [3, 6.0], [4, 4.5]]}
    data = {"name": "Ann", "games": [game], "played": 3, "won": 2}
    drawn = drawn_texts(data)
    # The chart's lowest and highest gridlines, written as every rating figure is: one
    # decimal and the true minus sign, never a hyphen.
    assert {"\u22122.5", "6.0"} <= set(drawn)
    assert not any(label.startswith("-") for label in drawn)
    alt = profile.describe_profile(data)
    assert "A Game: rating 4.5, 3 games, 2 wins, streak: 1 now, best 2, rating over time " \
        "from 0.0 to 4.5 (lowest \u22122.5, highest 6.0)." in alt
    flat = {**data, "games": [{**game, "series": [[1, 4.5]]}]}
    assert "\u22122.5" not in drawn_texts(flat)  # one point: no chart
    assert "rating over time" not in profile.describe_profile(flat)


def test_moments_are_drawn_in_their_games_block() -> None:
    games = [{"game": g, "title": g.upper(), "rating": 1.0, "games": 1, "wins": 1}
             for g in ("a", "b")]
    moments = [{"game": "b", "title": "B", "label": "best hand", "value": 29, "at": 0}]
    data = {"name": "Ann", "games": games, "moments": moments, "played": 2, "won": 2}
    assert "Best hand 29 points" in drawn_texts(data)
    assert "B: rating 1.0, 1 game, 1 win, streak: 0 now, best 0, best hand 29 points." in \
        profile.describe_profile(data)
    assert profile.Plan(data).games == games


def test_every_moment_of_a_game_is_drawn_whole_however_many_it_has() -> None:
    games = [{"game": "a", "title": "A", "rating": 1.0, "games": 3, "wins": 2,
              "series": [[0, 1.0], [1, 2.5]]}]
    labels = ("highest hand", "best pegging play", "biggest win", "longest rally")
    moments = [{"game": "a", "title": "A", "label": label, "value": 20 + n, "at": 0}
               for n, label in enumerate(labels)]
    data = {"name": "Ann", "games": games, "moments": moments, "played": 3, "won": 2}
    drawn = " ; ".join(drawn_texts(data))
    for n, label in enumerate(labels):
        assert f"{label[:1].upper()}{label[1:]} {20 + n} points" in drawn
    with text.recording() as recorded:
        profile.draw_profile(data)
    for line in recorded:  # each drawn as wide as its words: none was cut to fit
        assert line.box is not None
        assert line.box[2] - line.box[0] >= text.width(line.text, line.size) - 2, line.text


@pytest.mark.parametrize("data", [
    {}, {"name": None, "games": "x", "achievements": 3},
    {"games": [{"series": [["a", "b"], [1]], "rating": "high"}], "moments": [None]},
    {"name": "Ann" * 60, "achievements": [{"name": "N" * 200}] * 40,
     "placings": [{"place": 1, "entries": 2, "finished_at": "not a date"}] * 30},
])
def test_broken_or_huge_data_still_draws_a_readable_card(data: dict[str, Any]) -> None:
    drawn_texts(data)
    assert len(profile.describe_profile(data)) <= profile.ALT_LIMIT
    assert profile.profile_text(data)


def test_dates_read_as_days() -> None:
    assert profile_words.day(1_800_000_000_000) == "15 Jan 2027"
    assert profile_words.day("2026-12-01T20:00:00+00:00") == "1 Dec 2026"
    assert profile_words.day("soon") == profile_words.day(None) == ""
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]


def test_skunks_are_said_once_there_are_any() -> None:
    data = {"name": "Ann", "played": 4, "won": 1}
    assert profile.describe_profile(data).startswith("Profile of Ann. 4 games, 1 win. ")
    taken = {**data, "skunks_taken": 2}
    assert "4 games, 1 win; skunks: 0 given, 2 taken" in drawn_texts(taken)
    assert profile.profile_text(taken)[0] == "Ann: 4 games, 1 win; skunks: 0 given, 2 taken"


def test_the_place_in_the_running_season_is_drawn_and_said_for_games_played_in_it() -> None:
    data = SAMPLES["profile_private"]
    [game] = data["games"]
    for place, entries, words in ((2, 5, "2nd of 5 this season"), (1, 1, "1st of 1 this season"),
                                  (0, 0, None), (4, 3, None)):
        shown = {**data, "games": [{**game, "season_place": place, "season_entries": entries,
                                    "last_place": 0}]}
        drawn = drawn_texts(shown)
        _, alt = profile.profile_picture(shown)
        lines = "\n".join(profile.profile_text(shown))
        if words is None:
            assert not any("season" in t for t in drawn)
            assert "season" not in alt and "season" not in lines
        else:
            assert words in drawn and words in alt and words in lines


def test_a_season_rating_apart_from_the_all_time_one_is_given_beside_the_place() -> None:
    """A season begun since the member's last game ranks them on a rating of its own: the
    card's place comes with it, or "Rating 2.9 ... 2nd of 2 this season" contradicts a
    leaderboard that shows them on −0.7."""
    data = SAMPLES["profile_private"]
    [game] = data["games"]
    placed = {**game, "rating": 2.9, "season_place": 2, "season_entries": 2}
    for season_rating, words in ((-0.7, "2nd of 2 this season, season rating −0.7"),
                                 (2.9, "2nd of 2 this season"), (2.94, "2nd of 2 this season"),
                                 (None, "2nd of 2 this season")):
        shown = {**data, "games": [{**placed, "season_rating": season_rating}]}
        drawn = drawn_texts(shown)
        _, alt = profile.profile_picture(shown)
        lines = "\n".join(profile.profile_text(shown))
        assert words in drawn and words in alt and words in lines
        assert ("season rating" in lines) == (season_rating == -0.7)


def test_where_the_member_finished_last_season_is_drawn_and_said_on_a_row_of_its_own() -> None:
    """Back after a month, a member's place this season is gone with the season: the card
    gives where they finished the last one, under this season's place (its rating included)
    when they have both, whole beside or under the chart; nothing for no place, or one that
    would contradict its board."""
    data = SAMPLES["profile_private"]
    [game] = data["games"]
    for now, last, rows in (
            ((0, 0), (5, 9), ["5th of 9 last season"]),
            ((2, 4), (1, 3), ["2nd of 4 this season, season rating −9.9",
                              "1st of 3 last season"]),
            ((2, 4), (0, 0), ["2nd of 4 this season, season rating −9.9"]),
            ((0, 0), (4, 3), [])):
        shown = {**data, "games": [{**game, "season_place": now[0], "season_entries": now[1],
                                    "season_rating": -9.9, "last_place": last[0],
                                    "last_entries": last[1]}]}
        drawn = [words for words in drawn_texts(shown) if "season" in words.lower()]
        assert drawn == rows
        _, alt = profile.profile_picture(shown)
        lines = "\n".join(profile.profile_text(shown))
        for words in rows:
            assert f"{words}," in alt and f"{words}," in lines
        assert ("last season" in lines) == (last == (5, 9) or last == (1, 3))


def test_an_empty_card_another_member_asks_for_speaks_of_its_member() -> None:
    """Erin's empty card asked for by Alice told Alice "Finish a game with /play: your
    ratings… To keep it to yourself: /settings profile:private", advice for Erin."""
    data = SAMPLES["profile_new-player"]
    theirs = {**data, "own": False}
    for shown, words in ((data, profile.NEWCOMER[0]), (theirs, "Their ratings, streaks")):
        drawn = " ".join(drawn_texts(shown))
        _, alt = profile.profile_picture(shown)
        assert words in drawn and words in alt
        assert ("yourself" in drawn + alt) == (shown is data)
        assert "/play" in alt if shown is data else "/play" not in alt


def test_a_game_never_won_has_no_streak_of_nothing() -> None:
    games = [{"game": "a", "title": "A", "rating": -1.0, "games": 3, "wins": 0,
              "current_streak": 0, "best_streak": 0}]
    data = {"name": "Ann", "games": games, "played": 3, "won": 0}
    assert "3 games, 0 wins" in drawn_texts(data)
    assert not [drawn for drawn in drawn_texts(data) if "treak" in drawn]
    assert "A: rating −1.0, 3 games, 0 wins." in profile.describe_profile(data)


def test_a_line_too_wide_beside_the_chart_goes_on_whole_below_it() -> None:
    """Beside a game's chart there is half the card's width: "1st of 1 this season, season
    rating −6.3" was cut to "1st of 1 this season, seas…" there, hiding the rating the season
    ranks by, and "Highest hand 10 points; Best pegging play 3 points" lost its second
    moment. Each is broken between its parts instead, and every word is drawn."""
    game = {"game": "a", "title": "PIP Cribbage", "rating": -4.7, "games": 3, "wins": 0,
            "season_place": 1, "season_entries": 1, "season_rating": -6.3,
            "series": [[0, -2.1], [1, -3.0], [2, -4.7]]}
    moments = [{"game": "a", "title": "A", "label": label, "value": value, "at": 0}
               for label, value in (("highest hand", 10), ("best pegging play", 3))]
    for season in (game, {k: v for k, v in game.items() if not k.startswith("season")}):
        data = {"name": "Judy", "games": [season], "moments": moments, "played": 3, "won": 0}
        with text.recording() as recorded:
            profile.draw_profile(data)
        for line in recorded:  # none was cut to fit
            assert line.box is not None
            assert line.box[2] - line.box[0] >= text.width(line.text, line.size) - 2, line.text
        drawn = drawn_texts(data)
        every = " ; ".join(drawn)
        assert "Highest hand 10 points" in every and "Best pegging play 3 points" in every
        if season is game:
            assert drawn[drawn.index("1st of 1 this season") + 1] == "Season rating −6.3"
