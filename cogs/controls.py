"""The one generic mapping from a seat's legal actions to message components.

No Discord objects here: this module describes buttons and menus as plain dataclasses and
parses their custom_ids back, so it is unit-tested on its own and no game needs a change to
the bot. `cogs.components` turns these descriptions into discord.py items.

Rules of the mapping:
- Legal actions are grouped by their "type", in the order the game lists them.
- A group whose actions each carry a "cards" list of one length k > 1, and which holds every
  k-combination of the cards it mentions, becomes one multi-select (min = max = k) over that
  pool of cards (a discard of two cards to the crib).
- Every other group becomes one button per action, labelled by `spec.action_label(action)`.
- A message holds at most 5 rows of 5 buttons; a select takes a whole row. While the buttons
  do not fit (with room left for any the caller adds, such as a hand's Hint), the largest
  button group becomes a single-choice select instead.
- Except a group of actions chosen by a number (`numbered`, a claim's points): a menu is two
  taps and a search, so its first numbers keep whole rows of buttons, one press each, and the
  rest go into as few menus below them as hold them; the other buttons start a row after.

A custom_id carries the table id, the seat, the seat's version (the table version at which that
seat's options last changed), the table version the controls were built at, a digest of the
seat's legal actions and the position of the action, so a press on a control whose options
have since changed, or one pressed again after the seat moved, is recognised and refused.
"""

from __future__ import annotations

import json
import math
import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import parse_card
from engine.errors import IllegalAction

Action = dict[str, Any]

MAX_ROWS = 5
BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_BUTTON_LABEL = 80
MAX_OPTION_LABEL = 100

STALE_MESSAGE = "That move is out of date — press My hand for your current options."

#: cb:a:<table>:<seat>:<seat version>:<table version>:<digest>:<kind><n>; kind b = button
#: (n = index into the legal actions), s = single select (values are indexes), m = multi-select
#: (n = group number, values are cards).
ACTION_ID = re.compile(
    r"cb:a:(?P<table>\d+):(?P<seat>\d+):(?P<version>\d+):(?P<tv>\d+):(?P<digest>[0-9a-f]{8}):"
    r"(?P<kind>[bsm])(?P<n>\d+)"
)


@dataclass(frozen=True)
class ButtonControl:
    custom_id: str
    label: str
    row: int


@dataclass(frozen=True)
class MenuOption:
    value: str
    label: str


@dataclass(frozen=True)
class SelectControl:
    custom_id: str
    placeholder: str
    options: tuple[MenuOption, ...]
    min_values: int
    max_values: int
    row: int


Control = ButtonControl | SelectControl


@dataclass(frozen=True)
class ControlRef:
    """A parsed action custom_id."""

    table_id: int
    seat: int
    version: int  # the seat's version: the table version when its options last changed
    table_version: int  # the table version when the controls were built
    digest: str
    kind: str
    number: int


def legal_digest(legal: Sequence[Action]) -> str:
    """A short fingerprint of a seat's options: equal digests mean the same controls."""
    text = json.dumps(list(legal), sort_keys=True, separators=(",", ":"))
    return f"{zlib.crc32(text.encode()):08x}"


def parse_action_id(custom_id: str) -> ControlRef | None:
    match = ACTION_ID.fullmatch(custom_id)
    if match is None:
        return None
    return ControlRef(
        table_id=int(match["table"]),
        seat=int(match["seat"]),
        version=int(match["version"]),
        table_version=int(match["tv"]),
        digest=match["digest"],
        kind=match["kind"],
        number=int(match["n"]),
    )


def group_actions(legal: Sequence[Action]) -> list[list[int]]:
    """Indexes of the legal actions grouped by "type", groups in order of first appearance."""
    groups: dict[str, list[int]] = {}
    for index, action in enumerate(legal):
        groups.setdefault(str(action.get("type")), []).append(index)
    return list(groups.values())


def combination_pool(actions: Sequence[Action]) -> tuple[list[str], int] | None:
    """(pool, k) when the actions are exactly every k-combination (k > 1) of a pool of cards."""
    sizes = set()
    for action in actions:
        cards = action.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            return None
        sizes.add(len(cards))
    if len(sizes) != 1:
        return None
    k = sizes.pop()
    if k < 2:
        return None
    pool: list[str] = []
    for action in actions:
        for card in action["cards"]:
            if card not in pool:
                pool.append(card)
    chosen = {frozenset(action["cards"]) for action in actions}
    if len(pool) > MAX_SELECT_OPTIONS or len(chosen) != len(actions):
        return None
    if len(chosen) != math.comb(len(pool), k) or any(len(c) != k for c in chosen):
        return None
    return pool, k


def card_label(card: str) -> str:
    """ "5H" -> "5♥ · five of hearts"; anything that is not a card stays as it is."""
    try:
        found = parse_card(card)
    except IllegalAction:
        return card
    return f"{found.symbol} · {found.name}"


def type_words(action: Action) -> str:
    return str(action.get("type", "")).replace("_", " ").replace("-", " ")


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def even_chunks(items: Sequence[int], most: int) -> list[list[int]]:
    """As few chunks of at most `most` as will do, of nearly equal sizes (26 -> 13 + 13)."""
    count = math.ceil(len(items) / most)
    size, extra = divmod(len(items), count)
    chunks, start = [], 0
    for n in range(count):
        end = start + size + (n < extra)
        chunks.append(list(items[start:end]))
        start = end
    return chunks


def label_range(first: str, last: str) -> str:
    """ "Claim 0", "Claim 13" -> "Claim 0–13": what one of several menus of a kind holds."""
    head, _, _ = first.rpartition(" ")
    if head and last.startswith(head + " "):
        return f"{first}–{last[len(head) + 1:]}"
    return f"{first} – {last}"


def build_controls(
    legal: Sequence[Action],
    label: Callable[[Action], str],
    *,
    table_id: int,
    seat: int,
    version: int,
    table_version: int | None = None,
    room_for: int = 0,
    numbered: Callable[[Action], int | None] | None = None,
) -> list[Control]:
    """The components for one seat's legal actions, with rows assigned.

    `version` is the seat's version (when its options last changed), `table_version` the
    table's current version (defaults to `version`); `room_for` buttons the caller adds after
    them (a hand's Hint) are left a place, so the largest group becomes a menu sooner;
    `numbered` the number an action is chosen by (None for one that has none)."""
    legal = list(legal)
    if not legal:
        return []
    built = version if table_version is None else table_version
    prefix = f"cb:a:{table_id}:{seat}:{version}:{built}:{legal_digest(legal)}:"
    multi: list[tuple[int, list[str], int]] = []  # (group number, pool, k)
    button_groups: list[list[int]] = []
    for number, group in enumerate(group_actions(legal)):
        found = combination_pool([legal[i] for i in group]) if len(group) > 1 else None
        if found is None:
            button_groups.append(group)
        else:
            multi.append((number, *found))
    split = _numbers_split(legal, button_groups, len(multi), room_for, numbered)
    if split is not None:
        kept, rest = split
        return _with_rows(legal, label, prefix, kept, rest, button_groups)

    # Turn the largest button groups into menus until everything fits in five rows.
    menus: list[list[int]] = []
    while button_groups:
        buttons = sum(len(g) for g in button_groups) + room_for
        rows = len(multi) + len(menus) + math.ceil(buttons / BUTTONS_PER_ROW)
        if rows <= MAX_ROWS:
            break
        largest = max(button_groups, key=len)
        button_groups.remove(largest)
        menus += even_chunks(largest, MAX_SELECT_OPTIONS)
    if len(multi) + len(menus) > MAX_ROWS:
        # Many small groups: mix their actions into as few full menus as possible.
        pooled = sorted(i for menu in menus for i in menu)
        menus = [
            pooled[start : start + MAX_SELECT_OPTIONS]
            for start in range(0, len(pooled), MAX_SELECT_OPTIONS)
        ]

    controls: list[Control] = []
    row = 0
    for number, pool, k in multi:
        first = legal[group_actions(legal)[number][0]]
        controls.append(
            SelectControl(
                custom_id=f"{prefix}m{number}",
                placeholder=_clip(f"{type_words(first).capitalize()}: choose {k} cards", 150),
                options=tuple(MenuOption(c, _clip(card_label(c), MAX_OPTION_LABEL)) for c in pool),
                min_values=k,
                max_values=k,
                row=row,
            )
        )
        row += 1
    for menu_number, menu in enumerate(menus):
        kinds = {type_words(legal[i]) for i in menu}
        if len(kinds) > 1:
            placeholder = "Choose a move…"
        elif any(other is not menu and legal[other[0]]["type"] == legal[menu[0]]["type"]
                 for other in menus):
            placeholder = label_range(label(legal[menu[0]]), label(legal[menu[-1]])) + "…"
        else:
            placeholder = kinds.pop().capitalize() + "…"
        controls.append(
            SelectControl(
                custom_id=f"{prefix}s{menu_number}",
                placeholder=_clip(placeholder, 150),
                options=tuple(
                    MenuOption(str(i), _clip(label(legal[i]), MAX_OPTION_LABEL)) for i in menu
                ),
                min_values=1,
                max_values=1,
                row=row,
            )
        )
        row += 1
    in_row = 0
    for index in (i for group in button_groups for i in group):
        if in_row == BUTTONS_PER_ROW:
            row, in_row = row + 1, 0
        if row >= MAX_ROWS:
            break  # cannot happen with fewer than 26 x 5 actions; never send an invalid message
        controls.append(
            ButtonControl(f"{prefix}b{index}", _clip(label(legal[index]), MAX_BUTTON_LABEL), row)
        )
        in_row += 1
    if in_row:
        row += 1
    return [c for c in controls if c.row < MAX_ROWS]


def _numbers_split(
    legal: Sequence[Action], groups: list[list[int]], selects: int, room_for: int,
    numbered: Callable[[Action], int | None] | None,
) -> tuple[list[int], list[int]] | None:
    """(the first actions of the largest button group, kept as buttons; the rest, for as few
    menus as hold them) when the buttons do not fit, nothing is a multi-select and that group
    is chosen by number; None otherwise."""
    if numbered is None or not groups or selects:
        return None
    largest = max(groups, key=len)
    others = sum(len(g) for g in groups if g is not largest) + room_for
    if math.ceil((len(largest) + others) / BUTTONS_PER_ROW) <= MAX_ROWS:
        return None  # they fit as they are
    if any(numbered(legal[i]) is None for i in largest):
        return None
    for menus in range(1, MAX_ROWS):  # as few menus as hold the rest
        rows = MAX_ROWS - menus - math.ceil(others / BUTTONS_PER_ROW)
        if rows < 1:
            return None
        kept = largest[: rows * BUTTONS_PER_ROW]
        if len(largest) - len(kept) <= menus * MAX_SELECT_OPTIONS:
            return kept, largest[len(kept):]
    return None


def _with_rows(
    legal: Sequence[Action], label: Callable[[Action], str], prefix: str,
    kept: list[int], rest: list[int], groups: list[list[int]],
) -> list[Control]:
    """The controls of a split numbered group (`_numbers_split`): its buttons in whole rows,
    the menus of the rest, then the other buttons from a row of their own."""
    controls: list[Control] = [
        ButtonControl(f"{prefix}b{index}", _clip(label(legal[index]), MAX_BUTTON_LABEL),
                      n // BUTTONS_PER_ROW)
        for n, index in enumerate(kept)
    ]
    row = math.ceil(len(kept) / BUTTONS_PER_ROW)
    for number, menu in enumerate(even_chunks(rest, MAX_SELECT_OPTIONS)):
        first, last = label(legal[menu[0]]), label(legal[menu[-1]])
        controls.append(SelectControl(
            custom_id=f"{prefix}s{number}",
            placeholder=_clip((label_range(first, last) if len(menu) > 1 else first) + "…", 150),
            options=tuple(MenuOption(str(i), _clip(label(legal[i]), MAX_OPTION_LABEL))
                          for i in menu),
            min_values=1, max_values=1, row=row,
        ))
        row += 1
    others = [i for group in groups for i in group if i not in kept and i not in rest]
    controls += [
        ButtonControl(f"{prefix}b{index}", _clip(label(legal[index]), MAX_BUTTON_LABEL),
                      row + n // BUTTONS_PER_ROW)
        for n, index in enumerate(others)
    ]
    return controls


def resolve(legal: Sequence[Action], ref: ControlRef, values: Sequence[str]) -> Action:
    """The action a pressed control stands for, given the seat's current legal actions.

    The caller has already checked the digest, so `legal` is the list the control was built
    from. Raises IllegalAction for a payload no control of ours could have produced."""
    legal = list(legal)
    if ref.kind == "b":
        if 0 <= ref.number < len(legal):
            return legal[ref.number]
    elif ref.kind == "s":
        if len(values) == 1 and values[0].isdigit() and int(values[0]) < len(legal):
            return legal[int(values[0])]
    elif ref.kind == "m":
        groups = group_actions(legal)
        if 0 <= ref.number < len(groups):
            chosen = frozenset(values)
            for index in groups[ref.number]:
                if frozenset(legal[index].get("cards", ())) == chosen:
                    return legal[index]
    raise IllegalAction(STALE_MESSAGE)


def stale(legal: Sequence[Action], ref: ControlRef, last_acted_version: int | None) -> bool:
    """A control is stale once its seat's options differ from when it was built, or once that
    seat has moved since (so a double press never plays twice)."""
    if legal_digest(list(legal)) != ref.digest:
        return True
    return last_acted_version is not None and ref.table_version < last_acted_version
