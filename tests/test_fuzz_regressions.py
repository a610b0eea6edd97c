"""Inputs that fuzzing found to break a decoder, kept so they stay fixed."""

from __future__ import annotations

from decimal import Decimal

import pytest

from foryjson import DecodeError, EncodeError, ForyJson
from foryjson.decimals import is_multiple
from foryjson.dynamic import read_raw
from generated import bindings, payments, types

PAYMENTS = ForyJson(payments)
TYPES = ForyJson(types)
BINDINGS = ForyJson(bindings)
LONG = "9" * 67 + "0"  # 68 digits: the quotient by 0.01 needs more than 28 digits


def test_a_long_decimal_that_is_a_multiple_decodes_and_round_trips() -> None:
    document = '{"value":' + LONG + '.01,"currency":"EUR"}'
    amount = PAYMENTS.from_json(document, payments.Amount)
    assert amount.value == Decimal(LONG + ".01")
    assert PAYMENTS.to_json(amount, payments.Amount) == document


def test_a_long_decimal_that_is_not_a_multiple_is_a_decode_error() -> None:
    document = (
        '{"kind":"bank_transfer","iban":"x","amount":{"value":'
        + LONG
        + '.015,"currency":"EUR"}}'
    )
    with pytest.raises(DecodeError) as raised:
        PAYMENTS.from_json(document, payments.BankTransfer)
    assert raised.value.path == "$.amount.value"
    assert raised.value.message == f"{LONG}.015 is not a multiple of 0.01"


@pytest.mark.parametrize(
    ("value", "divisor", "expected"),
    [
        (10**9_999, "0.01", True),
        (10**9_999 + 1, "2", False),
        (Decimal("1e10000"), "3", False),
        (Decimal("3e10000"), "3", True),
        (Decimal("1e-10000"), "0.01", False),
        (1e308, "0.01", True),
        (0.3, "0.1", True),
    ],
    ids=["10**9999", "10**9999+1", "1e10000/3", "3e10000", "1e-10000", "1e308", "0.3"],
)
def test_is_multiple_is_exact_for_numbers_of_any_length(
    value: int | float | Decimal, divisor: str, expected: bool
) -> None:
    assert is_multiple(value, divisor) is expected


@pytest.mark.parametrize(
    ("document", "path"),
    [
        ('{"payload":1e999,"extras":{}}', "$.payload"),
        ('{"payload":-1' + "0" * 400 + '.5,"extras":{}}', "$.payload"),
        ('{"payload":[1,{"a":2e308}],"extras":{}}', "$.payload[1].a"),
        ('{"payload":null,"extras":{"k":[-1E400]}}', "$.extras.k[0]"),
    ],
    ids=["root", "long fraction", "nested", "dict value"],
)
def test_a_number_beyond_float_range_in_an_any_field_is_a_decode_error(
    document: str, path: str
) -> None:
    # As infinity it would be written back as the string "Infinity".
    for data in (document, document.encode("utf-8")):
        with pytest.raises(DecodeError) as raised:
            TYPES.from_json(data, types.Dynamic)
        assert raised.value.path == path
        assert raised.value.message == "number too large for a float"


def test_numbers_within_float_range_in_an_any_field_still_decode() -> None:
    document = '{"payload":[1.5,-1.7976931348623157e+308,{"a":5e-324}],"extras":{}}'
    value = TYPES.from_json(document, types.Dynamic)
    assert value.payload == [1.5, -1.7976931348623157e308, {"a": 5e-324}]
    assert TYPES.to_json(value, types.Dynamic) == document


@pytest.mark.parametrize(
    ("document", "path"),
    [
        ('{"labels":[],"price":' + "9" * 4_500 + ',"prices":{}}', "$.price"),
        (
            '{"labels":[],"price":1,"prices":{"a":-' + "1" + "0" * 28 + "}}",
            "$.prices.a",
        ),
    ],
    ids=["past the int text limit", "29 digits"],
)
def test_cents_beyond_28_digits_are_a_decode_error(document: str, path: str) -> None:
    # Decimal would round them, and past 4,300 digits they could not be written back.
    with pytest.raises(DecodeError) as raised:
        BINDINGS.from_json(document, bindings.Drawing)
    assert raised.value.path == path
    assert raised.value.message == "expected at most 28 digits of cents"


def test_28_digits_of_cents_round_trip_exactly() -> None:
    document = '{"labels":[],"price":-' + "9" * 28 + ',"prices":{}}'
    drawing = BINDINGS.from_json(document, bindings.Drawing)
    assert drawing.price == Decimal("-" + "9" * 26 + ".99")
    assert BINDINGS.to_json(drawing, bindings.Drawing) == document


def test_amounts_beyond_28_digits_of_cents_are_an_encode_error() -> None:
    drawing = bindings.Drawing(labels=[], price=Decimal("1e26"), prices={})
    with pytest.raises(EncodeError) as raised:
        BINDINGS.to_json(drawing, bindings.Drawing)
    assert raised.value.path == "$.price"
    assert raised.value.message.endswith("1E+26 does not fit in 28 digits of cents")


def test_a_raw_value_too_large_for_a_float_is_refused() -> None:
    assert read_raw({"a": [1.5, "Infinity"]}) == '{"a":[1.5,"Infinity"]}'
    with pytest.raises(DecodeError) as raised:
        read_raw({"a": [1, float("inf")]})
    assert raised.value.message == "number too large for a float"
    assert raised.value.path == "$.a[1]"
