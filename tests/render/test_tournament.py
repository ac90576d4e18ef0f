"""The tournament pictures: standings and the knockout bracket, from real events of 2..64
entries. Each holds the floor, keeps to a phone's shape, has no text over another, and its alt
text says what the picture shows."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from render import tournament
from render.kit import text
from tables.tournaments import KNOCKOUT, SWISS, TABLES, Tournament
from tables.tournaments.picture import picture_data
from tables.tournaments.text import status_line
from tests.render.conftest import open_png
from tests.render.test_covers import _meet, covered_texts
from tests.render.test_floor import MAX_RATIO, _too_small
from tests.tables.tournaments.helpers import HOST, outcome

NAMES = ["Ann", "Bob 🦊", "שרה", "Dmitri the Unreasonably Long-Named", "Eve", "فاطمة"]


def _name(user: int) -> str:
    return NAMES[user - 1] if user <= len(NAMES) else f"Player {user}"


def swiss(count: int, played: int = 2) -> Tournament:
    played = min(played, count - 2)  # a Swiss has fewer rounds than entries
    event = Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=played + 1)
    for user in range(1, count + 1):
        event.join(user, _name(user))
    event.start(HOST)
    for _ in range(played):
        for match in list(event.current.matches):
            event.record_game(match.id, outcome(match, _by_seed(event, match.entries)))
    event.drop(3)
    return event


def knockout(count: int, played: int) -> Tournament:
    event = Tournament.create("t", HOST, "cribbage", KNOCKOUT, final_best_of=3)
    for user in range(1, count + 1):
        event.join(user, _name(user))
    event.start(HOST)
    for _ in range(played):
        if event.current is None:
            break
        for match in list(event.current.matches):
            order = _by_seed(event, match.entries)
            for finish in (order, order[::-1], order):  # a best of three goes to 2-1
                if not match.finished:
                    event.record_game(match.id, outcome(match, finish))
    return event


def _by_seed(event: Tournament, entries: list[str]) -> list[str]:
    return sorted(entries, key=lambda e: event.entry(e).seed)


def _texts_overlapping(drawn: list[text.Drawn]) -> list[tuple[str, str]]:
    boxed = [d for d in drawn if d.kind == "text" and d.box is not None]
    return [(a.text, b.text) for a, b in itertools.combinations(boxed, 2)
            if a.surface == b.surface and _meet(a.box, b.box)]


def _check_picture(draw, data: dict, viewer: str | None = None) -> list[str]:  # type: ignore[no-untyped-def]
    """Draw, hold to the floor, the shape and no overlap; return the texts drawn."""
    with text.recording(covers=True) as drawn:
        image = draw(data, viewer)
    assert image.width == tournament.WIDTH
    assert image.height <= MAX_RATIO * image.width, image.size
    assert _too_small(drawn, image.size) == []
    assert covered_texts(drawn) == []
    assert _texts_overlapping(drawn) == []
    return [d.text for d in drawn if d.kind == "text"]


def test_the_overlap_check_finds_two_words_on_one_another() -> None:
    from PIL import Image, ImageDraw
    canvas = ImageDraw.Draw(Image.new("RGB", (600, 100)))
    with text.recording() as drawn:
        text.draw(canvas, (10, 10), "Ann", 20, fill=(255, 255, 255))
        text.draw(canvas, (20, 12), "Bob", 20, fill=(255, 255, 255))
        text.draw(canvas, (300, 10), "Cy", 20, fill=(255, 255, 255))
    assert _texts_overlapping(drawn) == [("Ann", "Bob")]


@pytest.mark.parametrize("count", range(3, 65))
def test_swiss_standings_of_every_size_fit_a_phone_and_say_it_in_words(count: int) -> None:
    data = picture_data(swiss(count))
    drawn = _check_picture(tournament.draw_standings, data)
    alt = tournament.describe_standings(data)
    assert len(alt) <= 1024
    rows, hidden = tournament.shown_rows(data, None)
    for row in rows:
        assert row is not None and row["name"] in drawn
    said = [row for row in rows if f"{row['place']}. {row['name']}" in alt]
    assert said == rows[:len(said)] and len(said) >= min(count, 16)
    for row in said:
        assert f"points {row['points']:g}, Buchholz {row['buchholz']:g}" in alt
    assert hidden == max(0, count - len(rows))
    if hidden:
        assert f"{hidden} more not shown: /tournament standings lists all." in drawn


def test_a_dropped_entry_is_greyed_and_marked_in_words_and_byes_are_named() -> None:
    data = picture_data(swiss(9))
    drawn = _check_picture(tournament.draw_standings, data)
    dropped = next(r for r in data["rows"] if r["dropped"])
    assert dropped["name"] == "שרה"
    assert "forfeit, dropped out" in drawn and "bye" in drawn
    alt = tournament.describe_standings(data)
    assert f"{dropped['place']}. שרה (forfeit, dropped out)" in alt
    assert "(bye)" in alt


def test_the_viewers_row_stays_when_the_standings_are_cut() -> None:
    data = picture_data(swiss(64))
    last = data["rows"][-1]
    rows, hidden = tournament.shown_rows(data, last["id"])
    assert rows[-1] == last and rows[-2] is None and hidden > 0
    drawn = _check_picture(tournament.draw_standings, data, last["id"])
    assert "you" in drawn and last["name"] in drawn
    alt = tournament.describe_standings(data, last["id"])
    assert last["spread"] < 0  # said with the minus sign a rating change is said with
    assert alt.endswith(f"in the message. {last['place']}. {last['name']} (you): points 0, "
                        f"Buchholz {last['buchholz']:g}, Spread −{-last['spread']:g}.")
    first = data["rows"][0]
    alt = tournament.describe_standings(data, first["id"])
    assert f"Round 3 of 3. 1. {first['name']} (you): points" in alt  # in its place


def test_shared_places_read_as_shared() -> None:
    data = picture_data(knockout(8, 3))
    assert [row["place"] for row in data["rows"]] == ["1", "2", "3=", "3=", *["5="] * 4]
    drawn = _check_picture(tournament.draw_standings, data)
    assert drawn.count("5=") == 4 and "Won" in drawn and "Buchholz" not in drawn
    alt = tournament.describe_standings(data)
    assert "2. Bob 🦊: Won 2, Lost 1. 3= שרה: Won 1, Lost 1." in alt


def test_a_tables_event_explains_its_placement_points() -> None:
    event = Tournament.create("t", HOST, "cribbage", TABLES, rounds_planned=2, table_size=3)
    for user in range(1, 8):
        event.join(user, _name(user))
    event.start(HOST)
    for match in list(event.current.matches):
        event.record_game(match.id, outcome(match, _by_seed(event, match.entries)))
    drawn = _check_picture(tournament.draw_standings, picture_data(event))
    assert "Pts: placement points, one for each seat placed below" in drawn


@pytest.mark.parametrize("count", range(2, 65))
def test_knockouts_of_every_size_fit_a_phone_at_every_round(count: int) -> None:
    rounds = (count - 1).bit_length()
    for played in sorted({0, 1, rounds // 2, rounds}):
        data = picture_data(knockout(count, played))
        drawn = _check_picture(tournament.draw_bracket, data)
        plan = tournament.bracket_plan(data)
        alt = tournament.describe_bracket(data)
        assert len(alt) <= 1024
        assert len(plan.columns[0].slots) <= tournament.MAX_FIRST
        assert plan.columns[-1].name == "Final" or plan.after
        for column in plan.columns:
            assert column.name in drawn and f"{column.name}:" in alt
            for slot in column.slots:
                for entry in filter(None, slot.entries):
                    assert entry["name"] in drawn
                    assert tournament.seeded(entry) in alt


def test_a_finished_bracket_marks_the_winners_in_bold_with_a_tick_and_the_final_score() -> None:
    data = picture_data(knockout(8, 3))
    with text.recording() as drawn:
        tournament.draw_bracket(data)
    ticks = [d for d in drawn if d.text == tournament.TICK]
    assert len(ticks) == 2 + 1  # the last two rounds: the semi-finals and the final
    final = next(d for d in reversed(drawn) if d.text == "Ann")
    # At eight entries a long name is already cut to its first twelve letters at the floor's
    # size, so the final is drawn at the floor's size too.
    assert final.size == tournament.bracket_size(tournament.bracket_plan(data)) \
        == tournament.SIZE
    assert {"2", "1"} <= {d.text for d in drawn}
    alt = tournament.describe_bracket(data)
    assert "Final: Ann (1) beat Bob 🦊 (2) 2–1." in alt
    assert "Finished: Ann won." in alt


def test_a_best_of_three_under_way_shows_the_games_won_on_each_line() -> None:
    event = knockout(4, 1)
    final = event.current.matches[0]
    event.record_game(final.id, outcome(final, _by_seed(event, final.entries)))
    data = picture_data(event)
    with text.recording() as drawn:
        tournament.draw_bracket(data)
    texts = [d.text for d in drawn]
    assert texts[-6:] == ["1", "Ann", "(1)", "0", "Bob 🦊", "(2)"]
    assert "Final: Ann (1) v Bob 🦊 (2), playing, games 1–0." in tournament.describe_bracket(data)


def test_emoji_and_right_to_left_names_are_drawn_whole_and_long_ones_cut() -> None:
    data = picture_data(swiss(6))
    with text.recording() as drawn:
        tournament.draw_standings(data)
    shown = {d.text: d for d in drawn}
    for name in NAMES:
        assert name in shown
    image = tournament.draw_standings(data)
    long = shown["Dmitri the Unreasonably Long-Named"]
    assert long.box is not None and long.box[2] < image.width * 0.7  # cut before the numbers
    alt = tournament.describe_standings(data)
    assert all(name in alt for name in NAMES)


def test_the_picture_data_is_plain_json() -> None:
    for event in (swiss(9), knockout(9, 2)):
        data = picture_data(event)
        assert json.loads(json.dumps(data)) == data


@pytest.mark.parametrize(("dropped", "words"), [(False, "no-show"), (True, "dropped")])
def test_a_forfeit_is_said_in_the_box_and_in_words_alike(dropped: bool, words: str) -> None:
    event = knockout(6, 0)
    match = event.current.matches[0]
    gone = event.entry(match.entries[0])
    if dropped:
        event.drop(gone.members[0])
    else:
        event.no_show(match.id, gone.id)
    data = picture_data(event)
    drawn = _check_picture(tournament.draw_bracket, data)
    assert drawn.count(words) == 1 and "forfeit" not in drawn
    assert gone.name in drawn  # cut to its box, its seed left to the words
    assert f"through, {gone.name} ({gone.seed}) {words}" in tournament.describe_bracket(data)


def test_a_knockout_final_is_called_the_final_in_the_picture_and_the_message() -> None:
    event = knockout(8, 2)
    assert event.current is not None and len(event.rounds) == 3
    data = picture_data(event)
    assert data["status"] == "Final"
    assert status_line(event) == "Final."
    assert tournament.describe_bracket(data).startswith(
        f"Knockout bracket of {data['title']}: Final.")
    event.pause(HOST)
    assert picture_data(event)["status"] == "Final · paused"
    assert status_line(event) == "Final. Paused by the host."
    assert picture_data(knockout(8, 1))["status"] == status_line(knockout(8, 1))[:-1] \
        == "Round 2 of 3"


def test_a_pair_through_to_a_round_not_yet_begun_reads_as_to_come_not_playing() -> None:
    event = knockout(8, 0)
    for match in event.current.matches[:2]:  # the first two of round one are over
        event.record_game(match.id, outcome(match, _by_seed(event, match.entries)))
    alt = tournament.describe_bracket(picture_data(event))
    assert "Round 2: Ann (1) v Player 8 (8)" not in alt  # no such match: seeds 1 and 4 meet
    assert "Round 2: Ann (1) v Dmitri the Unreasonably Long-Named (4), to come;" in alt
    assert "playing" in alt.split("Round 2:")[0] and "playing" not in alt.split("Round 2:")[1]


def test_byes_read_as_byes() -> None:
    data = picture_data(knockout(5, 0))
    drawn = _check_picture(tournament.draw_bracket, data)
    assert drawn.count("bye") == 3
    assert "Ann (1) has a bye" in tournament.describe_bracket(data)


def test_a_big_bracket_shows_the_current_round_on_and_the_viewers_part() -> None:
    event = knockout(64, 1)
    data = picture_data(event)
    viewer = event.entry_of(60 // 2).id  # through to round two in the lower half
    plan = tournament.bracket_plan(data, viewer)
    assert [c.name for c in plan.columns] == ["Round 2", "Round 3"]
    assert plan.summary == "Round 1 played: 32 still in."
    assert plan.part.startswith("Part 2 of 2 of Round 2")
    assert plan.after == "Then 3 more rounds to the final."
    shown = {e["id"] for s in plan.columns[0].slots for e in s.entries if e}
    assert viewer in shown
    drawn = _check_picture(tournament.draw_bracket, data, viewer)
    assert plan.summary in drawn and plan.after in drawn


def _events_to_look_at() -> dict[str, Tournament]:
    """Every kind of event at the sizes a review looks at: knockouts of 4 to 64 (6 with byes,
    6 with computer entries, 8 of 32-character and emoji names at best of three), Swiss of 5
    and 12 (a late entry, a drop), a round robin of 4 and a tables event."""
    from tables.tournaments.fit import ROUND_ROBIN
    from tests.render.test_phone import LONG_NAMES
    events = {f"knockout-{n}": knockout(n, 1) for n in (4, 8, 16, 32, 64)}
    events |= {"knockout-6-byes": knockout(6, 0), "swiss-5": swiss(5)}
    made = {"knockout-6-computers": Tournament.create("t", HOST, "cribbage", KNOCKOUT,
                                                      best_of=3, computers="normal"),
            "knockout-8-long-names": Tournament.create("t", HOST, "cribbage", KNOCKOUT,
                                                       best_of=3),
            "swiss-12-late": Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=3),
            "round-robin-4": Tournament.create("t", HOST, "cribbage", ROUND_ROBIN),
            "tables-7": Tournament.create("t", HOST, "cribbage", TABLES, rounds_planned=2,
                                          table_size=3)}
    sizes = {"knockout-6-computers": 6, "knockout-8-long-names": 8, "swiss-12-late": 11,
             "round-robin-4": 4, "tables-7": 7}
    for name, event in made.items():
        for user in range(1, sizes[name] + 1):
            event.join(user, LONG_NAMES[user - 1] if "long" in name else _name(user))
        event.start(HOST)
        for match in list(event.current.matches):
            event.record_game(match.id, outcome(match, _by_seed(event, match.entries)))
    made["swiss-12-late"].join(60, "Zed")
    made["swiss-12-late"].drop(4)
    return events | made


def write_pictures(out: Path) -> list[Path]:
    """The tournament pictures of `_events_to_look_at`, for people to look at."""
    written = []
    for name, event in _events_to_look_at().items():
        data = picture_data(event)
        pictures = {"standings": tournament.standings_picture(data)}
        if data["bracket"]:
            pictures["bracket"] = tournament.bracket_picture(data)
        for kind, (png, _) in pictures.items():
            path = out / f"tournament_{kind}-{name}.png"
            path.write_bytes(png)
            written.append(path)
    return written


def test_every_kind_of_event_looked_at_fits_a_phone_and_is_said_in_words() -> None:
    for event in _events_to_look_at().values():
        data = picture_data(event)
        drawn = _check_picture(tournament.draw_standings, data)
        assert all(row is None or row["name"] in drawn
                   for row in tournament.shown_rows(data, None)[0])
        if data["bracket"]:
            drawn = _check_picture(tournament.draw_bracket, data)
            alt = tournament.describe_bracket(data)
            for column in tournament.bracket_plan(data).columns:
                assert column.name in drawn and f"{column.name}:" in alt


def test_the_pictures_are_pngs(tmp_path: Path) -> None:
    for path in write_pictures(tmp_path):
        assert open_png(path.read_bytes()).width == tournament.WIDTH


def test_a_late_entry_is_marked_in_the_picture_and_its_words() -> None:
    event = Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=3)
    for user in range(1, 7):
        event.join(user, _name(user))
    event.start(HOST)
    event.join(60, "Zed")
    data = picture_data(event)
    drawn = _check_picture(tournament.draw_standings, data)
    assert "joined round 2" in drawn
    assert "7. Zed (joined round 2): points 0" in tournament.describe_standings(data)


def test_a_name_that_fits_its_box_alone_is_shown_whole_rather_than_cut_for_its_seed() -> None:
    """Two computer entries, "Normal bot 1" and "Normal bot 2", beside their games won: cut
    to make room for the seed they would both read "Normal bo…"; whole, they are told apart
    (the seed is in the alt text and the message). A short name keeps its seed."""
    event = Tournament.create("t", HOST, "cribbage", KNOCKOUT, best_of=3, computers="normal")
    for user in range(1, 7):
        event.join(user, _name(user) if user != 4 else "Dan")
    event.start(HOST)
    for match in event.current.matches:
        event.record_game(match.id, outcome(match, _by_seed(event, match.entries)))
    with text.recording() as drawn:
        tournament.draw_bracket(picture_data(event))
    for name in ("Normal bot 1", "Normal bot 2"):
        [shown] = [d for d in drawn if d.text == name]
        assert shown.box is not None
        assert shown.box[2] - shown.box[0] >= text.width(name, tournament.SIZE) - 1
    texts = [d.text for d in drawn]
    assert texts[texts.index("Ann") + 1] == "(1)"


#: Sixteen names of twelve characters: computer entries, and people's names wide and narrow.
TWELVE = [*(f"Normal bot {n}" for n in range(1, 10)), "Maximilian M", "Dmitri Ivanv",
          "Bartholomew!", "Kowalczykowa", "Alessandra R", "Nguyen Thanh", "Oluwaseun Ad"]


def _whole_widths(name: str, size: int) -> set[float]:
    """The widths `name` takes drawn whole at `size`, plain and bold."""
    from PIL import Image, ImageDraw
    canvas = ImageDraw.Draw(Image.new("RGB", (tournament.WIDTH, 100)))
    with text.recording() as drawn:
        for bold in (False, True):
            text.draw(canvas, (0, 50), name, size, fill=(255, 255, 255), bold=bold,
                      anchor="lm")
    return {d.box[2] - d.box[0] for d in drawn if d.box is not None}


def test_a_name_of_twelve_characters_shows_whole_in_a_bracket_of_16_at_every_round() -> None:
    assert all(len(name) == 12 for name in TWELVE) and len(TWELVE) == 16
    event = Tournament.create("t", HOST, "cribbage", KNOCKOUT, final_best_of=3)
    for user, name in enumerate(TWELVE, start=1):
        event.join(user, name)
    event.start(HOST)
    for _ in range(5):
        data = picture_data(event)
        _check_picture(tournament.draw_bracket, data)
        with text.recording() as drawn:
            tournament.draw_bracket(data)
        names = [d for d in drawn if d.text in TWELVE]
        assert names
        for name in names:
            assert name.box is not None
            assert name.box[2] - name.box[0] in _whole_widths(name.text, name.size), name
        if event.current is None:
            break
        for match in list(event.current.matches):
            order = _by_seed(event, match.entries)
            for finish in (order, order[::-1], order):
                if not match.finished:
                    event.record_game(match.id, outcome(match, finish))


def test_the_check_of_a_whole_name_finds_a_cut_one() -> None:
    from PIL import Image, ImageDraw
    canvas = ImageDraw.Draw(Image.new("RGB", (tournament.WIDTH, 100)))
    with text.recording() as drawn:
        text.draw(canvas, (0, 50), TWELVE[0], 18, fill=(255, 255, 255), max_width=90)
    [cut] = drawn
    assert cut.box is not None and cut.box[2] - cut.box[0] not in _whole_widths(TWELVE[0], 18)


def _name_size(draw, data: dict, name: str) -> int:  # type: ignore[no-untyped-def]
    with text.recording() as drawn:
        draw(data)
    return next(d.size for d in drawn if d.text == name)


def test_small_fields_draw_bigger_text_than_big_ones() -> None:
    small, big = picture_data(knockout(4, 0)), picture_data(knockout(16, 0))
    assert _name_size(tournament.draw_bracket, small, "Ann") \
        > _name_size(tournament.draw_bracket, big, "Ann") == tournament.SIZE
    # Five entries: six would have a dropped entry's notes cut at any size above the floor.
    small, big = picture_data(swiss(5)), picture_data(swiss(40))
    assert _name_size(tournament.draw_standings, small, "Ann") \
        > _name_size(tournament.draw_standings, big, "Ann") == tournament.SIZE


def test_larger_text_never_costs_a_name_its_first_twelve_letters() -> None:
    event = Tournament.create("t", HOST, "cribbage", KNOCKOUT)
    for user, name in enumerate(["W" * 32, "Ann", "Bob", "Cy"], start=1):
        event.join(user, name)
    event.start(HOST)
    data = picture_data(event)
    with text.recording() as drawn:
        tournament.draw_bracket(data)
    wide = next(d for d in drawn if d.text == "W" * 32)
    assert text.fit("W" * 32, wide.size, wide.box[2] - wide.box[0] + 1) \
        .removesuffix(text.ELLIPSIS) == "W" * 12 or wide.size == tournament.SIZE
    standings = picture_data(swiss(5))
    assert tournament.standings_size(standings) > tournament.SIZE
