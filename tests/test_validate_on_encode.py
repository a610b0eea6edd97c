"""Declared rules and model validators run when writing too, and ``validate()``.

Every way of writing (generated methods, the facade's text, bytes, file and NDJSON
writers, both backends) refuses a value that breaks a rule with an ``EncodeError`` of
the decoder's message at the value's JSON path; ``validate()`` raises that error
without keeping any text. Reading the document that would have been written gives
the same message and path as a ``DecodeError``.
"""

from __future__ import annotations

import io
import json
import math
import sys
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, EncodeError, ForyJson
from foryjson.errors import JsonError
from foryjson.gen.cli import main
from tests.schema_modules import generated_module

SCHEMA = """
models:
  Item:
    validator: rule_checks:check_item
    fields:
      quantity: {type: int32, constraints: {min: 1, max: 99}}
      price: {type: decimal, constraints: {exclusive_min: 0, multiple_of: 0.01}}
      discount: {type: float, default: 0.0, constraints: {min: 0, exclusive_max: 1}}
      currency: {type: str, constraints: {pattern: "[A-Z]{3}"}}
      name: {type: "str?", constraints: {min_length: 1, max_length: 20}}
      tags: {type: "list[str]", default: [], constraints: {unique: true, max_length: 3}}
      ratio: {type: "float32?", constraints: {max: 2.5}}
      blob: {type: "bytes?", constraints: {max_length: 4}}
      scores: {type: "dict[str, int]?", include: always, constraints: {min_length: 1}}
  Order:
    fields:
      lines: list[Item]
      by_code: {type: "dict[str, Item]", default: {}}
      main: Item?
      extra: {type: "Item?", unwrapped: {prefix: x_}}
      shape: Shape?
      code: Code?
  Shape:
    subtypes:
      property: kind
      types: {circle: Circle, square: Square}
  Circle:
    fields:
      radius: {type: float, constraints: {exclusive_min: 0}}
  Square:
    validator: rule_checks:check_square
    fields:
      side: {type: float, constraints: {exclusive_min: 0}}
  Code:
    value: true
    validator: rule_checks:check_code
    fields:
      text: str
"""

CHECKS = """
from foryjson import DecodeError, EncodeError


def check_item(item):
    if item.name == "forbidden":
        raise ValueError("that name is taken")
    if item.currency == "XXX":
        raise DecodeError("no test currency").within("currency")
    if item.currency == "YYY":
        raise EncodeError("no other test currency").within("currency")


def check_square(square):
    if square.side == 13.0:
        raise ValueError("unlucky")


def check_code(code):
    if code.text == "bad":
        raise ValueError("a bad code")
"""


@pytest.fixture(scope="module")
def m(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    folder = tmp_path_factory.mktemp("validate_on_encode")
    (folder / "rule_checks.py").write_text(CHECKS)
    sys.path.insert(0, str(folder))
    try:
        yield from generated_module(folder, "shop_rules", SCHEMA)
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop("rule_checks", None)


def item(m: ModuleType, **changes: Any) -> Any:
    values: dict[str, Any] = {
        "quantity": 2,
        "price": Decimal("9.90"),
        "currency": "EUR",
        "name": "pen",
        "tags": ["new"],
    }
    values.update(changes)
    return m.Item(**values)


def order(m: ModuleType, **changes: Any) -> Any:
    values: dict[str, Any] = {"lines": [item(m)]}
    values.update(changes)
    return m.Order(**values)


BACKENDS = ["stdlib", "orjson"]

# Each way of writing a value: (name, write(fory, value) -> None).
WRITERS: list[tuple[str, Callable[[ForyJson, Any], object]]] = [
    ("ForyJson.to_json", lambda fory, value: fory.to_json(value)),
    ("ForyJson.to_json_bytes", lambda fory, value: fory.to_json_bytes(value)),
    ("ForyJson.write_json", lambda fory, value: fory.write_json(value, io.BytesIO())),
    ("ForyJson.validate", lambda fory, value: fory.validate(value)),
    ("Model.to_json", lambda fory, value: value.to_json()),
    ("Model.to_json_bytes", lambda fory, value: value.to_json_bytes()),
    ("Model.to_json pretty", lambda fory, value: value.to_json(pretty=True)),
    ("Model.validate", lambda fory, value: value.validate()),
]


# (id, build the bad order, message, path, JSON value at that path in the document)
def cases(m: Any) -> list[tuple[str, Any, str, str]]:
    def line(**changes: Any) -> Any:
        return order(m, lines=[item(m), item(m, **changes)])

    return [
        (
            "min",
            line(quantity=0),
            "0 is less than the minimum 1",
            "$.lines[1].quantity",
        ),
        (
            "max",
            line(quantity=100),
            "100 is more than the maximum 99",
            "$.lines[1].quantity",
        ),
        (
            "exclusive_min",
            line(price=Decimal("0")),
            "0 is not more than the exclusive minimum 0",
            "$.lines[1].price",
        ),
        (
            "multiple_of",
            line(price=Decimal("9.999")),
            "9.999 is not a multiple of 0.01",
            "$.lines[1].price",
        ),
        (
            "exclusive_max",
            line(discount=1.0),
            "1.0 is not less than the exclusive maximum 1",
            "$.lines[1].discount",
        ),
        (
            "nan",
            line(discount=math.nan),
            "nan is less than the minimum 0",
            "$.lines[1].discount",
        ),
        (
            "pattern",
            line(currency="EUR\n"),
            "'EUR\\n' does not match the pattern [A-Z]{3}",
            "$.lines[1].currency",
        ),
        (
            "min_length",
            line(name=""),
            "length 0 is less than the minimum length 1",
            "$.lines[1].name",
        ),
        (
            "max_length",
            line(name="x" * 21),
            "length 21 is more than the maximum length 20",
            "$.lines[1].name",
        ),
        (
            "unique",
            line(tags=["a", "b", "a"]),
            "'a' appears more than once; each item may appear only once",
            "$.lines[1].tags",
        ),
        (
            "max_length of a list",
            line(tags=["a", "b", "c", "d"]),
            "length 4 is more than the maximum length 3",
            "$.lines[1].tags",
        ),
        (
            "float32 max",
            line(ratio=3.0),
            "3.0 is more than the maximum 2.5",
            "$.lines[1].ratio",
        ),
        (
            "bytes max_length",
            line(blob=b"12345"),
            "length 5 is more than the maximum length 4",
            "$.lines[1].blob",
        ),
        (
            "dict min_length",
            line(scores={}),
            "length 0 is less than the minimum length 1",
            "$.lines[1].scores",
        ),
        (
            "dict value",
            order(m, by_code={"a": item(m), "b c": item(m, quantity=0)}),
            "0 is less than the minimum 1",
            "$.by_code['b c'].quantity",
        ),
        (
            "nullable field",
            order(m, main=item(m, quantity=100)),
            "100 is more than the maximum 99",
            "$.main.quantity",
        ),
        (
            "flattened",
            order(m, extra=item(m, currency="eur")),
            "'eur' does not match the pattern [A-Z]{3}",
            "$.x_currency",
        ),
        (
            "subtype",
            order(m, shape=m.Circle(radius=-1.0)),
            "-1.0 is not more than the exclusive minimum 0",
            "$.shape.radius",
        ),
        (
            "validator",
            line(name="forbidden"),
            "rejected by rule_checks:check_item: that name is taken",
            "$.lines[1]",
        ),
        (
            "validator raising DecodeError",
            line(currency="XXX"),
            "no test currency",
            "$.lines[1].currency",
        ),
        (
            "validator of a flattened child",
            order(m, extra=item(m, name="forbidden")),
            "rejected by rule_checks:check_item: that name is taken",
            "$",
        ),
        (
            "validator of a subtype",
            order(m, shape=m.Square(side=13.0)),
            "rejected by rule_checks:check_square: unlucky",
            "$.shape",
        ),
        (
            "validator of a value model",
            order(m, code=m.Code(text="bad")),
            "rejected by rule_checks:check_code: a bad code",
            "$.code",
        ),
    ]


def case_ids() -> list[str]:
    return [case[0] for case in cases(_Stub())]


class _Stub:
    """Stands in for the module while test ids are collected."""

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda **values: None


def _written_error(m: ModuleType, backend: str, value: object) -> EncodeError:
    return _error(lambda: ForyJson(m, backend=backend).to_json(value))


def _error(write: Callable[[], object]) -> EncodeError:
    with pytest.raises(EncodeError) as caught:
        write()
    return caught.value


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("index", range(len(case_ids())), ids=case_ids())
def test_every_writer_refuses_a_broken_rule_with_the_decoders_words(
    m: ModuleType, backend: str, index: int
) -> None:
    _, value, message, path = cases(m)[index]
    fory = ForyJson(m, backend=backend)
    for name, write in WRITERS:
        error = _error(lambda write=write: write(fory, value))  # type: ignore[misc]
        assert (error.message, error.path) == (message, path), name
    lines = io.BytesIO()
    good = order(m)
    error = _error(lambda: fory.write_ndjson([good, value], lines))
    assert (error.message, error.path) == (message, path.replace("$", "$[1]", 1))
    assert lines.getvalue() == good.to_json_bytes() + b"\n"


def _document(m: ModuleType, path: list[str | int], bad: Any) -> str:
    """The JSON of a valid order, with the JSON value ``bad`` at ``path``."""
    data = json.loads(
        order(m, lines=[item(m), item(m)], by_code={"b c": item(m)}).to_json()
    )
    target = data
    for segment in path[:-1]:
        target = target[segment]
    target[path[-1]] = bad
    return json.dumps(data)


@pytest.mark.parametrize(
    ("path", "bad"),
    [
        (["lines", 1, "quantity"], 0),
        (["lines", 1, "price"], 9.999),
        (["lines", 1, "discount"], 1.0),
        (["lines", 1, "currency"], "EUR\n"),
        (["lines", 1, "name"], ""),
        (["lines", 1, "tags"], ["a", "b", "a"]),
        (["lines", 1, "ratio"], 3.0),
        (["lines", 1, "scores"], {}),
        (["by_code", "b c", "quantity"], 100),
        (["lines", 1, "name"], "forbidden"),
        (["lines", 1, "currency"], "XXX"),
    ],
)
def test_reading_the_document_gives_the_same_error(
    m: ModuleType, path: list[str | int], bad: Any
) -> None:
    text = _document(m, path, bad)
    with pytest.raises(DecodeError) as decoded:
        m.Order.from_json(text)
    # The same values, written: the Python object the document stands for.
    value = order(m, lines=[item(m), item(m)], by_code={"b c": item(m)})
    holder = value.lines[1] if path[0] == "lines" else value.by_code["b c"]
    python = {
        "price": Decimal("9.999"),
        "ratio": 3.0,
    }.get(str(path[-1]), bad)
    setattr(holder, str(path[-1]), python)
    for backend in BACKENDS:
        encoded = _written_error(m, backend, value)
        assert (encoded.message, encoded.path) == (
            decoded.value.message,
            decoded.value.path,
        )


def test_an_encode_error_from_a_validator_keeps_its_path(m: ModuleType) -> None:
    value = order(m, lines=[item(m, currency="YYY")])
    for backend in BACKENDS:
        error = _written_error(m, backend, value)
        assert (error.message, error.path) == (
            "no other test currency",
            "$.lines[0].currency",
        )
    error = _error(value.validate)
    assert str(error) == "no other test currency at $.lines[0].currency"


def test_the_validators_own_exception_is_the_cause(m: ModuleType) -> None:
    error = _error(item(m, name="forbidden").to_json)
    assert isinstance(error.__cause__, ValueError)
    assert str(error) == "rejected by rule_checks:check_item: that name is taken at $"
    error = _error(item(m, currency="XXX").validate)
    assert isinstance(error.__cause__, DecodeError)
    assert str(error) == "no test currency at $.currency"


def test_null_is_not_checked_and_skipped_members_keep_their_defaults(
    m: ModuleType,
) -> None:
    value = item(m, name=None, ratio=None, blob=None, scores=None, tags=[])
    assert value.validate() is None
    assert value.to_json() == (
        '{"quantity":2,"price":9.90,"discount":0.0,"currency":"EUR","tags":[],'
        '"scores":null}'
    )
    assert m.Item.from_json(value.to_json()) == value


def test_validate_returns_none_for_valid_objects(m: ModuleType) -> None:
    value = order(
        m,
        by_code={"a": item(m)},
        main=item(m, name=None),
        extra=item(m),
        shape=m.Square(side=2.0),
        code=m.Code(text="ok"),
    )
    assert value.validate() is None
    for backend in BACKENDS:
        fory = ForyJson(m, backend=backend)
        assert fory.validate(value) is None  # type: ignore[func-returns-value]
        fory.validate([value], "list[Order]")
        fory.validate(value.lines[0], "Item?")
        fory.validate(None, "Item?")


def test_validate_checks_types_as_writing_does(m: ModuleType) -> None:
    value = order(m, lines=[item(m, quantity="2")])
    error = _error(value.validate)
    assert str(error) == "expected int32, got the string '2' at $.lines[0].quantity"
    fory = ForyJson(m)
    error = _error(lambda: fory.validate([item(m), item(m, price=0.5)], "list[Item]"))
    assert str(error) == "expected decimal, got the number 0.5 at $[1].price"
    error = _error(lambda: fory.validate([item(m), item(m, quantity=0)], "list[Item]"))
    assert str(error) == "0 is less than the minimum 1 at $[1].quantity"


def test_the_validator_runs_once_on_success_and_after_the_members(
    m: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Any] = []
    module_validator = m._validate_Item

    def spy(value: Any) -> None:
        seen.append(value)
        module_validator(value)

    monkeypatch.setattr(m, "_validate_Item", spy)
    value = item(m)
    for backend in BACKENDS:
        seen.clear()
        ForyJson(m, backend=backend).to_json(value)
        assert seen == [value]
    # A broken member is reported before the validator sees the object.
    seen.clear()
    error = _error(item(m, quantity=0, name="forbidden").validate)
    assert error.message == "0 is less than the minimum 1" and seen == []


def test_a_field_named_validate_is_a_schema_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "m.yaml").write_text("models:\n  A:\n    fields: {validate: str}\n")
    assert main([str(tmp_path / "m.yaml"), "-o", str(tmp_path / "out")]) == 2
    assert (
        "field name 'validate' is taken by a generated method; rename the field and"
        " set 'json: validate'" in capsys.readouterr().err
    )


# ------------------------------------------------------------------ properties

# Each field: values that keep its rules, and values that break one.
VALID: dict[str, st.SearchStrategy[Any]] = {
    "quantity": st.integers(1, 99),
    "price": st.integers(1, 10**6).map(lambda cents: Decimal(cents) / 100),
    "discount": st.floats(0.0, 1.0, exclude_max=True),
    # Not the currencies and name the validator refuses.
    "currency": st.from_regex(r"[A-Z]{3}", fullmatch=True).filter(
        lambda text: text not in ("XXX", "YYY")
    ),
    "name": st.none()
    | st.text(min_size=1, max_size=20).filter(lambda text: text != "forbidden"),
    "tags": st.lists(st.text(max_size=3), max_size=3, unique=True),
    "ratio": st.none() | st.floats(-1e6, 2.5, width=32),
    "blob": st.none() | st.binary(max_size=4),
    "scores": st.none()
    | st.dictionaries(st.text(), st.integers(-1000, 1000), min_size=1),
}
INVALID: dict[str, st.SearchStrategy[Any]] = {
    "quantity": st.integers(-(2**31), 0) | st.integers(100, 2**31 - 1),
    "price": st.integers(-(10**6), 0).map(lambda cents: Decimal(cents) / 100)
    | st.integers(1, 10**6).map(lambda mills: Decimal(mills * 10 + 1) / 1000),
    "discount": st.floats(max_value=-1e-300, allow_infinity=False)
    | st.floats(min_value=1.0, allow_infinity=False),
    "currency": st.text().filter(
        lambda text: not (
            len(text) == 3 and text.isascii() and text.isupper() and text.isalpha()
        )
    ),
    "name": st.just("") | st.text(min_size=21, max_size=30),
    "tags": st.lists(st.text(max_size=3), min_size=4, max_size=6, unique=True)
    | st.text(max_size=3).map(lambda tag: [tag, tag]),
    "ratio": st.floats(2.5, 1e6, exclude_min=True, width=32),
    "blob": st.binary(min_size=5, max_size=8),
    "scores": st.just({}),
}


def _items(
    fields: dict[str, st.SearchStrategy[Any]],
) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(fields)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=_items(VALID))
def test_valid_objects_are_written_and_read_back(
    m: ModuleType, values: dict[str, Any]
) -> None:
    value = m.Item(**values)
    assert value.validate() is None
    texts = {ForyJson(m, backend=backend).to_json(value) for backend in BACKENDS}
    assert len(texts) == 1
    assert m.Item.from_json(texts.pop()) == value


def _json_value(value: Any) -> Any:
    """The JSON text the string encoder writes for one field's value."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bytes):
        import base64

        return json.dumps(base64.b64encode(value).decode())
    return json.dumps(value)


@settings(max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=_items(VALID), data=st.data())
def test_a_broken_rule_reads_and_writes_in_the_same_words(
    m: ModuleType, values: dict[str, Any], data: st.DataObject
) -> None:
    field = data.draw(st.sampled_from(sorted(INVALID)))
    bad = data.draw(INVALID[field])
    values[field] = bad
    value = m.Item(**values)
    errors = []
    for backend in BACKENDS:
        errors.append(_written_error(m, backend, value))
    errors.append(_error(value.validate))
    # The document that would have been written: the valid fields, and the bad one.
    parts = [
        f'"{name}":{_json_value(values[name])}'
        for name in VALID
        if values[name] is not None
    ]
    with pytest.raises(DecodeError) as decoded:
        m.Item.from_json("{" + ",".join(parts) + "}")
    for error in errors:
        assert isinstance(error, JsonError)
        assert (error.message, error.path) == (
            decoded.value.message,
            decoded.value.path,
        )


@settings(max_examples=300)
@given(
    number=st.decimals(allow_nan=False, allow_infinity=False, places=None)
    | st.integers(-(10**40), 10**40).map(Decimal),
    divisor=st.sampled_from(["0.01", "1", "0.5", "3", "1e-30", "7e20", "0.0001"]),
)
def test_is_multiple_is_exact_for_any_size(number: Decimal, divisor: str) -> None:
    from decimal import localcontext

    from foryjson.decimals import is_multiple

    with localcontext() as context:
        context.prec = 10_000
        expected = number % Decimal(divisor) == 0
    assert is_multiple(number, divisor) is expected
