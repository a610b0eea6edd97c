"""Limits for untrusted input: depth, size, memory budget, numbers, duplicate members.

Every check runs with both backends (the standard library's scanner and orjson), which
must give the same values and the same errors.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from foryjson import DecodeError, EncodeError, ForyJson
from foryjson.depth import check_write_depth
from foryjson.limits import DEFAULT_LIMITS, Limits
from foryjson.reader import MOST_PER_CHAR, read
from generated import catalog, common, media, payments, types
from tests.media_fixture import media_1

BACKENDS = ["stdlib", "orjson"]


def category_chain(length: int) -> catalog.Category:
    """A category with ``length - 1`` ancestors: ``length`` nested objects."""
    category = catalog.Category(id=0, name="root")
    for number in range(1, length):
        category = catalog.Category(id=number, name=f"c{number}", parent=category)
    return category


def chain_document(length: int) -> str:
    text = '{"id":0,"name":"root"}'
    for number in range(1, length):
        text = f'{{"id":{number},"name":"c{number}","parent":{text}}}'
    return text


def decode_error(run: Any, *args: Any, **kwargs: Any) -> DecodeError:
    with pytest.raises(DecodeError) as raised:
        run(*args, **kwargs)
    return raised.value


# --- Depth ------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_depth_is_counted_on_read(backend: str) -> None:
    fory = ForyJson(catalog, backend=backend, max_depth=20)
    assert fory.from_json(chain_document(20), catalog.Category) == category_chain(20)
    error = decode_error(fory.from_json, chain_document(21), catalog.Category)
    assert error.message == (
        "nesting deeper than the limit of 20 (raise max_depth for trusted data)"
    )
    assert error.path == "$" + ".parent" * 20


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_module_sets_its_own_default_depth(backend: str) -> None:
    # schemas/catalog.yaml sets max_depth 32.
    assert catalog.Category.from_json(chain_document(32)) == category_chain(32)
    fory = ForyJson(catalog, backend=backend)
    assert fory.from_json(chain_document(32), catalog.Category) == category_chain(32)
    error = decode_error(fory.from_json, chain_document(33), catalog.Category)
    assert "limit of 32" in error.message
    strict = ForyJson(catalog, backend=backend, limits=Limits(max_depth=4))
    assert (
        "limit of 4"
        in decode_error(strict.from_json, chain_document(5), catalog.Category).message
    )


@pytest.mark.parametrize("backend", BACKENDS)
def test_depth_counts_any_values(backend: str) -> None:
    fory = ForyJson(types, backend=backend)
    holder = types.Dynamic(payload=[[[1]]], extras={})
    document = holder.to_json()
    assert fory.from_json(document, types.Dynamic) == holder
    deep = json.dumps({"payload": json.loads("[" * 20 + "]" * 20), "extras": {}})
    error = decode_error(fory.from_json, deep, types.Dynamic)
    assert "limit of 20" in error.message
    assert error.path == "$.payload" + "[0]" * 19


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("form", [str, bytes])
def test_absurd_nesting_fails_fast(backend: str, form: type) -> None:
    document = "[" * 100_000 + "]" * 100_000
    data = document if form is str else document.encode()
    fory = ForyJson(types, backend=backend)
    error = decode_error(fory.from_json, data, types.Dynamic)
    assert "nested too deeply" in error.message or "limit of" in error.message


def test_fixed_depth_types_skip_the_count() -> None:
    # MediaContent nests 3 levels by its schema: nothing deeper can decode anyway.
    assert media.CODECS[2].type is media.MediaContent
    assert media.CODECS[2].depth == 3
    assert catalog.CODECS[1].depth is None  # Category is recursive


def test_depth_is_counted_on_write() -> None:
    fory = ForyJson(catalog, max_depth=20)
    assert fory.to_json(category_chain(20)) == chain_document(20)
    with pytest.raises(EncodeError) as raised:
        fory.to_json(category_chain(21))
    assert raised.value.message == (
        "nesting deeper than the limit of 20 (raise max_depth for trusted data)"
    )
    assert category_chain(32).to_json() == chain_document(32)  # the module's 32
    with pytest.raises(EncodeError, match="limit of 32"):
        category_chain(33).to_json_bytes()


def test_a_cycle_through_a_list_is_named() -> None:
    loop = catalog.Category(id=1, name="loop")
    loop.parent = loop
    product = catalog.Product(
        name="n",
        sku="s",
        categoryPath=[catalog.Category(id=0, name="ok"), loop],
        price=common.Money(minor_units=100),
        weightGrams=1,
        attributes={},
    )
    with pytest.raises(EncodeError) as raised:
        product.to_json()
    assert raised.value.message == (
        "the object graph is cyclic: value.categoryPath[1].parent"
        " is value.categoryPath[1]"
    )


# --- Size and memory budget ---------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_input_size_limit(backend: str) -> None:
    fory = ForyJson(media, backend=backend, max_input_bytes=100)
    document = media_1().to_json_bytes()
    error = decode_error(fory.from_json, document, media.MediaContent)
    assert error.message == (
        f"input of {len(document)} bytes exceeds the limit of 100"
        " (raise max_input_bytes for trusted data)"
    )


@pytest.mark.parametrize("backend", BACKENDS)
def test_memory_budget(backend: str) -> None:
    document = "[" + ",".join(["[]"] * 30_000) + "]"
    fory = ForyJson(types, backend=backend, max_graph_bytes=1_000_000)
    error = decode_error(fory.from_json, document, list[types.Dynamic])
    assert error.message.startswith("the document would take about ")
    assert error.message.endswith(
        "bytes of memory, over the limit of 1000000"
        " (raise max_graph_bytes for trusted data)"
    )
    roomy = ForyJson(types, backend=backend, max_graph_bytes=20_000_000)
    with pytest.raises(
        DecodeError, match=r"expected an object, got an array at \$\[0\]"
    ):
        roomy.from_json(document, list[types.Dynamic])


def test_small_documents_never_pay_for_the_estimate() -> None:
    # 64 KiB at the most the estimate gives a character stays under the default budget.
    assert 64 * 1024 * MOST_PER_CHAR < DEFAULT_LIMITS.max_graph_bytes


def test_limits_are_validated_and_immutable() -> None:
    with pytest.raises(ValueError, match="max_depth must be a positive integer"):
        Limits(max_depth=0)
    with pytest.raises(ValueError, match="max_graph_bytes must be a positive integer"):
        ForyJson(media, max_graph_bytes=-1)
    with pytest.raises(AttributeError):
        DEFAULT_LIMITS.max_depth = 5
    assert Limits(max_depth=7) == Limits(max_depth=7)
    assert repr(Limits()) == (
        "Limits(max_depth=20, max_input_bytes=67108864, max_graph_bytes=134217728)"
    )


# --- Numbers ------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_huge_exponents_are_refused_before_any_arithmetic(backend: str) -> None:
    fory = ForyJson(payments, backend=backend)
    document = '{"value":1e999999999,"currency":"EUR"}'
    error = decode_error(fory.from_json, document, payments.Amount)
    assert "exponent" in error.message and error.path == "$.value"


@pytest.mark.parametrize("backend", BACKENDS)
def test_long_fractions_are_refused(backend: str) -> None:
    fory = ForyJson(media, backend=backend)
    document = media_1().to_json().replace('"width":640', '"width":0.' + "1" * 10_000)
    error = decode_error(fory.from_json, document, media.MediaContent)
    assert error.message == "number of 10002 characters exceeds the limit of 10000"


# --- Duplicate members ---------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_duplicate_subtype_property_is_an_error(backend: str) -> None:
    fory = ForyJson(payments, backend=backend)
    document = '{"kind":"card","lastFour":"1234","kind":"card"}'
    error = decode_error(fory.from_json, document, payments.Payment)
    assert error.message == (
        "expected a subtype name (card, bank_transfer),"
        " got 'kind' more than once in one object"
    )
    assert error.path == "$.kind"
    in_list = "[" + document + "]"
    assert decode_error(fory.from_json, in_list, list[payments.Payment]).path == (
        "$[0].kind"
    )
    # Generated from_json methods apply the same rule.
    assert decode_error(payments.Payment.from_json, document).path == "$.kind"


@pytest.mark.parametrize("backend", BACKENDS)
def test_other_duplicates_take_the_last_value(backend: str) -> None:
    fory = ForyJson(payments, backend=backend)
    document = '{"kind":"card","lastFour":"0000","lastFour":"1234"}'
    assert fory.from_json(document, payments.Payment) == payments.CardPayment(
        last_four="1234"
    )
    two = '[{"kind":"card","lastFour":"1111"},{"kind":"card","lastFour":"2222"}]'
    assert [item.last_four for item in fory.from_json(two, list[payments.Payment])] == [
        "1111",
        "2222",
    ]


# --- Strings --------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_lone_surrogate_is_refused_on_read(backend: str) -> None:
    fory = ForyJson(media, backend=backend)
    document = media_1().to_json().replace('"Javaone Keynote"', '"Javaone \\ud800"')
    error = decode_error(fory.from_json, document, media.MediaContent)
    assert error.message == "the escape \\uD800 is a lone surrogate, not a character"
    assert error.position == document.index("\\ud800")
    paired = document.replace("\\ud800", "\\ud83d\\ude00")
    decoded = fory.from_json(paired, media.MediaContent)
    assert decoded.media.title == "Javaone \U0001f600"
    assert fory.from_json(decoded.to_json(), media.MediaContent) == decoded


def test_byte_order_marks_are_refused() -> None:
    document = media_1().to_json_bytes()
    for backend in BACKENDS:
        fory = ForyJson(media, backend=backend)
        error = decode_error(
            fory.from_json, b"\xef\xbb\xbf" + document, media.MediaContent
        )
        assert error.message == "a byte-order mark is not allowed"
        assert error.position == 0


# --- Backends ------------------------------------------------------------------------


def test_backend_names() -> None:
    assert ForyJson(media, backend="stdlib").backend == "stdlib"
    assert ForyJson(media, backend="orjson").backend == "orjson"
    assert ForyJson(media).backend == "orjson"  # auto, with orjson installed
    with pytest.raises(ValueError, match="backend must be one of auto, orjson, stdlib"):
        ForyJson(media, backend="simdjson")


@pytest.mark.parametrize(
    "document",
    [
        '{"n":18446744073709551615}',
        '{"n":18446744073709551616}',
        '{"n":-9223372036854775809}',
        '{"n":123456789012345678901234567890}',
        '{"n":1e400}',
        '{"n":-0.0}',
        '{"n":"12345678901234567890123"}',
    ],
)
def test_backends_read_big_numbers_alike(document: str) -> None:
    stdlib, fast = read(document, fast=False), read(document.encode(), fast=True)
    assert stdlib == fast
    assert [type(value) for value in stdlib.values()] == [
        type(value) for value in fast.values()
    ]


def test_encoding_does_not_depend_on_the_backend() -> None:
    value = media_1()
    outputs = {
        ForyJson(media, backend=backend).to_json_bytes(value) for backend in BACKENDS
    }
    assert outputs == {value.to_json_bytes()}


@pytest.mark.parametrize(
    ("text", "nesting"),
    [
        ("[]", 1),
        ("[[],[[]],{}]", 3),
        ('[{"a":[{}]}]', 4),
        ('["[[[[[[[[",[]]', 2),
        ('["]]]",[[[]]]]', 4),
        ('["\\\\",[[]]]', 3),
        ('["\\"[[[",[]]', 2),
        ('{"k\\"}":[{"x":"{{{"}]}', 3),
    ],
)
def test_written_depth_ignores_brackets_inside_strings(text: str, nesting: int) -> None:
    check_write_depth(text, nesting)
    if nesting > 1:
        with pytest.raises(EncodeError, match=f"limit of {nesting - 1} "):
            check_write_depth(text, nesting - 1)
