"""Numbers beyond the plain cases: unbounded integers, 32-bit floats and decimals.

JSON numbers may be long; CPython refuses to convert integers of more than 4,300 digits
to or from text. foryjson's own limit is 10,000 characters for any number (integer or
decimal), as in Fory; within it, long integers are converted in pieces, and past it the
error names the limit instead of surfacing CPython's ``ValueError``.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Hashable, Iterable
from contextvars import ContextVar
from decimal import Decimal, InvalidOperation, localcontext
from typing import Protocol

from .errors import DecodeError, EncodeError, decode_mismatch, encode_mismatch
from .plain import NumberText

__all__ = [
    "FLOAT_TEXTS",
    "INTEGER_RANGES",
    "MAX_NUMBER_CHARS",
    "FloatTexts",
    "InexactFloat",
    "NumberText",
    "first_repeat",
    "int_from_text",
    "is_multiple",
    "number_text",
    "read_decimal",
    "read_decimal_string",
    "read_float32",
    "read_int_key",
    "write_decimal",
    "write_decimal_string",
    "write_float32",
    "write_int",
    "write_number_text",
]

#: The value range of each sized integer type.
INTEGER_RANGES: dict[str, tuple[int, int]] = {
    "int8": (-(2**7), 2**7 - 1),
    "int16": (-(2**15), 2**15 - 1),
    "int32": (-(2**31), 2**31 - 1),
    "int64": (-(2**63), 2**63 - 1),
    "uint8": (0, 2**8 - 1),
    "uint16": (0, 2**16 - 1),
    "uint32": (0, 2**32 - 1),
    "uint64": (0, 2**64 - 1),
}

#: The longest number foryjson reads or writes, in characters (as Fory).
MAX_NUMBER_CHARS = 10_000
#: The largest decimal exponent (scale) accepted, in either direction.
MAX_DECIMAL_EXPONENT = 10_000

# Below this magnitude int <-> str conversion never meets CPython's digit limit.
_SAFE_DIGITS = 4000
_SAFE_BOUND = 10**_SAFE_DIGITS


class FloatTexts(Protocol):
    """The exact texts of the numbers of one document that orjson read as floats."""

    def decimal(self, value: float) -> Decimal:
        """The number read as ``value``, as ``read_decimal`` reads its exact text;
        ``InexactFloat`` where that text is not known for sure."""


class InexactFloat(Exception):
    """A decimal met a float of a document whose exact text is not known for sure.

    Raised only while the reader decodes orjson's values of a document (see
    ``FLOAT_TEXTS``); the reader then decodes the document again from the standard
    library's exact values, so this never escapes ``from_json``.
    """


#: While the reader decodes orjson's values of a document whose type holds decimals,
#: the exact texts of its floats (``reader.decimal_from`` reads decimal fields with
#: them); None otherwise.
FLOAT_TEXTS: ContextVar[FloatTexts | None] = ContextVar(
    "foryjson_float_texts", default=None
)

_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_FLOAT32 = struct.Struct("<f")


def int_from_text(text: str) -> int:
    """Convert the digits of a JSON integer of any length up to the number limit."""
    if len(text) > MAX_NUMBER_CHARS:
        raise DecodeError(
            f"number of {len(text)} characters exceeds the limit of {MAX_NUMBER_CHARS}"
        )
    if len(text) <= _SAFE_DIGITS:
        return int(text)
    negative = text.startswith("-")
    digits = text[1:] if negative else text
    value = 0
    for start in range(0, len(digits), _SAFE_DIGITS):
        chunk = digits[start : start + _SAFE_DIGITS]
        value = value * 10 ** len(chunk) + int(chunk)
    return -value if negative else value


_INTEGER_KEY = re.compile(r"0|-?[1-9][0-9]*")


def read_int_key(key: str, kind: str) -> int:
    """Read an object key that stands for an integer of a type (``int`` or sized).

    Only the canonical decimal form is accepted: no sign on zero's behalf, no leading
    zeros, no spaces, as the key's writer produces it.
    """
    if not _INTEGER_KEY.fullmatch(key) or (kind != "int" and len(key) > 21):
        raise decode_mismatch(key, f"an {kind} key")
    value = int_from_text(key)
    if kind != "int":
        low, high = INTEGER_RANGES[kind]
        if not low <= value <= high:
            raise decode_mismatch(key, f"an {kind} key")
    return value


def write_int(value: object) -> str:
    """Write an unbounded ``int``; more than 10,000 characters is an ``EncodeError``."""
    if type(value) is not int:
        raise encode_mismatch(value, "int")
    if -_SAFE_BOUND < value < _SAFE_BOUND:
        return int.__repr__(value)
    magnitude = -value if value < 0 else value
    pieces = []
    while magnitude:
        magnitude, low = divmod(magnitude, _SAFE_BOUND)
        pieces.append(int.__repr__(low))
    text = pieces[-1] + "".join(
        piece.zfill(_SAFE_DIGITS) for piece in reversed(pieces[:-1])
    )
    if value < 0:
        text = "-" + text
    if len(text) > MAX_NUMBER_CHARS:
        raise EncodeError(
            f"integer of {len(text)} digits exceeds the limit of {MAX_NUMBER_CHARS} characters"
        )
    return text


def write_number_text(value: NumberText) -> str:
    """Write a ``NumberText`` verbatim, after checking that it is one JSON number.

    The reader only makes valid ones, but the class is public: text such as
    ``"[oops"`` would otherwise go into the document as it is.
    """
    text = str.__str__(value)
    if len(text) > MAX_NUMBER_CHARS:
        raise EncodeError(
            f"number of {len(text)} characters exceeds the limit of {MAX_NUMBER_CHARS}"
        )
    if _JSON_NUMBER.fullmatch(text) is None:
        raise EncodeError(f"NumberText {_shorten(text)!r} is not one JSON number")
    return text


def _shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def write_float32(value: object) -> str:
    """Write a 32-bit float as the shortest text that reads back to the same float32.

    The value is first rounded to the nearest float32; values beyond float32's range
    are an ``EncodeError``. NaN and the infinities are written as strings, like float.
    """
    if type(value) is not float:
        if type(value) is not int:
            raise encode_mismatch(value, "float32")
        value = float(value) if abs(value) < 2**128 else _INFINITY
        if value == _INFINITY:
            raise EncodeError("integer out of range for float32")
    if value != value:
        return '"NaN"'
    if value in (_INFINITY, -_INFINITY):
        return '"Infinity"' if value > 0 else '"-Infinity"'
    single = _round_float32(value)
    if single is None:
        raise EncodeError(f"{value!r} is out of range for float32")
    for digits in range(1, 10):
        shortest = float(f"{single:.{digits}g}")
        if _round_float32(shortest) == single:
            # repr lays the shortest digits out as float does ("10.0", not "1e+01").
            return repr(shortest)
    return repr(single)  # pragma: no cover - nine digits always identify a float32


def _round_float32(value: float) -> float | None:
    """The nearest float32 to a finite float, or None beyond float32's range."""
    try:
        return float(_FLOAT32.unpack(_FLOAT32.pack(value))[0])
    except OverflowError:
        return None


_INFINITY = float("inf")
_SPECIAL = {"NaN": float("nan"), "Infinity": _INFINITY, "-Infinity": -_INFINITY}


def read_float32(data: object) -> float:
    """Read a number (or a NaN/Infinity string) as the nearest float32 value."""
    if type(data) is float or type(data) is NumberText or type(data) is int:
        try:
            value = float(data)
        except OverflowError:
            raise DecodeError("number out of range for float32") from None
    elif type(data) is str and data in _SPECIAL:
        return _SPECIAL[data]
    else:
        raise decode_mismatch(data, "float32")
    single = _round_float32(value) if value - value == 0 else None
    if single is None:
        raise DecodeError(f"{data} is out of range for float32")
    return single


def _check_decimal(value: Decimal) -> Decimal:
    exponent = Decimal.as_tuple(value).exponent
    if not isinstance(exponent, int):
        raise EncodeError(f"{value} has no JSON form: decimals must be finite")
    if abs(exponent) > MAX_DECIMAL_EXPONENT:
        raise EncodeError(
            f"decimal exponent {exponent} exceeds the limit of {MAX_DECIMAL_EXPONENT}"
        )
    return value


def write_decimal(value: object) -> str:
    """Write a ``Decimal`` (or an ``int``) exactly, as a bare JSON number."""
    if type(value) is Decimal:
        text = Decimal.__str__(value)
        # Plain notation (no "E") means an exponent of at most 0 whose magnitude, the
        # count of fraction digits, is below the text's length: within both limits
        # once the length is, with no need for the costly as_tuple().
        if "E" not in text and len(text) <= MAX_NUMBER_CHARS and value.is_finite():
            return text
    return _write_decimal_checked(value)


def _write_decimal_checked(value: object) -> str:
    if type(value) is int:
        return write_int(value)
    if not isinstance(value, Decimal):
        raise encode_mismatch(value, "decimal")
    text = Decimal.__str__(_check_decimal(value))
    if len(text) > MAX_NUMBER_CHARS:
        text = _shortest_decimal_text(value)
    if len(text) > MAX_NUMBER_CHARS:
        raise EncodeError(f"decimal of {len(text)} characters exceeds the limit")
    return text


def _shortest_decimal_text(value: Decimal) -> str:
    """The shortest JSON number text that reads back as exactly ``value``.

    ``str(Decimal)`` may be longer than the text the value was read from (9,998 digits
    then ``e5`` comes back with a point and ``E+10002``), so a decimal the reader
    accepted could not be written. Moving the point within the digits keeps the
    coefficient and exponent, hence the exact value: the point placed where the
    exponent vanishes, the digits as an integer with the exponent, or one digit
    before the point. One of these is never longer than the text that was read.
    """
    # Decimal's own: a subclass's as_tuple must not choose the text.
    sign, digit_tuple, exponent = Decimal.as_tuple(value)
    assert isinstance(exponent, int)  # finite: checked by the caller
    digits = "".join(map(str, digit_tuple))
    head = "-" if sign else ""
    candidates = [f"{digits}E{exponent}"]
    if len(digits) > 1:
        candidates.append(f"{digits[0]}.{digits[1:]}E{exponent + len(digits) - 1}")
    point = len(digits) + exponent  # where the point goes for no exponent at all
    if 0 < point < len(digits):
        candidates.append(f"{digits[:point]}.{digits[point:]}")
    elif point <= 0:
        candidates.append(f"0.{'0' * -point}{digits}")
    return head + min(candidates, key=len)


def write_decimal_string(value: object) -> str:
    """Write a decimal exactly, as a JSON string (the ``string`` format)."""
    return '"' + write_decimal(value) + '"'


def _decimal_from_text(text: str) -> Decimal:
    if len(text) > MAX_NUMBER_CHARS:
        raise DecodeError(
            f"number of {len(text)} characters exceeds the limit of {MAX_NUMBER_CHARS}"
        )
    # The exponent is checked on the text, before Decimal does any arithmetic.
    marker = max(text.find("e"), text.find("E"))
    if marker >= 0 and len(text[marker + 1 :].lstrip("+-").lstrip("0")) > 6:
        raise DecodeError(f"decimal exponent in {text[:40]!r} exceeds the limit")
    value = Decimal(text)
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int)
    if abs(exponent) > MAX_DECIMAL_EXPONENT:
        raise DecodeError(
            f"decimal exponent {exponent} exceeds the limit of {MAX_DECIMAL_EXPONENT}"
        )
    return value


def read_decimal(data: object) -> Decimal:
    """Read a JSON number exactly as a ``Decimal``."""
    if type(data) is NumberText:
        # Without an exponent, the scale is the count of fraction digits: short text
        # is within every limit.
        if len(data) <= 100 and "e" not in data and "E" not in data:
            return Decimal(data)
        return _decimal_from_text(data)
    if type(data) is int:
        return Decimal(data)
    if type(data) is float:
        if FLOAT_TEXTS.get() is not None:
            # orjson's float, met by a caller that does not look its text up (a
            # validator, a module generated before decimal_from): read it exactly.
            raise InexactFloat
        # A document read without exact numbers.
        return Decimal(repr(data))
    raise decode_mismatch(data, "decimal")


def read_decimal_string(data: object) -> Decimal:
    """Read a decimal written as a JSON string holding a JSON number."""
    if type(data) is not str or not _JSON_NUMBER.fullmatch(data):
        raise decode_mismatch(data, 'decimal text such as "12.50"')
    try:
        return _decimal_from_text(data)
    except InvalidOperation:  # pragma: no cover - the pattern admits only valid text
        raise decode_mismatch(data, "decimal text") from None


def is_multiple(value: int | float | Decimal, divisor: str) -> bool:
    """Whether a number is an exact multiple of ``divisor`` (given as decimal text).

    Floats are taken at their shortest decimal text, so 0.3 is a multiple of 0.1.
    """
    number = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    if not number.is_finite():
        return False
    step = Decimal(divisor)
    with localcontext() as context:
        # The remainder is exact only if the whole quotient fits in the precision;
        # the default 28 digits fail on long numbers with DivisionImpossible.
        context.prec = max(context.prec, number.adjusted() - step.adjusted() + 3)
        return number % step == 0


def first_repeat(items: Iterable[Hashable]) -> object:
    """The first item that appears a second time, for a ``unique`` rule's message."""
    seen: set[Hashable] = set()
    for item in items:
        if item in seen:
            return item
        seen.add(item)
    return None


def number_text(value: object) -> str:
    """A number for a message; an integer too long to print is summarized, not refused."""
    if isinstance(value, int) and value.bit_length() > 3_000:
        return f"(an integer of {value.bit_length()} bits)"
    return str(value)
