"""Type names as Java and Python write them, and the schema type each means.

Only messages use these: a schema that says ``long``, ``List[str]`` or ``str | None``
is refused with the spelling it meant. The schema reference lists the same table.
"""

from __future__ import annotations

__all__ = ["CONSTRUCTORS", "NAMES", "NULLABLE", "meant"]

#: Generic types of Java and Python, and the schema language's constructor.
CONSTRUCTORS = {
    "List": "list",
    "ArrayList": "list",
    "LinkedList": "list",
    "Collection": "list",
    "Iterable": "list",
    "Sequence": "list",
    "Set": "set",
    "HashSet": "set",
    "TreeSet": "set",
    "FrozenSet": "set",
    "frozenset": "set",
    "Dict": "dict",
    "Map": "dict",
    "map": "dict",
    "HashMap": "dict",
    "TreeMap": "dict",
    "LinkedHashMap": "dict",
    "Mapping": "dict",
    "Tuple": "tuple",
}

#: Wrappers that make a type nullable, which the schema language writes ``T?``.
NULLABLE = frozenset({"Optional", "Nullable"})

#: Single types of Java and Python (and JSON Schema's names), and the schema type.
NAMES = {
    "String": "str",
    "string": "str",
    "CharSequence": "str",
    "Character": "char",
    "boolean": "bool",
    "Boolean": "bool",
    "byte": "int8",
    "Byte": "int8",
    "short": "int16",
    "Short": "int16",
    "Integer": "int32",
    "integer": "int",
    "long": "int64",
    "Long": "int64",
    "BigInteger": "int",
    "double": "float",
    "Double": "float",
    "number": "float",
    "Float": "float32",
    "BigDecimal": "decimal",
    "Decimal": "decimal",
    "UUID": "uuid",
    "LocalDate": "date",
    "LocalTime": "time",
    "LocalDateTime": "local_datetime",
    "OffsetDateTime": "datetime",
    "Instant": "instant",
    "URI": "uri",
    "URL": "uri",
    "Locale": "locale",
    "Currency": "currency",
    "Duration": "duration",
    "Year": "year",
    "YearMonth": "year_month",
    "MonthDay": "month_day",
    "Period": "period",
    "OffsetTime": "offset_time",
    "ZoneId": "zone_id",
    "ZoneOffset": "zone_offset",
    "ZonedDateTime": "zoned_datetime",
    "timedelta": "duration",
    "Date": "datetime with format: epoch_millis",
    "bytearray": "bytes",
    "Object": "any",
    "object": "any",
    "Any": "any",
    "JsonNode": "any",
}

_FOLDED = {name.casefold(): name for name in NAMES}


def meant(name: str) -> str | None:
    """The schema type a foreign type name stands for, as a hint, if it is one."""
    if name in NAMES:
        return f"write {NAMES[name]}, the schema type for {name}"
    folded = _FOLDED.get(name.casefold())
    if folded is not None:
        return f"write {NAMES[folded]}, the schema type for {folded}"
    return None
