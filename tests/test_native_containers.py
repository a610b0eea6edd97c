"""The compiled codecs of dicts with str keys, unique lists, sets and tuples,
against the Python codecs they stand in for: the same bytes (dict keys in insertion
order, escaped as strings are; set items sorted by their JSON text), the same
objects (a name given twice keeps its first place and takes its last value; sets
built in the document's order), and, for everything they give up on, the Python
codecs' result or error with its message and path.

The package is the one ``tests/native_support.py`` builds (its kitchen schema's
``Mapped``, ``Collected`` and neighbours); without a C compiler or Python's headers
these tests skip.
"""

from __future__ import annotations

import gc
import importlib
import json
import math
import random
import resource
import sys
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, EncodeError, ForyJson, reader
from foryjson.limits import Limits
from foryjson.native import read_limits
from tests.native_support import (
    KEYS,
    PACKAGE,
    check_decode,
    collected,
    mapped,
    pure_bytes,
    pure_decode,
)
from tests.schema_strategies import TEXT

FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


@pytest.fixture
def kitchen(native_package: Path) -> Any:
    return importlib.import_module(f"{PACKAGE}.kitchen")


def _codec(kitchen: Any, model: str) -> Any:
    return next(c for c in kitchen.CODECS if c.type.__name__ == model)


# ------------------------------------------------------------------- encoding


def _encodes_alike(
    kitchen: Any, value: Any, monkeypatch: pytest.MonkeyPatch
) -> bytes | None:
    """The public encoders give the Python encoders' document or error; returns
    what the compiled encoder alone gave (None where it gave up)."""
    native: bytes | None = getattr(kitchen, f"_native_{type(value).__name__}")(
        value, 20
    )
    expected = pure_bytes(kitchen, value, monkeypatch)
    if isinstance(expected, EncodeError):
        assert native is None
        api = ForyJson(kitchen)
        for encode in (
            value.to_json_bytes,
            value.to_json,
            lambda: api.to_json_bytes(value),
        ):
            with pytest.raises(EncodeError) as raised:
                encode()
            assert str(raised.value) == str(expected)
            assert raised.value.path == expected.path
    else:
        assert native is None or native == expected
        assert value.to_json_bytes() == expected
        assert value.to_json() == expected.decode()
        assert ForyJson(kitchen).to_json_bytes(value) == expected
    return native


def _valid(kitchen: Any) -> Any:
    Color = kitchen.Color
    leaf = kitchen.Folder(name="leaf", children=[], parent=None)
    return kitchen.Mapped(
        labels={"b": "1", "a": 'q"\\\n', "é": "😀", "": ""},
        counts={"x": None, "y": -(2**31)},
        folders={"f": [leaf], "g": []},
        colors={"c": Color.RED},
        ratios={"r": {"nan": math.nan, "inf": -math.inf, "z": -0.0}},
        maybe=None,
        sizes={},
        tags=["a", "b", "é"],
        codes=[None, 1, -1],
        shades=[Color.GREEN, Color.RED],
        maybe_tags=None,
    )


def test_mapped_models_are_compiled_and_the_rest_say_why(kitchen: Any) -> None:
    codecs = {codec.type.__name__: codec for codec in kitchen.CODECS}
    assert codecs["Mapped"].native is not None
    assert codecs["Mapped"].native_read is not None
    # dict values of dates: compiled both ways.
    assert codecs["DatedMap"].native_read is not None
    assert codecs["DatedMap"].native is not None
    for name in ("UniqueBig", "UniqueShort", "IntKeys"):
        assert codecs[name].native is None and codecs[name].native_read is None
    source = (
        Path(str(kitchen.__file__)).with_name("_kitchen_native.c").read_text("utf-8")
    )
    for reason in (
        "UniqueBig: decoder: field values: unique items of list[int] are checked"
        " by Python only",
        "UniqueShort: encoder: field values: has constraints",
        "IntKeys: decoder: field names: dict[int32, str] is handled by Python only",
    ):
        assert reason in source


def test_a_valid_value_is_written_by_the_compiled_encoder(
    kitchen: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    value = _valid(kitchen)
    native = _encodes_alike(kitchen, value, monkeypatch)
    assert native is not None
    assert native.startswith(b'{"labels":{"b":"1","a":"q\\"\\\\\\n","\xc3\xa9":')
    assert b'"sizes":{}' in native and b'"maybe"' not in native


@FUZZ
@given(data=st.data())
def test_dicts_and_unique_lists_write_as_python_does(
    kitchen: Any, data: st.DataObject, monkeypatch: pytest.MonkeyPatch
) -> None:
    value = data.draw(mapped(kitchen))
    assert _encodes_alike(kitchen, value, monkeypatch) is not None
    # Lists that may repeat an item: the Python encoders' error where one does.
    value = data.draw(mapped(kitchen, unique=False))
    native = _encodes_alike(kitchen, value, monkeypatch)
    repeats = any(
        len(set(items)) != len(items)
        for items in (value.tags, value.codes, value.shades, value.maybe_tags or [])
    )
    assert (native is None) is repeats


class _Dict(dict):  # type: ignore[type-arg]
    pass


class _Str(str):
    pass


WRONG = [
    ("labels", _Dict(a="b")),
    ("labels", OrderedDict(a="b")),
    ("labels", {1: "b"}),
    ("labels", {None: "b"}),
    ("labels", {("a",): "b"}),
    ("labels", {_Str("a"): "b"}),  # written by the Python encoders
    ("labels", {"a": _Str("b")}),  # written by the Python encoders
    ("labels", {"\ud800": "b"}),
    ("labels", {"a": "\udfff"}),
    ("labels", {"a": 1}),
    ("labels", [("a", "b")]),
    ("counts", {"a": True}),
    ("counts", {"a": 2**31}),
    ("folders", {"a": [None]}),
    ("folders", {"a": ()}),
    ("colors", {"a": "RED"}),
    ("ratios", {"a": {"b": 1}}),  # an int for a float: the Python encoders'
    ("ratios", {"a": {"b": "1"}}),
    ("maybe", {"a": None}),
    ("tags", ["a", "b", "a"]),
    ("tags", ["é", "😀", "é"]),
    ("tags", ["a", _Str("a")]),
    ("tags", ["a", 1]),
    ("codes", [None, None]),
    ("codes", [1, 2, 1]),
    ("codes", [1, True]),
    ("codes", [0, False]),
    ("shades", ["GREEN", "GREEN"]),
    ("maybe_tags", ["x", "x"]),
    ("tags", [str(i) for i in range(40)] + ["17"]),
    ("tags", ["0"] + [str(i) for i in range(1, 10)] + ["0"]),
    ("codes", [*range(-50, 50), None, 7]),
    ("codes", [None, *range(100), None]),
]


@pytest.mark.parametrize(("field", "wrong"), WRONG)
def test_what_the_compiled_encoder_gives_up_on_is_the_python_outcome(
    kitchen: Any, monkeypatch: pytest.MonkeyPatch, field: str, wrong: object
) -> None:
    value = _valid(kitchen)
    assert kitchen._native_Mapped(value, 20) is not None
    setattr(value, field, wrong)
    assert kitchen._native_Mapped(value, 20) is None
    _encodes_alike(kitchen, value, monkeypatch)


def test_long_unique_lists_without_repeats_are_written(
    kitchen: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    value = _valid(kitchen)
    value.tags = [str(i) for i in range(5000)] + ["é", "😀", ""]
    value.codes = [None, *range(-(2**15), 2**15)]
    value.shades = [kitchen.Color.RED, kitchen.Color.GREEN]
    assert _encodes_alike(kitchen, value, monkeypatch) is not None
    value.codes.append(2**15 - 1)
    assert _encodes_alike(kitchen, value, monkeypatch) is None


def _deep_folders(levels: int) -> Any:
    """Mapped's folders holding a chain of folders ``levels`` deep."""
    return json.dumps([_chain(levels)])


def _chain(levels: int) -> dict[str, Any]:
    folder: dict[str, Any] = {"name": "leaf", "children": []}
    for _ in range(levels - 1):
        folder = {"name": "d", "children": [folder]}
    return folder


def _folder(kitchen: Any, levels: int) -> Any:
    folder = kitchen.Folder(name="leaf", children=[], parent=None)
    for _ in range(levels - 1):
        folder = kitchen.Folder(name="d", children=[folder], parent=None)
    return folder


@pytest.mark.parametrize("levels", [1, 8, 9, 10, 200])
def test_nesting_through_dicts_is_counted(
    kitchen: Any, monkeypatch: pytest.MonkeyPatch, levels: int
) -> None:
    # Mapped, its dict and the list: 3 levels, then 2 a folder (the innermost
    # folder's empty list included).
    depth = 3 + 2 * levels
    value = _valid(kitchen)
    value.folders = {"f": [_folder(kitchen, levels)]}
    native = _encodes_alike(kitchen, value, monkeypatch)
    assert (native is not None) is (depth <= 20)
    deep = kitchen._native_Mapped(value, depth)
    assert deep is not None and deep == kitchen._native_Mapped(value, 1024)
    assert kitchen._native_Mapped(value, depth - 1) is None
    # Nested dicts count too.
    value = _valid(kitchen)
    value.folders = {}
    assert kitchen._native_Mapped(value, 3) is not None  # Mapped, ratios, its dict
    assert kitchen._native_Mapped(value, 2) is None


def test_a_dict_holding_itself_is_the_python_error(
    kitchen: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    value = _valid(kitchen)
    loop: dict[str, Any] = {}
    loop["a"] = loop
    value.ratios = loop
    assert kitchen._native_Mapped(value, 20) is None
    _encodes_alike(kitchen, value, monkeypatch)


# ------------------------------------------------------------------- decoding


@FUZZ
@given(data=st.data())
def test_dicts_and_unique_lists_read_as_python_does(
    kitchen: Any, data: st.DataObject
) -> None:
    value = data.draw(mapped(kitchen))
    for document in (
        value.to_json_bytes(),
        value.to_json(),
        value.to_json_bytes(escape_non_ascii=True),
        value.to_json_bytes(pretty=True),
    ):
        assert check_decode(kitchen, "Mapped", document) is not None
    value = data.draw(mapped(kitchen, unique=False))
    # The Python encoders refuse repeats: the document is written by hand.
    document = json.dumps(
        {
            name: getattr(value, name)
            for name in ("labels", "counts", "sizes", "tags", "codes", "maybe_tags")
        }
        | {
            "folders": {},
            "colors": {key: item.name for key, item in value.colors.items()},
            "shades": [item.name for item in value.shades],
            "ratios": {},
        },
        ensure_ascii=data.draw(st.booleans()),
    )
    native = check_decode(kitchen, "Mapped", document)
    repeats = any(
        len(set(items)) != len(items)
        for items in (value.tags, value.codes, value.shades, value.maybe_tags or [])
    )
    assert (native is None) is repeats


_PIECES = [b'"', b"\\", b"{", b"}", b"[", b"]", b",", b":", b"null", b'"a":"b",']
_PIECES += [b'"\\u0061"', b"\\ud800", b"\xc3", b"1", b"true", b'"RED"', b" "]


@FUZZ
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_mutated_documents_read_as_python_does_or_give_up(
    kitchen: Any, data: st.DataObject, seed: int
) -> None:
    rng = random.Random(seed)
    document = bytearray(data.draw(mapped(kitchen)).to_json_bytes())
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(document) + 1)
        kind = rng.randrange(3)
        if kind == 0:
            document[at:at] = rng.choice(_PIECES)
        elif kind == 1:
            del document[at : at + rng.randint(1, 5)]
        else:  # a stretch repeated: members given twice, items repeated...
            document[at:at] = document[at : at + rng.randint(1, 30)]
    check_decode(kitchen, "Mapped", bytes(document))


_BASE = (
    '{"labels":{},"counts":{},"folders":{},"colors":{},"ratios":{},'
    '"tags":[],"codes":[],"shades":[]}'
)


def _with(member: str, text: str) -> str:
    """The smallest valid Mapped document with one member's text replaced."""
    start = _BASE.index(f'"{member}":') + len(member) + 3
    end = start + 2
    return _BASE[:start] + text + _BASE[end:]


@FUZZ
@given(
    pairs=st.lists(
        st.tuples(st.sampled_from(["a", "b", "é", "😀", '"', "\\"]) | KEYS, TEXT),
        max_size=8,
    ),
    ascii_only=st.booleans(),
)
def test_a_name_given_twice_keeps_its_place_and_its_last_value(
    kitchen: Any, pairs: list[tuple[str, str]], ascii_only: bool
) -> None:
    text = (
        "{"
        + ",".join(
            f"{json.dumps(k, ensure_ascii=ascii_only)}:{json.dumps(v, ensure_ascii=ascii_only)}"
            for k, v in pairs
        )
        + "}"
    )
    native = check_decode(kitchen, "Mapped", _with("labels", text))
    if [key for key, _ in pairs].count("kind") > 1:
        # The kitchen's subtype property: the Python reader marks it, and refuses.
        assert native is None
        return
    assert native is not None
    assert native.labels == dict(pairs)
    assert list(native.labels) == list(dict(pairs))


DOCUMENTS = [
    # accepted
    ("labels", '{"a":"1","\\u0061":"2","b":"3","a":"4"}', True),
    ("labels", '{"kind":"1","other":"2"}', True),
    # a subtype property of the module given twice: refused by the Python reader
    ("labels", '{"kind":"1","other":"2","kin\\u0064":"3"}', False),
    # ... given twice with numbers: the Python reader reads it, C gives up anyway
    ("ratios", '{"kind":{"kind":1.0,"kind":2.0}}', False),
    ("labels", '{"\\ud83d\\ude00":"x","😀":"y"}', True),
    ("labels", '{"\\"\\\\\\/\\b\\f\\n\\r\\t":""}', True),
    ("labels", ' { "a" : "b" , "c" : "d" } ', True),
    ("counts", '{"a":null,"b":-2147483648,"c":2147483647}', True),
    ("ratios", '{"a":{"b":1,"c":-0,"d":"NaN","e":1e-400}}', True),
    ("folders", '{"a":[{"name":"x","children":[],"name":"y"}]}', True),
    ("tags", '["a","b","\\u00e9","é"]', False),  # é twice: refused
    ("tags", '["a","A","\\u0041a"]', True),
    ("codes", "[null,1,-1,0]", True),
    ("codes", "[1,null,1]", False),
    ("codes", "[null,null]", False),
    ("shades", '["RED","GREEN"]', True),
    ("shades", '["RED","RED"]', False),
    ("tags", json.dumps([str(i) for i in range(100)] + ["5"]), False),
    ("tags", json.dumps([str(i) for i in range(100)]), True),
    ("codes", json.dumps([None, *range(1000), None]), False),
    ("codes", json.dumps([*range(1000), 999]), False),
    ("codes", json.dumps([None, *range(1000)]), True),
    # refused: the Python decoder's errors
    ("labels", '{"a":1}', False),
    ("labels", '{"a":"x","a":1}', False),
    ("labels", '{"a":1,"a":"x"}', None),  # the Python decoder sees the last only
    ("labels", "[]", False),
    ("labels", "null", False),
    ("labels", '{"a":"b",}', False),
    ("labels", '{"a" "b"}', False),
    ("labels", '{"a":"b" "c":"d"}', False),
    ("labels", '{a:"b"}', False),
    ("labels", '{"\\ud800":"b"}', False),
    ("labels", '{"a":"\\udc00"}', False),
    ("labels", '{"\\x":"b"}', False),
    ("labels", '{"a":"b"', False),
    ("counts", '{"a":2147483648}', False),
    ("counts", '{"a":1.0}', False),
    ("colors", '{"a":"BLUE"}', False),
    ("ratios", '{"a":[]}', False),
    ("folders", '{"a":[null]}', False),
    ("tags", '["a",1]', False),
    ("codes", "[true]", False),
]


@pytest.mark.parametrize(("member", "text", "accepted"), DOCUMENTS)
def test_documents_are_read_as_python_reads_them(
    kitchen: Any, member: str, text: str, accepted: bool | None
) -> None:
    document = _with(member, text)
    native = check_decode(kitchen, "Mapped", document)
    if accepted is not None:
        assert (native is not None) is accepted
    check_decode(kitchen, "Mapped", document.encode())
    if accepted:
        expected = pure_decode(kitchen, "Mapped", document)
        assert not isinstance(expected, DecodeError)


def test_missing_dicts_take_a_new_default(kitchen: Any) -> None:
    first = check_decode(kitchen, "Mapped", _BASE)
    second = check_decode(kitchen, "Mapped", _BASE)
    assert first.sizes == {} and first.maybe is None and first.maybe_tags is None
    assert first.sizes is not second.sizes
    assert check_decode(kitchen, "Mapped", _BASE.replace('"tags":[],', "")) is None


def test_dict_values_read_by_runtime_functions_are_the_python_values(
    kitchen: Any,
) -> None:
    native = check_decode(kitchen, "DatedMap", '{"days":{"a":"2024-02-29","b":null}}')
    assert native is not None and str(native.days["a"]) == "2024-02-29"
    assert check_decode(kitchen, "DatedMap", '{"days":{"a":"2023-02-29"}}') is None
    assert check_decode(kitchen, "DatedMap", '{"days":{"a":20240229}}') is None


@pytest.mark.parametrize("levels", [1, 8, 9, 10, 100])
def test_nesting_through_dicts_is_counted_as_the_python_reader_counts_it(
    kitchen: Any, levels: int
) -> None:
    depth = 3 + 2 * levels
    document = _with("folders", '{"f":' + _deep_folders(levels) + "}")
    native = check_decode(kitchen, "Mapped", document)
    assert (native is not None) is (depth <= 20)
    for limit in (depth - 1, depth):
        native = kitchen._native_read_Mapped(
            document, read_limits(Limits(max_depth=limit))
        )
        assert (native is not None) is (limit >= depth)
    nested = _with("ratios", '{"a":{"b":1.5}}')
    for limit, accepted in ((2, False), (3, True)):
        limits = read_limits(Limits(max_depth=limit))
        assert (kitchen._native_read_Mapped(nested, limits) is not None) is accepted
        expected = pure_decode(kitchen, "Mapped", nested, Limits(max_depth=limit))
        assert isinstance(expected, DecodeError) is not accepted


def test_the_memory_estimate_counts_dict_members(kitchen: Any) -> None:
    labels = ",".join(f'"k{i}":"v"' for i in range(60_000))
    document = _with("labels", "{" + labels + "}").encode()
    assert len(document) * reader.MOST_PER_CHAR > Limits().max_graph_bytes
    native = check_decode(kitchen, "Mapped", document)
    assert native is not None and len(native.labels) == 60_000
    budget = reader.estimate_memory(document, exact=False, orjson=False)
    for limit, accepted in ((budget - 1, False), (budget, True)):
        limits = Limits(max_graph_bytes=limit)
        got = kitchen._native_read_Mapped(document, read_limits(limits))
        assert (got is not None) is accepted
        expected = pure_decode(kitchen, "Mapped", document, limits)
        assert isinstance(expected, DecodeError) is not accepted


def test_many_codes_keep_memory_and_references_flat(kitchen: Any) -> None:
    value = _valid(kitchen)
    tag = "".join(["ta", "g1"])  # a str of its own, not a cached one
    value.tags = [tag, "b"]
    value.labels = {tag: tag}
    good = value.to_json_bytes()
    bad = [
        _with("labels", '{"a":"b","c":1}'),
        _with("tags", '["a","b","a"]'),
        _with("codes", "[1," + ",".join(map(str, range(40))) + "]"),
        _with("labels", '{"a":"b","c":"d"'),
    ]
    repeated = _valid(kitchen)
    repeated.tags = ["x", "x"]
    keyed = _valid(kitchen)
    keyed.labels = {"a": "b", 1: "c"}
    watched = [kitchen.Color.RED, kitchen.Color.GREEN, tag, value.labels]
    gc.collect()  # what earlier tests left is not counted
    before = [sys.getrefcount(item) for item in watched]

    def run(times: int) -> None:
        for _ in range(times):
            assert kitchen._native_read_Mapped(good) is not None
            for document in bad:
                assert kitchen._native_read_Mapped(document) is None
            assert kitchen._native_Mapped(value, 20) is not None
            assert kitchen._native_Mapped(repeated, 20) is None
            assert kitchen._native_Mapped(keyed, 20) is None

    run(5_000)
    gc.collect()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    run(50_000)
    gc.collect()
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak
    assert grown < 4096, f"{grown} KiB more after 50,000 rounds"
    assert [sys.getrefcount(item) for item in watched] == before


# ------------------------------------------------------------ sets and tuples

#: The compiled encoders walk a set's table with _PySet_NextEntry, which CPython
#: exports up to 3.12; from 3.13 on the Python encoders write sets.
SETS_WRITTEN = sys.version_info < (3, 13)
written_sets = pytest.mark.skipif(
    not SETS_WRITTEN, reason="the Python encoders write sets on this CPython"
)


def _collected(kitchen: Any) -> Any:
    Color = kitchen.Color
    return kitchen.Collected(
        tags={"b", "a", "é", "😀", "", '"', "\\", "\x00", "\x7f", "~"},
        codes={10, -1, 2, -20, 0, 2**31 - 1},
        shades={None, Color.RED, Color.GREEN},
        pairs={("b", "x"), ("a", "y"), ("a", "")},
        pair=("p", -(2**63)),
        triple=(math.nan, None, [Color.RED]),
        coordinates=(1.5, -0.0, math.inf),
        distinct=(1, -1, 127, -128),
        maybe_pair=None,
        no_tags=set(),
        no_bytes=(),
    )


def test_sets_and_tuples_are_compiled(kitchen: Any) -> None:
    codecs = {codec.type.__name__: codec for codec in kitchen.CODECS}
    assert codecs["Collected"].native is not None
    assert codecs["Collected"].native_read is not None
    # Floats share hashes at will: the Python decoder guards their sets.
    assert codecs["FloatSet"].native is not None
    assert codecs["FloatSet"].native_read is None


@written_sets
def test_set_items_are_sorted_by_their_json_text(
    kitchen: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    value = _collected(kitchen)
    native = _encodes_alike(kitchen, value, monkeypatch)
    assert native is not None
    assert b'"codes":[-1,-20,0,10,2,2147483647]' in native
    assert b'"shades":["GREEN","RED",null]' in native
    assert b'"pairs":[["a",""],["a","y"],["b","x"]]' in native
    assert b'"triple":["NaN",null,["RED"]]' in native
    assert b'"no_tags":[]' in native and b'"no_bytes":[]' in native
    floats = kitchen.FloatSet(values={1.5, -0.0, 1e16, math.inf, 2.0, 1e-7})
    assert _encodes_alike(kitchen, floats, monkeypatch) is not None
    frozen = _collected(kitchen)
    frozen.tags = frozenset(frozen.tags)
    assert _encodes_alike(kitchen, frozen, monkeypatch) == native


@FUZZ
@given(data=st.data())
def test_sets_and_tuples_write_as_python_does(
    kitchen: Any, data: st.DataObject, monkeypatch: pytest.MonkeyPatch
) -> None:
    value = data.draw(collected(kitchen))
    assert (_encodes_alike(kitchen, value, monkeypatch) is not None) is SETS_WRITTEN
    value = data.draw(collected(kitchen, unique=False))
    native = _encodes_alike(kitchen, value, monkeypatch)
    repeats = len(set(value.distinct)) != len(value.distinct)
    assert (native is None) is (repeats or not SETS_WRITTEN)
    floats = kitchen.FloatSet(values=data.draw(st.sets(st.floats(), max_size=8)))
    _encodes_alike(kitchen, floats, monkeypatch)


class _Set(set):  # type: ignore[type-arg]
    pass


class _Tuple(tuple):  # type: ignore[type-arg]
    pass


WRONG_CONTAINERS = [
    ("tags", _Set({"a"})),
    ("tags", ["a"]),
    ("tags", {"a", _Str("b")}),  # written by the Python encoders
    ("tags", {"a", 1}),
    ("tags", {"\ud800"}),
    ("codes", {1, 2**31}),
    ("codes", {True}),
    ("codes", {1.5}),
    ("shades", {"RED"}),
    ("pairs", {("a",)}),
    ("pairs", {("a", 1)}),
    ("pair", ("a",)),
    ("pair", ("a", 1, 2)),
    ("pair", ["a", 1]),
    ("pair", _Tuple(("a", 1))),
    ("pair", ("a", True)),
    ("triple", (1, None, [])),  # an int for a float: the Python encoders'
    ("triple", (1.5, 0, [])),
    ("triple", (1.5, None, ())),
    ("coordinates", [1.5]),
    ("coordinates", (1.5, "x")),
    ("distinct", (1, 2, 1)),
    ("distinct", (*range(100), 50)),
    ("distinct", [1, 2]),
    ("maybe_pair", ("a", 128)),
]


@written_sets
@pytest.mark.parametrize(("field", "wrong"), WRONG_CONTAINERS)
def test_what_the_compiled_set_and_tuple_encoders_give_up_on(
    kitchen: Any, monkeypatch: pytest.MonkeyPatch, field: str, wrong: object
) -> None:
    value = _collected(kitchen)
    assert kitchen._native_Collected(value, 20) is not None
    setattr(value, field, wrong)
    assert kitchen._native_Collected(value, 20) is None
    _encodes_alike(kitchen, value, monkeypatch)


def test_nesting_through_sets_and_tuples_is_counted(kitchen: Any) -> None:
    value = _collected(kitchen)
    # Collected, pairs and a pair; triple and its list.
    if SETS_WRITTEN:
        assert kitchen._native_Collected(value, 3) is not None
        assert kitchen._native_Collected(value, 2) is None
    value.pairs = set()
    value.triple = (1.5, None, [])
    document = value.to_json()
    for limit, accepted in ((2, False), (3, True)):
        limits = read_limits(Limits(max_depth=limit))
        assert (kitchen._native_read_Collected(document, limits) is not None) is (
            accepted
        )


@FUZZ
@given(data=st.data())
def test_sets_and_tuples_read_as_python_does(kitchen: Any, data: st.DataObject) -> None:
    value = data.draw(collected(kitchen))
    for document in (
        value.to_json_bytes(),
        value.to_json(),
        value.to_json_bytes(escape_non_ascii=True),
        value.to_json_bytes(pretty=True),
    ):
        assert check_decode(kitchen, "Collected", document) is not None
    # Items given twice: one set item; a repeat in the unique tuple: refused.
    document = json.loads(value.to_json())
    items = data.draw(st.lists(KEYS, max_size=6))
    document["tags"] = items + items[: data.draw(st.integers(0, len(items)))]
    document["codes"] = data.draw(st.lists(st.integers(-3, 3), max_size=8))
    document["distinct"] = data.draw(st.lists(st.integers(-3, 3), max_size=5))
    native = check_decode(kitchen, "Collected", json.dumps(document))
    distinct = document["distinct"]
    assert (native is None) is (len(set(distinct)) != len(distinct))


_COLLECTED = (
    '{"tags":[],"codes":[],"shades":[],"pairs":[],"pair":["a",1],'
    '"triple":[1,null,[]],"coordinates":[],"distinct":[]}'
)


def _with_collected(member: str, text: str) -> str:
    document = json.loads(_COLLECTED)
    document[member] = json.loads(text)
    return json.dumps(document)


CONTAINER_DOCUMENTS = [
    ("tags", '["b","a","b","\\u0061"]', True),
    ("shades", '[null,"RED",null,"GREEN","RED"]', True),
    ("pairs", '[["a","b"],["a","b"],["b","a"]]', True),
    ("pair", '["a",-9223372036854775808]', True),
    ("triple", '["-Infinity",true,["RED","RED"]]', True),
    ("coordinates", '[1,2.5,"NaN",-0]', True),
    ("distinct", "[1,-1,0]", True),
    ("distinct", "[1,-1,1]", False),
    ("distinct", json.dumps([*range(-128, 128), 0]), False),
    ("maybe_pair", '["x",127]', True),
    ("tags", '["a",1]', False),
    ("tags", "{}", False),
    ("codes", "[2147483648]", False),
    ("shades", '["BLUE"]', False),
    ("pairs", '[["a"]]', False),
    ("pairs", '[["a","b","c"]]', False),
    ("pairs", "[null]", False),
    ("pair", "[]", False),
    ("pair", '["a"]', False),
    ("pair", '["a",1,2]', False),
    ("pair", '{"a":1}', False),
    ("pair", '["a",1.0]', False),
    ("triple", "[1,null,null]", False),
    ("coordinates", '["x"]', False),
    ("distinct", "[128]", False),
    ("maybe_pair", '["x",128]', False),
]


@pytest.mark.parametrize(("member", "text", "accepted"), CONTAINER_DOCUMENTS)
def test_set_and_tuple_documents_are_read_as_python_reads_them(
    kitchen: Any, member: str, text: str, accepted: bool
) -> None:
    document = _with_collected(member, text)
    native = check_decode(kitchen, "Collected", document)
    assert (native is not None) is accepted
    check_decode(kitchen, "Collected", document.encode())


def test_missing_sets_and_tuples_take_their_defaults(kitchen: Any) -> None:
    first = check_decode(kitchen, "Collected", _COLLECTED)
    second = check_decode(kitchen, "Collected", _COLLECTED)
    assert first.no_tags == set() and first.no_bytes == () and first.maybe_pair is None
    assert first.no_tags is not second.no_tags
