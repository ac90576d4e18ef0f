"""Slash-command interaction data built from the commands the bot registered.

Options are checked against the registered definition the way Discord's client would:
unknown names, missing required options, values outside the choices or of the wrong type
are refused before the bot ever sees them. While a user is typing (autocomplete), the
focused option may hold any partial text and required options may still be missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import HarnessError
from .model import FakeChannel, FakeUser

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


@dataclass
class CommandInput:
    """What the user typed, and what the payload must resolve for it."""

    values: dict[str, Any]
    focused: str | None = None
    users: list[FakeUser] = field(default_factory=list)
    channels: list[FakeChannel] = field(default_factory=list)


def build_command_data(
    command: dict[str, Any], path: list[str], typed: CommandInput
) -> dict[str, Any]:
    """`data` for an application-command (or autocomplete) interaction.

    `path` holds the subcommand group/subcommand names after the command's own name; the
    users and channels named in options are collected in `typed` for `resolved`.
    """
    definitions = command.get("options") or []
    data: dict[str, Any] = {
        "id": command["id"],
        "name": command["name"],
        "type": 1,
        "options": _options(definitions, typed, path, command["name"]),
    }
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    return data


def _options(
    definitions: list[dict[str, Any]], typed: CommandInput, path: list[str], where: str
) -> list[dict[str, Any]]:
    if path:
        name, rest = path[0], path[1:]
        sub = next(
            (d for d in definitions if d["name"] == name and d["type"] in (1, 2)),
            None,
        )
        if sub is None:
            raise HarnessError(f"/{where} has no subcommand {name!r}")
        inner = _options(sub.get("options") or [], typed, rest, name)
        return [{"name": name, "type": sub["type"], "options": inner}]
    if any(d["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for d in definitions):
        raise HarnessError(f"/{where} needs a subcommand name")
    known = {d["name"]: d for d in definitions}
    unknown = set(typed.values) - set(known)
    if unknown:
        raise HarnessError(f"/{where} has no option(s) {sorted(unknown)}; it has {sorted(known)}")
    if typed.focused is not None and typed.focused not in known:
        raise HarnessError(f"/{where} has no option {typed.focused!r} to autocomplete")
    result = []
    for definition in definitions:
        name = definition["name"]
        if name == typed.focused:
            if not definition.get("autocomplete"):
                raise HarnessError(f"/{where} {name} is not an autocomplete option")
            partial = str(typed.values.get(name, ""))
            result.append(
                {"name": name, "type": definition["type"], "value": partial, "focused": True}
            )
            continue
        if name not in typed.values or typed.values[name] is None:
            if definition.get("required") and typed.focused is None:
                raise HarnessError(f"/{where} requires option {name!r}")
            continue
        value = _option_value(definition, typed.values[name], typed, where)
        result.append({"name": name, "type": definition["type"], "value": value})
    return result


def _option_value(
    definition: dict[str, Any], value: Any, typed: CommandInput, where: str
) -> Any:
    kind = definition["type"]
    name = definition["name"]
    if kind == STRING:
        converted: Any = str(value)
    elif kind == INTEGER:
        if isinstance(value, bool) or int(value) != value:
            raise HarnessError(f"/{where} {name} needs an integer, not {value!r}")
        converted = int(value)
    elif kind == NUMBER:
        converted = float(value)
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise HarnessError(f"/{where} {name} needs True or False, not {value!r}")
        converted = value
    elif kind in (USER, MENTIONABLE):
        if not isinstance(value, FakeUser):
            raise HarnessError(f"/{where} {name} needs a member (fake.member(...))")
        typed.users.append(value)
        return str(value.id)
    elif kind == CHANNEL:
        if not isinstance(value, FakeChannel):
            raise HarnessError(f"/{where} {name} needs a channel (fake.channel(...))")
        typed.channels.append(value)
        return str(value.id)
    else:
        raise HarnessError(f"/{where} {name}: option type {kind} is not supported by the harness")
    choices = definition.get("choices")
    if choices and converted not in [c["value"] for c in choices]:
        allowed = [c["value"] for c in choices]
        raise HarnessError(f"/{where} {name}={converted!r} is not one of the choices {allowed}")
    if kind in (INTEGER, NUMBER):
        low, high = definition.get("min_value"), definition.get("max_value")
        if (low is not None and converted < low) or (high is not None and converted > high):
            raise HarnessError(f"/{where} {name}={converted!r} is outside {low}..{high}")
    return converted
