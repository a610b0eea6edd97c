"""``repr`` for the values generated classes hold, integers of any length included.

Decoders accept integers up to the number limit (10,000 characters), but CPython's
``repr`` refuses integers of more than 4,300 digits with ``ValueError``, also inside a
list or dict. Generated ``__repr__`` methods call ``safe_repr`` for fields that can hold
such integers: it returns ``repr(value)`` when that works, and otherwise writes the
same text itself, long integers in full.
"""

from __future__ import annotations

from .limits import MAX_NUMBER_CHARS

__all__ = ["safe_repr"]

# Below this magnitude int -> str conversion never meets CPython's digit limit.
_SAFE_DIGITS = 4000
_SAFE_BOUND = 10**_SAFE_DIGITS
# Integers whose decimal text could exceed the number limit are shown in hex, which
# takes linear time (bits per decimal digit: log2(10) < 3.33).
_DECIMAL_BITS = int(MAX_NUMBER_CHARS * 3.32)


def safe_repr(value: object) -> str:
    """``repr(value)``, with integers of any length written out instead of refused."""
    try:
        return repr(value)
    except ValueError:
        return _repr(value, set())


def _int_repr(value: int) -> str:
    if -_SAFE_BOUND < value < _SAFE_BOUND:
        return int.__repr__(value)
    magnitude = -value if value < 0 else value
    sign = "-" if value < 0 else ""
    if magnitude.bit_length() > _DECIMAL_BITS:
        return sign + hex(magnitude)
    pieces = []
    while magnitude:
        magnitude, low = divmod(magnitude, _SAFE_BOUND)
        pieces.append(int.__repr__(low))
    return (
        sign
        + pieces[-1]
        + "".join(piece.zfill(_SAFE_DIGITS) for piece in reversed(pieces[:-1]))
    )


def _repr(value: object, active: set[int]) -> str:
    """The text ``repr`` would give, walking the containers it would walk."""
    kind = type(value)
    if kind is int:
        assert isinstance(value, int)
        return _int_repr(value)
    if kind not in (list, tuple, dict, set, frozenset):
        return repr(value)  # a model's own __repr__ is safe; others are theirs
    if id(value) in active:  # a container inside itself, as repr shows it
        return "[...]" if kind is list else "{...}" if kind is dict else "(...)"
    active.add(id(value))
    try:
        if isinstance(value, dict):
            inner = ", ".join(
                f"{_repr(key, active)}: {_repr(item, active)}"
                for key, item in value.items()
            )
            return "{" + inner + "}"
        assert isinstance(value, list | tuple | set | frozenset)
        items = [_repr(item, active) for item in value]
    finally:
        active.discard(id(value))
    text = ", ".join(items)
    if kind is list:
        return f"[{text}]"
    if kind is tuple:
        return f"({text},)" if len(items) == 1 else f"({text})"
    if not items:
        return "set()" if kind is set else "frozenset()"
    return "{" + text + "}" if kind is set else "frozenset({" + text + "})"
