"""Games and their options as players write them ("Crib Race", "target=61 muggins=on"), for the
slash commands and scripts/play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.errors import IllegalAction
from engine.registry import GAMES, GameSpec

TRUE_WORDS = {"on", "yes", "true", "y", "1"}
FALSE_WORDS = {"off", "no", "false", "n", "0"}


def option_value(value: Any) -> str:
    """An option's value as a player writes it: on/off rather than True/False."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def find_game(written: str) -> GameSpec:
    """A game by its registry name or its title, as a member may type either (any case, with
    spaces or _ for -); IllegalAction naming the games when none is meant."""
    key = written.strip().lower().replace("_", "-").replace(" ", "-")
    for spec in GAMES.values():
        if key in (spec.name, spec.title.lower().replace(" ", "-")):
            return spec
    raise IllegalAction(f"There is no game {shortened(written.strip())!r}; the games: "
                        f"{', '.join(GAMES)}.")


def parse_options(spec: GameSpec, written: str | None) -> dict[str, Any]:
    """ "target=61 teams=on" -> {"target": 61, "teams": True}, matched against each option's
    choices (so any game's options work without the caller knowing them)."""
    options: dict[str, Any] = {}
    known = {o.name.lower(): o for o in spec.options}
    for token in (written or "").replace(",", " ").split():
        name, sep, value = token.partition("=")
        option = known.get(name.strip().lower())
        if not sep or option is None:
            names = ", ".join(o.name for o in spec.options if len(o.choices) > 1) or "none"
            problem = (f"{spec.title} has no option {shortened(name.strip())!r}" if sep
                       else f"Write options as name=value, not {shortened(token)!r}")
            raise IllegalAction(f"{problem}; its options: {names}.")
        options[option.name] = match_choice(option.choices, value.strip(), option.name)
    return spec.check_options(options)


def match_choice(choices: Sequence[Any], value: str, name: str) -> Any:
    lowered = value.lower()
    for choice in choices:
        if isinstance(choice, bool):
            if (lowered in TRUE_WORDS and choice) or (lowered in FALSE_WORDS and not choice):
                return choice
        elif str(choice).lower() == lowered:
            return choice
    allowed = ", ".join(option_value(c) for c in choices)
    raise IllegalAction(f"{name} must be one of {allowed}, not {shortened(value)!r}.")


def shortened(value: str, limit: int = 40) -> str:
    """A player's own text as a refusal repeats it: never long enough to break a reply."""
    return value if len(value) <= limit else value[: limit - 1] + "…"
