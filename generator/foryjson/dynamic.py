"""``any``: untyped JSON values, written and read as plain Python data.

A JSON object is a ``dict`` with ``str`` keys, an array a ``list``, and numbers are
``int`` (exact, however long, up to the number limit) or ``float``. Writing also takes
tuples (as arrays) and ``Decimal`` (as exact numbers).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from .errors import EncodeError, encode_mismatch
from .numbers import NumberText, write_decimal, write_int
from .writer import escape_str, write_float

__all__ = ["read_any", "write_any"]


def write_any(value: object) -> str:
    """Write a plain JSON value; other types are an ``EncodeError`` with the path."""
    if type(value) is str:
        return escape_str(value)
    if type(value) is int:
        return write_int(value)
    if type(value) is float:
        return write_float(value)
    if value is None:
        return "null"
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is dict:
        parts = []
        for key, item in value.items():
            if type(key) is not str:
                raise encode_mismatch(key, "a str key").within(str(key))
            try:
                parts.append(escape_str(key) + ":" + write_any(item))
            except EncodeError as error:
                error.within(key)
                raise
        return "{" + ",".join(parts) + "}"
    if type(value) is list or type(value) is tuple:
        parts = []
        for index, item in enumerate(value):
            try:
                parts.append(write_any(item))
            except EncodeError as error:
                error.within(index)
                raise
        return "[" + ",".join(parts) + "]"
    if isinstance(value, Decimal):
        return write_decimal(value)
    raise encode_mismatch(
        value, "a JSON value (dict, list, str, int, float, bool, None)"
    )


def read_any(data: Any) -> Any:
    """The plain value as read; numbers kept as exact text become floats."""
    kind = type(data)
    if kind is NumberText:
        return float(data)
    if kind is list:
        if any(type(item) in _CONTAINERS_OR_TEXT for item in data):
            return [read_any(item) for item in data]
        return data
    if kind is dict:
        if any(type(item) in _CONTAINERS_OR_TEXT for item in data.values()):
            return {key: read_any(item) for key, item in data.items()}
        return data
    return data


_CONTAINERS_OR_TEXT = frozenset({list, dict, NumberText})
