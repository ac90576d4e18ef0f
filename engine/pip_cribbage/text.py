"""What players read about PIP Cribbage: button words for actions and the rules in short
sections. Cribbage's own words serve every action the two games share, and its Winning and
Muggins."""

from __future__ import annotations

from engine.contract import Action, View
from engine.cribbage.presentation import RULES as CRIBBAGE_RULES
from engine.cribbage.presentation import action_label as cribbage_label
from engine.cribbage.presentation import choice_lines as cribbage_choice_lines
from engine.cribbage.presentation import status_lines as cribbage_status
from engine.pip_cribbage.track import SPACES, TRACK

_CRUX_LABELS = {"renew": "Renew (+2 pips)", "priority": "Priority (count first)"}
#: The choice made on the dealer's space, as the table picture words it.
_MADE = {"renew": " Chosen: Renew.", "priority": " Chosen: Priority.",
         "keep_die": " Die kept as it was."}


def action_label(action: Action) -> str:
    """"Renew (+2 pips)", "Priority (count first)", "Flip die to 3", "Keep die", and
    Cribbage's words for the rest ("Play PIP 4", "Go", "Discard 5♥", "Claim 12"...)."""
    kind = action.get("type")
    if kind == "crux":
        return _CRUX_LABELS.get(str(action.get("choice")), "Crux")
    if kind == "flip":
        return f"Flip die to {action.get('face')}"
    if kind == "keep_die":
        return "Keep die"
    return cribbage_label(action)


def choice_lines(view: View) -> list[str]:
    """Cribbage's lines, and to the dealer choosing on its space (Crux before the discards,
    Turn before its hand is counted) what that space does: the table message says it, but
    the hand held only its two buttons."""
    lines = cribbage_choice_lines(view)
    effect = view.get("effect") or {}
    turn = view.get("turn_choice") or {}
    choosing = view.get("phase") == "crux" or turn.get("pending")
    if choosing and effect.get("seat") == view.get("seat") and effect.get("text"):
        lines.append(f"{effect['name']}: {effect['text']}")
    return lines


def status_lines(view: View) -> list[str]:
    """Cribbage's lines, then the PIP Track in one line: each die's space, face and way; and
    what the dealer's space does this deal (and the choice made on it)."""
    lines = cribbage_status(view)
    if view.get("phase") == "crux":
        lines.append(f"Crux · {{s{view['dealer']}:chooses}} Renew or Priority")
    dice = [
        f"{{s{die['owner']}}} on space {die['space']} {TRACK[die['space']].name}, showing "
        f"{die['face']}, moving {'up' if die['direction'] > 0 else 'down'}"
        for die in view.get("dice") or []
    ]
    if dice:  # one line the terminal breaks between the dice
        lines.append(f"PIP Track (1-{SPACES}): " + " · ".join(dice))
    effect = view.get("effect")
    if effect and effect.get("active") and view.get("phase") != "over":
        turn = view.get("turn_choice") or {}
        made = (f" Flipped {turn['from_face']}→{turn['to_face']}." if turn.get("choice") == "flip"
                else _MADE.get(str(view.get("crux_choice") or turn.get("choice")), ""))
        lines.append(f"This deal, {effect['name']}: {effect['text']}{made}")
    return lines


RULES: tuple[tuple[str, str], ...] = (
    (
        "The deal",
        "Two players. Cut for first deal: the low card deals; the deal then alternates. Each "
        "player gets 4 cards and gives 1 to the dealer's crib. The non-dealer cuts the "
        "starter; a jack gives the dealer 2 for his heels.",
    ),
    (
        "PIP dice",
        "Each player owns a die, the PIP. Its pips are the dots on its top face: a die showing "
        "4 has 4 pips and counts as a 4 (1 pip is an ace); it has a rank but no suit. To gain "
        "a pip is to turn the die to the next higher face (never above 6), to lose one the "
        "next lower (never below 1); opposite faces are 1/6, 2/5, 3/4. The first dealer's die "
        "starts on space 1 of the 9-space PIP Track showing 6 and moves 1 to 9; the other "
        "starts on space 9 showing 5 and moves 9 to 1. Both wrap round at the ends.",
    ),
    (
        "The play",
        "As in Cribbage (non-dealer leads; an ace counts 1 and a face card 10 toward 15 and "
        "31; 15 and 31 score 2, pairs, runs, go, last card), but each player must also play "
        "their die once among their three cards, as a card of its current value: it pairs, "
        "makes runs and counts toward 15 and 31, and may not take the count past 31. Points "
        "of one play are scored together, then the go.",
    ),
    (
        "The show",
        "Non-dealer's hand, dealer's hand, then the crib. A hand is your 3 cards, your die "
        "and the starter; the crib is the 2 discards, both dice and the starter. Dice count "
        "in fifteens, pairs and runs, never in a flush or nobs. A hand flush is your 3 cards "
        "and the starter in one suit (4); the crib never scores a flush. Nobs: a jack of the "
        "starter's suit among the cards.",
    ),
    (
        "The PIP Track",
        "Only the dealer's die acts, by the space it sits on during the deal.\n"
        "1 Crib Bonus: 1 more point right after the crib is counted.\n"
        "2 Extra Decay: on entry the die loses 1 more pip.\n"
        "3 Double PIP: play your die twice in the play (still one die in the show).\n"
        "4 Rise: on entry the die gains 1 pip.\n"
        "5 Crux: after seeing your cards, before the discards, choose Renew (+2 pips now, up "
        "to 6) or Priority (count your hand and crib before the other hand).\n"
        "6 Rise: on entry the die gains 1 pip.\n"
        "7 Turn: just before your hand is counted you may flip your die to its opposite face, "
        "which stays.\n"
        "8 Extra Decay: on entry the die loses 1 more pip.\n"
        "9 Borrowed PIP: your hand also counts the other player's die.\n"
        "Extra Decay and Rise act only as a die enters them, never during a deal.",
    ),
    (
        "Advancing",
        "After the show, the dealer's die moves one space on and loses 1 pip (never below 1), "
        "then takes the entry change of its new space (never above 6). The deal passes.",
    ),
    ("Winning", dict(CRIBBAGE_RULES)["Winning"]),
    ("Muggins", dict(CRIBBAGE_RULES)["Muggins"]),
)
