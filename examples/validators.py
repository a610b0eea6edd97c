"""Validators that the example schemas name with ``validator: examples.validators:...``."""

from __future__ import annotations

from typing import Protocol


class _Period(Protocol):
    start: int
    end: int


def check_period(period: _Period) -> None:
    """A period must not end before it starts."""
    if period.end < period.start:
        raise ValueError(f"ends at {period.end}, before it starts at {period.start}")
