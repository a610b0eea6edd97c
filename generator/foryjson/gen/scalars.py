"""How each built-in type looks in generated code: annotations, runtime codecs, literals.

Plain scalars (bool, sized integers, str) are checked inline by the emitter; every other
built-in type is written and read by a pair of runtime functions named here.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from ..numbers import INTEGER_RANGES
from .ir import BYTE_FORMATS, TEMPORALS, Scalar
from .quoting import string_literal

#: The Python annotation of each scalar; the value's import, if any, follows.
ANNOTATIONS: dict[str, tuple[str, str | None]] = {
    "bool": ("bool", None),
    "int": ("int", None),
    **{name: ("int", None) for name in INTEGER_RANGES},
    "float": ("float", None),
    "float32": ("float", None),
    "decimal": ("Decimal", "from decimal import Decimal"),
    "str": ("str", None),
    "char": ("str", None),
    "uuid": ("UUID", "from uuid import UUID"),
    "date": ("date", "from datetime import date"),
    "time": ("time", "from datetime import time"),
    "datetime": ("datetime", "from datetime import datetime"),
    "local_datetime": ("datetime", "from datetime import datetime"),
    "duration": ("timedelta", "from datetime import timedelta"),
    "bytes": ("bytes", None),
    "any": ("Any", None),
}

#: Names the imports above bring into a generated module; fields must not shadow them.
IMPORTED_NAMES = frozenset(
    {"Any", "Decimal", "UUID", "date", "time", "datetime", "timedelta", "timezone"}
)


#: Where each runtime name generated code may use comes from, in the order written.
RUNTIME_IMPORTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foryjson.codec", ("MISSING", "Codec")),
    (
        "foryjson.errors",
        (
            "DecodeError",
            "EncodeError",
            "decode_mismatch",
            "encode_mismatch",
            "index_of",
            "key_segment",
            "missing_property",
            "unknown_property",
        ),
    ),
    ("foryjson.limits", ("Limits",)),
)

#: Every public name a generated module may import or define at module level (its
#: private ones start with "_"). Enums and models must not take one, and locals are
#: renamed away from them.
MODULE_LEVEL_NAMES = frozenset(
    IMPORTED_NAMES
    | {name for _, names in RUNTIME_IMPORTS for name in names}
    | {"CODECS", "copysign", "enum", "re"}
)


@dataclass(frozen=True)
class RuntimeCodec:
    """A scalar written by ``module.write`` and read by ``module.read``."""

    module: str
    write: str
    read: str


def runtime_codec(scalar: Scalar) -> RuntimeCodec | None:
    """The runtime functions of a scalar, or None where the emitter writes the code.

    Temporal types with a pattern format are compiled into the generated module and
    have no runtime codec either.
    """
    name, form = scalar.name, scalar.format
    if name == "bytes":
        assert form in BYTE_FORMATS
        return RuntimeCodec("_binary", f"write_{form}", f"read_{form}")
    if name in TEMPORALS:
        if form in ("epoch_millis", "epoch_seconds"):
            return RuntimeCodec("_temporal", f"write_{form}", f"read_{form}")
        if form is None:
            return RuntimeCodec("_temporal", f"write_{name}", f"read_{name}")
        return None
    if name == "decimal":
        suffix = "_string" if form == "string" else ""
        return RuntimeCodec(
            "_numbers", f"write_decimal{suffix}", f"read_decimal{suffix}"
        )
    return _SIMPLE.get(name)


_SIMPLE = {
    "int": RuntimeCodec("_numbers", "write_int", ""),
    "float": RuntimeCodec("_writer", "write_float", "float_from"),
    "float32": RuntimeCodec("_numbers", "write_float32", "read_float32"),
    "char": RuntimeCodec("_identifiers", "write_char", "read_char"),
    "uuid": RuntimeCodec("_identifiers", "write_uuid", "read_uuid"),
    "any": RuntimeCodec("_dynamic", "write_any", "read_any"),
}

#: Runtime module aliases and the modules they stand for.
RUNTIME_MODULES = {
    "_binary": "binary",
    "_dynamic": "dynamic",
    "_hashing": "hashing",
    "_identifiers": "identifiers",
    "_numbers": "numbers",
    "_reader": "reader",
    "_represent": "represent",
    "_temporal": "temporal",
    "_writer": "writer",
}


def _same(name: str) -> str:
    return name


def literal(value: object, spell: Callable[[str], str] = _same) -> str:
    """Python source that builds a default value of a built-in type.

    ``spell`` gives the name an imported class goes by where the literal stands.
    """
    if isinstance(value, Decimal):
        return f"{spell('Decimal')}({string_literal(str(value))})"
    if isinstance(value, uuid.UUID):
        return f"{spell('UUID')}({string_literal(str(value))})"
    if isinstance(value, dt.datetime):
        parts = [value.year, value.month, value.day, value.hour, value.minute]
        extra = (
            [value.second, value.microsecond]
            if value.second or value.microsecond
            else []
        )
        text = ", ".join(str(part) for part in [*parts, *extra])
        if value.tzinfo is None:
            return f"{spell('datetime')}({text})"
        offset = value.utcoffset()
        assert offset is not None
        timezone = spell("timezone")
        zone = (
            f"{timezone}.utc" if not offset else f"{timezone}({literal(offset, spell)})"
        )
        return f"{spell('datetime')}({text}, tzinfo={zone})"
    if isinstance(value, dt.date):
        return f"{spell('date')}({value.year}, {value.month}, {value.day})"
    if isinstance(value, dt.time):
        fields = [value.hour, value.minute, value.second, value.microsecond]
        while len(fields) > 2 and not fields[-1]:
            fields.pop()
        return f"{spell('time')}({', '.join(str(part) for part in fields)})"
    if isinstance(value, dt.timedelta):
        arguments = [
            f"{name}={amount}"
            for name, amount in (
                ("days", value.days),
                ("seconds", value.seconds),
                ("microseconds", value.microseconds),
            )
            if amount
        ]
        return f"{spell('timedelta')}({', '.join(arguments)})"
    if isinstance(value, str):
        return string_literal(value)
    if isinstance(value, bool | int | float | bytes | None):
        return repr(value)
    if isinstance(value, list | dict | set | tuple) and not value:
        return "set()" if isinstance(value, set) else repr(value)
    raise TypeError(f"no literal for a default of type {type(value).__name__}")


def literal_imports(value: object) -> set[str]:
    """Import lines a default's literal needs."""
    if isinstance(value, Decimal):
        return {"from decimal import Decimal"}
    if isinstance(value, uuid.UUID):
        return {"from uuid import UUID"}
    if isinstance(value, dt.datetime):
        needs = {"from datetime import datetime"}
        if value.tzinfo is not None:
            needs.add("from datetime import timezone")
            if value.utcoffset():
                needs.add("from datetime import timedelta")
        return needs
    if isinstance(value, dt.date):
        return {"from datetime import date"}
    if isinstance(value, dt.time):
        return {"from datetime import time"}
    if isinstance(value, dt.timedelta):
        return {"from datetime import timedelta"}
    return set()
