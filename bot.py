"""Composition root: settings, logging, and the bot. `python bot.py` starts it."""

from __future__ import annotations

import os
import sys

from dotenv import load_dotenv

TOKEN_HELP = """\
No Discord token is set.

1. Open https://discord.com/developers/applications and create an application.
2. Under "Bot", press "Reset Token" and copy the token.
3. Copy .env.example to .env and put the token after DISCORD_TOKEN=
4. Invite the bot with the OAuth2 URL generator: scopes "bot" and "applications.commands",
   permissions Send Messages, Attach Files, Create Public Threads, Send Messages in Threads.
"""


def main() -> int:
    load_dotenv()
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    print("The Discord layer is not built yet.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
