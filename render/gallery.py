"""A gallery of every game's images at several moments, for people to review.

    python -m render.gallery OUTDIR

Every view comes from a real game: built with GAMES[name].new(players, options, seed) and
stepped with legal actions chosen by a seeded random generator until the moment wanted. The
moments are the `moments` of each game's render registration (render/registry.py); a game
without them gets a start, a middle and an end. Only games present in GAMES (and with a
renderer) are drawn. The player profile card's states (`profile_samples`: a new player, a
veteran, a private profile) come after them. `sample_views()` is shared with the tests and the
benchmark.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import render
from engine.registry import GAMES, GameSpec
from render.profile import profile_picture
from render.registry import Moment, View, renderer_if_any

# Display names that exercise the text layer: emoji, right-to-left, a very long name.
NAMES = ["Ann", "Bob 🦊", "שרה", "Dmitri the Unreasonably Long-Named", "Eve", "فاطمة", "Gus",
         "Hiro"]


@dataclass(frozen=True)
class Sample:
    filename: str  # without extension
    game: str
    kind: str  # "table" or "hand"
    view: View


def _dress(view: View, players: int) -> View:
    """What the table layer adds before drawing: the names."""
    return {**view, "names": NAMES[:players]}


def _play_until(name: str, players: int, options: dict[str, Any], seed: int,
                reached: Callable[[View], bool], max_steps: int = 5000) -> tuple[Any, View]:
    """Step a real game with seeded random legal actions until `reached(channel view)`."""
    game = GAMES[name].new(players, options, seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        if reached(game.view(None)) or game.outcome is not None:
            break
        waiting = game.waiting_for() or game.to_act()
        seat = rng.choice(sorted(set(game.to_act()))) if rng.random() < 0.3 else waiting[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game, game.view(None)


def _seat_to_show(game: Any) -> int:
    waiting = game.waiting_for() or game.to_act()
    return waiting[0] if waiting else 0


def _steps_taken(count: int) -> Callable[[View], bool]:
    """A moment reached after `count` channel views (one per action): for any game."""
    seen = [0]

    def reached(view: View) -> bool:
        seen[0] += 1
        return seen[0] > count

    return reached


def _generic_moments(spec: GameSpec) -> list[Moment]:
    """A game whose renderer names no moments still gets a start, a middle and an end at its
    smallest and largest player counts, so a new game shows up with no change here."""
    counts = spec.allowed_player_counts()
    found = []
    for players in sorted({counts[0], counts[-1]}):
        found += [
            Moment(f"start-{players}p", players, {}, 1, lambda v: True),
            Moment(f"middle-{players}p", players, {}, 2, _steps_taken(25)),
            Moment(f"game-over-{players}p", players, {}, 3, lambda v: False),
        ]
    return found


def moments() -> Iterator[tuple[str, Moment]]:
    """(game, moment) for every picture in the gallery: each drawn game's own moments, in the
    registry's order."""
    for name, spec in GAMES.items():
        renderer = renderer_if_any(name)
        if renderer is not None:
            for moment in renderer.moments or _generic_moments(spec):
                yield name, moment


def sample_views() -> Iterator[Sample]:
    for name, (label, players, options, seed, reached) in moments():
        known = {o.name for o in GAMES[name].options}
        game, channel = _play_until(name, players, {k: v for k, v in options.items()
                                                    if k in known}, seed, reached)
        yield Sample(f"{name}_{label}_table", name, "table", _dress(channel, players))
        seat_view = game.view(_seat_to_show(game))
        yield Sample(f"{name}_{label}_hand", name, "hand", _dress(seat_view, players))


# ---- the profile card (render/profile.py), from plain data as tables/profiles.py makes it

DAY = 86_400_000  # ms
GALLERY_NOW = 1_796_000_000_000  # ms: a fixed "now", so the cards draw the same every time
ACHIEVEMENTS = [("Twenty-nine", "Hold the perfect hand."),
                ("Double skunk", "Win with the loser under the double skunk line."),
                ("Comeback", "Win from 30 points behind."), ("Last to first", "Win from last."),
                ("Champion", "Win a tournament."), ("Perfect peg", "Score the most one play can."),
                ("Photo finish", "Win by a single point."), ("Regular", "Finish 100 games.")]


def _rating_walk(rng: random.Random, games: int) -> list[list[float]]:
    rating, points = 0.0, []
    for number in range(games):
        rating = max(-3.0, rating + rng.uniform(-1.2, 1.9) * (1 if number < 40 else 0.4))
        points.append([GALLERY_NOW - (games - number) * DAY // 3, round(rating, 1)])
    return points


def profile_samples() -> list[tuple[str, dict[str, Any]]]:
    """(filename, data) for the profile card's states: a new player, a veteran of every
    game with every list longer than the card, and a private profile its owner looks at."""
    rng = random.Random(43)
    # Six games at most: more than the card has room for, while its alt text still says every
    # word drawn (a suite that registers extra games must not grow the sample past that).
    titles = [(name, spec.title) for name, spec in GAMES.items()][:6]
    veteran_games: list[dict[str, Any]] = []
    for index, (name, title) in enumerate(titles):
        played, wins, current, best = [(212, 117, 0, 13), (57, 31, 2, 5), (31, 17, 1, 4),
                                       (9, 5, 3, 3), (1, 0, 0, 0), (2, 1, 1, 1)][index % 6]
        series = _rating_walk(rng, played)
        place, entries = [(3, 12), (1, 4), (0, 0), (2, 2), (0, 0), (0, 0)][index % 6]
        # Where they finished last season, under this season's place.
        last, last_entries = [(5, 9), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0)][index % 6]
        veteran_games.append({
            "game": name, "title": title, "rating": series[-1][1], "games": played,
            "wins": wins, "current_streak": current, "best_streak": best, "series": series,
            "season_place": place, "season_entries": entries,
            "last_place": last, "last_entries": last_entries,
            # A season begun since: its board ranks them on a rating of its own.
            **({"season_rating": round(series[-1][1] - 2.4, 1)} if place == 1 else {}),
        })
    moments = [{"game": name, "title": title, "label": label, "value": value,
                "at": GALLERY_NOW - index * DAY}
               for index, (name, title) in enumerate(titles[:2])
               for label, value in (("highest hand", 29 - 5 * index), ("best pegging play", 12))]
    placings = [{"title": titles[index % len(titles)][1], "place": place, "entries": entries,
                 "finished_at": f"2026-{11 - index:02d}-0{index + 1}T20:00:00+00:00"}
                for index, (place, entries) in enumerate([(1, 16), (3, 8), (2, 32), (5, 9)])]
    achievements = [{"name": label, "how": how, "title": titles[index % len(titles)][1],
                     "earned_at": GALLERY_NOW - index * 9 * DAY}
                    for index, (label, how) in enumerate(ACHIEVEMENTS)]
    veteran = {"user_id": 2, "name": NAMES[3], "private": False, "games": veteran_games,
               "skunks_given": 14, "skunks_taken": 6, "moments": moments,
               "placings": placings, "achievements": achievements,
               "played": sum(g["games"] for g in veteran_games),
               "won": sum(g["wins"] for g in veteran_games)}
    newcomer = {"user_id": 3, "name": NAMES[2], "private": False, "games": [],
                "skunks_given": 0, "skunks_taken": 0, "moments": [], "placings": [],
                "achievements": [], "played": 0, "won": 0}
    first = veteran_games[0]
    private = {**newcomer, "user_id": 1, "name": NAMES[1], "private": True,
               "games": [{**first, "games": 6, "wins": 4, "current_streak": 2,
                          "best_streak": 3, "series": first["series"][:6],
                          "rating": first["series"][5][1]}],
               "skunks_given": 1, "played": 6, "won": 4, "achievements": achievements[:2]}
    return [("profile_new-player", newcomer), ("profile_veteran", veteran),
            ("profile_private", private)]


def draw(sample: Sample, four_colour: bool = False) -> bytes:
    draw_fn = render.draw_table if sample.kind == "table" else render.draw_hand
    return draw_fn(sample.game, sample.view, four_colour=four_colour)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.gallery",
                                     description="Draw every game's pictures at several moments.")
    parser.add_argument("outdir", type=Path, help="the folder to write the PNG files to")
    out = parser.parse_args(argv).outdir
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for sample in sample_views():
        (out / f"{sample.filename}.png").write_bytes(draw(sample))
        count += 1
        if sample.kind == "table" and "mid" in sample.filename:
            (out / f"{sample.filename}_four-colour.png").write_bytes(draw(sample, True))
            count += 1
    for filename, data in profile_samples():
        (out / f"{filename}.png").write_bytes(profile_picture(data)[0])
        count += 1
    print(f"wrote {count} images to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
