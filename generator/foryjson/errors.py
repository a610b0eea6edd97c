"""The two errors foryjson raises, and the JSON paths they carry.

A path is built from the inside out: the code that finds a bad value raises with no
location, and every enclosing object or array adds its own key or index on the way up.
Rendering happens only when someone looks at the error, so a path costs nothing on the
success path.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping

from .plain import DuplicateMember, NumberText

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)

__all__ = [
    "DecodeError",
    "EncodeError",
    "JsonError",
    "decode_mismatch",
    "describe",
    "encode_mismatch",
    "format_path",
    "index_of",
    "key_segment",
    "missing_property",
    "rejected_by",
    "unknown_property",
]

_PLAIN_KEY_CHARS = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$"
)


def format_path(segments: list[str | int]) -> str:
    """Render path segments, outermost first, as a JSON path such as ``$.images[1].width``."""
    parts = ["$"]
    for segment in segments:
        if isinstance(segment, int):
            parts.append(f"[{segment}]")
        elif (
            segment
            and not segment[0].isdigit()
            and _PLAIN_KEY_CHARS.issuperset(segment)
        ):
            parts.append(f".{segment}")
        else:
            escaped = segment.replace("\\", "\\\\").replace("'", "\\'")
            parts.append(f"['{escaped}']")
    return "".join(parts)


def index_of(items: list[object], item: object) -> int:
    """The position of ``item`` itself (not of an equal value) in ``items``.

    Generated decoders check a list's elements without counting them and call this
    only once an element failed: the first element that *is* the failing one is it,
    as an earlier identical element would have failed first.
    """
    for index, candidate in enumerate(items):
        if candidate is item:
            return index
    raise ValueError("item not in items")  # pragma: no cover - callers pass a member


def describe(value: object) -> str:
    """Name a value for an error message: its JSON kind, and the value when it is short."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if type(value) is NumberText:
        return f"the number {_shorten(str.__str__(value))}"
    if isinstance(value, str):
        return f"the string {_shorten(repr(value))}"
    if isinstance(value, int):
        return f"the integer {_shorten(int.__repr__(value)) if value.bit_length() < 1000 else '(very long)'}"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    if type(value) is DuplicateMember:
        return f"{value.name!r} more than once in one object"
    return f"a value of type {type(value).__qualname__}"


def _shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


class JsonError(ValueError):
    """Base class of both errors: a message plus the JSON path of the value at fault."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        # Segments innermost first: each enclosing level appends while the error rises.
        self._reversed_path: list[str | int] = []

    def within(self: _E, segment: str | int) -> _E:
        """Record that the failing value sits at ``segment`` of its parent; returns self."""
        self._reversed_path.append(segment)
        return self

    @property
    def path_segments(self) -> list[str | int]:
        """The keys and indexes from the document root to the failing value."""
        return self._reversed_path[::-1]

    @property
    def path(self) -> str:
        """The JSON path of the failing value, such as ``$.images[1].width``."""
        return format_path(self.path_segments)

    def __str__(self) -> str:
        return f"{self.message} at {self.path}"


# Bound to the class itself, not to its name: typing turns a name into a forward
# reference by parsing it, and a process's first parse costs more than this module.
if TYPE_CHECKING:
    from typing import TypeVar

    _E = TypeVar("_E", bound=JsonError)


class DecodeError(JsonError):
    """The input is not valid JSON, or does not match the declared type.

    ``path`` names the failing value; for syntax errors ``position`` is the offset in the
    input (bytes for binary input, characters for text) and ``line``/``column`` count
    from 1.
    """

    def __init__(
        self,
        message: str,
        *,
        position: int | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.position = position
        self.line = line
        self.column = column

    def __str__(self) -> str:
        if self.position is None:
            return super().__str__()
        where = f"{self.message} at JSON position {self.position}"
        if self.line is not None:
            where += f" (line {self.line}, column {self.column})"
        return where


class EncodeError(JsonError):
    """A value cannot be written as the declared type; ``path`` names it."""


def key_segment(key: object) -> str:
    """A path segment for a dict key that is not a ``str``, as its JSON name reads."""
    if isinstance(key, enum.Enum):
        return str(key.value)
    if isinstance(key, int) and not isinstance(key, bool) and key.bit_length() > 30_000:
        return f"<integer of {key.bit_length()} bits>"
    try:
        return str(key)
    except Exception:  # a key's __str__ may raise anything
        return f"<{type(key).__qualname__}>"


def decode_mismatch(value: object, expected: str) -> DecodeError:
    """The error for a JSON value that does not fit the declared type."""
    return DecodeError(f"expected {expected}, got {describe(value)}")


def encode_mismatch(value: object, expected: str) -> EncodeError:
    """The error for a Python value the schema does not allow at this place."""
    return EncodeError(f"expected {expected}, got {describe(value)}")


def missing_property(
    name: str, data: Mapping[str, object] | None = None
) -> DecodeError:
    """The error for an object that lacks a required property; where ``data`` holds
    the same name spelled another way (``orderId`` for ``order_id``), it says so."""
    message = f"missing required property {name!r}"
    if data:
        folded = _folded(name)
        near = next(
            (
                key
                for key in data
                if type(key) is str and key != name and _folded(key) == folded
            ),
            None,
        )
        if near is not None:
            message += (
                f"; the object has {near!r}: does the schema's naming option match"
                " the document's (naming: camelCase, say)?"
            )
    return DecodeError(message)


def _folded(name: str) -> str:
    """A name without case, underscores and dashes, to compare spellings."""
    return name.replace("_", "").replace("-", "").lower()


def unknown_property(names: Iterable[str], known: frozenset[str]) -> DecodeError:
    """The error for an object with members its model does not declare; names the first."""
    first = next(name for name in names if name not in known)
    return DecodeError(f"unknown property {first!r}").within(first)


def rejected_by(error: Exception, validator: str, kind: type[_E]) -> _E:
    """The error of a model's ``validator`` (``module:function``) that raised ``error``:
    ``kind`` is ``DecodeError`` when reading, ``EncodeError`` when writing.

    A foryjson error keeps its message and path, as an error of that kind; any other
    exception is named: ``rejected by module:function: `` and its text.
    """
    if isinstance(error, JsonError):
        result = kind(error.message)
        result._reversed_path = list(error._reversed_path)
        return result
    return kind(f"rejected by {validator}: {error}")
