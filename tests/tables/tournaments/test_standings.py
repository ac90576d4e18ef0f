"""Standings and their tie-breaks on hand-made events, order: points, Buchholz, spread,
head-to-head, seed."""

from __future__ import annotations

from tables.tournaments.model import DROPPED, Entry, GameResult, Match, Round, Ruling
from tables.tournaments.standings import standings


def entries(*names: str) -> list[Entry]:
    return [Entry(n, [i], [n], seed=i) for i, n in enumerate(names, start=1)]


def game(number: int, first: str, second: str, scores: tuple[int, int]) -> Match:
    """A one-game match the first entry wins on these scores."""
    ranks = [0, 1] if scores[0] > scores[1] else [1, 0]
    match = Match(f"{number}.{first}", number, [first, second])
    match.games.append(GameResult(ranks, list(scores)))
    return match


def order(rows) -> list[str]:
    return [row.entry.id for row in rows]


def test_points_then_buchholz_then_spread() -> None:
    field = entries("A", "B", "C", "D", "E")
    rounds = [
        Round(1, [game(1, "A", "B", (121, 100)), game(1, "C", "D", (121, 90))], byes=["E"]),
        Round(2, [game(2, "A", "C", (121, 111)), game(2, "E", "D", (121, 119))], byes=["B"]),
    ]
    rows = standings(field, rounds)
    by_id = {row.entry.id: row for row in rows}
    assert [(by_id[e].points, by_id[e].buchholz, by_id[e].spread) for e in "AEBCD"] == [
        (2, 2, 31), (2, 0, 2), (1, 2, -21), (1, 2, 21), (0, 3, -33)]
    # A and E level on points: A's opponents scored more (E's bye adds nothing)
    # B and C level on points and Buchholz: C's spread is better
    assert order(rows) == ["A", "E", "C", "B", "D"]
    assert [row.place for row in rows] == [1, 2, 3, 4, 5]
    assert by_id["E"].byes == 1 and by_id["E"].wins == 1 and by_id["D"].losses == 2


def test_head_to_head_settles_what_points_buchholz_and_spread_leave_level() -> None:
    # B is the better seed, but A beat B; both end on 1 point, Buchholz 2 and spread 0.
    field = entries("B", "A", "C", "D")
    rounds = [
        Round(1, [game(1, "A", "B", (121, 111)), game(1, "D", "C", (121, 116))]),
        Round(2, [game(2, "C", "A", (121, 111)), game(2, "B", "D", (121, 111))]),
    ]
    rows = standings(field, rounds)
    assert [(r.entry.id, r.points, r.buchholz, r.spread) for r in rows] == [
        ("C", 1, 2, 5), ("A", 1, 2, 0), ("B", 1, 2, 0), ("D", 1, 2, -5)]


def test_seed_settles_a_tie_head_to_head_cannot() -> None:
    field = entries("A", "B", "C", "D")
    rows = standings(field, [])
    assert order(rows) == ["A", "B", "C", "D"]


def test_a_forfeit_is_a_loss_without_game_points_and_dropped_entries_stay_listed() -> None:
    field = entries("A", "B")
    field[1].dropped = True
    match = Match("1.1", 1, ["A", "B"], forfeits={"B": DROPPED})
    rows = standings(field, [Round(1, [match])])
    assert [(r.entry.id, r.points, r.spread, r.forfeits, r.dropped) for r in rows] == [
        ("A", 1, 0, 0, False), ("B", 0, 0, 1, True)]


def test_tables_placement_points_count_computer_seats_and_share_level_places() -> None:
    field = entries("A", "B", "C", "D", "E")
    first = Match("1.1", 1, ["A", "B", "C", None], table=True)
    first.games.append(GameResult([1, 0, 2, 3], [20, 30, 10, 0]))
    second = Match("1.2", 1, ["D", "E", None], table=True)
    second.games.append(GameResult([0, 0, 2], [25, 25, 5]))
    rows = standings(field, [Round(1, [first, second])])
    by_id = {row.entry.id: row for row in rows}
    assert {e: by_id[e].points for e in "ABCDE"} == {"A": 2, "B": 3, "C": 1, "D": 1.5, "E": 1.5}
    # Buchholz at a table: the points of everyone the entry sat with
    assert by_id["A"].buchholz == 4 and by_id["D"].buchholz == 1.5
    # spread: own score minus the mean of the other seats
    assert by_id["B"].spread == 20 and by_id["D"].spread == 10
    assert order(rows)[:2] == ["B", "A"]


def test_a_seat_forfeited_at_a_table_gains_its_entry_no_spread_from_the_computer_s_play() -> None:
    """The computer plays a forfeited seat to the end: it won this game, but the entry that
    forfeited scores nothing from it, points or spread (a spread of +75 would put it above
    anyone level with it on points who played their game)."""
    field = entries("A", "B", "C")
    table = Match("1.1", 1, ["A", "B", "C"], table=True, forfeits={"A": DROPPED})
    table.games.append(GameResult([0, 1, 2], [150, 100, 50]))
    rows = standings(field, [Round(1, [table])])
    by_id = {row.entry.id: row for row in rows}
    assert (by_id["A"].points, by_id["A"].spread) == (0, 0)
    assert by_id["B"].spread == 0 and by_id["C"].spread == -75  # the seat's score still counts


def test_points_past_the_target_count_for_nothing_in_the_spread() -> None:
    # Won 65–36 in a game to 61: the peg stopped at 61, so the spread is 25, not 29.
    field = entries("A", "B", "C")
    rounds = [Round(1, [game(1, "A", "B", (65, 36))])]
    spread = {row.entry.id: row.spread for row in standings(field, rounds, target=61)}
    assert spread == {"A": 25, "B": -25, "C": 0}
    assert {row.entry.id: row.spread for row in standings(field, rounds)}["A"] == 29
    table = Match("1.t", 1, ["A", "B", "C"], table=True)
    table.games.append(GameResult([0, 1, 2], [125, 100, 80]))
    spread = {row.entry.id: row.spread for row in standings(field, [Round(1, [table])], 121)}
    assert spread == {"A": 121 - 90, "B": 100 - 100.5, "C": 80 - 110.5}


def test_a_match_the_host_overturned_adds_nothing_to_the_spread() -> None:
    """A round robin where A won its game against B 121–61 but the host gave B the match:
    A, B and C end level on points (so on Buchholz too). Counting the overturned game's 60
    points would put A, whom the host ruled against, first of the three on spread."""
    field = entries("A", "B", "C", "D")
    overturned = game(1, "A", "B", (121, 61))
    overturned.ruling = Ruling([["B"], ["A"]], by=1000)
    rounds = [
        Round(1, [overturned, game(1, "D", "C", (121, 111))]),
        Round(2, [game(2, "A", "C", (121, 119)), game(2, "D", "B", (121, 111))]),
        Round(3, [game(3, "D", "A", (121, 61)), game(3, "C", "B", (121, 111))]),
    ]
    rows = standings(field, rounds)
    by_id = {row.entry.id: row for row in rows}
    assert {e: (by_id[e].points, by_id[e].buchholz) for e in "ABC"} == {
        "A": (1, 5), "B": (1, 5), "C": (1, 5)}
    assert {e: by_id[e].spread for e in "ABCD"} == {"A": 2 - 60, "B": -10 - 10, "C": -2,
                                                    "D": 10 + 10 + 60}
    assert order(rows) == ["D", "C", "B", "A"]
    assert by_id["B"].wins == 1 and by_id["A"].losses == 2  # the ruling decides the match


def test_where_the_fewest_points_win_the_spread_counts_them_against_their_seat() -> None:
    """A game whose points count against a seat (GameSpec.fewest_points_win): the winner on
    fewest points has the better spread, and level entries are ordered by it."""
    field = entries("A", "B", "C", "D", "E", "F")
    first = Match("1.1", 1, ["A", "B", "C"], table=True)
    first.games.append(GameResult([0, 1, 2], [4, 30, 60]))
    second = Match("1.2", 1, ["D", "E", "F"], table=True)
    second.games.append(GameResult([0, 1, 2], [20, 26, 54]))
    rows = standings(field, [Round(1, [first, second])], fewest_points_win=True)
    by_id = {row.entry.id: row for row in rows}
    assert by_id["A"].spread == 41 and by_id["C"].spread == -43
    assert by_id["D"].spread == 20 and by_id["F"].spread == -31
    # A and D win their tables alike: A's 4 points against 20 settle it on spread.
    assert order(rows)[:2] == ["A", "D"]
    # Counted the usual way, the winners' spreads would be their losses.
    assert {r.entry.id: r.spread for r in standings(field, [Round(1, [first, second])])}[
        "A"] == -41


def test_a_match_nobody_turned_up_for_is_no_draw_in_the_head_to_head() -> None:
    """A, B and C are level on points, Buchholz and spread; A and B's match was a double
    no-show. Counted as a draw, it put A above C, the better seed, on a half point nobody
    played for: nothing separates them but the seed."""
    field = [Entry(n, [i], [n], seed=s) for i, (n, s) in
             enumerate([("A", 2), ("B", 3), ("C", 1), ("D", 4), ("E", 5), ("F", 6)], start=1)]

    def ruled(number: int, winner: str, loser: str) -> Match:
        return Match(f"{number}.{winner}", number, [winner, loser],
                     ruling=Ruling([[winner], [loser]], 0))

    nobody = Match("1.A", 1, ["A", "B"], forfeits={"A": "no-show", "B": "no-show"})
    rounds = [Round(1, [nobody, ruled(1, "C", "D"), ruled(1, "E", "F")]),
              Round(2, [ruled(2, "B", "C"), ruled(2, "A", "E"), ruled(2, "D", "F")])]
    rows = standings(field, rounds)
    assert [(r.entry.id, r.points, r.buchholz, r.spread) for r in rows[:3]] == [
        ("B", 1.0, 2.0, 0.0), ("C", 1.0, 2.0, 0.0), ("A", 1.0, 2.0, 0.0)]
