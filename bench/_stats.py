"""Percentiles and the summary lines every benchmark prints."""

from __future__ import annotations

import math
from typing import Iterable, Sequence


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (0-100) with linear interpolation between the closest ranks."""
    if not values:
        raise ValueError("no samples")
    ordered = sorted(values)
    rank = (len(ordered) - 1) * p / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def describe(values: Sequence[float], ps: Iterable[float], unit: str, scale: float = 1.0,
             digits: int = 1) -> str:
    """'p50=1.2 p99=3.4 ms (n=100)' for values in seconds shown scaled (1e3: ms, 1e6: µs)."""
    parts = [f"{_label(p)}={percentile(values, p) * scale:.{digits}f}" for p in ps]
    return f"{' '.join(parts)} {unit} (n={len(values)})"


def verdict(met: bool) -> str:
    """PASS or MISS: benchmarks report, they never assert."""
    return "PASS" if met else "MISS"


def _label(p: float) -> str:
    return "max" if p == 100 else "min" if p == 0 else f"p{p:g}"
