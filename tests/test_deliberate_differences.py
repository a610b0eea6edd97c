"""The deliberate differences from Fory JSON behave as docs/wire-compatibility.md says.

Each test is one row of the page's "Deliberate differences" table: the input Fory
reads differently, and what foryjson does with it (the error's message and path, or
the value and the bytes written back).
"""

from __future__ import annotations

import importlib
import sys
from decimal import Decimal
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from foryjson import DecodeError, EncodeError, ForyJson
from foryjson.gen.generate import generate

SCHEMA = """
models:
  Sample:
    fields:
      single: float32?
      ratio: float?
      tags: set[str]?
      ordered: {type: "list[str]?", constraints: {unique: true}}
      id: uuid?
      price: decimal?
      day: {type: "date?", format: dd/MM/uuuu}
      at: {type: "time?", format: "HH:mm"}
      logged: {type: "local_datetime?", format: "yyyy-MM-dd HH:mm:ss"}
  Kept:
    fields:
      name: str
      extra: {type: "dict[str, any]", any_properties: true}
      after: int
  Order:
    fields:
      shipment: Shipment?
  Shipment:
    subtypes:
      representation: wrapper_object
      types: {parcel: Parcel}
  Parcel:
    fields:
      grams: int
  Payment:
    subtypes:
      property: kind
      types: {card: Card, transfer: Transfer}
  Card:
    fields:
      last_four: str
  Transfer:
    fields:
      iban: str
  Holder:
    fields:
      value: any
  Account:
    fields:
      id: {type: int, constraints: {min: 0}}
  Period:
    validator: examples.validators:check_period
    fields:
      start: int
      end: int
roots:
  Untyped: any
"""


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Any:
    root = tmp_path_factory.mktemp("differences")
    (root / "schemas").mkdir()
    (root / "schemas" / "differences.yaml").write_text(SCHEMA, encoding="utf-8")
    for relative, text in generate([root / "schemas"]).items():
        target = root / "difference_models" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(root))
    try:
        loaded: ModuleType = importlib.import_module("difference_models.differences")
    finally:
        sys.path.remove(str(root))
    return loaded


def refusal(cls: Any, document: str) -> tuple[str, str]:
    with pytest.raises(DecodeError) as caught:
        cls.from_json(document)
    return caught.value.message, caught.value.path


def test_a_null_document_is_not_a_model(module: Any) -> None:
    assert refusal(module.Kept, "null") == ("expected an object, got null", "$")


def test_a_wrapper_object_holding_null_is_refused(module: Any) -> None:
    assert refusal(module.Order, '{"shipment":{"parcel":null}}') == (
        "expected an object, got null",
        "$.shipment.parcel",
    )
    assert module.Order.from_json('{"shipment":null}').shipment is None


def test_catch_all_members_are_written_after_the_declared_ones(module: Any) -> None:
    kept = module.Kept(name="n", extra={"x": 1}, after=2)
    assert kept.to_json() == '{"name":"n","after":2,"x":1}'
    assert module.Kept.from_json('{"x":1,"name":"n","after":2}') == kept


def test_a_float32_beyond_its_range_is_refused_and_a_double_is_infinite(
    module: Any,
) -> None:
    assert refusal(module.Sample, '{"single":1e39}') == (
        "1e39 is out of range for float32",
        "$.single",
    )
    assert module.Sample.from_json('{"ratio":1e999}').ratio == float("inf")


def test_a_set_keeps_one_of_each_and_an_ordered_set_refuses_repeats(
    module: Any,
) -> None:
    assert module.Sample.from_json('{"tags":["a","b","a"]}').tags == {"a", "b"}
    assert refusal(module.Sample, '{"ordered":["a","b","a"]}') == (
        "'a' appears more than once; each item may appear only once",
        "$.ordered",
    )


def test_only_the_canonical_uuid_form_is_read(module: Any) -> None:
    assert refusal(module.Sample, '{"id":"1-2-3-4-5"}') == (
        "expected uuid (8-4-4-4-12 hex digits), got the string '1-2-3-4-5'",
        "$.id",
    )


def test_a_negative_zero_decimal_is_written_back_as_read(module: Any) -> None:
    sample = module.Sample.from_json('{"price":-0.0}')
    assert str(sample.price) == "-0.0"
    assert sample.price == Decimal("-0.0")
    assert sample.to_json() == '{"price":-0.0}'


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        (
            '{"day":"31/04/2026"}',
            ("invalid date '31/04/2026': day is out of range for month", "$.day"),
        ),
        (
            '{"day":"29/02/2026"}',
            ("invalid date '29/02/2026': day is out of range for month", "$.day"),
        ),
        (
            '{"at":"24:00"}',
            ("invalid time '24:00': hour must be in 0..23", "$.at"),
        ),
        (
            '{"logged":"2026-03-01 24:00:00"}',
            (
                "invalid datetime '2026-03-01 24:00:00': hour must be in 0..23",
                "$.logged",
            ),
        ),
    ],
)
def test_pattern_dates_are_never_moved_to_a_valid_one(
    module: Any, document: str, expected: tuple[str, str]
) -> None:
    assert refusal(module.Sample, document) == expected


def test_a_subtype_writes_its_name_and_reads_without_it(module: Any) -> None:
    card = module.Card(last_four="4242")
    assert card.to_json() == '{"kind":"card","last_four":"4242"}'
    assert module.Card.from_json('{"last_four":"4242"}') == card
    assert refusal(module.Card, '{"kind":"transfer","last_four":"4242"}') == (
        "unknown subtype name 'transfer'; expected one of card",
        "$.kind",
    )


def test_a_number_past_a_double_is_refused_as_any(module: Any) -> None:
    assert refusal(module.Holder, '{"value":[1e400]}') == (
        "number too large for a float",
        "$.value[0]",
    )
    with pytest.raises(DecodeError) as caught:
        ForyJson(module).from_json("-1e400", module.Untyped)
    assert (caught.value.message, caught.value.path) == (
        "number too large for a float",
        "$",
    )


def test_values_the_reader_would_refuse_are_not_written(module: Any) -> None:
    with pytest.raises(EncodeError) as caught:
        module.Account(id=-1).to_json()
    assert (caught.value.message, caught.value.path) == (
        "-1 is less than the minimum 0",
        "$.id",
    )
    with pytest.raises(EncodeError) as caught:
        module.Period(start=2, end=1).to_json()
    assert (caught.value.message, caught.value.path) == (
        "rejected by examples.validators:check_period: ends at 1, before it starts"
        " at 2",
        "$",
    )


def test_the_page_lists_every_row_tested_here() -> None:
    page = (
        Path(__file__).resolve().parents[1] / "docs" / "wire-compatibility.md"
    ).read_text(encoding="utf-8")
    section = page[page.index("## Deliberate differences") :]
    for text in (
        "expected an object, got null",
        "1e39 is out of range for float32",
        "expected uuid (8-4-4-4-12 hex digits)",
        "invalid date '31/04/2026': day is out of range for month",
        "invalid time '24:00': hour must be in 0..23",
        "`-0.0`",
        "`@JsonAnyGetter`",
        "unknown subtype name 'transfer'; expected one of card",
        "number too large for a float",
        "-1 is less than the minimum 0",
        "rejected by examples.validators:check_period",
    ):
        assert text in section, text
