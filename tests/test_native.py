"""The native target: C encoders from ``foryjson-gen --native``, built and compared
with the Python encoders they stand in for (the reference).

The package is generated into a temporary folder and compiled with
``foryjson.native.build``; without a C compiler or Python's headers those tests skip.
The drift check and the C quoting filter need no compiler.
"""

from __future__ import annotations

import ast
import base64
import binascii
import datetime as dt
import decimal
import gc
import importlib
import importlib.machinery
import importlib.util
import json
import math
import os
import random
import re
import resource
import struct
import subprocess
import sys
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from foryjson import EncodeError, ForyJson, writer
from foryjson.gen.cli import main
from foryjson.gen.quoting import c_comment, c_string
from foryjson.limits import MAX_NUMBER_CHARS, Limits
from foryjson.native import include_dir
from tests.native_support import (
    PACKAGE,
    everything,
    generate,
    pure_bytes,
    rebuild,
    same_encoding,
)
from tests.schema_strategies import for_model, modules


@pytest.fixture
def package(native_package: Path) -> Path:
    return native_package


def _module(package: Path, name: str) -> Any:
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_the_modules_use_their_compiled_encoders(package: Path) -> None:
    media = _module(package, "media")
    kitchen = _module(package, "kitchen")
    assert media.NATIVE is True and kitchen.NATIVE is True
    codecs = {codec.type.__name__: codec for codec in kitchen.CODECS}
    assert codecs["Everything"].native is not None
    assert codecs["Folder"].native is not None
    assert codecs["Dated"].native is not None and codecs["Scalars"].native is not None
    # A model with a duration, and one holding it, are the Python encoders'.
    assert codecs["Lasting"].native is None and codecs["HoldsLasting"].native is None
    source = (package / PACKAGE / "_kitchen_native.c").read_text(encoding="utf-8")
    assert (
        "Lasting: encoder: field elapsed: duration is handled by Python only" in source
    )
    assert (
        "HoldsLasting: encoder: field lasting: Lasting is handled by Python only"
        in source
    )
    # Dates are read by the runtime function the Python decoder calls.
    assert codecs["Dated"].native_read is not None
    assert codecs["Lasting"].native_read is not None


@pytest.mark.parametrize("name", ["media", "users"])
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_native_bytes_are_the_python_bytes(
    package: Path, name: str, data: st.DataObject, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = _module(package, name)
    for model in modules()[name].models:
        original = data.draw(for_model(name, model))
        value = rebuild(original, module)
        document = getattr(module, f"_native_{model.name}")(value, 20)
        if document is not None:  # None for NaN and the infinities, among others
            assert document == pure_bytes(module, value, monkeypatch)
            assert document == original.to_json_bytes()
        same_encoding(module, value, monkeypatch)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_every_scalar_writes_as_python_does(
    package: Path, data: st.DataObject, monkeypatch: pytest.MonkeyPatch
) -> None:
    kitchen = _module(package, "kitchen")
    value = data.draw(everything(kitchen))
    same_encoding(kitchen, value, monkeypatch)
    finite = value.ratio - value.ratio == 0 and (
        value.maybe_ratio is None or value.maybe_ratio - value.maybe_ratio == 0
    )
    if finite and -(2**63) <= value.any_int < 2**63 and value.huge < 2**63:
        assert kitchen._native_Everything(value, 20) is not None


def test_integers_of_every_length_and_short_strings_write_as_python_does(
    package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Integers of 1 to 19 digits (written two digits at a time) and strings of 0 to
    20 characters (up to 16 checked and copied whole), escapes at every place."""
    kitchen = _module(package, "kitchen")
    value = _valid(kitchen)
    numbers = [0, -1, 9, 10, 99, 100, -(2**63), 2**63 - 1]
    numbers += [
        sign * 10**k + d for k in range(1, 19) for d in (-1, 0, 1) for sign in (1, -1)
    ]
    for number in numbers:
        value.big = number
        document = kitchen._native_Everything(value, 20)
        assert document is not None and b'"big":%d,' % number in document
        assert document == pure_bytes(kitchen, value, monkeypatch)
    for length in range(21):
        texts = ["x" * length]
        texts += [
            "x" * i + c + "x" * (length - i - 1)
            for i in range(length)
            for c in '"\\\n\x1f'
        ]
        for text in texts:
            value.text, value.nested = text, [[text]]
            document = kitchen._native_Everything(value, 20)
            assert document is not None
            assert document == pure_bytes(kitchen, value, monkeypatch)
            assert json.loads(document)["text"] == text


def _valid(kitchen: Any) -> Any:
    return kitchen.Everything(
        text="t",
        maybe_text=None,
        flag=True,
        tiny=-128,
        small=255,
        medium=1,
        word=4294967295,
        big=-(2**63),
        huge=2**63 - 1,
        any_int=7,
        ratio=1e16,
        maybe_ratio=None,
        color=kitchen.Color.GREEN,
        maybe_color=None,
        counts=[1, None],
        nested=[["a"], []],
        quoted='"\\\x00\x1f\x7f\u2028é😀',
        always_null=None,
    )


INVALID = [
    ("text", 1),
    ("text", "lone \ud800 surrogate"),
    ("maybe_text", "\udfff"),
    ("flag", 1),
    ("tiny", 128),
    ("tiny", True),
    ("small", -1),
    ("word", 2**32),
    ("big", 2**63),
    ("huge", 2**64),
    ("huge", 2**63),  # valid: the Python encoders write it
    ("any_int", 2**80),  # valid too
    ("any_int", 1.5),
    ("ratio", 3),  # valid: an int is written as its float
    ("ratio", "1.5"),
    ("color", "GREEN"),
    ("maybe_color", 3),
    ("counts", (1, 2)),
    ("counts", [1, "2"]),
    ("nested", [["a"], "b"]),
    ("nested", [["a", None]]),
    ("quoted", None),
    ("text", type("Sub", (str,), {})("subclass")),
]


@pytest.mark.parametrize(("field", "bad"), INVALID)
def test_faults_are_the_python_errors(
    package: Path, monkeypatch: pytest.MonkeyPatch, field: str, bad: object
) -> None:
    kitchen = _module(package, "kitchen")
    value = _valid(kitchen)
    assert kitchen._native_Everything(value, 20) is not None
    setattr(value, field, bad)
    assert kitchen._native_Everything(value, 20) is None  # the Python encoders' turn
    same_encoding(kitchen, value, monkeypatch)


@pytest.mark.parametrize("special", [math.nan, math.inf, -math.inf])
def test_special_floats_are_written_as_their_strings(
    package: Path, monkeypatch: pytest.MonkeyPatch, special: float
) -> None:
    kitchen = _module(package, "kitchen")
    value = _valid(kitchen)
    value.ratio = special
    document = kitchen._native_Everything(value, 20)
    assert document == pure_bytes(kitchen, value, monkeypatch)
    assert b'"ratio":"' in document


def test_an_unset_slot_and_a_subclass_are_the_python_encoders(
    package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kitchen = _module(package, "kitchen")
    value = _valid(kitchen)
    del value.medium
    assert kitchen._native_Everything(value, 20) is None
    same_encoding(kitchen, value, monkeypatch)
    sub = type("Sub", (kitchen.Everything,), {"__slots__": ()})
    other: Any = object.__new__(sub)
    for name in kitchen.Everything.__slots__:
        setattr(other, name, getattr(_valid(kitchen), name))
    assert kitchen._native_Everything(other, 20) is None
    same_encoding(kitchen, other, monkeypatch)


def _nested(kitchen: Any, levels: int) -> Any:
    folder = kitchen.Folder(name="leaf", children=[], parent=None)
    for index in range(levels - 1):
        folder = kitchen.Folder(name=f"d{index}", children=[folder], parent=None)
    return folder


@pytest.mark.parametrize("levels", [1, 2, 10, 11, 12, 40, 100_000])
def test_nesting_past_max_depth_is_the_python_error(
    package: Path, monkeypatch: pytest.MonkeyPatch, levels: int
) -> None:
    kitchen = _module(package, "kitchen")
    value = _nested(kitchen, levels)
    # Each folder adds an object and an array: 2 * levels - 1 levels in all.
    fits = 2 * levels - 1 <= 20
    assert (kitchen._native_Folder(value, 20) is not None) is fits
    same_encoding(kitchen, value, monkeypatch)
    api = ForyJson(kitchen, max_depth=200)
    assert (kitchen._native_Folder(value, 200) is not None) is (2 * levels - 1 <= 200)
    if 2 * levels - 1 <= 200:
        pure = writer.encode_bytes(
            kitchen._encode_Folder, value, limits=Limits(max_depth=200), depth=None
        )
        assert api.to_json_bytes(value) == pure


def test_cycles_are_the_python_error(
    package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kitchen = _module(package, "kitchen")
    value = kitchen.Folder(name="root", children=[], parent=None)
    value.children.append(value)
    assert kitchen._native_Folder(value, 20) is None
    same_encoding(kitchen, value, monkeypatch)
    assert "cyclic" in str(pure_bytes(kitchen, value, monkeypatch))
    value.children.clear()
    value.parent = value
    same_encoding(kitchen, value, monkeypatch)


def test_the_facade_uses_the_compiled_encoders(
    package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kitchen = _module(package, "kitchen")
    value = _valid(kitchen)
    expected = pure_bytes(kitchen, value, monkeypatch)
    for backend in ("stdlib", "auto"):
        api = ForyJson(kitchen, backend=backend)
        assert api.to_json_bytes(value) == expected
        assert api.to_json(value) == expected.decode()
        # Options the compiled encoders do not write go to the Python encoders.
        assert api.to_json(value, pretty=True) == value.to_json(pretty=True)
        escaped = api.to_json_bytes(value, escape_non_ascii=True)
        assert escaped.isascii()
        assert escaped == value.to_json_bytes(escape_non_ascii=True)
    value.tiny = 1000
    with pytest.raises(EncodeError, match="int8"):
        ForyJson(kitchen).to_json_bytes(value)


def test_foryjson_pure_forces_the_python_encoders(package: Path) -> None:
    script = (
        f"import {PACKAGE}.media as m, {PACKAGE}.kitchen as k;"
        " print(m.NATIVE, k.NATIVE, m._native_Media)"
    )
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    for setting, expected in (("1", "False False None"), ("0", "True True <built")):
        result = subprocess.run(
            [sys.executable, "-c", script],
            env={**environment, "FORYJSON_PURE": setting},
            capture_output=True,
            text=True,
            check=True,
            cwd=package,
        )
        assert result.stdout.startswith(expected), result


def test_many_encodes_keep_memory_and_references_flat(package: Path) -> None:
    media = _module(package, "media")
    kitchen = _module(package, "kitchen")
    value = rebuild(
        __import__("tests.media_fixture", fromlist=["media_1"]).media_1(), media
    )
    bad = _valid(kitchen)
    bad.counts = [1, 2, "x"]
    # Given up on past the first 1024 bytes, which the buffer holds inline.
    long_bad = _valid(kitchen)
    long_bad.text = "x" * 5000
    long_bad.counts = [1, 2, "x"]
    good = _valid(kitchen)
    # A decimal's text is the one object an encoder makes, written or given up on.
    scalars = _valid_scalars(kitchen)
    exponent = _valid_scalars(kitchen)
    exponent.amount = Decimal("1E+5")
    watched = [value.media.uri, value.media.persons, value.images, media.Player.JAVA]
    watched += [bad.counts, good.quoted, kitchen.Color.GREEN]
    watched += [scalars.text_amount, scalars.id, scalars.blob, exponent.amount]
    before = [sys.getrefcount(item) for item in watched]

    def run(times: int) -> None:
        for _ in range(times):
            assert media._native_MediaContent(value, 20) is not None
            assert kitchen._native_Everything(good, 20) is not None
            assert kitchen._native_Everything(bad, 20) is None
            assert kitchen._native_Everything(long_bad, 20) is None
            assert kitchen._native_Scalars(scalars, 20) is not None
            assert kitchen._native_Scalars(exponent, 20) is None

    run(20_000)
    gc.collect()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    run(200_000)
    gc.collect()
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak
    assert grown < 4096, f"{grown} KiB more after 200,000 encodes"
    assert [sys.getrefcount(item) for item in watched] == before


def _doubles(count: int) -> list[float]:
    """Doubles across the range the C code converts itself, and its edges."""
    rng = random.Random(20261202)
    values = [rng.uniform(-1, 1) * 10 ** rng.randint(-5, 17) for _ in range(count)]
    values += [round(rng.uniform(0, 10**6), rng.randint(0, 9)) for _ in range(count)]
    values += [
        struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
        for _ in range(count)
    ]
    for power in range(-5, 17):
        ten = 10.0**power
        values += [ten, math.nextafter(ten, 0), math.nextafter(ten, math.inf)]
        values += [float(2**power) if power >= 0 else 2.0**power, 9.5 * ten]
    values += [0.1, 0.2, 0.3, 1 / 3, 2 / 3, 5e-324, 1e-3, 1e15, 123456789012345.6]
    return [value for value in values if math.isfinite(value)]


def test_floats_are_spelled_as_repr(package: Path) -> None:
    kitchen = _module(package, "kitchen")
    values = _doubles(100_000)
    value = kitchen.Floats(values=values)
    expected = ("{" + '"values":[' + ",".join(map(repr, values)) + "]}").encode()
    assert kitchen._native_Floats(value, 20) == expected


@pytest.mark.parametrize("piece", ["plain ascii ", 'q"\\\n\x01', "é€😀x"])
def test_long_strings_are_written_in_bounded_memory(
    package: Path, monkeypatch: pytest.MonkeyPatch, piece: str
) -> None:
    kitchen = _module(package, "kitchen")
    value = _valid(kitchen)
    value.text = piece * (1_000_000 // len(piece))
    same_encoding(kitchen, value, monkeypatch)
    size = len(value.to_json_bytes())
    tracemalloc.start()
    try:
        document = kitchen._native_Everything(value, 20)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert document is not None
    # The buffer, which becomes the document's bytes object: never 6 bytes a
    # character at once, and not copied at the end.
    assert peak < 2.2 * size, (peak, size)


def test_threads_share_the_encoders(package: Path) -> None:
    media = _module(package, "media")
    kitchen = _module(package, "kitchen")
    documents = [
        rebuild(
            __import__("tests.media_fixture", fromlist=["media_1"]).media_1(), media
        ),
        _nested(kitchen, 10),
        _valid(kitchen),
        # Each thread's first decimal makes its decimal context.
        _valid_scalars(kitchen),
    ]
    expected = [value.to_json_bytes() for value in documents]

    def work() -> bool:
        return all(
            [value.to_json_bytes() for value in documents] == expected
            for _ in range(2000)
        )

    with ThreadPoolExecutor(4) as pool:
        assert all(pool.map(lambda _: work(), range(8)))


def test_build_names_a_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["build", str(tmp_path / "nowhere")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_check_finds_drift_in_c_sources(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert generate(tmp_path, "--native") == 0
    assert generate(tmp_path, "--native", "--check") == 0
    source = tmp_path / PACKAGE / "_media_native.c"
    source.write_text(source.read_text(encoding="utf-8") + "/* edited */\n")
    capsys.readouterr()
    assert generate(tmp_path, "--native", "--check") == 1
    assert f"{source.as_posix()}: stale" in capsys.readouterr().err
    # Without --native the C sources are no longer generated: orphans.
    assert generate(tmp_path, "--check") == 1
    assert (
        "_users_native.c: generated for a module no longer" in capsys.readouterr().err
    )
    assert generate(tmp_path) == 0
    assert not list((tmp_path / PACKAGE).glob("*.c"))


@pytest.mark.parametrize(
    "text", ['"', "\\", "??/", "a\nb", "\x00", "é😀", "*/", "\u2028", "x" * 3]
)
def test_c_strings_hold_the_exact_utf8_bytes(text: str) -> None:
    literal = c_string(text)
    assert literal.isascii() and "\n" not in literal and "??" not in literal
    # C's escapes used here (\", \\ and three-digit octal) read the same in Python.
    assert ast.literal_eval("b" + literal) == text.encode()
    assert "*/" not in c_comment(text) and c_comment(text).isprintable()


def test_generated_modules_import_without_the_extension(tmp_path: Path) -> None:
    assert generate(tmp_path, "--native") == 0
    script = f"import {PACKAGE}.media as m; print(m.NATIVE, m._native_Media)"
    result = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])},
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert result.stdout.strip() == "False None"


# ------------------------------------------------------------------ scalars
#
# UUIDs, decimals, dates and times and byte arrays, which the C encoders write
# themselves: exactly the text of the runtime functions the Python encoders call,
# for objects of exactly the field's type, and nothing else.

UTC = dt.timezone.utc
UUIDS = (
    st.uuids()
    | st.integers(0, 2**128 - 1).map(lambda number: UUID(int=number))
    | st.sampled_from([UUID(int=0), UUID(int=2**128 - 1)])
)
#: Decimals of every shape: finite ones of any exponent (positive exponents and
#: exponents past the runtime's limit are the Python encoders'), NaN, the
#: infinities, -0, and ints (written as themselves within 64 bits).
DECIMALS = (
    st.decimals()
    | st.builds(
        lambda sign, digits, exponent: Decimal((sign, tuple(digits), exponent)),
        st.integers(0, 1),
        st.lists(st.integers(0, 9), min_size=1, max_size=40),
        st.integers(-40, 40) | st.integers(-(10**7), 10**7),
    )
    | st.sampled_from(
        [
            Decimal("-0"),
            Decimal("0.000"),
            Decimal("-0E-5"),
            Decimal("1E+3"),
            Decimal("1E-7"),
            Decimal("NaN"),
            Decimal("-sNaN"),
            Decimal("Infinity"),
            Decimal("1E+999999"),
            Decimal("1E-999999"),
            Decimal("9" * 10_000),
            Decimal("9" * 10_001),
            Decimal("-" + "9" * 9_999),
            Decimal("0." + "1" * 9_998),
        ]
    )
    | st.integers(-(2**70), 2**70)
)
UTC_DATETIMES = st.datetimes(timezones=st.just(UTC)) | st.sampled_from(
    [
        dt.datetime.min.replace(tzinfo=UTC),
        dt.datetime.max.replace(tzinfo=UTC),
        dt.datetime(1969, 12, 31, 23, 59, 59, 999_500, UTC),
        dt.datetime(1969, 12, 31, 23, 59, 59, 999_999, UTC),
        dt.datetime(1970, 1, 1, tzinfo=UTC),
    ]
)


def _plainly_written(value: object) -> bool:
    """Whether a decimal field's value is one the C encoders write: a Decimal whose
    text (in the current context) has no exponent and is within the limit, or an
    int of 64 bits."""
    if type(value) is int:
        return -(2**63) <= value < 2**63
    text = str(value)
    return re.fullmatch(r"[-0-9.]+", text) is not None and len(text) <= 10_000


def _scalars(kitchen: Any) -> st.SearchStrategy[Any]:
    return st.builds(
        kitchen.Scalars,
        id=UUIDS,
        amount=DECIMALS,
        text_amount=DECIMALS,
        day=st.dates() | st.sampled_from([dt.date.min, dt.date.max]),
        clock=st.times(),
        moment=UTC_DATETIMES,
        instant=UTC_DATETIMES,
        local=st.datetimes(),
        millis=UTC_DATETIMES,
        seconds=UTC_DATETIMES,
        blob=st.binary(max_size=70),
        url_blob=st.binary(max_size=70),
        hex=st.binary(max_size=70),
        signed=st.binary(max_size=70),
        unsigned=st.binary(max_size=70),
        maybe_id=st.none() | UUIDS,
        days=st.lists(st.none() | st.dates(), max_size=3),
    )


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), capitals=st.sampled_from([1, 0]))
def test_scalars_are_written_as_python_does(
    package: Path, data: st.DataObject, capitals: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    kitchen = _module(package, "kitchen")
    value = data.draw(_scalars(kitchen))
    with decimal.localcontext() as context:
        # Decimal's str spells exponents "e" without capitals: still not written.
        context.capitals = capitals
        document = kitchen._native_Scalars(value, 20)
        plain = _plainly_written(value.amount) and _plainly_written(value.text_amount)
        assert (document is not None) is plain
        if document is not None:
            assert document == pure_bytes(kitchen, value, monkeypatch)
        same_encoding(kitchen, value, monkeypatch)


def _valid_scalars(kitchen: Any) -> Any:
    return kitchen.Scalars(
        id=UUID(int=0),
        amount=Decimal("-0"),
        text_amount=Decimal("-12.50"),
        day=dt.date(1, 1, 1),
        clock=dt.time(1, 2, 3, 500_000),
        moment=dt.datetime(1969, 12, 31, 23, 59, 59, 999_500, UTC),
        instant=dt.datetime(2024, 3, 5, 14, 7, tzinfo=UTC),
        local=dt.datetime(999, 2, 3, 4, 5, 6, 7),
        millis=dt.datetime(1969, 12, 31, 23, 59, 59, 999_500, UTC),
        seconds=dt.datetime(1969, 12, 31, 23, 59, 59, 999_500, UTC),
        blob=b"\x00\x7f\x80\xff",
        url_blob=b"\x00\x7f\x80\xff",
        hex=b"\x00\x7f\x80\xff",
        signed=b"\x00\x7f\x80\xff",
        unsigned=b"\x00\x7f\x80\xff",
        maybe_id=UUID(int=2**128 - 1),
        days=[None, dt.date(9999, 12, 31)],
    )


def test_scalars_are_written_as_the_wire_format_says(
    package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kitchen = _module(package, "kitchen")
    value = _valid_scalars(kitchen)
    expected = (
        b'{"id":"00000000-0000-0000-0000-000000000000","amount":-0,'
        b'"text_amount":"-12.50","day":"0001-01-01","clock":"01:02:03.5",'
        b'"moment":"1969-12-31T23:59:59.999500Z","instant":"2024-03-05T14:07:00Z",'
        b'"local":"0999-02-03T04:05:06.000007",'
        b'"millis":-1,"seconds":-1,"blob":"AH+A/w==","url_blob":"AH-A_w==",'
        b'"hex":"007f80ff","signed":[0,127,-128,-1],"unsigned":[0,127,128,255],'
        b'"maybe_id":"ffffffff-ffff-ffff-ffff-ffffffffffff",'
        b'"days":[null,"9999-12-31"]}'
    )
    assert kitchen._native_Scalars(value, 20) == expected
    assert pure_bytes(kitchen, value, monkeypatch) == expected
    value.amount, value.text_amount = 12, -(2**63)
    assert b'"amount":12,"text_amount":"-9223372036854775808"' in (
        kitchen._native_Scalars(value, 20)
    )
    same_encoding(kitchen, value, monkeypatch)


def test_bytes_of_every_length_are_written_as_the_runtime_writes_them(
    package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kitchen = _module(package, "kitchen")
    rng = random.Random(20260521)
    value = _valid_scalars(kitchen)
    for length in [*range(71), 512, 4099]:
        for raw in (rng.randbytes(length), b"\xff" * length, b"\x00" * length):
            value.blob, value.url_blob, value.hex = raw, raw[::-1], raw
            value.signed, value.unsigned = raw, raw[::-1]
            document = kitchen._native_Scalars(value, 20)
            assert document is not None
            standard = binascii.b2a_base64(raw, newline=False)
            url = base64.urlsafe_b64encode(raw[::-1])
            assert b'"blob":"' + standard + b'"' in document
            assert b'"url_blob":"' + url + b'"' in document
            assert b'"hex":"' + raw.hex().encode() + b'"' in document
            signed = json.dumps(list(memoryview(raw).cast("b")), separators=(",", ":"))
            unsigned = json.dumps(list(raw[::-1]), separators=(",", ":"))
            assert b'"signed":' + signed.encode() + b"," in document
            assert b'"unsigned":' + unsigned.encode() + b"," in document
            assert document == pure_bytes(kitchen, value, monkeypatch)


class _UUID(UUID):
    pass


class _Decimal(Decimal):
    pass


class _Date(dt.date):
    pass


class _Time(dt.time):
    pass


class _DateTime(dt.datetime):
    pass


class _Bytes(bytes):
    pass


def _tampered(number: object) -> UUID:
    """A UUID whose int slot holds ``number`` (which UUID's own checks forbid)."""
    value = UUID(int=1)
    object.__setattr__(value, "int", number)
    return value


PLUS_ONE = dt.timezone(dt.timedelta(hours=1))

#: Values of the Scalars fields the C encoders give up on, for the Python encoders
#: to write them (subclasses, bytearray, memoryview) or to raise their error.
GIVE_UPS: list[tuple[str, Any]] = [
    ("id", _UUID(int=5)),
    ("id", _tampered(-1)),
    ("id", _tampered(2**128)),
    ("id", _tampered(1.0)),
    ("id", _tampered(True)),
    ("id", _tampered(type("Big", (int,), {})(7))),
    ("maybe_id", _tampered(-(2**200))),
    ("id", "00000000-0000-0000-0000-000000000000"),
    ("amount", _Decimal("1.5")),
    ("text_amount", _Decimal("-2")),
    ("amount", Decimal("1E+3")),
    ("text_amount", Decimal("NaN")),
    ("amount", Decimal("-Infinity")),
    ("amount", Decimal("1E-999999")),
    ("amount", Decimal("9" * 10_001)),
    ("amount", 2**63),
    ("text_amount", -(2**63) - 1),
    ("amount", True),
    ("amount", 1.5),
    ("amount", "1.5"),
    ("day", _Date(2020, 1, 2)),
    ("day", dt.datetime(2020, 1, 2)),
    ("day", dt.datetime(2020, 1, 2, tzinfo=UTC)),
    ("day", "2020-01-02"),
    ("days", [dt.date(2020, 1, 1), _Date(2020, 1, 1)]),
    ("clock", dt.time(1, 2, 3, tzinfo=UTC)),
    ("clock", _Time(1, 2)),
    ("moment", dt.datetime(2020, 1, 1)),
    ("moment", dt.datetime(2020, 1, 1, tzinfo=PLUS_ONE)),
    ("moment", dt.datetime(2020, 1, 1, tzinfo=dt.timezone(dt.timedelta(0), "UTC"))),
    ("moment", _DateTime(2020, 1, 1, tzinfo=UTC)),
    ("moment", dt.date(2020, 1, 1)),
    ("instant", dt.datetime(2020, 1, 1, tzinfo=PLUS_ONE)),
    ("instant", dt.datetime(2020, 1, 1)),
    ("instant", _DateTime(2020, 1, 1, tzinfo=UTC)),
    ("millis", dt.datetime(2020, 1, 1)),
    ("millis", dt.datetime(2020, 1, 1, tzinfo=PLUS_ONE)),
    ("millis", _DateTime(2020, 1, 1, tzinfo=UTC)),
    ("seconds", dt.datetime(1, 1, 1, tzinfo=dt.timezone(dt.timedelta(hours=-5)))),
    ("seconds", 0),
    ("local", dt.datetime(2020, 1, 1, tzinfo=UTC)),
    ("local", _DateTime(2020, 1, 1)),
    ("blob", bytearray(b"ab")),
    ("blob", memoryview(b"abc")),
    ("url_blob", bytearray(b"\xff")),
    ("hex", memoryview(b"\x00\xff")),
    ("hex", _Bytes(b"x")),
    ("signed", bytearray(b"\x80")),
    ("unsigned", memoryview(b"\xff")),
    ("signed", _Bytes(b"x")),
    ("unsigned", [1, 2]),
    ("blob", "AAEC"),
]


def _any_outcome(call: Any) -> Any:
    try:
        return call()
    except Exception as error:
        return (type(error), str(error))


@pytest.mark.parametrize(("field", "bad"), GIVE_UPS)
def test_scalars_the_c_code_does_not_write_are_the_python_encoders(
    package: Path, monkeypatch: pytest.MonkeyPatch, field: str, bad: object
) -> None:
    kitchen = _module(package, "kitchen")
    value = _valid_scalars(kitchen)
    assert kitchen._native_Scalars(value, 20) is not None
    setattr(value, field, bad)
    assert kitchen._native_Scalars(value, 20) is None  # the Python encoders' turn
    with monkeypatch.context() as patch:
        patch.setattr(kitchen, "_native_Scalars", None)
        expected = [_any_outcome(value.to_json_bytes), _any_outcome(value.to_json)]
    assert [_any_outcome(value.to_json_bytes), _any_outcome(value.to_json)] == expected


def test_the_decimal_limit_is_the_runtime_s() -> None:
    header = Path(include_dir()) / "foryjson_scalars.h"
    found = re.search(
        r"#define FJ_MAX_NUMBER_CHARS (\d+)", header.read_text(encoding="utf-8")
    )
    assert found is not None and int(found.group(1)) == MAX_NUMBER_CHARS
