"""Card notations ("5H", "TS") shown with suit symbols, red or black, inside any line; PIP dice
("P4") stand out in their own colour."""

from __future__ import annotations

import re

from rich.text import Text

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = {"H", "D"}
SUIT_OF_SYMBOL = {symbol: suit for suit, symbol in SYMBOLS.items()}
#: A card or die standing alone (not inside a word), written the engine's way ("5H", "TS",
#: "P4") or with its suit symbol ("10♠").
CARD = re.compile(
    r"(?<![A-Za-z0-9])(?:([A2-9TJQK])([SHDC])|P([1-6])|(A|10|[2-9]|J|Q|K)([♠♥♦♣]))"
    r"(?![A-Za-z0-9])"
)


def card_text(match: re.Match[str]) -> Text:
    rank, suit, die, symbol_rank, symbol = match.groups()
    if symbol is not None:
        rank, suit = "T" if symbol_rank == "10" else symbol_rank, SUIT_OF_SYMBOL[symbol]
    if die is not None:
        return Text(f"P{die}", style="bold cyan")
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
