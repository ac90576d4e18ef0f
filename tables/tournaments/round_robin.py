"""Round robin by the circle method: one entry stays put, the rest turn one place a round."""

from __future__ import annotations

from collections.abc import Sequence


def schedule(entries: Sequence[str]) -> list[list[tuple[str, str | None]]]:
    """Every round's pairs; an odd count adds a bye slot (None), so each entry sits out once.

    n entries meet every other entry exactly once over n - 1 rounds (n when n is odd)."""
    slots: list[str | None] = list(entries)
    if len(slots) % 2:
        slots.append(None)
    size = len(slots)
    rounds = []
    for number in range(size - 1):
        pairs = []
        for index in range(size // 2):
            first, second = slots[index], slots[size - 1 - index]
            # The fixed entry would always sit first; alternate it so seats even out.
            if index == 0 and number % 2:
                first, second = second, first
            if first is None:
                first, second = second, first
            assert first is not None
            pairs.append((first, second))
        rounds.append(pairs)
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return rounds
