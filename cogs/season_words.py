"""Words about seasons: a season's name, /season's answers and the leaderboard's heading.

Dates are Discord timestamps (each member sees them in their own time zone), except a calendar
season's month, which is named."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import UTC, datetime

from cogs import text
from cogs.fitting import Droppable, Line, fit
from engine.analysis import figure
from engine.seat_words import spoken_list
from store import SeasonRecord
from store.seasons import next_month_start
from tables.season_ends import EndedSeason
from tables.seasons import Champion, SeasonInfo, Standings


def date(ms: int) -> str:
    return f"<t:{ms // 1000}:D>"


def season_name(season: SeasonRecord) -> str:
    """"season 3 (December 2026)", "season 4 (since <date>)", "season 4 (<date> to <date>)"."""
    if not season.by_hand:
        month = datetime.fromtimestamp(season.started_at / 1000, UTC).strftime("%B %Y")
        if season.ends_at is not None and season.ends_at != next_month_start(season.started_at):
            return f"season {season.number} ({month}, ended {date(season.ends_at)})"
        return f"season {season.number} ({month})"
    if season.ends_at is None:
        return f"season {season.number} (since {date(season.started_at)})"
    return f"season {season.number} ({date(season.started_at)} to {date(season.ends_at)})"


def started(season: SeasonRecord) -> str:
    return (
        f"🏁 **Season {season.number}** has begun. Every game finished from now on counts in "
        "it, and each player starts it from their all-time rating (made less certain, so it "
        "moves quickly at first). It runs until someone ends it with /season end."
    )


def ended(season: SeasonRecord, champions: Sequence[Champion],
          running: SeasonRecord | None = None, mentioned: Collection[int] = (),
          members: int = 0) -> str:
    """/season end's answer, and a season's end posted where the server chose; `running`:
    the season that followed it at once (the next month's, or one started by hand);
    `mentioned`: the champions written as mentions, for the post that pings them; `members`:
    how many played in it, each of whom finds their final place on /profile."""
    if running is None:
        following = "The next season begins with the next calendar month, or with /season start."
    else:
        following = f"Season {running.number} {when(running)} has begun."
    return (f"🏆 **Season {season.number}** {when(season)} is over: {kept(season, members)}. "
            f"{following}" + champion_lines(champions, mentioned))


def kept(season: SeasonRecord, members: int) -> str:
    """Who played in an ended season, and where its standings and their places are kept."""
    standings = f"its final standings are kept (`/leaderboard season:{season.number}`)"
    if not members:
        return standings
    who = "1 member" if members == 1 else f"{members} members"
    return (f"{who} played in it. {standings[:1].upper()}{standings[1:]}, and each finds their "
            "final place on `/profile`")


def ended_together(ended: Sequence[EndedSeason], running: SeasonRecord | None,
                   mentioned: Collection[int] = ()) -> str:
    """The post of seasons that ended while none of them could be posted (the bot away as
    more than one month turned): which ended, oldest first, each with its champions, and
    which runs now. Too long for one message, the oldest seasons' champions go first (each
    season's standings stay a command away)."""
    numbers = spoken_list([str(each.season.number) for each in ended])
    now = (f"Season {running.number} {when(running)} runs now." if running is not None else
           "No season runs now: the next begins with the next calendar month, or with "
           "/season start.")
    lines: list[Line] = [f"🏆 **Seasons {numbers}** are over. {now}"]
    latest = len(ended) - 1
    for rank, each in enumerate(ended):
        season = each.season
        who = "" if not each.members else "1 member played in it. " if each.members == 1 \
            else f"{each.members} members played in it. "
        heading = (f"**Season {season.number}** {when(season)}: {who}Final standings: "
                   f"`/leaderboard season:{season.number}`.")
        champions = "\n".join(line for line in champion_lines(each.champions, mentioned)
                              .splitlines()[1:] if line != CHAMPIONS)
        # Too long for one message, the oldest seasons' champions go first, then their
        # headings: the first line names them all, and the latest is said whole.
        lines += [heading, champions] if rank == latest else \
            [Droppable(heading, latest + rank), Droppable(champions, rank)]
    lines.append("Each member finds their final place in each on `/profile`.")
    return fit([lines])


def when(season: SeasonRecord) -> str:
    """A season's month or dates: "(January 2027)", "(<date> to <date>)"."""
    return season_name(season).removeprefix(f"season {season.number} ")


def announcing(channel_id: int | None) -> str:
    """/season announce's answer."""
    if channel_id is None:
        return ("🔕 Season ends will not be posted here any more. A member with Manage Server "
                "can choose a channel again with `/season announce channel:`.")
    return (f"📣 From now on, when a season ends, its champions are posted in <#{channel_id}>"
            " (each champion is pinged). `/season announce` with no channel stops it.")


#: /season announce with no channel where none was chosen: nothing to stop.
NOT_POSTED_ALREADY = ("Season ends are not posted anywhere already: choose a channel with "
                      "`/season announce channel:` to post them.")


def cannot_post(channel_id: int | None, lacking: Sequence[str]) -> str:
    """/season announce refused: the bot could not post season ends where it was asked to."""
    return (f"I can't post in <#{channel_id}>: give me {spoken_list(lacking)} there (the "
            "channel's settings → Permissions), then choose it again. Nothing changed.")


def announce_line(channel_id: int | None, unposted_season: int | None = None) -> str:
    """Where /season info says season ends go, or that the last could not go there."""
    if channel_id is not None and unposted_season is not None:
        return (f"⚠️ The end of season {unposted_season} could not be posted in <#{channel_id}>"
                " (the channel is gone, or the bot may not write there): a member with Manage"
                " Server can choose a channel again with `/season announce channel:`.")
    if channel_id is None:
        return ("Season ends are not posted anywhere: a member with Manage Server can choose a "
                "channel with `/season announce channel:`.")
    return f"Season ends are posted in <#{channel_id}> with their champions."


def started_after(season: SeasonRecord, ended: SeasonRecord | None,
                  champions: Sequence[Champion], mentioned: Collection[int] = ()) -> str:
    """/season start's answer; `ended`: the calendar season it ended, with its champions."""
    if ended is None:
        return started(season)
    return (
        f"{started(season)}\n🏆 **Season {ended.number}** {when(ended)} is over as season "
        f"{season.number} begins: its final standings are kept "
        f"(`/leaderboard season:{ended.number}`)."
        + champion_lines(champions, mentioned)
    )


CHAMPIONS = "**Champions**"


def champion_lines(champions: Sequence[Champion], mentioned: Collection[int] = ()) -> str:
    """A season's first places, one line per game, each member by the name the champion
    carries (the one they go by now, else the one they last played under here:
    text.member_name), or as a mention if among `mentioned`, where the message pings them."""
    if not champions:
        return "\nNo member won a game in it, so it has no champions."
    lines = [f"\n{CHAMPIONS}"]
    for champion in champions:
        names = champion.names or (None,) * len(champion.user_ids)
        who = spoken_list([f"<@{user_id}>" if user_id in mentioned
                           else text.member_name(user_id, name)
                           for user_id, name in zip(champion.user_ids, names, strict=True)])
        wins = "win" if champion.wins == 1 else "wins"
        lines.append(f"🥇 {champion.title}: {who} (rating {figure(champion.rating)}, "
                     f"{champion.wins} {wins})")
    return "\n".join(lines)


def info(season_info: SeasonInfo, champions: Sequence[Champion] = ()) -> str:
    """/season info: the season running (or when the next begins), where season ends are
    posted, then the champions of the season before it, if anyone finished a game in it."""
    previous = season_info.previous
    posted = announce_line(season_info.announce_channel, season_info.unposted_season)
    now = f"{now_running(season_info)}\n{posted}"
    if previous is None or not champions:
        return now
    return (f"{now}\n🏆 Season {previous.number}'s final standings:"
            f" `/leaderboard season:{previous.number}`." + champion_lines(champions))


def now_running(season_info: SeasonInfo) -> str:
    running, latest = season_info.running, season_info.latest
    if running is None:
        last = f"Season {latest.number} ended {date(latest.ends_at)}. " if (
            latest is not None and latest.ends_at is not None) else ""
        upcoming = (
            f"the next begins {date(season_info.next_start)}"
            if season_info.next_start is not None else "the next begins with the next month"
        )
        return f"📅 No season is running. {last}Start one with /season start, or {upcoming}."
    if running.by_hand:
        how = "It was started by hand and runs until /season end."
    else:
        how = (
            "Seasons follow the calendar month here; /season start begins one that runs "
            "until /season end instead."
        )
    return f"📅 This server is in {season_name(running)}. {how}"


def heading(standings: Standings) -> str:
    """What the leaderboard shows: "all time", or which season and whether it is over (for an
    empty board, only which season)."""
    season = standings.season
    if season is None:
        return "all time"
    if not standings.rows:
        return season_name(season)
    if standings.running:
        return season_name(season)
    if standings.next_start is not None:
        return (
            f"{season_name(season)}, final standings (no season is running; the next "
            f"begins {date(standings.next_start)})"
        )
    return f"{season_name(season)}, final standings"


def last_season_pointer(standings: Standings) -> str:
    """Under an empty board of the season running: where the last one's final standings are
    (early in a month, the board a regular came for)."""
    season = standings.season
    if standings.rows or not standings.running or season is None or season.number < 2:
        return ""
    last = season.number - 1
    return f"\nSeason {last}'s final standings: `/leaderboard season:{last}`."
