"""The smallest text of every picture the bot draws, as a phone shows it.

    .venv/bin/python -m benchmarks.smallest_text [--all] [--games N]

A phone shows a picture about 380 px wide, or narrower when it would then be taller than one
and a half times that (render/kit/text.py, `phone_scale`). For each picture this draws, every
text the kit records (names, scores, legends, board numbers, card corner indices) is measured
at the size its layout asked for: the height of a capital "H" and of an "x" on the font's
outline at that size, times the phone's scale. A line prints the picture's smallest capital
(`text.smallest_shown`: the figure the tests hold to `text.glyph_floor()`, 8 px), which text
it is, and the smallest x-height among the texts with lower-case letters
(`text.smallest_lower_shown`: held to `text.X_FLOOR`, 6.9 px, a word in lower case reading by
its "x" as a number reads by its capital height).

The pictures: every gallery moment's table and hand (each game at 2 and at its most players,
plus the profile cards), each game's end-of-game chart at 2 and at most players, replay
frames along a whole game at both counts, with every hand face up (Show hands) and without,
and tournament standings and brackets of 2, 8, 16 and 64 entries. Only the worst few lines
are printed unless --all; the summary counts every picture.
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from PIL import Image

import render
from benchmarks.replay import played
from engine.registry import GAMES
from render import tournament
from render.gallery import draw, profile_samples, sample_views
from render.kit import text
from render.profile import profile_picture
from tables.pictures import playable_cards
from tables.tournaments import KNOCKOUT, SWISS, Tournament
from tables.tournaments.picture import picture_data

AIM = 7.0  # px: a capital or an "x" shorter than this on the phone is hard to read
FRAMES = 5  # replay frames looked at along each game, its first and its last among them
ENTRIES = (2, 8, 16, 64)
HOST = 1


@dataclass(frozen=True)
class Figure:
    picture: str
    size: tuple[int, int]
    cap: float  # the smallest capital on the phone, px
    cap_text: str
    cap_font: int
    x_height: float | None  # the smallest x-height among texts with lower-case letters
    x_text: str

    def row(self) -> str:
        x = f"{self.x_height:5.2f} {self.x_text[:18]!r}" if self.x_height is not None else "-"
        return (f"{self.picture:<46} {self.size[0]:>4}x{self.size[1]:<5} {self.cap:5.2f} "
                f"{self.cap_font:>3} {self.cap_text[:18]!r:<22} {x}")


def measure(picture: str, draw_picture: Callable[[], Any], save: Path | None = None) -> Figure:
    """Draw the picture while recording its texts, and find its smallest on a phone."""
    with text.recording() as drawn:
        made = draw_picture()
    png = made[0] if isinstance(made, tuple) else made
    image = png if isinstance(png, Image.Image) else Image.open(io.BytesIO(png))
    if save is not None:
        image.save(save / f"{picture}.png")
    shown = [d for d in drawn if (d.shown or d.text).strip()]
    if not shown:
        raise SystemExit(f"{picture}: no text was recorded")
    cap, smallest = text.smallest_shown(shown, *image.size)
    x_height, small_x = text.smallest_lower_shown(shown, *image.size) or (None, None)
    return Figure(picture, image.size, cap, smallest.shown or smallest.text, smallest.asked,
                  x_height, (small_x.shown or small_x.text) if small_x else "")


def gallery() -> Iterator[tuple[str, Callable[[], Any]]]:
    for sample in sample_views():
        yield sample.filename, partial(draw, sample)
        if sample.kind == "table":
            yield f"{sample.filename}_four-colour", partial(draw, sample, True)
    for filename, data in profile_samples():
        yield filename, partial(profile_picture, data)


def counts(name: str) -> list[int]:
    allowed = GAMES[name].allowed_player_counts()
    return sorted({allowed[0], allowed[-1]})


def replays(games: int) -> Iterator[tuple[str, Callable[[], Any]]]:
    """Charts and replay frames of whole games between computer players."""
    for name in GAMES:
        for players in counts(name):
            for seed in range(games):
                replay = played(name, players, seed)
                label = f"{name}_{players}p_seed{seed}"
                title = f"{GAMES[name].title} #{seed + 1}"
                yield (f"chart_{label}",
                       partial(render.chart_picture, name, title, replay.moves()))
                for index in sorted({replay.last * step // (FRAMES - 1)
                                     for step in range(FRAMES)}):
                    frame = replay.frame(index, hands=True)
                    yield (f"replay_{label}_frame{index}",
                           partial(render.draw_table, name, frame.view))
                    revealed = [dict(hand, playable=playable_cards(legal))
                                for hand, legal in zip(frame.hands, frame.legal, strict=True)]
                    view = {**frame.view, "revealed": revealed}
                    yield (f"replay_{label}_frame{index}_hands",
                           partial(render.draw_revealed, name, view))


def _outcome(seats: list[str | None], order: list[str]) -> dict[str, Any]:
    """Entries finish in `order`; a computer seat finishes last."""
    ranks = [order.index(entry) if entry is not None else len(order) for entry in seats]
    return {"winners": [s for s, r in enumerate(ranks) if r == 0], "ranks": ranks,
            "scores": [121 - 10 * r for r in ranks], "shared": False, "win_points": 1,
            "detail": ""}


def _event(format: str, entries: int, rounds: int) -> Tournament:
    """An event of `entries` (long and short names, other scripts) `rounds` rounds in, the
    lower seed winning each match (and a best of three going to three games)."""
    names = ["Ann", "Bob 🦊", "שרה", "Dmitri the Unreasonably Long-Named", "Eve", "فاطمة"]
    settings: dict[str, Any] = ({"final_best_of": 3} if format == KNOCKOUT
                                else {"rounds_planned": rounds + 1})
    event = Tournament.create("t", HOST, "cribbage", format, **settings)
    for user in range(1, entries + 1):
        event.join(user, names[user - 1] if user <= len(names) else f"Player {user}")
    event.start(HOST)
    for _ in range(rounds):
        if event.current is None:
            break
        for match in list(event.current.matches):
            order = sorted(match.entries, key=lambda e: event.entry(e).seed)
            for finish in (order, order[::-1], order):
                if not match.finished:
                    event.record_game(match.id, _outcome(match.seats, finish))
    return event


def tournaments() -> Iterator[tuple[str, Callable[[], Any]]]:
    for entries in ENTRIES:
        if entries >= 3:  # a Swiss has fewer rounds than entries
            swiss = picture_data(_event(SWISS, entries, min(2, entries - 2)))
            yield f"standings_swiss_{entries}", partial(tournament.standings_picture, swiss)
        for rounds in (0, 1, 3):
            data = picture_data(_event(KNOCKOUT, entries, rounds))
            yield (f"standings_knockout_{entries}_round{rounds}",
                   partial(tournament.standings_picture, data))
            yield f"bracket_{entries}_round{rounds}", partial(tournament.bracket_picture, data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="a line for every picture")
    parser.add_argument("--games", type=int, default=1, help="games played per player count")
    parser.add_argument("--save", type=Path, help="a folder to write every picture to")
    args = parser.parse_args()
    if args.save is not None:
        args.save.mkdir(parents=True, exist_ok=True)
    groups = {"gallery": gallery(), "charts and replays": replays(args.games),
              "tournaments": tournaments()}
    print(f"floor: a capital {text.glyph_floor():.2f} px tall on the phone "
          f"(text set at {text.FLOOR_RATIO * text.PHONE_WIDTH:.0f} px at "
          f"{text.PHONE_WIDTH} px wide); an \"x\" {text.X_FLOOR:.2f} px (text with lower case "
          f"set at {text.lower_floor_size(text.PHONE_WIDTH)} px); aim: {AIM:.1f} px")
    print(f"{'picture':<46} {'size':>10} {'cap':>5} {'pt':>3} {'its text':<22} x-height")
    every: list[Figure] = []
    for group, pictures in groups.items():
        figures = sorted((measure(name, fn, args.save) for name, fn in pictures),
                         key=lambda f: (min(f.cap, f.x_height or f.cap), f.cap))
        every += figures
        caps = sorted(f.cap for f in figures)
        xs = sorted(f.x_height for f in figures if f.x_height is not None)
        print(f"-- {group}: {len(figures)} pictures, smallest capital {caps[0]:.2f} px "
              f"(median {caps[len(caps) // 2]:.2f}), smallest x-height "
              + (f"{xs[0]:.2f} px (median {xs[len(xs) // 2]:.2f})" if xs else "-"))
        for figure in figures if args.all else figures[:5]:
            print(figure.row())
    below_floor = [f for f in every if f.cap < text.glyph_floor() - 1e-9]
    below_aim = [f for f in every if f.cap < AIM]
    x_heights = [f.x_height for f in every if f.x_height is not None]
    x_below = sum(x < text.X_FLOOR - 1e-9 for x in x_heights)
    print(f"{len(every)} pictures; smallest capital {min(f.cap for f in every):.2f} px, "
          f"smallest x-height {min(x_heights):.2f} px; "
          f"{len(below_floor)} below the floor, {len(below_aim)} below {AIM:.0f} px; "
          f"x-heights: {x_below} below the floor, "
          f"{sum(x < AIM for x in x_heights)} below {AIM:.0f} px")


if __name__ == "__main__":
    main()
