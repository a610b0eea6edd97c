"""Decimals, read and written exactly.

Kept apart from ``foryjson.numbers`` so that codecs without decimals never import the
``decimal`` module: generated modules import this one only where their types hold
decimals or ``multiple_of`` constraints. Decimal text is limited to
``MAX_NUMBER_CHARS`` characters and exponents to ``MAX_DECIMAL_EXPONENT``, as in Fory.
"""

from __future__ import annotations

import functools
from decimal import Decimal, InvalidOperation, getcontext, localcontext

from .errors import DecodeError, EncodeError, decode_mismatch, encode_mismatch
from .limits import MAX_NUMBER_CHARS
from .numbers import _JSON_NUMBER, MAX_DECIMAL_EXPONENT, write_int
from .plain import FLOAT_TEXTS, InexactFloat, NumberText

__all__ = [
    "decimal_from",
    "is_multiple",
    "read_decimal",
    "read_decimal_string",
    "write_decimal",
    "write_decimal_string",
]


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


_INFINITIES = (float("inf"), float("-inf"))


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
        if data != data or data in _INFINITIES:  # from_builtins: no document has them
            raise decode_mismatch(data, "decimal")
        # A document read without exact numbers.
        return Decimal(repr(data))
    raise decode_mismatch(data, "decimal")


def decimal_from(value: object) -> Decimal:
    """Read the plain value of a decimal field, as ``read_decimal`` does.

    Generated decoders call this. While a document that orjson read is decoded, a
    float is read from the exact text it had in the document (see
    ``reader.decode``); where that text is not known for sure, the document is
    decoded again by the standard library.
    """
    if type(value) is float:
        texts = FLOAT_TEXTS.get()
        if texts is not None:
            return texts.decimal(value)
    return read_decimal(value)


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
    if type(value) is Decimal:
        number = value
    else:
        number = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    if not number.is_finite():
        return False
    step = _divisor(divisor)
    # The remainder is exact only if the whole quotient fits in the precision; the
    # default 28 digits fail on long numbers with DivisionImpossible. Most numbers
    # fit, and need no context of their own (the costliest part of this check).
    needed = number.adjusted() - step.adjusted() + 3
    if needed <= getcontext().prec:
        return number % step == 0
    with localcontext() as context:
        context.prec = needed
        return number % step == 0


@functools.cache
def _divisor(text: str) -> Decimal:
    return Decimal(text)
