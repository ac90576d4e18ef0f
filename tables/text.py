"""Engine events -> readable lines: seat placeholders ("{s0}", "{s0:plays}", "{s0's}", see
engine.seat_words) become names, or "you" for the reader, and cards get their suit symbols.

Nothing is escaped here; the Discord layer decides about markdown."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from engine.cards import card_symbol
from engine.seat_words import fill_seats, spoken_list

#: A card written the engine's way ("5H", "TS") or a PIP die's value ("P4"), standing alone.
_CARD = re.compile(r"(?<![A-Za-z0-9])(?:[A2-9TJQK][SHDC]|P[1-6])(?![A-Za-z0-9])")


def fill_names(text: str, names: Sequence[str], reader: int | None = None) -> str:
    """The line as `reader` (a seat, or None for the channel) reads it: every seat named
    ("you" for the reader) and every card with its suit symbol. A placeholder for a seat that
    does not exist stays."""
    # Cards first: a player's name is theirs, even one that looks like a card.
    return fill_seats(card_symbols(text), names, reader)


def together(seats: Sequence[int], chorus: str) -> str:
    """The seats in turn and what each did: "{s5}, {s6} and {s0} say go." (filled by
    fill_names, a reader who is first as "You")."""
    return f"{spoken_list([f'{{s{seat}}}' for seat in seats])} {chorus}"


#: A line's chorus: the seat whose move it tells and the words several seats' share ("say go."
#: in "Ann, Bo and Cy say go.", the events' "chorus": engine/contract.py).
Chorus = tuple[int, str]


def chorus_of(event: dict[str, Any]) -> Chorus | None:
    seat, words = event.get("seat"), event.get("chorus")
    if is_private(event) or not isinstance(seat, int) or not isinstance(words, str):
        return None
    return seat, words


def chorused(lines: Iterable[tuple[int, str, Chorus | None]]) -> list[tuple[int, str]]:
    """Numbered lines, each run of the same move by several seats in a row told as one line
    (numbered as its last): at eight players, seven computers saying go are one line."""
    told: list[tuple[int, str]] = []
    run: list[int] = []
    words: str | None = None
    for number, text, chorus in lines:
        if chorus is not None and words == chorus[1] and chorus[0] not in run:
            run.append(chorus[0])
            told[-1] = (number, together(run, chorus[1]))
            continue
        run, words = ([chorus[0]], chorus[1]) if chorus is not None else ([], None)
        told.append((number, text))
    return told


def card_symbols(text: str) -> str:
    """Every card written the engine's way ("5H", "P4") with its suit symbol ("5♥", "PIP 4"),
    as in a hint's or a review's reasons."""
    return _CARD.sub(lambda card: card_symbol(card.group(0)), text)


def number_ranges(numbers: Sequence[int]) -> str:
    """ [0, 1, 2, 3, 20, 28, 29] (sorted) -> "0–3, 20, 28 or 29"."""
    spans: list[list[int]] = []
    for number in numbers:
        if spans and number == spans[-1][-1] + 1:
            spans[-1].append(number)
        else:
            spans.append([number])
    words = [f"{s[0]}–{s[-1]}" if len(s) > 2 else ", ".join(map(str, s)) for s in spans]
    return spoken_list(", ".join(words).split(", "), "or")


def event_text(event: dict[str, Any]) -> str | None:
    """An event's text with its seat placeholders, or None for an event that carries none."""
    text = event.get("text")
    return text if isinstance(text, str) and text else None


def event_line(
    event: dict[str, Any], names: Sequence[str], reader: int | None = None
) -> str | None:
    """The line for an event as `reader` reads it, or None for an event that carries no text."""
    text = event_text(event)
    return None if text is None else fill_names(text, names, reader)


def is_private(event: dict[str, Any]) -> bool:
    return event.get("to") is not None


def retells(event: dict[str, Any]) -> bool:
    """A private event that tells its reader the public event just before it, with what only
    they may see ("You discard 5♣ 9♥" after "Ann discards 2 cards"): they read it instead."""
    return is_private(event) and bool(event.get("retells"))


def events_read_by(events: Sequence[dict[str, Any]], seat: int) -> Iterator[dict[str, Any]]:
    """The events of one move that `seat` reads, in order: the public ones and their own
    private ones, each told once."""
    for index, event in enumerate(events):
        if is_private(event):
            if event["to"] == seat:
                yield event
            continue
        later = events[index + 1] if index + 1 < len(events) else None
        if later is not None and retells(later) and later["to"] == seat:
            continue
        yield event


def outcome_words(
    names: Sequence[str], outcome: dict[str, Any], reader: int | None = None
) -> tuple[list[str], str, str]:
    """(winners' names, "wins", "win" or "share the win", the detail line with names filled
    in), as `reader` reads them: a winning reader is "you" and wins with a plural verb."""
    seats = list(outcome.get("winners", []))
    winners = ["you" if s == reader else names[s] for s in seats]
    # Partners winning together win; only a real tie between sides shares the win.
    verb = ("share the win" if outcome.get("shared")
            else "wins" if len(winners) <= 1 and reader not in seats else "win")
    detail = outcome.get("detail")
    return winners, verb, fill_names(str(detail), names, reader) if detail else ""


def outcome_said_once(
    names: Sequence[str], outcome: dict[str, Any], reader: int | None = None
) -> tuple[str, str]:
    """(who won, what the game's detail adds), so that the winner is said once: a detail that
    starts by naming the winners ("Bob won with 121; Ann 99.") goes on from "Bob wins" as
    " with 121; Ann 99."; any other detail follows "Ann and Bob share the win!" whole."""
    winners, verb, detail = outcome_words(names, outcome, reader)
    joined = "(?:, | and | & )".join(re.escape(name) for name in winners)
    # "won": the cribbage family's detail tells the win in the past.
    said = re.match(rf"(?i)({joined}) (?:{re.escape(verb)}|won)\b", detail) if winners else None
    if said:
        who, rest = said.group(1), detail[said.end():]
    else:
        who, rest = spoken_list(winners) or "Nobody", f" {detail}" if detail else ""
    head = f"{who[:1].upper()}{who[1:]} {verb}"
    return (head, rest) if said else (f"{head}!", rest)
