"""Analysis of decisions, for hints and game reviews: each game's `analyse(view, legal)` gives
every legal action with its worth, best first (docs/DESIGN.md, the game contract). Each game's
own analysis module (engine/<game>/analysis.py) builds the entries from the evaluations its
computer players choose by, so advice and play share one method.

An entry is {"action": one of legal, "value": float in the game's own units, "parts": {name:
float} (how the value splits, where that helps), "why": one short line for a player}, and
"again": True on an action after which the seat chooses again with nothing changed (a claim
refused as too many): a review judges the choice that follows it instead. A game that can be
won on the spot by one choice among ordinary ones (Crib Race's finish) keeps that apart in the
part `WIN`, its chance times `ReviewTerms.game_worth`, so that a gap made of it is worded as
the chance it is, and one made of units as units, whatever their sizes (`chance_between`).
"""

from __future__ import annotations

from types import EllipsisType
from typing import Any

from engine.contract import Action
from engine.spec import ReviewTerms

Entry = dict[str, Any]
#: Values are rounded so that float noise in summing parts cannot reorder equal choices.
DIGITS = 9
#: The one line given when there is nothing to choose.
ONLY_MOVE = "Your only move."
#: The part of an entry's value that is the game won on the spot: its chance times the game's
#: `ReviewTerms.game_worth`.
WIN = "win"


def entry(action: Action, value: float, why: str, **parts: float) -> Entry:
    return {"action": action, "value": round(float(value), DIGITS),
            "parts": {name: float(part) for name, part in parts.items()},
            "why": why}


def no_move(label: str, value: float, why: str) -> Entry:
    """The entry for making none of the legal moves (GameSpec.let_pass): `label` names the
    letting go as players would, where an action's entry has the action."""
    return {"action": None, "label": label, "value": round(float(value), DIGITS), "parts": {},
            "why": why}


def best_first(entries: list[Entry]) -> list[Entry]:
    """Highest value first; equal values keep the order of `legal` (a stable sort)."""
    return sorted(entries, key=lambda e: -e["value"])


def only_move(legal: list[Action]) -> list[Entry] | None:
    """The answer when a single action is legal (nothing to weigh), else None."""
    if len(legal) == 1:
        return [entry(legal[0], 0.0, ONLY_MOVE)]
    return None


def figure(value: float) -> str:
    """A value to one decimal, with the minus sign `signed` writes: "−1.8", as a rating reads
    wherever it is shown (a finished game, the leaderboard, a profile, a season's champions);
    a value that rounds to zero is "0.0", never "−0.0"."""
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text.replace("-", "−")


def amount(value: float) -> str:
    """A figure given up, as a player reads it: one decimal ("4.1"), two below a tenth
    ("0.04"), so that a loss the review lists never reads as nothing."""
    return f"{value:.1f}" if round(value, 1) >= 0.1 else f"{value:.2f}"


def chance_between(better: Entry, worse: Entry, terms: ReviewTerms) -> float | None:
    """The chance to win `worse` gives up against `better`, where their gap is a game won or
    lost on the choice rather than a measure in units; None where it is not. With `WIN` parts
    it is one when they make at least half the gap; without, when the gap is that big
    (`terms.swing`)."""
    gap = better["value"] - worse["value"]
    if WIN not in better["parts"] and WIN not in worse["parts"]:
        return terms.swing(gap)
    won = better["parts"].get(WIN, 0.0) - worse["parts"].get(WIN, 0.0)
    if not terms.game_worth or gap <= 0 or won < gap / 2:
        return None
    return min(1.0, gap / terms.game_worth)


def loss_words(lost: float, terms: ReviewTerms,
               chance: float | EllipsisType | None = ...) -> str:
    """What a choice gave up against the best: "−4.1" in the game's units, or, where it is a
    game won or lost on the choice (`chance`, as judged by `chance_between`; by the loss's
    size, `terms.swing`, when not given), "about 15% less chance to win"."""
    if chance is ...:
        chance = terms.swing(lost)
    if chance is not None:
        return f"about {chance:.0%} less chance to win"
    return f"−{amount(lost)}"


def behind_words(behind: float, terms: ReviewTerms,
                 chance: float | EllipsisType | None = ...) -> str:
    """A hint's choice against the best one, `behind` it: "best", "as good" (nothing the
    figures show), "0.4 points less", "about 15% less chance to win" (`chance` as in
    `loss_words`)."""
    if behind <= 0:
        return "best"
    if round(behind, 2) == 0:
        return "as good"
    if chance is ...:
        chance = terms.swing(behind)
    if chance is not None:
        return f"about {chance:.0%} less chance to win"
    return f"{amount(behind)} {terms.units} less"


def signed(points: float) -> str:
    """`+1.2` / `−0.5` / `0`: a part of a value as a player reads it (a minus sign, as the
    reviews write a loss)."""
    text = f"{points:+.1f}"
    return "0" if text in ("+0.0", "-0.0") else text.replace("-", "−")
