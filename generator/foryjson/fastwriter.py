"""Write documents with orjson: generated plain encoders, one ``orjson.dumps`` call.

Every generated type has two encoders. The string encoder (``_encode_X``, see
``foryjson.writer``) builds compact JSON text and needs nothing beyond the standard
library; it is the reference, and the one that names what is wrong with a value. The
plain encoder (``_plain_X``) checks the same things and returns plain data for
``orjson.dumps``: dicts with members in the order written, lists, ``str``, ``int``,
``bool``, ``None``, enum members' values, ``UUID`` and ``date`` objects (of exactly
those classes, which orjson spells as the string encoder does), and ``Fragment``\\ s
holding the exact text of whatever orjson would spell differently (decimals, floats,
times, byte arrays, sets, user codecs' text...). orjson escapes strings exactly as the string encoder does and
writes integers and most floats the same way, so the two give the same bytes.

Any doubt falls back to the string encoder: a plain encoder raises ``NotPlain`` at
the first check that fails, and whatever goes wrong in it or in orjson (an integer
beyond 64 bits, a lone surrogate, nesting orjson refuses) re-runs the string encoder,
which writes the document or raises the ``EncodeError`` it always raises. A failing
value may therefore be read twice, and a user codec called twice, on the way to its
error.

The plain encoders of recursive types (``counts_depth``) take the nesting levels
their value may still use, starting from ``max_depth`` at the root, and refuse a value
that may nest deeper; orjson's output then needs no depth count. Every other type
whose nesting the schema does not bound has its text counted after orjson writes it.

orjson is imported on first use, through ``orjson_module``.
"""

from __future__ import annotations

import types
from collections.abc import Callable

from . import depth as _depth
from . import reader, writer
from .limits import DEFAULT_LIMITS, Limits

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")

__all__ = [
    "UNCOUNTED",
    "Fragment",
    "NotPlain",
    "encode_bytes",
    "encode_text",
    "fragment",
    "native_document",
    "orjson_module",
    "plain_any",
    "plain_any_java",
    "plain_float",
    "plain_members",
    "rejects",
    "writes_with_orjson",
]


#: The room a counting plain encoder gets inside a value whose text is counted after
#: writing (one that holds values kept as read): more than any nesting can use.
UNCOUNTED = 2**62


class NotPlain(Exception):
    """Raised by a plain encoder whose checks fail: the string encoder takes over."""


def _first_fragment(text: str) -> Any:
    """``Fragment`` until orjson is loaded: loads it, which rebinds ``Fragment``."""
    module = orjson_module()
    if module is None:
        raise NotPlain("orjson is not installed")
    return module.Fragment(text)


#: ``orjson.Fragment``: text orjson writes as it is (bound when orjson is loaded).
Fragment: Callable[[str], Any] = _first_fragment

# orjson.dumps where generated methods write through orjson (None: they do not);
# _UNSET until the first document.
_UNSET: Any = object()
_default_dumps: Callable[[Any], bytes] | None = _UNSET


def orjson_module() -> types.ModuleType | None:
    """The orjson module, imported on the first call; None where it is not installed
    or too old (see ``reader.orjson_module``)."""
    global Fragment
    module = reader.orjson_module()  # imported once, there
    if module is not None and Fragment is _first_fragment:
        Fragment = module.Fragment
    return module


def writes_with_orjson(fast: bool | None = None) -> bool:
    """Whether documents are written through orjson.

    ``fast`` is a ``ForyJson``'s choice of backend; None is the process default of
    generated methods (``reader.default_backend``): orjson where it is installed,
    unless ``$FORYJSON_BACKEND`` is ``stdlib``.
    """
    return _dumps_for(fast) is not None


def _dumps_for(fast: bool | None) -> Callable[[Any], bytes] | None:
    global _default_dumps
    if fast is None:
        if _default_dumps is _UNSET:
            _default_dumps = _dumps_for(reader.default_backend() != "stdlib")
        return _default_dumps
    module = orjson_module() if fast else None
    if module is None:
        return None
    dumps: Callable[[Any], bytes] = module.dumps
    return dumps


def _plain_document(
    plain: Callable[..., object],
    value: object,
    fast: bool | None,
    limits: Limits,
    counts_depth: bool,
) -> bytes | None:
    """orjson's document of ``plain``'s data for ``value``; None where the string
    encoder must write it (no orjson here, a check that failed, or anything orjson
    refuses)."""
    dumps = (
        _dumps_for(fast)
        if fast is not None or _default_dumps is _UNSET
        else _default_dumps
    )
    if dumps is None:
        return None
    try:
        return dumps(plain(value, limits.max_depth) if counts_depth else plain(value))
    except Exception:
        return None


def encode_bytes(
    plain: Callable[..., object],
    encoder: Callable[[T], str],
    value: T,
    escape_non_ascii: bool = False,
    pretty: bool = False,
    limits: Limits = DEFAULT_LIMITS,
    depth: int | None = 0,
    fast: bool | None = None,
    *,
    counts_depth: bool = False,
    native: Callable[[object, int], bytes | None] | None = None,
) -> bytes:
    """Encode a document root: the bytes and errors of ``writer.encode_bytes``.

    Written through ``plain`` and orjson where ``writes_with_orjson(fast)``, and the
    plain encoder accepts the value; through the string ``encoder`` otherwise. Pretty
    text is the string encoder's, whose layout keeps memory within a few bytes a
    character (orjson reserves up to ten times a long string's size while it writes).
    With ``counts_depth``, ``plain`` takes the nesting levels the value may use and
    refuses a deeper one itself. ``native``, a compiled encoder (see
    ``foryjson.native``), writes first where it is given.
    """
    if native is not None:
        data = native_document(native, value, escape_non_ascii, pretty, limits)
        if data is not None:
            return data
    data = None if pretty else _plain_document(plain, value, fast, limits, counts_depth)
    if data is not None:
        counted = _depth.needs_check(depth, limits.max_depth) and not counts_depth
        if not (escape_non_ascii or counted):
            return data
        text = data.decode()
        del data
        if counted:
            _depth.check_write_depth(text, limits.max_depth)
        # orjson wrote it, so the text holds no lone surrogate: this cannot raise.
        text = writer.finish_text(text, escape_non_ascii)
        return text.encode("ascii" if escape_non_ascii else "utf-8")
    return writer.encode_bytes(encoder, value, escape_non_ascii, pretty, limits, depth)


def encode_text(
    plain: Callable[..., object],
    encoder: Callable[[T], str],
    value: T,
    escape_non_ascii: bool = False,
    pretty: bool = False,
    limits: Limits = DEFAULT_LIMITS,
    depth: int | None = 0,
    fast: bool | None = None,
    *,
    counts_depth: bool = False,
    native: Callable[[object, int], bytes | None] | None = None,
) -> str:
    """Encode a document root as text: the text and errors of ``writer.encode_text``
    (the arguments as for ``encode_bytes``)."""
    if native is not None:
        data = native_document(native, value, escape_non_ascii, pretty, limits)
        if data is not None:
            return data.decode()
    data = None if pretty else _plain_document(plain, value, fast, limits, counts_depth)
    if data is not None:
        text = data.decode()
        del data
        if _depth.needs_check(depth, limits.max_depth) and not counts_depth:
            _depth.check_write_depth(text, limits.max_depth)
        return writer.finish_text(text, escape_non_ascii)
    return writer.encode_text(encoder, value, escape_non_ascii, pretty, limits, depth)


def native_document(
    native: Callable[[object, int], bytes | None],
    value: object,
    escape_non_ascii: bool,
    pretty: bool,
    limits: Limits,
) -> bytes | None:
    """The compiled encoder's document for ``value``; None where the Python encoders
    must write it: pretty text, non-ASCII text to escape, or a value the compiled
    encoder leaves to them (any fault, nesting past ``max_depth``, a cycle)."""
    if pretty:
        return None
    data = native(value, limits.max_depth)
    if data is not None and escape_non_ascii and not data.isascii():
        return None
    return data


def fragment(text: object) -> Any:
    """``text`` (from user code: a codec or a raw field) as a fragment, if a ``str``.

    A subclass could print differently in the string encoder's f-string: it, and
    anything else, is left to the string encoder.
    """
    if type(text) is not str:
        raise NotPlain
    return Fragment(text)


def rejects(validator: Callable[[Any], object], value: object) -> bool:
    """Whether a model's validator refuses ``value``: a plain encoder's check. The
    string encoder then calls it again, and reports what it raises."""
    try:
        validator(value)
    except Exception:
        return True
    return False


_SMALLEST_PLAIN_FLOAT = 1e-4
_FLOAT_MAX = 1.7976931348623157e308


def plain_any(value: object) -> Any:
    """An ``any`` value as plain data: the JSON value ``dynamic.write_any`` writes."""
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return value
    if kind is int:
        return value  # beyond 64 bits orjson refuses it, and the string encoder writes
    if kind is float:
        return plain_float(value)
    if kind is dict:
        return plain_members(value, _NO_NAMES)
    if kind is list or kind is tuple:
        return [plain_any(item) for item in value]  # type: ignore[attr-defined]
    # Only untyped exact numbers get here: their modules load for them alone.
    from decimal import Decimal

    from .dynamic import write_any
    from .numbers import NumberText

    if kind is NumberText or isinstance(value, Decimal):
        return Fragment(write_any(value))
    raise NotPlain


def plain_any_java(value: object) -> Any:
    """An ``any`` value as ``dynamic.write_any_java`` writes it (floats in Java's
    spelling, which orjson does not have): its text, as one fragment."""
    from .dynamic import write_any_java

    return Fragment(write_any_java(value))


def plain_float(value: Any) -> Any:
    """A float as ``writer.write_float`` writes it: as is where orjson agrees."""
    if type(value) is float and (
        _SMALLEST_PLAIN_FLOAT <= value <= _FLOAT_MAX
        or -_FLOAT_MAX <= value <= -_SMALLEST_PLAIN_FLOAT
        or value == 0.0
    ):
        return value
    return Fragment(writer.write_float(value))


_NO_NAMES: frozenset[str] = frozenset()


def plain_members(
    extra: object,
    declared: frozenset[str],
    convert: Callable[[object], Any] = plain_any,
) -> dict[str, Any]:
    """Catch-all members as plain data, as ``dynamic.write_members`` writes them;
    ``convert`` turns each value into plain data (``pyvalues`` passes its own)."""
    if type(extra) is not dict:
        raise NotPlain
    result = {}
    for key, item in extra.items():
        if type(key) is not str or key in declared:
            raise NotPlain
        result[key] = convert(item)
    return result
