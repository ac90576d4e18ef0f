"""Composition root: settings, logging, and the bot. `python bot.py` starts it.

`create_bot(database)` builds the whole bot without connecting (tests drive it through a fake
Discord); the store, the table manager and the cogs come up in `setup_hook`, when the bot logs
in, because opening the database is asynchronous.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord.ext import commands
from dotenv import load_dotenv

if TYPE_CHECKING:
    from store import Store
    from tables import TableManager

log = logging.getLogger("cardbot")

DEFAULT_DATABASE = "data/cardbot.db"

TOKEN_HELP = """\
No Discord token is set.

1. Open https://discord.com/developers/applications and create an application.
2. Under "Bot", press "Reset Token" and copy the token.
3. Copy .env.example to .env and put the token after DISCORD_TOKEN=
4. Invite the bot with the OAuth2 URL generator: scopes "bot" and "applications.commands",
   permissions Send Messages, Attach Files, Create Public Threads, Send Messages in Threads.
"""


@dataclass(frozen=True)
class Settings:
    token: str
    database: str
    dev_guild_id: int | None
    log_level: str
    #: The expert computer player's thinking time per move.
    expert_seconds: float = 1.0

    @classmethod
    def from_environment(cls) -> Settings:
        """Read the process environment, after filling it from `.env` if there is one."""
        load_dotenv()
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ValueError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}.")
        expert = os.environ.get("EXPERT_SECONDS", "").strip() or "1"
        try:
            expert_seconds = float(expert)
        except ValueError:
            expert_seconds = 0.0
        if not 0 < expert_seconds <= 60:
            raise ValueError(f"EXPERT_SECONDS must be seconds (more than 0, at most 60), "
                             f"not {expert!r}.")
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            database=os.environ.get("DATABASE", "").strip() or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild else None,
            log_level=os.environ.get("LOG_LEVEL", "").strip().upper() or "INFO",
            expert_seconds=expert_seconds,
        )


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
        sync_commands: bool = True,
        expert_seconds: float = 1.0,
        expert_iterations: int | None = None,
    ) -> None:
        # No privileged intents: slash commands and components need none of them.
        intents = discord.Intents.default()
        intents.typing = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.database = database
        self.dev_guild_id = dev_guild_id
        self.ai_delay = ai_delay
        self.idle_warn = idle_warn
        self.idle_takeover = idle_takeover
        self.refresh_interval = refresh_interval
        self.sync_commands = sync_commands
        #: The expert's budget per move: a time, or (tests) a number of deals searched.
        self.expert_seconds = expert_seconds
        self.expert_iterations = expert_iterations
        self.store: Store | None = None
        self.tables: TableManager | None = None

    async def setup_hook(self) -> None:
        # Imported here so `python bot.py` without a token never needs more than discord.py.
        from cogs.components import ALL_DYNAMIC_ITEMS
        from cogs.info_cog import InfoCog
        from cogs.lobbies_cog import LobbiesCog
        from cogs.tables_cog import TablesCog
        from engine.ai.expert import Budget
        from store import Store
        from tables import TableManager
        from tables.expert_pool import ExpertPool

        self.store = await Store.open(self.database)
        self.tables = TableManager(
            self.store,
            ai_delay=self.ai_delay,
            idle_warn=self.idle_warn,
            idle_takeover=self.idle_takeover,
            experts=ExpertPool(Budget(self.expert_iterations, self.expert_seconds)),
        )
        tables_cog = TablesCog(self, self.tables, refresh_interval=self.refresh_interval)
        await self.add_cog(tables_cog)
        await self.add_cog(LobbiesCog(self, self.tables))
        await self.add_cog(InfoCog(self, self.tables))
        self.tree.on_error = self._on_command_error  # type: ignore[method-assign]
        # Every component is a DynamicItem keyed by its custom_id, so buttons sent before a
        # restart (and on ephemeral messages) keep working.
        self.add_dynamic_items(*ALL_DYNAMIC_ITEMS)
        resumed = await self.tables.start()
        log.info("Database %s open; %d running games resumed", self.database, len(resumed))
        for table in resumed:
            tables_cog.show(table)
        if self.sync_commands:
            await self._sync_commands()

    async def _on_command_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        """Log a failed command and tell the member, instead of "The application did not
        respond"."""
        from cogs.replies import tell

        log.error("Command %s failed", interaction.command, exc_info=error)
        await tell(interaction, "Sorry, something went wrong with that command.")

    async def _sync_commands(self) -> None:
        if self.dev_guild_id is not None:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d commands to server %s", len(synced), self.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("Synced %d commands globally (may take a while to appear)", len(synced))

    async def wait_settled(self) -> None:
        """For tests: until computer turns and table refreshes have all gone out."""
        cog = self.get_cog("Tables")
        refresher = getattr(cog, "refresher", None)
        while True:
            if self.tables is not None:
                await self.tables.wait_idle()
            if refresher is None or not refresher.pending():
                return
            await refresher.flush()

    async def close(self) -> None:
        refresher = getattr(self.get_cog("Tables"), "refresher", None)
        try:
            if self.tables is not None:
                await self.tables.close()
            if refresher is not None:
                # The last table edits reach Discord if they can; the database closes anyway.
                await refresher.flush()
                await refresher.close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None
            await super().close()


def create_bot(database: str, **knobs: object) -> CardBot:
    """The whole bot, not connected. `knobs` are CardBot's keyword settings (tests shorten
    the computer's delay and the refresh interval)."""
    return CardBot(database, **knobs)  # type: ignore[arg-type]


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    # discord.py's gateway chatter is noise at INFO.
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLogger().level))


def main() -> int:
    try:
        settings = Settings.from_environment()
    except ValueError as problem:
        print(problem, file=sys.stderr)
        return 2
    if not settings.token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    bot = create_bot(settings.database, dev_guild_id=settings.dev_guild_id,
                     expert_seconds=settings.expert_seconds)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token. " + TOKEN_HELP.split("\n", 2)[2], file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
