"""Helpers that generated encoders call to write compact JSON text.

Encoders build ``str`` pieces and join them; the expensive part, escaping strings, is
done by the ``json`` module's C function. Everything here is a plain function so a
generated module can bind it to a module-level name once.
"""

from __future__ import annotations

import functools
import json.encoder
import re
from collections.abc import Callable

from . import depth as _depth
from .errors import EncodeError, encode_mismatch
from .limits import DEFAULT_LIMITS, Limits

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from typing import TypeVar

    T = TypeVar("T")

__all__ = [
    "as_float",
    "encode_bytes",
    "encode_text",
    "escape_str",
    "finish_bytes",
    "finish_text",
    "unexpected_error",
    "write_float",
]

#: Quote and escape a ``str`` as a JSON string. Non-ASCII characters are kept as they
#: are; control characters become short escapes or lowercase ``\u00xx``.
escape_str: Callable[[str], str] = (
    json.encoder.c_encode_basestring or json.encoder.py_encode_basestring  # type: ignore[attr-defined]
)


# For escape_non_ascii and for errors only, so compiled at their first use (the second
# alone takes longer to compile than the rest of the module to import).
_NON_ASCII = r"[^\x00-\x7f]+"
_LONE_SURROGATE = r"[\ud800-\udfff]"


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def write_float(value: object) -> str:
    """Write a float as the shortest text that reads back to the same value.

    NaN and the infinities have no JSON number form; they are written as the strings
    ``"NaN"``, ``"Infinity"`` and ``"-Infinity"``, as Fory and Jackson do. An ``int`` is
    written as the float it converts to.
    """
    if type(value) is float and value - value == 0.0:  # finite: the common case
        return repr(value)
    value = as_float(value)
    if value != value:
        return '"NaN"'
    if value in (_INFINITY, -_INFINITY):
        return '"Infinity"' if value > 0 else '"-Infinity"'
    return float.__repr__(value)


def as_float(value: object) -> float:
    """The float a ``float`` field's value stands for: a float as it is, an ``int``
    converted; anything else is an ``EncodeError``."""
    if type(value) is float:
        return value
    if type(value) is not int:
        raise encode_mismatch(value, "float")
    try:
        return float(value)
    except OverflowError:
        raise EncodeError("integer too large to convert to float") from None


_INFINITY = float("inf")


def _escape_run(match: re.Match[str]) -> str:
    units = match.group().encode("utf-16-be", "surrogatepass")
    return "".join(
        f"\\u{units[i]:02x}{units[i + 1]:02x}" for i in range(0, len(units), 2)
    )


def finish_text(text: str, escape_non_ascii: bool = False) -> str:
    """Check a finished document and optionally escape every non-ASCII character.

    A lone surrogate cannot be written as UTF-8, so it is an ``EncodeError`` here rather
    than a ``UnicodeEncodeError`` later. ASCII-only text, the common case, costs one
    constant-time check.
    """
    if text.isascii():
        return text
    if escape_non_ascii:
        _check_surrogates(text)
        return _compiled(_NON_ASCII).sub(_escape_run, text)
    finish_bytes(text)  # the UTF-8 encoder is the fastest surrogate check
    return text


def finish_bytes(text: str, escape_non_ascii: bool = False) -> bytes:
    """Like ``finish_text``, then encode the document as UTF-8."""
    if escape_non_ascii:
        return finish_text(text, True).encode("ascii")
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        _check_surrogates(text)
        raise  # not reached: a UTF-8 encoding error is always a lone surrogate


def _check_surrogates(text: str) -> None:
    found = _compiled(_LONE_SURROGATE).search(text)
    if found is not None:
        raise EncodeError(
            f"a string holds the lone surrogate U+{ord(found.group()):04X},"
            " which has no UTF-8 form"
        )


def encode_text(
    encoder: Callable[[T], str],
    value: T,
    escape_non_ascii: bool = False,
    pretty: bool = False,
    limits: Limits = DEFAULT_LIMITS,
    depth: int | None = 0,
) -> str:
    """Encode a document root with a generated encoder: compact JSON text.

    With ``pretty``, the text is laid out with two-space indentation (see
    ``foryjson.pretty``). ``depth`` is the nesting the type's schema allows (``None``:
    unbounded); text that could nest deeper than ``limits.max_depth`` is counted. A
    cyclic object graph is an ``EncodeError`` that names where the cycle closes.
    """
    text = _root_text(encoder, value, pretty, limits, depth)
    try:
        return finish_text(text, escape_non_ascii)
    except EncodeError as error:
        raise _locate_surrogate(error, value) from None


def encode_bytes(
    encoder: Callable[[T], str],
    value: T,
    escape_non_ascii: bool = False,
    pretty: bool = False,
    limits: Limits = DEFAULT_LIMITS,
    depth: int | None = 0,
) -> bytes:
    """Encode a document root with a generated encoder: UTF-8 JSON, compact or pretty."""
    if escape_non_ascii or pretty or _depth.needs_check(depth, limits.max_depth):
        text = _root_text(encoder, value, pretty, limits, depth)
    else:  # the common case, spelled out: two calls fewer per document
        try:
            text = encoder(value)
        except (EncodeError, MemoryError):  # running out of memory is no value's fault
            raise
        except RecursionError:
            raise _too_deep(value) from None
        except Exception as error:
            raise unexpected_error(error) from error
        if not escape_non_ascii:
            try:
                return text.encode("utf-8")
            except UnicodeEncodeError:
                pass  # finish_bytes names the lone surrogate
    try:
        return finish_bytes(text, escape_non_ascii)
    except EncodeError as error:
        raise _locate_surrogate(error, value) from None


def _locate_surrogate(error: EncodeError, value: object) -> EncodeError:
    """Name the attribute that holds a lone surrogate, found on the error path only."""
    where = _depth.string_path(value, _compiled(_LONE_SURROGATE).search)
    if where is not None:
        error.message += f" (in {where})"
        error.args = (error.message,)
    return error


def _root_text(
    encoder: Callable[[T], str],
    value: T,
    pretty: bool,
    limits: Limits,
    depth: int | None,
) -> str:
    counted = _depth.needs_check(depth, limits.max_depth)
    try:
        if counted:
            _depth.guard_c_stack(value)
        text = encoder(value)
    except (EncodeError, MemoryError):
        raise
    except RecursionError:
        raise _too_deep(value) from None
    except Exception as error:
        raise unexpected_error(error) from error
    if counted:
        _depth.check_write_depth(text, limits.max_depth)
    if pretty:  # imported on first use: most programs never pretty-print
        from .pretty import indent

        return indent(text)
    return text


def _too_deep(value: object) -> EncodeError:
    """The error for an encoder that ran out of stack: a cycle, or absurd nesting."""
    try:
        cycle = _depth.cycle_path(value)
    except RecursionError:  # pragma: no cover - the walk itself keeps no stack
        cycle = None
    if cycle is not None:
        reference, target = cycle
        return EncodeError(f"the object graph is cyclic: {reference} is {target}")
    return EncodeError("the value is nested too deeply to encode")


def unexpected_error(error: Exception) -> EncodeError:
    """The ``EncodeError`` for another exception raised while a value was written.

    Encoders check every value they write, but an object can still fail in ways no
    check foresees: an unset slot, a set or dict changed by another thread while it is
    iterated, a ``tzinfo`` or a subclass's method that raises. Whatever it is, the
    caller gets an ``EncodeError`` (with the original exception as its cause);
    only ``MemoryError`` passes through, as it says nothing about the value.
    """
    if isinstance(error, AttributeError) and error.obj is not None and error.name:
        owner = type(error.obj)
        if any(error.name in getattr(cls, "__slots__", ()) for cls in owner.__mro__):
            return EncodeError(
                f"the attribute {error.name} of {owner.__qualname__} is not set"
            )
    if isinstance(error, RuntimeError):
        changed = _CHANGED_DURING_ITERATION.get(str(error))
        if changed is not None:
            return EncodeError(f"{changed} while it was being written")
    try:
        detail = f"{type(error).__qualname__}: {error}"
    except Exception:  # an exception's own __str__ may fail too
        detail = type(error).__qualname__
    return EncodeError(f"the value could not be written ({detail})")


_CHANGED_DURING_ITERATION = {
    "Set changed size during iteration": "a set changed size",
    "dictionary changed size during iteration": "a dict changed size",
    "dictionary keys changed during iteration": "a dict's keys changed",
    "deque mutated during iteration": "a deque changed",
}
