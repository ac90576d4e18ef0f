"""Crib Race's pegs in words (alt text and the table message's details): a box or a side path
named as players know it, by its holes, never by its name in the board file."""

from __future__ import annotations

from engine.crib_race.board import ADVANCE, BOX, TRAP
from engine.crib_race.track import Peg
from render.crib_race import alt_text, pictures
from render.gallery import Sample, _play_until
from render.kit import seats, text
from tests.engine.crib_race.helpers import box_side, place, race, zone


def test_boxes_and_side_paths_are_named_by_their_holes() -> None:
    game = race(8)
    board = game.board
    box_side(game, 0, zone(board, BOX, 0))
    box_side(game, 1, zone(board, BOX, 0))
    place(game, 2, Peg(zone(board, TRAP, 1).name, 2))
    place(game, 3, Peg(zone(board, ADVANCE, 1).name, 1))
    view = {**game.view(None), "names": ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]}
    words = alt_text.describe(view)
    assert "Ann & Eve in the penalty box at 30, 91 to go" in words
    assert "Cy & Gus on the blue path back to 86, " in words
    assert "Di & Hal on the green advance from 99 to 112, " in words
    details = pictures.details(view)
    assert "In the penalty box at 30: Ann & Eve, Bob & Fay (playing, but scoring nothing)" \
        in details
    ended = pictures.details({**view, "outcome": {"winners": [2]}})
    assert "In the penalty box at 30: Ann & Eve, Bob & Fay" in ended
    assert not any("playing" in line for line in ended)  # nobody plays on after the end
    for name in (z.name for z in board.zones):
        assert name not in words and not any(name in line for line in details), name


def _hand_words(view: dict) -> list[str]:
    with text.recording() as drawn:
        pictures.draw_hand(view)
    return [d.text for d in drawn]


def test_the_dealing_team_of_six_reads_that_its_discard_goes_under_the_deck() -> None:
    game = race(6)
    dealing = game.sides.seats_of(game.sides.side_of[game.core.dealer])
    other = next(seat for seat in range(6) if seat not in dealing)
    for seat in (*dealing, other):
        words = _hand_words(game.view(seat))
        assert ("Your turn: discard under the deck" in words) == (seat in dealing), words
        assert ("Your turn: discard to the crib" in words) == (seat not in dealing), words
    for seat in (*dealing, other):
        game.apply(seat, game.legal_actions(seat)[0])
    lines = [w for w in _hand_words(game.view(dealing[0])) if w.startswith("Your discard")]
    assert len(lines) == 1 and lines[0].startswith("Your discard under the deck: ")
    lines = [w for w in _hand_words(game.view(other)) if w.startswith("Your discard")]
    assert len(lines) == 1 and lines[0].startswith("Your discards to the crib: ")


def test_a_peg_landing_on_one_zone_twice_in_a_deal_is_said_once_with_how_often(
        samples: list[Sample]) -> None:
    """The gallery's finished race of eight: Di & Hal landed in the trap at 88 twice in its
    last deal, and the message listed the one line twice, which read as a mistake."""
    for sample in samples:
        if sample.game != "crib-race" or sample.kind != "table":
            continue
        view = sample.view
        events = view["zone_events"] or view["last_zone_events"]
        details = pictures.details(view)
        assert len(details) == len(set(details)), sample.filename
        said = [line for line in details if "landed" in line or "leave" in line]
        told = sum(2 if line.endswith("(twice).") else 1 for line in said)
        assert told == len(events), (sample.filename, said)
        if sample.filename == "crib-race_game-over-8p_table":
            trap = "Dmitri the Unreasonably Long-Named & Hiro landed in the blue time trap at 88"
            assert [line for line in said if line.startswith(trap)] == [
                f"{trap} and must follow the blue path back (twice)."]


def _texts(view: dict) -> list[str]:
    with text.recording() as drawn:
        pictures.draw_table(view)
    return [d.shown for d in drawn if d.kind == "text"]


def test_the_last_deal_s_landings_are_told_from_this_deal_s() -> None:
    """Before any landing this deal, the table shows the last deal's latest one: it read as
    if it had just happened ("Bob landed on the red slide at 15" while his peg was well past
    it). The picture and its alt text say which deal it was."""
    _, view = _play_until("crib-race", 2, {}, 3, lambda v: v["phase"] == "play"
                          and not v["zone_events"] and bool(v["last_zone_events"]))
    events = view["last_zone_events"]
    for last_deal in (True, False):
        now = {**view, "zone_events": [] if last_deal else events,
               "last_zone_events": events if last_deal else [], "names": ["Ann", "Bob"]}
        latest = ("Last deal: " if last_deal else "") + seats.fill_names(events[-1]["text"], now)
        shown = [t for t in _texts(now) if "landed" in t]
        assert len(shown) == 1 and latest.startswith(shown[0].removesuffix(text.ELLIPSIS))
        assert shown[0].startswith("Last deal: ") == last_deal
        assert f" {latest} " in alt_text.describe(now)
