import copy
import json
from importlib import resources

import pytest

from engine.pip_rush.track import FINISH, TRACKS, TrackError, load_track_file, parse_track

GOOD = {
    "name": "test",
    "title": "Test Track",
    "description": "For tests.",
    "lanes": 3,
    "obstacles": [[3, 2]],
}


def with_changes(**changes):
    data = copy.deepcopy(GOOD)
    data.update(changes)
    return data


def test_a_good_track_loads():
    track = parse_track(GOOD)
    assert track.obstacles == frozenset({(3, 2)})
    assert not track.is_open(3, 2)
    assert track.is_open(3, 1)
    assert not track.is_open(11, 1)
    assert not track.is_open(4, 4)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (with_changes(lanes=4), "bad lane count 4"),
        (with_changes(lanes="3"), "bad lane count '3'"),
        (with_changes(obstacles=[[11, 1]]), r"obstacle \[11, 1\] out of range: spaces run 1 to 10"),
        (with_changes(obstacles=[[-1, 1]]), "out of range"),
        (with_changes(obstacles=[[4, 0]]), r"obstacle \[4, 0\] out of range: lanes run 1 to 3"),
        (with_changes(obstacles=[[0, 2]]), r"obstacle \[0, 2\] at Start"),
        (with_changes(obstacles=[[3, 2], [3, 2]]), "listed twice"),
        (with_changes(obstacles=[[5, 1], [5, 2], [5, 3]]), "space 5 has 3 obstacles"),
        (with_changes(obstacles=[[5, "2"]]), "not a \\[space, lane\\] pair"),
        (with_changes(obstacles=[[5, 2, 1]]), "not a \\[space, lane\\] pair"),
        (with_changes(obstacles={"5": 2}), "obstacles must be a list"),
        (with_changes(title=""), "title must be a non-empty string"),
        (with_changes(colour="red"), "unknown key\\(s\\) colour"),
        ({k: v for k, v in GOOD.items() if k != "lanes"}, "missing key\\(s\\) lanes"),
        ([GOOD], "must be a JSON object"),
    ],
)
def test_bad_tracks_are_refused_with_the_fault_named(data, message):
    with pytest.raises(TrackError, match=message):
        parse_track(data, "tracks/test.json")


def test_a_track_that_cannot_be_finished_is_refused():
    # Lanes 1-2 blocked on space 4 and lanes 2-3 on space 5: no step leads from lane 3 to lane 1.
    walled = with_changes(obstacles=[[4, 1], [4, 2], [5, 2], [5, 3]])
    with pytest.raises(TrackError, match="space 5 cannot be reached from Start"):
        parse_track(walled)


def test_errors_name_the_source_file():
    with pytest.raises(TrackError, match=r"^tracks/x\.json: "):
        parse_track(with_changes(lanes=2), "tracks/x.json")


def test_a_missing_track_file_is_reported():
    with pytest.raises(TrackError, match="no such track file"):
        load_track_file("no-such-track")


def test_packaged_tracks_default_first_and_names_match_files():
    assert next(iter(TRACKS)) == "open"
    assert "obstacles" in TRACKS
    folder = resources.files("engine.pip_rush").joinpath("tracks")
    for name, track in TRACKS.items():
        assert json.loads(folder.joinpath(f"{name}.json").read_text())["name"] == track.name


def test_open_track_is_clear_and_obstacle_track_leaves_two_lanes_everywhere():
    assert TRACKS["open"].obstacles == frozenset()
    rocky = TRACKS["obstacles"]
    assert rocky.obstacles
    for space in range(1, FINISH + 1):
        open_lanes = [lane for lane in (1, 2, 3) if rocky.is_open(space, lane)]
        assert len(open_lanes) >= 2, space
    # The Finish stays fully open so a team in the lead cannot be walled out of it by rocks.
    assert all(rocky.is_open(FINISH, lane) for lane in (1, 2, 3))


def test_view_lists_the_track_for_renderers():
    view = TRACKS["obstacles"].view()
    assert view["lanes"] == 3
    assert view["finish"] == 10
    assert view["last_mile"] == 7
    assert [2, 2] in view["obstacles"]
