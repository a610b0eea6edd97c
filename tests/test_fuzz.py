"""Generated decoders against hostile input: only ``DecodeError``, and what they accept round-trips.

Every type of every generated module (found through each module's ``CODECS``) decodes
mutations of valid documents (byte flips, truncation, inserted bytes, members of the
wrong JSON type, duplicated, deleted and renamed members, deep nesting, huge numbers,
invalid UTF-8, lone surrogate escapes, random unicode) and fully random JSON, as bytes
and as text. A decoder may reject input only with ``DecodeError``; whatever it accepts
must encode again (``to_json`` and ``to_json_bytes``) to a document that decodes to an
equal value. ``FORYJSON_FUZZ_EXAMPLES`` raises the number of examples for longer runs.
"""

from __future__ import annotations

import enum
import importlib
import json
import math
import os
import pkgutil
import re
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import generated
from foryjson import DecodeError, EncodeError, ForyJson
from tests.schema_strategies import all_models, for_model

EXAMPLES = int(os.environ.get("FORYJSON_FUZZ_EXAMPLES", "8"))

settings.register_profile(
    "fuzz",
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)
FUZZ = settings.get_profile("fuzz")


def _targets() -> list[tuple[str, ForyJson, type, st.SearchStrategy[Any]]]:
    """``(id, facade, type, valid values)`` for every codec of every generated module."""
    models = {
        (module, model.name): for_model(module, model) for module, model in all_models()
    }
    found = []
    names = sorted(
        info.name for info in pkgutil.walk_packages(generated.__path__, "generated.")
    )
    for name in names:
        module = importlib.import_module(name)
        if not hasattr(module, "CODECS"):
            continue  # a package
        short = name.removeprefix("generated.")
        fory = ForyJson(module)
        for codec in module.CODECS:
            type_ = codec.type
            values = models.get((short, type_.__name__))
            if values is None:
                assert issubclass(type_, enum.Enum), type_
                values = st.sampled_from(list(type_))
            found.append((f"{short}.{type_.__name__}", fory, type_, values))
    return found


TARGETS = _targets()
every_target = pytest.mark.parametrize(
    ("fory", "type_", "values"),
    [target[1:] for target in TARGETS],
    ids=[target[0] for target in TARGETS],
)


def test_every_type_of_every_generated_module_is_fuzzed() -> None:
    codecs = sum(
        len(importlib.import_module(info.name).__dict__.get("CODECS", ()))
        for info in pkgutil.walk_packages(generated.__path__, "generated.")
    )
    assert len(TARGETS) == codecs
    assert {"media.MediaContent", "types.Dynamic", "shop.events.Channel"} <= {
        target[0] for target in TARGETS
    }


# --- the property every input must satisfy ---------------------------------------------


def same(left: Any, right: Any) -> bool:
    """Equality that tells -0.0 from 0.0 and takes NaN as equal to NaN."""
    if isinstance(left, float) and isinstance(right, float):
        if math.isnan(left) or math.isnan(right):
            return math.isnan(left) and math.isnan(right)
        return left == right and math.copysign(1.0, left) == math.copysign(1.0, right)
    if isinstance(left, Decimal) and isinstance(right, Decimal):
        return str(left) == str(right) if left.is_nan() else bool(left == right)
    if type(left) is not type(right):
        return False
    if isinstance(left, list | tuple):
        return len(left) == len(right) and all(map(same, left, right))
    if isinstance(left, set | frozenset):
        return sorted(map(repr, left)) == sorted(map(repr, right))
    if isinstance(left, dict):
        return left.keys() == right.keys() and all(
            same(left[key], right[key]) for key in left
        )
    if type(left).__module__.startswith("generated."):
        if isinstance(left, enum.Enum):
            return left is right
        return all(
            same(getattr(left, name), getattr(right, name))
            for name in type(left).__slots__
        )
    if type(left).__module__.startswith("examples."):  # bound classes
        return same(vars(left), vars(right))
    return bool(left == right)


def check(fory: ForyJson, type_: type, data: bytes | str) -> object:
    """Decode ``data``; a rejection must be a ``DecodeError``, an acceptance must round-trip.

    Returns the decoded value, or the ``DecodeError``.
    """
    try:
        value = fory.from_json(data, type_)
    except DecodeError as error:
        assert error.message and str(error)  # the message and path render
        return error
    try:
        text = fory.to_json(value, type_)
    except EncodeError as error:
        message = f"accepted {data!r} but cannot encode it: {error}"
        raise AssertionError(message) from error
    assert fory.to_json_bytes(value, type_) == text.encode("utf-8")
    again = fory.from_json(text, type_)
    assert fory.to_json(again, type_) == text
    assert same(again, value), (data, text)
    assert same(fory.from_json(text.encode("utf-8"), type_), value)
    return value


def check_both(fory: ForyJson, type_: type, data: bytes) -> None:
    """Check the input as bytes, and as text where it is valid UTF-8."""
    check(fory, type_, data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("utf-8", "replace")
    check(fory, type_, text)


# --- a JSON tree that keeps number text and allows duplicate members -------------------


class Raw(str):
    """JSON text written as is: a number's exact text, or any fragment."""


class Obj:
    """A JSON object as an ordered list of ``[key, value]`` members, duplicates allowed."""

    def __init__(self, members: list[list[Any]]) -> None:
        self.members = members


def parse(document: bytes) -> Any:
    return json.loads(
        document,
        object_pairs_hook=lambda pairs: Obj([list(pair) for pair in pairs]),
        parse_int=Raw,
        parse_float=Raw,
    )


def dump(node: Any) -> str:
    if isinstance(node, Raw):
        return str(node)
    if isinstance(node, Obj):
        return (
            "{"
            + ",".join(
                json.dumps(key, ensure_ascii=False) + ":" + dump(value)
                for key, value in node.members
            )
            + "}"
        )
    if isinstance(node, list):
        return "[" + ",".join(dump(item) for item in node) + "]"
    return json.dumps(node, ensure_ascii=False)


Slot = tuple[Any, int]  # (a list or an Obj, the index of one of its items)


def slots(node: Any, found: list[Slot]) -> list[Slot]:
    """Every place that holds a value, outermost first."""
    if isinstance(node, list):
        for index, item in enumerate(node):
            found.append((node, index))
            slots(item, found)
    elif isinstance(node, Obj):
        for index, member in enumerate(node.members):
            found.append((node, index))
            slots(member[1], found)
    return found


def get(slot: Slot) -> Any:
    container, index = slot
    return (
        container.members[index][1] if isinstance(container, Obj) else container[index]
    )


def put(slot: Slot, value: Any) -> None:
    container, index = slot
    if isinstance(container, Obj):
        container.members[index][1] = value
    else:
        container[index] = value


def kind(value: Any) -> str:
    if isinstance(value, Raw):
        return "number"
    if isinstance(value, Obj):
        return "object"
    return {type(None): "null", bool: "bool", str: "string", list: "array"}[type(value)]


# --- strategies ------------------------------------------------------------------------

# Numbers past every limit: 10,000+ digits, exponents no float or Decimal context holds.
HUGE_NUMBERS = [
    "9" * 10_001,
    "-" + "1234567890" * 1_100,
    "1" + "0" * 10_000 + ".5",
    "0." + "0" * 10_000 + "1",
    "1e999999999",
    "-1e999999999",
    "1E+999999999999999999999",
    "1e-999999999",
    "-0.0e-999999999",
    "123456789" * 500,  # 4,500 digits: past CPython's default int conversion
]
# Strings that a decoder might parse: dates, numbers, enum-like names, base64, UUIDs.
PLAUSIBLE_STRINGS = [
    "",
    "0",
    "-1",
    "1.5",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "2020-02-30",
    "2020-01-01T25:00:00Z",
    "2024-02-29T12:30:45.123456789+14:00",
    "9999-12-31T23:59:59.999999999-23:59",
    "0000-01-01",
    "12:60",
    "P1D",
    "PT-1.5S",
    "P999999999999999999999D",
    "-PT0S",
    "00000000-0000-0000-0000-00000000000g",
    "====",
    "YQ=",
    "a===",
    "\x00",
    "SMALL",
    "small",
    "\u0130",
]
JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers().map(lambda number: Raw(str(number)))
    | st.floats(allow_nan=False, allow_infinity=False).map(lambda f: Raw(repr(f)))
    | st.sampled_from(["-0", "0.0", "-0.0", "1E400", "5e-324", "1.0e1", "10e-1"]).map(
        Raw
    )
    | st.decimals(allow_nan=False, allow_infinity=False)
    .map(lambda d: Raw(str(d)))
    .filter(lambda text: re.fullmatch(r"-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?", text))
    | st.text(max_size=10)
    | st.sampled_from(PLAUSIBLE_STRINGS)
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: st.lists(children, max_size=4)
    | st.lists(st.tuples(st.text(max_size=8), children), max_size=4).map(
        lambda members: Obj([list(member) for member in members])
    ),
    max_leaves=12,
)


def other_kind(data: st.DataObject, value: Any) -> Any:
    """A random JSON value of another JSON type than ``value``."""
    was = kind(value)
    return data.draw(JSON_VALUES.filter(lambda new: kind(new) != was))


MUTATIONS = [
    "flip",
    "truncate",
    "insert bytes",
    "swap type",
    "duplicate member",
    "delete member",
    "rename member",
    "nest",
    "huge number",
    "invalid utf-8",
    "lone surrogate",
    "random unicode",
    "random values",
]
INVALID_UTF8 = [
    b"\xff",
    b"\x80",
    b"\xc0\x80",
    b"\xc3",
    b"\xe2\x82",
    b"\xed\xa0\x80",  # an encoded surrogate
    b"\xf4\x90\x80\x80",  # past U+10FFFF
    b"\xf8\x88\x80\x80\x80",
    b"\xef\xbb\xbf",  # a byte-order mark, valid UTF-8 but not at the start
]
LONE_SURROGATES = [
    '"\\ud800"',
    '"\\udc00"',
    '"x\\ud83d"',
    '"\\ud83dx"',
    '"\\ud800\\ud800"',
    '"\\udfff\\ud800"',
    '"\\uD834"',
]


def mutate(data: st.DataObject, document: bytes, mutation: str) -> bytes:
    """Apply one mutation to a valid document."""
    if mutation == "flip":
        index = data.draw(st.integers(0, len(document) - 1))
        mask = data.draw(st.integers(1, 255))
        return (
            document[:index] + bytes([document[index] ^ mask]) + document[index + 1 :]
        )
    if mutation == "truncate":
        return document[: data.draw(st.integers(0, len(document) - 1))]
    if mutation in ("insert bytes", "invalid utf-8"):
        index = data.draw(st.integers(0, len(document)))
        if mutation == "insert bytes":
            extra = data.draw(
                st.binary(min_size=1, max_size=8)
                | st.sampled_from([b",", b"]", b"}", b'"', b"\\", b":", b"-", b"."])
            )
        else:
            extra = data.draw(st.sampled_from(INVALID_UTF8))
        return document[:index] + extra + document[index:]
    tree = [parse(document)]
    if mutation == "random values" and isinstance(tree[0], Obj):
        # The model's own member names, each with a random value.
        for member in tree[0].members:
            member[1] = data.draw(JSON_VALUES)
        return dump(tree[0]).encode("utf-8")
    places = slots(tree, [])
    members = [place for place in places if isinstance(place[0], Obj)]
    if mutation in ("duplicate member", "delete member", "rename member") and members:
        obj, index = data.draw(st.sampled_from(members))
        member = obj.members[index]
        if mutation == "duplicate member":
            value = data.draw(st.sampled_from([member[1], None]) | JSON_VALUES)
            obj.members.insert(
                data.draw(st.integers(0, len(obj.members))), [member[0], value]
            )
        elif mutation == "delete member":
            del obj.members[index]
        else:
            key = member[0]
            member[0] = data.draw(
                st.sampled_from(
                    [key.upper(), key.lower(), key + "x", key[:-1], " " + key, ""]
                    + [other[0] for other in obj.members]
                )
                | st.text(max_size=6)
            )
        return dump(tree[0]).encode("utf-8")
    place = data.draw(st.sampled_from(places))
    value = get(place)
    if mutation == "swap type":
        put(place, other_kind(data, value))
    elif mutation == "nest":
        depth = data.draw(
            st.integers(1, 30) | st.sampled_from([19, 20, 21, 1000, 5000])
        )
        inner = dump(value)
        if data.draw(st.booleans()):
            put(place, Raw("[" * depth + inner + "]" * depth))
        else:
            put(place, Raw('{"a":' * depth + inner + "}" * depth))
    elif mutation == "huge number":
        put(place, Raw(data.draw(st.sampled_from(HUGE_NUMBERS))))
    elif mutation == "lone surrogate":
        put(place, Raw(data.draw(st.sampled_from(LONE_SURROGATES))))
    else:  # random unicode: in a string value, or anywhere in the text
        text = data.draw(st.text(min_size=1, max_size=10))
        if isinstance(value, str) and data.draw(st.booleans()):
            put(place, text)
        else:
            encoded = dump(tree[0])
            index = data.draw(st.integers(0, len(encoded)))
            return (encoded[:index] + text + encoded[index:]).encode("utf-8")
    return dump(tree[0]).encode("utf-8")


# --- the tests -------------------------------------------------------------------------


@every_target
@FUZZ
@given(
    data=st.data(),
    mutations=st.lists(st.sampled_from(MUTATIONS), min_size=4, max_size=8),
)
def test_valid_and_mutated_documents_raise_only_decode_error(
    fory: ForyJson,
    type_: type,
    values: st.SearchStrategy[Any],
    data: st.DataObject,
    mutations: list[str],
) -> None:
    # Several mutations of each valid document: valid values are the costly part.
    value = data.draw(values)
    document = fory.to_json_bytes(value, type_)
    assert same(check(fory, type_, document), value)
    assert same(check(fory, type_, document.decode("utf-8")), value)
    for mutation in mutations:
        check_both(fory, type_, mutate(data, document, mutation))


@settings(FUZZ, max_examples=EXAMPLES * 25)
@given(document=JSON_VALUES.map(dump))
def test_random_json_as_every_type_raises_only_decode_error(document: str) -> None:
    for _, fory, type_, _ in TARGETS:
        check_both(fory, type_, document.encode("utf-8"))


@every_target
@settings(FUZZ, max_examples=1)
@given(data=st.data())
def test_every_top_level_member_as_a_huge_number(
    fory: ForyJson, type_: type, values: st.SearchStrategy[Any], data: st.DataObject
) -> None:
    root = parse(fory.to_json_bytes(data.draw(values), type_))
    members = root.members if isinstance(root, Obj) else [[None, root]]
    for member in members:
        kept = member[1]
        for number in HUGE_NUMBERS:
            member[1] = Raw(number)
            check_both(fory, type_, dump(root).encode("utf-8"))
        member[1] = kept


@every_target
@settings(FUZZ, max_examples=1)
@given(data=st.data())
def test_100000_levels_of_nesting_are_a_decode_error(
    fory: ForyJson, type_: type, values: st.SearchStrategy[Any], data: st.DataObject
) -> None:
    depth = 100_000
    root = parse(fory.to_json_bytes(data.draw(values), type_))
    documents = ["[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth]
    if isinstance(root, Obj) and root.members:
        # Deep inside the first member, which may be an untyped value.
        inner = dump(root.members[0][1])
        root.members[0][1] = Raw("[" * depth + inner + "]" * depth)
        documents.append(dump(root))
    for document in documents:
        for form in (document, document.encode("utf-8")):
            assert isinstance(check(fory, type_, form), DecodeError)
