"""What JSON Schema and OpenAPI keywords mean in the schema language."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from datetime import date, datetime, time
from typing import Any
from uuid import UUID

from ...numbers import INTEGER_RANGES
from ..ir import BYTE_FORMATS, Scalar
from ..jsonschema import scalar_schema

# Keywords that only annotate, and are read where they mean something.
ANNOTATIONS = frozenset(
    {"title", "description", "default", "readOnly", "writeOnly", "example"}
    | {"examples", "$comment", "deprecated", "nullable", "xml", "externalDocs"}
    | {"$schema", "$id", "$anchor", "discriminator", "x-nullable"}
    | {"$defs", "definitions"}
)
NUMBER_RULES = {
    "minimum": "min",
    "maximum": "max",
    "exclusiveMinimum": "exclusive_min",
    "exclusiveMaximum": "exclusive_max",
    "multipleOf": "multiple_of",
}
LENGTH_RULES = {
    "minLength": "min_length",
    "maxLength": "max_length",
    "minItems": "min_length",
    "maxItems": "max_length",
    "minProperties": "min_length",
    "maxProperties": "max_length",
}
FORMATS = {
    ("string", "date-time"): "datetime",
    ("string", "date"): "date",
    ("string", "time"): "time",
    ("string", "duration"): "duration",
    ("string", "uuid"): "uuid",
    ("string", "byte"): "bytes",
    ("string", "decimal"): "decimal",
    ("string", "number"): "decimal",
    ("integer", "int8"): "int8",
    ("integer", "int16"): "int16",
    ("integer", "int32"): "int32",
    ("integer", "int64"): "int64",
    ("integer", "uint8"): "uint8",
    ("integer", "uint16"): "uint16",
    ("integer", "uint32"): "uint32",
    ("integer", "uint64"): "uint64",
    ("number", "float"): "float32",
    ("number", "double"): "float",
    ("number", "decimal"): "decimal",
}
# Formats that pick a type and its JSON form: Stripe's and others' unix-time.
FORMS = {
    ("integer", "unix-time"): ("datetime", "epoch_seconds"),
    ("integer", "unixtime"): ("datetime", "epoch_seconds"),
}
# Formats a Java service means by a java.net or java.util type (``--java``).
JAVA_FORMATS = {
    ("string", "uri"): "uri",
    ("string", "uri-reference"): "uri",
    ("string", "url"): "uri",
}
# The plain JSON types; ``integer`` without a format is ``int``: any size, as JSON
# Schema allows (a sized type would refuse what the schema accepts).
PLAIN = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}
NUMERIC = frozenset({"int", "float", "float32", "decimal", *INTEGER_RANGES})
HASHABLE_ITEMS = re.compile(r"(str|int\w*|uint\w*|bool|uuid|date|time|decimal)\Z")


def _exported_scalars() -> list[tuple[dict[str, object], str, str | None]]:
    """The exporter's schema of each scalar form, most specific first."""
    table: list[tuple[dict[str, object], str, str | None]] = []
    for name in ("bool", "int", *INTEGER_RANGES, "float", "float32", "str", "char"):
        table.append((scalar_schema(Scalar(name)), name, None))
    for name in ("uri", "locale", "currency"):
        table.append((scalar_schema(Scalar(name)), name, None))
    table.append((scalar_schema(Scalar("uuid")), "uuid", None))
    table.append((scalar_schema(Scalar("decimal", "string")), "decimal", "string"))
    for form in BYTE_FORMATS:
        table.append((scalar_schema(Scalar("bytes", form)), "bytes", form))
    for name in ("date", "time", "datetime", "local_datetime", "duration"):
        table.append((scalar_schema(Scalar(name)), name, None))
    for name in ("year_month", "month_day", "period", "zone_offset", "zone_id"):
        table.append((scalar_schema(Scalar(name)), name, None))
    for name in ("offset_time", "zoned_datetime", "instant", "year"):
        table.append((scalar_schema(Scalar(name)), name, None))
    # An instant's "format": "date-time" would read as datetime, which writes other text.
    truncating = Scalar("instant", truncate_nanos=True)
    table.append((scalar_schema(truncating), "instant", None))
    table.sort(key=lambda entry: -len(entry[0]))
    return table


EXPORTED = _exported_scalars()


def escape_pointer(token: str) -> str:
    """One JSON pointer reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")


_IMPLIED = {
    "object": ("properties", "required", "additionalProperties", "minProperties"),
    "array": ("items", "prefixItems", "minItems", "maxItems", "uniqueItems"),
    "string": ("minLength", "maxLength", "pattern", "format"),
    "number": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"),
}


def implied_type(schema: dict[str, Any]) -> str | None:
    """The one JSON type a schema without ``type`` constrains, if there is one."""
    kinds = [
        kind for kind, keys in _IMPLIED.items() if any(key in schema for key in keys)
    ]
    if "multipleOf" in schema and not kinds:
        kinds = ["number"]
    return kinds[0] if len(kinds) == 1 else None


def _one_char(text: str) -> None:
    if len(text) != 1 or ord(text) > 0xFFFF:
        raise ValueError(text)


# Scalars whose defaults are text, and a check that the text is one of them.
_TEXT_DEFAULTS: dict[str, Callable[[str], object]] = {
    "uuid": UUID,
    "date": date.fromisoformat,
    "time": time.fromisoformat,
    "datetime": datetime.fromisoformat,
    "char": _one_char,
}


def default_fits(value: object, kind: str, nullable: bool) -> bool:
    """Whether a source default is one the schema language takes for the type."""
    if value is None:
        return nullable
    if isinstance(value, bool):
        return kind == "bool"
    if isinstance(value, int):
        return kind in NUMERIC
    if isinstance(value, float):
        return math.isfinite(value) and kind in ("float", "float32", "decimal")
    if isinstance(value, str):
        check = _TEXT_DEFAULTS.get(kind)
        if check is None:
            return kind == "str"
        try:
            check(value)
        except ValueError:
            return False
        return True
    if value == []:
        return kind.startswith("list[")
    return value == {} and kind.startswith("dict[")


def whole_pattern(pattern: str) -> str:
    """A JSON Schema pattern (which searches) as one the whole string must match."""
    exported = re.fullmatch(r"\^\(\?:(.*)\)\$", pattern, re.DOTALL)
    if exported and _balanced(exported.group(1)):
        return exported.group(1)
    anchored = re.fullmatch(r"\^(.*)\$", pattern, re.DOTALL)
    if (
        anchored
        and "|" not in anchored.group(1)
        and not anchored.group(1).endswith("\\")
    ):
        return anchored.group(1)
    start = "" if pattern.startswith("^") else "[\\s\\S]*"
    end = "" if pattern.endswith("$") and not pattern.endswith("\\$") else "[\\s\\S]*"
    inner = pattern.removeprefix("^")
    if end == "":
        inner = inner[:-1]
    return f"{start}(?:{inner}){end}"


def _balanced(text: str) -> bool:
    depth, escaped = 0, False
    for char in text:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0
