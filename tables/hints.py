"""The Hint button: the best few choices of a seat's hand, for a table that plays with hints
(table setting "hints"; such games are "assisted": marked in results, never rated).

The analysis (spec.analyse; a game without one has no hints) runs in a worker thread on a
snapshot of the seat's view, so the event loop keeps serving other tables meanwhile (the
terminal, which holds the loop while its player chooses anyway, works it out at once:
`hint_now`). No Discord here."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.analysis import behind_words, chance_between
from engine.contract import Action, View
from engine.errors import IllegalAction
from tables.text import card_symbols

if TYPE_CHECKING:
    from engine.spec import AnalyseFn, ReviewTerms
    from tables.table import Table

#: How many choices a hint shows.
HINT_CHOICES = 3
HINTS_OFF = "Hints are off in this game: the host can turn them on when opening the lobby."
NO_HINTS = "This game has no hints yet."
NOT_YOUR_TURN = "It is not your turn: there is nothing to hint at yet."
STALE_HINT = "That hand is out of date — press My hand, then Hint, for your current options."


def hints_on(settings: dict[str, Any]) -> bool:
    return bool(settings.get("hints"))


def _to_analyse(table: Table, seat: int, version: int) -> tuple[AnalyseFn, View, list[Action]]:
    """The game's analysis, the seat's view and its legal actions, once the hint is allowed:
    hints on, a game with analysis, a seat with choices, a hand not out of date."""
    if not hints_on(table.settings):
        raise IllegalAction(HINTS_OFF)
    analyse = table.spec.analyse
    if analyse is None:
        raise IllegalAction(NO_HINTS)
    legal = table.legal_for(seat)
    if not legal:
        raise IllegalAction(NOT_YOUR_TURN)
    if table.seat_version(seat) != version:
        raise IllegalAction(STALE_HINT)
    return analyse, table.view_for(seat), legal


async def hint_for(table: Table, seat: int, version: int) -> list[dict[str, Any]]:
    """The top choices for `seat` at the hand built at seat version `version`."""
    analyse, view, legal = _to_analyse(table, seat, version)
    # The view is a snapshot: the game may move on while the thread works.
    entries = await asyncio.to_thread(analyse, view, legal)
    if table.seat_version(seat) != version:
        raise IllegalAction(STALE_HINT)
    return list(entries[:HINT_CHOICES])


def hint_now(table: Table, seat: int) -> list[dict[str, Any]]:
    """The top choices for `seat` as the table stands, worked out at once in the caller's
    thread (milliseconds): for a client that holds the event loop while its player chooses
    (the terminal), so that no computer moves between the choices shown and their hint, as
    one may while a worker thread works."""
    analyse, view, legal = _to_analyse(table, seat, table.seat_version(seat))
    return list(analyse(view, legal)[:HINT_CHOICES])


def hint_text(entries: list[dict[str, Any]], label: Callable[[dict[str, Any]], str],
              terms: ReviewTerms) -> str:
    """The hint's message: each choice with what it gives up against the best, in the game's
    units (`hint_lines`), and what those figures are."""
    lines = ["💡 **Hint** — the best choices first:"]
    for number, (action, figure, why) in enumerate(hint_lines(entries, terms), 1):
        lines.append(f"{number}. **{label(action)}** ({figure}): {card_symbols(why)}")
    lines.append(terms.about)
    return "\n".join(lines)


def hint_lines(entries: list[dict[str, Any]], terms: ReviewTerms
               ) -> list[tuple[Action, str, str]]:
    """(action, its figure against the best: "best", "0.4 points less", its reason) for each
    entry, best first: a choice's own value means little to a newcomer (the best choice's can
    be below zero), what it costs against the best choice does."""
    if not entries:
        return []
    best = entries[0]
    return [(e["action"], behind_words(best["value"] - e["value"], terms,
                                       chance_between(best, e, terms)), e["why"])
            for e in entries]
