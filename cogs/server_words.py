"""The words of /server settings: each setting as chosen, what it does, and the default."""

from __future__ import annotations

from typing import Any

from cogs.text import plural
from tables.idle import IdleTiming

HOW_TO_CHANGE = ("A member with Manage Server changes them with "
                 "`/server settings idle:<minutes> repost:<messages>`.")


def idle_words(idle: object) -> str:
    if idle == "off":
        return "off: the table waits for every move"
    if isinstance(idle, int | float):
        return f"{plural(int(idle), 'minute')} (a warning halfway)"
    return str(idle)


def default_idle_words(timing: IdleTiming) -> str:
    if timing.takeover is None:
        return "off"
    words = plural(round(timing.takeover / 60), "minute")
    if timing.warn is not None:
        words += f", a warning after {plural(round(timing.warn / 60), 'minute')}"
    return words


def repost_words(repost: object) -> str:
    if repost == "never":
        return "never: it stays where it was first posted"
    return f"after {plural(int(repost), 'message')}"  # type: ignore[call-overload]


def settings_content(chosen: dict[str, Any], idle_default: IdleTiming, repost_default: int,
                     changed: bool = False) -> str:
    """What the server's settings are now (after a change if `changed`)."""
    idle = (f"**{idle_words(chosen['idle'])}**" if "idle" in chosen
            else f"the bot's default (**{default_idle_words(idle_default)}**)")
    repost = (f"**{repost_words(chosen['repost'])}**" if "repost" in chosen
              else f"the bot's default (**{repost_words(repost_default)}**)")
    lines = ["✅ Saved."] if changed else []
    lines += ["⚙️ **This server's settings for games**",
              "• `idle`: how long the computer waits before it plays for someone who keeps a "
              "table waiting, until they are back. A new lobby starts with it; its host may "
              f"change it. Now: {idle}.",
              "• `repost`: when a table playing in the channel itself (where the bot may not "
              f"make threads) is posted again at the bottom as chat buries it. Now: {repost}.",
              HOW_TO_CHANGE]
    return "\n".join(lines)
