"""``any``: untyped JSON values, written and read as plain Python data.

A JSON object is a ``dict`` with ``str`` keys, an array a ``list``, and numbers are
``int`` (exact, however long, up to the number limit) or ``float``. Writing also takes
tuples (as arrays) and ``Decimal`` (as exact numbers). The ``_java`` writers spell the
floats inside a value as Java's ``Double.toString`` does (``float_style: java``), as
Fory writes a ``Double`` held by an ``Object``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import Decimal

from .decimals import write_decimal
from .errors import DecodeError, EncodeError, encode_mismatch, key_segment
from .javafloats import write_float_java
from .limits import MAX_DEPTH_CEILING
from .numbers import NumberText, write_int, write_number_text
from .plain import DuplicateMember
from .reader import read
from .writer import escape_str, write_float

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "read_any",
    "read_members",
    "read_raw",
    "write_any",
    "write_any_java",
    "write_members",
    "write_members_java",
    "write_raw",
]


def write_any(value: object) -> str:
    """Write a plain JSON value; other types are an ``EncodeError`` with the path."""
    return _write(value, write_float)


def write_any_java(value: object) -> str:
    """Write a plain JSON value as ``write_any`` does, its floats in Java's spelling
    (``1.0E20``)."""
    return _write(value, write_float_java)


def _write(value: object, spell: Callable[[float], str]) -> str:
    """Write a plain JSON value, each float as ``spell`` writes it."""
    if type(value) is str:
        return escape_str(value)
    if type(value) is NumberText:
        return write_number_text(value)  # exact number text, checked
    if type(value) is int:
        return write_int(value)
    if type(value) is float:
        return spell(value)
    if value is None:
        return "null"
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is dict:
        return "{" + _members(value, _NO_NAMES, spell) + "}"
    if type(value) is list or type(value) is tuple:
        parts = []
        for index, item in enumerate(value):
            try:
                parts.append(_write(item, spell))
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
    """The plain value as read; numbers kept as exact text become floats.

    A number too large for a float is a ``DecodeError``: as infinity it would be written
    back as the string ``"Infinity"``, a different JSON value.
    """
    kind = type(data)
    if kind is NumberText:
        return _finite(float(data))
    if kind is DuplicateMember:  # not a subtype's object: the last value wins
        return data.value
    if kind is float:
        return _finite(data)
    if kind is list:
        if any(_needs_reading(item) for item in data):
            result = []
            for index, item in enumerate(data):
                try:
                    result.append(read_any(item))
                except DecodeError as error:
                    error.within(index)
                    raise
            return result
        return data
    if kind is dict:
        if any(_needs_reading(item) for item in data.values()):
            return _read_values(data.items())
        return data
    return data


_CONTAINERS_OR_TEXT = frozenset({list, dict, NumberText, DuplicateMember})
_INFINITIES = frozenset({float("inf"), float("-inf")})


def _needs_reading(item: Any) -> bool:
    # Containers are unhashable: the type test must come first.
    return type(item) in _CONTAINERS_OR_TEXT or item in _INFINITIES


def _finite(number: float) -> float:
    if number in _INFINITIES:
        raise DecodeError("number too large for a float")
    return number


def _read_values(members: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    result = {}
    for key, item in members:
        try:
            result[key] = read_any(item)
        except DecodeError as error:
            error.within(key)
            raise
    return result


_NO_NAMES: frozenset[str] = frozenset()


def write_members(extra: object, declared: frozenset[str]) -> str:
    """Write catch-all members inline: ``"k":v,...`` without braces ("" when empty).

    A key that equals a declared property would make the object ambiguous, so it is an
    ``EncodeError``.
    """
    return _members(extra, declared, write_float)


def write_members_java(extra: object, declared: frozenset[str]) -> str:
    """Write catch-all members as ``write_members`` does, floats in Java's spelling."""
    return _members(extra, declared, write_float_java)


def _members(
    extra: object, declared: frozenset[str], spell: Callable[[float], str]
) -> str:
    if type(extra) is not dict:
        raise encode_mismatch(extra, "dict[str, any] (the catch-all members)")
    parts = []
    for key, item in extra.items():
        if type(key) is not str:
            raise encode_mismatch(key, "a str key").within(key_segment(key))
        if key in declared:
            raise EncodeError(
                f"catch-all member {key!r} has the name of a declared property"
            ).within(key)
        try:
            parts.append(escape_str(key) + ":" + _write(item, spell))
        except EncodeError as error:
            error.within(key)
            raise
    return ",".join(parts)


def read_members(data: dict[str, Any], declared: frozenset[str]) -> dict[str, Any]:
    """The members of an object that no declared property takes, in document order."""
    return _read_values(
        (key, item) for key, item in data.items() if key not in declared
    )


def write_raw(value: object) -> str:
    """Write a ``str`` that holds JSON text verbatim, after checking that it is JSON.

    A raw value goes into the document unchanged, so text that is not exactly one JSON
    value would break the whole document: that is an ``EncodeError`` instead.
    """
    if not isinstance(value, str):
        raise encode_mismatch(value, "str (raw JSON text)")
    try:
        # Any depth a limit allows: the finished document is counted as a whole.
        read(value, max_depth=MAX_DEPTH_CEILING)
    except DecodeError as error:
        raise EncodeError(f"raw text is not one JSON value: {error}") from None
    return value


def read_raw(data: object) -> str:
    """The compact JSON text of any value, for a raw field to write back verbatim.

    A number too large for a float (read without exact numbers) is a ``DecodeError``,
    as in ``read_any``: its text would come back as the string ``"Infinity"``.
    """
    return write_any(_plain(data))


def _plain(data: Any) -> Any:
    """``data`` checked for infinities, with duplicate markers replaced by the last value.

    Numbers kept as exact text stay so, for the raw text to keep every digit.
    """
    if type(data) is float:
        return _finite(data)
    if type(data) is DuplicateMember:
        return data.value
    if type(data) is list:
        result = []
        for index, item in enumerate(data):
            try:
                result.append(_plain(item))
            except DecodeError as error:
                raise error.within(index) from None
        return result
    if type(data) is dict:
        members = {}
        for key, item in data.items():
            try:
                members[key] = _plain(item)
            except DecodeError as error:
                raise error.within(key) from None
        return members
    return data
