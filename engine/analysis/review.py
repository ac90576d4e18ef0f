"""A finished game reviewed for one seat: each of its decisions against the best, rebuilt from
(options, seed, action log) and judged by `spec.analyse`, which sees only that seat's view.

`review_game(...)` returns plain JSON values:

    {"game", "seat", "units": the figures' unit ("points"), "about": what they are, for
     players, "exact": whether they are expected points throughout (False: estimates),
     "plays": what the card plays are called, "game_worth": what a game won on one choice is
     worth in units (None: nothing is; engine.spec.ReviewTerms),
     "groups": [{"label": "Deal 3" | "Cycle 2, trick 4" | "Round 1, trick 4", "lost": float,
                 "decisions": [decision]}],
     "summary": {"discards": lost, "plays": lost, "other": lost, "total": lost,
                 "swings": how many losses were chances to win given up, "chance": those
                 chances added up, "decisions": how many were judged, "best": how many chose
                 the best, "missed": how many chances were let go by}}

A loss that is a game won or lost on the choice (a race lost on the trick in some of the deals
weighed, a peg that could have finished: its "chance") is a chance to win, not a measure in
units: the summary counts it in "swings" and "chance", never in the totals of units.

with decision = {"step": index of the action in the log, "kind": "discard" | "play" |
"other", "chosen": action, "best": action, "chosen_label", "best_label": the two as the
seat's buttons worded them then, "chosen_value", "best_value", "lost": points given up (best
value less the chosen one, never below 0), "why": the best choice's line, "chosen_why": the
chosen one's, "missed": False}.

Only real choices count: an action that was the seat's only legal one is skipped, and so is one
after which the seat chose again (its entry says "again": a claim refused as too many gives
nothing up; the claim that follows it is judged), and one a saved game made that only an
earlier release offered.

A move the seat did not make is a choice too: where the seat could act and another seat's move
(at "step") closed that decision before it moved (a Muggins! press the next claim ended), it
let its moves go by, and a game with `spec.let_pass` says what that was worth. Such a letting go
that gave something up is a decision of kind "other" with "missed": True, "chosen": None and
"chosen_label" the game's words for it, ranked with the rest by what it cost; one that gave
nothing up (a right claim let stand) is not listed, nor is a move of the seat's own side that
took the same chance. The summary counts them as "missed", apart from the decisions made.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.analysis import chance_between
from engine.contract import Action, Game, View, decision_of, taken_away
from engine.spec import GameSpec, ReviewTerms

Review = dict[str, Any]
#: A choice that gives up less than this is as good as the best: values are rounded there.
NEGLIGIBLE = 0.005


def stage_of(view: View) -> str:
    """The deal or trick a decision belongs to, as players name it."""
    if "deal_number" in view:
        return f"Deal {view['deal_number']}"
    for stage in ("round", "cycle"):
        if stage in view and "trick_number" in view:
            return f"{stage.capitalize()} {view[stage]}, trick {view['trick_number']}"
    return "Game"


def kind_of(action: Action) -> str:
    kind = action.get("type")
    return kind if kind in ("discard", "play") else "other"


def review_game(spec: GameSpec, players: int, options: dict[str, Any], seed: int,
                log: Iterable[tuple[int, Action]], seat: int) -> Review:
    """Replay `log` (engine actions only: the table strips its own, such as resigning) and
    judge every decision of `seat` that had more than one legal action, by `spec.analyse`
    (a game without one has no reviews: tables/review.py refuses them), and every chance of
    the seat's that another seat's move closed, by `spec.let_pass`."""
    return review_replay(spec, spec.new(players, options, seed), log, seat)


def review_replay(spec: GameSpec, game: Game, log: Iterable[tuple[int, Action]],
                  seat: int) -> Review:
    """`review_game` of `log` played on from `game` as it stands (as dealt, or stacked)."""
    groups: list[dict[str, Any]] = []
    sides = spec.sides(game.players, game.options)
    for step, (actor, action) in enumerate(log):
        if actor == seat:
            legal = game.legal_actions(seat) if seat in game.to_act() else []
            chosen = game.normalize(seat, dict(action)) if len(legal) > 1 else None
            # A move only an earlier release offered (a claim refused already, made again) is
            # not weighed: the analysis values the moves offered now. apply() still checks it.
            if chosen in legal:
                view = game.view(seat)
                file(groups, view, judge(spec, view, legal, chosen, step))
        elif spec.let_pass is not None and seat in game.to_act():
            before = decision_of(game, seat)
            view = game.view(seat)
            # A partner taking the very chance took it for the seat's side: nothing let go.
            for_side = (sides[actor] == sides[seat]
                        and game.normalize(actor, dict(action)) in before[0])
            game.apply(actor, action, logged=True)
            if not for_side and taken_away(before, decision_of(game, seat)):
                file(groups, view, let_go(spec, view, before[0], step))
            continue
        game.apply(actor, action, logged=True)
    terms = spec.review_terms
    return {"game": spec.name, "seat": seat, "units": terms.units, "about": terms.about,
            "exact": terms.exact, "plays": terms.plays, "game_worth": terms.game_worth,
            "groups": groups, "summary": summary(groups, terms)}


def file(groups: list[dict[str, Any]], view: View, decision: dict[str, Any] | None) -> None:
    """Add `decision` (None: nothing to list) to the group of the deal or trick it was in."""
    if decision is None:
        return
    label = stage_of(view)
    if not groups or groups[-1]["label"] != label:
        groups.append({"label": label, "lost": 0.0, "decisions": []})
    groups[-1]["decisions"].append(decision)
    groups[-1]["lost"] += decision["lost"]


def judge(spec: GameSpec, view: View, legal: list[Action], chosen: Action,
          step: int) -> dict[str, Any] | None:
    """The decision judged, or None for a choice the seat makes again (entry "again")."""
    if spec.analyse is None:
        raise ValueError(f"{spec.title} has no analysis to judge by")
    entries = spec.analyse(view, legal)
    best = entries[0]
    mine = next((e for e in entries if e["action"] == chosen), None)
    if mine is None:
        raise ValueError(f"step {step}: {chosen!r} is not among the legal actions")
    if mine.get("again"):
        return None
    lost = best["value"] - mine["value"]
    label = spec.labels_for(view)
    given_up = lost >= NEGLIGIBLE
    return {"step": step, "kind": kind_of(chosen), "chosen": chosen, "best": best["action"],
            "chosen_label": label(chosen), "best_label": label(best["action"]),
            "chosen_value": mine["value"], "best_value": best["value"],
            "lost": lost if given_up else 0.0, "why": best["why"],
            "chosen_why": mine["why"], "missed": False,
            "chance": chance_between(best, mine, spec.review_terms) if given_up else None}


def let_go(spec: GameSpec, view: View, legal: list[Action], step: int) -> dict[str, Any] | None:
    """The seat's chance (its `legal` moves in `view`) that the move at `step` closed, judged
    as a decision whose choice was to make no move; None when that gave nothing up."""
    if spec.analyse is None or spec.let_pass is None:
        raise ValueError(f"{spec.title} has no analysis of a chance let go")
    entries = spec.analyse(view, legal)
    passed = spec.let_pass(view, entries)
    if passed is None:
        return None
    best = entries[0]
    lost = best["value"] - passed["value"]
    if lost < NEGLIGIBLE:
        return None
    return {"step": step, "kind": kind_of(best["action"]), "chosen": None,
            "best": best["action"], "chosen_label": passed["label"],
            "best_label": spec.labels_for(view)(best["action"]), "chosen_value": passed["value"],
            "best_value": best["value"], "lost": lost, "why": best["why"],
            "chosen_why": passed["why"], "missed": True,
            "chance": chance_between(best, passed, spec.review_terms)}


def summary(groups: list[dict[str, Any]], terms: ReviewTerms) -> dict[str, Any]:
    decisions = [decision for group in groups for decision in group["decisions"]]
    chances = [d["chance"] for d in decisions if d["chance"] is not None]
    measured = [d for d in decisions if d["chance"] is None]
    lost = {name: sum(d["lost"] for d in measured if d["kind"] == kind)
            for kind, name in (("discard", "discards"), ("play", "plays"), ("other", "other"))}
    made = [d for d in decisions if not d.get("missed")]
    return {**lost, "total": sum(lost.values()), "swings": len(chances),
            "chance": sum(chances), "decisions": len(made),
            "best": sum(d["lost"] == 0.0 for d in made), "missed": len(decisions) - len(made)}
