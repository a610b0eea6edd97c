"""How each built-in type looks in generated code: annotations, runtime codecs, literals.

Plain scalars (bool, sized integers, str) are checked inline by generated code; every other
built-in type is written and read by a pair of runtime functions named here.
"""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass
from decimal import Decimal

from ..numbers import INTEGER_RANGES
from .ir import BYTE_FORMATS, JAVA_TIMES, TEMPORALS, Scalar

#: The Python annotation of each scalar, then the module it is imported from, if any.
ANNOTATIONS: dict[str, tuple[str, str | None]] = {
    "bool": ("bool", None),
    "int": ("int", None),
    **{name: ("int", None) for name in INTEGER_RANGES},
    "float": ("float", None),
    "float32": ("float", None),
    "decimal": ("Decimal", "decimal"),
    "str": ("str", None),
    "char": ("str", None),
    "uri": ("str", None),
    "locale": ("str", None),
    "currency": ("str", None),
    "uuid": ("UUID", "uuid"),
    "date": ("date", "datetime"),
    "time": ("time", "datetime"),
    "datetime": ("datetime", "datetime"),
    "local_datetime": ("datetime", "datetime"),
    "duration": ("timedelta", "datetime"),
    "year": ("Year", "_javatime"),
    "year_month": ("YearMonth", "_javatime"),
    "month_day": ("MonthDay", "_javatime"),
    "period": ("Period", "_javatime"),
    "zone_offset": ("timezone", "datetime"),
    "zone_id": ("tzinfo", "datetime"),
    "offset_time": ("time", "datetime"),
    "zoned_datetime": ("datetime", "datetime"),
    "instant": ("datetime", "datetime"),
    "bytes": ("bytes", None),
    "any": ("Any", None),
}

#: Names the imports above bring into a generated module; fields must not shadow them.
IMPORTED_NAMES = frozenset(
    {
        *("Any", "Decimal", "UUID", "date", "time", "datetime", "timedelta"),
        *("timezone", "tzinfo"),
    }
)


#: Where each runtime name generated code may use comes from, in the order written.
RUNTIME_IMPORTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foryjson.codec", ("MISSING", "Codec", "fresh")),
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
            "rejected_by",
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
    | {"CODECS", "ROOTS", "TYPE_CHECKING", "copysign", "enum", "re"}
)


@dataclass(frozen=True)
class RuntimeCodec:
    """A scalar written by ``module.write`` and read by ``module.read``."""

    module: str
    write: str
    read: str


def runtime_codec(scalar: Scalar) -> RuntimeCodec | None:
    """The runtime functions of a scalar, or None where generated code checks it inline.

    Temporal types with a pattern format are compiled into the generated module and
    have no runtime codec either.
    """
    name, form = scalar.name, scalar.format
    truncating = "_truncating" if scalar.truncate_nanos else ""
    if name in JAVA_TIMES:
        if form is not None:
            return None  # a pattern, compiled into the generated module
        return RuntimeCodec("_javatime", f"write_{name}", f"read_{name}{truncating}")
    if name == "bytes":
        assert form in BYTE_FORMATS
        return RuntimeCodec("_binary", f"write_{form}", f"read_{form}")
    if name in TEMPORALS:
        if form in ("epoch_millis", "epoch_seconds"):
            return RuntimeCodec("_temporal", f"write_{form}", f"read_{form}")
        if form is None:
            return RuntimeCodec(
                "_temporal", f"write_{name}", f"read_{name}{truncating}"
            )
        return None
    if name in ("float", "float32") and form == "java":
        # Written as Java spells it; read as any spelling (the plain scalar's reader).
        return RuntimeCodec("_javafloats", f"write_{name}_java", "")
    if name == "any" and form == "java":
        # Its floats as Java spells them; read as any other untyped value.
        return RuntimeCodec("_dynamic", "write_any_java", "read_any")
    if name == "decimal":
        suffix = "_string" if form == "string" else ""
        return RuntimeCodec(
            "_decimals", f"write_decimal{suffix}", f"read_decimal{suffix}"
        )
    return _SIMPLE.get(name)


_SIMPLE = {
    "int": RuntimeCodec("_numbers", "write_int", ""),
    "float": RuntimeCodec("_writer", "write_float", "float_from"),
    "float32": RuntimeCodec("_numbers", "write_float32", "read_float32"),
    "char": RuntimeCodec("_identifiers", "write_char", "read_char"),
    "uri": RuntimeCodec("_identifiers", "write_uri", "read_uri"),
    "locale": RuntimeCodec("_identifiers", "write_locale", "read_locale"),
    "currency": RuntimeCodec("_identifiers", "write_currency", "read_currency"),
    "uuid": RuntimeCodec("_identifiers", "write_uuid", "read_uuid"),
    "any": RuntimeCodec("_dynamic", "write_any", "read_any"),
}

#: Runtime module aliases and the modules they stand for.
RUNTIME_MODULES = {
    "_binary": "binary",
    "_decimals": "decimals",
    "_dynamic": "dynamic",
    "_fastwriter": "fastwriter",
    "_hashing": "hashing",
    "_javafloats": "javafloats",
    "_javatime": "javatime",
    "_native": "native",
    "_identifiers": "identifiers",
    "_numbers": "numbers",
    "_pyvalues": "pyvalues",
    "_reader": "reader",
    "_represent": "represent",
    "_temporal": "temporal",
    "_writer": "writer",
}


def literal_imports(value: object) -> set[tuple[str, str]]:
    """What a value's literal imports: ``(module, name)`` pairs."""
    if isinstance(value, Decimal):
        return {("decimal", "Decimal")}
    if isinstance(value, uuid.UUID):
        return {("uuid", "UUID")}
    if isinstance(value, dt.datetime):
        needs = {("datetime", "datetime")}
        if value.tzinfo is not None:
            needs.add(("datetime", "timezone"))
            if value.utcoffset():
                needs.add(("datetime", "timedelta"))
        return needs
    if isinstance(value, dt.date):
        return {("datetime", "date")}
    if isinstance(value, dt.time):
        return {("datetime", "time")}
    if isinstance(value, dt.timedelta):
        return {("datetime", "timedelta")}
    return set()
