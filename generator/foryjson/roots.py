"""Roots of any type: type expressions of the schema language, composed at run time.

``ForyJson`` takes a root type as a type-expression string, such as ``"bytes"``,
``"list[float]"``, ``"dict[str, int32]"`` or ``"payments.Payment?"``. ``parse`` reads
the expression into a small tree, ``Composer.key`` resolves its model and enum names
against the modules given to ``ForyJson`` (the tree then identifies the root type,
and equal types give equal keys), and ``Composer.codec`` builds the root's ``Codec``
out of the runtime's writer and reader functions and the models' prebuilt codecs.
Nothing is compiled: every codec is a closure over functions that already exist.

The codecs write the bytes, and raise the errors (message and path), that the
generated code of a field of the same type does. Type names in messages are spelled
as in the schema language, with models and enums by their class name.

A bad expression is a ``ValueError`` (``TypeExpressionError``): malformed, longer
than ``MAX_EXPRESSION_CHARS``, nested deeper than ``MAX_EXPRESSION_DEPTH``, naming
an unknown or ambiguous model, or putting a type where the schema language refuses
it (a dict key that is not a string, an integer, a uuid or an enum; a set of values
that cannot be hashed).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable

from . import fastwriter, writer
from .codec import Codec
from .depth import deepest, one_level_deeper
from .errors import (
    DecodeError,
    EncodeError,
    decode_mismatch,
    encode_mismatch,
    key_segment,
)
from .limits import DEFAULT_LIMITS, Limits
from .numbers import INTEGER_RANGES

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from typing import Any

    Node = tuple[Any, ...]
    Key = tuple[Any, ...]
    Builtins = Callable[[Any, Any], Any]

__all__ = [
    "FORMATS",
    "IDENTIFIERS",
    "JAVA_TIMES",
    "MAX_EXPRESSION_CHARS",
    "MAX_EXPRESSION_DEPTH",
    "SCALARS",
    "TEMPORALS",
    "Composer",
    "TypeExpressionError",
    "parse",
]

#: The longest type expression accepted, in characters.
MAX_EXPRESSION_CHARS = 1000
#: The deepest nesting of type arguments accepted (``list[list[int]]`` nests 2).
MAX_EXPRESSION_DEPTH = 32

#: The date and time types foryjson.temporal writes and reads.
TEMPORALS = ("date", "time", "datetime", "local_datetime", "duration")
#: The text identifiers foryjson.identifiers checks, held as ``str``.
IDENTIFIERS = ("uri", "locale", "currency")
#: The java.time types foryjson.javatime writes and reads.
JAVA_TIMES = (
    "year",
    "year_month",
    "month_day",
    "period",
    "zone_offset",
    "zone_id",
    "offset_time",
    "zoned_datetime",
    "instant",
)
#: The scalar types of the schema language.
SCALARS = frozenset(
    {
        "bool",
        "int",
        *INTEGER_RANGES,
        "float",
        "float32",
        "decimal",
        "str",
        "char",
        "uuid",
        *IDENTIFIERS,
        "bytes",
        "any",
        *TEMPORALS,
        *JAVA_TIMES,
    }
)
#: The ``format`` choices of each scalar that has some (the first is the default).
FORMATS = {
    "bytes": ("base64", "base64url", "base16", "array", "uint8_array"),
    "decimal": ("number", "string"),
    "datetime": ("iso", "epoch_millis", "epoch_seconds"),
    **{name: ("iso",) for name in TEMPORALS if name != "datetime"},
}
_EPOCHS = ("epoch_millis", "epoch_seconds")
_KEY_SCALARS = frozenset({"str", "uuid", "int", *INTEGER_RANGES})
_GENERICS = {"list": 1, "set": 1, "dict": 2, "tuple": 0}
_TOKEN = re.compile(
    r"\s*(?:([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)|(\.\.\.)|([\[\],?]))"
)
_SPACE = re.compile(r"\s*")


class TypeExpressionError(ValueError):
    """A type expression that is malformed, or names a type that cannot be a root."""


# ---------------------------------------------------------------------- parsing
#
# Trees are tuples: ("name", text) for a scalar, model or enum name; ("list", item),
# ("set", item), ("dict", key, value), ("tuple", items, variadic), ("nullable", inner).


def parse(text: str) -> Node:
    """Parse a type expression of the schema language; raises ``TypeExpressionError``."""
    if type(text) is not str:
        raise TypeError(f"a type expression is a str, not {type(text).__name__}")
    if len(text) > MAX_EXPRESSION_CHARS:
        raise TypeExpressionError(
            f"type expression of {len(text)} characters exceeds the limit of"
            f" {MAX_EXPRESSION_CHARS}"
        )
    tokens: list[tuple[str, int]] = []
    position = 0
    while True:
        match = _TOKEN.match(text, position)
        if match is None:
            end = _SPACE.match(text, position)
            assert end is not None
            if end.end() == len(text):
                break
            raise _syntax(text, f"unexpected {text[end.end()]!r}", end.end())
        tokens.append(
            (match.group(match.lastindex or 0), match.start(match.lastindex or 0))
        )
        position = match.end()
    parser = _Parser(text, tokens)
    tree = parser.type(0)
    if parser.index < len(tokens):
        token, offset = tokens[parser.index]
        raise _syntax(text, f"unexpected {token!r}", offset)
    return tree


def _syntax(text: str, problem: str, offset: int) -> TypeExpressionError:
    shown = text if len(text) <= 80 else text[:77] + "..."
    return TypeExpressionError(
        f"{problem} at character {offset} of type expression {shown!r}"
    )


class _Parser:
    def __init__(self, text: str, tokens: list[tuple[str, int]]) -> None:
        self.text = text
        self.tokens = tokens
        self.index = 0

    def _peek(self) -> str | None:
        return self.tokens[self.index][0] if self.index < len(self.tokens) else None

    def _fail(self, expected: str) -> TypeExpressionError:
        if self.index < len(self.tokens):
            token, offset = self.tokens[self.index]
            return _syntax(self.text, f"expected {expected}, found {token!r}", offset)
        return _syntax(self.text, f"expected {expected}, found the end", len(self.text))

    def _expect(self, token: str) -> None:
        if self._peek() != token:
            raise self._fail(repr(token))
        self.index += 1

    def type(self, depth: int) -> Node:
        word = self._peek()
        if word is None or not (word[0].isalpha() or word[0] == "_"):
            raise self._fail("a type name")
        offset = self.tokens[self.index][1]
        self.index += 1
        tree: Node
        if word in _GENERICS:
            if self._peek() != "[":
                raise _syntax(self.text, f"{word} needs type arguments", offset)
            if depth >= MAX_EXPRESSION_DEPTH:
                raise TypeExpressionError(
                    f"type expression nests deeper than the limit of"
                    f" {MAX_EXPRESSION_DEPTH}"
                )
            self.index += 1
            arguments = [self.type(depth + 1)]
            variadic = False
            while self._peek() == ",":
                self.index += 1
                if word == "tuple" and self._peek() == "...":
                    if len(arguments) != 1:
                        raise self._fail("a type name ('...' follows one type)")
                    self.index += 1
                    variadic = True
                    break
                arguments.append(self.type(depth + 1))
            self._expect("]")
            wanted = _GENERICS[word]
            if wanted and len(arguments) != wanted:
                raise _syntax(
                    self.text,
                    f"{word} takes {wanted} type argument{'s' if wanted > 1 else ''},"
                    f" got {len(arguments)}",
                    offset,
                )
            if word == "dict":
                tree = ("dict", arguments[0], arguments[1])
            elif word == "tuple":
                tree = ("tuple", tuple(arguments), variadic)
            else:
                tree = (word, arguments[0])
        else:
            if self._peek() == "[":
                raise _syntax(self.text, f"{word} takes no type arguments", offset)
            tree = ("name", word)
        if self._peek() == "?":
            self.index += 1
            tree = ("nullable", tree)
            if self._peek() == "?":
                raise self._fail("one '?'")
        return tree


# ------------------------------------------------------------------ resolution


class Composer:
    """Resolves type expressions against some types' codecs, and composes root codecs.

    ``codecs`` are the codecs of every model and enum known (a ``ForyJson``'s).
    Keys are trees whose names are resolved: ``("scalar", name, format)``,
    ``("type", cls)``, and the container nodes of ``parse`` around them.
    """

    __slots__ = ("_by_name", "_codecs")

    def __init__(self, codecs: dict[Any, Codec[Any]]) -> None:
        self._codecs = codecs
        by_name: dict[str, list[Any]] = {}
        for cls in codecs:
            by_name.setdefault(cls.__name__, []).append(cls)
        self._by_name = by_name

    # -------------------------------------------------------------- keys

    def key(self, text: str, format: str | None = None) -> Key:
        """The resolved key of a type expression; ``format`` as a field's ``format``."""
        key = self._resolve(parse(text))
        if format is not None:
            key = _with_format(key, format)
        return key

    def _resolve(self, tree: Node) -> Key:
        kind = tree[0]
        if kind == "name":
            return self._named(tree[1])
        if kind == "nullable":
            return ("nullable", self._resolve(tree[1]))
        if kind == "list":
            return ("list", self._resolve(tree[1]))
        if kind == "set":
            item = self._resolve(tree[1])
            if not _hashable(item):
                raise TypeExpressionError(
                    f"set elements must be hashable values, not {spell(item)};"
                    " use a list instead"
                )
            return ("set", item)
        if kind == "tuple":
            return ("tuple", tuple(self._resolve(item) for item in tree[1]), tree[2])
        key, value = self._resolve(tree[1]), self._resolve(tree[2])
        if not (
            (key[0] == "scalar" and key[1] in _KEY_SCALARS)
            or (key[0] == "type" and issubclass(key[1], enum.Enum))
        ):
            raise TypeExpressionError(
                f"dict keys must be str, an integer type, uuid or an enum, not"
                f" {spell(key)}, because JSON object keys are strings"
            )
        return ("dict", key, value)

    def _named(self, name: str) -> Key:
        if name in SCALARS:
            return ("scalar", name, "base64" if name == "bytes" else None)
        qualifier, _, local = name.rpartition(".")
        found = [
            cls
            for cls in self._by_name.get(local, ())
            if not qualifier or f".{cls.__module__}".endswith(f".{qualifier}")
        ]
        if len(found) == 1:
            return ("type", found[0])
        if not found:
            raise TypeExpressionError(
                f"unknown type {name!r}: not a scalar of the schema language, nor a"
                " model or enum of the modules given to ForyJson"
            )
        places = ", ".join(
            sorted(f"{cls.__module__}.{cls.__qualname__}" for cls in found)
        )
        raise TypeExpressionError(
            f"type name {name!r} is ambiguous ({places}): qualify it with its module"
        )

    # ------------------------------------------------------------ codecs

    def codec(self, key: Key, known: Callable[[Key], Codec[Any] | None]) -> Codec[Any]:
        """The codec of a resolved key; ``known`` gives prebuilt codecs of keys (a
        generated root's), used wherever one exists."""
        prebuilt = known(key)
        if prebuilt is not None:
            return prebuilt
        kind = key[0]
        if kind == "type":
            return self._codecs[key[1]]
        if kind == "scalar":
            codec = _scalar_codec(key[1], key[2])
            codec.builtins = _scalar_builtins(key[1], key[2], codec.encode)
            return codec
        if kind == "nullable":
            inner = self.codec(key[1], known)
            codec = _nullable(inner)
            codec.builtins = _nullable_builtins(_builtins_of(inner))
            return codec
        if kind in ("list", "set"):
            element = self.codec(key[1], known)
            codec = _sequence(kind, element, spell(key))
            if kind == "set":
                exact = key[1] == ("scalar", "decimal", None)
                codec.builtins = _set_builtins(codec.encode, exact)
            else:
                codec.builtins = _sequence_builtins(list, [_builtins_of(element)])
            return codec
        if kind == "tuple":
            items = [self.codec(item, known) for item in key[1]]
            parts = [_builtins_of(item) for item in items]
            if key[2]:
                codec = _sequence("tuple", items[0], spell(key))
                codec.builtins = _sequence_builtins(tuple, parts)
            else:
                codec = _fixed_tuple(items, spell(key))
                codec.builtins = _sequence_builtins(tuple, parts, fixed=True)
            return codec
        key_codec = self._codecs[key[1][1]] if key[1][0] == "type" else None
        value_codec = self.codec(key[2], known)
        codec = _dict(key[1], key_codec, value_codec, spell(key))
        write_key, _, string_keys = _key_functions(key[1], key_codec)
        codec.builtins = _dict_builtins(
            write_key, string_keys, _builtins_of(value_codec)
        )
        return codec


# ------------------------------------------------------------ to_builtins
#
# Each composed codec's ``builtins`` (see foryjson.pyvalues) takes a value and the
# call's Options; it raises at the first doubt, and the string encoder then raises
# the error to_json raises.


def _builtins_of(codec: Codec[Any]) -> Builtins:
    """A part's to_builtins function, given as many levels as it may use (the result
    is measured as a whole, see ``pyvalues.convert``)."""
    function = codec.builtins
    if function is None:  # a module generated before to_builtins: its text decides
        raise TypeExpressionError(
            f"{codec!r} was generated without to_builtins: run foryjson-gen again"
        )
    if not codec.counts_depth:
        return function
    counted = function

    def uncounted(value: object, choices: Any) -> Any:
        return counted(value, choices, fastwriter.UNCOUNTED)

    return uncounted


def _scalar_builtins(
    name: str, form: str | None, encode: Callable[[Any], str]
) -> Builtins:
    from . import pyvalues

    if name == "decimal":
        return lambda value, choices: pyvalues.decimal(value, choices, encode)
    if name == "any":
        return pyvalues.any_value
    if name == "float" and form is None:
        return pyvalues.float_value
    if name in TEMPORALS or name in JAVA_TIMES:
        return lambda value, choices: pyvalues.temporal(value, choices, encode)
    if name in ("bool", "str", "int", *INTEGER_RANGES, *IDENTIFIERS):

        def checked(value: object, choices: Any) -> Any:
            encode(value)  # the checks of the field's type
            return value

        return checked
    return lambda value, choices: pyvalues.scalar(encode(value))


def _nullable_builtins(inner: Builtins) -> Builtins:
    def nullable(value: object, choices: Any) -> Any:
        return None if value is None else inner(value, choices)

    return nullable


def _set_builtins(encode: Callable[[Any], str], exact: bool) -> Builtins:
    from . import pyvalues

    convert = pyvalues.parsed_exact if exact else pyvalues.parsed
    return lambda value, choices: convert(encode(value), choices)


def _sequence_builtins(
    shape: type[Any], parts: list[Builtins], fixed: bool = False
) -> Builtins:
    def sequence(value: object, choices: Any) -> Any:
        if type(value) is not shape:
            raise fastwriter.NotPlain
        items: Any = value
        if fixed:
            if len(items) != len(parts):
                raise fastwriter.NotPlain
            return [
                part(item, choices) for part, item in zip(parts, items, strict=True)
            ]
        element = parts[0]
        return [element(item, choices) for item in items]

    return sequence


def _dict_builtins(
    write_key: Callable[[object], str | None], string_keys: bool, part: Builtins
) -> Builtins:
    def mapping(value: object, choices: Any) -> Any:
        if type(value) is not dict:
            raise fastwriter.NotPlain
        result = {}
        for key, item in value.items():
            text = write_key(key)
            if text is None:
                raise fastwriter.NotPlain
            result[key if string_keys else text[1:-1]] = part(item, choices)
        return result

    return mapping


def _hashable(key: Key) -> bool:
    if key[0] == "nullable":
        return _hashable(key[1])
    if key[0] == "scalar":
        return bool(key[1] != "any")
    if key[0] == "tuple":
        return all(_hashable(item) for item in key[1])
    return key[0] == "type" and issubclass(key[1], enum.Enum)


def spell(key: Key) -> str:
    """A resolved key in the schema language, models and enums by class name."""
    kind = key[0]
    if kind == "scalar":
        return str(key[1])
    if kind == "type":
        return str(key[1].__name__)
    if kind == "nullable":
        return spell(key[1]) + "?"
    if kind in ("list", "set"):
        return f"{kind}[{spell(key[1])}]"
    if kind == "tuple":
        items = ", ".join(spell(item) for item in key[1])
        return f"tuple[{items}, ...]" if key[2] else f"tuple[{items}]"
    return f"dict[{spell(key[1])}, {spell(key[2])}]"


def _with_format(key: Key, form: str) -> Key:
    """Apply a ``format`` as a schema field's: to the root's scalar, or to the scalar
    one level down (list, set or ``tuple[T, ...]`` elements, dict values)."""
    target = _format_target(key)
    if target is None or target[1] not in FORMATS:
        raise TypeExpressionError(
            "format applies to bytes, decimal and date/time types (also as list"
            f" elements or dict values), not to {spell(key)}"
        )
    name = target[1]
    choices = FORMATS[name]
    pattern = name in TEMPORALS and name != "duration"
    if form not in choices and not (pattern and form not in _EPOCHS):
        raise TypeExpressionError(
            f"unknown format {form!r} for {name}; choose one of {', '.join(choices)}"
            + (" or a date/time pattern" if pattern else "")
        )
    formatted = ("scalar", name, None if form in ("iso", "number") else form)
    return _replace(key, target, formatted)


def _format_target(key: Key) -> Key | None:
    if key[0] == "nullable":
        return _format_target(key[1])
    if key[0] == "scalar":
        return key
    inner: Key | None = None
    if key[0] in ("list", "set"):
        inner = key[1]
    elif key[0] == "tuple" and key[2]:
        inner = key[1][0]
    elif key[0] == "dict":
        inner = key[2]
    if inner is not None and inner[0] == "nullable":
        inner = inner[1]
    return inner if inner is not None and inner[0] == "scalar" else None


def _replace(key: Key, old: Key, new: Key) -> Key:
    if key == old:
        return new
    kind = key[0]
    if kind in ("nullable", "list", "set"):
        return (kind, _replace(key[1], old, new))
    if kind == "tuple":
        return (kind, tuple(_replace(item, old, new) for item in key[1]), key[2])
    if kind == "dict":
        return (kind, key[1], _replace(key[2], old, new))
    return key


# -------------------------------------------------------------------- scalars


def _scalar_codec(name: str, form: str | None) -> Codec[Any]:
    """A scalar's codec: the functions generated fields call, or their inline checks."""
    if name in TEMPORALS and form is not None and form not in _EPOCHS:
        raise TypeExpressionError(
            f"the date/time pattern {form!r} is compiled by foryjson-gen: declare"
            " the type under the schema's roots to use it at the root"
        )
    encode, read, cls = _scalar_functions(name, form)
    depth: int | None = 0

    def decode(data: object) -> Any:
        try:
            return read(data)
        except DecodeError as error:
            # from_builtins may give the Python value itself, as to generated fields.
            from .pyvalues import given

            return given(data, error, encode, read)

    if name == "any":
        depth = None
    elif name == "bytes" and form in ("array", "uint8_array"):
        depth = 1

    def plain(value: object, room: int = fastwriter.UNCOUNTED) -> Any:
        return fastwriter.Fragment(encode(value))

    def plain_any(value: object, room: int = fastwriter.UNCOUNTED) -> Any:
        return fastwriter.plain_any(value)

    return Codec(
        cls,
        encode,
        decode,
        exact=name == "decimal",
        depth=depth,
        plain=plain_any if name == "any" else plain,
        untyped=name == "any",
    )


def _scalar_functions(
    name: str, form: str | None
) -> tuple[Callable[[Any], str], Callable[[Any], Any], Any]:
    if name == "bool":

        def encode_bool(value: object) -> str:
            if type(value) is not bool:
                raise encode_mismatch(value, "bool")
            return "true" if value else "false"

        def decode_bool(data: object) -> bool:
            if type(data) is not bool:
                raise decode_mismatch(data, "bool")
            return data

        return encode_bool, decode_bool, bool
    if name == "int":
        from .numbers import write_int

        def encode_int(value: object) -> str:
            if type(value) is not int:
                raise encode_mismatch(value, "int")
            return write_int(value)

        def decode_int(data: object) -> int:
            if type(data) is not int:
                raise decode_mismatch(data, "int")
            return data

        return encode_int, decode_int, int
    if name in INTEGER_RANGES:
        low, high = INTEGER_RANGES[name]

        def encode_sized(value: object) -> str:
            if type(value) is not int or not low <= value <= high:
                raise encode_mismatch(value, name)
            return str(value)

        def decode_sized(data: object) -> int:
            if type(data) is not int or not low <= data <= high:
                raise decode_mismatch(data, name)
            return data

        return encode_sized, decode_sized, int
    if name == "str":
        escape = writer.escape_str

        def encode_str(value: object) -> str:
            if not isinstance(value, str):
                raise encode_mismatch(value, "str")
            return escape(value)

        def decode_str(data: object) -> str:
            if type(data) is not str:
                raise decode_mismatch(data, "str")
            return data

        return encode_str, decode_str, str
    if name == "float":
        from .reader import float_from

        def decode_float(data: object) -> float:
            return data if type(data) is float else float_from(data)

        return writer.write_float, decode_float, float
    if name == "float32":
        from . import numbers

        return numbers.write_float32, numbers.read_float32, float
    if name == "decimal":
        from decimal import Decimal

        from . import decimals

        if form == "string":
            return decimals.write_decimal_string, decimals.read_decimal_string, Decimal
        return decimals.write_decimal, decimals.decimal_from, Decimal
    if name in ("char", "uuid", *IDENTIFIERS):
        from uuid import UUID

        from . import identifiers

        if name != "uuid":
            return (
                getattr(identifiers, f"write_{name}"),
                getattr(identifiers, f"read_{name}"),
                str,
            )
        return identifiers.write_uuid, identifiers.read_uuid, UUID
    if name == "bytes":
        from . import binary

        suffix = form or "base64"
        return (
            getattr(binary, f"write_{suffix}"),
            getattr(binary, f"read_{suffix}"),
            bytes,
        )
    if name == "any":
        from . import dynamic

        return dynamic.write_any, dynamic.read_any, object
    import datetime as dt

    if name in JAVA_TIMES:
        from . import javatime

        classes = {
            "year": javatime.Year,
            "year_month": javatime.YearMonth,
            "month_day": javatime.MonthDay,
            "period": javatime.Period,
            "zone_offset": dt.timezone,
            "zone_id": dt.tzinfo,
            "offset_time": dt.time,
            "zoned_datetime": dt.datetime,
            "instant": dt.datetime,
        }
        return (
            getattr(javatime, f"write_{name}"),
            getattr(javatime, f"read_{name}"),
            classes[name],
        )
    from . import temporal

    suffix = form or name
    cls = {
        "date": dt.date,
        "time": dt.time,
        "datetime": dt.datetime,
        "local_datetime": dt.datetime,
        "duration": dt.timedelta,
    }[name]
    return (
        getattr(temporal, f"write_{suffix}"),
        getattr(temporal, f"read_{suffix}"),
        cls,
    )


# ----------------------------------------------------------------- containers


def _limits(codecs: list[Codec[Any]]) -> Limits:
    """The strictest of the parts' limits (each model's module may set its own)."""
    own = [codec.limits for codec in codecs if codec.limits is not DEFAULT_LIMITS]
    if not own:
        return DEFAULT_LIMITS
    return Limits(
        max_depth=min(limits.max_depth for limits in own),
        max_input_bytes=min(limits.max_input_bytes for limits in own),
        max_graph_bytes=min(limits.max_graph_bytes for limits in own),
    )


def _container(
    cls: Any,
    encode: Callable[[Any], str],
    decode: Callable[[Any], Any],
    parts: list[Codec[Any]],
    plain: Callable[[list[Callable[..., Any]], object, int], Any] | None,
) -> Codec[Any]:
    """A container's codec, its read facts worked out from its parts' as
    ``gen.reading`` does for a schema's types."""
    depth = one_level_deeper(deepest(part.depth for part in parts))
    untyped = any(part.untyped for part in parts)
    exact = any(part.exact for part in parts)
    decimals: tuple[str, ...] = ()
    if exact and not untyped:
        names: set[str] = set()
        for part in parts:
            if part.exact:
                if not part.decimals:
                    names = set()
                    break
                names.update(part.decimals)
        decimals = tuple(sorted(names))
    counts_depth = depth is None and not untyped
    plain_function: Callable[..., object] | None = None
    plains = [part.plain for part in parts]
    if plain is not None and all(item is not None for item in plains):
        # Each part's plain encoder, taking the levels left where it counts them; a
        # counting container refuses a room smaller than its bounded parts need.
        wrapped: list[Callable[..., Any]] = []
        for part, item in zip(parts, plains, strict=True):
            assert item is not None
            wrapped.append(_counted(item) if part.counts_depth else _uncounted(item))
        need = 1 + max(
            (part.depth for part in parts if part.depth is not None), default=0
        )
        build = plain

        def plain_container(value: object, room: int = fastwriter.UNCOUNTED) -> Any:
            if room < need:
                raise fastwriter.NotPlain
            return build(wrapped, value, room - 1)

        plain_function = plain_container
    return Codec(
        cls,
        encode,
        decode,
        exact,
        depth,
        tuple(sorted({name for part in parts for name in part.discriminators})),
        _limits(parts),
        plain_function,
        untyped,
        decimals,
        counts_depth,
    )


def _counted(plain: Callable[..., Any]) -> Callable[[object, int], Any]:
    return plain


def _uncounted(plain: Callable[..., Any]) -> Callable[[object, int], Any]:
    def call(value: object, room: int) -> Any:
        return plain(value)

    return call


def _nullable(inner: Codec[Any]) -> Codec[Any]:
    """``X | None``: ``null`` for None, the inner codec for anything else."""
    encode_inner, decode_inner, plain_inner = inner.encode, inner.decode, inner.plain
    counts_depth = inner.counts_depth

    def encode(value: object) -> str:
        return "null" if value is None else encode_inner(value)

    def decode(data: object) -> Any:
        return None if data is None else decode_inner(data)

    plain: Callable[..., object] | None = None
    if plain_inner is not None:

        def plain_nullable(value: object, room: int = fastwriter.UNCOUNTED) -> Any:
            if value is None:
                return None
            return plain_inner(value, room) if counts_depth else plain_inner(value)

        plain = plain_nullable

    return Codec(
        inner.type,
        encode,
        decode,
        inner.exact,
        inner.depth,
        inner.discriminators,
        inner.limits,
        plain,
        inner.untyped,
        inner.decimals,
        counts_depth,
    )


def _sequence(shape: str, element: Codec[Any], label: str) -> Codec[Any]:
    """``list[T]``, ``set[T]`` or ``tuple[T, ...]``: a JSON array of one type.

    Set elements have no position to name in a path: the set is written sorted by
    the elements' text, and its elements' hashes are checked before it is built.
    """
    encode_item, decode_item = element.encode, element.decode
    is_set = shape == "set"

    def encode(value: object) -> str:
        if is_set:
            if not isinstance(value, set | frozenset):
                raise encode_mismatch(value, label)
        elif type(value) is not (tuple if shape == "tuple" else list):
            raise encode_mismatch(value, label)
        parts = []
        for item in value:
            if is_set:
                parts.append(encode_item(item))
                continue
            try:
                parts.append(encode_item(item))
            except EncodeError as error:
                error.within(len(parts))
                raise
        if is_set:
            parts.sort()  # a stable order, whatever the hash seed
        return "[" + ",".join(parts) + "]"

    def decode(data: object) -> Any:
        if type(data) is not list:
            raise decode_mismatch(data, "an array")
        result = []
        for item in data:
            if is_set:
                result.append(decode_item(item))
                continue
            try:
                result.append(decode_item(item))
            except DecodeError as error:
                error.within(len(result))
                raise
        if is_set:
            from .hashing import check_hashes

            check_hashes(result)
            return set(result)
        return tuple(result) if shape == "tuple" else result

    plain: Callable[..., Any] | None = None
    if not is_set:
        kind = tuple if shape == "tuple" else list

        def plain_sequence(
            items: list[Callable[..., Any]], value: object, room: int
        ) -> Any:
            if type(value) is not kind:
                raise fastwriter.NotPlain
            item_plain = items[0]
            return [item_plain(item, room) for item in value]

        plain = plain_sequence
    codec = _container(
        {"list": list, "set": set, "tuple": tuple}[shape],
        encode,
        decode,
        [element],
        plain,
    )
    if is_set:
        # Written sorted by the elements' text: the string encoder's text it is.
        codec.plain = _fragment_of(encode)
    return codec


def _fragment_of(encode: Callable[[Any], str]) -> Callable[..., Any]:
    def plain(value: object, room: int = fastwriter.UNCOUNTED) -> Any:
        return fastwriter.Fragment(encode(value))

    return plain


def _fixed_tuple(items: list[Codec[Any]], label: str) -> Codec[Any]:
    """``tuple[A, B]``: a JSON array of exactly that many elements."""
    count = len(items)
    encoders = [item.encode for item in items]
    decoders = [item.decode for item in items]

    def encode(value: object) -> str:
        if type(value) is not tuple or len(value) != count:
            raise encode_mismatch(value, label)
        parts = []
        for position, (encode_item, item) in enumerate(
            zip(encoders, value, strict=True)
        ):
            try:
                parts.append(encode_item(item))
            except EncodeError as error:
                error.within(position)
                raise
        return "[" + ",".join(parts) + "]"

    def decode(data: object) -> tuple[Any, ...]:
        if type(data) is not list or len(data) != count:
            raise decode_mismatch(data, f"an array of {count} elements")
        result = []
        for position, (decode_item, item) in enumerate(
            zip(decoders, data, strict=True)
        ):
            try:
                result.append(decode_item(item))
            except DecodeError as error:
                error.within(position)
                raise
        return tuple(result)

    def plain(parts: list[Callable[..., Any]], value: object, room: int) -> Any:
        if type(value) is not tuple or len(value) != count:
            raise fastwriter.NotPlain
        return [part(item, room) for part, item in zip(parts, value, strict=True)]

    return _container(tuple, encode, decode, items, plain)


def _dict(
    key: Key, key_codec: Codec[Any] | None, value_codec: Codec[Any], label: str
) -> Codec[Any]:
    """``dict[K, V]``: a JSON object, its keys strings on the wire and ``K`` in Python;
    ``key_codec`` is an enum key's."""
    key_label = spell(key)
    key_label = f"{'an' if key_label[0] in 'aeioAEIO' else 'a'} {key_label} key"
    write_key, read_key, string_keys = _key_functions(key, key_codec)
    encode_value, decode_value = value_codec.encode, value_codec.decode

    def encode(value: object) -> str:
        if type(value) is not dict:
            raise encode_mismatch(value, label)
        parts = []
        for key, item in value.items():
            text = write_key(key)
            if text is None:
                raise encode_mismatch(key, key_label).within(key_segment(key))
            try:
                parts.append(text + ":" + encode_value(item))
            except EncodeError as error:
                error.within(key if string_keys else key_segment(key))
                raise
        return "{" + ",".join(parts) + "}"

    def decode(data: object) -> dict[Any, Any]:
        if type(data) is not dict:
            raise decode_mismatch(data, "an object")
        keys = []
        items = []
        for key, item in data.items():
            try:
                keys.append(read_key(key))
                items.append(decode_value(item))
            except DecodeError as error:
                error.within(key)
                raise
        if not string_keys:
            from .hashing import check_hashes

            check_hashes(keys, data)
        return dict(zip(keys, items, strict=True))

    def plain(parts: list[Callable[..., Any]], value: object, room: int) -> Any:
        if type(value) is not dict:
            raise fastwriter.NotPlain
        plain_value = parts[0]
        result = {}
        for key, item in value.items():
            text = write_key(key)
            if text is None:
                raise fastwriter.NotPlain
            result[key if string_keys else text[1:-1]] = plain_value(item, room)
        return result

    return _container(dict, encode, decode, [value_codec], plain)


def _key_functions(
    key: Key, key_codec: Codec[Any] | None
) -> tuple[Callable[[object], str | None], Callable[[str], Any], bool]:
    """How a dict key is written (its JSON string, None where the key is not of the
    type) and read, and whether keys are ``str``."""
    if key[0] == "type":
        cls = key[1]

        def write_enum(key: object) -> str | None:
            return f'"{key._value_}"' if type(key) is cls else None  # type: ignore[attr-defined]

        assert key_codec is not None
        return write_enum, key_codec.decode, False
    name = key[1]
    if name == "str":
        escape = writer.escape_str

        def write_str(key: object) -> str | None:
            return escape(key) if isinstance(key, str) else None

        def read_str(key: str) -> str:
            return key

        return write_str, read_str, True
    if name == "uuid":
        from uuid import UUID

        from .identifiers import read_uuid

        def write_uuid(key: object) -> str | None:
            return f'"{key}"' if type(key) is UUID else None

        return write_uuid, read_uuid, False
    from .numbers import read_int_key, write_int

    if name == "int":

        def write_int_key(key: object) -> str | None:
            return f'"{write_int(key)}"' if type(key) is int else None

        def read_unbounded(key: str) -> int:
            return read_int_key(key, "int")

        return write_int_key, read_unbounded, False
    low, high = INTEGER_RANGES[name]

    def write_sized(key: object) -> str | None:
        return f'"{key}"' if type(key) is int and low <= key <= high else None

    def read_sized(key: str) -> int:
        return read_int_key(key, name)

    return write_sized, read_sized, False
