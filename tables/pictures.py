"""What the pictures need beyond a seat's view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tables.table import Table


def playable_cards(legal: list[dict[str, Any]]) -> list[str]:
    """The card notations a seat's legal actions mention, for the hand picture's highlight."""
    cards: list[str] = []
    for action in legal:
        found = [action.get("card"), *(action.get("cards") or [])]
        cards += [c for c in found if isinstance(c, str) and c not in cards]
    return cards


def hand_view(table: Table, seat: int) -> dict[str, Any]:
    """The view a hand picture is drawn from: the seat's view with its playable cards."""
    view = table.view_for(seat)
    view["playable"] = playable_cards(table.legal_for(seat))
    return view
