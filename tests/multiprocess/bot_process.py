"""One bot process of the multi-process test: the real bot against the fake Discord.

    python -m tests.multiprocess.bot_process API_BASE GATEWAY_URL

points discord.py's REST base and its gateway at the fake (testkit/fake_discord/remote.py), then
runs the bot as `python bot.py` does (`bot.serve`), with DISCORD_TOKEN, DATABASE, SHARD_COUNT
and SHARD_IDS from the environment. Only the waits change, so a test game takes seconds:
computers move at once, table messages and hands refresh at once, and a player's forced
move ("Go") is never played for them, so every human action in a game's log is a press.
Pictures are one-pixel PNGs, as in most end-to-end tests: drawing is tested on its own.
"""

from __future__ import annotations

import faulthandler
import io
import signal
import sys
from typing import Any

import discord
import yarl
from PIL import Image

import bot
import cogs.images

KNOBS = {
    "ai_delay": 0.0,
    "refresh_interval": 0.0,
    "hand_interval": 0.0,
    "forced_delay": 3600.0,
    "idle_warn": None,
    "idle_takeover": None,
    # discord.py waits this long after the last GUILD_CREATE before `ready`.
    "guild_ready_timeout": 0.1,
}


def one_pixel_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGBA", (1, 1)).save(buffer, "PNG")
    return buffer.getvalue()


ONE_PIXEL_PNG = one_pixel_png()


async def quick_draw(kind: str, game_name: str, view: dict[str, Any], **options: Any) -> bytes:
    return ONE_PIXEL_PNG


def main(api_base: str, gateway_url: str) -> int:
    # `kill -USR1 PID` writes every thread's stack to the log: where a hung process stands.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    cogs.images.draw = quick_draw
    discord.http.Route.BASE = api_base
    # A bot with SHARD_COUNT connects to this URL rather than asking /gateway/bot.
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    settings = bot.Settings.from_environment()
    bot.configure_logging(settings.log_level)
    return bot.serve(settings, **KNOBS)


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
