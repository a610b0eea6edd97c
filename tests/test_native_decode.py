"""The compiled decoders of ``foryjson-gen --native``, against the Python decoders
they stand in for (the reference): the same objects from every document the Python
decoder accepts, and for every other document no result of their own (they give up,
and ``from_json`` raises the Python decoder's ``DecodeError``).

The package is the one ``tests/native_support.py`` builds; without a C compiler or
Python's headers these tests skip.
"""

from __future__ import annotations

import gc
import importlib
import json
import math
import random
import resource
import struct
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, ForyJson, reader
from foryjson.limits import Limits
from foryjson.native import read_limits
from tests.conformance.cases import CASES
from tests.hostile_documents import HOSTILE
from tests.native_support import (
    PACKAGE,
    check_decode,
    everything,
    pure_decode,
    rebuild,
    same,
)
from tests.schema_strategies import for_model, modules

FUZZ = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def _module(name: str) -> Any:
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_the_modules_use_their_compiled_decoders(native_package: Path) -> None:
    kitchen = _module("kitchen")
    codecs = {codec.type.__name__: codec for codec in kitchen.CODECS}
    for name in ("Everything", "Folder", "Floats", "Defaults", "Stamped", "Dated"):
        assert codecs[name].native_read is not None, name
    assert kitchen._native_read_Everything is codecs["Everything"].native_read


@pytest.mark.parametrize("name", ["clients", "media", "users"])
@FUZZ
@given(data=st.data())
def test_documents_read_to_the_python_objects(
    native_package: Path, name: str, data: st.DataObject
) -> None:
    module = _module(name)
    for model in modules()[name].models:
        document = data.draw(for_model(name, model)).to_json_bytes()
        for form in (document, document.decode(), bytearray(document)):
            assert check_decode(module, model.name, form) is not None
        assert check_decode(module, model.name, memoryview(document)) is not None


@settings(FUZZ, max_examples=200)
@given(data=st.data())
def test_every_type_reads_as_python_does(
    native_package: Path, data: st.DataObject
) -> None:
    kitchen = _module("kitchen")
    value = data.draw(everything(kitchen, huge_bits=63, int_bits=200, lists=20))
    document = value.to_json_bytes()
    assert check_decode(kitchen, "Everything", document) is not None
    escaped = value.to_json_bytes(escape_non_ascii=True)
    pretty = value.to_json_bytes(pretty=True)
    assert check_decode(kitchen, "Everything", escaped) is not None
    assert check_decode(kitchen, "Everything", pretty) is not None


_TOKENS = [
    b'"',
    b"\\",
    b"\\u",
    b"\\ud800",
    b"\\udc00",
    b"\\ud83d\\ude00",
    b"{",
    b"}",
    b"[",
    b"]",
    b",",
    b":",
    b"null",
    b"true",
    b"false",
    b"-0",
    b"-0.0",
    b"1e400",
    b"0.5",
    b"\xff",
    b"\xed\xa0\x80",
    b"\xc3",
    b"\xf4\x90\x80\x80",
    b" ",
    b"\n",
    b"\x00",
    b"\x1f",
    b"99999999999999999999",
    b'"NaN"',
    b'"Infinity"',
    b"1.0",
    b"-",
    b"01",
    b"1.",
    b".5",
    b"1e",
    b"+1",
    b'"\\u00e9"',
    b'"x":1,',
    b'{"a":[1,{"b":null}]}',
    b"\xef\xbb\xbf",
    b"\t",
    b"\r",
    b"\\/",
    b'\\"',
]


def _mutated(document: bytes, rng: random.Random) -> bytes:
    data = bytearray(document)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(data) + 1)
        kind = rng.randrange(4)
        if kind == 0 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif kind == 1:
            data[at:at] = rng.choice(_TOKENS)
        elif kind == 2:
            del data[at : at + rng.randint(1, 5)]
        else:  # a stretch repeated: duplicated members, doubled commas...
            data[at:at] = data[at : at + rng.randint(1, 30)]
    return bytes(data)


@pytest.mark.parametrize("name", ["clients", "media", "users"])
@settings(FUZZ, max_examples=150)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_mutated_documents_read_as_python_does_or_give_up(
    native_package: Path, name: str, data: st.DataObject, seed: int
) -> None:
    module = _module(name)
    rng = random.Random(seed)
    for model in modules()[name].models:
        document = data.draw(for_model(name, model)).to_json_bytes()
        for _ in range(5):
            check_decode(module, model.name, _mutated(document, rng))


@pytest.mark.parametrize("case", HOSTILE, ids=[case.name for case in HOSTILE])
def test_hostile_documents_are_the_python_outcomes(
    native_package: Path, case: Any
) -> None:
    models = ("Everything", "Folder", "Floats", "Defaults", "Stamped", "Mapped")
    for model in (*models, "DatedMap"):
        check_decode(_module("kitchen"), model, case.document)
        check_decode(
            _module("kitchen"), model, case.document.encode("utf-8", "surrogatepass")
        )
    check_decode(_module("media"), "MediaContent", case.document)


FAULTS = [
    b'{"values":[1,2,]}',
    b'{"values":[1 2]}',
    b'{"values":[01]}',
    b'{"values":[1.]}',
    b'{"values":[.5]}',
    b'{"values":[NaN]}',
    b'{"values":[Infinity]}',
    b'{"values":["nan"]}',
    b'{"values":[1e400]}',
    b'{"values":[' + b"9" * 400 + b"]}",
    b'{"values":[1]}x',
    b'{"values":[1]}{}',
    b'\xef\xbb\xbf{"values":[]}',
    b'{"values":[],"extra":"\\ud800"}',
    b'{"values":[],"extra":"\\udc00\\ud800"}',
    b'{"values":[],"extra":"\xed\xa0\x80"}',
    b'{"values":[],"extra":"\xc3"}',
    b'{"values":[],"extra":"\x01"}',
    b'{"values":[],"extra":"\\x"}',
    b'{"values":[],"extra":tru}',
    b'{"values":[],"extra":[1,{"a":}]}',
    b'{"values":[],"\\ud800":1}',
    b'{"values":null}',
    b'{"values":[null]}',
    b'{"values":[true]}',
    b'{"values":["1.5"]}',
    b"[]",
    b"",
    b"   ",
    b"null",
]


@pytest.mark.parametrize("document", FAULTS)
def test_faults_are_the_python_errors(native_package: Path, document: bytes) -> None:
    kitchen = _module("kitchen")
    native = check_decode(kitchen, "Floats", document)
    if document not in (b'{"values":[1e400]}', b'{"values":[' + b"9" * 400 + b"]}"):
        assert native is None
    check_decode(kitchen, "Floats", document.decode("utf-8", "surrogateescape"))


def test_what_python_accepts_too_is_read_the_same(native_package: Path) -> None:
    kitchen = _module("kitchen")
    accepted = [
        b' \t\r\n{ "values" : [ 1 , -0 , -0.0 , 2.5e-3 , 1E+2 ] } \n',
        b'{"values":[],"extra":[1,{"a":[null,true,false,"\\u00e9\\ud83d\\ude00"]}]}',
        b'{"values":[1],"values":[2,3]}',  # the last member of a name wins
        b'{"v\\u0061lues":[4]}',  # an escaped name
        b'{"values":["NaN","Infinity","-Infinity"]}',
        b'{"values":[123456789012345678901234567890]}',
        b'{"values":[0.1,0.30000000000000004,5e-324,1.7976931348623157e308]}',
        b'{"values":[1e-20,9007199254740993,1.5e300,4.9406564584124654e-324]}',
    ]
    for document in accepted:
        assert check_decode(kitchen, "Floats", document) is not None, document
    folder = _module("kitchen").Folder.from_json(
        b'{"name":"a","children":[],"parent":null,"name":"b"}'
    )
    assert folder.name == "b"


@settings(max_examples=1000, deadline=None)
@given(
    st.from_regex(r"\A-?(0|[1-9][0-9]{0,24})(\.[0-9]{1,24})?([eE][-+]?[0-9]{1,3})?\Z")
)
@example("9007199254740993")
@example("0.1000000000000000055511151231257827")
@example("2.2250738585072011e-308")
@example("1.00000000000000011102230246251565404236316680908203125")
@example("0.00001234567890123456")  # 16 digits over 10^20: the largest divisor
@example("1234567890123456789e-20")
@example("1234567890123456789e19")
def test_numbers_read_as_python_reads_them(native_package: Path, text: str) -> None:
    kitchen = _module("kitchen")
    document = ('{"values":[' + text + "]}").encode()
    expected = pure_decode(kitchen, "Floats", document)
    native = kitchen._native_read_Floats(document)
    if native is not None:
        assert same(native, expected)
        value = float(int(text)) if text.lstrip("-").isdigit() else float(text)
        assert struct.pack("<d", native.values[0]) == struct.pack("<d", value)
    else:
        assert isinstance(expected, DecodeError) or not math.isfinite(float(text)), text


def test_missing_members_take_their_defaults(native_package: Path) -> None:
    kitchen = _module("kitchen")
    first = check_decode(kitchen, "Defaults", b"{}")
    assert first is not None
    assert (first.name, first.count, first.big, first.ratio, first.flag) == (
        "né",
        3,
        123456789012345678901234567890,
        0.5,
        True,
    )
    assert (first.color, first.tags, first.note, first.stamp) == (
        kitchen.Color.GREEN,
        [],
        None,
        7,
    )
    # Schema text reaches the C source only as C string literals.
    assert first.hostile == '*/ "??/\\ \u2028#include'
    named = check_decode(kitchen, "Defaults", b'{"*/ \\"??/\\\\ x":"v"}')
    assert named is not None and named.hostile == "v"
    second = kitchen.Defaults.from_json(b'{"count":4}')
    assert second.count == 4 and second.tags == []
    assert second.tags is not first.tags  # a fresh list for each object
    # reject: an unknown member, and the read-only one, are the Python decoder's.
    assert check_decode(kitchen, "Defaults", b'{"extra":1}') is None
    check_decode(kitchen, "Defaults", b'{"stamp":1}')
    # A required member missing: the Python error.
    assert check_decode(kitchen, "Floats", b"{}") is None


def _nested_document(levels: int) -> bytes:
    document = '{"name":"leaf","children":[],"parent":null}'
    for index in range(levels - 1):
        document = f'{{"name":"d{index}","children":[{document}],"parent":null}}'
    return document.encode()


@pytest.mark.parametrize("levels", [1, 10, 11, 12, 100, 300])
def test_nesting_is_counted_as_the_python_reader_counts_it(
    native_package: Path, levels: int
) -> None:
    kitchen = _module("kitchen")
    document = _nested_document(levels)
    # Each folder adds an object and an array: 2 * levels - 1 levels in all.
    native = check_decode(kitchen, "Folder", document)
    assert (native is not None) is (2 * levels - 1 <= 20)
    limits = Limits(max_depth=200)
    native = kitchen._native_read_Folder(document, read_limits(limits))
    assert (native is not None) is (2 * levels - 1 <= 200)
    api = ForyJson(kitchen, max_depth=200)
    expected = pure_decode(kitchen, "Folder", document, limits)
    if isinstance(expected, DecodeError):
        with pytest.raises(DecodeError, match="deeper than the limit of 200"):
            api.from_json(document, kitchen.Folder)
    else:
        assert same(api.from_json(document, kitchen.Folder), expected)


def test_deep_junk_in_an_ignored_member_is_the_python_error(
    native_package: Path,
) -> None:
    kitchen = _module("kitchen")
    for depth in (19, 20, 21, 100_000):
        junk = b"[" * depth + b"]" * depth
        document = b'{"values":[],"extra":' + junk + b"}"
        assert (check_decode(kitchen, "Floats", document) is not None) is (depth < 20)


def test_the_limits_are_the_python_reader_s(native_package: Path) -> None:
    kitchen = _module("kitchen")
    document = ('{"values":[' + ",".join(["1.5"] * 200_000) + "]}").encode()
    # Past what a glance allows (size * MOST_PER_CHAR over the budget), the
    # compiled decoder asks the reader's estimate first.
    assert len(document) * reader.MOST_PER_CHAR > Limits().max_graph_bytes
    assert check_decode(kitchen, "Floats", document) is not None
    for limits in (
        Limits(max_input_bytes=len(document) - 1),
        Limits(max_graph_bytes=len(document) * 4),
    ):
        assert kitchen._native_read_Floats(document, read_limits(limits)) is None
        expected = pure_decode(kitchen, "Floats", document, limits)
        assert isinstance(expected, DecodeError)
        api = ForyJson(kitchen, limits=limits)
        with pytest.raises(DecodeError) as raised:
            api.from_json(document, kitchen.Floats)
        assert str(raised.value) == str(expected)
    text = document.decode()
    limits = Limits(max_input_bytes=len(text))
    assert kitchen._native_read_Floats(text, read_limits(limits)) is not None


def test_inputs_the_python_reader_refuses_are_its_errors(
    native_package: Path,
) -> None:
    kitchen = _module("kitchen")
    refused: list[Any] = [None, 12, {"values": []}, ["x"]]
    for data in refused:
        assert kitchen._native_read_Floats(data) is None
        with pytest.raises(TypeError):
            kitchen.Floats.from_json(data)
    view = memoryview(b'{"values":[]}')
    view.release()
    assert kitchen._native_read_Floats(view) is None
    with pytest.raises(TypeError, match="released"):
        kitchen.Floats.from_json(view)
    lone = '{"values":[],"x":"\ud800"}'
    assert check_decode(kitchen, "Floats", lone) is None
    strided = memoryview(b'{"values":[1]}  ')[::2]
    check_decode(kitchen, "Floats", strided)


def test_many_decodes_keep_memory_and_references_flat(native_package: Path) -> None:
    media = _module("media")
    kitchen = _module("kitchen")
    good = media.MediaContent.from_json(
        __import__("tests.media_fixture", fromlist=["x"]).media_1().to_json_bytes()
    ).to_json_bytes()
    bad = good.replace(b'"JAVA"', b'"JAVAX"')
    deep = b'{"values":[],"x":' + b"[" * 30 + b"]" * 30 + b"}"
    watched = [media.Player.JAVA, media.Size.LARGE, kitchen.Color.GREEN]
    before = [sys.getrefcount(item) for item in watched]
    defaults = b'{"tags":["a"]}'
    # A list given twice, the first one dropped; lists and objects made before
    # the document fails.
    repeated = good.replace(b'"persons":', b'"persons":["x","y"],"persons":', 1)
    assert repeated != good
    late_fault = _nested_document(5)[:-1] + b',"parent":1}'

    def run(times: int) -> None:
        for _ in range(times):
            assert media._native_read_MediaContent(good) is not None
            assert media._native_read_MediaContent(bad) is None
            assert media._native_read_MediaContent(repeated) is not None
            assert kitchen._native_read_Folder(late_fault) is None
            assert kitchen._native_read_Floats(deep) is None
            assert kitchen._native_read_Defaults(defaults) is not None

    run(20_000)
    gc.collect()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    run(200_000)
    gc.collect()
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak
    assert grown < 4096, f"{grown} KiB more after 1,200,000 decodes"
    assert [sys.getrefcount(item) for item in watched] == before


def _string_slot(text: str) -> int:
    """The slot of the compiled decoders' table of short strings that holds text
    (ASCII, 1 to 64 characters): the hash of foryjson_read.h's fj_short_str."""
    data = text.encode()
    length = len(data)
    if length >= 8:
        first = int.from_bytes(data[:8], "little")
        last = int.from_bytes(data[-8:], "little")
    elif length >= 4:
        first = int.from_bytes(data[:4], "little")
        last = int.from_bytes(data[-4:], "little")
    else:
        first = data[0] | data[length // 2] << 8 | data[-1] << 16
        last = 0
    rotated = (last << 29 | last >> 35) & (2**64 - 1)
    hashed = ((first ^ rotated ^ length) * 0x9E3779B97F4A7C15) & (2**64 - 1)
    return hashed >> 54


def test_short_strings_are_shared_between_documents(native_package: Path) -> None:
    """Short ASCII strings are kept in a table by a hash of their bytes: a string
    read again is the same object, and strings of one slot (the same first and
    last eight bytes, the same length) are told apart."""
    read = _module("kitchen")._native_read_Folder
    rng = random.Random(20261202)
    alphabet = "abcXYZ019 _-/"
    names = [
        "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 70)))
        for _ in range(3000)
    ]
    names += ["", "a", "ab", "abc", "abcd", "a" * 8, "a" * 16, "a" * 17, "é", "x\ny"]
    names += [f"aaaaaaaa{middle}bbbbbbbb" for middle in ("X", "Y", "XY", "YX")] * 2
    document = json.dumps(
        {"name": "root", "children": [{"name": n, "children": []} for n in names]}
    ).encode()
    for _ in range(2):
        assert [child.name for child in read(document).children] == names

    def name(text: str) -> str:
        folder = read(json.dumps({"name": text, "children": []}).encode())
        return str(folder.name)

    # The table is full: a new string takes its slot after 16 misses in a row.
    for text in ("shared", "s" * 64, "a" * 16):
        reads = [name(text) for _ in range(17)]
        assert reads[-1] is reads[-2] and reads[-1] == text
    assert name("s" * 65) == name("s" * 65) and name("s" * 65) is not name("s" * 65)
    assert name("shar\u00e9d") is not name("shar\u00e9d")
    escaped = read(b'{"name":"sh\\u0061red","children":[]}')
    assert escaped is not None and escaped.name == "shared"


def test_short_strings_that_come_back_outlast_one_off_values(
    native_package: Path,
) -> None:
    """A string in the table stays there while fewer than 16 other strings of its
    slot are read in a row; each read of it starts the count again."""
    read = _module("kitchen")._native_read_Folder

    def name(text: str) -> str:
        folder = read(json.dumps({"name": text, "children": []}).encode())
        return str(folder.name)

    kept = "status-active"
    rng = random.Random(20261203)
    others: list[str] = []
    while len(others) < 16:
        text = f"v{rng.getrandbits(48):x}"
        if _string_slot(text) == _string_slot(kept) and text not in others:
            others.append(text)
    while name(kept) is not name(kept):  # until it holds the slot
        pass
    cached = name(kept)
    for _ in range(3):
        for text in others[:15]:
            assert name(text) == text
        assert name(kept) is cached  # 15 misses, then a hit
    for _ in range(16):
        name(others[15])  # 16 misses in a row: its slot changes hands
    assert name(kept) is not cached
    assert name(others[15]) is name(others[15])


def _containers(value: Any) -> list[Any]:
    """value and every list and model object under it."""
    found = [value]
    items = value if isinstance(value, list) else getattr(value, "__slots__", ())
    for item in items:
        child = item if isinstance(value, list) else getattr(value, item)
        if isinstance(child, list) or hasattr(child, "__slots__"):
            found += _containers(child)
    return found


def test_decoded_objects_are_tracked_by_the_garbage_collector(
    native_package: Path,
) -> None:
    # The decoders keep the lists and objects they make from the collector while
    # the document is read, and must hand them all back to it.
    kitchen = _module("kitchen")
    folder = check_decode(kitchen, "Folder", _nested_document(6))
    drawing = check_decode(
        kitchen,
        "Drawing",
        b'{"kind":"a","shapes":[{"kind":"dot"}],"shapes":[{"kind":"dot"},'
        b'{"kind":"circle","radius":1}],"first":null}',
    )
    assert folder is not None and drawing is not None
    found = _containers(folder) + _containers(drawing)
    assert len(found) == 6 * 2 + 4
    assert all(gc.is_tracked(item) for item in found)
    # A cycle made afterwards is the collector's to free.
    del found
    gc.collect()
    folder.children.append(folder)
    del folder
    assert gc.collect() >= 6 * 2


def test_threads_share_the_decoders(native_package: Path) -> None:
    media = _module("media")
    kitchen = _module("kitchen")
    documents = [
        (
            media.MediaContent,
            rebuild(
                __import__("tests.media_fixture", fromlist=["x"]).media_1(), media
            ).to_json_bytes(),
        ),
        (kitchen.Folder, _nested_document(10)),
        (kitchen.Defaults, b'{"name":"x"}'),
    ]
    expected = [cls.from_json(document) for cls, document in documents]

    def work() -> bool:
        return all(
            [cls.from_json(document) for cls, document in documents] == expected
            for _ in range(2000)
        )

    with ThreadPoolExecutor(4) as pool:
        assert all(pool.map(lambda _: work(), range(8)))


def test_many_floats_read_exactly(native_package: Path) -> None:
    kitchen = _module("kitchen")
    rng = random.Random(20261202)
    texts = [
        repr(struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0])
        for _ in range(50_000)
    ]
    for _ in range(100_000):  # 16 to 19 digits, where 128-bit arithmetic decides
        digits = str(rng.randrange(10**15, 10**19))
        point = rng.randint(0, len(digits))
        exponent = rng.choice(["", f"e{rng.randint(-25, 25)}"])
        texts.append(f"{digits[:point] or '0'}.{digits[point:] or '0'}{exponent}")
    texts += [f"{rng.randrange(10**19)}e{rng.randint(-22, 20)}" for _ in range(50_000)]
    for zeros in range(45):  # the fraction's zeros, then 1 to 21 digits that count
        digits = str(rng.randrange(10**20, 10**21))
        texts += [f"-0.{'0' * zeros}{digits[:n]}" for n in range(1, 22)]
    texts = [text for text in texts if math.isfinite(float(text))]
    document = ("{" + '"values":[' + ",".join(texts) + "]}").encode()
    native = kitchen._native_read_Floats(document)
    assert native is not None
    got = struct.pack(f"<{len(texts)}d", *native.values)
    assert got == struct.pack(f"<{len(texts)}d", *map(float, texts))


STAMPED = (
    b'{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","day":"2024-02-29",'
    b'"moment":"2024-02-29T23:59:59.123456+05:30","millis":1709251199123,'
    b'"amount":198.70,"text_amount":"-0.0010","blob":"AAEC/w==","hex":"0001ff",'
    b'"stamps":[]}'
)


@pytest.mark.parametrize(
    ("field", "replacement"),
    [
        (None, None),
        (b'"day":"2024-02-29"', b'"day":null'),
        (b'"amount":198.70', b'"amount":12'),
        (b'"amount":198.70', b'"amount":1E+400'),
        (b'"amount":198.70', b'"amount":"198.70"'),
        (b'"id":"6F9619FF', b'"id":"6F9619FG'),
        (b'"day":"2024-02-29"', b'"day":"2023-02-29"'),
        (b'"day":"2024-02-29"', b'"day":20240229'),
        (b'"millis":1709251199123', b'"millis":1709251199123.5'),
        (b'"millis":1709251199123', b'"millis":"1709251199123"'),
        (b'"millis":1709251199123', b'"millis":' + b"9" * 30),
        (b'"text_amount":"-0.0010"', b'"text_amount":-0.0010'),
        (b'"text_amount":"-0.0010"', b'"text_amount":"1e5"'),
        (b'"blob":"AAEC/w=="', b'"blob":"AAEC/w="'),
        (b'"hex":"0001ff"', b'"hex":"0001FF"'),
        (b'"moment":"2024-02-29T23:59:59.123456+05:30"', b'"moment":"2024-02-29"'),
        (b'"stamps":[]', b'"stamps":[' + STAMPED + b"]"),
    ],
)
def test_values_read_by_runtime_functions_are_the_python_values(
    native_package: Path, field: bytes | None, replacement: bytes | None
) -> None:
    kitchen = _module("kitchen")
    document = STAMPED
    if field is not None and replacement is not None:
        assert field in document
        document = document.replace(field, replacement, 1)
    native = check_decode(kitchen, "Stamped", document)
    if field is None:
        assert native is not None
        assert str(native.amount) == "198.70"  # every digit, as the Python reader
        assert native.blob == b"\x00\x01\x02\xff"
    check_decode(kitchen, "Stamped", document.decode())


def test_every_position_of_an_escape_is_written_and_read(native_package: Path) -> None:
    # The C codecs look at strings 16 and 8 bytes at a time: put each character
    # that needs care at every position of strings around those sizes.
    kitchen = _module("kitchen")
    value = kitchen.Everything(
        text="",
        maybe_text=None,
        flag=True,
        tiny=1,
        small=1,
        medium=1,
        word=1,
        big=1,
        huge=1,
        any_int=1,
        ratio=1.5,
        maybe_ratio=None,
        color=kitchen.Color.RED,
        maybe_color=None,
        counts=[],
        nested=[],
        quoted="",
        always_null=None,
    )
    texts = [""]
    for length in range(1, 41):
        for at in range(length):
            for special in ('"', "\\", "\x00", "\x1f", "\x7f", "é", "😀"):
                texts.append("a" * at + special + "b" * (length - at - 1))
    for text in texts:
        value.text = text
        document = kitchen._native_Everything(value, 20)
        assert document == kitchen._encode_Everything(value).encode()
        assert json.loads(document)["text"] == text
        for form in (document, value.to_json_bytes(escape_non_ascii=True)):
            decoded = kitchen._native_read_Everything(form)
            assert decoded is not None and decoded.text == text


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_conformance_corpus_reads_as_python_reads_it(
    native_package: Path, case: Any
) -> None:
    # Each case as an ignored member's value (what the reader checks and skips) and,
    # where it is a number, as a float: accepted by the compiled decoder where the
    # Python reader accepts it, refused (left to the Python reader) where not.
    kitchen = _module("kitchen")
    raw = (
        case.document
        if isinstance(case.document, bytes)
        else case.document.encode("utf-8", "surrogatepass")
    )
    wrapped = b'{"values":[],"x":' + raw + b"}"
    native = check_decode(kitchen, "Floats", wrapped)
    expected = pure_decode(kitchen, "Floats", wrapped)
    if not isinstance(expected, DecodeError) and len(raw) < 4000:
        assert native is not None, case.name
    if isinstance(case.document, str):
        check_decode(kitchen, "Floats", '{"values":[],"x":' + case.document + "}")


def test_the_memory_estimate_is_the_python_reader_s(native_package: Path) -> None:
    # Stamped holds decimals, so its documents are estimated with exact numbers:
    # a budget between the two estimates is refused, as by the Python reader.
    kitchen = _module("kitchen")
    document = STAMPED[:-1] + b',"x":[' + b",".join([b"1"] * 5000) + b"]}"
    plain = reader.estimate_memory(document, exact=False, orjson=False)
    exact = reader.estimate_memory(document, exact=True, orjson=False)
    assert plain < exact
    for budget, accepted in (
        (plain, False),
        ((plain + exact) // 2, False),
        (exact, True),
    ):
        limits = Limits(max_graph_bytes=budget)
        native = kitchen._native_read_Stamped(document, read_limits(limits))
        assert (native is not None) is accepted, budget
        expected = pure_decode(kitchen, "Stamped", document, limits)
        assert isinstance(expected, DecodeError) is not accepted
    text = document.decode()
    assert kitchen._native_read_Stamped(
        text, read_limits(Limits(max_graph_bytes=exact))
    )
    wide = document.replace(b'"hex":"0001ff"', b'"hex":"0001ff","y":"\xc3\xa9\\u00e9"')
    for data in (wide, wide.decode()):
        budget = reader.estimate_memory(data, exact=True, orjson=False)
        for limit, accepted in ((budget - 1, False), (budget, True)):
            native = kitchen._native_read_Stamped(
                data, read_limits(Limits(max_graph_bytes=limit))
            )
            assert (native is not None) is accepted, (type(data), limit)


#: Array items with every mark the estimate counts, and text that widens it.
_MARKED_ITEMS = st.sampled_from(
    [b"[1,2]", b'{"a":{"b":[]}}', b'"\\\\"', b'"\\u00e9"', b'"\xc3\xa9"', b"1", b'"x"']
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(items=st.lists(_MARKED_ITEMS, max_size=300))
def test_the_memory_estimate_counts_every_mark(
    native_package: Path, items: list[bytes]
) -> None:
    # Long enough to span many of the blocks the compiled count works in.
    kitchen = _module("kitchen")
    document = STAMPED[:-1] + b',"x":[' + b",".join(items) + b"]}"
    budget = reader.estimate_memory(document, exact=True, orjson=False)
    for limit, accepted in ((budget - 1, False), (budget, True)):
        native = kitchen._native_read_Stamped(
            document, read_limits(Limits(max_graph_bytes=limit))
        )
        assert (native is not None) is accepted, limit
