"""What the player typed -> one of their legal actions, or a one-line reason why not.

A number picks from the numbered list; cards ("5h", "10S", "5h 6c" for a discard of two)
pick the move that uses exactly those cards; a move's own words ("go") pick it too."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.cards import parse_cards
from engine.errors import IllegalAction

Action = dict[str, Any]


def action_cards(action: Action) -> Counter[str]:
    cards = [action.get("card"), *(action.get("cards") or [])]
    return Counter(c for c in cards if isinstance(c, str))


def choose_move(typed: str, legal: list[Action], label: Callable[[Action], str]) -> Action:
    """The legal action the player means. IllegalAction (one line) when there is none."""
    words = typed.strip()
    if words.isdigit():
        number = int(words)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise IllegalAction(f"Choose a number from 1 to {len(legal)}.")
    by_label = [a for a in legal if label(a).lower() == words.lower()]
    if len(by_label) == 1:
        return by_label[0]
    try:
        cards = Counter(str(card) for card in parse_cards(words))
    except IllegalAction:
        raise IllegalAction(
            f"{words!r} is not a move: type a number from the list, a card like 5h or 10s, "
            "rules or help."
        ) from None
    matching = [a for a in legal if action_cards(a) == cards]
    written = " ".join(sorted(cards.elements()))
    if len(matching) == 1:
        return matching[0]
    if matching:
        numbers = ", ".join(str(legal.index(a) + 1) for a in matching)
        raise IllegalAction(f"{written} fits several moves ({numbers}): choose one by number.")
    if any(cards <= action_cards(a) for a in legal):
        wanted = max(sum(action_cards(a).values()) for a in legal if cards <= action_cards(a))
        raise IllegalAction(f"That move takes {wanted} cards: type them all, like 5h 6c.")
    raise IllegalAction(f"None of your moves now uses {written}.")
