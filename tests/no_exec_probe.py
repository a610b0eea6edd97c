"""Run in a fresh interpreter by test_no_exec: exercise every codec under an audit hook.

Everything is imported first; then an audit hook records each ``compile`` event and each
``exec`` of a code object that is not a module body, while every example model is
encoded and decoded through every entry point, including the error paths. The events
are printed as JSON.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import sys
import uuid
from decimal import Decimal
from typing import Any

from foryjson import DecodeError, EncodeError, ForyJson
from generated import bindings, catalog, common, media, orders, payments, types
from generated.shop import events
from tests.media_fixture import MEDIA_1_JSON, media_1
from tests.test_types import containers, numbers, times

MODULES = (media, catalog, common, events, types, payments, orders, bindings)


def examples() -> list[Any]:
    root = catalog.Category(id=1, name="root")
    money = common.Money(minor_units=5)
    product = catalog.Product(
        name="p",
        sku="s",
        categoryPath=[root, catalog.Category(id=2, name="c", parent=root)],
        price=money,
        weightGrams=3,
        attributes={"k": "v"},
        warehouse=common.Address(street="s", city="c", postal_code="1"),
    )
    return [
        media_1(),
        product,
        events.OrderPlaced(
            order_id="o",
            customer_id=1,
            total=money,
            ship_to=product,
            labels={"a": [1]},
            discount_rate=0.5,
            gift=True,
        ),
        events.OrderCancelled(order_id="o", reason=None),
        numbers(price=Decimal("1.50"), single=0.5, unbounded=10**50),
        times(),
        containers(tags={"b", "a"}, pair=("x", 1), by_id={1: "a"}),
        types.Blobs(
            standard=b"\x00",
            url_safe=b"\xff",
            hex=b"\x01",
            signed=b"\x80",
            unsigned=b"\x7f",
            chunks=[b"ab"],
        ),
        types.Dynamic(payload={"a": [1, 2.5, None]}, extras={}),
        types.Defaults(zero=0.0, empty=b""),
        *mapped_examples(),
    ]


def mapped_examples() -> list[Any]:
    """Subtypes, flattening, catch-all, raw, value models, bindings and codecs."""
    from benchmarks.suite.workloads import build_order
    from benchmarks.workloads import orders as order_data
    from examples.bindings import Label, Point
    from tests.test_object_mapping import address, order

    return [
        order(
            shipping=address(geo=payments.Geo(lat=1.0, lon=2.0)),
            payments=[
                payments.BankTransfer(
                    iban=payments.Iban(text="DE"),
                    amount=payments.Amount(value=Decimal("1.50"), currency="EUR"),
                )
            ],
            shipments={"a": payments.Pickup(store="s")},
            history=[payments.Closed(at=1, reason="r")],
            metadata='{"k":[1]}',
            extras={"x": [1, None]},
        ),
        build_order(orders, order_data()[0]),
        bindings.Drawing(
            labels=[Label(text="t", at=Point(x=1.0, y=2.0))],
            price=Decimal("1.25"),
            prices={"a": Decimal("2")},
        ),
    ]


def exercise() -> int:
    return sum(exercise_backend(backend) for backend in ("stdlib", "orjson"))


def exercise_backend(backend: str) -> int:
    count = 0
    fory = ForyJson(*MODULES, backend=backend)
    for value in examples():
        cls = type(value)
        for text in (value.to_json(), value.to_json(escape_non_ascii=True)):
            assert cls.from_json(text) == value
            assert cls.from_json(text.encode()) == value
        assert fory.from_json(fory.to_json_bytes(value), cls) == value
        as_list: Any = list[cls]  # type: ignore[valid-type]
        as_dict: Any = dict[str, cls]  # type: ignore[valid-type]
        assert fory.from_json(fory.to_json([value], as_list), as_list) == [value]
        fory.write_json({"x": value}, io.BytesIO(), as_dict)
        lines = io.BytesIO()
        fory.write_ndjson([value, value], lines)
        for ndjson in (False, True):
            document = (
                lines.getvalue() if ndjson else fory.to_json_bytes([value], as_list)
            )
            streamed = fory.iter_json(io.BytesIO(document), cls, ndjson=ndjson)
            assert all(item == value for item in streamed)
        for broken in ("", "[", "{}", "[1]", '{"a": NaN}', b"\xff"):
            try:
                cls.from_json(broken)
            except DecodeError as error:
                str(error)
                count += 1
        try:
            cls.to_json(object())
        except EncodeError as error:
            str(error)
            count += 1
    try:
        fory.from_json(MEDIA_1_JSON.replace("640", '"x"'), media.MediaContent)
    except DecodeError as error:
        assert error.path == "$.media.width"
        count += 1
    deep = '{"id":1,"name":"n","parent":' * 40 + '{"id":0,"name":"r"}' + "}" * 40
    loop = catalog.Category(id=1, name="loop")
    loop.parent = loop
    for action in (
        lambda: fory.from_json(deep, catalog.Category),
        lambda: fory.from_json("[" * 100_000, list[media.Image]),
        lambda: fory.to_json(loop),
    ):
        try:
            action()
        except (DecodeError, EncodeError) as error:
            str(error)
            count += 1
    return count + exercise_expressions(fory)


#: Type-expression roots and a value of each, composed by every ForyJson afresh.
EXPRESSIONS: list[tuple[str, Any]] = [
    ("bytes", b"\x00\xff"),
    ("list[float]", [1.5, 2.0]),
    ("dict[str, int32]", {"a": 1}),
    ("datetime?", dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.timezone.utc)),
    ("datetime?", None),
    ("decimal", Decimal("1.50")),
    ("set[uuid]", {uuid.UUID(int=7)}),
    ("tuple[int, str]", (1, "a")),
    ("tuple[float32, ...]", (0.5,)),
    ("dict[Color, list[uint8]?]", {types.Color.RED: [1], types.Color.BLUE: None}),
    ("dict[int64, date]", {1: dt.date(2026, 1, 2)}),
    ("list[payments.Payment?]", [payments.CardPayment(last_four="1234"), None]),
    ("any", {"a": [1, None]}),
    ("list[Image]", []),
]


def exercise_expressions(fory: ForyJson) -> int:
    count = 0
    for expression, value in EXPRESSIONS:
        text = fory.to_json(value, expression)
        assert fory.from_json(text, expression) == value
        assert (
            fory.from_json(fory.to_json_bytes(value, expression), expression) == value
        )
        for broken in ('"x"', "[1]", '{"a": "b"}', "[[[]]]"):
            try:
                fory.from_json(broken, expression)
            except DecodeError as error:
                str(error)
                count += 1
        try:
            fory.to_json(object(), expression)
        except EncodeError as error:
            str(error)
            count += 1
    for codec, value in ((types.Pair, ("a", 1)), (catalog.Categories, [])):
        text = fory.to_json(value, codec)
        assert fory.from_json(fory.to_json_bytes(value, codec), codec) == value
        assert fory.from_json(text, codec) == value
        try:
            fory.from_json("1", codec)
        except DecodeError as error:
            str(error)
            count += 1
    for bad in ("list[", "dict[float, int]", "Nope", "set[list[int]]"):
        try:
            fory.to_json(None, bad)
        except ValueError:
            count += 1
    return count


def main() -> None:
    exercise()  # warm every lazy path once before watching
    seen: list[str] = []

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event == "compile":
            seen.append(f"compile {args[1]!r}")
        elif event == "exec":
            code = args[0]
            if getattr(code, "co_name", None) != "<module>":
                seen.append(f"exec {code!r}")

    sys.addaudithook(hook)
    errors = exercise()
    print(json.dumps({"events": seen, "errors": errors}))


if __name__ == "__main__":
    main()
