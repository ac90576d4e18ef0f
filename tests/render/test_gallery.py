from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from engine.registry import GAMES
from render.gallery import Sample, draw
from tests.render.conftest import open_png

ROOT = Path(__file__).resolve().parents[2]


def test_gallery_command_writes_valid_pngs_within_bounds(tmp_path: Path,
                                                         samples: list[Sample]) -> None:
    result = subprocess.run([sys.executable, "-m", "render.gallery", str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stderr
    files = sorted(tmp_path.glob("*.png"))
    assert f"wrote {len(files)} images" in result.stdout
    for path in files:
        image = open_png(path.read_bytes())
        assert 300 <= image.width <= 1200, path.name
        assert 200 <= image.height <= 1800, path.name
        if "_table" in path.name:
            assert path.stat().st_size < 250 * 1024, path.name
    # Another process drew the same views to the same bytes: nothing depends on run order.
    for sample in samples:
        assert (tmp_path / f"{sample.filename}.png").read_bytes() == draw(sample)
    games = Counter(path.name.split("_")[0] for path in files)
    for name in ("cribbage", "pip-cribbage", "crib-race", "pip-pip", "pip-rush"):
        if name in GAMES:
            assert games[name] >= 8, name  # four moments or more, table and hand each


def test_gallery_help_prints_the_usage_and_draws_nothing(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "render.gallery", "--help"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60, check=False,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr
    assert "usage: python -m render.gallery" in result.stdout
    assert list(tmp_path.iterdir()) == []


def test_gallery_covers_the_moments_and_player_counts(samples: list[Sample]) -> None:
    tables = {s.filename for s in samples if s.kind == "table"}
    if "pip-pip" in GAMES:
        counts = {len(s.view["scores"]) for s in samples if s.game == "pip-pip"}
        assert {3, 8} <= counts
        assert any(any(s.view["declared"]) for s in samples if s.game == "pip-pip")
    if "cribbage" in GAMES:
        counts = {s.view["players"] for s in samples if s.game == "cribbage"}
        assert {2, 3, 4} <= counts
        phases = {s.view["phase"] for s in samples if s.game == "cribbage"}
        assert {"discard", "play", "show", "over"} <= phases
    for sample in samples:
        if "game-over" in sample.filename:
            assert sample.view["outcome"] is not None, sample.filename
    assert len(tables) == len({s.filename for s in samples}) / 2


def test_the_same_view_draws_the_same_bytes(samples: list[Sample]) -> None:
    for sample in samples:
        first = draw(sample)
        assert draw(sample) == first, sample.filename
        assert draw(Sample(**{**sample.__dict__, "view": dict(sample.view)})) == first


def test_the_four_colour_deck_changes_images_with_diamonds_or_clubs(
        samples: list[Sample]) -> None:
    changed = [s for s in samples if draw(s, True) != draw(s)]
    assert changed  # some image shows a diamond or a club


def test_a_game_without_chosen_moments_still_gets_a_start_middle_and_end() -> None:
    from render.gallery import _generic_moments, _play_until

    moments = _generic_moments(GAMES["pip-rush"])
    assert [moment.label for moment in moments] == [
        "start-2p", "middle-2p", "game-over-2p", "start-4p", "middle-4p", "game-over-4p"]
    _, players, options, seed, reached = moments[1]
    _, middle = _play_until("pip-rush", players, options, seed, reached)
    assert middle["tricks_played"] >= 1 and middle["outcome"] is None


def test_a_game_drawn_without_chosen_moments_is_in_the_gallery(samples: list[Sample]) -> None:
    from render import registry
    from render.gallery import moments

    name = next(iter(GAMES))
    chosen = registry.renderer_for(name)
    registry.register(name, table=chosen.table, hand=chosen.hand)  # no moments of its own
    try:
        labels = [moment.label for game, moment in moments() if game == name]
    finally:
        registry._RENDERERS[name] = chosen
    counts = GAMES[name].allowed_player_counts()
    assert labels[0] == f"start-{counts[0]}p" and labels[-1] == f"game-over-{counts[-1]}p"
    assert [m.label for game, m in moments() if game == name] == [m.label for m in chosen.moments]
    assert {s.game for s in samples} == set(GAMES)  # every game drawn, each from its package
