"""Compact JSON text as Jackson's databind writes it with its default settings.

The workloads are plain Python data whose dicts are already in the Java classes'
declaration order, so one writer serves them all. Values are written as follows:

- ``None`` as ``null`` (Jackson writes nulls by default);
- ``bool`` as ``true``/``false``, ``int`` as its digits;
- ``float`` as Java's ``Double.toString``;
- ``decimal.Decimal`` as a bare number in ``BigDecimal.toString()`` form, which
  ``str()`` of a Decimal matches (same decimal specification, same exponent rule);
- ``str`` quoted, with Jackson's escapes (``\\"``, ``\\\\``, the short control escapes,
  ``\\u00XX`` in upper-case hex for the other control characters, everything else raw);
- ``bytes`` as padded standard base64, ``uuid.UUID`` as its canonical text,
  ``datetime.date`` as ``YYYY-MM-DD``;
- ``dict`` as an object in insertion order, ``list`` and ``tuple`` as arrays.
"""

from __future__ import annotations

import binascii
import datetime
import re
import uuid
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal

from benchmarks.workloads.javarandom import java_double_to_string

JsonData = (
    None
    | bool
    | int
    | float
    | str
    | Decimal
    | bytes
    | uuid.UUID
    | datetime.date
    | Mapping[str, "JsonData"]
    | Sequence["JsonData"]
)
"""What the writer accepts: the workloads' plain data."""

_SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n"}
_SHORT_ESCAPES |= {"\f": "\\f", "\r": "\\r"}
_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f]')


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return _SHORT_ESCAPES.get(char) or f"\\u{ord(char):04X}"


def quote(text: str) -> str:
    """A JSON string literal for ``text``, escaped as Jackson escapes it."""
    if _NEEDS_ESCAPE.search(text) is None:
        return f'"{text}"'
    return '"' + _NEEDS_ESCAPE.sub(_escape, text) + '"'


def _write(value: JsonData, out: Callable[[str], None]) -> None:
    # Checks run from the most frequent kinds in the workloads to the least.
    if isinstance(value, str):
        out(quote(value))
    elif isinstance(value, Mapping):
        out("{")
        first = True
        for key, item in value.items():
            if not first:
                out(",")
            first = False
            out(quote(key))
            out(":")
            _write(item, out)
        out("}")
    elif value is None:
        out("null")
    elif isinstance(value, bool):  # before int: bool is a subclass of int
        out("true" if value else "false")
    elif isinstance(value, int):
        out(str(value))
    elif isinstance(value, float):
        out(java_double_to_string(value))
    elif isinstance(value, Decimal):
        out(str(value))
    elif isinstance(value, bytes):
        out('"' + binascii.b2a_base64(value, newline=False).decode("ascii") + '"')
    elif isinstance(value, uuid.UUID):
        out(f'"{value}"')
    elif isinstance(value, datetime.datetime):
        raise TypeError("datetime has no single Jackson form here; use text")
    elif isinstance(value, datetime.date):
        out(f'"{value.isoformat()}"')
    elif isinstance(value, Sequence):
        out("[")
        first = True
        for item in value:
            if not first:
                out(",")
            first = False
            _write(item, out)
        out("]")
    else:
        raise TypeError(f"cannot write {type(value).__name__} as JSON")


def write(value: JsonData) -> str:
    """Compact JSON text for ``value``, as Jackson's ``writeValueAsString`` gives it."""
    parts: list[str] = []
    _write(value, parts.append)
    return "".join(parts)
