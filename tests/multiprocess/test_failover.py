"""Two bot processes (shards 0 and 1 of 2) on one PostgreSQL, played through the offline fake
Discord's gateway; the shard-0 process is killed with SIGKILL in the middle of its games and
started again with the same shard ids.

Members in guilds of both shards open lobbies with /play, add computers, start, and play by
pressing the first control of their hand whenever it says it is their move (reopening it with
"My hand" when the table says so and their hand does not offer a move). Two of shard 0's
members stop before a move and wait on their hand (so its buttons were sent by the process
about to die); the third keeps pressing through the kill. While shard 0 is down its
interactions fail, as on Discord, and its members try again once it is back.

Then:
- every game finished, and its log equals an uninterrupted run: replayed through a fresh
  table, every computer move is the move the computer makes there, and the replay ends with
  the stored outcome and results;
- nothing was lost or doubled: each member's moves in the log are at least the presses whose
  result they saw and at most those plus the presses the killed process never answered;
- the old process's buttons work for the new one, and no game of shard 0 moved while it was
  down;
- no request of either process concerned a guild of the other shard, and each shard's gateway
  sessions were identified with that process's token.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from engine.registry import GAMES
from store import Store
from tables.computer import choose
from tables.ratings import result_rows
from tables.seats import SeatInfo
from tables.table import Table
from testkit.fake_discord import FakeMessage, FakeUser, GatewayDiscord, InteractionRecord
from testkit.fake_discord.websocket import shard_of
from tests.databases import fresh_database

ROOT = Path(__file__).resolve().parents[2]
SHARDS = 2
#: Guards against a hang, never timing assertions. With the 2 cores at a load of 20 the whole
#: test took 130 s, 39 s of it until both processes were online (its phases are printed: run
#: with -s to see them); each guard is several times what it guards.
DEADLINE = 600.0
CONNECT_TIMEOUT = 300.0

BUTTON = 2
CHANNEL_MESSAGE = 4
MENTION = re.compile(r"<@(\d+)>")
RULES_ID = re.compile(r"cb:t:(\d+):rules")
YOUR_MOVE = "It's your move."


@dataclass(frozen=True)
class Setup:
    shard: int
    guild: int  # which of the shard's two guilds
    game: str
    humans: tuple[str, ...]
    options: str | None = None
    computers: int = 1
    #: The game's first member stops before a move once they have made this many, until after
    #: the restart.
    pause_after: int | None = None


#: Three different games on each shard, with computers. Crib Race and PIP Rush are left out:
#: they have no short form, and a whole game takes a member 60 to 100 presses.
SETUPS = (
    Setup(0, 0, "cribbage", ("alice",), "target=61"),
    Setup(0, 0, "pip-cribbage", ("bob",), "target=61", pause_after=3),
    Setup(0, 1, "pip-pip", ("carol", "dave"), "rounds=1", pause_after=2),
    Setup(1, 0, "pip-cribbage", ("erin",), "target=61"),
    Setup(1, 1, "pip-pip", ("frank",), "rounds=1", computers=3),
    Setup(1, 1, "cribbage", ("grace",), "target=61"),
)
#: Moves shard 0's busy member makes before the kill, and shard 1's members while it is down.
MOVES_BEFORE_KILL = 4
MOVES_WHILE_DOWN = 3


class BotProcess:
    """`python -m tests.multiprocess.bot_process`: the bot on one shard, its own token."""

    def __init__(self, fake: GatewayDiscord, url: str, shard: int, name: str, folder: Path):
        self.shard = shard
        self.name = name
        self.token = f"{name}.fake.token"
        self.log_path = folder / f"{name}.log"
        self.application_name = f"cardbot-{name}"
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": self.token,
            "DATABASE": f"{url}&application_name={self.application_name}",
            "SHARD_COUNT": str(SHARDS),
            "SHARD_IDS": str(shard),
            "LOG_LEVEL": "INFO",
        }
        env.pop("DEV_GUILD_ID", None)
        with self.log_path.open("w") as log:
            # cwd: a folder without a .env, so nothing but `env` configures the bot.
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.multiprocess.bot_process",
                 fake.server.base_url, fake.gateway.url],
                cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT,
            )

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()

    def problems(self) -> list[str]:
        """Errors the bot logged (a killed process logs nothing of its death)."""
        lines = self.log_path.read_text().splitlines()
        return [f"{self.name}: {line}" for line in lines
                if " ERROR " in line or "Traceback" in line]


# ------------------------------------------------------------------ what a member sees


def is_refusal(record: InteractionRecord) -> bool:
    """The bot answered with an ephemeral note only (out of date, not your turn, ...)."""
    notes = list(record.followups)
    if record.response_type == CHANNEL_MESSAGE and record.message is not None:
        notes.append(record.message)
    return any(n.ephemeral and not n.find_components() for n in notes)


def waited_for(table: FakeMessage) -> set[int]:
    lines = [line for line in table.content.splitlines()
             if line.startswith(("**Turn:**", "**Waiting for:**"))]
    return {int(i) for line in lines for i in MENTION.findall(line)}


def is_over(table: FakeMessage) -> bool:
    return not any(c.get("label") == "My hand" for c in table.find_components())


def offers_move(hand: FakeMessage | None) -> bool:
    return hand is not None and YOUR_MOVE in hand.content and bool(hand.find_components())


@dataclass
class Player:
    """A member playing one game through their hand, event by event."""

    fake: GatewayDiscord
    user: FakeUser
    shard: int
    channel_id: int
    pause_after: int | None = None
    table_id: int | None = None
    table_message: int | None = None
    #: How many of the fake's messages `table()` has looked at.
    scanned: int = 0
    hand: int | None = None
    presses: list[InteractionRecord] = field(default_factory=list)
    #: The hand (id, versions) last pressed; the table message (id, versions) when the hand
    #: was last reopened.
    pressed_at: tuple[int, int] | None = None
    reopened_at: tuple[int, int] | None = None
    seen_refusals: set[int] = field(default_factory=set)
    #: The member's last interaction (a press or opening the hand).
    last: InteractionRecord | None = None
    paused: asyncio.Event = field(default_factory=asyncio.Event)
    resume: asyncio.Event = field(default_factory=asyncio.Event)
    #: The press made right after the pause, on the hand the killed process had sent.
    press_after_pause: InteractionRecord | None = None
    done: bool = False

    @property
    def moves(self) -> int:
        """Presses answered and not refused (accepted, as far as the member can tell)."""
        return sum(1 for p in self.presses if p.acknowledged and not is_refusal(p))

    def table(self) -> FakeMessage | None:
        """The game's newest table message in its channel or thread (a message posted
        before the game moved to its thread may be left behind, out of date)."""
        messages = self.fake.state.messages
        known = messages.get(self.table_message or 0)
        if known is None or known.deleted:
            self.table_message, self.scanned = None, 0
        for message in itertools.islice(messages.values(), self.scanned, None):
            if self.is_table(message):
                self.table_message = message.id
        self.scanned = len(messages)
        return messages.get(self.table_message or 0)

    def is_table(self, message: FakeMessage) -> bool:
        channel = self.fake.state.channels[message.channel_id]
        if message.deleted or message.ephemeral or self.channel_id not in (
            channel.id, channel.parent_id
        ):
            return False
        for component in message.find_components():
            found = RULES_ID.fullmatch(component.get("custom_id", ""))
            if found and self.table_id in (None, int(found[1])):
                self.table_id = int(found[1])
                return True
        return False

    def current_hand(self) -> FakeMessage | None:
        message = self.fake.state.messages.get(self.hand or 0)
        return None if message is None or message.deleted else message

    def describe(self) -> str:
        """Where the member is, for a failing test's output."""
        table, hand, last = self.table(), self.current_hand(), self.last
        return "\n".join([
            f"== {self.user.name} (shard {self.shard}, game {self.table_id}): "
            f"{self.moves} moves, done {self.done}, paused {self.paused.is_set()}",
            f"table: {table.content if table else None!r}",
            f"hand: {hand.content if hand else None!r} "
            f"{[c.get('label') for c in hand.find_components()] if hand else ''}",
            f"last: {last.response_type if last else None} "
            f"{[m.content for m in last.followups] if last else ''}",
        ])

    async def play(self) -> None:
        while True:
            table = self.table()
            if table is not None and is_over(table):
                self.done = True
                return
            if table is not None:
                await self.turn(table)
            await self.fake.next_change(timeout=1.0)

    async def turn(self, table: FakeMessage) -> None:
        last = self.presses[-1] if self.presses else None
        if self.last is not None and self.fake.orphaned(self.last):
            # "This interaction failed", or a press stuck "thinking" as its process died:
            # try again once the bot is back.
            self.last = None
            await self.fake.wait_online(self.shard, timeout=DEADLINE)
            self.pressed_at = self.reopened_at = None
        if last is not None and is_refusal(last) and last.id not in self.seen_refusals:
            self.seen_refusals.add(last.id)
            self.hand = self.reopened_at = None
        hand = self.current_hand()
        shown = (hand.id, len(hand.history)) if hand is not None else None
        if offers_move(hand) and shown != self.pressed_at:
            assert hand is not None
            if await self.pause_here(table):
                return  # the world changed meanwhile: look again
            self.pressed_at = shown
            control = hand.find_components()[0]
            if control["type"] == BUTTON:
                record = await self.fake.click(self.user, hand, custom_id=control["custom_id"])
            else:
                values = [o["value"] for o in control["options"][: control.get("min_values", 1)]]
                record = await self.fake.select(self.user, hand, control["custom_id"], values)
            self.presses.append(record)
            self.last = record
            if self.paused.is_set() and self.press_after_pause is None:
                self.press_after_pause = record
            return
        if self.user.id in waited_for(table) and not offers_move(hand):
            # Once for each state of the table: a fresh hand shows the game as it is.
            reopen = (table.id, len(table.history))
            if reopen != self.reopened_at:
                self.reopened_at = reopen
                record = await self.fake.click(self.user, table, label="My hand")
                self.last = record
                if record.message is not None:
                    self.hand = record.message.id

    async def pause_here(self, table: FakeMessage) -> bool:
        """Stop before this move (once, when the table waits for this member alone) until
        told to resume. True if it paused."""
        if (self.pause_after is None or self.paused.is_set() or self.moves < self.pause_after
                or waited_for(table) != {self.user.id} or "**Turn:**" not in table.content):
            return False
        self.paused.set()
        await self.resume.wait()
        return True


# ------------------------------------------------------------------ the world


async def open_game(fake: GatewayDiscord, setup: Setup, channel_id: int) -> list[Player]:
    humans = [fake.member(name) for name in setup.humans]
    options: dict[str, Any] = {"game": setup.game}
    if setup.options:
        options["options"] = setup.options
    lobby = await fake.slash(humans[0], "play", options, channel=channel_id)
    assert lobby.message is not None and not lobby.errors, lobby.errors
    for user in humans[1:]:
        assert not is_refusal(await fake.click(user, lobby.message, label="Join"))
    for _ in range(setup.computers):
        added = await fake.select(humans[0], lobby.message, values=["normal"],
                                  placeholder="Add a computer player…")
        assert not is_refusal(added)
    assert not is_refusal(await fake.click(humans[0], lobby.message, label="Start"))
    # Only the first member of a game pauses: the others wait for them as players do.
    return [Player(fake, user, setup.shard, channel_id, setup.pause_after if n == 0 else None)
            for n, user in enumerate(humans)]


def phases() -> Callable[[str], None]:
    """`phase(what)` prints what was reached and when: a failing (or `-s`) run shows how far
    it got, and how long each part took."""
    started = time.monotonic()

    def phase(what: str) -> None:
        print(f"{time.monotonic() - started:6.1f} s  {what}")

    return phase


async def until(fake: GatewayDiscord, condition: Callable[[], bool], what: str) -> None:
    """Wait for the fake Discord to change until `condition` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + DEADLINE
    while not condition():
        assert loop.time() < deadline, f"gave up waiting for {what}"
        await fake.next_change(timeout=1.0)


async def connections(url: str, application_name: str) -> int:
    """How many connections a bot process (by its application_name) has to PostgreSQL."""
    server = await asyncpg.connect(url.split("?")[0])
    try:
        return await server.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1",
            application_name,
        )
    finally:
        await server.close()


async def backends_gone(url: str, application_name: str) -> None:
    """Until PostgreSQL has ended every connection of a killed process (a COMMIT it sent
    before dying may still land until then). Polled: the server tells nobody."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + DEADLINE
    while await connections(url, application_name):
        assert loop.time() < deadline, f"{application_name} still connected"
        await asyncio.sleep(0.02)


# ------------------------------------------------------------------ the checks


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def uninterrupted(record: Any, log: list[tuple[int, dict[str, Any]]]) -> Table:
    """The game replayed from its log on a fresh table, checking that each computer move is
    the one the computer makes there (as TableManager asks it) and the game ends."""
    table = Table(
        id=record.id, spec=GAMES[record.game], options=record.options, seed=record.seed,
        seats=[SeatInfo.from_json(s) for s in record.seats], guild_id=record.guild_id,
        channel_id=record.channel_id, host_id=record.host_id, settings=record.settings,
    )
    for number, (seat, action) in enumerate(log):
        where = f"game {record.id} ({record.game}), move {number}"
        assert seat in table.waiting_for(), f"{where}: seat {seat} was not waited for"
        if table.seats[seat].is_computer:
            expected = choose(table.spec, table.view_for(seat), table.legal_for(seat),
                              table.seed, table.version, table.seats[seat].level)
            assert plain(action) == plain(expected), f"{where}: not the computer's move"
        table.apply(seat, action)
    assert table.finished, f"game {record.id} ({record.game}): the log stops before the end"
    return table


async def logged_moves(observer: Store, players: list[Player]) -> dict[str, int]:
    """Each member's moves in the log, once every game is checked against an uninterrupted
    run and its stored outcome and results."""
    by_table: dict[int, list[Player]] = {}
    for player in players:
        assert player.table_id is not None
        by_table.setdefault(player.table_id, []).append(player)
    moves = {}
    for table_id, seated in by_table.items():
        record = await observer.game(table_id)
        assert record is not None and record.status == "finished", (table_id, record)
        log = [(row.seat, row.action) for row in await observer.actions(table_id)]
        table = uninterrupted(record, log)
        assert plain(table.outcome) == plain(record.outcome), f"game {table_id}: outcome"
        expected = result_rows(table.outcome, table.sides, [s.user_id for s in table.seats])
        stored = await observer.results(table_id)
        keys = ("seat", "user_id", "side", "rank", "won", "score")
        assert [{k: getattr(r, k) for k in keys} for r in expected] == [
            {k: row[k] for k in keys} for row in stored
        ], f"game {table_id}: results"
        for player in seated:
            seat = table.seat_of(player.user.id)
            moves[player.user.name] = sum(1 for s, _ in log if s == seat)
    return moves


# ------------------------------------------------------------------ the test


async def test_a_killed_shard_process_resumes_every_game_through_discord(tmp_path: Path):
    phase = phases()
    async with fresh_database("postgresql", tmp_path) as url, GatewayDiscord(
        shard_count=SHARDS,
        members=sorted({name for setup in SETUPS for name in setup.humans}),
        # The test is about failover, not latency: a loaded machine may answer slowly.
        response_window=30.0,
        quiet_timeout=DEADLINE,
    ) as fake:
        guilds = {
            (shard, n): fake.state.add_guild(f"Shard {shard} club {n}", shard=shard,
                                             shard_count=SHARDS)
            for shard in range(SHARDS) for n in range(2)
        }
        channels = [
            fake.state.add_channel(f"{setup.game}-{index}", guilds[setup.shard, setup.guild])
            for index, setup in enumerate(SETUPS)
        ]
        processes = {shard: BotProcess(fake, url, shard, f"shard{shard}-first", tmp_path)
                     for shard in range(SHARDS)}
        every_process = list(processes.values())
        observer = await Store.open(url)
        try:
            await fake.wait_online(*range(SHARDS), timeout=CONNECT_TIMEOUT)
            phase("both processes online")
            players: list[Player] = []
            for setup, channel in zip(SETUPS, channels, strict=True):
                players += await open_game(fake, setup, channel.id)
            phase("games started")
            playing = asyncio.gather(*(p.play() for p in players))
            try:
                await asyncio.wait_for(
                    failover(fake, url, observer, processes, every_process, players, tmp_path,
                             phase),
                    DEADLINE,
                )
                await asyncio.wait_for(asyncio.shield(playing), DEADLINE)
                phase("every game over: " + ", ".join(
                    f"{p.user.name} {p.moves} moves" for p in players))
            except BaseException:
                playing.cancel()
                raise
        except BaseException:
            for player in players if "players" in locals() else []:
                print(player.describe())
            for process in every_process:
                print(process.log_path.read_text()[-4000:])
            raise
        finally:
            for process in every_process:
                process.stop()
            await observer.close()

        # Nothing lost or doubled: the log holds every move a member saw made, and at most
        # the presses the killed process never answered besides.
        edited_through = {
            origin.interaction_token for origin in fake.state.request_origins
            if origin.what.startswith("PATCH /api/v10/webhooks/")
        }
        killed = every_process[0]
        assert killed.name == "shard0-first"
        killed_sessions = [s for s in fake.gateway.history if s.token == killed.token]
        observer = await Store.open(url)
        try:
            logged = await logged_moves(observer, players)
        finally:
            await observer.close()
        phase("every game checked")
        for player in players:
            confirmed = [p for p in player.presses if p.token in edited_through]
            unanswered = [p for p in player.presses
                          if not is_refusal(p) and p.token not in edited_through]
            name = player.user.name
            assert len(confirmed) <= logged[name] <= len(confirmed) + len(unanswered), (
                name, logged[name], len(confirmed), len(unanswered))
            for press in unanswered:
                session = fake.delivered_to[press.id]
                assert session is None or session in killed_sessions, (
                    f"{name}'s press {press.id} was never answered by a living process")

        # The buttons the killed process sent work for the new one.
        after_pause = [p.press_after_pause for p in players if p.pause_after is not None]
        assert after_pause and None not in after_pause
        assert any(press.token in edited_through for press in after_pause if press)

        # Each process kept to its shard.
        shard_by_token = {p.token: p.shard for p in every_process}
        for session in fake.gateway.history:
            assert shard_by_token[session.token] == session.shard
        concerned: dict[str, set[int]] = {}
        for token, guild, what in fake.requests_by_process():
            assert token in shard_by_token, what
            if guild is not None:
                assert shard_of(guild, SHARDS) == shard_by_token[token], (token, guild, what)
                concerned.setdefault(token, set()).add(guild)
        for shard in range(SHARDS):
            mine = {g for (s, _), g in guilds.items() if s == shard}
            assert set().union(*(concerned.get(p.token, set()) for p in every_process
                                 if p.shard == shard)) == mine
        assert not fake.violations and not fake.unknown_routes, (
            fake.violations, fake.unknown_routes)
        assert [line for p in every_process for line in p.problems()] == []


async def failover(
    fake: GatewayDiscord,
    url: str,
    observer: Store,
    processes: dict[int, BotProcess],
    every_process: list[BotProcess],
    players: list[Player],
    folder: Path,
    phase: Callable[[str], None],
) -> None:
    """Kill shard 0's process mid-game, let shard 1 play on, start shard 0 again."""
    shard_0 = [p for p in players if p.shard == 0]
    shard_1 = [p for p in players if p.shard == 1]
    pausing = [p for p in shard_0 if p.pause_after is not None]
    busy = [p for p in shard_0 if p.channel_id not in {q.channel_id for q in pausing}]
    assert busy
    await until(
        fake,
        lambda: all(p.paused.is_set() for p in pausing)
        and all(p.moves >= MOVES_BEFORE_KILL for p in busy),
        "shard 0's games to get going",
    )
    assert not any(p.done for p in shard_0)
    phase("shard 0 mid-game")
    assert await connections(url, processes[0].application_name)
    processes[0].kill()
    await backends_gone(url, processes[0].application_name)

    async def logs() -> dict[int, int]:
        return {p.table_id: len(await observer.actions(p.table_id))  # type: ignore[arg-type]
                for p in shard_0}

    at_kill = await logs()
    moves_at_kill = {p.user.id: p.moves for p in shard_1}
    await until(
        fake,
        lambda: all(p.done or p.moves >= moves_at_kill[p.user.id] + MOVES_WHILE_DOWN
                    for p in shard_1),
        "shard 1 to play on alone",
    )
    assert await logs() == at_kill, "a game of shard 0 moved while its process was down"
    phase("shard 1 played on alone")

    processes[0] = BotProcess(fake, url, 0, "shard0-second", folder)
    every_process.append(processes[0])
    await fake.wait_online(0, timeout=CONNECT_TIMEOUT)
    phase("shard 0 back")
    for player in pausing:
        player.resume.set()
