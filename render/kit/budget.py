"""A cache of drawn pieces held to a number of pixels as well as of entries.

`functools.lru_cache` counts entries, and a rasterised line of text costs from a few dozen
pixels (a score) to tens of thousands (a chart's title): bounded by count alone, a bot that
draws a new title for every game fills the count with its largest masks and keeps them. Here
the least recently used entries go as soon as either bound is passed. Pictures are drawn
in worker threads at once, so the bookkeeping is under a lock (as lru_cache's is); the drawing
is not, and two threads missing the same piece at once both draw it.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from PIL import Image

R = TypeVar("R")
#: A drawn piece and where it goes: its offset from the point it is drawn at, and its mask.
Placed = tuple[tuple[int, int], Image.Image]


class PixelBudget(Generic[R]):
    """`function`'s results by its (hashable) arguments, least recently used first out once
    they hold more than `pixels` pixels (`size` counts a result's) or `entries` results."""

    def __init__(self, function: Callable[..., R], size: Callable[[R], int], *, pixels: int,
                 entries: int) -> None:
        functools.update_wrapper(self, function)
        self._function, self._size = function, size
        self.max_pixels, self.max_entries = pixels, entries
        self._held: OrderedDict[Hashable, tuple[R, int]] = OrderedDict()
        self.pixels = self.hits = self.misses = 0
        self._lock = threading.Lock()

    def __call__(self, *args: Hashable) -> R:
        with self._lock:
            held = self._held.get(args)
            if held is not None:
                self._held.move_to_end(args)
                self.hits += 1
                return held[0]
            self.misses += 1
        result = self._function(*args)
        size = self._size(result)
        if size > self.max_pixels:
            return result  # larger than the whole budget: drawn each time, never kept
        with self._lock:
            if args not in self._held:  # (not drawn meanwhile by another thread)
                self._held[args] = (result, size)
                self.pixels += size
            while self.pixels > self.max_pixels or len(self._held) > self.max_entries:
                _, (_, gone) = self._held.popitem(last=False)
                self.pixels -= gone
        return result

    def cache_info(self) -> Any:
        """As lru_cache's, so what counts caches counts this one."""
        return functools._CacheInfo(self.hits, self.misses, self.max_entries, len(self._held))

    def cache_clear(self) -> None:
        with self._lock:
            self._held.clear()
            self.pixels = self.hits = self.misses = 0


def image_pixels(result: Placed) -> int:
    """The pixels of a placed mask."""
    return result[1].width * result[1].height


def masks_within(pixels: int, entries: int
                 ) -> Callable[[Callable[..., Placed]], PixelBudget[Placed]]:
    """A decorator: the placed masks the function draws, kept within the bounds."""

    def wrap(function: Callable[..., Placed]) -> PixelBudget[Placed]:
        return PixelBudget(function, image_pixels, pixels=pixels, entries=entries)

    return wrap
