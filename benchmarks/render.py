"""Draw time and PNG size for every gallery image.

    .venv/bin/python -m benchmarks.render [--rounds N]

Each image is drawn once to warm the caches (card faces, board, fonts), then N more times.
Prints median and p95 draw time (view -> PNG bytes, encoding included) and the PNG size,
and the median CPU time of this process, which a machine busy with other work inflates far
less than the wall-clock figures the targets are stated in.
Targets on the project machine (issue 13): a table image within 40 ms (median) and 80 ms
(p95), the tables' PNG sizes within 150 KB at the 95th percentile; a hand image under 15 ms
(median).
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks.stats import percentile
from render.gallery import draw, sample_views

TABLE_MS, TABLE_P95_MS, TABLE_KB, HAND_MS = 40.0, 80.0, 150.0, 15.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    samples = list(sample_views())
    print(f"{'image':<44} {'median ms':>9} {'p95 ms':>7} {'cpu ms':>6} {'KB':>6}  target")
    misses = 0
    table_sizes = []
    for sample in samples:
        png = draw(sample)  # warm-up: fills the caches a running bot keeps
        times, cpu_times = [], []
        for _ in range(args.rounds):
            start, cpu_start = time.perf_counter(), time.process_time()
            png = draw(sample)
            times.append((time.perf_counter() - start) * 1000)
            cpu_times.append((time.process_time() - cpu_start) * 1000)
        median, p95, size = statistics.median(times), percentile(times, 0.95), len(png) / 1024
        if sample.kind == "table":
            table_sizes.append(size)
            ok = median <= TABLE_MS and p95 <= TABLE_P95_MS and size <= TABLE_KB
            target = f"≤{TABLE_MS:.0f}/{TABLE_P95_MS:.0f} ms, ≤{TABLE_KB:.0f} KB"
        else:
            ok = median < HAND_MS
            target = f"<{HAND_MS:.0f} ms"
        misses += not ok
        cpu = statistics.median(cpu_times)
        print(f"{sample.filename:<44} {median:9.1f} {p95:7.1f} {cpu:6.1f} {size:6.1f}  "
              f"{target} {'ok' if ok else 'MISSED'}")
    size_p95 = percentile(table_sizes, 0.95) if table_sizes else 0.0
    print(f"table PNG size p95: {size_p95:.1f} KB (target ≤{TABLE_KB:.0f} KB)")
    print(f"{len(samples)} images, {len(samples) - misses} within target, {misses} missed")


if __name__ == "__main__":
    main()
