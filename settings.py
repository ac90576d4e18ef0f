"""The bot's settings, read from `.env` and the environment and checked: a setting it cannot
work with is said in one line that tells what to change."""

from __future__ import annotations

import difflib
import logging
import os
from dataclasses import dataclass

from dotenv import find_dotenv, load_dotenv
from dotenv.parser import parse_stream

from store.database import DEFAULT_DATABASE, is_postgres

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
#: Every setting the bot reads; README's Configuration and .env.example list the same ones.
NAMES = ("DISCORD_TOKEN", "DATABASE", "SHARD_COUNT", "SHARD_IDS", "DEV_GUILD_ID", "LOG_LEVEL",
         "EXPERT_SECONDS", "LOBBY_EXPIRY_DAYS", "BACKUP_EVERY_HOURS", "BACKUP_KEEP")
#: Names a .env may hold that the bot does not read but knows: DATABASE_URL gets its own
#: message, and the tests read TEST_DATABASE_URL.
KNOWN_OTHERS = ("DATABASE_URL", "TEST_DATABASE_URL")

# python-dotenv's own word on a line it cannot read names neither the file nor what to do:
# dotenv_warnings says both.
logging.getLogger("dotenv.main").setLevel(logging.ERROR)


@dataclass(frozen=True)
class Settings:
    token: str
    database: str
    dev_guild_id: int | None
    log_level: str
    #: SHARD_COUNT and SHARD_IDS: run as an AutoShardedBot on those shards of that many (all
    #: of them if SHARD_IDS is not set), serving only their servers' games.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: The expert computer player's thinking time per move.
    expert_seconds: float = 1.0
    #: LOBBY_EXPIRY_DAYS: how long an open lobby nobody joins, leaves or changes stays open.
    lobby_expiry_days: float = 7.0
    #: (BACKUP_EVERY_HOURS, BACKUP_KEEP): a SQLite database's copies beside it (0: none).
    backups: tuple[float, int] = (24.0, 7)

    @classmethod
    def from_environment(cls) -> Settings:
        """Read the process environment, after filling it from `.env` if there is one."""
        settings, problems = cls.read_environment()
        if problems:
            raise ValueError(problems[0])
        return settings

    @classmethod
    def read_environment(cls) -> tuple[Settings, list[str]]:
        """The settings and what is wrong with them: a setting that does not read stays at
        its default and says why, so that every other setting is still checked."""
        load_dotenv(find_dotenv())
        problems: list[str] = []
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdecimal():
            problems.append(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}.")
        try:
            shard_count, shard_ids = shard_settings(
                os.environ.get("SHARD_COUNT", "").strip(), os.environ.get("SHARD_IDS", "").strip()
            )
        except ValueError as problem:
            problems.append(str(problem))
            shard_count, shard_ids = None, None
        expert_seconds = positive_number("EXPERT_SECONDS", 1.0, 60, "seconds", problems)
        lobby_expiry_days = positive_number("LOBBY_EXPIRY_DAYS", 7.0, 365, "days", problems)
        backups = (positive_number("BACKUP_EVERY_HOURS", 24.0, 720, "hours", problems, off=True),
                   int(positive_number("BACKUP_KEEP", 7.0, 1000, "a whole number of backups",
                                       problems, off=True, whole=True)))
        database = os.environ.get("DATABASE", "").strip()
        if scheme := foreign_scheme(database):
            problems.append(f"DATABASE must be a SQLite file's path ({DEFAULT_DATABASE}) or a "
                            f"postgresql:// URL, not a {scheme}:// address: for SQLite write "
                            "the path alone.")
            database = ""
        if not database and os.environ.get("DATABASE_URL", "").strip():  # as many hosts name it
            problems.append("DATABASE_URL is set, but the bot reads DATABASE: put the URL after "
                            "DATABASE= instead.")
        log_level = os.environ.get("LOG_LEVEL", "").strip().upper() or "INFO"
        if log_level not in LOG_LEVELS:
            problems.append(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}.")
            log_level = "INFO"
        settings = cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            database=database or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild.isdecimal() else None,
            log_level=log_level,
            shard_count=shard_count,
            shard_ids=shard_ids,
            expert_seconds=expert_seconds,
            lobby_expiry_days=lobby_expiry_days,
            backups=backups,
        )
        return settings, problems


def foreign_scheme(database: str) -> str | None:
    """The scheme of an address that is neither a SQLite file's path nor PostgreSQL's, or
    None: taken as a path, another program's sqlite:///x.db would make a folder "sqlite:"."""
    if "://" in database and not is_postgres(database):
        return database.split("://")[0]
    return None


def env_file() -> str:
    """The .env file the settings are read from ("" if there is none)."""
    return find_dotenv()


def dotenv_warnings() -> list[str]:
    """A line for each line of the .env file the bot reads nothing from: a misspelt setting
    (or one that is not NAME=value) would otherwise stay at its default without a word. Only
    .env is looked at: the environment holds every other program's names too."""
    path = find_dotenv()
    if not path:
        return []
    lines = []
    with open(path, encoding="utf-8") as stream:
        for binding in parse_stream(stream):
            written = binding.original.string.strip()
            if binding.error:
                lines.append(f"Line {binding.original.line} of .env, {written!r}, is not "
                             "NAME=value, so it changes nothing: write it as NAME=value.")
            elif binding.key is not None and binding.key not in NAMES + KNOWN_OTHERS:
                near = difflib.get_close_matches(binding.key.strip("'\"").upper(), NAMES, n=1)
                hint = f"did you mean {near[0]}?" if near else ".env.example lists the settings."
                lines.append(f"{binding.key} in .env is not a setting of the bot, so it changes "
                             f"nothing: {hint}")
    return lines


def positive_number(name: str, default: float, most: float, unit: str,
                    problems: list[str], *, off: bool = False, whole: bool = False) -> float:
    """The environment's `name`: more than 0 (or 0, meaning off, if `off`), at most `most`,
    whole if `whole`; else `default`, and why."""
    written = os.environ.get(name, "").strip()
    try:
        value = float(written) if written else default
    except ValueError:
        value = -1.0
    if (value >= 0 if off else value > 0) and value <= most and (value.is_integer() or not whole):
        return value
    least = "0 to turn it off" if off else "more than 0"
    problems.append(f"{name} must be {unit} ({least}, at most {most:g}), not {written!r}.")
    return default


def shard_settings(count: str, ids: str) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT ("4") and SHARD_IDS ("0,1", or empty for all of them), checked."""
    if not count:
        if ids:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards there are in all).")
        return None, None
    if not count.isdecimal() or int(count) < 1:
        raise ValueError(f"SHARD_COUNT must be a whole number of shards, not {count!r}.")
    total = int(count)
    if not ids:
        return total, tuple(range(total))
    parts = [part.strip() for part in ids.split(",")]
    if not all(part.isdecimal() and int(part) < total for part in parts):
        raise ValueError(f"SHARD_IDS must be shard numbers from 0 to {total - 1} separated by"
                         f" commas, not {ids!r}.")
    return total, tuple(sorted({int(part) for part in parts}))
