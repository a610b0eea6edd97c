"""Python data both ways: ``to_builtins`` and ``from_builtins``.

``to_builtins`` gives the values a document's JSON carries, as Python data: dicts with
members in the order written, lists, ``str``, ``int``, ``float``, ``bool`` and None,
with two choices (``Options``): decimals as ``Decimal`` (the default) or as their JSON
number text, and dates and times as their JSON values (text, or epoch numbers) or as
the objects the fields hold. Generated ``_builtins_X`` functions build it; they mirror
the plain encoders for orjson (see ``foryjson.fastwriter``), check what those check,
and raise ``NotPlain`` at the first check that fails: the string encoder then runs and
raises the ``EncodeError`` (message and path) that ``to_json`` raises.

``from_builtins`` reads such data with the generated decoders, exactly as ``from_json``
reads the values it parses: ``tree`` first turns Python data into the reader's values
(tuples into lists, ``Decimal`` into number text, subclasses of ``str``, ``int`` and
``float`` into those classes, enum members into their values), bounding the nesting
by the limits' ``max_depth``. A value a decoder refuses that is not JSON data (a
``datetime``, a ``UUID``, ``bytes``, a model object...) gets a second chance in
``given``: it is accepted where its field's writer accepts it, and read back as
``from_json`` reads what the writer wrote.
"""

from __future__ import annotations

import json
import re
from contextvars import ContextVar
from enum import Enum

from . import writer
from .depth import needs_check, too_deep_message
from .errors import DecodeError, EncodeError, describe, key_segment
from .fastwriter import NotPlain, plain_members
from .limits import DEFAULT_LIMITS, MAX_NUMBER_CHARS, Limits
from .plain import DuplicateMember, NumberText

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any, Literal, TypeAlias, TypeVar

    T = TypeVar("T")
    #: The choices of ``to_builtins``'s keyword arguments, for generated signatures.
    DecimalChoice: TypeAlias = Literal["decimal", "str"]
    TemporalChoice: TypeAlias = Literal["text", "object"]

__all__ = [
    "DECIMAL_CHOICES",
    "TEMPORAL_CHOICES",
    "Options",
    "any_value",
    "convert",
    "decimal",
    "float_value",
    "given",
    "load",
    "members",
    "options",
    "parsed",
    "parsed_exact",
    "scalar",
    "temporal",
    "tree",
]

#: What ``to_builtins(decimals=...)`` takes: ``Decimal`` objects, or their JSON text.
DECIMAL_CHOICES = ("decimal", "str")
#: What ``to_builtins(temporals=...)`` takes: the JSON values (ISO text, epoch
#: numbers), or the ``date``/``time``/``datetime``... objects themselves.
TEMPORAL_CHOICES = ("text", "object")


class Options:
    """How ``to_builtins`` gives decimals and dates and times (see ``options``)."""

    __slots__ = ("decimal_text", "temporal_objects")

    def __init__(self, decimal_text: bool, temporal_objects: bool) -> None:
        self.decimal_text = decimal_text
        self.temporal_objects = temporal_objects

    def __repr__(self) -> str:
        decimals = DECIMAL_CHOICES[self.decimal_text]
        temporals = TEMPORAL_CHOICES[self.temporal_objects]
        return f"Options(decimals={decimals!r}, temporals={temporals!r})"


_OPTIONS = {
    (decimals, temporals): Options(decimals == "str", temporals == "object")
    for decimals in DECIMAL_CHOICES
    for temporals in TEMPORAL_CHOICES
}


def options(decimals: str = "decimal", temporals: str = "text") -> Options:
    """The ``Options`` of ``to_builtins``'s keyword arguments; ``ValueError`` for others."""
    try:
        return _OPTIONS[decimals, temporals]
    except (KeyError, TypeError):
        if decimals not in DECIMAL_CHOICES:
            raise ValueError(
                f"decimals must be one of {', '.join(DECIMAL_CHOICES)}, not {decimals!r}"
            ) from None
        raise ValueError(
            f"temporals must be one of {', '.join(TEMPORAL_CHOICES)}, not {temporals!r}"
        ) from None


# ----------------------------------------------------------------- to builtins


def convert(
    function: Callable[..., Any],
    encoder: Callable[[Any], str],
    value: object,
    choices: Options,
    limits: Limits = DEFAULT_LIMITS,
    depth: int | None = 0,
    *,
    counts_depth: bool = False,
) -> Any:
    """A document root as Python data: ``function``'s (a ``_builtins_X``), or the
    ``EncodeError`` that ``to_json`` raises for it, found by the string ``encoder``.

    ``depth`` and ``counts_depth`` are the codec's, as for ``fastwriter.encode_text``:
    data that may nest deeper than ``limits.max_depth`` is refused as the text is.
    """
    try:
        if counts_depth:
            result = function(value, choices, limits.max_depth)
        else:
            result = function(value, choices)
        if (
            counts_depth
            or not needs_check(depth, limits.max_depth)
            or _nesting(result) <= limits.max_depth
        ):
            return result
    except MemoryError:
        raise
    except Exception:  # noqa: S110 - the string encoder names the fault below
        pass
    # The string encoder raises what to_json raises for this value.
    writer.encode_text(encoder, value, False, False, limits, depth)
    raise EncodeError(  # pragma: no cover - the two encoders check the same things
        f"{describe(value)} has JSON text but no Python data"
    )


def _nesting(data: object) -> int:
    """How deep arrays and objects nest in Python data, counted without recursion."""
    deepest = 0
    pending: list[tuple[object, int]] = [(data, 0)]
    while pending:
        item, level = pending.pop()
        if type(item) is dict:
            children: Any = item.values()
        elif type(item) is list:
            children = item
        else:
            continue
        level += 1
        deepest = max(deepest, level)
        pending += [(child, level) for child in children]
    return deepest


def scalar(text: str) -> Any:
    """The value of a scalar's JSON text: a string, a number, or an array of numbers."""
    first = text[0]
    if first == '"':
        return text[1:-1] if "\\" not in text else json.loads(text)
    if first == "[":
        return json.loads(text)  # a byte array's numbers
    if "." in text or "e" in text or "E" in text:
        return float(text)
    return int(text)


def float_value(value: object, choices: Options) -> Any:
    """A float field's value: the float, or the string NaN and the infinities are."""
    if type(value) is float and value - value == 0.0:
        return value
    return scalar(writer.write_float(value))


def decimal(value: object, choices: Options, write: Callable[[Any], str]) -> Any:
    """A decimal: the ``Decimal`` (an ``int`` made one), or its JSON text; ``write`` is
    the field's writer, ``decimals.write_decimal`` or ``write_decimal_string``."""
    text = write(value)
    if text[0] == '"':
        text = text[1:-1]
    if choices.decimal_text:
        return text
    if type(value) is not int:  # the writers take a Decimal or an int
        return value
    from decimal import Decimal

    return Decimal(text)


def temporal(value: object, choices: Options, write: Callable[[Any], str]) -> Any:
    """A date or time: its JSON value, or the object itself once ``write`` accepts it."""
    text = write(value)
    return value if choices.temporal_objects else scalar(text)


def any_value(value: object, choices: Options) -> Any:
    """An ``any`` field's value as JSON data: what ``dynamic.write_any`` writes."""
    kind = type(value)
    if kind is str or kind is bool or kind is int or value is None:
        return value
    if kind is float:
        return float_value(value, choices)
    if kind is dict:
        return members(value, _NO_NAMES, choices)
    if kind is list or kind is tuple:
        return [any_value(item, choices) for item in value]  # type: ignore[attr-defined]
    from decimal import Decimal

    from .decimals import write_decimal

    if kind is NumberText:
        return decimal(Decimal(str.__str__(value)), choices, write_decimal)
    if isinstance(value, Decimal):
        return decimal(value, choices, write_decimal)
    raise NotPlain


_NO_NAMES: frozenset[str] = frozenset()


def members(
    extra: object, declared: frozenset[str], choices: Options
) -> dict[str, Any]:
    """Catch-all members as JSON data, as ``dynamic.write_members`` writes them."""
    return plain_members(extra, declared, lambda item: any_value(item, choices))


def parsed(text: object, choices: Options) -> Any:
    """The JSON data of text from user code or a raw field, numbers as ``any`` reads
    them (floats for those with a fraction)."""
    if not isinstance(text, str):
        raise NotPlain
    return json.loads(str.__str__(text))


def parsed_exact(text: str, choices: Options) -> Any:
    """The JSON data of a set of decimals' text: its numbers as decimals."""
    if choices.decimal_text:
        return json.loads(text, parse_float=str, parse_int=str)
    from decimal import Decimal

    return json.loads(text, parse_float=Decimal, parse_int=Decimal)


# --------------------------------------------------------------- from builtins


def load(
    decoder: Callable[[Any], T],
    encoder: Callable[[Any], str],
    value: object,
    limits: Limits = DEFAULT_LIMITS,
) -> T:
    """Decode Python data with a generated decoder, as ``from_json`` decodes a document;
    ``encoder`` writes a root given as the Python value itself (see ``given``)."""
    if _reader_ready(value, limits.max_depth):
        data = value  # the common case: JSON data already, as json.loads gives it
    else:
        data = tree(value, limits.max_depth)
    token = _FROM_BUILTINS.set(True)
    try:
        return decoder(data)
    except DecodeError as error:
        if error.path_segments:
            raise
        return given(data, error, encoder, decoder)
    except RecursionError:
        raise DecodeError("the document is nested too deeply") from None
    finally:
        _FROM_BUILTINS.reset(token)


#: Whether the decoders running are ``from_builtins``'s (see ``given``).
_FROM_BUILTINS: ContextVar[bool] = ContextVar("foryjson_from_builtins", default=False)


_SCALAR_KINDS = frozenset({str, int, float, bool, type(None)})


def _reader_ready(value: Any, room: int) -> bool:
    """Whether data is already as the reader gives it (exact JSON classes, string
    keys, text and integers a document can hold) and nests at most ``room`` levels:
    then ``tree`` would copy it unchanged. About as costly as the decoders' own pass,
    and half of ``tree``'s."""
    kind = type(value)
    items: Iterable[Any]
    if kind is dict:
        for key in value:
            if type(key) is not str or not (key.isascii() or _readable_text(key)):
                return False
        items = value.values()
    elif kind is list:
        items = value
    elif kind is str:
        return value.isascii() or _readable_text(value)
    elif kind is int:
        return bool(value.bit_length() < _SHORT_INTEGER_BITS)
    else:
        return kind in _SCALAR_KINDS
    if room == 0:
        return False
    for item in items:
        kind = type(item)
        if kind is str:
            if not (item.isascii() or _readable_text(item)):
                return False
        elif kind is int:
            if item.bit_length() >= _SHORT_INTEGER_BITS:
                return False
        elif kind not in _SCALAR_KINDS and not _reader_ready(item, room - 1):
            return False
    return True


# A document's text has no lone surrogate, and its numbers at most MAX_NUMBER_CHARS
# characters. An integer of fewer bits than 10**9999, whose negative is the first of
# 10,001 characters, is within that limit.
_SURROGATE = re.compile("[\ud800-\udfff]")
_SHORT_INTEGER_BITS = 33_216  # (10 ** (MAX_NUMBER_CHARS - 1)).bit_length()


def _readable_text(text: str) -> bool:
    return _SURROGATE.search(text) is None


def _checked_text(text: str, what: str = "string") -> str:
    """``text``, which must hold no lone surrogate, as a document cannot."""
    found = _SURROGATE.search(text)
    if found is not None:
        raise DecodeError(
            f"the {what} holds the lone surrogate U+{ord(found.group()):04X}, which is"
            " not a character"
        )
    return text


def _checked_integer(number: int) -> int:
    """``number``, which must be written in at most ``MAX_NUMBER_CHARS`` characters,
    as a document's numbers are."""
    if number.bit_length() >= _SHORT_INTEGER_BITS:
        magnitude = -number if number < 0 else number
        if magnitude >= 10 ** (MAX_NUMBER_CHARS - (number < 0)):
            raise DecodeError(
                f"integer longer than the limit of {MAX_NUMBER_CHARS} characters"
            )
    return number


def tree(value: object, max_depth: int, level: int = 0) -> Any:
    """Python data as the reader's values, checked to nest at most ``max_depth`` deep.

    Object keys must be strings. Values that are not JSON data stay as they are, for
    the decoders to refuse or accept (see ``given``).
    """
    kind = type(value)
    if kind is str:
        text: str = value  # type: ignore[assignment]
        return text if text.isascii() else _checked_text(text)
    if kind is int:
        return _checked_integer(value)  # type: ignore[arg-type]
    if kind is float or kind is bool or value is None:
        return value
    if isinstance(value, dict):
        if level == max_depth:
            raise DecodeError(too_deep_message(max_depth))
        result = {}
        for key, item in value.items():
            if type(key) is not str:
                if not isinstance(key, str):
                    raise DecodeError(
                        f"object keys must be strings, not {describe(key)}"
                    ).within(key_segment(key))
                key = str.__str__(key)
            # At the object's path: the key, unprintable, cannot stand in it.
            _checked_text(key, "object key")
            try:
                result[key] = tree(item, max_depth, level + 1)
            except DecodeError as error:
                raise error.within(key) from None
        return result
    if isinstance(value, list | tuple):
        if level == max_depth:
            raise DecodeError(too_deep_message(max_depth))
        items = []
        for index, item in enumerate(value):
            try:
                items.append(tree(item, max_depth, level + 1))
            except DecodeError as error:
                raise error.within(index) from None
        return items
    if isinstance(value, Enum):
        return tree(value._value_, max_depth, level)
    if isinstance(value, str):
        return _checked_text(str.__str__(value))
    if isinstance(value, bool | int):
        return _checked_integer(int.__index__(value))
    if isinstance(value, float):
        return float.__float__(value)
    from decimal import Decimal

    if isinstance(value, Decimal) and value.is_finite():
        text = Decimal.__str__(value)
        if "." in text or "E" in text:
            return NumberText(text)
        return int(text)
    return value


#: The classes of the reader's values: data a decoder refuses is wrong as it is.
_JSON_KINDS = frozenset(
    {str, int, float, bool, type(None), list, dict, NumberText, DuplicateMember}
)


def _writes_decimals(write: Callable[[Any], str]) -> bool:
    return getattr(write, "__module__", "").endswith(".decimals") and getattr(
        write, "__name__", ""
    ) in ("write_decimal", "write_decimal_string")


def _other_decimal_form(data: object, as_number: bool) -> object:
    """A decimal in the form its field is not written in, as that form's value:
    ``to_builtins`` gives decimals as ``Decimal`` (number text here) or as strings,
    whichever form the field takes on the wire; None where ``data`` is neither."""
    if as_number:
        from .numbers import _JSON_NUMBER  # loads with the decimals it serves

        if type(data) is str and _JSON_NUMBER.fullmatch(data):
            return NumberText(data)
        return None
    if type(data) is NumberText or type(data) is int:
        return str(data)
    return None


def given(
    data: object,
    error: DecodeError,
    write: Callable[[Any], str],
    read: Callable[[Any], T],
) -> T:
    """A value a decoder refused with ``error``, accepted if it is the Python value
    itself (not JSON data) and ``write`` writes it: read back from that text.

    Generated decoders call this on their error path only, so ``from_json``, whose
    values are all JSON data, pays nothing for it.
    """
    if type(data) in _JSON_KINDS:
        if _FROM_BUILTINS.get() and _writes_decimals(write):
            other = _other_decimal_form(data, write.__name__ == "write_decimal")
            if other is not None:
                try:
                    return read(other)
                except DecodeError:
                    pass
        raise error
    try:
        text = write(data)
    except EncodeError as refused:
        moved = DecodeError(refused.message)
        for segment in reversed(error.path_segments + refused.path_segments):
            moved.within(segment)
        raise moved from None
    except Exception:
        raise error from None
    from .reader import read as read_text

    return read(read_text(text, exact=True))
