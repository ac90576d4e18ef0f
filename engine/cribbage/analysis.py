"""Cribbage's analysis, and the parts PIP Cribbage and Crib Race build on, on the worths the
computer player (engine/cribbage/ai.py) chooses by.

- Discards: the hard level's "hand" and "crib" parts (without the end-game bonus); their sum
  is the expected points of the deal's counts.
- The play: the points a piece takes now, what laying the rest alone takes when everyone else
  has said go, less the next seat's expected best reply net of one's counter to it, plus the
  worth of a likely go: the hard level's model, one reply deep, so an estimate.
- The show: a claim is worth its points, less the points short (an opponent may take them
  with muggins); pressing muggins is worth the points the count missed, plus the best of
  the seat's own choice still to come, which pressing first keeps (claiming first would close
  the press); keeping muggins points is worth them, giving them back costs them.
- Letting a press go (let_pass: another's move closed it, the next count claimed or another
  opponent's press): worth that choice still to come alone, so what it gave up is the points
  the count missed, which a review lists.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.analysis import Entry, best_first, entry, no_move, only_move, signed
from engine.cards import Card, format_cards, parse_card, parse_cards
from engine.contract import Action, View
from engine.cribbage.ai import (
    GO_WORTH,
    CountFn,
    DiscardWorth,
    PlaySituation,
    PlayWorth,
    crib_sign,
    cribbage_count,
    discard_worth,
    kept_after,
    missed_points,
    play_situation,
    play_worth,
    unseen_cards,
    waiting_count,
)
from engine.cribbage.words import points_word


def analyse(view: View, legal: list[Action]) -> list[Entry]:
    single = only_choice(legal)
    if single is not None:
        return single
    kinds = {action["type"] for action in legal}
    if "discard" in kinds:
        hand, unseen, sign = parse_cards(view["hand"]), unseen_cards(view), crib_sign(view)
        return discard_entries(view, legal, lambda a: discard_worth(hand, a, unseen, sign))
    if "play" in kinds:
        return play_entries(view, legal, play_situation(view, {}))
    return show_entries(view, legal, cribbage_count)


def only_choice(legal: list[Action]) -> list[Entry] | None:
    """`only_move`, except that a lone Muggins! is weighed: it is a choice, pressing or not
    (the game waits for another seat's count), and what a press would take is the advice."""
    if [action["type"] for action in legal] == ["muggins"]:
        return None
    return only_move(legal)


# ===== the discard ============================================================================
def crib_words(sign: float) -> str:
    if sign > 0:
        return "your crib"
    return "their crib" if sign < 0 else "no crib"


def discard_entries(view: View, legal: list[Action], worth_of: Callable[[Action], DiscardWorth],
                    kept_with: str = "", crib_note: str = " (table estimate)",
                    sign: float | None = None,
                    correction: tuple[str, Callable[[DiscardWorth], float]] | None = None
                    ) -> list[Entry]:
    """Each discard's hand and crib parts (`worth_of`); `kept_with` and `crib_note` word what
    the game's hand holds beside the cards and how the crib was reckoned. `sign` overrides
    whose crib it is, and `correction` adds a named, estimated part (Crib Race: the track)."""
    hand = parse_cards(view["hand"])
    crib = crib_words(crib_sign(view) if sign is None else sign)
    entries = []
    for action in legal:
        worth = worth_of(action)
        parts = {"hand": worth.hand, "crib": worth.crib}
        why = (f"Keep {format_cards(kept_after(hand, action))}{kept_with}: hand {worth.hand:.1f}"
               f" on average, {crib} {signed(worth.crib)}{crib_note}")
        if correction is not None:
            name, correct = correction
            parts[name] = correct(worth)
            why += f", {name} {signed(parts[name])} (estimate)"
        entries.append(entry(action, sum(parts.values()), why + ".", **parts))
    return best_first(entries)


# ===== the play ===============================================================================
def play_entries(view: View, legal: list[Action], situation: PlaySituation,
                 correction: tuple[str, Callable[[Card], float]] | None = None) -> list[Entry]:
    """Every play's expected net points (see the module's docstring); `correction` adds a
    named part for each piece (Crib Race: what the track makes of the points)."""
    entries = []
    for action in legal:
        if action["type"] != "play":
            entries.append(entry(action, 0.0, "Nothing to play: say go."))
            continue
        piece = parse_card(action["card"])
        worth = play_worth(situation, piece, counter=True)
        parts = {"now": float(worth.points)}
        if worth.points >= situation.my_need:
            why = f"Pegs {worth.points} and wins the game."
        else:
            parts["later"] = float(worth.solo)
            parts["reply"] = worth.reply if worth.to_partner else -worth.reply
            parts["go"] = 0.0 if worth.to_partner else worth.no_reply * GO_WORTH
            why = play_why(worth)
        if correction is not None:
            name, correct = correction
            parts[name] = correct(piece)
        entries.append(entry(action, sum(parts.values()), why, **parts))
    return best_first(entries)


def play_why(worth: PlayWorth) -> str:
    words = [f"Pegs {worth.points} now"]
    if worth.solo:
        words.append(f"{worth.solo} more laying your last cards alone")
    if worth.to_partner and worth.reply >= 0.05:
        words.append(f"your partner's best reply adds {worth.reply:.1f} on average (estimate)")
    elif worth.reply >= 0.05:
        words.append(f"their best reply takes {worth.reply:.1f} on average (estimate)")
    elif worth.reply <= -0.05:
        words.append(f"your answer to their reply takes {-worth.reply:.1f} more on average "
                     "(estimate)")
    if not worth.to_partner and worth.no_reply >= 0.5:
        words.append("they may well have to say go")
    return "; ".join(words) + "."


# ===== the show ===============================================================================
def show_entries(view: View, legal: list[Action], count: CountFn,
                 muggins_worth: Callable[[int], tuple[float, float]] | None = None) -> list[Entry]:
    """Claims, muggins, keeping or giving back; `muggins_worth(points)` gives (keep, give back)
    worths when they are not simply +points and -points (Crib Race: ground on the track)."""
    entries = []
    for action in legal:
        kind = action["type"]
        if kind == "claim":
            entries.append(claim_entry(view, action, count))
        elif kind == "muggins":
            continue  # weighed last, against the claim it comes before
        elif kind in ("keep", "give_back"):
            points = int(view["muggins"]["points"])
            keep, give = muggins_worth(points) if muggins_worth else (points, -points)
            if kind == "keep":
                entries.append(entry(action, keep, f"Keep the {points_word(points)}."))
            else:
                entries.append(entry(action, give, f"Hand the {points_word(points)} back."))
        else:
            entries.append(entry(action, 0.0, "Let the count stand."))
    later = max((e["value"] for e in entries if e["action"]["type"] == "claim"), default=0.0)
    entries += [muggins_entry(view, action, count, later)
                for action in legal if action["type"] == "muggins"]
    return best_first(entries)


def muggins_entry(view: View, action: Action, count: CountFn, later: float = 0.0) -> Entry:
    """Muggins!: the points the claim missed. With a choice of the seat's own still to come
    (its claim, PIP Cribbage's Turn) worth `later` at best, pressing first keeps that choice
    while making it first would close the press: so the press is worth both."""
    missed = missed_points(view, count)
    if not missed:
        why = "Their count was right: there is nothing to take."
    elif later:
        why = f"Their count was {missed} short: take the points before your own count."
    else:
        why = f"Their count was {missed} short: take the points."
    if not later:
        return entry(action, missed, why)
    return entry(action, missed + later, why, missed=missed, then=later)


def let_pass(view: View, entries: list[Entry]) -> Entry | None:
    """No Muggins! press before another seat's move closed it (docs/RULES.md C-16): worth the
    best of the seat's other choices (its own claim, PIP Cribbage's Turn, letting the count
    stand), nothing without them, as `muggins_entry` weighs the press against them. None
    when no press was offered (nothing of muggins was let go)."""
    if not any(e["action"]["type"] == "muggins" for e in entries):
        return None
    later = max((e["value"] for e in entries if e["action"]["type"] != "muggins"), default=0.0)
    return no_move("No Muggins! press", later,
                   "You did not press; a press costs nothing, even on a right count.")


def claim_entry(view: View, action: Action, count: CountFn) -> Entry:
    exact = waiting_count(view, count)
    points = int(action["points"])
    if points == exact:
        return entry(action, points, f"The exact count: {exact}.")
    if points > exact:
        return {**entry(action, 0.0, f"Too many: the count is {exact}, you would count again."),
                "again": True}
    short = exact - points
    return entry(action, points - short,
                 f"{short} short of {exact}: an opponent may take "
                 f"{'it' if short == 1 else 'them'} with muggins.")
