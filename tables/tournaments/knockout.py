"""Knockout brackets: standard seeding order so the top seeds meet last, byes to the top."""

from __future__ import annotations

from collections.abc import Sequence


def bracket_size(count: int) -> int:
    size = 1
    while size < count:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket slot order for a bracket of `size` (a power of two):
    4 -> [1, 4, 2, 3]; 8 -> [1, 8, 4, 5, 2, 7, 3, 6]. Adjacent slots meet in round one, and
    each seed's path keeps the best seeds apart until the latest round."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def first_round(seeded: Sequence[str]) -> list[tuple[str, str | None]]:
    """Round one's pairs in bracket order for entries best seed first; (entry, None) is a bye.

    Seeds past the entry count are empty slots, so the byes fall to the top seeds."""
    order = seed_order(bracket_size(len(seeded)))
    slots = [seeded[seed - 1] if seed <= len(seeded) else None for seed in order]
    pairs = []
    for index in range(0, len(slots), 2):
        first, second = slots[index], slots[index + 1]
        assert first is not None  # the better seed of a slot pair is always present
        pairs.append((first, second))
    return pairs


def next_round(through: Sequence[str]) -> list[tuple[str, str]]:
    """The winners of one round, in bracket order, meet in neighbouring pairs."""
    return [(through[i], through[i + 1]) for i in range(0, len(through), 2)]


def rounds_needed(count: int) -> int:
    return bracket_size(count).bit_length() - 1
