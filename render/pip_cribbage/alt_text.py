"""PIP Cribbage in words: Cribbage's, plus the dealer's space and where each die stands."""

from __future__ import annotations

from render.alt_text import SPOKEN, View, hand_picture_words, name
from render.cribbage.alt_text import describe_family
from render.kit.safe import integer, listed, mapping
from render.pip_cribbage.pictures import hand_picture, space_choices


def describe(view: View) -> str:
    parts = []
    effect = mapping(view.get("effect"))
    if effect.get("name"):
        state = "" if effect.get("active", True) else " (acts on entry only)"
        made = "".join(f" {choice}." for choice in space_choices(view))  # as the picture says
        parts.append(f"Dealer's space: {effect['name']}{state}.{made}")
    dice = [d for d in listed(view.get("dice")) if isinstance(d, dict)]
    if dice:
        parts.append("Dice: " + ", ".join(
            f"{name(view, d.get('owner'))}'s die shows {integer(d.get('face'), 1)} on space "
            f"{integer(d.get('space'), 1)}" for d in dice) + ".")
    return describe_family(view, "PIP Cribbage", " ".join(parts))


def describe_hand(view: View) -> str:
    """Cribbage's hand in words, with the seat's die."""
    return hand_picture_words(hand_picture(view, SPOKEN))
