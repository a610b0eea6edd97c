"""Turn JSON text into plain Python values, strictly, with the standard library's C scanner.

The scanner does the character work; this module adds what RFC 8259 asks for and the
``json`` module does not enforce (bare ``NaN``/``Infinity`` rejected, strict UTF-8 for
binary input, no byte-order mark) and turns every failure into a ``DecodeError`` with the
position of the fault. Generated decoders then convert the plain values to typed objects.
"""

from __future__ import annotations

import json
import json.scanner
import re
from collections.abc import Callable
from typing import Any, TypeVar

from .errors import DecodeError, decode_mismatch
from .numbers import NumberText, int_from_text

__all__ = ["DEFAULT_MAX_INPUT_BYTES", "InputData", "decode", "float_from", "read"]

InputData = str | bytes | bytearray | memoryview

#: Largest accepted input, in bytes (characters for ``str`` input); about 64 MiB.
DEFAULT_MAX_INPUT_BYTES = 64 * 1024 * 1024

_WHITESPACE = re.compile(r"[ \t\n\r]*")
# Finds the first bare constant outside a string, on the error path only.
_BARE_CONSTANT = re.compile(r'"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)', re.DOTALL)


T = TypeVar("T")


# The scanner's wording, made consistent with the rest of foryjson's messages.
_MESSAGES = {
    "Expecting value": "expecting a value",
    "Expecting property name enclosed in double quotes": (
        "expecting a property name in double quotes"
    ),
    "Expecting ':' delimiter": "expecting ':'",
    "Expecting ',' delimiter": "expecting ',' or the end of the container",
}


class _BareConstant(Exception):
    """Raised from inside the scanner, which cannot report positions itself."""


def _reject_constant(name: str) -> Any:
    raise _BareConstant(name)


_Scanner = Callable[[str, int], tuple[Any, int]]


def _scanner(exact: bool, long_integers: bool) -> _Scanner:
    decoder = json.JSONDecoder(
        parse_constant=_reject_constant,
        parse_float=NumberText if exact else float,
        # The default int conversion stops at CPython's 4,300-digit limit.
        parse_int=int_from_text if long_integers else int,
    )
    # The stub types make_scanner's argument as the scanner class; it takes a decoder.
    return json.scanner.make_scanner(decoder)  # type: ignore[arg-type]


# By (exact numbers, long integers): the first pass never pays for long integers.
_SCANNERS = {
    (exact, long_integers): _scanner(exact, long_integers)
    for exact in (False, True)
    for long_integers in (False, True)
}


def read(
    data: InputData,
    max_input_bytes: int = DEFAULT_MAX_INPUT_BYTES,
    exact: bool = False,
) -> Any:
    """Parse one JSON document into dicts, lists, strings, ints, floats, bools and None.

    With ``exact``, numbers with a fraction or exponent come back as ``NumberText``
    (their exact text) instead of ``float``, for documents that hold decimals. Raises
    ``DecodeError`` for anything RFC 8259 does not allow, for invalid UTF-8 in binary
    input, for numbers over 10,000 characters, and for input longer than
    ``max_input_bytes``.
    """
    if isinstance(data, memoryview) and (not data.c_contiguous or data.itemsize != 1):
        data = data.tobytes()  # its bytes, in order, whatever the view's shape
    if len(data) > max_input_bytes:
        unit = "characters" if isinstance(data, str) else "bytes"
        raise DecodeError(
            f"input of {len(data)} {unit} exceeds the limit of {max_input_bytes}"
            " (raise max_input_bytes for trusted data)"
        )
    text = data if isinstance(data, str) else _decode_utf8(data)
    try:
        return _read_text(text, data, _SCANNERS[exact, False])
    except _LongInteger:
        return _read_text(text, data, _SCANNERS[exact, True])


class _LongInteger(Exception):
    """The document holds an integer too long for CPython's default conversion."""


def _read_text(text: str, data: InputData, scan: _Scanner) -> Any:
    try:
        start = 0
        if text and text[0] in " \t\n\r":
            start = _WHITESPACE.match(text).end()  # type: ignore[union-attr]
        value, end = scan(text, start)
    except StopIteration as stop:
        raise _expecting_value(text, stop.value, data) from None
    except json.JSONDecodeError as error:
        message = _MESSAGES.get(error.msg, error.msg[0].lower() + error.msg[1:])
        message = message.removesuffix(" at")  # "Invalid control character at"
        raise _syntax_error(message, text, error.pos, data) from None
    except _BareConstant as bare:
        match = next(m for m in _BARE_CONSTANT.finditer(text) if m.group(1))
        message = f"{bare.args[0]} is not valid JSON (write it as a string)"
        raise _syntax_error(message, text, match.start(1), data) from None
    except RecursionError:
        raise DecodeError("the document is nested too deeply") from None
    except DecodeError:
        raise
    except ValueError:
        # CPython's integer-string length limit surfaces as a bare ValueError.
        raise _LongInteger from None
    if end != len(text):
        end = _WHITESPACE.match(text, end).end()  # type: ignore[union-attr]
        if end != len(text):
            raise _syntax_error(
                "unexpected content after the JSON value", text, end, data
            )
    return value


def decode(
    decoder: Callable[[Any], T],
    data: InputData,
    max_input_bytes: int = DEFAULT_MAX_INPUT_BYTES,
    exact: bool = False,
) -> T:
    """Read one document and convert it with a generated decoder."""
    value = read(data, max_input_bytes, exact)
    try:
        return decoder(value)
    except RecursionError:
        raise DecodeError("the document is nested too deeply") from None


def _decode_utf8(data: bytes | bytearray | memoryview) -> str:
    try:
        text = str(data, "utf-8")
    except UnicodeDecodeError as error:
        raise _binary_error(
            f"invalid UTF-8 byte 0x{error.object[error.start]:02x}", data, error.start
        ) from None
    if text.startswith("\ufeff"):
        raise _binary_error("a byte-order mark is not allowed", data, 0)
    return text


def _expecting_value(text: str, position: int, data: InputData) -> DecodeError:
    if text.startswith("\ufeff"):
        return _syntax_error("a byte-order mark is not allowed", text, 0, data)
    if position >= len(text):
        return _syntax_error(
            "unexpected end of input, expecting a value", text, position, data
        )
    return _syntax_error("expecting a value", text, position, data)


def _syntax_error(
    message: str, text: str, position: int, data: InputData
) -> DecodeError:
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    if not isinstance(data, str):
        position = len(text[:position].encode("utf-8", "surrogatepass"))
    return DecodeError(message, position=position, line=line, column=column)


def _binary_error(
    message: str, data: bytes | bytearray | memoryview, position: int
) -> DecodeError:
    head = bytes(data[:position])
    line = head.count(b"\n") + 1
    column = position - (head.rfind(b"\n") + 1) + 1
    return DecodeError(message, position=position, line=line, column=column)


_SPECIAL_FLOATS = {
    "NaN": float("nan"),
    "Infinity": float("inf"),
    "-Infinity": float("-inf"),
}


def float_from(value: object) -> float:
    """Convert a plain value that is not a ``float`` for a float field.

    Integers convert (exactly where the float can hold them); the strings ``"NaN"``,
    ``"Infinity"`` and ``"-Infinity"``, spelled exactly so, are the special values.
    """
    if type(value) is int:
        try:
            return float(value)
        except OverflowError:
            raise DecodeError("integer too large for a float") from None
    if type(value) is NumberText:
        return float(value)
    if type(value) is str and value in _SPECIAL_FLOATS:
        return _SPECIAL_FLOATS[value]
    raise decode_mismatch(value, "float")
