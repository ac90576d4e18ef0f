"""Swiss pairing: pairs within score groups, top down, with the fewest entries floating.

Order of what matters, most first:
1. no pair meets twice while a pairing of fresh pairs exists (otherwise the fewest repeats);
2. the bye (odd counts) goes to an entry without one, in this order: those that have played a
   round before those that have not (a late entry in its first round: nobody wins a point
   before playing anyone while an entry in since earlier can take it), each lowest-ranked
   first; the first in that order that leaves the rest a fresh pairing, when any does (1
   comes first: a late entry takes the bye rather than two entries meeting again);
3. the fewest pairs across score groups;
4. a floater meets the nearest score group; within a group, the top half meets the bottom
   half (1 v 5, 2 v 6 ... in a group of 8).

The pairing is a depth-first search that always pairs the best-ranked entry left, trying
partners in the order of preference of 4, bounded by the best pairing found so far, and done
as soon as a pairing floats no more than the score groups' sizes force; whether the rest can
still be paired freshly is remembered per set of entries. Small events are searched to the
end; past `NODE_BUDGET` steps the best pairing found stands (still free of avoidable
repeats, since the search never leaves a set that cannot be paired freshly)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

NODE_BUDGET = 5_000
Pair = tuple[str, str]


@dataclass(frozen=True)
class SwissRound:
    pairs: list[Pair]
    bye: str | None


def pair_round(
    ranked: Sequence[str],
    score: Mapping[str, float],
    met: Set[frozenset[str]],
    had_bye: Set[str],
    unplayed: Set[str] = frozenset(),
) -> SwissRound:
    """Pairs for entries ranked best first, given their scores, the pairs that have met, the
    entries that have had a bye and those that have not played a round yet."""
    ranked = list(ranked)
    bye = None
    if len(ranked) % 2:
        bye = _choose_bye(ranked, met, had_bye, unplayed)
        ranked.remove(bye)
    return SwissRound(_Search(ranked, score, met).run(), bye)


def _choose_bye(
    ranked: list[str], met: Set[frozenset[str]], had_bye: Set[str], unplayed: Set[str]
) -> str:
    candidates = [e for e in reversed(ranked) if e not in had_bye] or list(reversed(ranked))
    candidates.sort(key=lambda e: e in unplayed)  # stable: the lowest-ranked first in each
    for candidate in candidates:
        rest = [e for e in ranked if e != candidate]
        if _fresh_pairing_exists(rest, met):
            return candidate
    return candidates[0]


def _fresh_pairing_exists(entries: list[str], met: Set[frozenset[str]]) -> bool:
    return _Search(entries, {e: 0.0 for e in entries}, met).fresh(frozenset(range(len(entries))))


class _Search:
    def __init__(
        self, ranked: list[str], score: Mapping[str, float], met: Set[frozenset[str]]
    ) -> None:
        self.ranked = ranked
        self.scores = [float(score[e]) for e in ranked]
        count = len(ranked)
        self.repeat = [[frozenset((ranked[a], ranked[b])) in met for b in range(count)]
                       for a in range(count)]
        self.fresh_memo: dict[frozenset[int], bool] = {}
        self.best: tuple[int, int] | None = None
        self.least: tuple[int, int] = (0, 0)
        self.best_pairs: list[tuple[int, int]] = []
        self.nodes = 0

    # Whether the entries at these indexes can all be paired with no pair meeting twice.
    def fresh(self, left: frozenset[int]) -> bool:
        if not left:
            return True
        known = self.fresh_memo.get(left)
        if known is not None:
            return known
        first = min(left)
        rest = left - {first}
        found = any(
            not self.repeat[first][other] and self.fresh(rest - {other}) for other in sorted(rest)
        )
        self.fresh_memo[left] = found
        return found

    def run(self) -> list[Pair]:
        everyone = frozenset(range(len(self.ranked)))
        self.avoid_repeats = self.fresh(everyone)
        self.least = self._bound(everyone, (0, 0))
        self._extend(everyone, [], (0, 0))
        return [(self.ranked[a], self.ranked[b]) for a, b in self.best_pairs]

    def _bound(self, left: frozenset[int], cost: tuple[int, int]) -> tuple[int, int]:
        """(repeats, floats) no pairing of what is left can beat: each score group with an
        odd count left needs a float, and one float pair serves two such groups."""
        groups: dict[float, int] = {}
        for index in left:
            groups[self.scores[index]] = groups.get(self.scores[index], 0) + 1
        odd = sum(1 for size in groups.values() if size % 2)
        return (cost[0], cost[1] + (odd + 1) // 2)

    def _extend(
        self, left: frozenset[int], pairs: list[tuple[int, int]], cost: tuple[int, int]
    ) -> None:
        if self.best is not None and (
            self.best <= self.least
            or self._bound(left, cost) >= self.best
            or self.nodes > NODE_BUDGET
        ):
            return
        self.nodes += 1
        if not left:
            self.best, self.best_pairs = cost, list(pairs)
            return
        first = min(left)
        rest = left - {first}
        for other in self._partners(first, rest):
            after = rest - {other}
            repeat = self.repeat[first][other]
            if self.avoid_repeats and (repeat or not self.fresh(after)):
                continue
            floats = self.scores[first] != self.scores[other]
            step = (cost[0] + int(repeat), cost[1] + int(floats))
            pairs.append((first, other))
            self._extend(after, pairs, step)
            pairs.pop()

    def _partners(self, first: int, rest: frozenset[int]) -> list[int]:
        """Same group first, from the middle of the group down (top half v bottom half) and
        then back up; then other groups, nearest score first, lower groups before higher."""
        mine = self.scores[first]
        group = sorted(i for i in rest if self.scores[i] == mine)
        half = (len(group) + 1) // 2 - 1 if group else 0
        preferred = group[half:] + group[:half][::-1]
        others = sorted(
            (i for i in rest if self.scores[i] != mine),
            key=lambda i: (abs(self.scores[i] - mine), self.scores[i] > mine, i),
        )
        return preferred + others
