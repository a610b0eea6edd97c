"""``ForyJson`` roots of any type, given as type expressions of the schema language.

Fory reads and writes any type at the root: a ``byte[]``, a ``List<Double>``, a
``Map<String, Integer>``, an ``Instant``, a ``BigDecimal``, or null for a nullable
root. Each root here writes the bytes, and raises the errors (message, path below
``$``), that a generated field of the same type does.
"""

from __future__ import annotations

import datetime as dt
import io
import uuid
from collections.abc import Callable
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson import (
    DecodeError,
    EncodeError,
    ForyJson,
    MonthDay,
    Period,
    Year,
    YearMonth,
)
from foryjson.facade import MAX_CACHED_EXPRESSIONS
from foryjson.roots import MAX_EXPRESSION_CHARS, TypeExpressionError, parse
from generated import catalog, media, payments
from generated import types as t
from tests.test_types import blobs, containers, member, numbers, text_value, times

BACKENDS = ["stdlib", "orjson"]
UTC = dt.timezone.utc
MOMENT = dt.datetime(2026, 6, 21, 1, 2, 3, 456000, tzinfo=UTC)


def fory(backend: str = "stdlib", **options: Any) -> ForyJson:
    return ForyJson(t, media, payments, catalog, backend=backend, **options)


def dynamic(**changes: Any) -> t.Dynamic:
    return t.Dynamic(**{"payload": None, "extras": {}, **changes})


# A scalar root, the generated field of that type, values it writes, JSON values it
# refuses to read and Python values it refuses to write.
Field = tuple[
    str, str | None, Callable[..., Any], str, str, list[Any], list[str], list[Any]
]
FIELDS: list[Field] = [
    (
        "int8",
        None,
        numbers,
        "tiny",
        "tiny",
        [0, -128, 127],
        ["128", "1.5", '"1"', "true"],
        [128, True, 1.0],
    ),
    ("int16", None, numbers, "small", "small", [-32768, 32767], ["32768"], [-32769]),
    (
        "int32",
        None,
        numbers,
        "medium",
        "medium",
        [2**31 - 1],
        ["2147483648", "null"],
        [2**31],
    ),
    (
        "int64",
        None,
        numbers,
        "large",
        "large",
        [-(2**63)],
        ["9223372036854775808"],
        [2**63],
    ),
    ("uint8", None, numbers, "byte", "byte", [255], ["-1", "256"], [-1]),
    ("uint16", None, numbers, "word", "word", [65535], ["65536"], [65536]),
    ("uint32", None, numbers, "dword", "dword", [2**32 - 1], ["4294967296"], [2**32]),
    (
        "uint64",
        None,
        numbers,
        "qword",
        "qword",
        [2**64 - 1],
        ["18446744073709551616"],
        [-1],
    ),
    (
        "int",
        None,
        numbers,
        "unbounded",
        "unbounded",
        [10**50, -3],
        ["1.0", '"7"'],
        ["7", 1.5],
    ),
    (
        "float",
        None,
        numbers,
        "ratio",
        "ratio",
        [1.5, -0.0, 1e-7, float("inf"), 3],
        ['"nan"', "[]"],
        ["1", None],
    ),
    (
        "float32",
        None,
        numbers,
        "single",
        "single",
        [0.5, 3.4e38, float("-inf")],
        ['"x"', "[]"],
        ["1", 1e39],
    ),
    (
        "decimal",
        None,
        numbers,
        "price",
        "price",
        [Decimal("1.50"), Decimal("-0"), Decimal("1E+3")],
        ['"1.5"', "1e99999999"],
        [1.5, "1"],
    ),
    (
        "decimal",
        "string",
        numbers,
        "quoted_price",
        "quotedPrice",
        [Decimal("12.50")],
        ["12.5", '"x"'],
        ["1", 1.5],
    ),
    (
        "str",
        None,
        text_value,
        "text",
        "text",
        ["", 'é\u2028"\\', "\U0001f600"],
        ["1", "null"],
        [1, b"x"],
    ),
    (
        "char",
        None,
        text_value,
        "initial",
        "initial",
        ["J", "é"],
        ['"ab"', '"\\ud83d\\ude00"'],
        ["ab", 1],
    ),
    (
        "uuid",
        None,
        text_value,
        "id",
        "id",
        [uuid.UUID(int=5)],
        ['"x"', "1"],
        ["0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"],
    ),
    (
        "bytes",
        None,
        blobs,
        "standard",
        "standard",
        [b"", b"\x00\xff\x10"],
        ['"a"', "[1]"],
        ["x", 1],
    ),
    ("bytes", "base64url", blobs, "url_safe", "urlSafe", [b"\xff\xfe"], ['"+/"'], [1]),
    ("bytes", "base16", blobs, "hex", "hex", [b"\x01\xab"], ['"0g"'], [1]),
    (
        "bytes",
        "array",
        blobs,
        "signed",
        "signed",
        [b"\x80\x7f"],
        ["[128]", '"AA=="'],
        [1],
    ),
    ("bytes", "uint8_array", blobs, "unsigned", "unsigned", [b"\xff"], ["[-1]"], [1]),
    (
        "any",
        None,
        dynamic,
        "payload",
        "payload",
        [None, {"a": [1, 2.5, "x", True]}, -(10**30)],
        ["1e400"],
        [object(), {1: "a"}, {"a": b"x"}],
    ),
    (
        "date",
        None,
        times,
        "day",
        "day",
        [dt.date(1, 1, 1)],
        ['"2026-13-01"', "1"],
        [MOMENT, "2026-01-01"],
    ),
    (
        "time",
        None,
        times,
        "clock",
        "clock",
        [dt.time(23, 59, 59, 999999)],
        ['"24:00"'],
        ["12:00"],
    ),
    (
        "datetime",
        None,
        times,
        "moment",
        "moment",
        [MOMENT],
        ['"2026-01-01T00:00"'],
        [dt.datetime(2026, 1, 1)],
    ),
    (
        "local_datetime",
        None,
        times,
        "local",
        "local",
        [dt.datetime(2026, 1, 2, 3, 4)],
        ['"2026-01-02T03:04Z"'],
        [MOMENT],
    ),
    (
        "duration",
        None,
        times,
        "elapsed",
        "elapsed",
        [dt.timedelta(days=-1, microseconds=1)],
        ['"P1Y"'],
        [1],
    ),
    (
        "datetime",
        "epoch_millis",
        times,
        "created_millis",
        "createdMillis",
        [MOMENT],
        ["1.5", '"1"'],
        [dt.datetime(2026, 1, 1)],
    ),
    (
        "datetime",
        "epoch_seconds",
        times,
        "created_seconds",
        "createdSeconds",
        [MOMENT.replace(microsecond=0)],
        ['"1"'],
        [1],
    ),
    (
        "set[str]",
        None,
        containers,
        "tags",
        "tags",
        [{"b", "a"}, set()],
        ['["a", 1]', "{}"],
        [["a"], {1}],
    ),
    (
        "set[int32]",
        None,
        containers,
        "codes",
        "codes",
        [{3, -1}],
        ["[2147483648]"],
        [{2**31}],
    ),
    (
        "tuple[str, int64]",
        None,
        containers,
        "pair",
        "pair",
        [("x", 1)],
        ['["x"]', '["x", "y"]'],
        [("x",), ["x", 1], ("x", "y")],
    ),
    (
        "tuple[float, ...]",
        None,
        containers,
        "coordinates",
        "coordinates",
        [(1.0, float("nan"))],
        ['[1, "x"]'],
        [[1.0], (1.0, "x")],
    ),
    (
        "dict[int64, str]",
        None,
        containers,
        "by_id",
        "byId",
        [{-1: "a", 2: "b"}],
        ['{"01": "a"}', '{"1": 2}'],
        [{"1": "a"}, {1: 2}],
    ),
    (
        "dict[Color, list[uint8]]",
        None,
        containers,
        "by_color",
        "byColor",
        [{t.Color.RED: [1, 255]}],
        ['{"PINK": []}', '{"RED": [256]}'],
        [{"RED": []}, {t.Color.RED: [1, -1]}],
    ),
    (
        "dict[uuid, date]",
        None,
        containers,
        "by_uuid",
        "byUuid",
        [{uuid.UUID(int=1): dt.date(2026, 1, 1)}],
        ['{"x": "2026-01-01"}'],
        [{"x": dt.date(2026, 1, 1)}],
    ),
    (
        "list[dict[str, tuple[int8, bool]?]]",
        None,
        containers,
        "nested",
        "nested",
        [[{"a": (1, True), "b": None}]],
        ['[{"a": [1, 1]}]', '[{"a": [1]}]'],
        [[{"a": (1, 1)}], [{1: None}]],
    ),
    ("list[bytes]", None, blobs, "chunks", "chunks", [[b"a", b""]], ['["!"]'], [["a"]]),
    (
        "dict[str, datetime]",
        "epoch_millis",
        times,
        "deadlines",
        "deadlines",
        [{"q": MOMENT}],
        ['{"q": "x"}'],
        [{"q": 1}],
    ),
]


def field_id(case: Field) -> str:
    return case[0] + (f"/{case[1]}" if case[1] else "")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", FIELDS, ids=field_id)
def test_roots_write_and_read_as_generated_fields(backend: str, case: Field) -> None:
    expression, form, build, attribute, name, values, _, _ = case
    roots = fory(backend)
    for value in values:
        model = build(**{attribute: value})
        wire = member(model.to_json(), name)
        text = roots.to_json(value, expression, format=form)
        assert f'"{name}":{text}' == wire
        assert roots.to_json_bytes(value, expression, format=form) == text.encode()
        assert roots.to_json(value, expression, format=form, escape_non_ascii=True) == (
            member(model.to_json(escape_non_ascii=True), name).split(":", 1)[1]
        )
        read = roots.from_json(text, expression, format=form)
        assert read == getattr(type(model).from_json(model.to_json()), attribute)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", FIELDS, ids=field_id)
def test_roots_refuse_what_generated_fields_refuse(backend: str, case: Field) -> None:
    expression, form, build, attribute, name, values, bad_json, bad_values = case
    roots = fory(backend)
    model = build(**{attribute: values[0]})
    document = model.to_json()
    for bad in bad_json:
        with pytest.raises(DecodeError) as in_field:
            type(model).from_json(
                document.replace(member(document, name), f'"{name}":{bad}')
            )
        with pytest.raises(DecodeError) as at_root:
            roots.from_json(bad, expression, format=form)
        assert at_root.value.message == in_field.value.message
        assert in_field.value.path_segments[0] == name
        assert at_root.value.path_segments == in_field.value.path_segments[1:]
    for bad in bad_values:
        setattr(model, attribute, bad)
        with pytest.raises(EncodeError) as written_field:
            model.to_json()
        with pytest.raises(EncodeError) as written_root:
            roots.to_json(bad, expression, format=form)
        assert written_root.value.message == written_field.value.message
        assert written_root.value.path_segments == written_field.value.path_segments[1:]


SCALAR_OUTPUTS: list[tuple[str, Any, str]] = [
    ("bool", True, "true"),
    ("bool", False, "false"),
    ("int", -(10**30), "-" + "1" + "0" * 30),
    ("int8", -5, "-5"),
    ("uint64", 2**64 - 1, "18446744073709551615"),
    ("float", 0.1, "0.1"),
    ("float", float("nan"), '"NaN"'),
    ("float32", 0.5, "0.5"),
    ("decimal", Decimal("0.10"), "0.10"),
    ("str", 'a"b', '"a\\"b"'),
    ("char", "x", '"x"'),
    ("uuid", uuid.UUID(int=255), '"00000000-0000-0000-0000-0000000000ff"'),
    ("bytes", b"\x01\x02\x03", '"AQID"'),
    ("any", {"a": [1, 2.5, None, True]}, '{"a":[1,2.5,null,true]}'),
    ("date", dt.date(2026, 6, 21), '"2026-06-21"'),
    ("time", dt.time(8, 30), '"08:30:00"'),
    ("datetime", MOMENT, '"2026-06-21T01:02:03.456Z"'),
    ("local_datetime", dt.datetime(2026, 6, 21, 1, 2, 3), '"2026-06-21T01:02:03"'),
    ("duration", dt.timedelta(minutes=90), '"PT1H30M"'),
    ("year", Year(2026), '"2026"'),
    ("year_month", YearMonth(2026, 3), '"2026-03"'),
    ("month_day", MonthDay(2, 29), '"--02-29"'),
    ("period", Period(1, 2, 3), '"P1Y2M3D"'),
    ("zone_offset", dt.timezone(dt.timedelta(hours=5, minutes=30)), '"+05:30"'),
    ("zone_id", ZoneInfo("Europe/Paris"), '"Europe/Paris"'),
    (
        "offset_time",
        dt.time(10, 15, tzinfo=dt.timezone(dt.timedelta(hours=1))),
        '"10:15:00+01:00"',
    ),
    (
        "zoned_datetime",
        dt.datetime(2026, 3, 29, 3, 30, tzinfo=ZoneInfo("Europe/Paris")),
        '"2026-03-29T03:30:00+02:00[Europe/Paris]"',
    ),
    ("zoned_datetime?", None, "null"),
    ("list[year_month]", [YearMonth(2026, 12)], '["2026-12"]'),
    ("datetime?", None, "null"),
    ("bytes?", None, "null"),
    ("list[float]", [1.0, 2.5], "[1.0,2.5]"),
    ("dict[str, int32]", {"a": 1, "b": -2}, '{"a":1,"b":-2}'),
    (
        "set[uuid]",
        {uuid.UUID(int=2), uuid.UUID(int=1)},
        '["00000000-0000-0000-0000-000000000001","00000000-0000-0000-0000-000000000002"]',
    ),
    ("tuple[int, str]", (1, "a"), '[1,"a"]'),
    ("Color", t.Color.BLUE, '"BLUE"'),
    ("types.Color?", None, "null"),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("expression", "value", "expected"), SCALAR_OUTPUTS)
def test_exact_output_of_each_root(
    backend: str, expression: str, value: Any, expected: str
) -> None:
    roots = fory(backend)
    assert roots.to_json(value, expression) == expected
    assert roots.to_json_bytes(value, expression) == expected.encode()
    read = roots.from_json(expected, expression)
    assert read == value or (value != value and read != read)
    buffer = io.BytesIO()
    roots.write_json(value, buffer, expression)
    assert buffer.getvalue() == expected.encode()


@pytest.mark.parametrize("backend", BACKENDS)
def test_nullable_roots_of_every_kind_read_null(backend: str) -> None:
    roots = fory(backend)
    for expression in (
        "bool?",
        "int32?",
        "decimal?",
        "any?",
        "list[int]?",
        "dict[str, str]?",
        "tuple[int, int]?",
        "payments.Payment?",
        "Color?",
        "bytes?",
    ):
        assert roots.from_json(" null ", expression) is None
        assert roots.to_json(None, expression) == "null"
    with pytest.raises(DecodeError) as caught:
        roots.from_json("null", "int32")
    assert (caught.value.message, caught.value.path) == (
        "expected int32, got null",
        "$",
    )


def test_models_resolve_by_name_and_module() -> None:
    roots = fory()
    card = payments.CardPayment(last_four="1234")
    text = roots.to_json([card], "list[payments.Payment]")
    assert text == roots.to_json([card], "list[Payment]")
    assert text == roots.to_json([card], list[payments.Payment])
    assert roots.from_json(text, "list[generated.payments.Payment]") == [card]
    image = media.Image(uri="u", width=1, height=2, size=media.Size.SMALL)
    assert roots.to_json({"a": image}, "dict[str, media.Image]") == roots.to_json(
        {"a": image}, dict[str, media.Image]
    )


def test_ambiguous_and_unknown_names_are_value_errors() -> None:
    from generated import orders, orders_fory

    roots = ForyJson(orders, orders_fory)
    with pytest.raises(TypeExpressionError) as caught:
        roots.to_json(None, "Order?")
    assert str(caught.value) == (
        "type name 'Order' is ambiguous (generated.orders.Order,"
        " generated.orders_fory.Order): qualify it with its module"
    )
    assert roots.to_json(None, "orders_fory.Order?") == "null"
    with pytest.raises(ValueError, match="unknown type 'Ordr'"):
        roots.to_json(None, "list[Ordr]")


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        (
            "",
            "expected a type name, found the end at character 0 of type expression ''",
        ),
        ("list", "list needs type arguments at character 0 of type expression 'list'"),
        (
            "list[int",
            "expected ']', found the end at character 8 of type expression 'list[int'",
        ),
        ("list<int>", "unexpected '<' at character 4 of type expression 'list<int>'"),
        (
            "dict[str]",
            "dict takes 2 type arguments, got 1 at character 0 of type expression 'dict[str]'",
        ),
        (
            "int[str]",
            "int takes no type arguments at character 0 of type expression 'int[str]'",
        ),
        (
            "int??",
            "expected one '?', found '?' at character 4 of type expression 'int??'",
        ),
        (
            "tuple[int, str, ...]",
            "expected a type name ('...' follows one type), found '...' at character 16 of type expression 'tuple[int, str, ...]'",
        ),
        (
            "dict[float, int]",
            "dict keys must be str, an integer type, uuid or an enum, not float, because JSON object keys are strings",
        ),
        (
            "set[any]",
            "set elements must be hashable values, not any; use a list instead",
        ),
        (
            "x" * (MAX_EXPRESSION_CHARS + 1),
            f"type expression of {MAX_EXPRESSION_CHARS + 1} characters exceeds the limit of {MAX_EXPRESSION_CHARS}",
        ),
        (
            "list[" * 33 + "int" + "]" * 33,
            "type expression nests deeper than the limit of 32",
        ),
    ],
)
def test_bad_expressions_are_value_errors(expression: str, message: str) -> None:
    with pytest.raises(TypeExpressionError) as caught:
        fory().from_json("1", expression)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == message


def test_formats_apply_as_a_fields_format() -> None:
    roots = fory()
    assert roots.to_json(b"\xff", "bytes", format="base16") == '"ff"'
    assert roots.to_json([b"\xff"], "list[bytes?]", format="uint8_array") == "[[255]]"
    assert roots.to_json(Decimal("1.5"), "decimal?", format="string") == '"1.5"'
    assert roots.from_json('"1.5"', "decimal", format="string") == Decimal("1.5")
    assert roots.to_json(MOMENT, "datetime", format="iso") == roots.to_json(
        MOMENT, "datetime"
    )
    with pytest.raises(TypeExpressionError, match="unknown format 'hex' for bytes"):
        roots.to_json(b"", "bytes", format="hex")
    with pytest.raises(TypeExpressionError, match="format applies to bytes, decimal"):
        roots.to_json(1, "int", format="string")
    with pytest.raises(TypeExpressionError, match="compiled by foryjson-gen"):
        roots.to_json(dt.date(2026, 1, 1), "date", format="dd/MM/uuuu")
    with pytest.raises(
        TypeError, match="format= applies to a type given as an expression"
    ):
        roots.to_json(b"", list[media.Image], format="base16")


def test_other_arguments_are_type_errors() -> None:
    with pytest.raises(TypeError, match="a type expression is a str, not bytes"):
        parse(b"int")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="is not a type of the modules given"):
        fory().to_json(1, 3)


def test_composed_codecs_are_cached_per_expression() -> None:
    roots = fory()
    roots.to_json([1], "list[int]")
    first = roots._expressions[("list[int]", None)]
    roots.from_json("[1]", "list[int]")
    assert roots._expressions[("list[int]", None)] is first
    roots.to_json(b"", "bytes", format="base16")
    assert ("bytes", "base16") in roots._expressions


def test_the_expression_cache_is_bounded_and_keeps_the_newest() -> None:
    """A flood of distinct expressions replaces the oldest codecs: memory stays
    bounded, and an expression used after the flood is kept again."""
    roots = fory()
    roots.to_json([1], "list[int]")
    for width in range(MAX_CACHED_EXPRESSIONS + 100):
        roots.to_json([], "list[str]" + " " * width)  # distinct texts, one type
    assert len(roots._expressions) == MAX_CACHED_EXPRESSIONS
    assert ("list[int]", None) not in roots._expressions  # the oldest went first
    roots.to_json([1], "list[int]")
    assert ("list[int]", None) in roots._expressions


@pytest.mark.parametrize("backend", BACKENDS)
def test_depth_limits_hold_for_composed_roots(backend: str) -> None:
    roots = fory(backend, max_depth=2)
    assert roots.to_json([[1]], "list[list[int]]") == "[[1]]"
    with pytest.raises(EncodeError, match="nesting deeper than the limit of 2"):
        roots.to_json([[[1]]], "list[list[list[int]]]")
    with pytest.raises(DecodeError, match="deeper than the limit of 2"):
        roots.from_json("[[[1]]]", "list[list[list[int]]]")
    with pytest.raises(EncodeError, match="nesting deeper than the limit of 2"):
        roots.to_json({"a": [[1]]}, "dict[str, any]")
    category = catalog.Category(id=1, name="a", parent=catalog.Category(id=2, name="b"))
    # [ {parent: {}} ]: three levels.
    with pytest.raises(EncodeError, match="nesting deeper than the limit of 2"):
        roots.to_json([category], "list[catalog.Category]")
    with pytest.raises(EncodeError, match="nesting deeper than the limit of 2"):
        roots.to_json((1, [category]), "tuple[int, list[catalog.Category]?]")
    assert (
        roots.to_json([catalog.Category(id=1, name="a")], "list[catalog.Category]")
        == '[{"id":1,"name":"a"}]'
    )


@pytest.mark.parametrize("backend", BACKENDS)
def test_streams_take_expressions(backend: str) -> None:
    roots = fory(backend)
    lines = io.BytesIO()
    roots.write_ndjson([b"a", b"b"], lines, "bytes", format="base16")
    assert lines.getvalue() == b'"61"\n"62"\n'
    read = roots.iter_json(
        io.BytesIO(lines.getvalue()), "bytes", ndjson=True, format="base16"
    )
    assert list(read) == [b"a", b"b"]
    assert list(roots.iter_json(io.BytesIO(b"[[1.5], null]"), "list[float]?")) == [
        [1.5],
        None,
    ]


EXPRESSIONS: dict[str, st.SearchStrategy[Any]] = {
    "list[float]": st.lists(st.floats(allow_nan=False)),
    "dict[str, int32]": st.dictionaries(st.text(), st.integers(-(2**31), 2**31 - 1)),
    "set[uuid]": st.sets(st.uuids()),
    "tuple[int, str?, bytes]": st.tuples(
        st.integers(), st.none() | st.text(), st.binary()
    ),
    "list[decimal?]": st.lists(
        st.none() | st.decimals(allow_nan=False, allow_infinity=False, places=3)
    ),
    "dict[int64, list[datetime]]": st.dictionaries(
        st.integers(-(2**63), 2**63 - 1),
        st.lists(st.datetimes(timezones=st.just(UTC))),
    ),
    "dict[Color, tuple[date, ...]]": st.dictionaries(
        st.sampled_from(t.Color), st.lists(st.dates()).map(tuple)
    ),
    "list[set[char]]": st.lists(
        st.sets(st.characters(max_codepoint=0xFFFF, exclude_categories=["Cs"]))
    ),
    "any": st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.text()
        | st.floats(allow_nan=False, allow_infinity=False),
        lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
        max_leaves=10,
    ),
}


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_composed_roots_round_trip(data: st.DataObject) -> None:
    expression = data.draw(st.sampled_from(sorted(EXPRESSIONS)))
    value = data.draw(EXPRESSIONS[expression])
    texts = set()
    for backend in BACKENDS:
        roots = fory(backend)
        text = roots.to_json(value, expression)
        texts.add(text)
        assert roots.from_json(text, expression) == value
        assert roots.from_json(text.encode(), expression) == value
    assert len(texts) == 1
