"""The HTTP face of the fake Discord: an aiohttp app on 127.0.0.1 answering the REST and
webhook routes discord.py uses, shaped like Discord's answers (JSON, snowflakes, rate-limit
headers). Requests become calls on `DiscordState`; its `DiscordError`s become Discord's JSON
errors. Routes it does not know answer 404 and are recorded for tests to assert on.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from .gateway import guild_create_event, member_payload
from .model import DM_CHANNEL, FakeMessage, FakeUser
from .multipart import MultipartFormatError, Part, boundary_of, parse_parts
from .state import (
    ATTACH_FILES,
    MANAGE_THREADS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    CommandSet,
    DiscordError,
    DiscordState,
    RequestOrigin,
    UploadedFile,
)
from .websocket import Gateway

API_PREFIX = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

# discord.py waits only when a bucket's Remaining reaches 0. The fake never limits (no 429s),
# so every bucket stays nearly full; the headers are there so discord.py's bookkeeping runs.
RATE_LIMIT = 10_000


def rate_limit_headers(request: web.Request) -> dict[str, str]:
    """Headers of a never-exhausted bucket; one bucket per route, as Discord keys them."""
    route = request.match_info.route.resource
    template = route.canonical if route is not None else request.path
    bucket = hashlib.blake2s(f"{request.method} {template}".encode(), digest_size=8).hexdigest()
    return {
        "X-RateLimit-Limit": str(RATE_LIMIT),
        "X-RateLimit-Remaining": str(RATE_LIMIT - 1),
        "X-RateLimit-Reset": f"{time.time() + 1.0:.3f}",
        "X-RateLimit-Reset-After": "1.000",
        "X-RateLimit-Bucket": bucket,
    }


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py decodes the body only if Content-Type is exactly "application/json"
    # (aiohttp's json_response would add "; charset=utf-8").
    headers = {"Content-Type": "application/json"}
    return web.Response(body=json.dumps(data).encode(), status=status, headers=headers)


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> tuple[dict[str, Any], dict[str, UploadedFile]]:
    """The JSON payload and the uploaded files of a request, whether JSON or multipart."""
    # Not request.content_type: aiohttp parses it with the (slow) email header machinery.
    content_type = request.headers.get("Content-Type", "")
    if content_type.startswith("multipart/"):
        raw = await request.read()
        try:
            parts = parse_parts(raw, boundary_of(content_type))
        except MultipartFormatError as problem:
            # discord.py never sends such a body; fail loudly rather than guess.
            raise DiscordError(400, 50035, f"Invalid Form Body ({problem})") from None
        return form_from_parts(parts)
    raw = await request.read()
    return (json.loads(raw) if raw else {}), {}


def form_from_parts(parts: list[Part]) -> tuple[dict[str, Any], dict[str, UploadedFile]]:
    body: dict[str, Any] = {}
    files: dict[str, UploadedFile] = {}
    for part in parts:
        if part.filename is not None:
            content_type = part.content_type or "application/octet-stream"
            files[part.name] = UploadedFile(part.filename, part.data, content_type)
        elif part.name == "payload_json":
            body = json.loads(part.data)
    return body, files


class FakeDiscordServer:
    """Owns the aiohttp app and runner; `base_url` is what `Route.BASE` should point at."""

    def __init__(self, state: DiscordState) -> None:
        self.state = state
        #: The websocket gateway bots in other processes connect to (see websocket.py).
        self.gateway = Gateway(state)
        self.in_flight = 0
        self.request_count = 0
        self.app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024**2)
        self._add_routes()
        self._runner: web.AppRunner | None = None
        self.base_url = ""

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base_url = f"http://127.0.0.1:{port}{API_PREFIX}"
        self.gateway.url = f"ws://127.0.0.1:{port}/gateway"

    async def stop(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/gateway":
            return await handler(request)  # a websocket for as long as the bot runs
        self.in_flight += 1
        self.request_count += 1
        self.state.requests.append(f"{request.method} {request.path}")
        self.state.request_origins.append(RequestOrigin(
            request.headers.get("Authorization", "").removeprefix("Bot "),
            request.match_info.get("token"),
            self._guild_of(request),
            f"{request.method} {request.path}",
        ))
        try:
            response = await self._answer(request, handler)
            response.headers.update(rate_limit_headers(request))
            return response
        finally:
            self.in_flight -= 1

    def _guild_of(self, request: web.Request) -> int | None:
        """The guild a request concerns, if any (by its guild, channel or interaction)."""
        route = request.match_info
        if "guild" in route:
            return int(route["guild"])
        if "channel" in route:
            channel = self.state.channels.get(int(route["channel"]))
            return channel.guild_id if channel is not None else None
        if "token" in route:
            record = self.state.interactions_by_token.get(route["token"])
            return record.guild_id if record is not None else None
        return None

    async def _answer(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        token = request.headers.get("Authorization", "").removeprefix("Bot ")
        if token in self.state.revoked_tokens:
            self.state.refused_requests.append(f"{request.method} {request.path}")
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        hold = self.state.hold_for(request.method, request.path)
        if hold is not None:
            hold.arrived.set()
            await hold.released.wait()
        fault = self.state.fault_for(request.method, request.path)
        if fault is not None:
            if fault.status == 429:
                # discord.py only trusts a 429 that came through Discord's proxy ("Via").
                body = {"message": "You are being rate limited.", "retry_after":
                        fault.retry_after, "global": False}
                response = json_response(body, 429)
                response.headers["Via"] = "1.1 google"
                return response
            return json_response({"message": "Server error", "code": 0}, fault.status)
        try:
            return await handler(request)
        except DiscordError as error:
            return json_response(error.payload(), error.status)
        except (web.HTTPNotFound, web.HTTPMethodNotAllowed):
            self.state.unknown_routes.append(f"{request.method} {request.path_qs}")
            return json_response({"message": "404: Not Found", "code": 0}, 404)

    def _add_routes(self) -> None:
        p = API_PREFIX
        r = self.app.router
        r.add_get(p + "/users/@me", self.get_me)
        r.add_get(p + "/oauth2/applications/@me", self.get_application)
        r.add_get(p + "/gateway/bot", self.get_gateway)
        r.add_get(p + "/gateway", self.get_gateway)
        r.add_get("/gateway", self.gateway.handle)
        r.add_get(p + "/users/{user}", self.get_user)
        r.add_post(p + "/users/@me/channels", self.open_dm)
        r.add_get(p + "/guilds/{guild}", self.get_guild)
        r.add_get(p + "/guilds/{guild}/channels", self.get_guild_channels)
        r.add_get(p + "/guilds/{guild}/members", self.get_guild_members)
        r.add_get(p + "/guilds/{guild}/members/{user}", self.get_guild_member)
        r.add_put(p + "/applications/{app}/commands", self.put_commands)
        r.add_get(p + "/applications/{app}/commands", self.get_commands)
        r.add_put(p + "/applications/{app}/guilds/{guild}/commands", self.put_commands)
        r.add_get(p + "/applications/{app}/guilds/{guild}/commands", self.get_commands)
        r.add_post(p + "/interactions/{id}/{token}/callback", self.interaction_callback)
        r.add_post(p + "/webhooks/{app}/{token}", self.webhook_execute)
        hook_message = p + "/webhooks/{app}/{token}/messages/{message}"
        r.add_get(hook_message, self.webhook_get)
        r.add_patch(hook_message, self.webhook_edit)
        r.add_delete(hook_message, self.webhook_delete)
        r.add_get(p + "/channels/{channel}", self.get_channel)
        r.add_patch(p + "/channels/{channel}", self.edit_channel)
        r.add_post(p + "/channels/{channel}/typing", self.typing)
        r.add_get(p + "/channels/{channel}/messages", self.channel_history)
        r.add_post(p + "/channels/{channel}/messages", self.channel_send)
        message = p + "/channels/{channel}/messages/{message}"
        r.add_get(message, self.channel_get_message)
        r.add_patch(message, self.channel_edit_message)
        r.add_delete(message, self.channel_delete_message)
        r.add_post(p + "/channels/{channel}/threads", self.create_thread)
        r.add_post(message + "/threads", self.create_thread)
        r.add_put(p + "/channels/{channel}/thread-members/{user}", self.thread_member)
        r.add_delete(p + "/channels/{channel}/thread-members/{user}", self.thread_member)

    # ----- identity -----

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response(self.state.bot_user.payload())

    async def get_application(self, request: web.Request) -> web.Response:
        state = self.state
        return json_response(
            {
                "id": str(state.application_id),
                "name": state.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": state.owner.payload(),
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "summary": "",
                "bot": state.bot_user.payload(),
            }
        )

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.gateway.url,
                "shards": self.gateway.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    # ----- users and the guild -----

    def _user(self, request: web.Request) -> FakeUser:
        user_id = int(request.match_info["user"])
        everyone = {self.state.bot_user.id: self.state.bot_user, **self.state.members}
        if user_id not in everyone:
            raise DiscordError(404, 10013, "Unknown User")
        return everyone[user_id]

    def _check_guild(self, request: web.Request) -> None:
        if int(request.match_info["guild"]) not in self.state.guilds:
            raise DiscordError(404, 10004, "Unknown Guild")

    async def open_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        user_id = int(body["recipient_id"])
        if user_id not in self.state.members:
            raise DiscordError(400, 50035, "Invalid Form Body (recipient_id)")
        data = self.state.dm_channel(user_id).payload()
        data["recipients"] = [self.state.members[user_id].payload()]
        return json_response(data)

    async def get_user(self, request: web.Request) -> web.Response:
        return json_response(self._user(request).payload())

    async def get_guild(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        guild = guild_create_event(self.state, int(request.match_info["guild"]))
        for gateway_only in ("members", "channels", "threads", "voice_states", "presences"):
            del guild[gateway_only]
        return json_response(guild)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        guild_id = int(request.match_info["guild"])
        return json_response(
            [
                c.payload()
                for c in self.state.channels.values()
                if not c.is_thread and c.guild_id == guild_id
            ]
        )

    async def get_guild_member(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        user = self._user(request)
        if user.id != self.state.bot_user.id and user.id not in self.state.members:
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response(member_payload(self.state, user, int(request.match_info["guild"])))

    async def get_guild_members(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        after = int(request.query.get("after", "0"))
        limit = int(request.query.get("limit", "1"))
        people = sorted([self.state.bot_user, *self.state.members.values()], key=lambda u: u.id)
        chosen = [u for u in people if u.id > after][:limit]
        guild_id = int(request.match_info["guild"])
        return json_response([member_payload(self.state, u, guild_id) for u in chosen])

    # ----- application commands -----

    def _command_set(self, request: web.Request) -> CommandSet:
        if int(request.match_info["app"]) != self.state.application_id:
            raise DiscordError(403, 50001, "Missing Access")
        guild = request.match_info.get("guild")
        if guild is None:
            return self.state.global_commands
        if int(guild) not in self.state.guilds or int(guild) in self.state.removed_from:
            raise DiscordError(403, 50001, "Missing Access")  # the bot is not in that server
        return self.state.guild_commands.setdefault(int(guild), CommandSet())

    async def put_commands(self, request: web.Request) -> web.Response:
        command_set = self._command_set(request)
        body, _ = await read_body(request)
        registered = []
        for command in body:
            stored = dict(command)
            stored.setdefault("type", 1)
            stored["id"] = str(self.state.snowflakes.next())
            stored["application_id"] = str(self.state.application_id)
            stored["version"] = str(self.state.snowflakes.next())
            if "guild" in request.match_info:
                stored["guild_id"] = request.match_info["guild"]
            registered.append(stored)
        command_set.commands = registered
        return json_response(registered)

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self._command_set(request).commands)

    # ----- interactions and their webhook -----

    async def interaction_callback(self, request: web.Request) -> web.Response:
        body, files = await read_body(request)
        answer = self.state.interaction_callback(
            int(request.match_info["id"]), request.match_info["token"], body, files
        )
        if request.query.get("with_response") in ("1", "true"):
            return json_response(answer)
        return no_content()

    async def webhook_execute(self, request: web.Request) -> web.Response:
        record = self.state.interaction_for_token(
            int(request.match_info["app"]), request.match_info["token"]
        )
        body, files = await read_body(request)
        message = self.state.followup(record, body, files)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(message.payload())
        return no_content()

    def _webhook_message(self, request: web.Request) -> FakeMessage:
        record = self.state.interaction_for_token(
            int(request.match_info["app"]), request.match_info["token"]
        )
        return self.state.webhook_message(record, request.match_info["message"])

    async def webhook_get(self, request: web.Request) -> web.Response:
        return json_response(self._webhook_message(request).payload())

    async def webhook_edit(self, request: web.Request) -> web.Response:
        message = self._webhook_message(request)
        body, files = await read_body(request)
        return json_response(self.state.edit_message(message, body, files).payload())

    async def webhook_delete(self, request: web.Request) -> web.Response:
        self.state.delete_message(self._webhook_message(request))
        return no_content()

    # ----- channels and messages -----

    def _channel_id(self, request: web.Request) -> int:
        channel_id = int(request.match_info["channel"])
        self.state.channel(channel_id)
        if not self.state.allows(VIEW_CHANNEL, channel_id):
            # A channel the bot cannot see is, to it, one closed to it: nothing in it works.
            raise DiscordError(403, 50001, "Missing Access")
        return channel_id

    def _channel_message(self, request: web.Request) -> FakeMessage:
        message = self.state.message(int(request.match_info["message"]), self._channel_id(request))
        if message.ephemeral:
            # Ephemeral messages are reachable only through their interaction's webhook.
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self.state.channel(self._channel_id(request)).payload())

    async def edit_channel(self, request: web.Request) -> web.Response:
        channel = self.state.channel(self._channel_id(request))
        body, _ = await read_body(request)
        for key in ("name",):
            if key in body:
                setattr(channel, key, body[key])
        if channel.is_thread and channel.locked:
            # A locked thread is a moderator's: only Manage Threads changes it.
            self.state.require_permission(channel.id, MANAGE_THREADS, "Manage Threads")
        channel.archived = bool(body.get("archived", channel.archived))
        channel.locked = bool(body.get("locked", channel.locked))
        self.state.on_channel_updated(channel)
        return json_response(channel.payload())

    async def typing(self, request: web.Request) -> web.Response:
        self._channel_id(request)
        return no_content()

    async def channel_history(self, request: web.Request) -> web.Response:
        channel_id = self._channel_id(request)
        self.state.require_permission(channel_id, READ_MESSAGE_HISTORY, "Read Message History")
        limit = int(request.query.get("limit", "50"))
        found = [
            m.payload()
            for m in reversed(self.state.messages.values())
            if m.channel_id == channel_id and not m.deleted and not m.ephemeral
        ]
        return json_response(found[:limit])

    async def channel_send(self, request: web.Request) -> web.Response:
        channel_id = self._channel_id(request)
        body, files = await read_body(request)
        state = self.state
        channel = state.channel(channel_id)
        if channel.type == DM_CHANNEL:
            recipient = state.members[next(iter(channel.invited))]
            if not recipient.dms_open:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
        elif channel.is_thread:
            state.require_permission(channel_id, SEND_MESSAGES_IN_THREADS,
                                     "Send Messages in Threads")
        else:
            state.require_permission(channel_id, SEND_MESSAGES, "Send Messages")
        if files:
            state.require_permission(channel_id, ATTACH_FILES, "Attach Files")
        message = self.state.create_message(channel_id, body, files)
        return json_response(message.payload())

    async def channel_get_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        self.state.require_permission(message.channel_id, READ_MESSAGE_HISTORY,
                                      "Read Message History")
        return json_response(message.payload())

    async def channel_edit_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        self.state.refuse_if_archived(message.channel_id)
        body, files = await read_body(request)
        if files:
            # A new upload needs the permission on an edit just as on a send; keeping or
            # dropping the files a message already has needs none.
            self.state.require_permission(message.channel_id, ATTACH_FILES, "Attach Files")
        return json_response(self.state.edit_message(message, body, files).payload())

    async def channel_delete_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        self.state.refuse_if_archived(message.channel_id)
        self.state.delete_message(message)
        return no_content()

    async def create_thread(self, request: web.Request) -> web.Response:
        channel_id = self._channel_id(request)
        body, _ = await read_body(request)
        from_message = request.match_info.get("message")
        thread = self.state.create_thread(
            channel_id, body, from_message=int(from_message) if from_message else None
        )
        self.on_thread_created(thread.payload())
        return json_response(thread.payload(), 201)

    async def thread_member(self, request: web.Request) -> web.Response:
        thread = self.state.channel(self._channel_id(request))
        user_id = int(request.match_info["user"])
        if not thread.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if request.method == "PUT":
            thread.invited.add(user_id)
        else:
            thread.invited.discard(user_id)
        return no_content()

    def on_thread_created(self, payload: dict[str, Any]) -> None:
        """Replaced by the driver to send THREAD_CREATE through the gateway."""
