"""Numbers beyond the plain cases: unbounded integers, 32-bit floats and decimals.

JSON numbers may be long; CPython refuses to convert integers of more than 4,300 digits
to or from text. foryjson's own limit is 10,000 characters for any number (integer or
decimal), as in Fory; within it, long integers are converted in pieces, and past it the
error names the limit instead of surfacing CPython's ``ValueError``.

Decimals live in ``foryjson.decimals``, which generated modules import only where
their types hold decimals (or ``multiple_of`` constraints), so that the others never
load the ``decimal`` module.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Hashable, Iterable

from .errors import DecodeError, EncodeError, decode_mismatch, encode_mismatch
from .limits import MAX_NUMBER_CHARS
from .plain import NumberText

__all__ = [
    "INTEGER_RANGES",
    "MAX_NUMBER_CHARS",
    "NumberText",
    "as_float32",
    "first_repeat",
    "int_from_text",
    "number_text",
    "read_float32",
    "read_int_key",
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

#: The largest decimal exponent (scale) accepted, in either direction.
MAX_DECIMAL_EXPONENT = 10_000

# Below this magnitude int <-> str conversion never meets CPython's digit limit.
_SAFE_DIGITS = 4000
_SAFE_BOUND = 10**_SAFE_DIGITS


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
    single = as_float32(value)
    if single != single:
        return '"NaN"'
    if single in (_INFINITY, -_INFINITY):
        return '"Infinity"' if single > 0 else '"-Infinity"'
    for digits in range(1, 10):
        shortest = float(f"{single:.{digits}g}")
        if _round_float32(shortest) == single:
            # repr lays the shortest digits out as float does ("10.0", not "1e+01").
            return repr(shortest)
    return repr(single)  # pragma: no cover - nine digits always identify a float32


def as_float32(value: object) -> float:
    """The float32 a ``float32`` field's value stands for: a float or an ``int``
    rounded to the nearest float32, NaN and the infinities as they are; anything
    else, and finite values beyond float32's range, is an ``EncodeError``."""
    if type(value) is not float:
        if type(value) is not int:
            raise encode_mismatch(value, "float32")
        value = float(value) if abs(value) < 2**128 else _INFINITY
        if value == _INFINITY:
            raise EncodeError("integer out of range for float32")
    if value - value != 0.0:  # NaN and the infinities
        return value
    single = _round_float32(value)
    if single is None:
        raise EncodeError(f"{value!r} is out of range for float32")
    return single


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
