"""The plain encoders and orjson write exactly the string encoders' bytes and errors."""

from __future__ import annotations

import copy
import subprocess
import sys
from collections.abc import Callable
from datetime import date, datetime, timezone
from decimal import Decimal
from functools import partial
from typing import Any
from uuid import UUID

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.suite import workloads
from benchmarks.suite.contenders import with_foryjson as built
from foryjson import EncodeError, ForyJson, depth, fastwriter, writer
from foryjson.codec import Codec
from foryjson.gen.ir import ModelDef
from foryjson.limits import Limits
from generated import clients, filetree, media, orders, payments, types, users
from tests.media_fixture import media_1
from tests.native_mode import python_codecs
from tests.schema_modules import generated_module
from tests.schema_strategies import all_models, for_model, python_module

orjson = pytest.importorskip("orjson")

MODELS = all_models()
OPTIONS = [(False, False), (True, False), (False, True), (True, True)]

Outcome = tuple[Any, ...]


def codec_of(cls: type, module: Any = None) -> Codec[Any]:
    """The codec of a type in its generated module (``module``, for a bound class)."""
    module = module or sys.modules[cls.__module__]
    return next(codec for codec in module.CODECS if codec.type is cls)


def outcome(call: Callable[[], object]) -> Outcome:
    """What a call gives: its result, or the error's type, path and message."""
    try:
        return ("written", call())
    except EncodeError as error:
        return ("error", type(error), error.path, error.message, str(error))


def both(
    codec: Codec[Any],
    value: object,
    escape_non_ascii: bool = False,
    pretty: bool = False,
    limits: Limits | None = None,
) -> list[tuple[Outcome, Outcome]]:
    """The string writer's and the orjson writer's outcomes, as bytes and as text."""
    limits = limits or codec.limits
    plain = codec.plain
    assert plain is not None
    options = (escape_non_ascii, pretty, limits, codec.depth)
    return [
        (
            outcome(lambda: writer.encode_bytes(codec.encode, value, *options)),
            outcome(
                lambda: fastwriter.encode_bytes(
                    plain,
                    codec.encode,
                    value,
                    *options,
                    True,
                    counts_depth=codec.counts_depth,
                )
            ),
        ),
        (
            outcome(lambda: writer.encode_text(codec.encode, value, *options)),
            outcome(
                lambda: fastwriter.encode_text(
                    plain,
                    codec.encode,
                    value,
                    *options,
                    True,
                    counts_depth=codec.counts_depth,
                )
            ),
        ),
    ]


def assert_same(codec: Codec[Any], value: object) -> None:
    for escape_non_ascii, pretty in OPTIONS:
        for expected, got in both(codec, value, escape_non_ascii, pretty):
            assert got == expected


def plain_bytes(codec: Codec[Any], value: object) -> bytes | None:
    """orjson's document from the plain encoder alone, None where it falls back."""
    assert codec.plain is not None
    arguments = (codec.limits.max_depth,) if codec.counts_depth else ()
    try:
        data: bytes = orjson.dumps(codec.plain(value, *arguments))
    except Exception:
        return None
    return data


# ------------------------------------------------------------ every model


@pytest.mark.parametrize(("module", "model"), MODELS, ids=[m.name for _, m in MODELS])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_model_writes_the_same_bytes(
    module: str, model: ModelDef, data: st.DataObject
) -> None:
    cls = getattr(python_module(module), model.name)
    codec = codec_of(cls, python_module(module))
    value = data.draw(for_model(module, model))
    limits, depth = codec.limits, codec.depth
    expected = writer.encode_bytes(codec.encode, value, limits=limits, depth=depth)
    direct = plain_bytes(codec, value)
    assert direct is None or direct == expected
    assert_same(codec, value)
    # The facade with either backend, and the class's own methods.
    for backend in ("orjson", "stdlib"):
        fory = ForyJson(python_module(module), backend=backend)
        assert fory.to_json_bytes(value, cls) == expected
        assert fory.to_json(value, cls, pretty=True) == writer.encode_text(
            codec.encode, value, pretty=True, limits=limits, depth=depth
        )
    if model.python is None:
        assert cls.to_json_bytes(value) == expected


def test_the_plain_encoders_take_the_generated_values() -> None:
    # No fallback for ordinary values: the document comes from orjson itself.
    value = types.Numbers(
        tiny=-128,
        small=5,
        medium=7,
        large=-(2**63),
        byte=255,
        word=1,
        dword=2,
        qword=2**64 - 1,
        unbounded=-(2**63),
        ratio=0.5,
        single=1.5,
        price=Decimal("12.50"),
        quoted_price=Decimal("-0.001"),
        maybe=None,
    )
    codec = codec_of(types.Numbers)
    assert plain_bytes(codec, value) == value.to_json_bytes()
    assert b'"price":12.50' in value.to_json_bytes()


# ------------------------------------------------------------ workloads


def _documents() -> list[tuple[str, type, Callable[[Any], Any]]]:
    return [
        ("media", media.MediaContent, built.build_media),
        ("users_1", users.Users, built.build_users),
        ("users_10", users.Users, built.build_users),
        ("clients_1", clients.Clients, built.build_clients),
        ("clients_10", clients.Clients, built.build_clients),
        ("orders", orders.Order, built.build_order),
        ("filetree", filetree.Node, built.build_tree),
    ]


@pytest.mark.parametrize(
    ("workload", "root", "build"), _documents(), ids=[w for w, _, _ in _documents()]
)
def test_benchmark_workloads_are_written_by_orjson_byte_for_byte(
    workload: str, root: type, build: Callable[[Any], Any]
) -> None:
    codec = codec_of(root)
    for data, expected in zip(
        workloads.plain(workload), workloads.expected(workload), strict=True
    ):
        value = build(data)
        if workload == "filetree":  # msgspec's spacing and offsets: ours differ
            expected = writer.encode_bytes(
                codec.encode, value, limits=codec.limits, depth=codec.depth
            )
        # The documents (whose digests test_workloads checks) come from orjson alone.
        assert plain_bytes(codec, value) == expected
        assert root.to_json_bytes(value) == expected  # type: ignore[attr-defined]
        assert_same(codec, value)


# ------------------------------------------------------------ hostile values

CONTROLS = "".join(map(chr, range(32)))
HOSTILE_TEXT = [
    CONTROLS,
    '"\\/\x7f',
    "\u2028\u2029 line separators",
    "caf\u00e9 \u4e2d\u6587 \U0001f600 \U0010ffff",
    "\ud800",
    "lone \udfff low",
    "\ud83d\ude00 escaped pair",
    "\U0001f600\ud800",
    "",
]


@pytest.mark.parametrize("text", HOSTILE_TEXT, ids=range(len(HOSTILE_TEXT)))
def test_hostile_strings_write_alike(text: str) -> None:
    value = media_1()
    value.media.title = text
    value.media.persons = [text, "plain", text]
    value.images[1].uri = text
    codec = codec_of(media.MediaContent)
    assert_same(codec, value)
    if not any("\ud800" <= char <= "\udfff" for char in text):
        assert plain_bytes(codec, value) == value.to_json_bytes()


def test_every_control_character_and_code_point_class_is_escaped_alike() -> None:
    codec = codec_of(media.Image)
    samples = [chr(code) for code in range(0x3000)]
    samples += [chr(code) for code in (0xFEFF, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF)]
    image = media.Image(uri="", title=None, width=1, height=2, size=media.Size.SMALL)
    for sample in samples:
        image.uri = sample
        assert plain_bytes(codec, image) == image.to_json_bytes()
        assert image.to_json(escape_non_ascii=True) == writer.encode_text(
            codec.encode, image, True
        )


NUMBERS: dict[str, list[object]] = {
    "unbounded": [2**63 - 1, 2**64 - 1, 2**64, -(2**63) - 1, 10**30, -(10**5000)],
    "ratio": [
        -0.0,
        0.0,
        1e-4,
        9.999999999999999e-05,
        -1e-05,
        5e-324,
        1e16,
        1.7976931348623157e308,
        float("nan"),
        float("inf"),
        float("-inf"),
        3,
        2**1100,
        True,
        "1.5",
    ],
    "single": [-0.0, 1e-45, 3.4028234663852886e38, 1e39, float("nan"), 0.1],
    "price": [
        Decimal("1E+5"),
        Decimal("-1.5E-7"),
        Decimal("-0"),
        Decimal("0E-10"),
        Decimal("NaN"),
        Decimal("Infinity"),
        Decimal("1E+1000000"),
        7,
        1.5,
    ],
    "quoted_price": [Decimal("1E-9"), Decimal("12.50"), "12.50"],
    "maybe": [None, 1e-7, float("-inf"), 2.5],
}


def _numbers() -> types.Numbers:
    return types.Numbers(
        tiny=1,
        small=2,
        medium=3,
        large=4,
        byte=5,
        word=6,
        dword=7,
        qword=8,
        unbounded=9,
        ratio=1.0,
        single=2.0,
        price=Decimal("3"),
        quoted_price=Decimal("4"),
        maybe=None,
    )


NUMBER_CASES = [
    (field, number) for field, numbers in NUMBERS.items() for number in numbers
]


@pytest.mark.parametrize(
    ("field", "number"), NUMBER_CASES, ids=[str(i) for i in range(len(NUMBER_CASES))]
)
def test_hostile_numbers_write_alike(field: str, number: object) -> None:
    value = _numbers()
    setattr(value, field, number)
    assert_same(codec_of(types.Numbers), value)


def test_tiny_floats_are_written_as_python_writes_them() -> None:
    value = _numbers()
    value.ratio = -1.5e-7
    codec = codec_of(types.Numbers)
    assert b'"ratio":-1.5e-07' in (plain_bytes(codec, value) or b"")
    value.ratio = 123456.75
    assert plain_bytes(codec, value) == value.to_json_bytes()


def test_catch_all_and_raw_members_write_alike() -> None:
    order = _order()
    codec = codec_of(payments.Order)
    assert plain_bytes(codec, order) == order.to_json_bytes()
    for extras in [
        {"~big": 2**80, "~tiny": 1e-9, "~nested": [{"a": (1, -0.0)}, None]},
        {"~exact": Decimal("1.10"), "~text": "\u2028\ud800"},
        {"~nan": float("nan")},
        {"id": 1},
        {3: "not a str key"},
        {"~bad": object()},
        [],
    ]:
        order.extras = extras  # type: ignore[assignment]
        assert_same(codec, order)
    order.extras = {}
    for metadata in ['{"a": [1, 2]}', " 1 ", "not json", "[1,", None, 5]:
        order.metadata = metadata  # type: ignore[assignment]
        assert_same(codec, order)


def _order() -> payments.Order:
    document = (
        '{"id":"o1","start":1,"end":2,"billing_street":"s","billing_city":"c",'
        '"lat":1.5,"lon":-0.25,"payment":{"kind":"card","lastFour":"1234"},'
        '"payments":[{"kind":"bank_transfer","iban":"DE1","amount":'
        '{"value":1.25,"currency":"EUR"}}],"shipments":{"a":{"parcel":'
        '{"weightGrams":3,"to_street":"x","to_city":"y"}},"b":{"pickup":'
        '{"store":"z"}}},"history":[["opened",{"at":1}],["closed",'
        '{"at":2,"reason":"done"}]],"totalCents":5,"metadata":{"raw": [1, 2.50]},'
        '"~extra":[1,"two"]}'
    )
    order: payments.Order = ForyJson(payments).from_json(document, payments.Order)
    return order


# ------------------------------------------------------------ wrong values

WRONG = [
    object(),
    "x",
    1,
    2**70,
    1.5,
    float("nan"),
    None,
    True,
    b"x",
    [1],
    {"a": 1},
    "\ud800",
    Decimal("1.5"),
    media.Player.JAVA,
    (),
]


def _instances(value: object, found: list[object]) -> list[object]:
    """Every generated object reachable from ``value``, in a stable order."""
    if type(value).__module__.startswith("generated.") and hasattr(value, "__slots__"):
        if any(value is seen for seen in found):
            return found
        found.append(value)
        for cls in type(value).__mro__:
            for name in getattr(cls, "__slots__", ()):
                _instances(getattr(value, name, None), found)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            _instances(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _instances(item, found)
    return found


def _slots(value: object) -> list[str]:
    return [
        name
        for cls in type(value).__mro__
        for name in getattr(cls, "__slots__", ())
        if hasattr(value, name)
    ]


@pytest.mark.parametrize(("module", "model"), MODELS, ids=[m.name for _, m in MODELS])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_wrong_values_fail_alike(
    module: str, model: ModelDef, data: st.DataObject
) -> None:
    cls = getattr(python_module(module), model.name)
    codec = codec_of(cls, python_module(module))
    value = copy.deepcopy(data.draw(for_model(module, model)))
    targets = [item for item in _instances(value, []) if _slots(item)]
    if targets:
        target = data.draw(st.sampled_from(targets))
        name = data.draw(st.sampled_from(_slots(target)))
        # object.__setattr__: frozen classes refuse setattr.
        object.__setattr__(target, name, data.draw(st.sampled_from(WRONG)))
    for escape_non_ascii, pretty in [(False, False), (True, True)]:
        for expected, got in both(codec, value, escape_non_ascii, pretty):
            assert got == expected


def test_errors_keep_their_path_and_message() -> None:
    value = media_1()
    value.images[1].width = 2**31
    error = outcome(lambda: value.to_json_bytes())
    assert error == (
        "error",
        EncodeError,
        "$.images[1].width",
        "expected int32, got the integer 2147483648",
        "expected int32, got the integer 2147483648 at $.images[1].width",
    )
    value.images[1].width = 5
    value.media.persons[1] = "\udc00"
    error = outcome(lambda: value.to_json_bytes())
    assert error[0] == "error"
    assert error[3] == (
        "a string holds the lone surrogate U+DC00, which has no UTF-8 form"
        " (in value.media.persons[1])"
    )


def test_cycles_and_depth_fail_alike() -> None:
    tree = built.build_tree(workloads.plain("filetree")[0])
    codec = codec_of(filetree.Node)
    for max_depth in (3, 64):
        for expected, got in both(codec, tree, limits=Limits(max_depth=max_depth)):
            assert got == expected
    directory = filetree.Directory(
        name="d",
        created_by="u",
        created_at=tree.created_at,  # type: ignore[attr-defined]
        updated_by=None,
        updated_at=None,
        contents=[],
    )
    directory.contents.append(directory)
    for expected, got in both(codec, directory):
        assert got == expected
        assert got[0] == "error"


# ------------------------------------------------------------ depth counted on the way


def category_chain(length: int) -> orders.Category:
    """A category with ``length - 1`` parents: ``length`` nested objects."""
    category = None
    for number in range(length):
        category = orders.Category(id=number, name=f"c{number}", parent=category)
    assert category is not None
    return category


def test_recursive_types_count_their_depth_in_the_plain_encoders() -> None:
    # Recursive, with no value kept as read: the plain encoder counts. With an `any`
    # value somewhere, the text orjson writes is counted instead.
    assert codec_of(orders.Order).counts_depth
    assert codec_of(orders.Category).counts_depth
    assert codec_of(filetree.Node).counts_depth
    assert not codec_of(orders.Customer).counts_depth  # bounded: nothing to count
    assert not codec_of(types.Dynamic).counts_depth
    category = codec_of(orders.Category)
    assert category.plain is not None
    limit = category.limits.max_depth
    # Up to the limit the plain data is orjson's to write; one level more, the
    # string encoder's, which names the limit.
    assert orjson.loads(orjson.dumps(category.plain(category_chain(limit), limit)))
    with pytest.raises(fastwriter.NotPlain):
        category.plain(category_chain(limit + 1), limit)


@settings(max_examples=60, deadline=None)
@given(length=st.integers(1, 30), max_depth=st.integers(1, 30))
def test_a_counted_depth_fails_exactly_as_the_string_encoder(
    length: int, max_depth: int
) -> None:
    limits = Limits(max_depth=max_depth)
    category = category_chain(length)
    line = orders.OrderLine(
        product=orders.Product(
            sku="s",
            name="n",
            description="d",
            category=category,
            price=Decimal("1.50"),
            weight_grams=1,
            tags=[],
            thumbnail=b"",
        ),
        quantity=1,
        unit_price=Decimal("1.50"),
        discount=0.5,
    )
    cases: list[tuple[type, object]] = [
        (orders.Category, category),
        (orders.OrderLine, line),
    ]
    for cls, value in cases:
        for expected, got in both(codec_of(cls), value, limits=limits):
            assert got == expected
    fory = ForyJson(orders, max_depth=max_depth, backend="orjson")
    stdlib = ForyJson(orders, max_depth=max_depth, backend="stdlib")
    for value, type_ in [
        ([category, category], list[orders.Category]),
        ({"a": category}, dict[str, orders.Category]),
        ([{"a": [category]}], list[dict[str, list[orders.Category]]]),
    ]:
        assert outcome(partial(fory.to_json_bytes, value, type_)) == outcome(
            partial(stdlib.to_json_bytes, value, type_)
        )


def test_a_recursive_type_writes_through_orjson_with_no_text_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    values = [built.build_order(data) for data in workloads.plain("orders")]
    documents = [item.to_json_bytes() for item in values]
    assert documents == list(workloads.expected("orders"))

    def refuse(text: str, max_depth: int) -> None:
        raise AssertionError("the text was counted")

    monkeypatch.setattr(depth, "check_write_depth", refuse)
    assert [item.to_json_bytes() for item in values] == documents
    fory = ForyJson(orders, backend="orjson")
    assert [fory.to_json_bytes(item) for item in values] == documents
    # A type holding values kept as read still has its text counted.
    with pytest.raises(AssertionError, match="counted"):
        types.Dynamic(payload=[1], extras={}).to_json_bytes()


# ------------------------------------------------------------ the choice of writer


def test_the_stdlib_backend_never_calls_a_plain_encoder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Of the Python encoders (the compiled ones, where in use, write first)."""

    def refuse(value: object) -> object:
        raise AssertionError("the plain encoder ran")

    python_codecs(monkeypatch, media)

    value = media_1()
    codec = codec_of(media.MediaContent)
    expected = value.to_json_bytes()
    assert (
        fastwriter.encode_bytes(refuse, codec.encode, value, depth=3, fast=False)
        == expected
    )
    monkeypatch.setattr(fastwriter, "_default_dumps", None)
    monkeypatch.setattr(media, "_plain_MediaContent", refuse)
    assert value.to_json_bytes() == expected


def test_generated_methods_write_through_orjson_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Of the Python encoders (the compiled ones, where in use, write first)."""
    python_codecs(monkeypatch, media)
    calls: list[object] = []
    original = media._plain_MediaContent

    def spy(value: object) -> object:
        calls.append(value)
        return original(value)

    monkeypatch.setattr(media, "_plain_MediaContent", spy)
    monkeypatch.setattr(fastwriter, "_default_dumps", fastwriter._UNSET)
    monkeypatch.delenv("FORYJSON_BACKEND", raising=False)
    value = media_1()
    value.to_json_bytes()
    assert calls == [value]
    monkeypatch.setattr(fastwriter, "_default_dumps", fastwriter._UNSET)
    monkeypatch.setenv("FORYJSON_BACKEND", "stdlib")
    value.to_json()
    assert calls == [value]
    assert not fastwriter.writes_with_orjson()
    assert fastwriter.writes_with_orjson(True)


def test_facade_generic_roots_write_alike() -> None:
    images = media_1().images
    for backend in ("orjson", "stdlib"):
        fory = ForyJson(media, backend=backend)
        assert fory.to_json_bytes(images, list[media.Image]) == (
            b"[" + b",".join(image.to_json_bytes() for image in images) + b"]"
        )
        by_name = {"a": images[0], "\u2028": images[1]}
        assert fory.to_json(by_name, dict[str, media.Image], pretty=True) == (
            writer.encode_text(
                lambda value: "{"
                + ",".join(
                    writer.escape_str(key) + ":" + media._encode_Image(item)
                    for key, item in value.items()
                )
                + "}",
                by_name,
                pretty=True,
            )
        )
        bad = copy.copy(images[1])
        bad.width = "wide"  # type: ignore[assignment]
        with pytest.raises(EncodeError, match=r"at \$\[1\]\.width$"):
            fory.to_json_bytes([images[0], bad], list[media.Image])


NULLABLE_SCALARS = """
models:
  Maybe:
    fields:
      id: uuid?
      day: date?
      at: datetime?
      moment: instant?
      price: decimal?
      ratio: float?
      blob: bytes?
      link: uri?
      data: any?
"""


@pytest.fixture(scope="module")
def maybe(tmp_path_factory: pytest.TempPathFactory) -> Any:
    yield from generated_module(
        tmp_path_factory.mktemp("nullable"), "maybe", NULLABLE_SCALARS
    )


def test_nullable_scalars_keep_the_plain_path(maybe: Any) -> None:
    """None and a value of each nullable scalar are written by the plain encoder
    (a failing check would leave them to the string encoder, at twice the cost)."""
    empty = maybe.Maybe()
    full = maybe.Maybe(
        id=UUID(int=7),
        day=date(2026, 1, 2),
        at=datetime(2026, 1, 2, 3, 4, tzinfo=timezone.utc),
        moment=datetime(2026, 1, 2, 3, 4, tzinfo=timezone.utc),
        price=Decimal("1.50"),
        ratio=0.5,
        blob=b"\x00",
        link="https://example.com",
        data={"a": [1]},
    )
    for value in (empty, full):
        plain = maybe._plain_Maybe(value)
        assert orjson.dumps(plain).decode() == value.to_json()


def test_nullable_scalars_pass_mypy_strict(maybe: Any) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", maybe.__file__],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
