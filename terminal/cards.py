"""Card notations ("5H", "TS") shown with suit symbols, red or black, inside any line; PIP dice
("P4") stand out in their own colour."""

from __future__ import annotations

import re

from rich.text import Text

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = {"H", "D"}
#: A card or die standing alone (not inside a word), written the engine's way ("5H", "TS",
#: "P4") or as players read it ("5♥", "10♠", "PIP 4").
CARD = re.compile(
    r"(?<![A-Za-z0-9])(?:([A2-9TJQK])([SHDC])|(10|[A2-9JQK])([♠♥♦♣])|P([1-6])|PIP ([1-6]))"
    r"(?![A-Za-z0-9])"
)
_LETTERS = {symbol: letter for letter, symbol in SYMBOLS.items()}
#: An emoji picture (a review's clipboard), which a plain terminal shows as a box or not at all.
_PICTOGRAPH = re.compile(r"\s*[\U0001F000-\U0001FAFF]\uFE0F?")


def card_text(match: re.Match[str]) -> Text:
    rank, suit, read_rank, symbol, die, read_die = match.groups()
    if die is not None or read_die is not None:  # the terminal's short way, as in its hands
        return Text(f"P{die or read_die}", style="bold cyan")
    if symbol is not None:
        rank, suit = read_rank, _LETTERS[symbol]
    face = ("10" if rank == "T" else rank) + SYMBOLS[suit]
    return Text(face, style="bold red" if suit in RED_SUITS else "bold")


def styled(line: str) -> Text:
    """The line with every card in it shown as rank and suit symbol, in the suit's colour."""
    text = Text()
    position = 0
    for match in CARD.finditer(line):
        text.append(line[position : match.start()])
        text.append_text(card_text(match))
        position = match.end()
    text.append(line[position:])
    return text


def cards_text(cards: list[str]) -> Text:
    return styled(" ".join(cards))


def without_pictographs(line: str) -> str:
    """The line without the emoji Discord's messages carry; the suit symbols stay."""
    return _PICTOGRAPH.sub("", line).strip()
