"""What each part of a player's profile says, in the words the card, its alt text and the
message share (render/profile.py draws and tells them): a game's record, streak and places, a
best moment, a tournament placing, an achievement, the next milestones."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from engine.analysis import figure
from render.alt_text import ordinal
from render.kit import text
from render.kit.safe import integer, mapping

Data = dict[str, Any]


def items(value: Any) -> list[Data]:
    return [mapping(item) for item in value] if isinstance(value, list | tuple) else []


def day(ms: object) -> str:
    """A time (ms since 1970 UTC, or stored ISO text) as a date: "3 Dec 2026"."""
    try:
        when = datetime.fromisoformat(ms) if isinstance(ms, str) \
            else datetime.fromtimestamp(float(ms) / 1000, UTC)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError, OSError):
        return ""
    return f"{when.day} {when:%b %Y}"


def rating_figure(line: Data) -> str:
    value = line.get("rating")
    return figure(float(value)) if isinstance(value, int | float) else "–"


def record_words(line: Data) -> str:
    games, wins = integer(line.get("games")), integer(line.get("wins"))
    return f"{text.plural(games, 'game')}, {text.plural(wins, 'win')}"


def streak_words(line: Data) -> list[str]:
    """The win streak's line, none before a first win ("0 now, best 0" beside "0 wins" reads
    like a broken counter)."""
    if not integer(line.get("wins")):
        return []
    current, best = integer(line.get("current_streak")), integer(line.get("best_streak"))
    return [f"Streak: {current} now, best {best}"]


def season_words(line: Data) -> str:
    """Where the member stands on the running season's leaderboard: "3rd of 12 this season"
    (none for a game they have not played this season), with the rating that board ranks them
    by where it is not the all-time one the card shows ("…, season rating −0.7"), or the
    place would contradict the leaderboard beside it; then where they finished last season
    ("…; 2nd of 9 last season"), which a member back after a month has not seen."""
    now, last = board_place(line, "season"), board_place(line, "last")
    words = [f"{now} this season"] if now else []
    season = line.get("season_rating")
    if words and isinstance(season, int | float) and figure(float(season)) != rating_figure(line):
        words[0] += f", season rating {figure(float(season))}"
    return "; ".join(words + ([f"{last} last season"] if last else []))


def board_place(line: Data, board: str) -> str:
    """ "3rd of 12" on the board ("season", "last"), or "" for no place (or one that would
    contradict its board)."""
    place, entries = integer(line.get(f"{board}_place")), integer(line.get(f"{board}_entries"))
    return f"{ordinal(place)} of {entries}" if 0 < place <= entries else ""


def moments_of(data: Data, game: object) -> list[Data]:
    return [m for m in items(data.get("moments")) if m.get("game") == game]


def moment_words(moment: Data) -> str:
    label = str(moment.get("label", "best"))
    value = integer(moment.get("value"))
    unit = str(moment.get("unit", "points"))
    if value == 1:
        unit = unit.removesuffix("s")
    return f"{label[:1].upper()}{label[1:]} {value} {unit}"


def placing_words(placing: Data) -> str:
    place = f"{ordinal(integer(placing.get('place')))} of {integer(placing.get('entries'))}"
    when = day(placing.get("finished_at"))
    return f"{place}, {placing.get('title', '')}" + (f", {when}" if when else "")


def achievement_words(achievement: Data) -> str:
    when = day(achievement.get("earned_at"))
    return f"{achievement.get('name', '')}, {achievement.get('title', '')}" \
        + (f", {when}" if when else "")


def summary(data: Data) -> str:
    played, won = integer(data.get("played")), integer(data.get("won"))
    if not played:
        return "No rated games here yet."
    words = f"{text.plural(played, 'game')}, {text.plural(won, 'win')}"
    given, taken = integer(data.get("skunks_given")), integer(data.get("skunks_taken"))
    return words + (f"; skunks: {given} given, {taken} taken" if given or taken else "")


def step_words(step: Data) -> str:
    """ "50 games (30 of 50)", "On a roll (2 of 5 wins in a row, at Crib Race)"."""
    have, need = integer(step.get("have")), integer(step.get("need"))
    titles = [str(title) for title in step.get("titles") or ()]
    name, kind = str(step.get("name", "")), step.get("kind")
    if kind == "games":
        return f"{name} ({have} of {need} games; to play: {', '.join(titles)})"
    if kind == "run":
        return f"{name} ({have} of {need} wins in a row" \
            + (f", at {titles[0]})" if titles else ")")
    return f"{name} ({have} of {need})"
