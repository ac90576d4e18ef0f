"""Composition root: settings, logging, and the bot. `python bot.py` starts it.

`create_bot(database)` builds the whole bot without connecting (tests drive it through a fake
Discord); the store, the table manager and the cogs come up in `setup_hook`, when the bot logs
in, because opening the database is asynchronous.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord.ext import commands

from settings import Settings, dotenv_warnings, env_file

if TYPE_CHECKING:
    from store import Store
    from tables import TableManager
    from tables.clock import Clock
    from tables.season_ends import SeasonEnds
    from tables.tournaments.service import TournamentService

log = logging.getLogger("cardbot")

TOKEN_HELP = """\
No Discord token is set{where}.

1. Open https://discord.com/developers/applications and create an application.
2. Under "Bot", press "Reset Token" and copy the token.
3. {put}
4. Start the bot: it prints the link that invites it to your server.
"""


def token_help(path: str) -> str:
    """What to do without a token. An admin who already made .env (`path`, "" if none)
    is not sent to copy .env.example again, over the file they have filled in."""
    if path:
        return TOKEN_HELP.format(where=f" in {path}",
                                 put=f"Put the token after DISCORD_TOKEN= in {path}")
    return TOKEN_HELP.format(where="", put="Copy .env.example to .env and put the token after "
                                          "DISCORD_TOKEN=")


REFUSED_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN: copy it again from the Developer Portal "
    "(https://discord.com/developers/applications, your application, Bot → Reset Token) "
    "and put it after DISCORD_TOKEN= in .env."
)
NO_NETWORK = "Cannot reach Discord: check the network"
MALFORMED_TOKEN = (
    "DISCORD_TOKEN does not look like a bot token (three parts joined by dots): copy it again "
    "from the Developer Portal (Bot → Reset Token) and put it after DISCORD_TOKEN= in .env."
)

INVITE_SCOPES = ("bot", "applications.commands")
#: The permissions the bot asks for when invited; README.md lists the same ones (a test holds
#: the two together).
INVITE_PERMISSIONS = ("view_channel", "send_messages", "attach_files", "create_public_threads",
                      "send_messages_in_threads")


def invite_url(application_id: int) -> str:
    permissions = discord.Permissions(**dict.fromkeys(INVITE_PERMISSIONS, True))
    return discord.utils.oauth_url(application_id, permissions=permissions, scopes=INVITE_SCOPES)


def looks_like_a_token(token: str) -> bool:
    """A bot token is three base64 parts joined by dots; only Discord can say it is valid."""
    return token.count(".") == 2 and all(token.split(".")) and " " not in token


class CardBot(commands.Bot):
    """The bot: the store and table manager are opened on login and closed with the bot."""

    def __init__(
        self,
        database: str,
        *,
        dev_guild_id: int | None = None,
        ai_delay: float = 0.8,
        idle_warn: float | None = 120.0,
        idle_takeover: float | None = 300.0,
        refresh_interval: float = 1.0,
        hand_interval: float = 1.0,
        forced_delay: float = 1.5,
        notice_grace: float = 30.0,
        repost_after: int = 5,
        repost_every: float = 30.0,
        clock: Clock | None = None,
        sync_commands: bool = True,
        expert_seconds: float = 1.0,
        expert_iterations: int | None = None,
        lobby_lifetime: float | None = None,
        backups: tuple[float, int] = (0.0, 7),
        **client_options: Any,
    ) -> None:
        # The bot never joins voice, so discord.py's warnings about voice libraries not being
        # installed (PyNaCl, davey) would only alarm whoever starts it.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        # No privileged intents: slash commands and components need none of them.
        intents = discord.Intents.default()
        intents.typing = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **client_options,
        )
        self.database = database
        self.dev_guild_id = dev_guild_id
        self.ai_delay = ai_delay
        self.idle_warn = idle_warn
        self.idle_takeover = idle_takeover
        self.refresh_interval = refresh_interval
        self.hand_interval = hand_interval
        self.forced_delay = forced_delay
        self.notice_grace = notice_grace
        self.repost_after = repost_after
        self.repost_every = repost_every
        self.clock = clock
        self.sync_commands = sync_commands
        #: The expert's budget per move: a time, or (tests) a number of deals searched.
        self.expert_seconds = expert_seconds
        self.expert_iterations = expert_iterations
        #: Seconds an untouched open lobby stays open before it expires (None: 7 days).
        self.lobby_lifetime = lobby_lifetime
        from tables.backups import Backups
        self.backups = Backups(database, *backups)  # (hours apart, 0 for none; how many kept)
        self.store: Store | None = None
        self.tables: TableManager | None = None
        self.tournaments: TournamentService | None = None
        self.backfill: asyncio.Task[Any] | None = None
        self.season_ends: SeasonEnds | None = None
        #: TournamentService's keyword settings (tests shorten the no-show wait).
        self.tournament_knobs: dict[str, Any] = {}

    async def setup_hook(self) -> None:
        # Imported here so `python bot.py` without a token never needs more than discord.py.
        from cogs.components import ALL_DYNAMIC_ITEMS, answer_unknown_component
        from cogs.info_cog import InfoCog
        from cogs.lobbies_cog import LobbiesCog
        from cogs.places_cog import PlacesCog
        from cogs.profile_cog import ProfileCog
        from cogs.records_cog import RecordsCog
        from cogs.replay_cog import ReplayCog
        from cogs.review_cog import ReviewCog
        from cogs.seasons_cog import SeasonsCog
        from cogs.servers_cog import ServersCog
        from cogs.tables_cog import TablesCog
        from cogs.tournaments_cog import TournamentButton, TournamentsCog
        from engine.search.expert import Budget
        from store import Store
        from store.database import without_password
        from tables import TableManager
        from tables.backfill import backfill
        from tables.expert_pool import ExpertPool
        from tables.honours import TournamentHonours
        from tables.season_ends import SeasonEnds
        from tables.seasons import Seasons
        from tables.tournaments.service import TournamentService

        self.store = await Store.open(self.database)
        shard_ids = getattr(self, "shard_ids", None)
        self.tables = TableManager(
            self.store,
            ai_delay=self.ai_delay,
            idle_warn=self.idle_warn,
            idle_takeover=self.idle_takeover,
            forced_delay=self.forced_delay,
            clock=self.clock,
            shards=(self.shard_count, shard_ids) if self.shard_count and shard_ids else None,
            experts=ExpertPool(Budget(self.expert_iterations, self.expert_seconds)),
            lobby_lifetime=self.lobby_lifetime,
        )
        tables_cog = TablesCog(
            self, self.tables, refresh_interval=self.refresh_interval,
            hand_interval=self.hand_interval, notice_grace=self.notice_grace,
            repost_after=self.repost_after, repost_every=self.repost_every,
        )
        await self.add_cog(tables_cog)
        await self.add_cog(PlacesCog(self, self.tables, tables_cog))
        await self.add_cog(LobbiesCog(self, self.tables))
        seasons = Seasons(self.store, self.tables.clock)
        await self.add_cog(InfoCog(self, self.tables, seasons))
        self.season_ends = SeasonEnds(seasons, shards=self.tables.shards)
        await self.add_cog(SeasonsCog(self, seasons, self.season_ends))
        await self.add_cog(ReviewCog(self, self.tables))
        await self.add_cog(ReplayCog(self, self.tables))
        await self.add_cog(ProfileCog(self, self.tables))
        self.tournaments = await TournamentService.beside(self.store, self.tables,
                                                          **self.tournament_knobs)
        self.tournaments.subscribe(TournamentHonours(self.store))
        await self.add_cog(TournamentsCog(self, self.tournaments))
        await self.add_cog(RecordsCog(self, self.store, self.tables.clock))
        await self.add_cog(ServersCog(self, self.tables))
        self.tree.on_error = self._on_command_error  # type: ignore[method-assign]
        # Every component is a DynamicItem keyed by its custom_id, so buttons sent before a
        # restart (and on ephemeral messages) keep working.
        self.add_dynamic_items(*ALL_DYNAMIC_ITEMS, TournamentButton)
        self.add_listener(answer_unknown_component, "on_interaction")
        # The bot answers as soon as the games are loaded; they are rebuilt in the background
        # (or at once when someone reaches one first), and run and their messages refreshed
        # once the gateway says their server still has the bot (cogs/servers_cog.py).
        await self.tables.start(in_background=True, on_resumed=tables_cog.show,
                                await_guilds=True)
        log.info("Database %s open; %d running games resuming%s",
                 without_password(self.database), self.tables.resuming(),
                 f" on shards {', '.join(map(str, shard_ids))} of {self.shard_count}"
                 if self.shard_count and shard_ids else "")
        await self.tournaments.start()
        self.backups.start(self.tables.clock, self.store.db.optimize)
        self.season_ends.start()
        # Games finished before their achievements were recorded: in the background.
        self.backfill = asyncio.create_task(backfill(self.store), name="backfill")
        if self.sync_commands:
            await self._sync_commands()
        if self.application_id is not None:
            print(f"Invite the bot to a server with {invite_url(self.application_id)}", flush=True)

    async def _on_command_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        """Log a failed command and tell the member, instead of "The application did not
        respond"."""
        from cogs.replies import answered_too_late, tell

        name = interaction.command.qualified_name if interaction.command else "?"
        if answered_too_late(getattr(error, "original", error)):
            log.warning("/%s came too late to answer (after Discord's 3 s)", name)
            return
        log.error("/%s failed", name, exc_info=error)
        await tell(interaction, "Sorry, something went wrong with that command.")

    async def _sync_commands(self) -> None:
        if self.dev_guild_id is not None:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            try:
                synced = await self.tree.sync(guild=guild)
            except discord.Forbidden:
                log.warning("The slash commands could not be added to server %s (DEV_GUILD_ID):"
                            " the bot is not in it yet. Invite it with the link below; they are"
                            " added when it joins.", self.dev_guild_id)
                return
            log.info("Synced %d commands to server %s", len(synced), self.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("Synced %d commands globally (may take a while to appear)", len(synced))

    async def on_guild_join(self, guild: discord.Guild) -> None:
        if self.sync_commands and guild.id == self.dev_guild_id:
            await self._sync_commands()

    async def close(self) -> None:
        cog = self.get_cog("Tables")
        if self.store is not None:
            log.info("Stopping: every move is saved, and running games resume at the next start")
        try:
            if self.backfill is not None:
                self.backfill.cancel()  # it goes on at the next start
                await asyncio.gather(self.backfill, return_exceptions=True)
            await self.backups.close()
            if self.season_ends is not None:
                await self.season_ends.close()
            if self.tournaments is not None:
                await self.tournaments.close()
            if self.tables is not None:
                await self.tables.close()
            if cog is not None:
                # The last table edits reach Discord if they can; the database closes anyway.
                await cog.drain()  # type: ignore[attr-defined]
                await cog.cog_unload()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None
                log.info("Stopped")
            await super().close()


class ShardedCardBot(CardBot, commands.AutoShardedBot):
    """The bot on some shards of many: one gateway connection per shard, games of their
    servers only. Other processes run the other shards against the same PostgreSQL."""


def create_bot(
    database: str,
    *,
    shard_count: int | None = None,
    shard_ids: tuple[int, ...] | None = None,
    **knobs: object,
) -> CardBot:
    """The whole bot, not connected. `knobs` are CardBot's keyword settings (tests shorten
    the computer's delay and the refresh interval). With `shard_count`, a ShardedCardBot on
    `shard_ids` (all shards if None)."""
    if shard_count is None:
        return CardBot(database, **knobs)  # type: ignore[arg-type]
    ids = list(shard_ids) if shard_ids is not None else list(range(shard_count))
    return ShardedCardBot(
        database, shard_count=shard_count, shard_ids=ids, **knobs  # type: ignore[arg-type]
    )


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    # discord.py's gateway chatter is noise at INFO.
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLogger().level))


def check() -> bool:
    """`python bot.py --check`: the settings, the database and the fonts, without connecting.
    Prints one line per check; True when nothing is wrong."""
    from render.kit import text
    fine = True

    def report(ok: bool, line: str, label: str = "ok") -> None:
        nonlocal fine
        fine = fine and ok
        print(f"{label if ok else 'PROBLEM':<8} {line}")

    settings, problems = Settings.read_environment()
    if not settings.token:
        report(False, "DISCORD_TOKEN is not set: put the bot's token after DISCORD_TOKEN= "
                      "in .env (README.md, Setting up, says where to get it).")
    elif not looks_like_a_token(settings.token):
        report(False, MALFORMED_TOKEN)
    else:
        report(True, "DISCORD_TOKEN is set (Discord checks it when the bot logs in).")
    for problem in problems:
        report(False, problem)
    for line in dotenv_warnings():
        report(True, line, label="warning")
    if settings.dev_guild_id is not None:
        report(True, f"DEV_GUILD_ID {settings.dev_guild_id}: commands show there at once.")
    elif not os.environ.get("DEV_GUILD_ID", "").strip():
        report(True, "DEV_GUILD_ID is not set: commands are synced to every server, which "
                     "can take up to an hour to show.", label="note")
    from store.store import check_opens

    report(*asyncio.run(check_opens(settings.database)))
    report(*text.fonts_load())
    print("Everything is ready: scripts/run-bot starts the bot." if fine
          else "Fix the problems above, then run this again.")
    return fine


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="The card table Discord bot. Its settings come from .env or the environment "
                    "(README.md, Configuration; .env.example lists them).")
    parser.add_argument("--check", action="store_true",
                        help="check the settings, the database and the fonts, without connecting")
    arguments = parser.parse_args(argv)
    if arguments.check:
        return 0 if check() else 1
    settings, problems = Settings.read_environment()
    configure_logging(settings.log_level)
    for line in dotenv_warnings():
        log.warning(line)
    if problems:
        print("\n".join(problems), file=sys.stderr)  # all of them: one round of fixing
        return 2
    if not settings.token:
        print(token_help(env_file()), file=sys.stderr)
        return 2
    if not looks_like_a_token(settings.token):
        print(MALFORMED_TOKEN, file=sys.stderr)
        return 2
    # Before connecting: a database that does not open is one line here, not a traceback
    # after logging in.
    from store.store import check_opens

    opens, line = asyncio.run(check_opens(settings.database))
    if not opens:
        print(line, file=sys.stderr)
        return 2
    if already_running(settings.database):
        print(f"The bot seems to be running already: {settings.database} is open in another "
              "process. Stop that one first: one process at a time serves a SQLite database "
              "(several share PostgreSQL: README, Running for many servers).",
              file=sys.stderr)
        return 2
    return serve(settings)


def already_running(database: str) -> bool:
    """Whether another process has this SQLite database open: a second bot started by
    mistake (PostgreSQL's processes each serve their own shards)."""
    from store.backup import in_use
    from store.database import is_postgres

    return not is_postgres(database) and in_use(Path(database).expanduser())


def serve(settings: Settings, **knobs: object) -> int:
    """Run the bot with these settings until it stops; the exit status. `knobs` are
    CardBot's keyword settings (the multi-process tests shorten the computer's delay)."""
    bot = create_bot(
        settings.database,
        dev_guild_id=settings.dev_guild_id,
        shard_count=settings.shard_count,
        shard_ids=settings.shard_ids,
        expert_seconds=settings.expert_seconds,
        lobby_lifetime=settings.lobby_expiry_days * 24 * 3600,
        backups=settings.backups,
        **knobs,
    )
    # `systemctl stop`, `docker stop` and `kill` send SIGTERM: stop as cleanly as on Ctrl-C
    # (pending table edits go out, worker processes end) rather than dying mid-way. The stop
    # is raised here, not passed on as SIGINT: a bot started in the background of a script
    # (`nohup python bot.py &`) has SIGINT ignored, and would never stop.
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print(REFUSED_TOKEN, file=sys.stderr)
        return 2
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as error:
        print(f"{NO_NETWORK} ({error}).", file=sys.stderr)
        return 1
    finally:
        signal.signal(signal.SIGTERM, previous)
    return 0


if __name__ == "__main__":
    sys.exit(main())
