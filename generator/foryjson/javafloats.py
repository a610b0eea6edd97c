"""Floats spelled as Java spells them: JDK 19+ ``Double.toString`` and ``Float.toString``.

Java picks the decimal that reads back to the value with the fewest digits, the one
closest to the value among those, and, where that shortest decimal has a single digit,
a two-digit one if it is closer (``4.9E-324`` for the smallest double, where Python
writes ``5e-324``). It lays the digits out plainly from 10^-3 up to 10^7
(``100.0``, ``0.001``, ``1234567.0``) and in computerized scientific notation outside
(``1.0E7``, ``1.0E-4``, ``1.7976931348623157E308``), always with a digit after the point.

Doubles start from ``repr``, whose digits are the shortest and closest ones; 32-bit
floats are searched exactly, length by length, against the interval of decimals that
round to them.
"""

from __future__ import annotations

import math
import struct

from .numbers import as_float32
from .writer import as_float

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from fractions import Fraction

__all__ = ["write_float32_java", "write_float_java"]

_INFINITY = float("inf")
_FLOAT32 = struct.Struct("<f")
_BITS32 = struct.Struct("<I")


def write_float_java(value: object) -> str:
    """Write a float (or an ``int``, as the float it converts to) as Java's
    ``Double.toString`` does; NaN and the infinities as the strings ``"NaN"``,
    ``"Infinity"`` and ``"-Infinity"``, as for the default spelling."""
    value = as_float(value)
    special = _special(value)
    if special is not None:
        return special
    digits, exponent = _digits(repr(abs(value)))
    if len(digits) == 1:
        # Java's rule for one-digit decimals: a closer two-digit one wins.
        closest = f"{abs(value):.1e}"
        two, two_exponent = _digits(closest)
        if len(two) == 2 and float(closest) == abs(value):
            digits, exponent = two, two_exponent
    return _layout(value < 0, digits, exponent)


def write_float32_java(value: object) -> str:
    """Write a 32-bit float as Java's ``Float.toString`` does.

    The value is first rounded to the nearest float32; values beyond float32's range
    are an ``EncodeError``, as for the default spelling.
    """
    single = as_float32(value)
    special = _special(single)
    if special is not None:
        return special
    digits, exponent = _shortest_float32(abs(single))
    return _layout(single < 0, digits, exponent)


def _special(value: float) -> str | None:
    """The text of zeros, NaN and the infinities; None for other floats."""
    if value == 0.0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    if value != value:
        return '"NaN"'
    if value in (_INFINITY, -_INFINITY):
        return '"Infinity"' if value > 0 else '"-Infinity"'
    return None


def _digits(text: str) -> tuple[str, int]:
    """The significant digits of a positive number's text (``repr`` or ``%e``), and
    the power of ten of the first: ``"0.00125"`` -> ``("125", -3)``."""
    mantissa, _, power = text.partition("e")
    whole, _, fraction = mantissa.partition(".")
    written = whole + fraction
    significant = written.lstrip("0")
    point = len(whole) + int(power or 0) - (len(written) - len(significant))
    return significant.rstrip("0"), point - 1


def _layout(negative: bool, digits: str, exponent: int) -> str:
    """Java's layout of ``digits`` whose first digit stands for 10^``exponent``."""
    sign = "-" if negative else ""
    if -3 <= exponent < 7:
        if exponent < 0:
            return f"{sign}0.{'0' * (-exponent - 1)}{digits}"
        whole = digits[: exponent + 1].ljust(exponent + 1, "0")
        return f"{sign}{whole}.{digits[exponent + 1 :] or '0'}"
    return f"{sign}{digits[0]}.{digits[1:] or '0'}E{exponent}"


def _shortest_float32(single: float) -> tuple[str, int]:
    """The digits Java's ``Float.toString`` picks for a positive float32, and the
    power of ten of the first."""
    from fractions import Fraction

    low, high, closed = _float32_interval(single)
    exact = Fraction(single)

    def rounds_to_single(candidate: tuple[int, int]) -> bool:
        value = _decimal_value(candidate)
        if closed:
            return low <= value <= high
        return low < value < high

    def distance(candidate: tuple[int, int]) -> tuple[Fraction, int]:
        # The closest, then the one with an even last digit.
        return abs(_decimal_value(candidate) - exact), candidate[0] % 2

    for length in range(1, 10):
        members = [c for c in _nearest(single, length) if rounds_to_single(c)]
        if members:
            if length == 1:
                members += [c for c in _nearest(single, 2) if rounds_to_single(c)]
            coefficient, power = min(members, key=distance)
            text = str(coefficient)
            return text.rstrip("0"), power + len(text) - 1
    raise AssertionError("nine digits identify every float32")  # pragma: no cover


def _nearest(value: float, length: int) -> list[tuple[int, int]]:
    """The decimal of ``length`` digits closest to ``value`` and its two neighbours,
    each as (coefficient, power of ten of its last digit)."""
    mantissa, _, power = f"{value:.{length - 1}e}".partition("e")
    coefficient = int(mantissa.replace(".", ""))
    last = int(power) - length + 1
    return [(coefficient + step, last) for step in (-1, 0, 1) if coefficient + step > 0]


def _decimal_value(candidate: tuple[int, int]) -> Fraction:
    from fractions import Fraction

    coefficient, power = candidate
    return Fraction(coefficient) * Fraction(10) ** power


def _float32_interval(single: float) -> tuple[Fraction, Fraction, bool]:
    """The bounds of the reals that round to a positive float32, and whether the
    bounds themselves do (ties go to the even significand)."""
    from fractions import Fraction

    bits = _BITS32.unpack(_FLOAT32.pack(single))[0]
    below = Fraction(_FLOAT32.unpack(_BITS32.pack(bits - 1))[0])
    exact = Fraction(single)
    if bits + 1 == 0x7F800000:  # the largest float32: the gap above as below
        above = exact + (exact - below)
    else:
        above = Fraction(_FLOAT32.unpack(_BITS32.pack(bits + 1))[0])
    return (below + exact) / 2, (exact + above) / 2, bits % 2 == 0
