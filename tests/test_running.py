"""What an admin sees of the bot running as a service: its log lines at start and at stop, and
a clean stop on SIGTERM (what `systemctl stop`, `docker stop` and `kill` send), as on Ctrl-C.

The real bot process (`python -m tests.multiprocess.bot_process`, which runs `bot.serve`) on
a SQLite file, against the fake Discord's gateway in this process."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from testkit.fake_discord.remote import GatewayDiscord

ROOT = Path(__file__).resolve().parent.parent


#: Hang guards, never timings: with the 2 cores at a load of 20, a fresh bot process took 24 s
#: to log that it is online and 5 s to stop.
START_SECONDS = 300.0
STOP_SECONDS = 120.0


async def wait_for_line(log: Path, text: str, process: subprocess.Popen[bytes]) -> None:
    """Until the bot logs `text` (the file is read again every tenth of a second: nothing
    tells of a line written), failing at once if the process ends first."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + START_SECONDS
    while text not in log.read_text():
        assert process.poll() is None, log.read_text()
        if loop.time() > deadline:
            raise AssertionError(f"{text!r} never logged:\n{log.read_text()}")
        await asyncio.sleep(0.1)


async def stopped(process: subprocess.Popen[bytes], log: Path) -> int:
    """The exit status of a process told to stop. A process still running after STOP_SECONDS
    is hung: its threads' stacks (faulthandler, on SIGUSR1) are written to the log, shown
    with the failure."""
    try:
        return await asyncio.to_thread(process.wait, STOP_SECONDS)
    except subprocess.TimeoutExpired:
        # Whether the stop signal could reach it at all: blocked, ignored or caught.
        status = Path(f"/proc/{process.pid}/status").read_text().splitlines()
        signals = [line for line in status if line.startswith(("SigBlk", "SigIgn", "SigCgt"))]
        process.send_signal(signal.SIGUSR1)
        await asyncio.sleep(2)  # (on the way to failing) for the stacks to be written
        raise AssertionError(f"the bot did not stop: {signals}\n{log.read_text()}") from None


def ctrl_c_as_for(stop: signal.Signals) -> Callable[[], object]:
    """How the bot's process starts to hold Ctrl-C: at a terminal (SIGINT's default) when the
    test stops it with Ctrl-C; for `kill`, ignored, as a bot started in the background of a
    script (`nohup python bot.py &`) has it, which must not stop SIGTERM from stopping it."""
    held = signal.SIG_DFL if stop == signal.SIGINT else signal.SIG_IGN
    return lambda: signal.signal(signal.SIGINT, held)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
async def test_the_bot_says_when_it_is_online_and_stops_cleanly_on_a_signal(
    tmp_path: Path, stop: signal.Signals
) -> None:
    async with GatewayDiscord(shard_count=1) as fake:
        fake.state.add_channel("games", fake.state.add_guild("Second"))
        log = tmp_path / "bot.log"
        env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "bot.fake.token",
               "DATABASE": str(tmp_path / "bot.db"), "SHARD_COUNT": "1", "LOG_LEVEL": "INFO"}
        env.pop("SHARD_IDS", None)
        with log.open("w") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", "tests.multiprocess.bot_process", fake.server.base_url,
                 fake.gateway.url], cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT,
                preexec_fn=ctrl_c_as_for(stop),
            )
        try:
            await wait_for_line(log, "Online as CardBot in 2 servers", process)
            # With the default settings it backs its database up at its first start.
            await wait_for_line(log, "Backed up the database to", process)
            process.send_signal(stop)
            returncode = await stopped(process, log)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        lines = log.read_text().splitlines()
        assert returncode == 0, lines
        assert lines[-2].endswith("INFO    cardbot: Stopping: every move is saved, and running "
                                  "games resume at the next start"), lines
        assert lines[-1].endswith("INFO    cardbot: Stopped"), lines
        assert not [line for line in lines if "Traceback" in line or " ERROR " in line]
        # Which shards a process runs is the first thing to know of several.
        assert any(line.endswith(f"INFO    cardbot: Database {tmp_path / 'bot.db'} open; 0 "
                                 "running games resuming on shards 0 of 1") for line in lines)
        assert [path.name[:4] for path in (tmp_path / "backups").iterdir()] == ["bot-"]
