"""Small statistics shared by the benchmark scripts."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 0) with no trials."""
    if trials == 0:
        return 0.0, 0.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    half /= 1 + z * z / trials
    return centre - half, centre + half


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: share 0.5 is the median, 0.95 the p95."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of `values` and its normal 95% interval (by default): (mean, low, high).
    At least two values."""
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half
