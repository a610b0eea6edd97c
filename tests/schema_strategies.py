"""Hypothesis strategies for every model of the repository's schemas, built from the IR.

The generator's own view of each schema drives the strategies, so a new field or type in
``schemas/`` is covered by the round-trip tests without touching them.
"""

from __future__ import annotations

import datetime as dt
import importlib
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from foryjson import identifiers, javatime
from foryjson.dynamic import write_any
from foryjson.gen.defaults import NOTHING, implicit_default
from foryjson.gen.generate import find_schemas
from foryjson.gen.ir import (
    Custom,
    DictOf,
    EnumRef,
    FieldDef,
    Include,
    ListOf,
    ModelDef,
    ModelRef,
    ModuleDef,
    Nullable,
    Scalar,
    SetOf,
    TupleOf,
    TypeRef,
)
from foryjson.gen.schema import load_modules
from foryjson.numbers import INTEGER_RANGES

REPOSITORY = Path(__file__).resolve().parents[1]

# Text that stresses the writer: quotes, escapes, controls, non-BMP, but no surrogates.
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
FLOATS = st.floats(allow_nan=False) | st.sampled_from(
    [
        0.0,
        -0.0,
        5e-324,
        1.7976931348623157e308,
        float("inf"),
        float("-inf"),
        2.0**-1074 * 3,
    ]
)


@cache
def modules() -> dict[str, ModuleDef]:
    """The IR of every schema in ``schemas/``, by module name."""
    files = find_schemas([REPOSITORY / "schemas"])
    return {module.name: module for module in load_modules(files)}


def python_module(name: str) -> Any:
    return importlib.import_module(f"generated.{name}")


def all_models() -> list[tuple[str, ModelDef]]:
    return [
        (module.name, model) for module in modules().values() for model in module.models
    ]


def _model_def(ref: ModelRef) -> ModelDef:
    return next(
        model for model in modules()[ref.module].models if model.name == ref.name
    )


def for_type(type_ref: TypeRef, depth: int = 0) -> st.SearchStrategy[Any]:
    """Values of a schema type, as the generated classes hold them."""
    if isinstance(type_ref, Nullable):
        return st.none() | for_type(type_ref.inner, depth)
    if isinstance(type_ref, Scalar):
        return for_scalar(type_ref)
    if isinstance(type_ref, Custom):
        # The repository's one user codec writes decimal amounts as whole cents.
        assert type_ref.codec == "examples.bindings:CENTS"
        return st.integers(-(10**9), 10**9).map(lambda cents: Decimal(cents) / 100)
    if isinstance(type_ref, ListOf):
        if depth > 6:
            return st.just([])  # keep models recursive through a list finite
        return st.lists(for_type(type_ref.item, depth + 1), max_size=3)
    if isinstance(type_ref, SetOf):
        return st.sets(for_type(type_ref.item, depth + 1), max_size=3)
    if isinstance(type_ref, TupleOf):
        if type_ref.variadic:
            return st.lists(for_type(type_ref.items[0], depth + 1), max_size=3).map(
                tuple
            )
        return st.tuples(*(for_type(item, depth + 1) for item in type_ref.items))
    if isinstance(type_ref, DictOf):
        keys = for_type(type_ref.key, depth + 1)
        return st.dictionaries(keys, for_type(type_ref.value, depth + 1), max_size=3)
    if isinstance(type_ref, EnumRef):
        return st.sampled_from(
            list(getattr(python_module(type_ref.module), type_ref.name))
        )
    return for_model(type_ref.module, _model_def(type_ref), depth + 1)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT,
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(TEXT, children, max_size=3),
    max_leaves=8,
)

AWARE = st.datetimes(
    # An offset near the ends of datetime's range leaves no UTC instant to hold.
    min_value=dt.datetime(2, 1, 1),
    max_value=dt.datetime(9998, 12, 31),
    timezones=st.sampled_from(
        [
            dt.timezone.utc,
            dt.timezone(dt.timedelta(hours=8)),
            dt.timezone(dt.timedelta(hours=-5, minutes=-30)),
        ]
    ),
)


JAVA_YEARS = st.integers(javatime.MIN_YEAR, javatime.MAX_YEAR) | st.integers(-1, 10_000)
INT32 = st.integers(-(2**31), 2**31 - 1) | st.integers(-40, 40)
# Offsets Java allows: whole seconds within 18 hours, most of them whole minutes.
OFFSETS = (
    st.integers(-18 * 60, 18 * 60).map(lambda minutes: minutes * 60)
    | st.integers(-18 * 3600, 18 * 3600)
).map(lambda seconds: dt.timezone(dt.timedelta(seconds=seconds)))
# Zones with gaps and overlaps (Paris, New York, Lord Howe's half hours), none (Tokyo),
# and the fixed ones Java keeps by name.
REGIONS = ("Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Tokyo")
FIXED_ZONES = [
    dt.timezone(dt.timedelta(0), "UTC"),
    dt.timezone(dt.timedelta(0), "GMT"),
    dt.timezone(dt.timedelta(hours=2), "GMT+02:00"),
    dt.timezone(dt.timedelta(hours=-5, minutes=-30), "UTC-05:30"),
]


def zones() -> st.SearchStrategy[Any]:
    from zoneinfo import ZoneInfo

    return (
        st.sampled_from([ZoneInfo(name) for name in REGIONS])
        | st.sampled_from(FIXED_ZONES)
        | OFFSETS
    )


# URI references built from parts (drawing them from foryjson.identifiers' expression
# is slow): a scheme and authority or not, path segments, a query and a fragment.
_URI_TEXT = st.lists(
    st.sampled_from([*"abcXYZ019-._~!$&'()*+,;=:@\u00e9\u4e2d\U0001f600", "%2F"]),
    max_size=8,
).map("".join)
URIS = st.builds(
    lambda start, segments, query, fragment: start
    + "/".join(segments)
    + ("" if query is None else "?" + query)
    + ("" if fragment is None else "#" + fragment),
    st.sampled_from(
        ["", "/", "https://example.com/", "//host:8080/", "file:///", "urn:x"]
    ),
    st.lists(_URI_TEXT.filter(lambda text: ":" not in text), max_size=4),
    st.none() | _URI_TEXT.map(lambda text: text + "[]"),
    st.none() | _URI_TEXT,
).filter(lambda text: identifiers._URI.fullmatch(text) is not None)
LOCALES = st.sampled_from(
    ["en", "en-US", "de-CH-1996", "zh-Hant-TW", "es-419", "und", "sr-Latn-RS", "fil"]
)
IDENTIFIER_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "uri": URIS,
    "locale": LOCALES,
    "currency": st.sampled_from(sorted(identifiers.CURRENCY_CODES)),
}

JAVA_TIME_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "year": st.builds(javatime.Year, JAVA_YEARS),
    "year_month": st.builds(javatime.YearMonth, JAVA_YEARS, st.integers(1, 12)),
    "month_day": st.dates(dt.date(2000, 1, 1), dt.date(2000, 12, 31)).map(
        javatime.MonthDay.from_date
    ),
    "period": st.builds(javatime.Period, INT32, INT32, INT32),
    "zone_offset": OFFSETS,
    "zone_id": st.deferred(zones),
    "offset_time": st.builds(
        lambda value, zone: value.replace(tzinfo=zone), st.times(), OFFSETS
    ),
    # Local times a zone skips are written moved forward (see foryjson.javatime), so
    # the values drawn are ones the zone has: an instant seen in the zone.
    "zoned_datetime": st.builds(
        lambda value, zone: value.replace(tzinfo=dt.timezone.utc).astimezone(zone),
        st.datetimes(dt.datetime(2, 1, 1), dt.datetime(9998, 12, 31)),
        st.deferred(zones),
    ),
    # An instant at any offset: it reads back as the same instant, in UTC.
    "instant": st.builds(
        lambda value, zone: value.replace(tzinfo=dt.timezone.utc).astimezone(zone),
        st.datetimes(dt.datetime(1, 1, 2), dt.datetime(9999, 12, 30)),
        OFFSETS,
    ),
}


def for_scalar(scalar: Scalar) -> st.SearchStrategy[Any]:
    """Values of a built-in type that its JSON form can carry exactly."""
    name, form = scalar.name, scalar.format
    if name == "year_month" and form is not None:  # patterns write years 1..9999
        return st.builds(javatime.YearMonth, st.integers(1, 9999), st.integers(1, 12))
    if name in JAVA_TIME_VALUES:
        return JAVA_TIME_VALUES[name]
    if name == "bool":
        return st.booleans()
    if name in ("str",):
        return TEXT
    if name == "char":
        return st.characters(max_codepoint=0xFFFF, exclude_categories=["Cs"])
    if name in IDENTIFIER_VALUES:
        return IDENTIFIER_VALUES[name]
    if name == "float":
        return FLOATS
    if name == "float32":
        return st.floats(width=32, allow_nan=False)
    if name == "int":
        return st.integers() | st.integers(min_value=-(10**40), max_value=10**40)
    if name in INTEGER_RANGES:
        low, high = INTEGER_RANGES[name]
        return st.integers(min_value=low, max_value=high) | st.sampled_from([low, high])
    if name == "decimal":
        return st.decimals(allow_nan=False, allow_infinity=False)
    if name == "uuid":
        return st.uuids()
    if name == "bytes":
        return st.binary(max_size=20)
    if name == "any":
        return JSON_VALUES
    if name == "duration":
        return st.timedeltas()
    if name == "date":
        return st.dates()
    precision = _PATTERN_PRECISION.get(form or "", None)
    if name == "time":
        times = st.times()
        return times.map(precision) if precision else times
    if name == "local_datetime":
        values = st.datetimes()
        return values.map(precision) if precision else values
    if form == "epoch_millis":
        return AWARE.map(
            lambda value: value.replace(microsecond=value.microsecond // 1000 * 1000)
        )
    if form == "epoch_seconds":
        return AWARE.map(lambda value: value.replace(microsecond=0))
    values = AWARE
    return values.map(precision) if precision else values


# Patterns in the repository's schemas write only part of a value; these keep that part.
_PATTERN_PRECISION: dict[str, Any] = {
    "HH:mm": lambda value: value.replace(second=0, microsecond=0),
    "yyyy-MM-dd HH:mm:ss": lambda value: value.replace(microsecond=0),
    "yyyy-MM-dd'T'HH:mm:ss.SSSXXX": lambda value: value.replace(
        microsecond=value.microsecond // 1000 * 1000
    ),
}


def _constrained(item: FieldDef) -> st.SearchStrategy[Any] | None:
    """Values that follow a field's declared rules, where it has any."""
    rules = item.constraints
    if rules is None:
        return None
    if rules.pattern is not None:
        return st.from_regex(rules.pattern, fullmatch=True)
    if rules.unique:
        target = item.type.inner if isinstance(item.type, Nullable) else item.type
        assert isinstance(target, ListOf)
        return st.lists(for_type(target.item), unique=True, max_size=4)
    if rules.min_length is not None or rules.max_length is not None:
        return st.text(min_size=rules.min_length or 0, max_size=rules.max_length or 20)
    low = rules.min if rules.min is not None else rules.exclusive_min
    high = rules.max if rules.max is not None else rules.exclusive_max
    step = rules.multiple_of or Decimal(1)
    first = -(10**6) if low is None else int(Decimal(low) // step) + 1
    last = 10**6 if high is None else int(Decimal(high) // step)
    base = item.type.inner if isinstance(item.type, Nullable) else item.type
    multiples = st.integers(min_value=first, max_value=last).map(lambda k: k * step)
    if base == Scalar("decimal"):
        return multiples
    return multiples.map(int)


def _field_values(item: FieldDef, depth: int) -> st.SearchStrategy[Any]:
    type_ref = item.type
    missing = implicit_default(item)
    if item.read_only or item.write_only:
        # Never read, or never written: what comes back is what a missing member gives.
        return st.just(None if missing is NOTHING else missing)
    if depth > 3 and isinstance(type_ref, Nullable):
        return st.none()  # keep recursive models finite
    constrained = _constrained(item)
    values: st.SearchStrategy[Any]
    if item.raw:
        # A raw "null" is null: for a nullable field it reads back as None.
        values = JSON_VALUES.filter(lambda value: value is not None).map(write_any)
    elif item.any_properties:
        # Members the model does not declare (the generated names never start with "~").
        values = st.dictionaries(
            TEXT.map(lambda key: "~" + key), JSON_VALUES, max_size=3
        )
    elif constrained is not None:
        values = constrained
    else:
        values = for_type(type_ref, depth)
    if isinstance(type_ref, Nullable) and (item.raw or constrained is not None):
        values = st.none() | values
    if item.include is Include.NON_EMPTY and isinstance(type_ref, Nullable):
        # non_empty writes neither null nor an empty value: both read back as null.
        inner = type_ref.inner
        if isinstance(inner, ListOf | DictOf) or inner == Scalar("str"):
            values = values.filter(lambda value: value is None or len(value) > 0)
    return values


def for_model(module: str, model: ModelDef, depth: int = 0) -> st.SearchStrategy[Any]:
    """Instances of a generated model class with arbitrary valid field values."""
    if model.subtypes is not None:
        # The concrete models of its part of the table, each as its own object.
        models = {item.name: item for item in modules()[module].models}
        return st.one_of(
            *(
                _instances(module, models[name], depth)
                for _, name in model.subtypes.types
            )
        )
    return _instances(module, model, depth)


def _instances(module: str, model: ModelDef, depth: int) -> st.SearchStrategy[Any]:
    cls = getattr(python_module(module), model.name)
    fields = {item.name: _field_values(item, depth) for item in model.fields}
    instances = st.fixed_dictionaries(fields)
    if model.validator == "examples.validators:check_period":
        instances = instances.filter(lambda values: values["end"] >= values["start"])
    return instances.map(lambda values: cls(**values))


def omitted_value(item: FieldDef) -> object:
    """What a missing property of a field decodes to (for tests of implicit defaults)."""
    return implicit_default(item)
