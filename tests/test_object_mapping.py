"""Subtypes, flattening, catch-all members, directional and raw fields, value models,
constraints and validators, through the generated payments module."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from foryjson import DecodeError, EncodeError, ForyJson
from foryjson.gen.cli import main
from generated import payments as p


def amount(value: str = "9.99") -> p.Amount:
    return p.Amount(value=Decimal(value), currency="EUR")


def address(**changes: Any) -> p.Address:
    values: dict[str, Any] = {"street": "Main 1", "city": "Berlin"}
    values.update(changes)
    return p.Address(**values)


def order(**changes: Any) -> p.Order:
    values: dict[str, Any] = {
        "id": "o1",
        "start": 1,
        "end": 2,
        "billing": address(),
        "payment": p.CardPayment(last_four="4242"),
        "payments": [],
        "shipments": {},
        "history": [],
        "extras": {},
    }
    values.update(changes)
    return p.Order(**values)


# ---------------------------------------------------------------- subtypes


def test_property_subtypes_write_the_discriminator_first() -> None:
    card = p.CardPayment(last_four="4242")
    fory = ForyJson(p)
    assert fory.to_json(card, p.Payment) == '{"kind":"card","lastFour":"4242"}'
    assert p.Payment.to_json(card) == '{"kind":"card","lastFour":"4242"}'
    # As in Java, where the type information is inherited, a subtype writes its
    # name through every API, and reads only with it.
    assert card.to_json() == '{"kind":"card","lastFour":"4242"}'
    assert fory.to_json(card) == '{"kind":"card","lastFour":"4242"}'
    assert p.CardPayment.from_json(card.to_json()) == card


def test_the_discriminator_may_appear_anywhere_on_read() -> None:
    text = '{"iban":"DE02","amount":{"value":1.50,"currency":"EUR"},"kind":"bank_transfer"}'
    value = p.Payment.from_json(text)
    assert value == p.BankTransfer(iban=p.Iban(text="DE02"), amount=amount("1.50"))
    assert type(value) is p.BankTransfer
    assert isinstance(value, p.Payment)


@pytest.mark.parametrize(
    ("text", "path", "message"),
    [
        (
            '{"kind":"cash"}',
            "$.kind",
            "unknown subtype name 'cash'; expected one of card, bank_transfer",
        ),
        ('{"kind":"Card"}', "$.kind", "unknown subtype name 'Card'"),
        (
            '{"kind":7}',
            "$.kind",
            "expected a subtype name (card, bank_transfer), got the integer 7",
        ),
        ('{"kind":null}', "$.kind", "got null"),
        ('{"lastFour":"4242"}', "$", "missing the subtype property kind"),
        ('["card",{}]', "$", "expected an object, got an array"),
    ],
)
def test_property_subtype_errors(text: str, path: str, message: str) -> None:
    with pytest.raises(DecodeError) as raised:
        p.Payment.from_json(text)
    assert raised.value.path == path
    assert message in raised.value.message


def test_wrapper_object_subtypes() -> None:
    parcel = p.Parcel(weight_grams=500, to=address())
    text = p.Shipment.to_json(parcel)
    assert (
        text == '{"parcel":{"weightGrams":500,"to_street":"Main 1","to_city":"Berlin"}}'
    )
    assert p.Shipment.from_json(text) == parcel
    assert p.Shipment.to_json(p.Pickup(store="Mitte")) == '{"pickup":{"store":"Mitte"}}'
    for bad, path, message in [
        ('{"parcel":{},"pickup":{}}', "$", "an object with one member"),
        ("{}", "$", "an object with one member"),
        ('{"van":{}}', "$", "unknown subtype name 'van'"),
        ('{"pickup":{"store":1}}', "$.pickup.store", "expected str"),
    ]:
        with pytest.raises(DecodeError) as raised:
            p.Shipment.from_json(bad)
        assert raised.value.path == path
        assert message in raised.value.message


def test_wrapper_array_subtypes() -> None:
    closed = p.Closed(at=5, reason="done")
    text = p.Event.to_json(closed)
    assert text == '["closed",{"at":5,"reason":"done"}]'
    assert p.Event.from_json(text) == closed
    for bad, path, message in [
        ('["closed"]', "$", "an array of the subtype name and the object"),
        ('["closed",{},1]', "$", "an array of the subtype name and the object"),
        ("[1,{}]", "$[0]", "expected a subtype name"),
        ('["shut",{}]', "$[0]", "unknown subtype name 'shut'"),
        ('["closed",{"at":"x","reason":"r"}]', "$[1].at", "expected int64"),
    ]:
        with pytest.raises(DecodeError) as raised:
            p.Event.from_json(bad)
        assert raised.value.path == path
        assert message in raised.value.message


def test_bases_work_in_containers_and_as_generic_roots() -> None:
    history = [p.Opened(at=1), p.Closed(at=2, reason="r")]
    fory = ForyJson(p)
    text = fory.to_json(history, list[p.Event])
    assert text == '[["opened",{"at":1}],["closed",{"at":2,"reason":"r"}]]'
    assert fory.from_json(text, list[p.Event]) == history
    value = order(history=history, payments=[p.CardPayment(last_four="0000")])
    assert '"payments":[{"kind":"card","lastFour":"0000"}]' in value.to_json()
    assert p.Order.from_json(value.to_json()) == value


def test_encoding_a_class_outside_the_table_is_an_error() -> None:
    with pytest.raises(EncodeError) as raised:
        p.Payment.to_json(p.Pickup(store="x"))  # type: ignore[arg-type]
    assert "Payment (one of CardPayment, BankTransfer)" in raised.value.message
    with pytest.raises(EncodeError) as nested:
        order(payment=p.Opened(at=1)).to_json()
    assert nested.value.path == "$.payment"


# ---------------------------------------------------------------- flattening


def test_unwrapped_members_are_written_into_the_parent_with_prefixes() -> None:
    value = order(
        billing=address(geo=p.Geo(lat=52.5, lon=13.4)),
        shipping=address(street="Ring 2"),
    )
    text = value.to_json()
    assert text.startswith(
        '{"id":"o1","start":1,"end":2,"billing_street":"Main 1","billing_city":"Berlin",'
        '"billing_lat":52.5,"billing_lon":13.4,"ship_street_x":"Ring 2",'
        '"ship_city_x":"Berlin","payment":'
    )
    assert p.Order.from_json(text) == value


def test_a_null_child_writes_nothing_and_reads_back_as_null() -> None:
    value = order(shipping=None)
    text = value.to_json()
    assert "ship_" not in text and "billing_lat" not in text
    decoded = p.Order.from_json(text)
    assert decoded.shipping is None and decoded.billing.geo is None


def test_a_child_exists_once_any_of_its_members_appears() -> None:
    text = order().to_json().replace('"start":1', '"ship_city_x":"Rome","start":1')
    with pytest.raises(DecodeError) as raised:
        p.Order.from_json(text)
    assert raised.value.message == "missing required property 'ship_street_x'"
    assert raised.value.path == "$"
    text = text.replace(
        '"ship_city_x":"Rome"', '"ship_city_x":"Rome","ship_street_x":"Via 1"'
    )
    assert p.Order.from_json(text).shipping == address(street="Via 1", city="Rome")


def test_a_missing_required_unwrapped_child_is_an_error() -> None:
    text = (
        order()
        .to_json()
        .replace('"billing_street":"Main 1","billing_city":"Berlin",', "")
    )
    with pytest.raises(DecodeError, match="missing the members of billing"):
        p.Order.from_json(text)


def test_flattened_values_are_checked_with_their_own_names() -> None:
    with pytest.raises(EncodeError) as raised:
        order(billing=address(city=3)).to_json()
    assert raised.value.path == "$.billing_city"
    with pytest.raises(EncodeError, match="Address \\(unwrapped shipping\\)"):
        order(shipping="Main 1").to_json()


# ---------------------------------------------------------------- catch-all


def test_unknown_members_are_collected_and_written_back_inline() -> None:
    text = order().to_json()[:-1] + ',"color":"red","tags":[1,{"x":null}],"n":1.5}'
    value = p.Order.from_json(text)
    assert value.extras == {"color": "red", "tags": [1, {"x": None}], "n": 1.5}
    assert value.to_json() == text


def test_a_catch_all_key_equal_to_a_declared_name_is_an_encode_error() -> None:
    for name in ("id", "billing_city", "kind_of"):
        value = order(extras={name: 1})
        if name == "kind_of":
            assert '"kind_of":1' in value.to_json()
            continue
        with pytest.raises(EncodeError) as raised:
            value.to_json()
        assert raised.value.path == f"$.{name}"
        assert "has the name of a declared property" in raised.value.message


# ---------------------------------------------------------------- directions, raw, value


def test_read_only_is_written_but_not_read_and_write_only_the_reverse() -> None:
    value = order(total_cents=1200, secret="s3cret")
    text = value.to_json()
    assert '"totalCents":1200' in text
    assert "secret" not in text
    decoded = p.Order.from_json(text.replace('"end":2', '"end":2,"secret":"given"'))
    assert decoded.total_cents == 0  # the default: never read
    assert decoded.secret == "given"


def test_raw_json_is_written_verbatim_and_read_back_as_compact_text() -> None:
    value = order(metadata='{"k": [1, 2.50, 1e400]}')
    text = value.to_json()
    assert '"metadata":{"k": [1, 2.50, 1e400]}' in text
    decoded = p.Order.from_json(text)
    assert decoded.metadata == '{"k":[1,2.50,1e400]}'
    with pytest.raises(EncodeError) as raised:
        order(metadata="{not json").to_json()
    assert raised.value.path == "$.metadata"
    assert "raw text is not one JSON value" in raised.value.message


def test_value_models_are_one_string() -> None:
    transfer = p.BankTransfer(iban=p.Iban(text="DE02 1203"), amount=amount())
    text = transfer.to_json()
    assert text.startswith('{"kind":"bank_transfer","iban":"DE02 1203",')
    assert p.BankTransfer.from_json(text) == transfer
    assert p.Iban.from_json('"X"') == p.Iban(text="X")
    with pytest.raises(DecodeError) as raised:
        p.BankTransfer.from_json(text.replace('"DE02 1203"', '{"text":"x"}'))
    assert raised.value.path == "$.iban"
    assert raised.value.message == "expected a string, got an object"


# ---------------------------------------------------------------- rules


@pytest.mark.parametrize(
    ("old", "new", "path", "message"),
    [
        (
            '"lastFour":"4242"',
            '"lastFour":"424"',
            "$.payment.lastFour",
            "'424' does not match the pattern [0-9]{4}",
        ),
        (
            '"value":9.99',
            '"value":0',
            "$.payments[0].amount.value",
            "0 is not more than the exclusive minimum 0",
        ),
        (
            '"value":9.99',
            '"value":9.999',
            "$.payments[0].amount.value",
            "9.999 is not a multiple of 0.01",
        ),
        (
            '"currency":"EUR"',
            '"currency":"eur"',
            "$.payments[0].amount.currency",
            "'eur' does not match the pattern [A-Z]{3}",
        ),
        (
            '"currency":"EUR"',
            '"currency":"EUR\\n"',
            "$.payments[0].amount.currency",
            "'EUR\\n' does not match the pattern [A-Z]{3}",
        ),
        (
            '"weightGrams":500',
            '"weightGrams":40000',
            "$.shipments.a.parcel.weightGrams",
            "40000 is more than the maximum 31500",
        ),
        (
            '"reason":"r"',
            '"reason":""',
            "$.history[0][1].reason",
            "length 0 is less than the minimum length 1",
        ),
    ],
)
def test_constraints_name_the_rule_and_the_path(
    old: str, new: str, path: str, message: str
) -> None:
    value = order(
        payments=[p.BankTransfer(iban=p.Iban(text="DE"), amount=amount())],
        shipments={"a": p.Parcel(weight_grams=500, to=address())},
        history=[p.Closed(at=1, reason="r")],
    )
    text = value.to_json()
    assert old in text
    with pytest.raises(DecodeError) as raised:
        p.Order.from_json(text.replace(old, new, 1))
    assert raised.value.path == path
    assert raised.value.message == message


def test_the_validator_runs_after_the_object_is_complete() -> None:
    text = order(start=5, end=9).to_json()
    assert p.Order.from_json(text).end == 9
    with pytest.raises(DecodeError) as raised:
        ForyJson(p).from_json(
            "[" + text.replace('"end":9', '"end":4') + "]", list[p.Order]
        )
    assert raised.value.path == "$[0]"
    assert raised.value.message == (
        "rejected by examples.validators:check_period: ends at 4, before it starts at 5"
    )
    assert isinstance(raised.value.__cause__, ValueError)


# ---------------------------------------------------------------- schema mistakes


def schema_error(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> str:
    (tmp_path / "m.yaml").write_text(text)
    assert main([str(tmp_path / "m.yaml"), "-o", str(tmp_path / "out")]) == 2
    assert not (tmp_path / "out").exists()
    return capsys.readouterr().err


BASE = "models:\n  P:\n    subtypes:\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (BASE + "      types: {a: A}\n  A:\n    fields: {x: int}\n", "need 'property'"),
        (BASE + "      property: k\n      types: {}\n", "is empty"),
        (
            BASE
            + "      property: k\n      types: {'': A}\n  A:\n    fields: {x: int}\n",
            "must not be empty",
        ),
        (BASE + "      property: k\n      types: {a: A, a: B}\n", "duplicate key 'a'"),
        (
            BASE
            + "      property: x\n      types: {a: A}\n  A:\n    fields: {x: int}\n",
            "discriminator 'x' of P is also a property of its subtype A",
        ),
        (
            BASE + "      property: k\n      types: {a: Q}\n",
            "'Q', which is not a model",
        ),
        (
            BASE + "      representation: wrapper_list\n      types: {a: A}\n",
            "unknown representation 'wrapper_list' (did you mean",
        ),
        (
            BASE + "      property: k\n      types: {a: A}\n    fields: {y: int}\n"
            "  A:\n    fields: {y: int}\n",
            "A declares the field 'y', which it inherits from P",
        ),
        (
            "models:\n  A:\n    fields:\n      b: {type: B, unwrapped: true}\n      x: int\n"
            "  B:\n    fields: {x: int}\n",
            "would hold the JSON name 'x' twice",
        ),
        (
            "models:\n  A:\n    fields:\n      b: {type: int, unwrapped: true}\n",
            "only a model-typed field can be unwrapped",
        ),
        (
            "models:\n  A:\n    fields:\n      e: {type: 'dict[str, int]', any_properties: true}\n",
            "must have that type",
        ),
        (
            "models:\n  A:\n    fields:\n      e: {type: int, read_only: true}\n",
            "needs a default or a nullable type",
        ),
        (
            "models:\n  A:\n    fields:\n      e: {type: int, raw: true}\n",
            "raw applies to str fields",
        ),
        (
            "models:\n  A:\n    value: true\n    fields: {a: str, b: str}\n",
            "needs exactly one field, of type str",
        ),
        (
            "models:\n  A:\n    validator: nothing\n    fields: {a: str}\n",
            "must be written package.module:name",
        ),
        (
            "models:\n  A:\n    fields:\n      a: {type: str, constraints: {min: 1}}\n",
            "min applies to numbers",
        ),
        (
            "models:\n  A:\n    fields:\n      a: {type: int, constraints: {pattern: x}}\n",
            "pattern applies to strings",
        ),
        (
            "models:\n  A:\n    fields:\n      a: {type: str, constraints: {pattern: '('}}\n",
            "invalid pattern",
        ),
    ],
)
def test_mapping_mistakes_are_schema_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    error = schema_error(tmp_path, capsys, text)
    assert "m.yaml:" in error and ": error: " in error
    assert message in error


# ---------------------------------------------------------------- bindings and codecs


def test_bound_classes_are_read_and_written_without_generating_them() -> None:
    from examples.bindings import Label, Point
    from generated import bindings

    assert bindings.Point is Point and bindings.Label is Label
    drawing = bindings.Drawing(
        labels=[Label(text="a", at=Point(x=1.0, y=2.5))],
        price=Decimal("9.99"),
        prices={"x": Decimal("1.5")},
    )
    text = drawing.to_json()
    assert text == (
        '{"labels":[{"text":"a","at":{"x":1.0,"y":2.5}}],"price":999,"prices":{"x":150}}'
    )
    assert bindings.Drawing.from_json(text) == drawing
    fory = ForyJson(bindings)
    assert fory.to_json(Point(x=1.0, y=2.0)) == '{"x":1.0,"y":2.0}'
    assert fory.from_json('{"x":1,"y":2}', Point) == Point(x=1.0, y=2.0)
    with pytest.raises(DecodeError) as raised:
        bindings.Drawing.from_json(
            '{"labels":[{"text":"a","at":{"x":1}}],"price":1,"prices":{}}'
        )
    assert raised.value.path == "$.labels[0].at"
    assert raised.value.message == "missing required property 'y'"


def test_user_codecs_plug_into_fields_and_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from examples import bindings as user
    from generated import bindings

    def drawing(**changes: Any) -> Any:
        values: dict[str, Any] = {"labels": [], "price": Decimal("1"), "prices": {}}
        values.update(changes)
        return bindings.Drawing(**values)

    with pytest.raises(EncodeError) as raised:
        drawing(prices={"a": Decimal("0.001")}).to_json()
    assert (raised.value.path, raised.value.message) == (
        "$.prices.a",
        "0.001 has fractions of a cent",
    )
    with pytest.raises(DecodeError) as decoding:
        bindings.Drawing.from_json('{"labels":[],"price":1,"prices":{"a":1.5}}')
    assert (decoding.value.path, decoding.value.message) == (
        "$.prices.a",
        "expected whole cents",
    )

    def broken(value: object) -> str:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(user.CENTS, "encode", broken)
    with pytest.raises(EncodeError) as wrapped:
        drawing().to_json()
    assert wrapped.value.path == "$.price"
    assert wrapped.value.message == "codec examples.bindings:CENTS failed: boom"
    assert isinstance(wrapped.value.__cause__, ZeroDivisionError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "models:\n  P:\n    subtypes: {property: k, types: {a: A}}\n  A:\n"
            "    python: x.y:A\n    fields: {n: int}\n",
            "subtypes are generated classes",
        ),
        (
            "models:\n  A:\n    python: nothing\n    fields: {n: int}\n",
            "python must be written package.module:name",
        ),
        (
            "models:\n  A:\n    fields:\n      n: {type: int, codec: 'x'}\n",
            "codec must be written package.module:name",
        ),
    ],
)
def test_binding_mistakes_are_schema_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    assert message in schema_error(tmp_path, capsys, text)
