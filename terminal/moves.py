"""What the player typed -> one of their legal actions, or a one-line reason why not.

A key picks from the list (numbers 1, 2, ...; letters a, b, ... when some moves are chosen by
typing a number, so that no key reads as one); a number picks the move that is that number (a
claim of 2 points: `2`); cards ("5h", "10S", "5h 6c" for a discard of two, "pip 5" or "p5" for a
PIP die) pick the move that uses exactly those cards, after its verb too ("play 5h"); a move's
own words ("go") pick it too."""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.cards import parse_cards
from engine.errors import IllegalAction
from tables.text import number_ranges

Action = dict[str, Any]
#: A PIP die as the list of moves writes it ("PIP 5"), or run together ("pip5"): P5.
_PIP_DIE = re.compile(r"\bpip\s*([1-6])\b", re.IGNORECASE)


class NotOffered(IllegalAction):
    """Typed cards that no legal move uses. `attempt`, when there is one, is a move of the
    shape the player meant (a play, a discard) with those cards: the game can say what is
    wrong with it."""

    def __init__(self, message: str, attempt: Action | None) -> None:
        super().__init__(message)
        self.attempt = attempt


def action_cards(action: Action) -> Counter[str]:
    cards = [action.get("card"), *(action.get("cards") or [])]
    return Counter(c for c in cards if isinstance(c, str))


def typed_card(card: str) -> str:
    """A card as the player types it: "TS" -> "10s", a PIP die "P5" -> "p5"."""
    return card.lower() if card.startswith("P") else card[:-1].replace("T", "10") + card[-1].lower()


def _no_number(action: Action) -> int | None:
    return None


class Choices:
    """A seat's legal actions as the terminal lists them and reads the player's answer."""

    def __init__(
        self,
        legal: list[Action],
        label: Callable[[Action], str],
        typed_number: Callable[[Action], int | None] = _no_number,
    ) -> None:
        self.legal = legal
        self.label = label
        self.by_number: dict[int, Action] = {}
        listed: list[Action] = []
        for action in legal:
            number = typed_number(action)
            if number is None:
                listed.append(action)
            else:
                self.by_number[number] = action
        keys = (string.ascii_lowercase if self.by_number and len(listed) <= 26
                else [str(n) for n in range(1, len(listed) + 1)])
        self.keyed = dict(zip(keys, listed, strict=False))

    def key_range(self) -> str:
        """ "1-15", "a-b", "1", or "" when nothing is listed."""
        keys = list(self.keyed)
        return "" if not keys else keys[0] if len(keys) == 1 else f"{keys[0]}-{keys[-1]}"

    def number_words(self) -> str:
        """The moves chosen by their number, in a line: "Claim 0–18, 20–24, 28 or 29"."""
        if not self.by_number:
            return ""
        numbers = sorted(self.by_number)
        word = self.label(self.by_number[numbers[0]]).removesuffix(str(numbers[0])).strip()
        return f"{word} {number_ranges(numbers)}".strip()

    def lines(self) -> list[tuple[str, str]]:
        """(key, label) for each listed move, then ("", words) for the moves chosen by their
        number."""
        rows = [(key, self.label(action)) for key, action in self.keyed.items()]
        if self.by_number:
            rows.append(("", f"{self.number_words()}: type the number"))
        return rows

    def key_of(self, action: Action) -> str:
        """What the player types for `action`: its key in the list, or its number."""
        for key, listed in self.keyed.items():
            if listed == action:
                return key
        return next((str(n) for n, chosen in self.by_number.items() if chosen == action), "")

    def prompt_keys(self) -> str:
        """What the prompt offers: "1-15, a card like 5h", "claim 0–29, a-b"."""
        parts = []
        if self.by_number:
            low, high = min(self.by_number), max(self.by_number)
            word = self.number_words().split()[0].lower()
            parts.append(f"{word} {low}–{high}" if low != high else f"{word} {low}")
        if self.key_range():
            parts.append(self.key_range())
        if any(action_cards(a) for a in self.keyed.values()):
            parts.append("a card like 5h")
        return ", ".join(parts)

    def choose(self, typed: str) -> Action:
        """The legal action the player means. IllegalAction (one line) when there is none."""
        words = typed.strip()
        if words.isdigit() and self.by_number:
            number = int(words)
            if number in self.by_number:
                return self.by_number[number]
            verb = self.number_words().split()[0].lower()
            raise IllegalAction(f"You can't {verb} {number}: type "
                                f"{number_ranges(sorted(self.by_number))}.")
        if words.lower() in self.keyed:
            return self.keyed[words.lower()]
        if words.isdigit():
            reason = ("Type 1, the only move" if len(self.keyed) == 1
                      else f"Choose a number from 1 to {len(self.keyed)}")
            # A rank typed alone ("10" for the ten held): the cards of it a move plays.
            cards = sorted({typed_card(card) for action in self.keyed.values()
                            for card in action_cards(action)
                            if typed_card(card)[:-1] == words
                            or card == f"P{words}"})
            if cards:
                raise IllegalAction(f"{reason}, or type the card: {' or '.join(cards)}.")
            raise IllegalAction(f"{reason}.")
        by_label = [a for a in self.legal if self.label(a).lower() == words.lower()]
        if len(by_label) == 1:
            return by_label[0]
        return self._by_cards(words)

    def _typed_cards(self, words: str) -> Counter[str]:
        """The cards typed, alone or after the verb that starts a listed move, as its label
        reads ("play 6d" for "Play 6♦", "discard 5h 6c")."""
        verb, _, rest = words.partition(" ")
        verbs = {self.label(action).split(" ", 1)[0].lower() for action in self.legal
                 if action_cards(action)}
        for typed in (words, rest if verb.lower() in verbs else ""):
            if not typed.strip():
                continue
            try:
                return Counter(str(card) for card in parse_cards(_PIP_DIE.sub(r"P\1", typed)))
            except IllegalAction:
                continue
        raise IllegalAction(f"{words!r} is not a move: type {self._ways()}, rules or help.")

    def _by_cards(self, words: str) -> Action:
        cards = self._typed_cards(words)
        matching = [a for a in self.legal if action_cards(a) == cards]
        written = " ".join(sorted(cards.elements()))
        if len(matching) == 1:
            return matching[0]
        if matching:
            keys = ", ".join(k for k, a in self.keyed.items() if a in matching)
            raise IllegalAction(f"{written} fits several moves ({keys}): choose one by its key.")
        holding = [a for a in self.legal if cards <= action_cards(a)]
        if holding:
            wanted = max(sum(action_cards(a).values()) for a in holding)
            raise IllegalAction(f"That move takes {wanted} cards: type them all, like 5h 6c.")
        raise NotOffered(f"None of your moves now uses {written}.", self._attempt(cards))

    def _ways(self) -> str:
        ways = []
        if self.keyed:
            ways.append("a letter from the list" if self.by_number else "a number from the list")
        if self.by_number:
            ways.append(f"a number to {self.number_words().split()[0].lower()}")
        if any(action_cards(a) for a in self.keyed.values()):
            ways.append("a card like 5h")
        return ", ".join(ways) if ways else "a move"

    def _attempt(self, cards: Counter[str]) -> Action | None:
        """A legal move's shape with the typed cards in it: a play of one card, a discard of
        as many as were typed."""
        count = sum(cards.values())
        for action in self.legal:
            if isinstance(action.get("card"), str) and count == 1:
                return {**action, "card": next(iter(cards))}
            if isinstance(action.get("cards"), list) and count == len(action["cards"]):
                return {**action, "cards": sorted(cards.elements())}
        return None

