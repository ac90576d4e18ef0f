"""Games and their options as players write them ("Crib Race", "target=61 muggins=on"), for the
slash commands and scripts/play."""

from __future__ import annotations

import re
from typing import Any

from engine.errors import IllegalAction
from engine.registry import GAMES, GameSpec
from engine.spec import Option, option_value

TRUE_WORDS = {"on", "yes", "true", "y", "1"}
FALSE_WORDS = {"off", "no", "false", "n", "0"}
#: "target = 61", as a phone's keyboard often spaces it, is "target=61".
_SPACED_EQUALS = re.compile(r"\s*=\s*")


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
    tokens = _SPACED_EQUALS.sub("=", (written or "").replace(",", " ")).split()
    for token in tokens:
        name, sep, value = token.partition("=")
        option = known.get(name.lower())
        if not sep or option is None:
            names = ", ".join(o.name for o in spec.options if len(o.choices) > 1) or "none"
            problem = (f"{spec.title} has no option {shortened(name)!r}" if sep
                       else f"Write options as name=value, not {shortened(token)!r}")
            raise IllegalAction(f"{problem}; its options: {names}.")
        try:
            chosen = match_choice(option, value)
        except IllegalAction as refusal:
            raise IllegalAction(f"{refusal}{written_example(option)}") from None
        if option.name in options and options[option.name] != chosen:
            raise IllegalAction(
                f"{option.name} is given twice, as {option_value(options[option.name])} and "
                f"{option_value(chosen)}: give it once."
            )
        options[option.name] = chosen
    return spec.check_options(options)


def written_example(option: Option) -> str:
    """A choice other than the default as a player writes it (" Try target=61."), so a
    refusal shows how the option is given; "" for an option with no other choice."""
    other = next((c for c in option.choices if c != option.default), None)
    return "" if other is None else f" Try {option.name}={option_value(other).lower()}."


def match_choice(option: Option, value: str) -> Any:
    lowered = value.lower()
    for choice in option.choices:
        if isinstance(choice, bool):
            if (lowered in TRUE_WORDS and choice) or (lowered in FALSE_WORDS and not choice):
                return choice
        elif str(choice).lower() == lowered:
            return choice
    raise option.refusal(repr(shortened(value)))


def shortened(value: str, limit: int = 40) -> str:
    """A player's own text as a refusal repeats it: never long enough to break a reply."""
    return value if len(value) <= limit else value[: limit - 1] + "…"
