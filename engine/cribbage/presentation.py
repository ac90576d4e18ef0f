"""What players read about Cribbage: button words for actions, and the rules in short sections."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.cards import card_symbol
from engine.contract import Action, View
from engine.cribbage.words import points_word, seat_list, too_many

_SIMPLE_LABELS = {
    "go": "Go",
    "muggins": "Muggins!",
    "keep": "Keep the points",
    "give_back": "Give them back",
    "pass": "No muggins",
}


def action_label(action: Action) -> str:
    """"Play 5♥", "Go", "Discard 5♥ 10♠", "Claim 12", "Muggins!"..."""
    kind = action.get("type")
    if kind == "play":
        return f"Play {card_symbol(action['card'])}"
    if kind == "discard":
        return f"Discard {symbols(action['cards'])}"
    if kind == "claim":
        return f"Claim {action['points']}"
    return _SIMPLE_LABELS.get(str(kind), str(kind).replace("_", " "))


def typed_number(action: Action) -> int | None:
    """A claim is chosen by typing its points."""
    return action["points"] if action.get("type") == "claim" else None


def symbols(cards: Iterable[str]) -> str:
    return " ".join(card_symbol(card) for card in cards)


def _counted(cards: Iterable[str], starter: Any) -> str:
    return f"{symbols(cards)} with the starter {card_symbol(str(starter))}"


def choice_lines(view: View) -> list[str]:
    """With muggins: the claim the seat may press muggins on and the count it claims, each
    with the cards counted ("You count your crib: A♠ 3♠ K♠ K♣ with the starter 4♠."), and
    after a claim refused as too many, that the count is lower; the points a muggins press
    took, to keep or give back; and to the seat whose count a press caught, what it missed
    (a computer may press while this seat's next count waits)."""
    seat = view.get("seat")
    lines = _caught_lines(view, seat)
    muggins = view.get("muggins") or {}
    if seat in muggins.get("may_press", []):
        claim = muggins["claim"]
        counted = next((r for r in reversed(view.get("show") or [])
                        if r["seat"] == claim["seat"] and r["kind"] == claim["kind"]), None)
        if counted is not None:
            lines.append(f"{{s{claim['seat']}}} claimed {claim['claimed']} for the "
                         f"{claim['kind']}: {_counted(counted['cards'], counted['starter'])}. "
                         + _press_before(view.get("next_count"), seat)
                         + (f" {FREE_PRESS}" if _first_show(view) else ""))
    if muggins.get("chooser") == seat and muggins.get("points"):
        points, them = muggins["points"], "it" if muggins["points"] == 1 else "them"
        lines.append(f"Muggins! {{s{muggins['claim']['seat']}}} missed {points_word(points)}: "
                     f"keep {them}, or give {them} back?")
    waiting = view.get("next_count")
    if waiting is not None and waiting["seat"] == seat:
        lines.append(f"You count your {waiting['kind']}: "
                     f"{_counted(waiting['cards'], view.get('starter'))}.")
        if waiting.get("refused"):
            lines.append(f"{too_many(waiting['kind'], min(waiting['refused']))} Claim again.")
        elif _first_show(view) and waiting["kind"] == "hand":
            lines.append(FIRST_CLAIM)
    return lines


#: Said at a seat's first claim of the game (C-15, C-16): what is asked, and what a claim
#: too high or too low does, without a word on what this hand is worth.
FIRST_CLAIM = ("Claim the points it is worth. A claim too high is refused and you claim "
               "again; one too low scores only what you claim, and an opponent may press "
               "Muggins! to take the points you missed.")
#: Said at the first deal's offers to press: a newcomer may fear a press that finds nothing.
FREE_PRESS = "A press on a right count costs nothing."


def _first_show(view: View) -> bool:
    """The first deal's show, where every seat makes its first claim of the game (its hand,
    counted before the crib) and meets the game's first offers to press."""
    return bool(view.get("deal_number") == 1)


def _press_before(upcoming: dict[str, Any] | None, seat: Any) -> str:
    """When a Muggins! press still counts: until the next count is claimed (the seat's own,
    which a newcomer might claim first), or, after a deal's last count, until they pass."""
    if upcoming is None:
        return "Too few? Press Muggins! to take the points missed, or No muggins to let it stand."
    who = f"you claim your {upcoming['kind']}" if upcoming["seat"] == seat else (
        f"{{s{upcoming['seat']}}} claims their {upcoming['kind']}")
    return f"Too few? Press Muggins! before {who}, to take the points missed."


def _caught_lines(view: View, seat: Any) -> list[str]:
    """This deal's counts of the seat on which a Muggins! press took points, once settled."""
    lines = []
    for record in view.get("show") or []:
        caught = record.get("muggins") or {}
        if record["seat"] != seat or not caught.get("points") or caught.get("kept") is None:
            continue
        points, them = caught["points"], "it" if caught["points"] == 1 else "them"
        fate = f"kept {them}" if caught["kept"] else f"gave {them} back to you"
        lines.append(f"Muggins! {{s{caught['seat']}}} caught the {points_word(points)} you "
                     f"missed on your {record['kind']} and {fate}.")
    return lines


def scores_line(view: View) -> str:
    """"Scores (to 121): {s0} 12 · {s1} & {s3} 30", a winner's score capped at the target
    (pegging stops at the game hole: ruling C-12)."""
    sides = view.get("sides") or [[s] for s in range(view["players"])]
    target = view["target"]
    parts = [f"{seat_list(side, ' & ')} {min(score, target)}"
             for side, score in zip(sides, view["scores"], strict=False)]
    return f"Scores (to {target}): " + " · ".join(parts)


def deal_line(view: View) -> str:
    """"Deal 3 · dealer and crib: {s1} · starter 4♠"."""
    line = f"Deal {view['deal_number']} · dealer and crib: {{s{view['dealer']}}}"
    if view.get("starter"):
        line += f" · starter {card_symbol(view['starter'])}"
    return line


def phase_line(view: View) -> str | None:
    """Where the deal stands: the discard, the play (count, its cards, whose turn, who said
    go) or the show (whose count)."""
    phase = view.get("phase")
    if phase == "discard":
        return f"Discarding to the crib · waiting for: {seat_list(view['waiting_for'])}"
    if phase == "play":
        line = f"The play · count {view['count']}"
        if view["pile"]:
            line += f": {symbols(view['pile'])}"
        if view.get("turn") is not None:
            line += f" · turn: {{s{view['turn']}}}"
        if view.get("passed"):
            line += f" · said go: {seat_list(view['passed'])}"
        return line
    if phase == "show":
        waiting = view.get("next_count")
        if waiting is not None:
            return f"The show · counting: {waiting['kind']} ({{s{waiting['seat']}}})"
        return "The show"
    return None


def status_lines(view: View) -> list[str]:
    """Cribbage's state in a few lines: scores to the target, the deal, the play or show."""
    if view.get("phase") == "over":
        return [scores_line(view)]
    phase = phase_line(view)
    return [scores_line(view), deal_line(view), *([phase] if phase else [])]


RULES: tuple[tuple[str, str], ...] = (
    (
        "Card values",
        "Toward 15 and 31 an ace counts 1, the cards 2 to 10 their number, and a jack, queen "
        "or king 10. In runs the cards go in order ace (low), 2, 3 ... 10, jack, queen, king; "
        "suits matter only for a flush and his nobs. The aim: be the first to peg 121 (or 61) "
        "points, scored in the play and in the show.",
    ),
    (
        "The deal",
        "Everyone cuts; the lowest card deals first (ace low), and the deal then passes left. "
        "Two players get 6 cards and give 2 to the crib; three or four players get 5 and give "
        "1 (with three, one card from the deck completes the crib). The crib belongs to the "
        "dealer. The player on the dealer's right cuts the starter; a jack gives the dealer 2 "
        "for his heels. Four players play as partners sitting opposite and share one score.",
    ),
    (
        "The play",
        "The player left of the dealer leads. Lay cards in turn and keep a running count, "
        "which may never pass 31. Making 15 or 31 scores 2; a pair 2, three of a kind 6, "
        "four 12; a run of 3 or more among the latest cards, in any order, scores its length. "
        "You must play if you can; if you can't, say Go. The others carry on while they can; "
        "the last to lay a card then scores 1 for the go (nothing extra at 31) and the count "
        "starts again. The very last card scores 1 unless it made 31.",
    ),
    (
        "The show",
        "Hands are counted from the dealer's left round to the dealer, then the crib, each "
        "with the starter: every group of cards adding to 15 scores 2, every pair 2, every "
        "run its length, a flush of the four hand cards 4 (5 with the starter; the crib only "
        "scores a flush of all five), and the jack of the starter's suit 1 (his nobs).",
    ),
    (
        "Winning",
        "The first side to reach the target (121, or 61) wins at once, even in the middle of "
        "the play or the show. A loser under 91 (under 31 in a 61 game) is skunked: the win "
        "counts 2. Under 61 in a 121 game is a double skunk: the win counts 3.",
    ),
    (
        "Muggins",
        "With muggins on, you count your own hand and crib by claiming a number. A claim that is "
        "too high is refused and you count again, from the lower numbers only; a claim that is "
        "too low is scored as claimed. Until the next count is claimed any opponent may press "
        "Muggins!: if you missed points, the first to press takes them and may keep them or give "
        "them back. Pressing Muggins! on a right count costs nothing. After a deal's last count "
        "the next deal waits until the opponents press Muggins! or No muggins.",
    ),
)
