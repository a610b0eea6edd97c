"""Existing classes and codecs that schemas/bindings.yaml binds to generated codecs."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from foryjson import DecodeError, EncodeError


@dataclass(frozen=True)
class Point:
    """A dataclass the generated codec reads and writes without owning it."""

    x: float
    y: float


class Label:
    """A plain class with a keyword constructor and the fields as attributes."""

    def __init__(self, *, text: str, at: Point) -> None:
        self.text = text
        self.at = at

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Label) and (self.text, self.at) == (
            other.text,
            other.at,
        )

    def __repr__(self) -> str:
        return f"Label(text={self.text!r}, at={self.at!r})"


class CentsCodec:
    """Writes a Decimal amount as integer cents; reads the cents back."""

    def encode(self, value: object) -> str:
        if not isinstance(value, Decimal):
            raise EncodeError(f"expected a Decimal amount, got {type(value).__name__}")
        cents = value * 100
        if cents != cents.to_integral_value():
            raise EncodeError(f"{value} has fractions of a cent")
        if not abs(cents) < MAX_CENTS:
            raise EncodeError(f"{value} does not fit in 28 digits of cents")
        return str(int(cents))

    def decode(self, data: object) -> Decimal:
        if type(data) is not int:
            raise DecodeError("expected whole cents")
        if not abs(data) < MAX_CENTS:
            raise DecodeError("expected at most 28 digits of cents")
        return Decimal(data) / 100


#: Decimal's default precision holds 28 digits: more would be rounded, not exact.
MAX_CENTS = 10**28


CENTS = CentsCodec()
