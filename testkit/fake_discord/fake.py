"""`FakeDiscord`: the driver tests use to run a real discord.py bot against the fake server."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

import discord
from discord.ext import commands

from . import gateway
from .activity import Activity, QuietTimeout, TaskTracker, unretrieved_failures
from .commands import CommandInput, build_command_data
from .errors import ComponentRefused, HarnessError
from .http_time import HttpClock, HttpTimeInstaller, Sleeper
from .logcapture import ErrorLog
from .member_requests import LoopbackGateway
from .modals import modal_submit_data
from .model import (
    BUTTON,
    LINK_BUTTON_STYLE,
    STRING_SELECT,
    FakeChannel,
    FakeMessage,
    FakeUser,
    InteractionRecord,
)
from .server import FakeDiscordServer
from .state import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    INTERACTION_RESPONSE_WINDOW,
    INTERACTION_TOKEN_LIFETIME,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    DiscordState,
    Fault,
    Hold,
)

GUILD_READY_TIMEOUT = 0.001

MessageRef = FakeMessage | InteractionRecord | int
ChannelRef = FakeChannel | str | int | None


class FakeDiscord:
    """A fake Discord living in the test process; see the package docstring for usage."""

    def __init__(
        self,
        *,
        channels: Iterable[str] = ("games",),
        members: Iterable[str] = ("alice", "bob", "carol", "dave"),
        quiet_timeout: float = 60.0,
        response_window: float = INTERACTION_RESPONSE_WINDOW,
        token_lifetime: float = INTERACTION_TOKEN_LIFETIME,
        app_permissions: discord.Permissions | None = None,
        clock: Callable[[], float] = time.process_time,
        http_clock: Sleeper | None = None,
    ) -> None:
        """`response_window` is Discord's 3 s limit for the first answer and `token_lifetime`
        its 15 minutes during which the interaction token may edit and follow up, both
        measured on `clock`. By default that is the processor time of this process (the bot,
        its threads and the fake): a bot that works too long before it answers (drawing,
        thinking, reading) breaks the limit, but other processes keeping the machine busy do
        not count, and a bot that awaits a timer of a second or more before answering is
        found never to answer. Tests of the limits move time at will
        (`clock=FakeClock().now`).
        `quiet_timeout` bounds every wait for the bot to finish. `app_permissions` are the
        bot's permissions across the server (default: all but Administrator), which each
        channel's overwrites may change there. discord.py's HTTP client waits between tries on
        `http_clock` (a test's FakeClock; default: at once), never in real seconds: every wait
        is listed in `fake.http_waits`."""
        self.state = DiscordState(response_window=response_window, token_lifetime=token_lifetime,
                                  clock=clock)
        if app_permissions is not None:
            self.state.app_permissions = str(app_permissions.value)
        self.server = FakeDiscordServer(self.state)
        self.server.on_thread_created = self._thread_created
        self.state.on_message_created = self._message_created  # type: ignore[method-assign]
        self.state.on_channel_updated = self._channel_updated  # type: ignore[method-assign]
        self._http_clock = HttpClock(http_clock)
        self._http_time = HttpTimeInstaller(self._http_clock)
        self.quiet_timeout = quiet_timeout
        self.bot: commands.Bot | discord.Client | None = None
        self._tracker = TaskTracker()
        # Insertion-ordered set: what was fed and may still have tasks running.
        self._activities: dict[Activity, None] = {}
        # Tasks of forgotten activities that ended with an exception (judged when asked).
        self._raised: list[asyncio.Task[Any]] = []
        self._logins = 0
        self._tokens: dict[commands.Bot | discord.Client, str] = {}
        self._error_log = ErrorLog()
        self._saved_base = ""
        for name in channels:
            self.state.add_channel(name)
        for name in members:
            self.state.add_member(name)

    # ----- lifecycle -----

    async def __aenter__(self) -> FakeDiscord:
        await self.server.start()
        self._saved_base = discord.http.Route.BASE
        discord.http.Route.BASE = self.server.base_url
        self._http_time.install()
        self._tracker.install()
        self._error_log.install()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        for hold in self.state.holds:
            hold.release()
        try:
            if self.bot is not None and not self.bot.is_closed():
                await self.bot.close()
        finally:
            self._error_log.uninstall()
            self._tracker.uninstall()
            self._http_time.uninstall()
            discord.http.Route.BASE = self._saved_base
            await self.server.stop()

    async def connect(
        self,
        bot: commands.Bot | discord.Client,
        *,
        guild: str | None = None,
        channels: Iterable[str] = (),
        members: Iterable[str] = (),
    ) -> FakeDiscord:
        """Log `bot` in, feed READY and GUILD_CREATE, and wait for `on_ready` to finish."""
        if guild is not None:
            self.state.guild_name = guild
        for name in channels:
            if self._find_channel(name) is None:
                self.state.add_channel(name)
        for name in members:
            if self._find_member(name) is None:
                self.state.add_member(name)
        if self.bot is not None and self.bot is not bot and not self.bot.is_closed():
            raise HarnessError("another bot is connected; use fake.restart(new_bot)")
        self.bot = bot
        # discord.py waits this long for another GUILD_CREATE before `ready`; there is only one.
        # Not 0: Python 3.11's wait_for(timeout=0) gives up before reading the queued guild, so
        # `on_guild_available` would never fire. A millisecond lets it, at no noticeable cost.
        bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
        activity = Activity("connect")
        self._activities[activity] = None
        self._logins += 1
        self._tokens[bot] = f"fake-token-{self._logins}"
        await self._in_activity(activity, bot.login(self._tokens[bot]))
        if not isinstance(bot, discord.AutoShardedClient):
            # The gateway socket a connected bot sends its member requests on.
            bot.ws = LoopbackGateway(  # type: ignore[assignment]
                self.state, bot.intents.members, self._feed_if_connected)
        # Every server the bot is in, as Discord lists them: not those that removed it.
        guilds = [g for g in self.state.guilds if g not in self.state.removed_from]
        activity.run(lambda: self._feed("READY", gateway.ready_event(self.state, guilds)))
        for guild_id in guilds:
            event = gateway.guild_create_event(self.state, guild_id)
            activity.run(partial(self._feed, "GUILD_CREATE", event))
        await bot.wait_until_ready()
        await activity.wait(self.quiet_timeout)
        return self

    async def restart(
        self, new_bot: commands.Bot | discord.Client, *, crash: bool = False
    ) -> FakeDiscord:
        """Stop the running bot and connect `new_bot` to the same fake Discord, as after a
        process restart: messages, buttons and registered commands stay where they were.

        By default the old bot is closed cleanly (`bot.close()`). With `crash=True` it dies
        instead: every task it started for the harness is cancelled where it stands, and
        nothing it sends afterwards reaches Discord (its token is revoked), as if the process
        had been killed; only then is it closed, to release its database and session."""
        old = self.bot
        if old is not None and not old.is_closed():
            if crash:
                await self._crash(old)
            else:
                await old.close()
        self.bot = None
        return await self.connect(new_bot)

    async def _crash(self, bot: commands.Bot | discord.Client) -> None:
        self.state.revoked_tokens.add(self._tokens[bot])
        running = [t for a in self._activities for t in a.tasks if not t.done()]
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        self._activities.clear()
        # Its shutdown meets the revoked token; errors there are expected, not the bot's fault.
        with self._error_log.suspend():
            try:
                await bot.close()
            except Exception:
                # The bot's own close() gave up half-way; at least drop discord.py's session.
                await discord.Client.close(bot)

    @staticmethod
    async def _in_activity(activity: Activity, coro: Any) -> Any:
        """Await `coro` in a task filed under `activity` (so its child tasks are, too)."""
        holder: list[asyncio.Task[Any]] = []
        activity.run(lambda: holder.append(asyncio.ensure_future(coro)))
        return await holder[0]

    def _check_connected(self) -> None:
        if self.bot is None or self.bot.is_closed():
            raise HarnessError("no bot is connected")

    def _feed(self, event: str, data: dict[str, Any]) -> None:
        if self.bot is None:
            raise HarnessError("no bot is connected")
        self.bot._connection.parsers[event](data)

    def join_guild(self, guild_id: int, name: str = "Joined") -> None:
        """The bot is invited to a server (`guild_id`) while it runs: GUILD_CREATE."""
        self.state.guilds.setdefault(guild_id, name)
        self.state.removed_from.discard(guild_id)
        event = gateway.guild_create_event(self.state, guild_id)
        del event["unavailable"]  # a server joined, not one coming back after an outage
        self._feed_if_connected("GUILD_CREATE", event)

    def remove_from_guild(self, guild_id: int | None = None) -> None:
        """A server (default: the first) removes the bot while it runs, or is deleted:
        GUILD_DELETE, and its channels answer 403 Missing Access from now on."""
        guild_id = guild_id or self.state.guild_id
        self.state.removed_from.add(guild_id)
        self._feed_if_connected("GUILD_DELETE", gateway.guild_delete_event(guild_id))

    def delete_channel(self, ref: ChannelRef) -> FakeChannel:
        """A member deletes a channel (its threads go with it) or a thread while the bot runs:
        CHANNEL_DELETE or THREAD_DELETE. (`fake.state.delete_channel`: while it is away.)"""
        channel = self.state.delete_channel(self.channel(ref).id)
        if channel.is_thread:
            self._feed_if_connected("THREAD_DELETE", gateway.thread_delete_event(channel))
        else:
            self._feed_if_connected("CHANNEL_DELETE", gateway.channel_delete_event(channel))
        return channel

    def archive_thread(self, ref: ChannelRef, *, locked: bool = False) -> FakeChannel:
        """A thread is archived (by a member, or by Discord after its inactivity), `locked`
        too by a moderator: THREAD_UPDATE."""
        thread = self.channel(ref)
        if not thread.is_thread:
            raise HarnessError(f"{thread.name!r} is not a thread")
        thread.archived, thread.locked = True, locked or thread.locked
        self._channel_updated(thread)
        return thread

    def set_overwrites(self, ref: ChannelRef, overwrites: list[dict[str, Any]]) -> None:
        """An admin changes a channel's permission overwrites (`permissions.overwrite` makes
        each) while the bot runs: CHANNEL_UPDATE."""
        channel = self.channel(ref)
        channel.overwrites = overwrites
        self._channel_updated(channel)

    def set_bot_permissions(self, permissions: discord.Permissions) -> None:
        """An admin changes the bot's role (what it may do across the server) while it runs:
        GUILD_ROLE_UPDATE."""
        state = self.state
        state.app_permissions = str(permissions.value)
        for guild_id in state.guilds:
            event = {"guild_id": str(guild_id),
                     "role": state.roles.bot_role(guild_id).payload(state.bot_user.id)}
            asyncio.get_running_loop().call_soon(
                self._feed_if_connected, "GUILD_ROLE_UPDATE", event)

    def _channel_updated(self, channel: FakeChannel) -> None:
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        # Sent like a gateway event: after whatever changed it.
        asyncio.get_running_loop().call_soon(
            self._feed_if_connected, event, channel.payload())

    @property
    def http_waits(self) -> list[float]:
        """Every wait of discord.py's HTTP client between tries, in seconds."""
        return list(self._http_clock.waits)

    def _thread_created(self, payload: dict[str, Any]) -> None:
        thread = self.state.channels[int(payload["id"])]
        event = gateway.thread_create_event(thread)
        # Sent like a gateway event: after the REST answer, not inside it.
        asyncio.get_running_loop().call_soon(self._feed_if_connected, "THREAD_CREATE", event)

    def _message_created(self, message: FakeMessage) -> None:
        """The bot created a message (sent, or answered an interaction): MESSAGE_CREATE, as
        Discord sends it for every message. Built and sent like a gateway event, after the
        REST answer: by then an interaction's answer is marked as one."""
        asyncio.get_running_loop().call_soon(self._announce, message)

    def _announce(self, message: FakeMessage) -> None:
        if self._hears(message):
            event = gateway.message_create_event(self.state, message)
            self._feed_if_connected("MESSAGE_CREATE", event)

    def _hears(self, message: FakeMessage) -> bool:
        """Whether the bot's intents bring it `message`: a guild channel's messages with
        GUILD_MESSAGES; an ephemeral one, sent as if it were a direct message, with
        DIRECT_MESSAGES."""
        direct = message.ephemeral or not message.guild_id
        intents = self._intents(None if direct else message.guild_id)
        if intents is None:
            return False
        return intents.dm_messages if direct else intents.guild_messages

    def _intents(self, guild_id: int | None) -> discord.Intents | None:
        """The intents of the connected bot (None: none is), for events of `guild_id`
        (None: direct messages)."""
        if self.bot is None or self.bot.is_closed():
            return None
        return self.bot.intents

    def _feed_if_connected(self, event: str, data: dict[str, Any]) -> None:
        if self.bot is not None and not self.bot.is_closed():
            activity = Activity(event)
            self._activities[activity] = None
            activity.run(lambda: self._feed(event, data))

    async def wait_quiet(self, timeout: float | None = None) -> None:
        """Wait until everything the harness has fed the bot has been handled and no request
        is in flight. Tasks that only wait (asleep on a timer of 1 s or more, such as view
        timeouts, or parked on an empty queue or unset event) do not count. Raises
        QuietTimeout after `timeout` (default: the harness's quiet_timeout)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (self.quiet_timeout if timeout is None else timeout)
        while True:
            for activity in list(self._activities):
                await activity.wait(max(0.0, deadline - loop.time()))
            self._forget_finished()
            await asyncio.sleep(0)
            busy = any(a.busy_tasks() for a in self._activities)
            if self.server.in_flight == 0 and not busy:
                return
            if loop.time() >= deadline:
                raise QuietTimeout(f"{self.server.in_flight} requests still in flight")
            await asyncio.sleep(0.001)  # a request from an untracked task: let it land

    def _forget_finished(self, activities: list[Activity] | None = None) -> None:
        """Drop activities (all, or those given) with no task left, keeping what their tasks
        raised. Activities whose tasks only wait on timers stay, so their later work counts."""
        for activity in list(self._activities) if activities is None else activities:
            if activity.finished and activity in self._activities:
                self._raised.extend(activity.raised)
                del self._activities[activity]

    # ----- people and places -----

    def member(self, name: str) -> FakeUser:
        user = self._find_member(name)
        if user is None:
            raise HarnessError(f"no member named {name!r}")
        return user

    def add_member(self, name: str) -> FakeUser:
        """A new member (the bot learns of them from their first interaction)."""
        return self.state.add_member(name)

    def add_bot(self, name: str) -> FakeUser:
        """Another application's bot in the server (a music or moderation bot): it writes
        with `post`, and the bot sees its messages with `author.bot` set."""
        return self.state.add_member(name, bot=True)

    def channel(self, ref: ChannelRef = None) -> FakeChannel:
        """A channel or thread by name or id; the first channel when `ref` is None."""
        if isinstance(ref, FakeChannel):
            return ref
        if ref is None:
            return next(iter(self.state.channels.values()))
        found = self.state.channels.get(ref) if isinstance(ref, int) else self._find_channel(ref)
        if found is None:
            raise HarnessError(f"no channel {ref!r}")
        return found

    @property
    def threads(self) -> list[FakeChannel]:
        return [c for c in self.state.channels.values() if c.is_thread]

    def _find_member(self, name: str) -> FakeUser | None:
        return next((u for u in self.state.members.values() if u.name == name), None)

    def _find_channel(self, name: str) -> FakeChannel | None:
        return next((c for c in self.state.channels.values() if c.name == name), None)

    # ----- what users do -----

    async def slash(
        self,
        user: FakeUser,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        channel: ChannelRef = None,
        wait: bool = True,
    ) -> InteractionRecord:
        """Run `/command` (with "group sub" names for subcommands) as `user`.

        Returns the interaction record once the bot has finished handling it (unless
        `wait=False`); its `.message` is the bot's answer."""
        data = self._command_data(user, command, CommandInput(dict(options or {})))
        target = self.channel(channel)
        return await self._interact(APPLICATION_COMMAND, user, target, data, None, wait)

    async def autocomplete(
        self,
        user: FakeUser,
        command: str,
        option: str,
        typed: str,
        options: dict[str, Any] | None = None,
        *,
        channel: ChannelRef = None,
    ) -> list[dict[str, Any]]:
        """The choices the bot suggests while `user` types `typed` into `option` of
        `/command` (other options as already filled in); [] if it suggested none."""
        values = {**(options or {}), option: typed}
        data = self._command_data(user, command, CommandInput(values, focused=option))
        record = await self._interact(
            AUTOCOMPLETE, user, self.channel(channel), data, None, wait=True
        )
        return list(record.choices or [])

    def _command_data(
        self, asker: FakeUser, command: str, typed: CommandInput
    ) -> dict[str, Any]:
        name, *path = command.split()
        data = build_command_data(self._registered_command(name), path, typed)
        if typed.users or typed.channels:
            resolved = gateway.user_option_resolved(typed.users, self.state.guild_joined_at)
            if typed.channels:
                # As Discord resolves a channel option: with the invoking member's permissions.
                resolved["channels"] = {
                    str(c.id): {**c.payload(),
                                "permissions": str(self.state.permissions_in(c, asker.id))}
                    for c in typed.channels
                }
            data["resolved"] = resolved
        return data

    async def click(
        self,
        user: FakeUser,
        message: MessageRef,
        *,
        custom_id: str | None = None,
        label: str | None = None,
        wait: bool = True,
    ) -> InteractionRecord:
        """Press a button on `message` as `user`, found by custom_id or label."""
        found = self._visible_message(user, message)
        button = self._component(found, BUTTON, custom_id=custom_id, label=label)
        if button.get("style") == LINK_BUTTON_STYLE or "custom_id" not in button:
            raise ComponentRefused(f"{button.get('label')!r} is a link button; it sends nothing")
        data = {"custom_id": button["custom_id"], "component_type": BUTTON}
        return await self._interact(
            MESSAGE_COMPONENT, user, self.channel(found.channel_id), data, found, wait
        )

    async def select(
        self,
        user: FakeUser,
        message: MessageRef,
        custom_id: str | None = None,
        values: list[str] | None = None,
        *,
        placeholder: str | None = None,
        wait: bool = True,
    ) -> InteractionRecord:
        """Choose `values` in a string select on `message` as `user`."""
        found = self._visible_message(user, message)
        menu = self._component(found, STRING_SELECT, custom_id=custom_id, placeholder=placeholder)
        chosen = list(values or [])
        offered = [o["value"] for o in menu.get("options", [])]
        bad = [v for v in chosen if v not in offered]
        if bad:
            raise ComponentRefused(f"{bad} are not options of {menu['custom_id']!r}: {offered}")
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        if not low <= len(chosen) <= high or len(set(chosen)) != len(chosen):
            raise ComponentRefused(f"{menu['custom_id']!r} takes {low}..{high} distinct values")
        data = {"custom_id": menu["custom_id"], "component_type": STRING_SELECT, "values": chosen}
        return await self._interact(
            MESSAGE_COMPONENT, user, self.channel(found.channel_id), data, found, wait
        )

    async def submit_modal(
        self,
        user: FakeUser,
        opened: InteractionRecord,
        values: dict[str, Any],
        *,
        wait: bool = True,
    ) -> InteractionRecord:
        """Fill in and submit the modal the bot opened in answer to `opened`: `values` maps
        each field's custom_id to its text (or, for a select, its list of values)."""
        if opened.modal is None:
            raise HarnessError(f"interaction {opened.id} was not answered with a modal")
        if user.id != opened.user.id:
            raise ComponentRefused(f"the modal was shown to {opened.user.name}, not {user.name}")
        if opened.modal_submitted:
            raise ComponentRefused("that modal was already submitted and closed")
        data = modal_submit_data(opened.modal, values)
        opened.modal_submitted = True
        message = self.state.messages.get(opened.message_id) if opened.message_id else None
        channel = self.channel(opened.channel_id)
        return await self._interact(MODAL_SUBMIT, user, channel, data, message, wait)

    async def _interact(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        message: FakeMessage | None,
        wait: bool,
    ) -> InteractionRecord:
        self._check_connected()
        if not self.state.can_see_channel(user.id, channel):
            raise ComponentRefused(f"{user.name} cannot see {channel.name!r}")
        record = self.state.new_interaction(
            type=kind,
            user=user,
            channel_id=channel.id,
            payload={},
            message_id=message.id if message else None,
        )
        record.payload = gateway.interaction_payload(self.state, record, channel, data, message)
        activity = Activity(f"interaction {record.id} by {user.name}")
        self._activities[activity] = None
        activity.run(lambda: self._feed("INTERACTION_CREATE", record.payload))
        if wait:
            await self.finish(record, activity)
        return record

    async def finish(self, record: InteractionRecord, activity: Activity | None = None) -> None:
        """Wait until the bot is done with `record`; flag it if it was never answered."""
        candidates = [activity] if activity else list(self._activities)
        for candidate in candidates:
            await candidate.wait(self.quiet_timeout)
        self._forget_finished(candidates)
        if not record.acknowledged and not record.errors:
            self.state.violation(record, f"interaction {record.id} was never answered")

    def _registered_command(self, name: str) -> dict[str, Any]:
        guild_set = self.state.guild_commands.get(self.state.guild_id)
        found = guild_set.find(name) if guild_set else None
        found = found or self.state.global_commands.find(name)
        if found is None:
            raise HarnessError(f"/{name} is not registered (did the bot sync its command tree?)")
        return found

    def _visible_message(self, user: FakeUser, ref: MessageRef) -> FakeMessage:
        if isinstance(ref, InteractionRecord):
            if ref.message is None:
                raise HarnessError(f"interaction {ref.id} has no response message")
            ref = ref.message
        message_id = ref.id if isinstance(ref, FakeMessage) else ref
        message = self.state.messages.get(message_id)
        if message is None or message.deleted or message.channel_id not in self.state.channels:
            raise ComponentRefused(f"message {message_id} no longer exists")
        if not self.state.can_see(user.id, message):
            raise ComponentRefused(f"{user.name} cannot see message {message_id}")
        return message

    @staticmethod
    def _component(
        message: FakeMessage, kind: int, *, custom_id: str | None = None, **match: str | None
    ) -> dict[str, Any]:
        wanted = {k: v for k, v in match.items() if v is not None}
        candidates = [
            c
            for c in message.find_components()
            if c.get("type") == kind
            and (custom_id is None or c.get("custom_id") == custom_id)
            and all(c.get(k) == v for k, v in wanted.items())
        ]
        if not candidates:
            present = [
                (c.get("custom_id"), c.get("label") or c.get("placeholder"))
                for c in message.find_components()
            ]
            raise ComponentRefused(f"no such component on message {message.id}; it has {present}")
        if len(candidates) > 1:
            raise HarnessError(f"{len(candidates)} components match; give the custom_id")
        component = candidates[0]
        if component.get("disabled"):
            raise ComponentRefused(f"component {component.get('custom_id')!r} is disabled")
        return component

    def post(self, user: FakeUser, channel: ChannelRef = None) -> FakeMessage:
        """`user` (a member, or another bot: `add_bot`) writes a message in `channel`; the
        bot gets MESSAGE_CREATE (without content, as a bot without the privileged message
        content intent does)."""
        target = self.channel(channel)
        message = self.state.member_message(target.id, user)
        if not self._hears(message):
            return message
        activity = Activity(f"message {message.id} by {user.name}")
        self._activities[activity] = None
        event = gateway.message_create_event(self.state, message)
        activity.run(lambda: self._feed("MESSAGE_CREATE", event))
        return message

    async def next_change(self, *watched: int, timeout: float) -> bool:
        """Wait (at most `timeout` seconds) for the next change to the `watched` messages or
        interactions (by id; anything at all when none is named): a message posted, edited
        or deleted, an interaction answered. False on timeout. Simulated members wait with
        this rather than polling."""
        try:
            await asyncio.wait_for(self.state.changed(*watched), timeout)
        except TimeoutError:
            return False
        return True

    # ----- faults -----

    def hold(self, method: str, path: str) -> Hold:
        """Keep matching requests waiting, as a slow Discord would, until `hold.release()`
        (released when the test ends, so nothing is left hanging)."""
        hold = Hold(method=method, path=path)
        self.state.holds.append(hold)
        return hold

    def inject_fault(
        self, status: int = 429, *, method: str = "PATCH", path: str = r"/messages/"
    ) -> Fault:
        """Answer matching requests with `status` (429 rate limit, a 5xx, or a 4xx that
        would come again) until the returned fault's `active` is set to False. The default:
        every message edit."""
        fault = Fault(method=method, path=path, status=status)
        self.state.faults.append(fault)
        return fault

    # ----- what tests look at -----

    def visible_messages(self, user: FakeUser, channel: ChannelRef = None) -> list[FakeMessage]:
        """Messages `user` can see in `channel` now, oldest first (public and their own
        ephemeral ones)."""
        channel_id = self.channel(channel).id
        return [
            m
            for m in self.state.messages.values()
            if m.channel_id == channel_id and not m.deleted and self.state.can_see(user.id, m)
        ]

    def last_message(self, channel: ChannelRef = None, user: FakeUser | None = None) -> FakeMessage:
        """The newest message in `channel` that everyone (or, given `user`, that user) sees."""
        channel_id = self.channel(channel).id
        for message in reversed(self.state.messages.values()):
            if message.channel_id != channel_id or message.deleted:
                continue
            if user is None and message.visible_to is None:
                return message
            if user is not None and self.state.can_see(user.id, message):
                return message
        raise HarnessError(f"no message in channel {channel_id}")

    def direct_messages(self, user: FakeUser) -> list[FakeMessage]:
        """The bot's direct messages to `user`, oldest first."""
        channel = self.state.dm_channel(user.id)
        return [m for m in self.state.messages.values() if m.channel_id == channel.id]

    def payloads_seen_by(self, user: FakeUser) -> list[dict[str, Any]]:
        """Every version of every message `user` could ever see (including later edited or
        deleted ones): content, embeds, components and attachment names."""
        seen: list[dict[str, Any]] = []
        for message in self.state.messages.values():
            if self.state.can_see(user.id, message):
                seen.extend(message.history)
        return seen

    def text_seen_by(self, user: FakeUser) -> str:
        """`payloads_seen_by(user)` as one JSON string, for substring checks."""
        return json.dumps(self.payloads_seen_by(user), ensure_ascii=False)

    @property
    def interactions(self) -> list[InteractionRecord]:
        return list(self.state.interactions.values())

    @property
    def latencies(self) -> list[float]:
        """Seconds from creation to acknowledgement, for every acknowledged interaction."""
        return [r.latency for r in self.state.interactions.values() if r.latency is not None]

    def latency_summary(self) -> dict[str, float]:
        """count, p50, p99 and max of `latencies`, in seconds (for benchmarks)."""
        ordered = sorted(self.latencies)
        if not ordered:
            return {"count": 0, "p50": 0.0, "p99": 0.0, "max": 0.0}

        def percentile(fraction: float) -> float:
            return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]

        return {
            "count": len(ordered),
            "p50": percentile(0.50),
            "p99": percentile(0.99),
            "max": ordered[-1],
        }

    @property
    def errors(self) -> list[str]:
        """Exceptions the bot raised: logged by discord.py (commands, views, events) or
        left in a task it started while handling something the harness fed it."""
        self._forget_finished()
        raised = self._raised + [t for a in self._activities for t in a.raised]
        return self._error_log.entries + unretrieved_failures(raised)

    @property
    def violations(self) -> list[str]:
        """Broken Discord rules: double or late answers, unanswered interactions, ..."""
        return list(self.state.violations)

    @property
    def unknown_routes(self) -> list[str]:
        return list(self.state.unknown_routes)

    @property
    def commands(self) -> list[dict[str, Any]]:
        """Registered commands: global ones, then the guild's."""
        guild_set = self.state.guild_commands.get(self.state.guild_id)
        return self.state.global_commands.commands + (guild_set.commands if guild_set else [])

    def assert_clean(self) -> None:
        """Fail if the bot broke a Discord rule, raised an exception or used a route the fake
        does not know."""
        problems = (
            self.violations
            + [f"unknown route {r}" for r in self.unknown_routes]
            + [f"error: {e}" for e in self.errors]
        )
        if problems:
            raise AssertionError("; ".join(problems))
