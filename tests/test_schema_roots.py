"""A schema's ``roots``: named, generated codecs for root types, used by ``ForyJson``.

A generated root codec writes the bytes, and raises the errors, of the codec
``ForyJson`` composes at run time for the same type expression; ``ForyJson`` prefers
the generated one where a module given to it has one.
"""

from __future__ import annotations

import datetime as dt
import uuid
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from foryjson import DecodeError, EncodeError, ForyJson
from foryjson.codec import Codec
from foryjson.roots import Composer
from generated import catalog, common, payments
from generated import types as t
from tests.test_schema_errors import schema_error

BACKENDS = ["stdlib", "orjson"]
MODULES = (t, payments, catalog, common)
UTC = dt.timezone.utc

# Values each root writes, then JSON documents and Python values it refuses.
SAMPLES: dict[str, tuple[list[Any], list[str], list[Any]]] = {
    "Prices": ([[1.5, -0.0, 1e300]], ['[1, "x"]', "{}"], [(1.0,), [None]]),
    "Lookup": ([{"a": 1}], ['{"a": 2147483648}'], [{1: 1}, {"a": "b"}]),
    "Blob": ([b"\x00\xff"], ['"!"', "1"], ["x"]),
    "Moment": ([None, dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)], ['"x"'], ["x"]),
    "Amount": ([Decimal("12.50")], ["12.5"], [1.5]),
    "Holidays": ([[dt.date(2026, 12, 25)]], ['["2026-12-25"]'], [["x"]]),
    "Palette": ([{t.Color.RED: [1]}], ['{"PINK": []}'], [{"RED": [1]}]),
    "Codes": ([{1, -2}], ["[1.5]", '{"a": 1}'], [[1], {2**40}]),
    "Pair": ([None, ("a", 1)], ['["a"]', '["a", "b"]'], [("a",), ["a", 1]]),
    "Shade": ([t.Color.BLUE], ['"PINK"'], ["BLUE"]),
    "Payments": (
        [[payments.CardPayment(last_four="1234")]],
        ['[{"type": "x"}]'],
        [[1]],
    ),
    "PaymentsById": ([{1: None}], ['{"x": null}'], [{"1": None}]),
    "Categories": ([[catalog.Category(id=1, name="a")]], ['[{"id": "x"}]'], [[1]]),
    "MaybeCategory": ([None, catalog.Category(id=1, name="a")], ["[]"], [1]),
    "Warehouses": (
        [{"a": common.Address(street="s", city="c", postal_code="1")}],
        ['{"a": 1}'],
        [{"a": 1}],
    ),
}


def named_roots() -> list[tuple[Any, str, Codec[Any]]]:
    return [
        (module, name, getattr(module, name))
        for module in MODULES
        for name in module.__all__
        if isinstance(getattr(module, name), Codec) and name != "CODECS"
    ]


def test_every_example_root_has_samples() -> None:
    assert sorted(name for _, name, _ in named_roots()) == sorted(SAMPLES)
    for module, name, codec in named_roots():
        assert codec in module.ROOTS
        assert name in module.__all__


def composed(fory: ForyJson, codec: Codec[Any]) -> Codec[Any] | None:
    """The codec ForyJson composes for a generated root's type, if it can compose it."""
    assert isinstance(codec.key, tuple)
    try:
        return Composer(fory._codecs).codec(codec.key, lambda key: None)
    except ValueError:
        return None  # a date pattern: compiled by the generator only


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_generated_roots_equal_composed_ones(backend: str, name: str) -> None:
    fory = ForyJson(*MODULES, backend=backend)
    generated = next(c for _, n, c in named_roots() if n == name)
    runtime = composed(fory, generated)
    values, bad_documents, bad_values = SAMPLES[name]
    for value in values:
        text = fory.to_json(value, generated)
        assert fory.to_json_bytes(value, generated) == text.encode()
        assert fory.from_json(text, generated) == value
        if runtime is not None:
            assert fory.to_json(value, runtime) == text
            assert fory.from_json(text, runtime) == value
            for attribute in ("exact", "depth", "discriminators", "untyped", "type"):
                assert getattr(runtime, attribute) == getattr(generated, attribute)
    for document in bad_documents:
        with pytest.raises(DecodeError) as from_generated:
            fory.from_json(document, generated)
        if runtime is not None:
            with pytest.raises(DecodeError) as from_runtime:
                fory.from_json(document, runtime)
            assert str(from_runtime.value) == str(from_generated.value)
    for value in bad_values:
        with pytest.raises(EncodeError) as by_generated:
            fory.to_json(value, generated)
        if runtime is not None:
            with pytest.raises(EncodeError) as by_runtime:
                fory.to_json(value, runtime)
            assert str(by_runtime.value) == str(by_generated.value)


def test_foryjson_prefers_generated_roots_for_expressions() -> None:
    fory = ForyJson(*MODULES)
    assert fory._codec("list[float]") is t.Prices
    assert fory._codec("dict[ str , int32 ]") is t.Lookup
    assert fory._codec("types.Color") is t.Shade
    assert fory._codec("tuple[str, int64]?") is t.Pair
    assert fory._codec("decimal", "string") is t.Amount
    assert fory._codec("list[date]", "dd/MM/uuuu") is t.Holidays
    assert fory._codec("dict[str, common.Address]") is catalog.Warehouses
    assert fory._codec("list[payments.Payment]") is payments.Payments
    assert fory._codec("list[list[float]]") is not t.Prices
    # Inside a composed root, too.
    assert fory.to_json([[dt.date(2026, 1, 2)]], "list[list[date]]", format=None) == (
        '[["2026-01-02"]]'
    )
    assert fory.to_json({"a": [dt.date(2026, 1, 2)]}, "dict[str, list[date]]") == (
        '{"a":["2026-01-02"]}'
    )
    assert (
        fory.to_json([dt.date(2026, 1, 2)], "list[date]", format="dd/MM/uuuu")
        == '["02/01/2026"]'
    )
    assert ForyJson(t)._codec("list[float]") is t.Prices
    # Generic aliases are composed as the expressions that spell them.
    assert fory._codec(dict[str, common.Address]) is catalog.Warehouses
    assert fory._codec(list[payments.Payment]) is payments.Payments
    assert fory._codec(list[t.Color]) is fory._codec(list[t.Color])


def test_root_codecs_are_typed_for_from_json() -> None:
    fory = ForyJson(t, catalog)
    prices: list[float] = fory.from_json("[1, 2.5]", t.Prices)
    assert prices == [1.0, 2.5]
    moment: dt.datetime | None = fory.from_json("null", t.Moment)
    assert moment is None
    tree: catalog.Category | None = fory.from_json(
        '{"id":1,"name":"a"}', catalog.MaybeCategory
    )
    assert tree == catalog.Category(id=1, name="a")


@pytest.mark.parametrize("backend", BACKENDS)
def test_root_limits_are_the_modules(backend: str) -> None:
    # catalog sets max_depth 32; a chain of 40 categories is deeper.
    deep = None
    for number in range(40):
        deep = catalog.Category(id=number, name="c", parent=deep)
    fory = ForyJson(catalog, backend=backend)
    with pytest.raises(EncodeError, match="limit of 32"):
        fory.to_json([deep], catalog.Categories)
    with pytest.raises(EncodeError, match="limit of 32"):
        fory.to_json(deep, catalog.MaybeCategory)
    with pytest.raises(EncodeError, match="limit of 32"):
        fory.to_json([deep], "list[Category]")
    assert ForyJson(catalog, backend=backend, max_depth=64).to_json(
        [deep], catalog.Categories
    )


ROOT_CASES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "unknown type": (
        "roots:\n  Things: list[Thing]\n",
        "m.yaml:2:16",
        ("unknown type 'Thing'",),
    ),
    "lower-case name": (
        "roots:\n  things: list[str]\n",
        "m.yaml:2:3",
        ("root name 'things' must start with an upper-case letter",),
    ),
    "reserved name": (
        "roots:\n  ROOTS: list[str]\n",
        "m.yaml:2:3",
        ("root name 'ROOTS' is taken by a name generated modules define",),
    ),
    "name of a model": (
        "models:\n  A:\n    fields:\n      x: str\nroots:\n  A: list[A]\n",
        "m.yaml:6:3",
        ("root name 'A' is taken by an enum or model of this file",),
    ),
    "same type twice": (
        "roots:\n  A: list[str]\n  B: 'list[ str ]'\n",
        "m.yaml:3:3",
        ("root B has the type of root A (list[str]); declare each root type once",),
    ),
    "same name twice": (
        "roots:\n  A: list[str]\n  A: list[int]\n",
        "m.yaml:3:3",
        ("duplicate key 'A' in roots",),
    ),
    "no type": (
        "roots:\n  A:\n",
        "m.yaml:2:5",
        ("root A needs a type",),
    ),
    "mapping without type": (
        "roots:\n  A: {format: base16}\n",
        "m.yaml:2:6",
        ("root A needs 'type'",),
    ),
    "unknown key": (
        "roots:\n  A: {type: bytes, json: x}\n",
        "m.yaml:2:20",
        ("unknown key 'json' in root A",),
    ),
    "bad format": (
        "roots:\n  A: {type: int, format: base16}\n",
        "m.yaml:2:26",
        ("format applies to bytes, decimal and date/time types",),
    ),
    "bad dict key": (
        "roots:\n  A: 'dict[float, int]'\n",
        "m.yaml:2:12",
        ("dict keys must be str",),
    ),
}


@pytest.mark.parametrize(
    ("schema", "location", "words"), ROOT_CASES.values(), ids=list(ROOT_CASES)
)
def test_root_schema_errors(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    schema: str,
    location: str,
    words: tuple[str, ...],
) -> None:
    found, message = schema_error(tmp_path, capsys, {"m.yaml": schema})
    assert found == location, message
    for word in words:
        assert word in message


def test_a_uuid_root_round_trips() -> None:
    fory = ForyJson(t)
    value = uuid.UUID(int=3)
    assert fory.from_json(fory.to_json(value, "uuid?"), "uuid?") == value
