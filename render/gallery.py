"""A gallery of every game's images at several moments, for people to review.

    python -m render.gallery OUTDIR

Every view comes from a real game: built with GAMES[name].new(players, options, seed) and
stepped with legal actions chosen by a seeded random generator until the moment wanted.
Only games present in GAMES (and with a renderer) are drawn. `sample_views()` is shared with
the tests and the benchmark.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import render
from engine.registry import GAMES
from render.registry import UnknownGame, renderer_for

View = dict[str, Any]
Moment = Callable[[View], bool]

# Display names that exercise the text layer: emoji, right-to-left, a very long name.
NAMES = ["Ann", "Bob 🦊", "שרה", "Dmitri the Unreasonably Long-Named", "Eve", "فاطمة", "Gus",
         "Hiro"]
AI_SEATS = [False, True, False, True, False, False, True, False]


@dataclass(frozen=True)
class Sample:
    filename: str  # without extension
    game: str
    kind: str  # "table" or "hand"
    view: View


def _dress(view: View, players: int) -> View:
    """What the table layer adds before drawing: names and computer players."""
    return {**view, "names": NAMES[:players], "ai": AI_SEATS[:players]}


def _play_until(name: str, players: int, options: dict[str, Any], seed: int, moment: Moment,
                max_steps: int = 5000) -> tuple[Any, View]:
    """Step a real game with seeded random legal actions until `moment(channel view)`."""
    game = GAMES[name].new(players, options, seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        if moment(game.view(None)) or game.outcome is not None:
            break
        waiting = game.waiting_for() or game.to_act()
        seat = rng.choice(sorted(set(game.to_act()))) if rng.random() < 0.3 else waiting[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game, game.view(None)


def _seat_to_show(game: Any) -> int:
    waiting = game.waiting_for() or game.to_act()
    return waiting[0] if waiting else 0


def _moments() -> list[tuple[str, str, int, dict[str, Any], int, Moment]]:
    """(label, game, players, options, seed, moment) for every picture in the gallery."""
    return [
        ("first-deal-2p", "cribbage", 2, {}, 1, lambda v: True),
        ("mid-play-2p", "cribbage", 2, {}, 2, lambda v: v["phase"] == "play"
         and len(v["pile"]) >= 3),
        ("mid-play-3p", "cribbage", 3, {}, 3, lambda v: v["phase"] == "play"
         and len(v["pile"]) >= 2),
        ("mid-play-4p", "cribbage", 4, {}, 4, lambda v: v["phase"] == "play"
         and len(v["pile"]) >= 4),
        ("the-show-2p", "cribbage", 2, {"muggins": True}, 5, lambda v: v["phase"] == "show"
         and len(v["show"]) >= 2),
        ("after-show-3p", "cribbage", 3, {}, 6, lambda v: v["deal_number"] >= 3),
        ("game-over-2p", "cribbage", 2, {}, 7, lambda v: False),
        ("game-over-61-4p", "cribbage", 4, {"target": 61}, 8, lambda v: False),
        ("first-deal-2p", "pip-cribbage", 2, {}, 1, lambda v: True),
        ("mid-play-2p", "pip-cribbage", 2, {}, 2, lambda v: v["phase"] == "play"
         and len(v["pile"]) >= 3),
        ("the-show-2p", "pip-cribbage", 2, {"muggins": True}, 3, lambda v: v["phase"] == "show"
         and len(v["show"]) >= 2),
        ("later-deal-2p", "pip-cribbage", 2, {}, 4, lambda v: v["deal_number"] >= 5),
        ("game-over-2p", "pip-cribbage", 2, {"target": 61}, 5, lambda v: False),
        ("first-deal-2p", "crib-race", 2, {}, 1, lambda v: True),
        ("mid-play-4p", "crib-race", 4, {"teams": False}, 2, lambda v: v["phase"] == "play"
         and max(v["scores"]) >= 40),
        ("zones-6p", "crib-race", 6, {}, 3, lambda v: bool(v["zone_events"])
         and v["phase"] == "play"),
        ("the-show-3p", "crib-race", 3, {"muggins": True}, 4, lambda v: v["phase"] == "show"
         and len(v["show"]) >= 2),
        ("game-over-8p", "crib-race", 8, {}, 5, lambda v: False),
        ("after-show-8p", "crib-race", 8, {}, 11, lambda v: v["phase"] == "discard"
         and len(v["last_show"]) >= 5),
        ("first-trick-3p", "pip-pip", 3, {}, 1, lambda v: True),
        ("mid-trick-8p", "pip-pip", 8, {}, 2, lambda v: len(v["trick"]) >= 5),
        ("calls-5p", "pip-pip", 5, {}, 3, lambda v: any(v["declared"]) and v["trick"]),
        ("game-over-3p", "pip-pip", 3, {"rounds": 1}, 4, lambda v: False),
        # Between tricks: the last trick with its winner, and a face-up call in the scores.
        ("between-tricks-4p", "pip-pip", 4, {}, 6, lambda v: not v["trick"]
         and bool(v["last_trick"]) and any(v["declared"])),
        ("start-2p", "pip-rush", 2, {}, 1, lambda v: True),
        ("resolving-4p", "pip-rush", 4, {}, 2, lambda v: v["phase"] == "resolve"
         and v["tricks_played"] >= 4),
        # Part way through resolving: cards done, the one resolving and those still to come.
        ("resolving-late-4p", "pip-rush", 4, {}, 5, lambda v: v["phase"] == "resolve"
         and len(v["resolution"]["results"]) >= 2),
        ("obstacles-4p", "pip-rush", 4, {"track": "obstacles"}, 3,
         lambda v: v["tricks_played"] >= 9 and v["trick"]),
        ("game-over-2p", "pip-rush", 2, {}, 4, lambda v: False),
    ]


def _steps_taken(count: int) -> Moment:
    """A moment reached after `count` channel views (one per action): for any game."""
    seen = [0]

    def moment(view: View) -> bool:
        seen[0] += 1
        return seen[0] > count

    return moment


def _generic_moments(covered: set[str]) -> list[tuple[str, str, int, dict[str, Any], int, Moment]]:
    """A game with no hand-picked moments above still gets a start, a middle and an end at
    its smallest and largest player counts, so a new game shows up with no change here."""
    moments = []
    for name, spec in GAMES.items():
        if name in covered:
            continue
        counts = spec.allowed_player_counts()
        for players in sorted({counts[0], counts[-1]}):
            moments += [
                (f"start-{players}p", name, players, {}, 1, lambda v: True),
                (f"middle-{players}p", name, players, {}, 2, _steps_taken(25)),
                (f"game-over-{players}p", name, players, {}, 3, lambda v: False),
            ]
    return moments


def sample_views() -> Iterator[Sample]:
    chosen = _moments()
    chosen += _generic_moments({name for _, name, *_ in chosen})
    for label, name, players, options, seed, moment in chosen:
        if name not in GAMES:
            continue
        try:
            renderer_for(name)
        except UnknownGame:
            continue
        known = {o.name for o in GAMES[name].options}
        game, channel = _play_until(name, players, {k: v for k, v in options.items()
                                                    if k in known}, seed, moment)
        yield Sample(f"{name}_{label}_table", name, "table", _dress(channel, players))
        seat_view = game.view(_seat_to_show(game))
        yield Sample(f"{name}_{label}_hand", name, "hand", _dress(seat_view, players))


def draw(sample: Sample, four_colour: bool = False) -> bytes:
    draw_fn = render.draw_table if sample.kind == "table" else render.draw_hand
    return draw_fn(sample.game, sample.view, four_colour=four_colour)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m render.gallery OUTDIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for sample in sample_views():
        (out / f"{sample.filename}.png").write_bytes(draw(sample))
        count += 1
        if sample.kind == "table" and "mid" in sample.filename:
            (out / f"{sample.filename}_four-colour.png").write_bytes(draw(sample, True))
            count += 1
    print(f"wrote {count} images to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
