"""An offline Discord for end-to-end tests: the real bot, a fake Discord in the test process.

`FakeDiscord` starts an aiohttp server on 127.0.0.1 (random port) that answers the REST and
interaction-webhook routes discord.py uses, points `discord.http.Route.BASE` at it, and feeds
gateway events (READY, GUILD_CREATE, INTERACTION_CREATE, THREAD_CREATE, CHANNEL_UPDATE,
CHANNEL_DELETE, THREAD_UPDATE, THREAD_DELETE, ...) straight into the bot's parsers. Nothing
leaves the machine; no websocket is opened.

Bots in other processes (tests/multiprocess) use `GatewayDiscord` (remote.py) instead: the same
world and the same members' actions, delivered through a real websocket gateway on the same
server (websocket.py: HELLO, IDENTIFY with shards, READY, GUILD_CREATE per guild of the shard,
heartbeats), each event to the session of the shard that owns its guild.

Quick start
-----------
::

    from bot import create_bot
    from testkit.fake_discord import FakeDiscord

    async def test_a_lobby(tmp_path):
        async with FakeDiscord() as fake:                 # or the `fake` fixture (conftest.py)
            await fake.connect(create_bot(str(tmp_path / "db.sqlite")))
            alice, bob = fake.member("alice"), fake.member("bob")
            lobby = await fake.slash(alice, "play", {"game": "cribbage"})
            await fake.click(bob, lobby, label="Join")
            await fake.click(alice, lobby, label="Start")
            await fake.wait_quiet()
            table = fake.last_message(fake.threads[0])
            hand = await fake.click(alice, table, label="My hand")   # ephemeral
            await fake.select(alice, hand, "cb:...", ["5H", "JD"])
            assert "5H" not in fake.text_seen_by(bob)
            fake.assert_clean()

The world
---------
- `FakeDiscord(channels=("games",), members=("alice", "bob", "carol", "dave"))` builds one
  guild with those text channels and members; `connect(bot, guild=, channels=, members=)` can
  add more names. `fake.member(name)` and `fake.channel(name or id)` (None: the first
  channel) return `FakeUser` / `FakeChannel`; `fake.threads` lists threads the bot made.
- `await fake.connect(bot)`: `bot.login()` (the bot's `setup_hook` runs and usually syncs the
  command tree, which the fake records), then READY and GUILD_CREATE, then waits for
  `on_ready` and everything it started. The guild is sent fully chunked, so no privileged
  intent is needed. The bot's member requests (gateway opcode 8, `Guild.query_members`) are
  answered with GUILD_MEMBERS_CHUNK carrying their nonce, as Discord answers them
  (member_requests.py): `fake.state.member_requests.received` lists them, `.answering =
  False` leaves them unanswered, and a member's `nick` is the name the server shows.
- `await fake.restart(new_bot)`: closes the running bot and connects `new_bot` to the same
  world. Messages, their components, threads and registered commands stay, so a test can
  click a button the first bot sent and the second bot must answer it (persistent views,
  DynamicItems). Give both bots the same database.
  `restart(new_bot, crash=True)` kills the old bot instead: the tasks it was running for
  the harness are cancelled where they stand and its token is revoked, so nothing it sends
  afterwards (even from its `close()`) reaches Discord (`fake.state.refused_requests`).

What users do
-------------
Each builds the INTERACTION_CREATE payload exactly as Discord does (id, token,
application_id, version, guild_id, channel_id, channel, member with user and permissions,
app_permissions, locale, ...; for components also `message`) and return an
`InteractionRecord` once the bot has finished handling it (pass `wait=False` to get it at
once, then `await fake.finish(record)`).

- `await fake.slash(user, "play", {"game": "cribbage"}, channel=...)`: the command must be
  registered; subcommands as `"group sub"`; option names, required options, types and
  choices are checked against the registration like Discord's client does (`HarnessError`).
  USER options take a `FakeUser`, CHANNEL options a `FakeChannel`.
- `await fake.click(user, message, custom_id=... or label=...)`
- `await fake.select(user, message, custom_id, ["value", ...])` (values must be options of
  the select and within min/max values; or find the select by `placeholder=`).
- `await fake.autocomplete(user, "play", "game", "cri", {other options})` returns the
  choices the bot suggests (a list of {"name", "value"}).
- `await fake.submit_modal(user, opened, {"field_custom_id": "text"})` fills in and submits
  the modal the bot answered `opened` with (only its user, only once; required fields and
  lengths are checked).
`message` may be a `FakeMessage`, an `InteractionRecord` (its response message) or an id.
Clicking a component that is disabled, missing, on a deleted message, or on a message the
user cannot see (someone else's ephemeral, a private thread they are not in) raises
`ComponentRefused`: Discord's client would not let the user send it.

What tests look at
------------------
- `InteractionRecord`: `.message` (the response message, or for update/deferred-update
  answers the message the component was on), `.followups`, `.response_type` (4 message,
  5 deferred, 6 deferred update, 7 update, 8 autocomplete, 9 modal), `.latency` (real
  seconds to the callback), `.answered_after` (the same on the limits' clock, see below),
  `.payload`, `.errors`, `.modal` (the modal JSON), `.choices` (autocomplete).
- `FakeMessage`: `.content`, `.embeds`, `.components` (raw JSON, read-only),
  `.find_components()`, `.clickable_components()` (enabled, not links), `.attachments`
  (`Attachment` with `.filename`, `.data` bytes, `.content_type`), `.ephemeral`,
  `.visible_to`, `.deleted`, `.history` (every version shown), `.interaction_metadata`.
- `fake.visible_messages(user, channel)`, `fake.last_message(channel, user=None)` (with a user:
  including that user's ephemeral messages).
- `fake.payloads_seen_by(user)` / `fake.text_seen_by(user)`: every version of every message the
  user could ever see (public ones, their own ephemeral ones, private threads they are in),
  including versions later edited away or deleted: assert another player's hidden cards
  never appear there.
- `fake.latencies` and `fake.latency_summary()` (count, p50, p99, max in real seconds, from
  the interaction's creation to the bot's callback), `fake.interactions`, `fake.commands`.
- `fake.violations`: Discord rules the bot broke: an interaction answered twice, answered
  after 3 s (`FakeDiscord(response_window=...)` changes the limit; it and the token's
  lifetime are measured on `clock`: by default this process's processor time, so that a
  busy machine cannot make an answer late, and `clock=FakeClock().now` for a test's own
  time; `GatewayDiscord`, whose bots run elsewhere, uses real seconds), never answered, or a
  followup before any answer. `fake.unknown_routes`: requests the fake does not serve
  (answered 404 like Discord). `fake.errors`: exceptions discord.py logged (commands, views,
  events) and exceptions left in tasks the bot started. `fake.assert_clean()` fails on any.
- `await fake.wait_quiet()`: until every task the bot started in reaction to the harness is
  done and no request is in flight. Tasks only waiting (asleep for 1 s or more, e.g. view
  timeouts and idle timers, or parked on an empty queue or unset event) do not count.
  Raises `QuietTimeout` (after `quiet_timeout`, default 60 s) naming the busy tasks. It guards
  against a hang, not a slow machine: a game that takes 1 s alone may take 10 on a loaded CI
  machine, so the default is generous and no passing test ever waits for it.

Discord's rules modelled
------------------------
One callback per interaction, within the response window; later edits and followups
through the interaction token (`@original`, followup ids) for 15 minutes (then 401 Invalid
Webhook Token; `FakeDiscord(token_lifetime=...)` shortens it, `fake.state.expired_token_uses`
lists the attempts); the first followup after a
"thinking" defer replaces the loading message; ephemeral messages (flag 64) are stored as
visible to the interacting user only and are not reachable through channel routes; private
threads are visible to members added with `add_user` or mentioned in them; multipart
uploads are decoded, and the `attachments` list decides which files a message keeps.
Discord's size limits (content 2,000; embeds; components: custom_id 100, button label 80,
placeholder 150, 25 options of label/value/description 100; alt text 1,024; 10 attachments;
autocomplete choices; a modal's title 45, 1 to 5 rows, field labels 45) and its rules for
components (5 rows of at most 5 buttons or one select; a custom_id once per message; a
button with a label or an emoji, a custom_id unless it is a link; a select's min/max values
within its options) are checked (limits.py): a message over any is refused whole with 400,
as Discord does, and counted in `fake.violations`. A message left with nothing to show (no
content, embed, file or component) is refused with 400 code 50006, as Discord does.

Faults: `fault = fake.inject_fault(429)` answers every message edit
(or `method=`, `path=` regex) with a 429 (tiny retry_after, so discord.py's own five tries
run out at once) or the given 5xx or 4xx (error code 0) until `fault.active = False`;
`fault.hits` counts them and `await fault.hit.wait()` waits for the first.
`hold = fake.hold("POST", r"/threads$")` keeps matching requests waiting, as a slow Discord
would: `await hold.arrived.wait()`, look, then `hold.release()`.

Messages: as Discord does, the fake sends MESSAGE_CREATE for every message created in a
channel. `fake.post(user, channel)` is a member writing (or another bot: `fake.add_bot(name)`
makes one, `author.bot` set): the event carries no content, as a bot without the privileged
message content intent gets it. The bot's own messages (`channel.send`, interaction answers
and followups, a "thinking" defer) come after Discord's answer to the request, with their
content, and an interaction's answer with `webhook_id`, `application_id` and
`interaction_metadata` and without `member`. An ephemeral one comes as Discord sends it, as
if it were a direct message (no `guild_id`, no `member`), and only to a bot with the
DIRECT_MESSAGES intent; `GatewayDiscord` sends those to shard 0. Edits and deletions send
nothing (no MESSAGE_UPDATE or MESSAGE_DELETE).

`await fake.next_change(message_id, ..., timeout=1.0)` waits for a change to those messages
or interactions (or to anything), for simulated members that wait instead of polling.
`FakeMessage.pings` lists whom a new message notified (its mentions as allowed_mentions let
them; edits notify nobody).

Several guilds: `fake.state.add_guild(name, shard=, shard_count=)` makes one on a given shard
and `fake.state.add_channel(name, guild_id)` a channel in it; members belong to every guild.

Channels as members change them while the bot runs, each with the gateway event Discord sends:
`fake.delete_channel(ref)` (CHANNEL_DELETE, its threads gone with it and no THREAD_DELETE for
them, as Discord does; or THREAD_DELETE for a thread), `fake.archive_thread(ref, locked=)`
(THREAD_UPDATE; an archived thread refuses edits and deletions with 400 code 50083 until a
message opens it again, and a locked one refuses messages too, and changes without Manage
Threads), `fake.set_overwrites(ref, overwrites)` (CHANNEL_UPDATE) and
`fake.set_bot_permissions(permissions)` (the bot's role changed: GUILD_ROLE_UPDATE). The bot's
own changes send THREAD_UPDATE too. `fake.state.delete_channel(id)` deletes without a word to
the bot (it was away). A deleted channel's messages stay in `payloads_seen_by` for who could
see them, and its buttons can no longer be pressed.

Permissions (permissions.py): the bot's are its managed role's (`app_permissions`, default:
everything but Administrator), the members' those of a "Players" role they all hold
(`gateway.ALL_TEXT_PERMISSIONS`), and `fake.state.roles.add(guild_id, name, permissions,
holders)` makes another role. A channel's `overwrites` (`permissions.overwrite(role or member
id, allow=, deny=, member=)`; @everyone's id is the guild's) then apply in Discord's order:
@everyone's, the roles' together, the member's own; a thread takes its parent's. So a private
channel may grant the bot by role or by member, or deny @everyone Send Messages, and the bot's
requests, the `app_permissions` and member `permissions` of interactions, a channel option's
permissions and discord.py's own cache (from GUILD_CREATE's roles) all agree. A member cannot
use a channel they may not view (ComponentRefused), nor see its messages.

Direct messages: the bot may open one with a member (`Client.create_dm`, `User.send`) and
`fake.direct_messages(user)` lists what it sent; a member with `dms_open = False` refuses them
(403 code 50007), as one who takes none from the server's members does.

discord.py's waits between the tries of a request (a 429's retry_after, 1 + 2n seconds after
a 5xx) never take real time: its two HTTP clients sleep on an `HttpClock` (http_time.py),
instant by default and listed in `fake.http_waits`, or on a test's clock
(`FakeDiscord(http_clock=FakeClock())`, moved on by the test).

Not modelled: rate limiting by itself (headers are sent, 429 only as an injected fault),
reactions, guild owners and moderators seeing private threads, threads archived by Discord on
their own (a test archives them), other roles changed while the bot runs (no
GUILD_ROLE_UPDATE but for the bot's own, `set_bot_permissions`).
`FakeDiscord(app_permissions=discord.Permissions(...))` sets the bot's permissions across the
server (default: all but Administrator): reckoned with each channel's overwrites, they are
sent with interactions, and channel routes enforce them (Send Messages, Send Messages in
Threads, Attach Files on a send or on an edit that uploads a new file, Create Public/Private
Threads, Read Message History to read messages answer 403 code 50013 without them; without
View Channel every channel route answers 403 code 50001 Missing Access), e.g. to test a
channel where threads cannot be made. Interaction answers need none. Set
`fake.state.app_permissions` (a str of the bits) to change them in the middle of a test.
"""

from .activity import QuietTimeout
from .errors import ComponentRefused, HarnessError
from .fake import FakeDiscord
from .model import Attachment, FakeChannel, FakeMessage, FakeUser, InteractionRecord
from .remote import GatewayDiscord

__all__ = [
    "Attachment",
    "ComponentRefused",
    "FakeChannel",
    "FakeDiscord",
    "FakeMessage",
    "FakeUser",
    "GatewayDiscord",
    "HarnessError",
    "InteractionRecord",
    "QuietTimeout",
]
