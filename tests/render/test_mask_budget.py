"""Text drawn once is kept to be drawn again, within a bound of pixels: a bot that draws a
new chart title for every game it hosts keeps no more masks, however long it runs."""

from __future__ import annotations

import gc
import sys
import threading

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from render.kit import text
from render.kit.budget import PixelBudget

BUDGET = 4 << 20


def masks_alive() -> list[Image.Image]:
    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, Image.Image) and o.mode == "L"]


def test_a_year_of_chart_titles_keeps_the_masks_within_their_budget() -> None:
    canvas = ImageDraw.Draw(Image.new("RGBA", (1600, 200)))
    before = {id(mask) for mask in masks_alive()}
    for game in range(120):  # each some 80,000 pixels: twice the budget in all
        text.draw(canvas, (10, 10), f"Cribbage #{game} · Alice, Bob and Carol", 64,
                  fill="white")
    kept = [mask for mask in masks_alive() if id(mask) not in before]
    assert sum(mask.width * mask.height for mask in kept) <= BUDGET
    assert 20 < len(kept) < 120  # the newest are kept, to be drawn again


def test_a_line_drawn_again_comes_out_the_same_from_the_cache() -> None:
    first, again = (Image.new("RGBA", (400, 60)) for _ in range(2))
    for image in (first, again):
        text.draw(ImageDraw.Draw(image), (5, 5), "Bob 🦊 · 121", 30, fill="white")
    assert first.tobytes() == again.tobytes() and first.getbbox() is not None


@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 40)), max_size=80),
       st.integers(1, 120), st.integers(1, 6))
def test_the_budget_holds_and_every_answer_is_the_functions(
    calls: list[tuple[int, int]], pixels: int, entries: int
) -> None:
    drawn: list[int] = []

    def draw(key: int, size: int) -> tuple[int, int]:
        drawn.append(key)
        return key, size

    cache = PixelBudget(draw, lambda result: result[1], pixels=pixels, entries=entries)
    for key, size in calls:
        assert cache(key, size) == (key, size)
        held = list(cache._held.values())
        assert sum(size for _, size in held) == cache.pixels <= pixels
        assert len(held) <= entries
        if size <= pixels:  # the one just asked for is the last to go
            assert list(cache._held)[-1] == (key, size)
    info = cache.cache_info()
    assert info.hits + info.misses == len(calls) and info.misses == len(drawn)


def test_pictures_drawn_in_threads_at_once_keep_the_books_straight() -> None:
    """Pictures are drawn in worker threads together: hits, misses and evictions interleave,
    and the cache must neither fail nor lose count of the pixels it holds."""
    budget: PixelBudget[int] = PixelBudget(lambda n: n, lambda n: n, pixels=40, entries=6)
    failures: list[BaseException] = []

    def draw_many(offset: int) -> None:
        try:
            for i in range(4000):
                assert budget((i * 7 + offset) % 13 + 1) == (i * 7 + offset) % 13 + 1
        except BaseException as failure:
            failures.append(failure)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns between almost any two steps
    try:
        workers = [threading.Thread(target=draw_many, args=(k,)) for k in range(6)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == []
    held = budget._held
    assert budget.pixels == sum(size for _, size in held.values()) <= 40
    assert len(held) <= 6
    assert budget.hits + budget.misses == 6 * 4000
