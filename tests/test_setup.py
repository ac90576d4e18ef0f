"""What a newcomer sees when setting the bot up goes wrong: one clear line each, no traceback,
no voice warnings; and `python bot.py --check`."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import bot

ROOT = Path(__file__).resolve().parent.parent
#: Starts the real bot.py main() with discord.py's API base pointed at `sys.argv[1]`.
START_AGAINST = (
    "import sys, discord.http, bot; discord.http.Route.BASE = sys.argv[1]; sys.exit(bot.main([]))"
)


def run(tmp_path: Path, args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, *args], cwd=tmp_path, env={**base, **env}, capture_output=True,
        text=True, timeout=300,  # a hang guard: a loaded machine starts Python slowly
    )


class RefuseEveryToken(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def refusing_discord() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), RefuseEveryToken)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()


def assert_no_noise(output: str) -> None:
    assert "Traceback" not in output
    output = output.replace(str(ROOT), "")  # a checkout's folder may be named anything
    for voice in ("PyNaCl", "davey", "voice"):
        assert voice not in output


def test_a_refused_token_says_where_to_copy_it_again(tmp_path: Path, refusing_discord: str):
    done = run(tmp_path, ["-c", START_AGAINST, refusing_discord],
               {"DISCORD_TOKEN": "abc.def.ghi", "DATABASE": str(tmp_path / "bot.db")})
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert last == bot.REFUSED_TOKEN
    assert last.startswith("Discord refused the token in DISCORD_TOKEN: copy it again from the "
                           "Developer Portal")
    assert "Reset Token" in last and "create an application" not in done.stderr
    assert_no_noise(done.stderr + done.stdout)


def test_no_network_is_one_line_without_a_traceback(tmp_path: Path):
    closed_port = "http://127.0.0.1:1/api/v10"
    done = run(tmp_path, ["-c", START_AGAINST, closed_port],
               {"DISCORD_TOKEN": "abc.def.ghi", "DATABASE": str(tmp_path / "bot.db")})
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("Cannot reach Discord: check the network (")
    assert_no_noise(done.stderr + done.stdout)


def check(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return run(tmp_path, [str(ROOT / "bot.py"), "--check"],
               {"DATABASE": str(tmp_path / "data" / "bot.db"), **env})


def test_check_passes_with_good_settings_and_never_connects(tmp_path: Path):
    done = check(tmp_path, {"DISCORD_TOKEN": "abc.def.ghi", "DEV_GUILD_ID": "123456789"})
    assert done.returncode == 0, done.stdout
    lines = done.stdout.splitlines()
    assert lines[0] == "ok       DISCORD_TOKEN is set (Discord checks it when the bot logs in)."
    assert lines[1] == "ok       DEV_GUILD_ID 123456789: commands show there at once."
    assert lines[2].startswith(f"ok       The database {tmp_path / 'data' / 'bot.db'} opens")
    assert lines[3].startswith("ok       The fonts in ") and lines[3].endswith(" load.")
    assert lines[-1] == "Everything is ready: scripts/run-bot starts the bot."
    assert (tmp_path / "data" / "bot.db").exists()
    assert_no_noise(done.stdout + done.stderr)


@pytest.mark.parametrize(
    ("env", "problem"),
    [
        ({}, "PROBLEM  DISCORD_TOKEN is not set: put the bot's token after DISCORD_TOKEN= in .env"),
        ({"DISCORD_TOKEN": "my-token"}, "PROBLEM  DISCORD_TOKEN does not look like a bot token"),
        ({"DISCORD_TOKEN": "a.b.c", "DEV_GUILD_ID": "my server"},
         "PROBLEM  DEV_GUILD_ID must be a server id (digits), not 'my server'."),
        ({"DISCORD_TOKEN": "a.b.c", "DATABASE": "/proc/no/such/bot.db"},
         "PROBLEM  The database /proc/no/such/bot.db does not open ("),
        # A folder: SQLite refuses it, and nothing is left behind to print a traceback.
        ({"DISCORD_TOKEN": "a.b.c", "DATABASE": "{tmp}"}, "PROBLEM  The database {tmp} does not "
         "open (unable to open database file): check DATABASE in .env, and that it names a "
         "file in a folder the bot may write to."),
        ({"DISCORD_TOKEN": "a.b.c", "DATABASE": "", "DATABASE_URL": "postgresql://cardbot@db/x"},
         "PROBLEM  DATABASE_URL is set, but the bot reads DATABASE: put the URL after DATABASE= "
         "instead."),
        ({"DISCORD_TOKEN": "a.b.c", "LOG_LEVEL": "verbose"},
         "PROBLEM  LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, not 'VERBOSE'."),
    ],
)
def test_check_says_what_is_wrong(tmp_path: Path, env: dict[str, str], problem: str):
    env = {name: value.replace("{tmp}", str(tmp_path)) for name, value in env.items()}
    problem = problem.replace("{tmp}", str(tmp_path))
    done = check(tmp_path, env)
    assert done.returncode == 1
    assert any(line.startswith(problem) for line in done.stdout.splitlines()), done.stdout
    assert done.stdout.splitlines()[-1] == "Fix the problems above, then run this again."
    assert_no_noise(done.stdout + done.stderr)


def test_check_never_shows_a_postgresql_password(tmp_path: Path):
    done = check(tmp_path, {"DISCORD_TOKEN": "a.b.c",
                            "DATABASE": "postgresql://cardbot:s3cret@127.0.0.1:1/cardbot"})
    assert done.returncode == 1
    assert "s3cret" not in done.stdout + done.stderr
    assert ("PROBLEM  The database postgresql://cardbot:***@127.0.0.1:1/cardbot does not open ("
            in done.stdout)
    assert "check DATABASE in .env, and that PostgreSQL runs there and lets that user in." in (
        done.stdout)


@pytest.mark.parametrize(
    ("env", "line"),
    [
        ({"DISCORD_TOKEN": "my-token"}, bot.MALFORMED_TOKEN),
        ({"DISCORD_TOKEN": "a.b.c", "DATABASE": "{tmp}"},
         "The database {tmp} does not open (unable to open database file): check DATABASE in "
         ".env, and that it names a file in a folder the bot may write to."),
        ({"DISCORD_TOKEN": "a.b.c", "DATABASE": "postgresql://cardbot:s3cret@127.0.0.1:1/x"},
         "The database postgresql://cardbot:***@127.0.0.1:1/x does not open ("),
        ({"DISCORD_TOKEN": "a.b.c", "LOG_LEVEL": "loud"},
         "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, not 'LOUD'."),
    ],
)
def test_starting_with_a_setting_that_cannot_work_says_so_before_connecting(
    tmp_path: Path, refusing_discord: str, env: dict[str, str], line: str
):
    """Refused in one line before logging in: not a traceback once logged in (a database),
    nor Discord's refusal that does not say what is wrong (a token with a typo)."""
    env = {name: value.replace("{tmp}", str(tmp_path)) for name, value in env.items()}
    done = run(tmp_path, ["-c", START_AGAINST, refusing_discord],
               {"DATABASE": str(tmp_path / "bot.db"), **env})
    assert done.returncode == 2
    [said] = done.stderr.strip().splitlines()
    assert said.startswith(line.replace("{tmp}", str(tmp_path)))
    assert "logging in" not in done.stderr and "s3cret" not in done.stderr
    assert_no_noise(done.stderr + done.stdout)


def test_check_reports_every_line_beside_a_bad_setting(tmp_path: Path):
    done = check(tmp_path, {"DISCORD_TOKEN": "abc.def.ghi", "DEV_GUILD_ID": "notanumber"})
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0] == "ok       DISCORD_TOKEN is set (Discord checks it when the bot logs in)."
    assert lines[1] == "PROBLEM  DEV_GUILD_ID must be a server id (digits), not 'notanumber'."
    assert lines[2].startswith(f"ok       The database {tmp_path / 'data' / 'bot.db'} opens")
    assert lines[3].startswith("ok       The fonts in ") and lines[3].endswith(" load.")
    assert lines[4:] == ["Fix the problems above, then run this again."]
    assert_no_noise(done.stdout + done.stderr)


def test_check_without_dev_guild_id_explains_the_wait(tmp_path: Path):
    done = check(tmp_path, {"DISCORD_TOKEN": "abc.def.ghi"})
    assert done.returncode == 0
    assert ("note     DEV_GUILD_ID is not set: commands are synced to every server, which can "
            "take up to an hour to show.") in done.stdout.splitlines()


def test_check_reports_fonts_that_do_not_load(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]):
    from render.kit import text

    monkeypatch.setattr(text, "REGULAR", tmp_path / "missing.ttf")
    text.font.cache_clear()
    try:
        ok, line = text.fonts_load()
    finally:
        text.font.cache_clear()
    assert not ok
    assert line.startswith(f"The fonts in {text.FONT_DIR} do not load (")


def test_a_misspelt_setting_in_dotenv_is_named_with_the_one_meant(
    tmp_path: Path, refusing_discord: str
):
    """A typo in .env would leave its setting at the default without a word (backups kept
    on, the token "not set"): the log and --check name it and the setting it is near."""
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc.def.ghi\nBACKUP_EVERY_HOUR=0\n"
                                   "COMPOSE_PROJECT_NAME=cards\nBACKUP_KEEP 30\n")
    env = {"DATABASE": str(tmp_path / "bot.db")}
    started = run(tmp_path, ["-c", START_AGAINST, refusing_discord], env)
    assert started.returncode == 2  # the refused token: the unknown names do not stop it
    warnings = [line.split(" cardbot: ", 1)[1] for line in started.stderr.splitlines()
                if " WARNING cardbot: " in line]
    assert warnings == [
        "BACKUP_EVERY_HOUR in .env is not a setting of the bot, so it changes nothing: did you"
        " mean BACKUP_EVERY_HOURS?",
        "COMPOSE_PROJECT_NAME in .env is not a setting of the bot, so it changes nothing: "
        ".env.example lists the settings.",
        "Line 4 of .env, 'BACKUP_KEEP 30', is not NAME=value, so it changes nothing: write it "
        "as NAME=value.",
    ]
    assert "python-dotenv" not in started.stderr  # its own line says neither where nor what
    checked = run(tmp_path, ["-c", "import sys, bot; sys.exit(bot.main(['--check']))"], env)
    assert checked.returncode == 0, checked.stdout
    assert [line for line in checked.stdout.splitlines() if line.startswith("warning")] == [
        f"warning  {warning}" for warning in warnings]
    assert_no_noise(started.stderr + checked.stdout + checked.stderr)


def test_every_setting_is_in_the_example_dotenv_and_the_readme() -> None:
    from settings import NAMES

    example = (ROOT / ".env.example").read_text().splitlines()
    assert sorted(line.split("=")[0] for line in example if "=" in line
                  and not line.startswith("#")) == sorted(NAMES)
    readme = (ROOT / "README.md").read_text()
    assert all(f"`{name}`" in readme for name in NAMES)


def test_every_bad_setting_is_said_at_once_before_connecting(
    tmp_path: Path, refusing_discord: str
):
    done = run(tmp_path, ["-c", START_AGAINST, refusing_discord],
               {"DISCORD_TOKEN": "abc.def.ghi", "DATABASE": str(tmp_path / "bot.db"),
                "BACKUP_KEEP": "-1", "EXPERT_SECONDS": "fast"})
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "EXPERT_SECONDS must be seconds (more than 0, at most 60), not 'fast'.",
        "BACKUP_KEEP must be a whole number of backups (0 to turn it off, at most 1000), "
        "not '-1'.",
    ]
    assert not (tmp_path / "bot.db").exists()


@pytest.mark.parametrize("address", ["sqlite:///data/cardbot.db", "mysql://bot:pw@db/cards"])
def test_a_database_address_the_bot_does_not_speak_is_refused_and_makes_nothing(
    tmp_path: Path, refusing_discord: str, address: str
):
    """Other programs write SQLite as sqlite:///file: taken as a path, it made a folder
    named "sqlite:" and a new empty database in it."""
    done = run(tmp_path, ["-c", START_AGAINST, refusing_discord],
               {"DISCORD_TOKEN": "abc.def.ghi", "DATABASE": address})
    assert done.returncode == 2
    scheme = address.split(":")[0]
    assert done.stderr.splitlines() == [
        "DATABASE must be a SQLite file's path (data/cardbot.db) or a postgresql:// URL, not a "
        f"{scheme}:// address: for SQLite write the path alone."]
    assert list(tmp_path.iterdir()) == []
    assert_no_noise(done.stderr)


async def test_a_second_bot_on_the_same_sqlite_file_is_refused_before_connecting(
    tmp_path: Path, refusing_discord: str
):
    """Started twice by mistake (by hand beside the service), both would log in and answer
    every press."""
    from store import Store

    database = tmp_path / "bot.db"
    first = await Store.open(str(database))
    try:
        done = await asyncio.to_thread(
            run, tmp_path, ["-c", START_AGAINST, refusing_discord],
            {"DISCORD_TOKEN": "abc.def.ghi", "DATABASE": str(database)})
    finally:
        await first.close()
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"The bot seems to be running already: {database} is open in another process. Stop "
        "that one first: one process at a time serves a SQLite database (several share "
        "PostgreSQL: README, Running for many servers)."]
    assert_no_noise(done.stderr + done.stdout)
