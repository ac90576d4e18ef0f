"""bot.py: settings, the no-token message, and a bot that is built without connecting."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

import bot
import settings
from settings import shard_settings

ROOT = Path(__file__).resolve().parent.parent


def run_bot(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`python bot.py` in an empty folder (so no .env is found) with only `env` set."""
    base = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_a_token_it_explains_and_exits_non_zero(tmp_path: Path) -> None:
    done = run_bot(tmp_path, {})
    assert done.returncode != 0
    assert "No Discord token is set" in done.stderr
    assert "discord.com/developers/applications" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_a_blank_token_in_dotenv_counts_as_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    # The .env is the one the bot reads (find_dotenv looks beside settings.py, not in the
    # working folder), so its spaces are what the bot sees as the token.
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=   \nLOG_LEVEL=DEBUG\n")
    monkeypatch.setattr(settings, "find_dotenv", lambda *args, **kwargs: str(env))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("LOG_LEVEL", raising=False)
    assert bot.main([]) == 2
    assert os.environ["LOG_LEVEL"] == "DEBUG"  # the file was read
    assert f"No Discord token is set in {env}." in capsys.readouterr().err


def test_a_blank_token_in_a_dotenv_made_already_says_so_rather_than_to_copy_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=\nLOG_LEVEL=INFO\n")
    monkeypatch.setattr(settings, "find_dotenv", lambda *args, **kwargs: str(env))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert bot.main([]) == 2
    said = capsys.readouterr().err
    assert f"No Discord token is set in {env}." in said
    assert f"3. Put the token after DISCORD_TOKEN= in {env}" in said
    assert ".env.example" not in said


def test_a_bad_dev_guild_id_is_explained(tmp_path: Path) -> None:
    done = run_bot(tmp_path, {"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "my server"})
    assert done.returncode != 0 and "DEV_GUILD_ID" in done.stderr
    assert "Traceback" not in done.stderr


def test_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "DATABASE", "DEV_GUILD_ID", "LOG_LEVEL", "LOBBY_EXPIRY_DAYS"):
        monkeypatch.delenv(name, raising=False)
    defaults = bot.Settings.from_environment()
    assert defaults.database == "data/cardbot.db"
    assert defaults.dev_guild_id is None and defaults.log_level == "INFO"
    monkeypatch.setenv("DISCORD_TOKEN", " abc ")
    monkeypatch.setenv("DATABASE", "/tmp/x.db")
    monkeypatch.setenv("DEV_GUILD_ID", "123456789012345678")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    chosen = bot.Settings.from_environment()
    assert chosen == bot.Settings("abc", "/tmp/x.db", 123456789012345678, "DEBUG")


async def test_create_bot_builds_without_connecting_and_asks_for_no_privileged_intent(
    tmp_path: Path,
) -> None:
    card_bot = bot.create_bot(str(tmp_path / "sub" / "bot.db"), sync_commands=False)
    assert isinstance(card_bot, discord.ext.commands.Bot)
    intents = card_bot.intents
    assert not (intents.members or intents.presences or intents.message_content)
    await card_bot.setup_hook()  # what login runs: opens the store, loads the cogs
    try:
        assert (tmp_path / "sub" / "bot.db").exists()
        assert {"Tables", "Lobbies", "Info"} <= set(card_bot.cogs)
        commands = {c.name for c in card_bot.tree.get_commands()}
        assert {"play", "hand", "games", "rules", "resign", "abandon"} <= commands
        assert {"leaderboard", "stats"} <= commands
        assert not card_bot.is_ready()
    finally:
        await card_bot.close()


def test_shard_settings_are_read_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    assert shard_settings("", "") == (None, None)
    assert shard_settings("4", "") == (4, (0, 1, 2, 3))
    assert shard_settings("4", "3, 1") == (4, (1, 3))
    for count, ids in (("", "1"), ("0", ""), ("two", ""), ("2", "2"), ("2", "0;1")):
        with pytest.raises(ValueError, match="SHARD"):
            shard_settings(count, ids)
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.setenv("SHARD_IDS", "1")
    settings = bot.Settings.from_environment()
    assert (settings.shard_count, settings.shard_ids) == (2, (1,))


def test_lobby_expiry_days_are_read_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LOBBY_EXPIRY_DAYS", raising=False)
    assert bot.Settings.read_environment()[0].lobby_expiry_days == 7
    monkeypatch.setenv("LOBBY_EXPIRY_DAYS", "2.5")
    assert bot.Settings.read_environment()[0].lobby_expiry_days == 2.5
    for bad in ("0", "-1", "week", "400"):
        monkeypatch.setenv("LOBBY_EXPIRY_DAYS", bad)
        settings, problems = bot.Settings.read_environment()
        assert settings.lobby_expiry_days == 7
        assert any("LOBBY_EXPIRY_DAYS" in problem and repr(bad) in problem for problem in problems)


def test_backup_settings_are_read_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("BACKUP_EVERY_HOURS", "BACKUP_KEEP"):
        monkeypatch.delenv(name, raising=False)
    settings, problems = bot.Settings.read_environment()
    assert settings.backups == (24, 7) and problems == []
    monkeypatch.setenv("BACKUP_EVERY_HOURS", "6.5")
    monkeypatch.setenv("BACKUP_KEEP", "30")
    assert bot.Settings.read_environment()[0].backups == (6.5, 30)
    monkeypatch.setenv("BACKUP_EVERY_HOURS", "0")
    monkeypatch.setenv("BACKUP_KEEP", "0")
    settings, problems = bot.Settings.read_environment()
    assert settings.backups == (0, 0) and problems == []
    for name, bad in (("BACKUP_EVERY_HOURS", "-1"), ("BACKUP_EVERY_HOURS", "daily"),
                      ("BACKUP_EVERY_HOURS", "1000"), ("BACKUP_KEEP", "2.5"),
                      ("BACKUP_KEEP", "all"), ("BACKUP_KEEP", "-3")):
        monkeypatch.setenv("BACKUP_EVERY_HOURS", "12")
        monkeypatch.setenv("BACKUP_KEEP", "5")
        monkeypatch.setenv(name, bad)
        settings, problems = bot.Settings.read_environment()
        assert settings.backups == ((24, 5) if name == "BACKUP_EVERY_HOURS" else (12, 7))
        [problem] = problems
        assert problem.startswith(f"{name} must be") and repr(bad) in problem
        assert "0 to turn it off" in problem


async def test_the_bot_backs_its_database_up_at_start_and_stops_the_schedule_when_closed(
    tmp_path: Path,
) -> None:
    from store.backup import backups
    from tables.clock import FakeClock
    from tests.tables.helpers import until

    database = str(tmp_path / "bot.db")
    clock = FakeClock()
    card_bot = bot.create_bot(database, sync_commands=False, clock=clock, backups=(24, 7))
    await card_bot.setup_hook()
    try:
        await until(lambda: len(backups(database)) == 1)
    finally:
        await card_bot.close()
    await clock.advance(48 * 3600)
    assert len(backups(database)) == 1


def test_serve_runs_the_bot_of_the_settings_with_the_knobs_given(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`bot.serve` is what `python bot.py` runs once the settings are read; the multi-process
    test runs it too, with shorter waits."""
    built: list[bot.CardBot] = []

    def refuse_token(self: bot.CardBot, token: str, **_: object) -> None:
        built.append(self)
        raise discord.LoginFailure("refused")

    monkeypatch.setattr(bot.CardBot, "run", refuse_token)
    settings = bot.Settings(token="a.b.c", database=str(tmp_path / "bot.db"), dev_guild_id=None,
                            log_level="INFO", shard_count=2, shard_ids=(1,),
                            lobby_expiry_days=3, backups=(12, 3))
    assert bot.serve(settings, ai_delay=0.0) == 2
    [made] = built
    assert isinstance(made, bot.ShardedCardBot)
    assert (made.shard_count, made.shard_ids, made.ai_delay) == (2, [1], 0.0)
    assert made.lobby_lifetime == 3 * 24 * 3600
    assert (made.backups.every, made.backups.keep) == (12 * 3600, 3)


async def test_a_sharded_bot_resumes_only_the_games_of_its_shards(tmp_path: Path) -> None:
    from store import Store
    from tables import SeatInfo, TableManager

    database = str(tmp_path / "shared.db")
    store = await Store.open(database)
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    seats = [SeatInfo(user_id=1, name="A"), SeatInfo(user_id=2, name="B")]
    ids = {}
    for shard in (0, 1):
        guild = ((10 * 2 + shard) << 22) | 99
        table = await manager.create(guild_id=guild, channel_id=5, game="cribbage",
                                     options={}, seats=seats, host_id=1, seed=shard)
        ids[shard] = table.id
    await manager.close()
    await store.close()

    card_bot = bot.create_bot(database, shard_count=2, shard_ids=(1,), sync_commands=False,
                              refresh_interval=3600)
    assert isinstance(card_bot, discord.ext.commands.AutoShardedBot)
    await card_bot.setup_hook()
    assert card_bot.tables is not None and card_bot.store is not None
    try:
        assert card_bot.tables.get(ids[1]) is not None
        assert card_bot.tables.get(ids[0]) is None
    finally:
        # Not bot.close(): discord.py's sharded client can only close after logging in. Its
        # steps, then: the backfill stops before the database closes under it.
        if card_bot.backfill is not None:
            card_bot.backfill.cancel()
            await asyncio.gather(card_bot.backfill, return_exceptions=True)
        await card_bot.tables.close()
        await card_bot.store.close()


@pytest.mark.parametrize(("name", "value"), [
    ("DEV_GUILD_ID", "²"), ("SHARD_COUNT", "²"), ("SHARD_IDS", "¹"), ("SHARD_IDS", "0,²"),
])
def test_digits_that_are_not_decimal_are_refused_with_the_settings_name(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    """str.isdigit() passes "²", which int() then refuses with Python's own words."""
    for other in ("DEV_GUILD_ID", "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(other, raising=False)
    if name == "SHARD_IDS":
        monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv(name, value)
    settings, [problem] = bot.Settings.read_environment()
    assert problem.startswith(f"{name} must be") and repr(value) in problem
    assert settings.dev_guild_id is None
