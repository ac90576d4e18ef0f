"""Every message whose length grows with seats or names fits Discord's 2,000 characters and
keeps what matters: a whole game of every registered game at its most seats, with 32-character
names (plain, all markdown, emoji), read through the builders the bot sends; and the lobby,
/leaderboard, /records, /profile and a tournament's message at their largest."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cogs import text
from cogs.fitting import Droppable, fit, names_shortened, shortened
from cogs.images import score_line
from cogs.live_hands import LiveHands
from cogs.records_cog import records_content
from cogs.replay_cog import frame_text
from cogs.table_message import NO_PICTURES
from cogs.tournament_words import event_content
from engine.achievements import TOURNAMENT_WON
from engine.milestones import MILESTONES
from engine.registry import GAMES
from render import profile
from render.gallery import profile_samples
from store.records import Moment, RatingChange, StreakRecord
from tables.milestones import milestone_line
from tables.ratings import rating_words
from tables.records import AchievementRow, RecordRow, ServerRecords
from tables.replay import Frame
from tables.seats import SeatInfo
from tables.table import Table
from tables.tournaments import Tournament
from tables.tournaments.service import HeldTournament
from tests.tables.tournaments.helpers import better_seed_wins, open_matches, outcome

LIMIT = 2000
#: The table message's room when its note on missing pictures goes under it.
WITHOUT_PICTURES = LIMIT - len(NO_PICTURES) - 1
#: Discord's longest display name, in the kinds that make a message longest: every character
#: of the second escaped for markdown, the third and fourth two UTF-16 units or joined.
NAME_KINDS = {
    "plain": lambda seat: f"Player {seat} " + "x" * 23,
    "markdown": lambda seat: "_" * 31 + str(seat),
    "emoji": lambda seat: "🃏" * 31 + str(seat),
    "joined emoji": lambda seat: "👨‍👩‍👧‍👦" * 4 + f" and the @everyone {seat}",
}
USER = 10**18


def seats_named(kind: str, count: int) -> list[SeatInfo]:
    names = [NAME_KINDS[kind](seat)[:32] for seat in range(count)]
    return [SeatInfo(user_id=USER + seat, name=name) for seat, name in enumerate(names)]


def compact_forms(seats: list[SeatInfo]) -> list[list[SeatInfo]]:
    return [text.with_names(seats, width) for width in (None, *text.NAME_WIDTHS)]


# ----------------------------------------------------------------------------- the fitter


def test_the_oldest_droppable_line_goes_first_and_blank_separators_with_it() -> None:
    lines = ["title", "", Droppable("old", 0), Droppable("new", 5), "", Droppable("extra", 2)]
    assert fit([lines], limit=100) == "title\n\nold\nnew\n\nextra"
    assert fit([lines], limit=len("title\n\nnew\n\nextra")) == "title\n\nnew\n\nextra"
    assert fit([lines], limit=len("title\n\nnew")) == "title\n\nnew"
    assert fit([lines], limit=5) == "title"


def test_a_compact_form_is_built_only_when_the_full_one_cannot_fit() -> None:
    built: list[str] = []

    def form(name: str, width: int) -> list[str | Droppable]:
        built.append(name)
        return ["x" * width, Droppable("log", 0)]

    def forms() -> Iterator[list[str | Droppable]]:
        return (form(name, width) for name, width in (("full", 50), ("compact", 10)))

    assert fit(forms(), limit=60) == "x" * 50 + "\nlog" and built == ["full"]
    assert fit(forms(), limit=52) == "x" * 50 and built == ["full"] * 2
    # The compact form is built, and its droppable line comes back where there is room.
    assert fit(forms(), limit=20) == "x" * 10 + "\nlog" and built == ["full"] * 3 + ["compact"]


def test_what_was_left_off_is_counted_when_asked() -> None:
    lines = ["head", *(Droppable(f"line {n}", -n) for n in range(10))]
    fitted = fit([lines], limit=40, more=lambda count: f"…and {count} more.")
    assert len(fitted) <= 40
    kept = fitted.splitlines()
    assert kept[0] == "head" and kept[-1] == f"…and {10 - (len(kept) - 2)} more."
    assert kept[1:-1] == [f"line {n}" for n in range(len(kept) - 2)]  # the first stay


WORDS = st.text(alphabet="ab_*", min_size=1, max_size=8)


@given(st.lists(st.lists(WORDS, max_size=12).map(" ".join), max_size=12),
       st.integers(min_value=10, max_value=300))
def test_a_fitted_message_never_passes_its_limit_nor_cuts_a_word(
    lines: list[str], limit: int
) -> None:
    fitted = fit([lines], limit=limit)
    assert len(fitted) <= limit
    words = set(" ".join(lines).split())
    assert set(fitted.removesuffix("…").split()) <= words
    if len("\n".join(lines)) <= limit and all(lines):
        assert fitted == "\n".join(lines)


def test_names_are_shortened_whole_longest_first() -> None:
    assert shortened("Ann", 5) == "Ann" and shortened("Annabelle", 5) == "Anna…"
    assert shortened("👨‍👩‍👧‍👦", 3) == "👨…"  # no joiner left dangling
    line = "Annabelle Smith beat Annabelle: 5-4"
    assert names_shortened(line, ["Annabelle", "Annabelle Smith"], 6) == "Annab… beat Annab…: 5-4"


# ----------------------------------------------------------------------- a whole game


def play_and_check(table: Table, seed: int) -> None:
    """Play the table to its end with random legal moves, checking the table message and
    every hand on the way (the turn line kept whole in each)."""
    rng = random.Random(seed)
    moves = 0
    while not table.finished:
        seat = rng.choice(table.waiting_for() or table.game.to_act())
        table.apply(seat, rng.choice(table.legal_for(seat)))
        moves += 1
        public = table.public_view()
        for limit in (LIMIT, WITHOUT_PICTURES):
            content = text.table_content(table, scores=score_line(table.game_name, public),
                                         limit=limit)
            assert len(content) <= limit, content
            if table.waiting_for():
                turns = {text.waiting_line(seats, table.waiting_for())
                         for seats in compact_forms(table.seats)}
                assert turns & set(content.splitlines()), content
        if moves % 5 == 0:
            for reader in range(len(table.seats)):
                hand = LiveHands._content(table, reader, table.legal_for(reader),
                                          table.game.view(reader))
                assert len(hand) <= LIMIT, hand


def check_finished(table: Table, limit: int) -> str:
    content = text.table_content(
        table, status="finished", scores=score_line(table.game_name, table.public_view()),
        limit=limit)
    assert len(content) <= limit, content
    lines = content.splitlines()
    outcome = table.outcome
    assert outcome is not None
    winners = {text.outcome_line(seats, outcome) for seats in compact_forms(table.seats)}
    assert winners & set(lines), content
    ratings = {text.safe(rating_words(seats, table.rating_changes, most=most))
               for seats in compact_forms(table.seats) for most in (None, text.RATED_AT_MOST)}
    [rated] = [line for line in lines if line.startswith("📈")]
    assert rated in ratings, rated
    # Each member named with a change ("(+1.2", "(−0.4", "(0)") or as their first game.
    named = len(re.findall(r" \((?:[+−]\d|0\)|first game\))", rated))
    more = re.search(r"…and (\d+) more$", rated)
    assert named + (int(more[1]) if more else 0) == len(table.seats), rated
    return content


@pytest.mark.parametrize("kind", sorted(NAME_KINDS))
@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_at_its_most_seats_keeps_the_winner_and_every_rating(
    game: str, kind: str
) -> None:
    spec = GAMES[game]
    count = max(spec.allowed_player_counts())
    table = Table(id=987654, spec=spec, options={}, seed=11, guild_id=1, channel_id=1,
                  host_id=USER, seats=seats_named(kind, count))
    play_and_check(table, seed=count)
    # Every member rated, the changes as wide as they come.
    table.rating_changes = [
        RatingChange(USER + seat, 12, (25.0 + seat, 8.0), (12.5 - 4 * seat, 6.1))
        for seat in range(count)]
    for limit in (LIMIT, WITHOUT_PICTURES):
        check_finished(table, limit)
    for reader in range(count):
        hand = LiveHands._content(table, reader, [], table.game.view(reader))
        assert len(hand) <= LIMIT and "🏆 **" in hand and "📈 Your season 12 rating: " in hand


@pytest.mark.parametrize("kind", sorted(NAME_KINDS))
def test_milestone_lines_saying_how_they_were_earned_fit_beside_the_winner(kind: str) -> None:
    """Every seat of the biggest table reaching every milestone in its last move: each line
    names them all and says how the milestone is earned, and the message still fits with the
    winner and every rating kept, each milestone line it keeps whole (a log line goes whole
    or not at all, oldest first)."""
    spec = max(GAMES.values(), key=lambda s: max(s.allowed_player_counts()))
    count = max(spec.allowed_player_counts())
    table = Table(id=987654, spec=spec, options={}, seed=11, guild_id=1, channel_id=1,
                  host_id=USER, seats=seats_named(kind, count))
    play_and_check(table, seed=count)
    table.rating_changes = [RatingChange(USER + seat, 12, (25.0 + seat, 8.0), (12.5, 6.1))
                            for seat in range(count)]
    everyone = [f"{{s{seat}}}" for seat in range(count)]
    for milestone in MILESTONES:
        table.note(milestone_line(everyone, milestone))
    said = {f"> {text.safe(line)}" for line in table.recent if line.startswith("🏅 ")}
    assert len(said) == len(MILESTONES)
    for limit in (LIMIT, WITHOUT_PICTURES):
        content = check_finished(table, limit)
        kept = [line for line in content.splitlines() if line.startswith("> 🏅")]
        assert set(kept) <= said, content
        assert kept or kind != "plain", content  # the widest names may leave no room for one


def test_short_of_room_the_rating_line_sums_up_and_the_winner_stays_whole() -> None:
    spec = GAMES["crib-race"]
    table = Table(id=5, spec=spec, options={}, seed=3, guild_id=1, channel_id=1, host_id=USER,
                  seats=seats_named("markdown", 8))
    play_and_check(table, seed=1)
    table.rating_changes = [RatingChange(USER + seat, 2, None, (20.0, 7.0)) for seat in range(8)]
    content = check_finished(table, limit=700)
    assert f"…and {8 - text.RATED_AT_MOST} more" in content
    assert content.splitlines()[1].startswith("Scores: ")
    assert "…" in content.splitlines()[1]  # the names shortened, each marked
    # Shorter still, the score line goes: the outcome line gives the scores too.
    content = check_finished(table, limit=550)
    assert "Scores:" not in content


# ---------------------------------------------------------------- the other messages


@pytest.mark.parametrize("game", list(GAMES))
def test_a_full_lobby_fits_with_every_seat(game: str) -> None:
    spec = GAMES[game]
    count = max(spec.allowed_player_counts())
    seats = seats_named("markdown", count)
    lobby = SimpleNamespace(id=99999, host_id=USER, options=spec.check_options({}),
                            settings={"idle": 30, "hints": True}, seats=seats)
    content = text.lobby_content(spec, lobby, [list(range(count))],
                                 note="The host may start now: " + "every seat is taken. " * 5)
    assert len(content) <= LIMIT
    assert all(f"<@{seat.user_id}>" in content for seat in seats)


def test_a_leaderboard_of_long_names_fits_with_every_row() -> None:
    rows = [{"user_id": USER + n, "rating": -12.3 + n, "wins": 9999, "games": 99999,
             "skunks": 999, "name": NAME_KINDS["markdown"](n)} for n in range(10)]
    board = text.leaderboard_content(GAMES["cribbage"], rows, "season 12 (December 2026)")
    assert len(board) <= LIMIT
    assert board.splitlines()[1:] == [
        f"**{place}.** {text.safe(row['name'])} — {row['rating']:.1f} · 9999 won · 99999 played"
        .replace("-", "−") + " · 999 skunks"
        for place, row in enumerate(rows, start=1)]


@pytest.mark.parametrize("game", list(GAMES))
def test_records_keep_every_record_and_count_the_achievements_left_out(game: str) -> None:
    spec = GAMES[game]
    holder = NAME_KINDS["markdown"](1)
    moments = [RecordRow(kind.name, kind.unit, kind.how * 4,
                         Moment(game, kind.kind, 29, 123456, USER, 1_790_000_000_000))
               for kind in spec.moments]
    many = [AchievementRow(a.name, a.how * 3, 12) for a in (*spec.achievements, TOURNAMENT_WON)]
    shared = [AchievementRow(m.name, m.how, 5) for m in MILESTONES]
    records = ServerRecords(moments, StreakRecord(USER, game, 12, 1_790_000_000_000, 3),
                            many * 3, shared, names={USER: holder})
    content = records_content(spec, records)
    assert len(content) <= LIMIT
    for row in moments:
        assert f"**{row.name}** ({row.how}): 29 {row.unit} — " in content
    assert "**Longest streak** (rated wins in a row): 12 wins — " in content
    shown = content.count("\n• **")
    everything = len(many) * 3 + len(shared)
    if shown < everything:
        assert content.endswith(f"…and {everything - shown} more achievements.")
        # The milestones, shared by every game, give way before the game's own achievements.
        assert f"• **{many[0].name}**" in content
        assert f"• **{shared[-1].name}**" not in content


def test_a_profile_with_every_achievement_fits_and_says_how_many_it_left_out() -> None:
    everything = [{"key": a.key, "name": a.name, "title": GAMES[a.game].title, "how": a.how,
                   "at": 0} for spec in GAMES.values() for a in spec.achievements]
    data: dict[str, Any] = {**dict(profile_samples())["profile_veteran"],
                            "name": NAME_KINDS["markdown"](0), "achievements": everything}
    lines = profile.profile_text(data)
    content = text.profile_content(lines, private=True)
    assert len(content) <= LIMIT
    kept = content.splitlines()
    assert kept[0] == f"🪪 **{text.safe(lines[0])}**"
    left_out = int(re.fullmatch(r"…and (\d+) more\.", kept[-1])[1])  # type: ignore[index]
    assert kept[2:-1] == [text.safe(line) for line in lines[1:len(lines) - left_out]]


def tournament(form: str, count: int, **settings: Any) -> Tournament:
    event = Tournament.create("t1", USER, settings.pop("game", "cribbage"), form, **settings)
    for user in range(1, count + 1):
        event.join(user, NAME_KINDS["markdown"](user)[:28] + f"{user:04d}")
    return event


def check_event(held: HeldTournament) -> None:
    content = event_content(held)
    assert len(content) <= LIMIT
    assert content.count("```") % 2 == 0, content  # every code block closed
    assert content.startswith(f"🏆 **Tournament #{held.id}**")


@pytest.mark.parametrize(("form", "settings"), [
    ("swiss", {"rounds_planned": 6}), ("knockout", {}),
    ("tables", {"game": "pip-pip", "table_size": 8, "rounds_planned": 3})])
def test_a_tournament_of_64_fits_its_message_with_its_lists_summed_up(
    form: str, settings: dict[str, Any]
) -> None:
    event = tournament(form, 64, **settings)
    held = HeldTournament(id=3, guild_id=1, channel_id=1, message_id=None, host_id=USER,
                          event=event, version=1)
    check_event(held)
    assert "…and " in event_content(held)
    event.start(USER)
    order = better_seed_wins(event)
    for number, match in enumerate(open_matches(event)):
        event.record_game(match.id, outcome(match, order(match)))
        if number % 16 == 0:
            check_event(held)
    check_event(held)
    standings = event_content(held).split("**Standings**\n```\n")[1]
    assert standings.startswith("1. ") and "\n…and " in standings
    rounds = [("", [f"round line {n} " + "x" * 60 for n in range(40)])] * 3
    shown = event_content(held, rounds)
    assert len(shown) <= LIMIT and shown.count("```") % 2 == 0


def test_the_escaped_name_is_what_the_seat_list_shortens() -> None:
    seat = replace(seats_named("markdown", 1)[0], name="_" * 32)
    [short] = text.with_names([seat], 12)
    assert short.name == "_" * 11 + "…" and text.safe(short.name) == "\\_" * 11 + "…"


def test_the_running_games_list_fits_and_counts_the_games_left_out() -> None:
    spec = GAMES["pip-pip"]
    tables = [Table(id=1000 + n, spec=spec, options={}, seed=n, guild_id=1, channel_id=USER,
                    host_id=USER, seats=seats_named("markdown", 8)) for n in range(30)]
    content = text.games_content(tables)
    assert len(content) <= LIMIT
    lines = content.splitlines()
    left_out = int(re.fullmatch(r"… and (\d+) more\.", lines[-1])[1])  # type: ignore[index]
    assert [line.split()[0] for line in lines[1:-1]] == [
        f"#{1000 + n}" for n in range(30 - left_out)]
    assert text.games_content(tables[:2]).count("\n") == 2  # all of a short list


def test_a_replay_frame_keeps_its_heading_and_latest_lines() -> None:
    lines = [f"{NAME_KINDS['markdown'](n)} " + "plays a card and scores " * 12 + str(n)
             for n in range(8)]
    frame = Frame(index=12, last=40, view={}, lines=lines, hands=[], legal=[])
    content = frame_text("Pip Pip #7", frame, hands=True)
    assert len(content) <= LIMIT
    kept = content.splitlines()
    assert kept[0] == "🎬 **Replay of Pip Pip #7**: move 12 of 40 · hands face up"
    assert kept[1:] == [f"> {text.safe(line)}" for line in lines[len(lines) - len(kept) + 1:]]
    assert len(kept) < len(lines) + 1


@pytest.mark.parametrize("form", ["swiss", "knockout"])
def test_a_name_with_backticks_cannot_close_a_tournament_code_block(form: str) -> None:
    event = Tournament.create("t1", USER, "cribbage", form,
                              **({"rounds_planned": 3} if form == "swiss" else {}))
    for user in range(1, 5):
        event.join(user, f"a```b{user}" if user == 1 else f"Player {user}")
    event.start(USER)
    held = HeldTournament(id=3, guild_id=1, channel_id=1, message_id=None, host_id=USER,
                          event=event, version=1)
    content = event_content(held)
    fences = [line for line in content.splitlines() if "```" in line]
    assert all(line == "```" for line in fences), content
    assert "aˋˋˋb1" in content
