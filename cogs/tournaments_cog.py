"""/tournament and the event's message: sign-up, standings, host controls, match threads.

The rules of an event live in tables.tournaments; the service (tables.tournaments.service)
saves every change and plays the matches. This cog turns commands and presses into service
calls and keeps one message per event, edited in place."""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import images, text
from cogs import tournament_choice as choice
from cogs.channel_check import games_get_threads
from cogs.lobbies_cog import game_choices, game_named, thread_name
from cogs.replies import NO_PINGS, tell
from cogs.tournament_buttons import TournamentButton as TournamentButton  # bot.py adds it
from cogs.tournament_buttons import signup_buttons, signup_view
from cogs.tournament_holds import HoldNotices
from cogs.tournament_words import (
    CANCELLED,
    HOST_ASKED,
    SET_ASIDE,
    SET_ASIDE_CLOSED,
    call_line,
    computer_entry,
    dropped,
    ended,
    event_content,
    followed,
    joined,
    paused_or_resumed,
    result_set,
    ruling_order,
    winners_told,
)
from engine.contract import Event
from engine.errors import IllegalAction
from engine.registry import GAMES, LEVELS
from tables.options import parse_options
from tables.table import Table
from tables.tournaments import FORMATS, KNOCKOUT, SIGNUP, Tournament, export
from tables.tournaments import text as words
from tables.tournaments.fit import FORMAT_WORDS
from tables.tournaments.model import Match
from tables.tournaments.picture import picture_data
from tables.tournaments.service import Change, HeldTournament, TournamentListener, TournamentService

log = logging.getLogger(__name__)


async def event_files(held: HeldTournament) -> list[discord.File]:
    if not held.event.rounds:
        return []
    return await images.tournament_pictures(picture_data(held.event))


class TournamentsCog(commands.Cog, TournamentListener, name="Tournaments"):
    group = app_commands.Group(name="tournament", description="Run a tournament in this server.",
                               guild_only=True)

    def __init__(self, bot: commands.Bot, service: TournamentService) -> None:
        self.bot = bot
        self.service = service
        service.places = self._place
        service.subscribe(self)
        service.subscribe(HoldNotices(bot, service))

    # ------------------------------------------------------------ commands

    @group.command(name="create", description="Open a tournament for sign-up.")
    @app_commands.describe(
        game="Which game",
        format="Swiss, round robin, knockout, or tables (three or more at a table)",
        options="The game's options as name=value, e.g. target=61",
        rounds="Rounds to play (Swiss and tables)",
        best_of="Games per match: 1, or 3 for best of three",
        final_best_of="A knockout's final: 1 game, or 3 for best of three",
        table_size="Seats per table (tables format)",
        start_in="Start by itself this many minutes from now",
        pairs="Team game: partners sign up together with /tournament join partner:",
        round_minutes="Minutes a round may take before the computer plays out its games",
        computers="Fill empty places with computers of this level instead of byes (their "
                  "games count for no rating)",
        late_until="Swiss: members may join late until this round starts (1: no late "
                   "entries; default: the last round)",
    )
    @app_commands.choices(format=[app_commands.Choice(name=FORMAT_WORDS[f], value=f)
                                  for f in FORMATS],
                          computers=[app_commands.Choice(name=level, value=level)
                                     for level in LEVELS])
    async def create(
        self, interaction: discord.Interaction, game: str, format: str,
        options: str | None = None, rounds: int | None = None, best_of: int = 1,
        final_best_of: int | None = None, table_size: int | None = None,
        start_in: int | None = None, round_minutes: int | None = None, pairs: bool = False,
        computers: str | None = None, late_until: int | None = None,
    ) -> None:
        if start_in is not None and start_in < 1:
            await tell(interaction, "Start in at least 1 minute, or leave it out.")
            return
        try:
            spec = game_named(game)
            held = await self.service.create(
                guild_id=interaction.guild_id or 0, channel_id=interaction.channel_id or 0,
                host_id=interaction.user.id, game=spec.name, format=format,
                options=parse_options(spec, options), rounds_planned=rounds,
                table_size=table_size, team_size=2 if pairs else 1, best_of=best_of,
                final_best_of=final_best_of, round_minutes=round_minutes,
                starts_at=self.service.wall_ms() + start_in * 60_000 if start_in else None,
                computers=computers, late_until=late_until,
            )
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        await interaction.response.send_message(
            event_content(held), view=signup_buttons(held), allowed_mentions=NO_PINGS)
        try:
            message = await interaction.original_response()
            await self.service.set_message(held.id, message.id)
        except (discord.HTTPException, IllegalAction):
            log.warning("Lost the message of tournament %s", held.id)

    @create.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(current)

    @group.command(name="show", description="A tournament's standings and rounds.")
    @app_commands.describe(tournament=choice.ANY_EVENT)
    async def show(self, interaction: discord.Interaction,
                   tournament: int | None = None) -> None:
        held = await self._find(interaction, tournament, open_only=False, role=choice.READ)
        if held is None:
            return
        event = held.event
        extra: list[tuple[str, list[str]]] = []
        holding_up = words.holding_up_lines(event, self._waiting(held))
        if holding_up:
            extra.append(("**Still playing**", holding_up))
        # The message shows a running event's current round (a knockout's whole bracket).
        for played in event.rounds if event.format != KNOCKOUT else []:
            if played is not event.current:
                extra.append(("", words.round_lines(event, played)))
        await interaction.response.defer()
        await interaction.followup.send(event_content(held, extra, self.service.wall_ms()),
                                        files=await event_files(held), allowed_mentions=NO_PINGS)

    @group.command(name="standings", description="Every entry's standing in a file for a "
                                                 "spreadsheet, however many entries there are.")
    @app_commands.describe(tournament=choice.ANY_EVENT)
    async def standings(self, interaction: discord.Interaction,
                        tournament: int | None = None) -> None:
        held = await self._find(interaction, tournament, open_only=False, role=choice.READ)
        if held is None:
            return
        try:
            data = io.BytesIO(export.standings_csv(held.event))
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        await interaction.response.send_message(
            f"🏆 {text.safe(export.export_words(held.event, held.id))}",
            file=discord.File(data, filename=export.file_name(held.id)), allowed_mentions=NO_PINGS)

    @group.command(name="list", description="This server's running and recent tournaments.")
    async def list_command(self, interaction: discord.Interaction) -> None:
        found = await self.service.guild_list(interaction.guild_id or 0)
        if not found:
            await tell(interaction, "No tournaments here yet: /tournament create makes one.")
            return
        lines = ["🏆 **Tournaments**"] + [
            f"#{held.id} {text.safe(words.title(held.event))}: {words.status_line(held.event)}"
            for held in found]
        await interaction.response.send_message(text.clip("\n".join(lines)),
                                                allowed_mentions=NO_PINGS)

    @group.command(name="join", description="Sign up (a running Swiss: late, on 0 points), with "
                                            "your partner for a team game.")
    @app_commands.describe(partner="Your partner, for a tournament of pairs",
                           tournament=choice.WHICH_EVENT)
    async def join(self, interaction: discord.Interaction, partner: discord.Member | None = None,
                   tournament: int | None = None) -> None:
        user = interaction.user
        with_partner = (partner.id, partner.display_name) if partner is not None else None
        await self._act(interaction, tournament,
                        lambda e: e.join(user.id, user.display_name, with_partner), joined,
                        choice.JOIN)

    @group.command(name="drop", description="Drop out of a tournament (before its start: off "
                                            "the sign-up).")
    @app_commands.describe(tournament=choice.WHICH_EVENT)
    async def drop(self, interaction: discord.Interaction,
                   tournament: int | None = None) -> None:
        def drop(event: Tournament) -> list[Event]:
            # Before the start, dropping out is leaving the sign-up.
            if event.status == SIGNUP:
                return event.leave(interaction.user.id)
            return event.drop(interaction.user.id)

        await self._act(interaction, tournament, drop, dropped, choice.PLAYER)

    @group.command(name="remove", description="Host: take an entry off the sign-up, or drop it.")
    @app_commands.describe(member="A member of the entry to drop",
                           computer="A computer entry to drop, by its name (e.g. Normal bot)",
                           tournament=choice.WHICH_EVENT)
    async def remove(self, interaction: discord.Interaction,
                     member: discord.Member | None = None, computer: str | None = None,
                     tournament: int | None = None) -> None:
        named: list[str] = []  # the entry's name as the event shows it, once found

        def drop(event: Tournament) -> list[Event]:
            if member is None:
                entry = event.entry(computer_entry(event, computer))
            else:
                found = event.entry_of(member.id)
                if found is None:
                    raise IllegalAction(f"{member.display_name} is not in this event.")
                entry = found
            named[:] = [member.display_name if member is not None else entry.name]
            return event.remove(interaction.user.id, entry.id)

        def done(events: list[Event]) -> str:
            name = text.safe(named[0])
            if any(e.get("type") == "removed" for e in events):
                return f"{name} is taken off the sign-up."
            return followed(f"{name} is dropped from the event.")(events)

        await self._act(interaction, tournament, drop, done, choice.HOST)

    @group.command(name="pause", description="Host: pause the tournament, or go on again.")
    @app_commands.describe(tournament=choice.WHICH_EVENT)
    async def pause(self, interaction: discord.Interaction,
                    tournament: int | None = None) -> None:
        def toggle(event: Tournament) -> list[Event]:
            if event.paused:
                return event.resume(interaction.user.id)
            return event.pause(interaction.user.id)

        await self._act(interaction, tournament, toggle, paused_or_resumed, choice.HOST)

    @group.command(name="end", description="Host: end the tournament after the round in play; "
                                           "its standings then are final.")
    @app_commands.describe(tournament=choice.WHICH_EVENT)
    async def end(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._act(interaction, tournament, lambda e: e.end(interaction.user.id), ended,
                        choice.HOST)

    @group.command(name="cancel", description="Host: cancel the tournament; games in play close.")
    @app_commands.describe(tournament=choice.WHICH_EVENT)
    async def cancel(self, interaction: discord.Interaction,
                     tournament: int | None = None) -> None:
        await self._act(interaction, tournament, lambda e: e.cancel(interaction.user.id),
                        "The tournament is cancelled.", choice.HOST)

    @group.command(name="result", description="Host: set a match's result, or correct an "
                                              "earlier round's.")
    @app_commands.describe(
        match="The match, as the standings show it (e.g. 2.1); an earlier round's may be "
              "corrected",
        order="Best first, e.g. @ann @bob (a computer entry by name: Hard bot); = puts two level: "
              "@ann = @bob",
        tournament=choice.WHICH_EVENT,
    )
    async def result(self, interaction: discord.Interaction, match: str, order: str,
                     tournament: int | None = None) -> None:
        def rule(event: Tournament) -> list[Event]:
            event.check_host(interaction.user.id, "set a result")
            found = event.match(match.strip())
            groups = ruling_order(event, found, order)
            return event.set_result(interaction.user.id, found.id, groups)

        await self._act(interaction, tournament, rule, result_set, choice.HOST)

    # ------------------------------------------------------------ presses

    def _waiting(self, held: HeldTournament) -> dict[str, tuple[int, list[str]]]:
        """Each running game of the round in play: match id -> (game id, the members it
        waits on)."""
        current, found = held.event.current, {}
        for game in held.games:
            table = self.service.manager.get(game.game_id)
            if current is None or game.round != current.number or table is None \
                    or table.status != "running" or held.set_aside(game):
                continue
            found[game.match_id] = (table.id, [table.seats[s].name for s in table.waiting_for()
                                               if not table.seats[s].is_computer])
        return found

    async def on_button(self, interaction: discord.Interaction, tournament_id: int,
                        what: str) -> None:
        user = interaction.user
        changes = {
            "join": lambda e: e.join(user.id, user.display_name),
            "leave": lambda e: e.leave(user.id),
            "cancel": lambda e: e.cancel(user.id),
        }
        try:
            if what == "start":
                held = self.service.get(tournament_id)
                if held is not None:
                    held.event.check_host(user.id, "start the event")
                # Starting opens every match's thread and game: acknowledged first.
                await interaction.response.defer()
                await self.service.start_event(tournament_id, user.id)
            else:  # acknowledged once saved, before the message is edited
                await self.service.act(tournament_id, changes[what],
                                       saved=interaction.response.defer)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        if not interaction.response.is_done():
            await interaction.response.defer()

    async def _act(self, interaction: discord.Interaction, tournament: int | None,
                   change: Change, done: str | Callable[[list[Event]], str], role: str) -> None:
        held = await self._find(interaction, tournament, open_only=True, role=role)
        if held is None:
            return
        # A change may end a round and open the next one's games: acknowledged first.
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            events = await self.service.act(held.id, change)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        await tell(interaction, done if isinstance(done, str) else done(events))

    async def _find(self, interaction: discord.Interaction, tournament: int | None,
                    *, open_only: bool, role: str) -> HeldTournament | None:
        guild = interaction.guild_id or 0
        if tournament is not None:
            held = (self.service.get(tournament) if open_only
                    else await self.service.load(tournament))
            if held is None or held.guild_id != guild:
                await tell(interaction, f"There is no {'running ' if open_only else ''}"
                                        f"tournament #{tournament} in this server.")
                return None
            return held
        found = await self.service.guild_list(guild)
        if open_only:
            found = [h for h in found if self.service.get(h.id) is not None]
        if not found:
            await tell(interaction, choice.NO_EVENT)
            return None
        picked = choice.pick_event(found, interaction.user.id, role)
        if isinstance(picked, str):
            await tell(interaction, picked)
            return None
        return self.service.get(picked.id) or picked

    # ------------------------------------------------------------ the service's news

    async def on_tournament(self, held: HeldTournament, events: list[dict[str, Any]]) -> None:
        """Edit the event's message in place to its latest state, and say what nobody would
        see there: a match settled without its game (in the match's thread), a round over
        while the event is paused (to the host)."""
        # A match the host set again (a correction) had its game closed, or ended, before.
        set_again = {said["match"] for said in events
                     if said.get("type") == "ruling" and said.get("was_over")}
        for said in events:
            if said.get("type") == "match_over":
                await self._settled(held, held.event.match(said["match"]),
                                    closes=said["match"] not in set_again)
            elif said.get("type") == "round":
                played = held.event.rounds[said["round"] - 1]
                await self._tell_members(held, played.byes,
                                         f"tournament #{held.id}: "
                                         f"{words.bye_words(held.event, played)}")
            elif said.get("type") == "reseated":
                await self._reseated(held, said)
            elif said.get("type") == "finished" and any(held.event.placings[:1]):
                # (nobody placed, or nobody played the final: no winner to tell)
                await self._tell_members(held, *winners_told(held))
            elif said.get("type") == "cancelled" and held.event.rounds:
                for match in held.event.rounds[-1].matches:
                    games = [g for g in held.games if g.match_id == match.id]
                    if games and not match.finished:
                        await self._send(games[-1].channel_id, held.guild_id,
                                         CANCELLED.format(id=held.id), NO_PINGS)
            elif said.get("type") in HOST_ASKED and self.bot.get_channel(held.channel_id):
                asked = HOST_ASKED[said["type"]].format_map(said)
                await self._send(held.channel_id, held.guild_id,
                                 f"<@{held.host_id}> {said['text']} {asked}",
                                 discord.AllowedMentions(users=[discord.Object(held.host_id)]))
        if held.message_id is None:
            return
        channel = self.bot.get_partial_messageable(held.channel_id, guild_id=held.guild_id)
        try:
            await channel.get_partial_message(held.message_id).edit(
                content=event_content(held, now=self.service.wall_ms()),
                view=signup_view(held),
                attachments=await event_files(held), allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.warning("Could not edit tournament %s's message", held.id)

    async def on_result_not_counted(self, held: HeldTournament, channel_id: int,
                                    line: str) -> None:
        await self._send(channel_id, held.guild_id, line, NO_PINGS)

    async def _settled(self, held: HeldTournament, match: Match, closes: bool = True) -> None:
        """A match settled by a forfeit or the host closes its game: its players, in its
        thread, are told why and how it ended. A result the host sets for a match whose games
        all ended, or that was over already (`closes` False), closes nothing: its thread hears
        only the new result."""
        settled_otherwise = match.ruling is not None or (match.forfeits and not match.table)
        games = [g for g in held.games if g.match_id == match.id]
        if not settled_otherwise or not games:
            return
        closed = " Its game is closed." if closes and len(match.games) < len(games) else ""
        await self._send(games[-1].channel_id, held.guild_id,
                         f"Match {text.safe(words.match_line(held.event, match))}.{closed}",
                         NO_PINGS)

    async def _reseated(self, held: HeldTournament, said: Event) -> None:
        """A corrected knockout result put another entry in a match of the round: the
        players at its closed game hear why, and the entries whose match changed are
        mentioned in the event's channel (the new game then calls its players)."""
        match = held.event.match(said["match"])
        why = words.restart_words(held.event, match)
        old = [g for g in held.games if g.match_id == match.id and held.set_aside(g)]
        if old:
            line = SET_ASIDE_CLOSED if said.get("was_over") else SET_ASIDE
            await self._send(old[-1].channel_id, held.guild_id,
                             text.safe(line.format(why=why[0].upper() + why[1:])), NO_PINGS)
        await self._tell_members(held, list(dict.fromkeys([said["replaced"], *match.entries])),
                                 f"tournament #{held.id}: {text.safe(why)}, which starts again.")

    async def _tell_members(self, held: HeldTournament, entry_ids: list[str], line: str) -> None:
        """Mention the members of these entries once, in the event's channel."""
        members = [m for e in entry_ids for m in held.event.entry(e).members]
        if members:
            await self._send(held.channel_id, held.guild_id,
                             " ".join(f"<@{m}>" for m in members) + f": {line}",
                             discord.AllowedMentions(users=[discord.Object(m) for m in members]))

    async def _send(self, channel_id: int, guild_id: int, line: str,
                    mentions: discord.AllowedMentions) -> None:
        where = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        try:
            await where.send(line, allowed_mentions=mentions)
        except discord.HTTPException as failure:
            log.warning("Could not post in channel %s: %s", channel_id, failure)

    async def on_match_opened(self, held: HeldTournament, match: Match, table: Table) -> None:
        """Show the game and call its players to it, once."""
        tables = self.bot.get_cog("Tables")
        if tables is not None:
            tables.show(table)  # type: ignore[attr-defined]
        if not any(seat.user_id for seat in table.seats):
            return
        where = self.bot.get_partial_messageable(table.thread_id or table.channel_id,
                                                 guild_id=table.guild_id)
        line = call_line(held, match, table, self.service.no_show_after,
                         self.service.wall_ms())
        # The table message, posted just now, pings whoever the game waits on: the call pings
        # the others, so each player is pinged once.
        waited = {table.seats[s].user_id for s in table.waiting_for()}
        others = [discord.Object(seat.user_id) for seat in table.seats
                  if seat.user_id and seat.user_id not in waited]
        try:
            await where.send(line, allowed_mentions=discord.AllowedMentions(users=others))
        except discord.HTTPException:
            log.warning("Could not call the players of game %s", table.id)

    async def _place(self, held: HeldTournament, match: Match) -> tuple[int, int | None]:
        """A thread for the match's game in the event's channel where one can be made; a
        best of three's next game in the thread of the one before, while the bot knows it."""
        channel = self.bot.get_channel(held.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return held.channel_id, None
        before = [g.channel_id for g in held.games if g.match_id == match.id
                  and g.channel_id != held.channel_id and not held.set_aside(g)]
        if before and channel.guild.get_thread(before[-1]) is not None:
            return held.channel_id, before[-1]
        if not games_get_threads(channel.permissions_for(channel.guild.me)):
            return held.channel_id, None
        names = [held.event.entry(e).name for e in match.entries]
        if match.table and match.seats.count(None):
            names.append("computer")
        title = f"#{held.id} {match.id} {GAMES[held.event.game].title}"
        try:
            thread = await channel.create_thread(
                name=thread_name(title, names), type=discord.ChannelType.public_thread,
                auto_archive_duration=1440)
        except discord.HTTPException:
            log.info("Could not open a thread in channel %s; playing there", channel.id)
            return held.channel_id, None
        return held.channel_id, thread.id

