"""``to_builtins`` and ``from_builtins``: Python data in and out, as the JSON carries it.

The reference is the JSON text: ``to_builtins`` gives the values ``json.loads`` reads
from ``to_json``'s text (with decimals exact), and ``from_builtins`` of such values
gives what ``from_json`` gives, or raises the same error, message and path.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from decimal import Decimal
from typing import Any
from uuid import UUID

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, EncodeError, ForyJson, pyvalues
from foryjson.gen.ir import ModelDef
from foryjson.limits import MAX_NUMBER_CHARS, Limits
from generated import catalog, ledger, media, orders, payments, types
from tests.schema_strategies import all_models, for_model, python_module
from tests.test_roundtrip import same

MODELS = all_models()


def exact(value: Any) -> Any:
    """Python data with every number an exact ``Decimal`` (floats at their shortest
    text), ``-0.0`` told apart: what two spellings of one JSON value share."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, float):
        negative_zero = value == 0 and math.copysign(1.0, value) < 0
        return ("-0" if negative_zero else "", Decimal(repr(value)))
    if isinstance(value, int | Decimal):
        sign = "-0" if isinstance(value, Decimal) and value.is_signed() else ""
        return (sign if value == 0 else "", Decimal(value))
    if isinstance(value, list):
        return [exact(item) for item in value]
    assert isinstance(value, dict), value
    return [(key, exact(item)) for key, item in value.items()]  # order matters


def matches(plain: Any, carried: Any) -> bool:
    """Whether ``to_builtins``'s data is the JSON's: a ``Decimal`` may stand for a
    decimal written as a string, with the very same digits."""
    if isinstance(plain, Decimal) and isinstance(carried, str):
        return str(plain) == carried
    if isinstance(plain, float) and isinstance(carried, Decimal):
        # Java spells some floats with other digits (4.9E-324): the same double.
        return same(plain, float(carried))
    if isinstance(plain, list) and isinstance(carried, list):
        return len(plain) == len(carried) and all(map(matches, plain, carried))
    if isinstance(plain, dict) and isinstance(carried, dict):
        return list(plain) == list(carried) and all(
            matches(plain[key], carried[key]) for key in plain
        )
    return bool(exact(plain) == exact(carried))


def json_values(text: str) -> Any:
    return json.loads(text, parse_float=Decimal)


@pytest.mark.parametrize(("module", "model"), MODELS, ids=[m.name for _, m in MODELS])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_builtins_are_the_json_values(
    module: str, model: ModelDef, data: st.DataObject
) -> None:
    cls = getattr(python_module(module), model.name)
    value = data.draw(for_model(module, model))
    fory = ForyJson(python_module(module))
    text = fory.to_json(value, cls)
    plain = fory.to_builtins(value, cls)
    assert matches(plain, json_values(text))
    # Nothing but JSON-ready values: json.dumps writes them (decimals as text).
    json.dumps(fory.to_builtins(value, cls, decimals="str"))
    # Back again: the same object, whichever form decimals and times take.
    assert same(fory.from_builtins(plain, cls), value)
    for decimals in ("decimal", "str"):
        for temporals in ("text", "object"):
            again = fory.to_builtins(value, cls, decimals=decimals, temporals=temporals)
            assert same(fory.from_builtins(again, cls), value)
    # And json.loads's values, as a framework that parsed the body hands them over
    # (raw fields keep their text's spelling from a document, not from values).
    from_values = fory.from_builtins(json_values(text), cls)
    assert exact(json_values(fory.to_json(from_values, cls))) == exact(
        json_values(text)
    )


def test_generated_methods() -> None:
    line = orders.OrderLine(
        product=orders.Product(
            sku="s",
            name="n",
            description="d",
            category=orders.Category(id=1, name="c"),
            price=Decimal("198.70"),
            weight_grams=5,
            tags=["a"],
            thumbnail=b"\x00\xff",
        ),
        quantity=2,
        unit_price=Decimal("1.10"),
        discount=0.25,
    )
    data = line.to_builtins()
    assert data == {
        "product": {
            "sku": "s",
            "name": "n",
            "description": "d",
            "category": {"id": 1, "name": "c", "parent": None},
            "price": Decimal("198.70"),
            "weightGrams": 5,
            "tags": ["a"],
            "thumbnail": "AP8=",
        },
        "quantity": 2,
        "unitPrice": Decimal("1.10"),
        "discount": 0.25,
    }
    assert str(data["unitPrice"]) == "1.10"  # not one digit lost
    assert list(data) == ["product", "quantity", "unitPrice", "discount"]
    assert line.to_builtins(decimals="str")["unitPrice"] == "1.10"
    assert orders.OrderLine.from_builtins(data) == line
    # The workaround this replaces: json.dumps then from_json loses the zero.
    assert orders.OrderLine.from_builtins(data).unit_price.as_tuple().exponent == -2


def test_temporals_as_text_or_objects() -> None:
    created = dt.datetime(2024, 5, 1, 12, 30, tzinfo=dt.timezone.utc)
    order = orders.Order(
        id="o1",
        customer=orders.Customer(
            id=7,
            first_name="A",
            last_name="B",
            email="e",
            date_of_birth=created,
            vip=False,
            addresses=[],
        ),
        lines=[],
        status=orders.OrderStatus.PAID,
        created=created,
        shipping_address=orders.Address(street="s", city="c", zip="z", country="x"),
        attributes={"k": "v"},
        notes=None,
    )
    assert order.to_builtins()["created"] == 1714566600000  # epoch_millis, as written
    assert order.to_builtins()["status"] == "PAID"
    objects = order.to_builtins(temporals="object")
    assert objects["created"] is created
    assert orders.Order.from_builtins(objects) == order


def test_python_values_are_accepted_where_the_field_holds_them() -> None:
    fory = ForyJson(types)
    value = {
        "id": UUID("12345678-1234-5678-1234-567812345678"),
        "when": dt.datetime(2024, 1, 2, 3, 4, 5, tzinfo=dt.timezone.utc),
    }
    assert fory.from_builtins(value["id"], "uuid") == value["id"]
    assert fory.from_builtins(value["when"], "datetime") == value["when"]
    assert fory.from_builtins(Decimal("1.50"), "decimal") == Decimal("1.50")
    assert str(fory.from_builtins(Decimal("1.50"), "decimal")) == "1.50"
    assert fory.from_builtins(Decimal("2.5"), "float") == 2.5
    assert fory.from_builtins(Decimal("7"), "int32") == 7
    assert fory.from_builtins(b"\x01", "bytes") == b"\x01"
    assert fory.from_builtins((1, 2), "list[int32]") == [1, 2]
    with pytest.raises(DecodeError) as caught:
        fory.from_builtins(Decimal("7.0"), "int32")
    assert caught.value.message == "expected int32, got the number 7.0"
    with pytest.raises(DecodeError) as caught:
        fory.from_builtins(dt.datetime(2024, 1, 1), "datetime")
    assert "naive" in caught.value.message


def test_nested_model_objects_are_taken_as_they_are() -> None:
    image = media.Image(uri="u", title=None, width=1, height=2, size=media.Size.SMALL)
    data = {
        "media": media.MediaContent.from_json(_MEDIA).media.to_builtins(),
        "images": [image],
    }
    content = media.MediaContent.from_builtins(data)
    assert content.images == [image]
    assert content.images[0] is not image  # read back from its text: a copy


_MEDIA = (
    '{"media":{"uri":"u","title":null,"width":1,"height":2,"format":"f",'
    '"duration":3,"size":4,"bitrate":0,"persons":[],"player":"JAVA",'
    '"copyright":null},"images":[]}'
)


@pytest.mark.parametrize(
    ("document", "message", "path"),
    [
        ('{"id":1,"name":"x","parent":{"id":"2","name":"y"}}', None, "$.parent.id"),
        ('{"id":1}', None, "$"),
        ('{"id":1,"name":5}', None, "$.name"),
        ('{"id":1,"name":"x","parent":[]}', None, "$.parent"),
        ('{"id":1.5,"name":"x"}', None, "$.id"),
    ],
)
def test_errors_are_from_jsons(document: str, message: None, path: str) -> None:
    with pytest.raises(DecodeError) as from_text:
        orders.Category.from_json(document)
    with pytest.raises(DecodeError) as from_data:
        orders.Category.from_builtins(json_values(document))
    assert from_data.value.message == from_text.value.message
    assert from_data.value.path == from_text.value.path == path


def test_what_json_cannot_hold_is_refused_with_its_path() -> None:
    with pytest.raises(DecodeError) as caught:
        orders.Category.from_builtins({"id": 1, "name": "x", 3: "y"})
    assert caught.value.message == "object keys must be strings, not the integer 3"
    with pytest.raises(DecodeError) as caught:
        orders.Category.from_builtins({"id": 1, "name": object()})
    assert caught.value.path == "$.name"
    assert caught.value.message.startswith("expected str, got a value of type object")


def test_nesting_and_cycles_are_bounded() -> None:
    deep: dict[str, Any] = {"id": 1, "name": "x"}
    for _ in range(30):
        deep = {"id": 1, "name": "x", "parent": deep}
    with pytest.raises(DecodeError) as caught:
        orders.Category.from_builtins(deep)
    assert caught.value.message.startswith("nesting deeper than the limit of 20")
    cycle: dict[str, Any] = {"id": 1, "name": "x"}
    cycle["parent"] = cycle
    with pytest.raises(DecodeError):
        orders.Category.from_builtins(cycle)
    trusted = ForyJson(orders, limits=Limits(max_depth=100))
    assert trusted.from_builtins(deep, orders.Category).parent is not None
    looped = orders.Category(id=1, name="x")
    looped.parent = looped
    with pytest.raises(EncodeError) as refused:
        looped.to_builtins()
    with pytest.raises(EncodeError) as written:
        looped.to_json()
    assert refused.value.message == written.value.message


@pytest.mark.parametrize(
    "change",
    [
        {"quantity": "2"},
        {"quantity": 2**40},
        {"unit_price": 1.5},
        {"discount": "x"},
        {"product": None},
    ],
)
def test_encode_errors_are_to_jsons(change: dict[str, Any]) -> None:
    line = orders.OrderLine.from_json(
        '{"product":{"sku":"s","name":"n","description":"d","category":{"id":1,'
        '"name":"c","parent":null},"price":1,"weightGrams":1,"tags":[],'
        '"thumbnail":""},"quantity":1,"unitPrice":1,"discount":0.0}'
    ).replace(**change)
    with pytest.raises(EncodeError) as written:
        line.to_json()
    with pytest.raises(EncodeError) as converted:
        line.to_builtins()
    assert converted.value.message == written.value.message
    assert converted.value.path == written.value.path


def _numbers(**changes: object) -> dict[str, Any]:
    value = types.Numbers(
        tiny=1,
        small=1,
        medium=1,
        large=1,
        byte=1,
        word=1,
        dword=1,
        qword=1,
        unbounded=1,
        ratio=0.5,
        single=0.5,
        price=Decimal("1.5"),
        quoted_price=Decimal("2"),
        maybe=None,
    )
    data: dict[str, Any] = value.to_builtins()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("model", "data", "path", "message"),
    [
        (
            types.Text,
            {"text": "a\ud800", "initial": "b", "id": str(UUID(int=0)), "color": "RED"},
            "$.text",
            "the string holds the lone surrogate U+D800, which is not a character",
        ),
        (
            types.Dynamic,
            {"payload": [{"k": "\udc00"}], "extras": {}},
            "$.payload[0].k",
            "the string holds the lone surrogate U+DC00, which is not a character",
        ),
        (
            types.Dynamic,
            {"payload": {"k\udc00": 1}, "extras": {}},
            "$.payload",
            "the object key holds the lone surrogate U+DC00, which is not a character",
        ),
        (
            types.Numbers,
            _numbers(unbounded=-(10**9999)),
            "$.unbounded",
            "integer longer than the limit of 10000 characters",
        ),
        (
            types.Numbers,
            _numbers(price=10**10000),
            "$.price",
            "integer longer than the limit of 10000 characters",
        ),
        (
            types.Numbers,
            _numbers(price=math.nan),
            "$.price",
            "expected decimal, got the number nan",
        ),
        (
            types.Numbers,
            _numbers(price=-math.inf),
            "$.price",
            "expected decimal, got the number -inf",
        ),
    ],
)
def test_what_no_document_holds_is_refused_as_from_json_refuses_it(
    model: Any, data: Any, path: str, message: str
) -> None:
    """A document cannot hold a lone surrogate, a number past the length limit or a
    non-finite decimal, so from_builtins refuses them too: nothing it accepts makes a
    later encode fail."""
    with pytest.raises(DecodeError) as caught:
        model.from_builtins(data)
    assert (caught.value.path, caught.value.message) == (path, message)
    with pytest.raises(DecodeError) as through_facade:
        ForyJson(types).from_builtins(data, model)
    assert through_facade.value.message == message


def test_the_longest_numbers_a_document_holds_are_taken() -> None:
    assert pyvalues._SHORT_INTEGER_BITS == (10 ** (MAX_NUMBER_CHARS - 1)).bit_length()
    longest = 10**10000 - 1  # 10,000 digits
    assert types.Numbers.from_builtins(_numbers(unbounded=longest)).unbounded == longest
    assert (
        types.Numbers.from_builtins(_numbers(unbounded=-(10**9999) + 1)).unbounded < 0
    )
    assert ForyJson(types).from_builtins(["\u00e9\U0001f600"], "list[str]") == [
        "\u00e9\U0001f600"
    ]


def test_special_floats_and_big_numbers() -> None:
    fory = ForyJson(types)
    assert fory.to_builtins([math.inf, -0.0, 1e300], "list[float]") == [
        "Infinity",
        -0.0,
        1e300,
    ]
    assert math.copysign(1.0, fory.to_builtins(-0.0, "float")) < 0
    big = 10**40
    assert fory.to_builtins(big, "int") == big
    assert fory.from_builtins(big, "int") == big
    assert fory.to_builtins(Decimal("1E+400"), "decimal") == Decimal("1E+400")
    assert fory.to_builtins({"a": []}, "dict[str, list[str]]") == {"a": []}


def test_roots_subtypes_and_options() -> None:
    fory = ForyJson(payments, ledger, catalog)
    payment = payments.CardPayment(last_four="4242")
    assert fory.to_builtins([payment], "list[payments.Payment]") == [
        {"kind": "card", "lastFour": "4242"}
    ]
    assert payment.to_builtins() == {"kind": "card", "lastFour": "4242"}
    assert fory.from_builtins([payment.to_builtins()], "list[payments.Payment]") == [
        payment
    ]
    with pytest.raises(ValueError, match="decimals must be one of decimal, str"):
        payment.to_builtins(decimals="float")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="temporals must be one of text, object"):
        payment.to_builtins(temporals="iso")  # type: ignore[arg-type]


def test_rules_and_validators_hold_as_in_to_json() -> None:
    product = orders.Product.from_json(
        '{"sku":"s","name":"n","description":"d","category":{"id":1,"name":"c",'
        '"parent":null},"price":1,"weightGrams":1,"tags":["a","a"],"thumbnail":""}'.replace(
            '["a","a"]', '["a"]'
        )
    ).replace(tags=["a", "a"])
    with pytest.raises(EncodeError) as written:
        product.to_json()
    with pytest.raises(EncodeError) as converted:
        product.to_builtins()
    assert converted.value.message == written.value.message
    assert converted.value.path == written.value.path == "$.tags"
    with pytest.raises(DecodeError) as read:
        orders.Product.from_builtins(
            {**product.replace(tags=["a"]).to_builtins(), "tags": ["a", "a"]}
        )
    assert read.value.message == written.value.message
