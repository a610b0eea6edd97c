"""Paired timing: two operations measured in alternating rounds on the same machine.

A noisy, shared machine slows both sides of a pair alike, so the median of per-round
ratios is steadier than either time alone.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Paired:
    """Medians of two operations timed in alternating rounds, and of their ratio."""

    first: float
    second: float
    ratio: float
    """Median over rounds of second / first."""
    low: float
    high: float
    """Range of the per-round ratios."""


def per_call(function: Callable[[], Any], number: int) -> float:
    """Seconds per call over ``number`` calls."""
    start = time.perf_counter()
    for _ in range(number):
        function()
    return (time.perf_counter() - start) / number


def paired(
    first: Callable[[], Any],
    second: Callable[[], Any],
    rounds: int = 31,
    number: int = 2000,
) -> Paired:
    """Time two operations in alternating order (A B, B A, ...) after a warm-up."""
    per_call(first, number)
    per_call(second, number)
    firsts, seconds, ratios = [], [], []
    for round_ in range(rounds):
        if round_ % 2:
            b, a = per_call(second, number), per_call(first, number)
        else:
            a, b = per_call(first, number), per_call(second, number)
        firsts.append(a)
        seconds.append(b)
        ratios.append(b / a)
    return Paired(
        statistics.median(firsts),
        statistics.median(seconds),
        statistics.median(ratios),
        min(ratios),
        max(ratios),
    )
