"""Turn JSON text into plain Python values, strictly: the standard library's C scanner
or, where installed and chosen, orjson.

The scanner does the character work; this module adds what RFC 8259 asks for and the
``json`` module does not enforce (bare ``NaN``/``Infinity`` rejected, strict UTF-8 for
binary input, no byte-order mark, no lone surrogates, numbers of at most 10,000
characters) and turns every failure into a ``DecodeError`` with the position of the
fault. Generated decoders then convert the plain values to typed objects.

The orjson backend gives the same values and the same errors. ``read`` hands orjson
only documents whose values it reads identically (no integer beyond 64 bits, no exact
decimals, no duplicated subtype property to detect); ``decode`` also hands it those
whose differences the type's own checks catch (see there), and decimal fields then find
their numbers' exact text with ``decimals.decimal_from``. Whatever orjson rejects, or the typed
conversion of its values refuses, is read again by the standard library, which either
accepts it (``1e999`` is infinity there) or raises the standard library backend's own
error.

orjson is imported by the first read that may use it, not with this module, so that
codecs that never parse with it (or never decode) do not pay for its import; only a
``FORYJSON_BACKEND=orjson`` environment imports it at once, to refuse a missing one.
"""

from __future__ import annotations

import functools
import json
import json.scanner
import math
import os
import re
import types
from collections.abc import Callable, Collection

from . import depth as _depth
from .errors import DecodeError, decode_mismatch
from .limits import (
    DEFAULT_LIMITS,
    DEFAULT_MAX_INPUT_BYTES,
    MAX_DEPTH_CEILING,
    MAX_NUMBER_CHARS,
    Limits,
)
from .plain import FLOAT_TEXTS, DuplicateMember, InexactFloat, NumberText

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from decimal import Decimal
    from typing import Any, TypeVar

    T = TypeVar("T")
    _Scanner = Callable[[str, int], tuple[Any, int]]

InputData = str | bytes | bytearray | memoryview

# The optional fast backend, set by _orjson_installed at the first read that may use
# it: orjson.loads (None until then, and for good where orjson is missing) and the
# error it raises.
_orjson_loads: Callable[[InputData], Any] | None = None
_OrjsonError: type[Exception] = ValueError

__all__ = [
    "BACKENDS",
    "DEFAULT_MAX_INPUT_BYTES",
    "MOST_PER_CHAR",
    "InputData",
    "decode",
    "default_backend",
    "document",
    "estimate_memory",
    "float_from",
    "read",
    "uses_orjson",
    "wants_orjson",
]

#: The backend names ``ForyJson(backend=...)`` accepts.
BACKENDS = ("auto", "orjson", "stdlib")

_WHITESPACE = re.compile(r"[ \t\n\r]*")
# A bare constant, in or out of a string: searched for on the error path only, so
# compiled there (see _compiled).
_CONSTANT = r"-?Infinity|NaN"
# Documents are screened in C by mapping each byte to its class (digit "0", minus
# sign "-", a byte that may come right before a number ",", anything else "x") and
# searching the result: far faster than a regular expression that tries every position.
_SHAPES = bytes(
    (
        ord("0")
        if byte in b"0123456789"
        else (
            ord("-")
            if byte == ord("-")
            else ord(",") if byte in b"[:, \t\n\r" else ord("x")
        )
    )
    for byte in range(256)
)
# A digit run only a number over MAX_NUMBER_CHARS characters (or a long string) holds:
# such documents are read with the length of every number checked.
_LONG_RUN = b"0" * 3_333
# Looked for first: searching for a needle as long as _LONG_RUN costs about as much as
# orjson's parse of a 10 kB document, a short one a tenth of that.
_LONG_RUN_HINT = b"0" * 64
# An integer of 20 digits or more (19 after a minus sign): beyond 64 bits, orjson
# would return a float.
_BIG_INTEGER = b"," + b"0" * 20
_BIG_NEGATIVE = b"-" + b"0" * 19
_BIG_FIRST = b"0" * 20
# Surrogate escapes, paired or not, and escaped backslashes, scanned left to right so
# that "\\\\ud800" (a backslash, then text) is not taken for an escape.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_ESCAPES = (  # for documents that hold a surrogate escape only: compiled there
    r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}"
    r"|\\\\|(\\u[dD][89a-fA-F][0-9a-fA-F]{2})"
)
# The memory estimate, in bytes, calibrated against tracemalloc peaks of whole decodes
# (tests/test_memory_budget.py): the plain values the parser builds, the values a
# generated decoder builds from them, and the parser's own buffers, counted per token.
# Each value slot: a list slot in the plain array and in the decoded one (with
# CPython's over-allocation), plus a scalar: a str (56), an int (32) or a float (24);
# with exact numbers the scalar is a NumberText (100) and the Decimal made of it (104).
_VALUE_COST = 74
_EXACT_VALUE_COST = 222
# Per "[": two lists of up to four slots (plain and decoded) and a first value.
_ARRAY_COST = 2 * (56 + 32) + 56
# Per "{": two dicts of up to five members (a decoded object is a dict or a slotted
# object of up to 19 fields, which costs no more) and a first value.
_OBJECT_COST = 2 * 184 + 56
# Per ":": the key (56), the member's share of the plain and decoded dicts (entries,
# indices, the table being copied while it grows) and the parser's key memo.
_MEMBER_COST = 192
# Per byte of text: a copy of a bytearray or memoryview input (1), the shape map (1),
# what a decoder makes of string contents (1: base64 bytes...), then the decoded text
# and the string values, each as wide as CPython stores them: 1 byte a character for
# ASCII, up to 4 otherwise (4 is assumed: finding the widest character costs a pass),
# and string values 4 wide too when a \u escape could widen them.
# orjson holds about 12 bytes per input byte of its own while it builds the values.
_TEXT_COST = 3
_ORJSON_TEXT_COST = 12
#: The estimate's figures, for the compiled decoders that compute it (see
#: ``foryjson.native``): text, "[", "{", "," (plain, exact), ":".
ESTIMATE_COSTS = (
    _TEXT_COST,
    _ARRAY_COST,
    _OBJECT_COST,
    _VALUE_COST,
    _EXACT_VALUE_COST,
    _MEMBER_COST,
)
# Documents shorter than this are screened inline by ``decode`` (two counts of
# brackets, as ``depth.check_text_depth`` does for them).
_SHORT_DOCUMENT = 4096
# The most the estimate gives one character of a valid document ("[{},{},...]" of
# exact numbers, read by orjson), so that documents up to max_graph_bytes /
# MOST_PER_CHAR (about 560 KB of the default 128 MiB) need no counting at all.
MOST_PER_CHAR = (
    _TEXT_COST + 4 + 4 + _ORJSON_TEXT_COST + (_OBJECT_COST + _EXACT_VALUE_COST) // 3 + 1
)


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    """A pattern of a rare or error path, compiled at its first use, not at import
    (compiling them all would cost more than the rest of the module)."""
    return re.compile(pattern)


def default_backend() -> str:
    """The backend of generated ``from_json`` methods: ``$FORYJSON_BACKEND`` or ``auto``."""
    name = os.environ.get("FORYJSON_BACKEND", "auto")
    return name if name in BACKENDS else "auto"


def uses_orjson(backend: str) -> bool:
    """Resolve a backend name: whether reads go through orjson.

    ``auto`` uses orjson when it is installed; ``orjson`` requires it. Answering
    imports orjson (see ``wants_orjson`` for the check that does not).
    """
    return wants_orjson(backend) and _orjson_installed()


def wants_orjson(backend: str) -> bool:
    """Check a backend name: whether reads should try orjson, without importing it.

    ``stdlib`` never does; ``auto`` does, and reads where orjson turns out to be
    missing use the standard library (orjson is imported by the first such read);
    ``orjson`` does, and is refused here, with ``ValueError``, where orjson is not
    installed. Any other name is a ``ValueError`` too.
    """
    if backend not in BACKENDS:
        raise ValueError(
            f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}"
        )
    if backend == "orjson" and not _orjson_installed():
        raise ValueError(
            f"backend='orjson' needs the orjson package, {ORJSON_MINIMUM} or later"
            " (pip install -U orjson)"
        )
    return backend != "stdlib"


def _orjson_installed() -> bool:
    """Whether orjson can be used; the first call imports it."""
    global _orjson_loads, _OrjsonError
    if _orjson_loads is None:
        module = orjson_module()  # imported once, there
        if module is not None:
            _OrjsonError, _orjson_loads = module.JSONDecodeError, module.loads
    return _orjson_loads is not None


#: The oldest orjson the backend works with: orjson.Fragment, which the writers hand
#: exact text in, is new in 3.9.
ORJSON_MINIMUM = "3.9"
_orjson: list[types.ModuleType | None] = []  # the import's result, once made


def orjson_module() -> types.ModuleType | None:
    """orjson, imported on the first call; None where it is missing or older than
    ``ORJSON_MINIMUM``, which one ``RuntimeWarning`` says, and the standard library
    reads and writes instead."""
    if not _orjson:
        try:
            # __import__ rather than an import statement: type checkers then need
            # no orjson where it is not installed (a vendored runtime, say).
            module: types.ModuleType | None = __import__("orjson")
        except ImportError:
            module = None
        if module is not None and not hasattr(module, "Fragment"):
            import warnings  # only for this warning: importing it takes time

            version = getattr(module, "__version__", "of unknown version")
            warnings.warn(
                f"foryjson: orjson {version} is older than {ORJSON_MINIMUM}, which"
                " foryjson's orjson backend needs (for orjson.Fragment); reading and"
                " writing with the standard library instead (pip install -U orjson)",
                RuntimeWarning,
                stacklevel=2,
            )
            module = None
        _orjson.append(module)
    return _orjson[0]


_DEFAULT_ORJSON = wants_orjson(default_backend())


# The scanner's wording, made consistent with the rest of foryjson's messages.
_MESSAGES = {
    "Expecting value": "expecting a value",
    "Expecting property name enclosed in double quotes": (
        "expecting a property name in double quotes"
    ),
    "Expecting ':' delimiter": "expecting ':'",
    "Expecting ',' delimiter": "expecting ',' or the end of the container",
}

# Python 3.13's scanner names a trailing comma, at the comma; earlier scanners (and
# the compiled decoders) say what the comma promised, at the bracket after it.
_TRAILING_COMMA = {
    "Illegal trailing comma before end of object": (
        "expecting a property name in double quotes"
    ),
    "Illegal trailing comma before end of array": "expecting a value",
}


class _BareConstant(Exception):
    """Raised from inside the scanner, which cannot report positions itself."""


def _reject_constant(name: str) -> Any:
    raise _BareConstant(name)


def _checked_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _too_long_number(text)
    return float(text)


def _checked_number_text(text: str) -> NumberText:
    if len(text) > MAX_NUMBER_CHARS:
        raise _too_long_number(text)
    return NumberText(text)


def _too_long_number(text: str) -> DecodeError:
    return DecodeError(
        f"number of {len(text)} characters exceeds the limit of {MAX_NUMBER_CHARS}"
    )


def _members_hook(names: frozenset[str]) -> Callable[[list[tuple[str, Any]]], Any]:
    """An object hook that marks a duplicated subtype property (see DuplicateMember).

    Only a string last value is marked: any other value is no subtype name, so a
    dispatch refuses it anyway, and it stays a plain value that depth checks see.
    """

    def members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) != len(pairs):
            for name in names:
                last = result.get(name)
                if type(last) is str and sum(1 for key, _ in pairs if key == name) > 1:
                    result[name] = DuplicateMember(name, last)
        return result

    return members


def _scanner(
    exact: bool, long_numbers: bool, discriminators: frozenset[str] = frozenset()
) -> _Scanner:
    parse_int: Callable[[str], Any] = int
    if long_numbers:
        # The default int conversion stops at CPython's 4,300-digit limit.
        from .numbers import int_from_text as parse_int
    if exact:
        parse_float: Callable[[str], Any] = (
            _checked_number_text if long_numbers else NumberText
        )
    else:
        parse_float = _checked_float if long_numbers else float
    decoder = json.JSONDecoder(
        parse_constant=_reject_constant,
        parse_float=parse_float,
        parse_int=parse_int,
        object_pairs_hook=_members_hook(discriminators) if discriminators else None,
    )
    # The stub types make_scanner's argument as the scanner class; it takes a decoder.
    return json.scanner.make_scanner(decoder)  # type: ignore[arg-type]


# By (exact numbers, long numbers, subtype property names); the first pass never pays
# for long numbers, whose scanners are made when a document first needs them.
_SCANNERS = {
    (exact, False, frozenset[str]()): _scanner(exact, False) for exact in (False, True)
}


def _scanner_for(
    exact: bool, long_numbers: bool, discriminators: frozenset[str]
) -> _Scanner:
    key = (exact, long_numbers, discriminators)
    scan = _SCANNERS.get(key)
    if scan is None:  # one per kind of number and set of subtype property names
        scan = _SCANNERS.setdefault(key, _scanner(*key))
    return scan


def read(
    data: InputData,
    max_input_bytes: int = DEFAULT_MAX_INPUT_BYTES,
    exact: bool = False,
    *,
    max_graph_bytes: int = DEFAULT_LIMITS.max_graph_bytes,
    fast: bool | None = None,
    discriminators: Collection[str] = (),
    max_depth: int = MAX_DEPTH_CEILING,
) -> Any:
    """Parse one JSON document into dicts, lists, strings, ints, floats, bools and None.

    With ``exact``, numbers with a fraction or exponent come back as ``NumberText``
    (their exact text) instead of ``float``, for documents that hold decimals. Raises
    ``DecodeError`` for anything RFC 8259 does not allow, for invalid UTF-8 in binary
    input, for lone surrogates, for numbers over 10,000 characters, for input longer
    than ``max_input_bytes``, for input whose values would take more than about
    ``max_graph_bytes`` of memory and for input nested deeper than ``max_depth``
    (counted on the text, before any parser runs; typed decoders pass their limit,
    plain reads default to the ceiling, ``MAX_DEPTH_CEILING``). ``fast`` chooses
    orjson (default: the process default backend, see ``default_backend``). An object
    member named in ``discriminators`` that appears twice in one object reads as
    ``DuplicateMember``.
    """
    data, use_orjson = _checked(
        data,
        max_input_bytes,
        max_graph_bytes,
        max_depth,
        exact,
        _will_try_orjson(fast, exact),
    )
    shape = None
    if use_orjson and _orjson_loads is not None:
        shape = _shape(data)
        if not _orjson_may_differ(data, shape, discriminators):
            try:
                return _orjson_loads(data)
            except _OrjsonError:
                pass  # the standard library reads it, or names the fault its own way
    return _read_stdlib(data, exact, discriminators, shape)


def _checked(
    data: object,
    max_input_bytes: int,
    max_graph_bytes: int,
    max_depth: int,
    exact: bool,
    orjson: bool,
) -> tuple[str | bytes | bytearray, bool]:
    """The document, checked against every limit that applies before parsing.

    Returns it with whether orjson reads it: where ``orjson`` asks for it, and only
    if orjson's buffers fit in the memory budget too.
    """
    data = document(data)
    size = len(data)
    if size > max_input_bytes:
        unit = "characters" if isinstance(data, str) else "bytes"
        raise DecodeError(
            f"input of {size} {unit} exceeds the limit of {max_input_bytes}"
            " (raise max_input_bytes for trusted data)"
        )
    if size * MOST_PER_CHAR > max_graph_bytes:
        orjson = _check_graph(data, max_graph_bytes, orjson, exact)
    _depth.check_text_depth(data, max_depth)
    return data, orjson


def _read_stdlib(
    data: str | bytes | bytearray,
    exact: bool,
    discriminators: Collection[str],
    shape: bytes | None,
) -> Any:
    """Read a checked document with the standard library's scanner."""
    if isinstance(data, str):
        text = data
        if not text.isascii():
            _check_raw_surrogates(text)
    else:
        text = _decode_utf8(data)
    size = len(data)
    long_numbers = size > MAX_NUMBER_CHARS and _has_long_run(shape or _shape(data))
    names = frozenset(discriminators)
    try:
        value = _read_text(text, data, _scanner_for(exact, long_numbers, names))
    except _LongInteger:
        value = _read_text(text, data, _scanner_for(exact, True, names))
    if "\\" in text and _SURROGATE_ESCAPE.search(text):
        _check_surrogate_escapes(text, data)
    return value


def document(data: object, taker: str = "from_json") -> str | bytes | bytearray:
    """``data`` as one document's text or bytes, or ``TypeError`` if it is neither.

    ``str``, ``bytes`` and ``bytearray`` come back as they are; a ``memoryview`` as a
    copy of its bytes in order, whatever its shape or format (``len`` of a 2-D view
    counts rows, not bytes). Any other argument (``None``, a number, a parsed ``dict``)
    and a released view are programming errors, not documents: ``TypeError``, whose
    message names what ``taker`` accepts. Everything about a document's content is a
    ``DecodeError``.
    """
    if isinstance(data, str | bytes | bytearray):
        return data
    if isinstance(data, memoryview):
        try:
            return data.tobytes()
        except ValueError:  # released
            raise TypeError(f"{taker} was given a released memoryview") from None
    raise TypeError(
        f"{taker} takes str, bytes, bytearray or memoryview,"
        f" not {type(data).__name__}"
    )


def _shape(data: InputData) -> bytes:
    """The document's bytes mapped to character classes (see ``_SHAPES``)."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    return bytes(data).translate(_SHAPES)


def _orjson_may_differ(
    data: str | bytes | bytearray, shape: bytes, discriminators: Collection[str]
) -> bool:
    """Whether orjson might read a document differently from the standard library.

    It would for an integer beyond 64 bits (orjson makes it a float), a number over
    the length limit, and a subtype property that may appear twice in one object
    (orjson cannot report duplicates). ``shape`` is ``_shape(data)``.
    """
    return _numbers_may_differ(shape, True) or _names_may_repeat(data, discriminators)


def _numbers_may_differ(shape: bytes, big_ints: bool) -> bool:
    """Whether a document may hold a number over the length limit or, if ``big_ints``
    asks, an integer beyond 64 bits (see ``_orjson_may_differ``).

    Only a document longer than ``MAX_NUMBER_CHARS`` can hold a digit run of
    ``_LONG_RUN``. Digits inside strings may match too: that only costs the fast path.
    """
    if big_ints and (
        _BIG_INTEGER in shape or _BIG_NEGATIVE in shape or shape.startswith(_BIG_FIRST)
    ):
        return True
    return _has_long_run(shape)


def _has_long_run(shape: bytes) -> bool:
    """Whether a document's shape holds a run of digits as long as ``_LONG_RUN``."""
    return _LONG_RUN_HINT in shape and _LONG_RUN in shape


def _names_may_repeat(
    data: str | bytes | bytearray, discriminators: Collection[str]
) -> bool:
    """Whether a subtype property named in ``discriminators`` may appear twice in one
    object of ``data``.

    A name may be spelled with escapes (``"\\u0074ype"`` is ``"type"``), so a
    document that holds a ``\\u`` escape, or a short escape of a character of the
    name, is never taken for duplicate-free. Names inside strings may match too: that
    only costs the fast path.
    """
    if not discriminators:
        return False
    escapes, names = _name_needles(tuple(discriminators))
    if isinstance(data, str):
        return _may_repeat(data, escapes, names)
    return _may_repeat(data, _encoded(escapes), _encoded(names))


def _may_repeat(data: Any, escapes: tuple[Any, ...], names: tuple[Any, ...]) -> bool:
    """Whether ``data`` holds one of ``escapes``, or one of ``names`` twice.

    ``escapes[0]`` is a lone backslash: one memchr rules out every escape in most
    documents. ``find`` stops early and skips in C where ``count`` reads every byte.
    """
    if escapes[0] in data and any(escape in data for escape in escapes[1:]):
        return True
    for name in names:
        at = data.find(name)
        if at >= 0 and data.find(name, at + 1) >= 0:
            return True
    return False


# The escapes a member name can be written with, besides its characters themselves.
_SHORT_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "/": "\\/",
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
}


@functools.lru_cache(maxsize=256)
def _name_needles(names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What may spell a member name again: escapes, then the names as quoted.

    A ``\\u`` escape, or a short escape of one of the names' characters, counts as
    soon as it appears (after a lone backslash, the cheap test); a name's literal
    spelling when it appears twice.
    """
    escapes = ["\\", "\\u"]
    escapes.extend(
        escape
        for char, escape in _SHORT_ESCAPES.items()
        if any(char in name for name in names)
    )
    return tuple(escapes), tuple(json.dumps(name, ensure_ascii=False) for name in names)


@functools.lru_cache(maxsize=256)
def _encoded(texts: tuple[str, ...]) -> tuple[bytes, ...]:
    return tuple(text.encode("utf-8", "surrogatepass") for text in texts)


def _will_try_orjson(fast: bool | None, exact: bool) -> bool:
    return (
        (_DEFAULT_ORJSON if fast is None else fast)
        and not exact
        and (_orjson_loads is not None or _orjson_installed())
    )


def estimate_memory(
    data: str | bytes | bytearray, *, exact: bool = False, orjson: bool = True
) -> int:
    """The bytes of memory that decoding ``data`` may take at most, as estimated.

    This is what ``max_graph_bytes`` is compared with: the text's share plus a cost
    per ``[``, ``{``, ``,`` and ``:`` (see the figures in ``docs/security.md``), from
    four C-speed counts. ``exact`` is for types that hold decimals; ``orjson`` counts
    the buffers orjson holds while it parses. Brackets and commas inside strings count
    too, which errs on the safe side.
    """
    if isinstance(data, str):
        arrays, objects = data.count("["), data.count("{")
        values, members = data.count(","), data.count(":")
        raw = 1 if data.isascii() else 4  # as if some character were beyond U+FFFF
        escapes = "\\" in data and "\\u" in data
    else:
        arrays, objects = data.count(b"["), data.count(b"{")
        values, members = data.count(b","), data.count(b":")
        raw = 1 if data.isascii() else 4  # as if some character were beyond U+FFFF
        escapes = b"\\" in data and b"\\u" in data
    text = _TEXT_COST + raw + (4 if escapes else raw)
    if orjson:
        text += _ORJSON_TEXT_COST
    return (
        text * len(data)
        + _ARRAY_COST * arrays
        + _OBJECT_COST * objects
        + (_EXACT_VALUE_COST if exact else _VALUE_COST) * values
        + _MEMBER_COST * members
    )


def _check_graph(
    data: str | bytes | bytearray, max_graph_bytes: int, orjson: bool, exact: bool
) -> bool:
    """Refuse a document whose decoding would take more than the memory budget.

    Returns whether orjson may read it: only if its buffers fit in the budget too.
    Where they do not, the standard library reads the document within the budget.
    """
    estimate = estimate_memory(data, exact=exact, orjson=False)
    if estimate > max_graph_bytes:
        raise DecodeError(
            f"the document would take about {estimate} bytes of memory, over the"
            f" limit of {max_graph_bytes} (raise max_graph_bytes for trusted data)"
        )
    return orjson and estimate + _ORJSON_TEXT_COST * len(data) <= max_graph_bytes


def _check_raw_surrogates(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise _syntax_error(
            f"the lone surrogate U+{ord(text[error.start]):04X} is not allowed",
            text,
            error.start,
            text,
        ) from None


def _check_surrogate_escapes(text: str, data: InputData) -> None:
    """Refuse an escaped surrogate that is not half of a pair: it is no character."""
    for match in _compiled(_ESCAPES).finditer(text):
        if match.group(1):
            code = int(match.group(1)[2:], 16)
            raise _syntax_error(
                f"the escape \\u{code:04X} is a lone surrogate, not a character",
                text,
                match.start(1),
                data,
            )


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
        position = error.pos
        if error.msg in _TRAILING_COMMA:
            message = _TRAILING_COMMA[error.msg]
            position = _WHITESPACE.match(text, position + 1).end()  # type: ignore[union-attr]
        else:
            message = _MESSAGES.get(error.msg, error.msg[0].lower() + error.msg[1:])
            message = message.removesuffix(" at")  # "Invalid control character at"
        raise _syntax_error(message, text, position, data) from None
    except _BareConstant as bare:
        message = f"{bare.args[0]} is not valid JSON (write it as a string)"
        raise _syntax_error(message, text, _bare_constant_at(text), data) from None
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


def _bare_constant_at(text: str) -> int:
    """Where the first ``NaN`` or ``Infinity`` outside a string starts.

    The scanner stopped there, so the text before it is valid JSON. Escaped backslashes
    and quotes are blanked first (keeping every position), so that quotes delimit
    strings exactly; strings are then skipped with ``find`` and ``count``, never with a
    regular expression that repeats a group over them, which would keep a backtracking
    record per character.
    """
    if "\\" in text:
        text = text.replace("\\\\", "  ").replace('\\"', "  ")
    start = 0  # always outside strings
    search = _compiled(_CONSTANT).search
    while (match := search(text, start)) is not None:
        if text.count('"', start, match.start()) % 2 == 0:
            return match.start()
        close = text.find('"', match.end())  # the end of the string it sits in
        if close < 0:
            break
        start = close + 1
    return start  # not reached: the scanner saw the constant


def decode(
    decoder: Callable[[Any], T],
    data: InputData,
    limits: Limits = DEFAULT_LIMITS,
    exact: bool = False,
    *,
    depth: int | None = 0,
    fast: bool | None = None,
    discriminators: Collection[str] = (),
    untyped: bool = True,
    decimals: tuple[str, ...] = (),
) -> T:
    """Read one document and convert it with a generated decoder.

    The document's text is counted against ``limits.max_depth`` whatever the type:
    ``depth``, the nesting the type's schema allows, matters to encoders only.
    ``untyped`` says whether a value of the type can be kept as it was read
    (``any``, raw values, catch-all members, user codecs). Where none can, orjson
    reads the document without the screen for integers beyond 64 bits: such an
    integer, which orjson makes a float, fails the integer check of the field it
    lands in, a float field reads the same float from either parser, and an ignored
    member does not matter. ``decimals`` names the members that hold the decimals of
    an ``exact`` type that is not ``untyped``, where every decimal is a member's value:
    orjson reads its documents too, and decimal fields find the exact text of their
    numbers by these names (see ``decimals.decimal_from``).

    With orjson, whatever fails (orjson's parse or the conversion) is decoded again
    from the standard library's values, so that the result, or the error with its
    message and path, is the standard library backend's.
    """
    tried = False  # whether orjson already failed on this document
    if (
        not (untyped or discriminators)
        and (_DEFAULT_ORJSON if fast is None else fast)
        and _orjson_loads is not None
        and (decimals or not exact)
    ):
        # The common case, inline: a short document of a type that needs no screen,
        # with fewer brackets than the depth limit (so no deeper than it). Anything
        # else takes the path below, which checks every limit in turn.
        if type(data) is bytes:
            size = len(data)
            short = size < _SHORT_DOCUMENT and (
                data.count(b"[") + data.count(b"{") <= limits.max_depth
            )
        elif type(data) is str:
            size = len(data)
            short = size < _SHORT_DOCUMENT and (
                data.count("[") + data.count("{") <= limits.max_depth
            )
        else:
            size, short = 0, False  # bytearray, memoryview, not a document: below
        if (
            short
            and size <= limits.max_input_bytes
            and size * MOST_PER_CHAR <= limits.max_graph_bytes
        ):
            if not exact:
                try:
                    return decoder(_orjson_loads(data))
                except (_OrjsonError, DecodeError, RecursionError):
                    pass  # decoded again below: the result or the error
            else:
                # Only str and bytes are short: the checks above narrow no further.
                result = _decode_orjson(decoder, data, decimals)  # type: ignore[arg-type]
                if not isinstance(result, _Retry):
                    return result
            tried = True
    data, use_orjson = _checked(
        data,
        limits.max_input_bytes,
        limits.max_graph_bytes,
        limits.max_depth,
        exact,
        _will_try_orjson(fast, exact and (untyped or not decimals)),
    )
    shape = None
    if use_orjson and not tried:
        if untyped or discriminators or len(data) > MAX_NUMBER_CHARS:
            shape = _shape(data)
            if _numbers_may_differ(shape, untyped) or _names_may_repeat(
                data, discriminators
            ):
                use_orjson = False
        if use_orjson:
            result = _decode_orjson(decoder, data, decimals if exact else None)
            if not isinstance(result, _Retry):
                return result
    value = _read_stdlib(data, exact, discriminators, shape)
    try:
        return decoder(value)
    except RecursionError:
        raise DecodeError("the document is nested too deeply") from None


# orjson reads integers beyond 64 bits as floats of at least this magnitude.
_LONG_INTEGER_FLOAT = 2.0**63


def _first_read_decimal(data: object) -> Decimal:
    """``decimals.read_decimal``, bound in its place at the first call: an import
    statement in ``_DecimalTexts.decimal`` cost about 0.9 µs a decimal."""
    global _read_decimal
    from .decimals import read_decimal

    _read_decimal = read_decimal
    return read_decimal(data)


_read_decimal: Callable[[object], Decimal] = _first_read_decimal


class _DecimalTexts:
    """The texts of the numbers with a fraction or an exponent that the members
    named ``names`` (the JSON names of a type's decimal fields) hold in a document
    (``plain.FloatTexts``).

    orjson reads these numbers as floats; a decimal field needs the digits as written
    (``19.90``, ``1E+3``). In a valid document without a backslash every quote
    delimits a string, so each ``"price":`` in the text is a member named ``price``:
    one regular expression (see ``_member_numbers``) collects every number such
    members hold (those of other objects too, which only add candidates), and each is
    known by its magnitude (the float's sign is the text's). A magnitude that two different texts spell (``19.9`` and
    ``19.90``) or none does, or that an integer beyond 64 bits may have become, is
    ``InexactFloat``, and so is every float of a document with a backslash, where an
    escape could spell a name: the document is then decoded by the standard library.
    The texts are collected on the first request.
    """

    __slots__ = ("_data", "_decimals", "_names", "_texts")

    def __init__(self, data: str | bytes | bytearray, names: tuple[str, ...]) -> None:
        self._data = data
        self._names = names
        self._texts: dict[float, str | None] | None = None
        self._decimals: dict[float, Decimal] = {}  # by value, zeros aside

    def decimal(self, value: float) -> Decimal:
        """The decimal of the number that orjson read as ``value``; ``InexactFloat``
        if the document does not tell its text for sure."""
        result = self._decimals.get(value)
        if result is None:
            result = _read_decimal(NumberText(self.text(value)))
            if value:  # 0.0 and -0.0 are equal keys for different texts
                self._decimals[value] = result
        return result

    def text(self, value: float) -> str:
        """The text of the number that orjson read as ``value``; ``InexactFloat`` if
        the document does not tell it for sure."""
        texts = self._texts
        if texts is None:
            texts = self._texts = self._collect()
        magnitude = abs(value)
        text = texts.get(magnitude) if magnitude < _LONG_INTEGER_FLOAT else None
        if text is None:
            raise InexactFloat
        return "-" + text if math.copysign(1.0, value) < 0 else text

    def _collect(self) -> dict[float, str | None]:
        data = self._data
        if isinstance(data, bytes | bytearray):
            if b"\\" in data:
                return {}
            data = data.decode("utf-8", "surrogatepass")
        elif "\\" in data:
            return {}
        pattern = _MEMBER_NUMBERS.get(self._names)
        if pattern is None:  # made once per set of names
            pattern = _MEMBER_NUMBERS.setdefault(
                self._names, _member_numbers(self._names)
            )
        found = set(pattern.findall(data))
        texts: dict[float, str | None] = {float(text): text for text in found}
        if len(texts) < len(found):  # some magnitude is spelled two ways
            for text in found:
                if texts[float(text)] != text:
                    texts[float(text)] = None
        return texts


# The patterns of ``_member_numbers`` by the names of a type's decimal members.
_MEMBER_NUMBERS: dict[tuple[str, ...], re.Pattern[str]] = {}


def _member_numbers(names: tuple[str, ...]) -> re.Pattern[str]:
    """A pattern that finds the numbers of the members named ``names``, and maybe
    of other members: it looks for the end their quoted names have in common
    (``rice"`` for ``price`` and ``unitPrice``), which the search skips to in C.

    Its matching time is linear: each repeated class is followed by a character it
    cannot hold (whitespace by ``:``, digits by ``.``, an exponent or the end), so
    giving back what one took never makes another match. Plain quantifiers, for
    Python 3.10, which has no possessive ones.
    """
    quoted = [json.dumps(name, ensure_ascii=False) for name in names]
    common = quoted[0]
    for name in quoted[1:]:
        while not name.endswith(common):
            common = common[1:]
    return re.compile(
        re.escape(common)
        + r"[ \t\n\r]*:[ \t\n\r]*-?"
        + r"([0-9]+(?:\.[0-9]+(?:[eE][-+]?[0-9]+)?|[eE][-+]?[0-9]+))"
    )


class _Retry:
    """What ``_decode_orjson`` returns when the standard library must decode."""


_RETRY = _Retry()


def _decode_orjson(
    decoder: Callable[[Any], T],
    data: str | bytes | bytearray,
    decimals: tuple[str, ...] | None,
) -> T | _Retry:
    """Decode with orjson's values, or return ``_RETRY`` if anything fails.

    With ``decimals`` (an exact type's, see ``decode``), decimal fields find the
    texts of their numbers in ``data``. The failed attempt's values are released
    before this returns, so that the standard library's read of the same document
    stays within the memory budget.
    """
    assert _orjson_loads is not None
    try:
        value = _orjson_loads(data)
    except _OrjsonError:
        return _RETRY  # the standard library reads it, or names the fault its own way
    if decimals is None:
        try:
            return decoder(value)
        except (DecodeError, RecursionError):
            return _RETRY
    token = FLOAT_TEXTS.set(_DecimalTexts(data, decimals))
    try:
        return decoder(value)
    except (DecodeError, RecursionError, InexactFloat):
        return _RETRY
    finally:
        FLOAT_TEXTS.reset(token)


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
