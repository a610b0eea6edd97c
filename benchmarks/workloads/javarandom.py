"""Bit-exact ports of java.util.Random, commons-lang3 strings and Double.toString.

The Java generators of the workloads draw every value from one ``java.util.Random``; the
port below reproduces its 48-bit linear congruential generator call for call, so that a
seed gives the same values, and so the same JSON bytes, as on the JVM.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

_MULTIPLIER = 0x5DEECE66D
_ADDEND = 0xB
_MASK = (1 << 48) - 1
_INT_MIN = -(1 << 31)
_LONG_MIN = -(1 << 63)
_DOUBLE_UNIT = 1.0 / (1 << 53)

# RandomStringUtils.random(count, 0, 0, letters, numbers, null, rnd) draws code points
# from ' ' (32) up to 'z' (122): nextInt(91) + 32. Within that range Character.isLetter
# and Character.isDigit are true exactly for the ASCII letters and digits.
_GAP = 91
_FIRST = 32


def _table(letters: bool, numbers: bool) -> tuple[str, ...]:
    """Per drawn offset, the character kept, or "" when RandomStringUtils redraws."""
    return tuple(
        (
            chr(c)
            if (letters and chr(c).isascii() and chr(c).isalpha())
            or (numbers and chr(c).isdigit())
            else ""
        )
        for c in range(_FIRST, _FIRST + _GAP)
    )


_TABLES = {
    (letters, numbers): _table(letters, numbers)
    for letters in (False, True)
    for numbers in (False, True)
    if letters or numbers
}


def _int32(value: int) -> int:
    """Wraps an integer to Java's signed 32-bit range."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value & 0x80000000 else value


def _int64(value: int) -> int:
    """Wraps an integer to Java's signed 64-bit range."""
    value &= 0xFFFFFFFFFFFFFFFF
    return value - (1 << 64) if value & (1 << 63) else value


def java_abs_int(value: int) -> int:
    """``Math.abs(int)``: Integer.MIN_VALUE stays negative, as on the JVM."""
    return value if value == _INT_MIN else abs(value)


def java_abs_long(value: int) -> int:
    """``Math.abs(long)``: Long.MIN_VALUE stays negative, as on the JVM."""
    return value if value == _LONG_MIN else abs(value)


class JavaRandom:
    """``java.util.Random``: same seed, same sequence of values, call for call."""

    __slots__ = ("_seed",)

    def __init__(self, seed: int) -> None:
        """Seeds as ``new Random(seed)`` does: the seed XOR the multiplier."""
        self._seed = (seed ^ _MULTIPLIER) & _MASK

    def next(self, bits: int) -> int:
        """``next(bits)``: the top ``bits`` of the advanced 48-bit state, a Java int."""
        self._seed = (self._seed * _MULTIPLIER + _ADDEND) & _MASK
        return _int32(self._seed >> (48 - bits))

    def next_int(self, bound: int | None = None) -> int:
        """``nextInt()`` without a bound, or ``nextInt(bound)`` in ``[0, bound)``."""
        if bound is None:
            return self.next(32)
        if bound <= 0:
            raise ValueError("bound must be positive")
        r = self.next(31)
        m = bound - 1
        if bound & m == 0:
            # Powers of two take the high bits, which are the better ones of an LCG.
            return (bound * r) >> 31
        u = r
        r = u % bound
        # Java rejects the top, incomplete stretch of values: there, u - r + m overflows
        # the int range and so reads as negative.
        while u - r + m >= 1 << 31:
            u = self.next(31)
            r = u % bound
        return r

    def next_long(self) -> int:
        """``nextLong()``: two 32-bit draws, the low one added as a signed int."""
        return _int64((self.next(32) << 32) + self.next(32))

    def next_double(self) -> float:
        """``nextDouble()``: 53 random bits scaled by 2^-53."""
        return ((self.next(26) << 27) + self.next(27)) * _DOUBLE_UNIT

    def next_boolean(self) -> bool:
        """``nextBoolean()``."""
        return self.next(1) != 0

    def next_bytes(self, length: int) -> bytes:
        """``nextBytes(new byte[length])``: each nextInt() fills 4 bytes, low first."""
        out = bytearray()
        for _ in range(0, length, 4):
            out += (self.next(32) & 0xFFFFFFFF).to_bytes(4, "little")
        return bytes(out[:length])

    def next_int_between(self, start: int, end: int) -> int:
        """The benchmark's ``nextInt(start, end)``: start + nextInt(end - start)."""
        if start == end:
            return start
        return start + self.next_int(end - start)

    def next_double_between(self, start: float, end: float) -> float:
        """``nextDouble(start, end)`` of the benchmark's RandomUtils."""
        if start == end:
            return start
        return start + (end - start) * self.next_double()

    def random_string(self, count: int, letters: bool, numbers: bool) -> str:
        """commons-lang3 3.12 ``RandomStringUtils.random(count, 0, 0, letters, numbers,
        null, rnd)``, for ``letters or numbers``.

        Each character is a draw of ``nextInt(91) + 32`` kept only when it is an ASCII
        letter (with ``letters``) or digit (with ``numbers``); otherwise it is drawn
        again.
        """
        table = _TABLES[(letters, numbers)]
        chars: list[str] = []
        seed = self._seed
        # nextInt(91) inlined: this loop makes most of the generation time.
        while len(chars) < count:
            seed = (seed * _MULTIPLIER + _ADDEND) & _MASK
            u = seed >> 17
            r = u % _GAP
            if u - r + _GAP - 1 >= 1 << 31:
                continue  # rejected by nextInt itself, which draws again
            char = table[r]
            if char:
                chars.append(char)
        self._seed = seed
        return "".join(chars)

    def alphanumeric(self, count: int) -> str:
        """``randomAlphanumeric(count)``."""
        return self.random_string(count, True, True)

    def alphabetic(self, count: int) -> str:
        """``randomAlphabetic(count)``."""
        return self.random_string(count, True, False)

    def numeric(self, count: int) -> str:
        """``randomNumeric(count)``."""
        return self.random_string(count, False, True)


def _shortest_digits(value: float) -> tuple[str, int]:
    """Digits and exponent of the decimal ``Double.toString`` picks for a positive
    finite double, which is about ``d1.d2d3... * 10 ** exponent``.

    Python's repr already gives the shortest decimal that rounds back to the double,
    the closest one when several are shortest. Java (JDK 19 and later) chooses the same,
    except that a one-digit shortest decimal competes with the two-digit ones and the
    closest of those wins (so 2^-1074 is 4.9E-324, where repr says 5e-324).
    """
    _, digit_tuple, exponent = Decimal(repr(value)).as_tuple()
    assert isinstance(exponent, int)
    digits = "".join(map(str, digit_tuple)).rstrip("0") or "0"
    scientific = exponent + len(digit_tuple) - 1
    if len(digits) == 1:
        exact = Fraction(value)
        one = Fraction(Decimal(f"{digits}E{scientific}"))
        two = Decimal(format(Decimal(value), ".1e"))  # two significant digits
        if float(two) == value and abs(Fraction(two) - exact) < abs(one - exact):
            _, two_tuple, two_exponent = two.as_tuple()
            assert isinstance(two_exponent, int)
            digits = "".join(map(str, two_tuple)).rstrip("0")
            scientific = two_exponent + len(two_tuple) - 1
    return digits, scientific


def java_double_to_string(value: float) -> str:
    """``Double.toString(value)``: the shortest round-trip digits, laid out Java's way.

    Values in [1e-3, 1e7) are plain decimals with at least one fraction digit
    (``0.5``, ``12.0``); others use ``E`` notation with one integer digit and at least
    one fraction digit (``1.234567E-8``, ``1.0E7``).
    """
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0.0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    sign = "-" if value < 0 else ""
    digits, exponent = _shortest_digits(abs(value))
    if -3 <= exponent < 7:
        if exponent >= 0:
            whole = digits[: exponent + 1].ljust(exponent + 1, "0")
            fraction = digits[exponent + 1 :] or "0"
        else:
            whole = "0"
            fraction = "0" * (-exponent - 1) + digits
        return f"{sign}{whole}.{fraction}"
    return f"{sign}{digits[0]}.{digits[1:] or '0'}E{exponent}"


def big_decimal_value_of(value: float) -> Decimal:
    """``BigDecimal.valueOf(double)``: the decimal parsed from ``Double.toString``.

    The result keeps Java's scale: ``str()`` of it is ``BigDecimal.toString()`` and
    ``format(d, "f")`` is ``toPlainString()``, since both follow the same decimal
    arithmetic specification.
    """
    return Decimal(java_double_to_string(value))
