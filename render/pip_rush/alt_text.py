"""PIP Rush in words: the teams, every racer's place and pips, the trick and what it did."""

from __future__ import annotations

from typing import Any

from render.alt_text import (
    View,
    card,
    fill,
    hand_picture_words,
    name,
    names,
    outcome_words,
    turn_words,
)
from render.kit import seats, text
from render.kit.safe import integer, listed, mapping
from render.pip_rush.pictures import hand_picture

TEAM_WORDS = ("blue", "orange")
#: What the card being resolved does, in words a listener knows from the rules.
ACTION_WORDS = {"gain": "a racer gains a pip", "decay": "a racer loses a pip",
                "flip": "a racer's die flips", "swap": "a racer swaps places with its teammate",
                "movement": "the winner's Movement"}


def _team_seats(view: View, team: int) -> list[int]:
    sides = listed(view.get("sides"))
    return [s for s in range(seats.player_count(view))
            if integer(sides[s] if s < len(sides) else s) % 2 == team]


def _racer_words(racer: dict[str, Any]) -> str:
    label = f"{integer(racer.get('team')) % 2 + 1}{str(racer.get('label', '?'))[:1]}"
    space = integer(racer.get("space"))
    where = "at Start" if space <= 0 else f"space {space} lane {integer(racer.get('lane'), 1)}"
    return f"{label} {where} with {text.plural(integer(racer.get('pips'), 1), 'pip')}"


def scores(view: View) -> list[tuple[str, str]]:
    """Each team's lead racer: the race is won on it (the tiebreak looks further)."""
    racers = [r for r in listed(view.get("racers")) if isinstance(r, dict)]
    out = []
    for team in (0, 1):
        lead = max((max(0, integer(r.get("space"))) for r in racers
                    if integer(r.get("team")) % 2 == team), default=0)
        out.append((f"team {team + 1} ({names(view, _team_seats(view, team))})",
                    f"lead racer at {'Start' if lead == 0 else f'space {lead}'}"))
    return out


def _trick_words(view: View) -> str:
    trick = [c for c in listed(view.get("trick")) if isinstance(c, dict)]
    resolution = mapping(view.get("resolution"))
    if trick:
        words = "This trick: " + ", ".join(
            f"{name(view, c.get('seat'))} {card(c.get('card'))}" for c in trick) + "."
        resolving = mapping(resolution.get("resolving"))
        for result in listed(resolution.get("results")):
            if isinstance(result, dict) and result.get("text"):
                words += " " + _sentence(fill(result["text"], view))
        if resolving:
            action = ACTION_WORDS.get(str(resolving.get("action")), "its action")
            words += (f" Resolving {name(view, resolving.get('seat'))}'s "
                      f"{card(resolving.get('card'))}: {action}.")
        pending = mapping(resolution.get("pending"))
        if isinstance(pending.get("seat"), int):
            what = "a racer" if pending.get("choice") == "racer" else "a move"
            words += f" {name(view, pending['seat'])} chooses {what}."
        return words
    last = mapping(view.get("last_trick"))
    if not last:
        return ""
    cards_played = [c for c in listed(last.get("cards")) if isinstance(c, dict)]
    winner = next((c for c in cards_played if c.get("won")), None)
    words = "Last trick: " + ", ".join(
        f"{name(view, c.get('seat'))} {card(c.get('card'))}" for c in cards_played) + "."
    if winner:
        words += f" {name(view, winner.get('seat'))} won with {card(winner.get('card'))}."
    order = [i for i in listed(last.get("order")) if isinstance(i, int)]
    for index in order:
        if index < len(cards_played):
            text = mapping(cards_played[index].get("result")).get("text")
            if text:
                words += " " + _sentence(fill(text, view))
    return words


def _sentence(words: str) -> str:
    """An event's text as one sentence: the engine's texts already end with a full stop."""
    return words if words.endswith((".", "!", "?")) else words + "."


def progress(view: View) -> str:
    """The cycle and the trick, which the table picture's title bar shows."""
    return (f"cycle {integer(view.get('cycle'), 1)} of {integer(view.get('cycles'), 5)}, "
            f"trick {integer(view.get('trick_number'), 1)} of 6")


def describe(view: View) -> str:
    track = mapping(view.get("track"))
    parts = [f"PIP Rush on {track.get('title') or 'the track'}, {progress(view)}. Finish at "
             f"space {integer(track.get('finish'), 10)}."]
    parts.append("Teams: " + "; ".join(
        f"team {team + 1} ({TEAM_WORDS[team]}) {names(view, _team_seats(view, team))}"
        for team in (0, 1)) + ".")
    racers = [r for r in listed(view.get("racers")) if isinstance(r, dict)]
    if racers:
        parts.append("Racers: " + "; ".join(_racer_words(r) for r in racers) + ".")
    parts.append(_trick_words(view))
    outcome = outcome_words(view)
    if outcome:
        parts.append(outcome)
    elif not mapping(mapping(view.get("resolution")).get("pending")):
        parts.append(turn_words(view))
    return " ".join(p for p in parts if p)


def describe_hand(view: View) -> str:
    """The seat's cards and its team's racers, as the hand picture shows them."""
    return hand_picture_words(hand_picture(view))
