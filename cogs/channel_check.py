"""/server permissions: what the bot may do in a channel, what each permission it lacks costs the
games played there, and what to give it. An admin who invited the bot with fewer permissions
than the link asks for (or whose channel takes some away) learns it here, before a member is
refused at /play."""

from __future__ import annotations

import discord

from engine.seat_words import spoken_list

#: (permission attribute, its name in Discord's settings, what it gives, what its lack costs).
#: The two thread permissions only count together: a thread the bot may make but not write
#: in would hide its game (games_get_threads).
CHANNEL_NEEDS = (
    ("view_channel", "View Channel", "it sees the channel, without which it may do nothing there",
     "it cannot see the channel: nothing can be posted there or in its threads"),
    ("send_messages", "Send Messages",
     "tables, turn notices and season ends may be posted in the channel itself",
     "nothing can be posted in the channel itself (no table, turn notice or season end)"),
    ("create_public_threads", "Create Public Threads", "each game may get a thread of its own",
     "games get no thread of their own"),
    ("send_messages_in_threads", "Send Messages in Threads", "it may write in the games' threads",
     "it could not write in a game's thread, so games get none"),
    ("attach_files", "Attach Files", "tables show their pictures",
     "tables show in words only (each player's own hand still shows their cards)"),
)
#: Permissions admins often wonder about, which the bot never uses.
NOT_NEEDED = ("Embed Links", "Read Message History", "Manage Messages", "Use External Emojis")
HOW_TO_GIVE = ("To change them: the channel's settings (Edit Channel → Permissions), or the "
               "bot's role in Server Settings → Roles.")


def games_get_threads(allowed: discord.Permissions) -> bool:
    """A game gets a thread only where the bot may both make it and write in it."""
    return allowed.create_public_threads and allowed.send_messages_in_threads


def games_can_show(allowed: discord.Permissions, in_thread: bool = False) -> bool:
    """Whether a game started here has somewhere to post its table."""
    if not allowed.view_channel:  # Discord refuses everything else where it cannot see
        return False
    if in_thread:
        return allowed.send_messages_in_threads
    return allowed.send_messages or games_get_threads(allowed)


def channel_report(mention: str, allowed: discord.Permissions, in_thread: bool = False) -> str:
    """The answer to /server permissions for a channel the bot has `allowed` in (a thread's: the
    thread permissions are what count there, and no thread is made in a thread)."""
    lines = [f"🔎 **What the bot may do in {mention}**"]
    lacking = []
    for attribute, name, gives, costs in CHANNEL_NEEDS:
        if in_thread and attribute in ("send_messages", "create_public_threads"):
            continue
        if getattr(allowed, attribute):
            lines.append(f"✅ {name}: {gives}.")
        else:
            lines.append(f"❌ {name}: {costs}.")
            lacking.append(name)
    lines.append("")
    if not games_can_show(allowed, in_thread):
        needed = ("Send Messages in Threads" if in_thread
                  else "Send Messages (or Create Public Threads and Send Messages in Threads)")
        if not allowed.view_channel:
            needed = f"View Channel and {needed}"
        lines.append(f"⛔ Games cannot be played here: `/play` is refused. Give the bot "
                     f"{needed} here.")
    else:
        where = ("in this thread" if in_thread
                 else "each in a thread of its own" if games_get_threads(allowed)
                 else "in the channel itself, their table posted again at the bottom when chat "
                      "buries it")
        lines.append(f"Games can be played here: {where}.")
        if lacking:
            lines.append(f"For everything, give the bot {spoken_list(lacking)} here.")
    if lacking:
        lines.append(HOW_TO_GIVE)
    lines.append(f"Not needed: {', '.join(NOT_NEEDED)}.")
    return "\n".join(lines)
