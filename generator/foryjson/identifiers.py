"""Single characters and UUIDs."""

from __future__ import annotations

import re
from uuid import UUID

from .errors import EncodeError, decode_mismatch, encode_mismatch
from .writer import escape_str

__all__ = ["read_char", "read_uuid", "write_char", "write_uuid"]

_UUID = re.compile(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
)


_CHAR = "char (one character of the Basic Multilingual Plane, as Java's char)"


def write_char(value: object) -> str:
    """Write a one-character ``str`` as a JSON string; the character must fit Java's
    16-bit ``char`` (U+0000 to U+FFFF, no surrogate)."""
    if type(value) is not str or len(value) != 1 or not _is_java_char(value):
        raise encode_mismatch(value, _CHAR)
    return escape_str(value)


def read_char(data: object) -> str:
    """Read a JSON string of exactly one character that fits Java's ``char``."""
    if type(data) is not str or len(data) != 1 or not _is_java_char(data):
        raise decode_mismatch(data, _CHAR)
    return data


def _is_java_char(text: str) -> bool:
    code = ord(text)
    return code <= 0xFFFF and not 0xD800 <= code <= 0xDFFF


_UUID_MAX = 2**128 - 1


def write_uuid(value: object) -> str:
    """Write a UUID in canonical lower-case form."""
    if type(value) is not UUID:
        raise encode_mismatch(value, "uuid")
    number = getattr(value, "int", None)
    if type(number) is not int or not 0 <= number <= _UUID_MAX:
        # Only object.__setattr__ makes such a UUID; its text would be garbage.
        held = (
            "an integer out of range" if type(number) is int else type(number).__name__
        )
        raise EncodeError(f"expected uuid, got a UUID whose int slot holds {held}")
    return f'"{value}"'


def read_uuid(data: object) -> UUID:
    """Read a UUID in canonical form; either case of hex digits is accepted."""
    if type(data) is not str or not _UUID.fullmatch(data):
        raise decode_mismatch(data, "uuid (8-4-4-4-12 hex digits)")
    return UUID(data)
