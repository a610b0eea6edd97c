"""A generated module imports only what its codecs use; the rest loads on first use.

Each check runs in a fresh interpreter, since the test session has imported everything
already. ``generated.media`` holds no decimals, dates or streams: importing it, decoding
and encoding must not import orjson (unless the read uses it), the facade, streaming,
pretty-printing or ``decimal``. Every public import path keeps working.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import foryjson
from foryjson import DecodeError, EncodeError, ForyJson, __version__
from foryjson.gen.generate import generate
from generated import media

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = ROOT / "generator" / "foryjson"

# What the codecs of generated.media use of the runtime, and what those modules import
# of the standard library (beyond what every interpreter has loaded at start-up).
MEDIA_RUNTIME = {
    "foryjson",
    "foryjson.codec",
    "foryjson.depth",
    "foryjson.errors",
    "foryjson.fastwriter",
    "foryjson.limits",
    "foryjson.native",
    "foryjson.plain",
    "foryjson.pyvalues",
    "foryjson.reader",
    "foryjson.writer",
}
RUNTIME_STDLIB = (
    "import __future__, array, collections.abc, contextvars, enum, functools,"
    " itertools, json, json.encoder, json.scanner, math, os, re, types"
)
# Never needed by media's codecs (the optional ones come with orjson).
NEVER = {
    "dataclasses",
    "datetime",
    "decimal",
    "foryjson.facade",
    "foryjson.numbers",
    "foryjson.pretty",
    "foryjson.stream",
    "inspect",
    "orjson",
    "typing",  # for type checkers only: about 5 ms of every cold start
    "uuid",
}

MODULES_AFTER = """
import json, sys
start = set(sys.modules)
{code}
print(json.dumps(sorted(set(sys.modules) - start)))
"""


def run_python(code: str, **environment: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        env=os.environ | environment,
        capture_output=True,
        text=True,
        check=False,
    )


def new_modules(code: str, **environment: str) -> set[str]:
    """The modules a fresh interpreter imports while it runs ``code``."""
    result = run_python(MODULES_AFTER.format(code=textwrap.dedent(code)), **environment)
    assert result.returncode == 0, result.stderr
    modules: list[str] = json.loads(result.stdout.splitlines()[-1])
    return set(modules)


def phases(code: str, **environment: str) -> list[set[str]]:
    """The modules imported by each part of ``code`` separated by ``# --`` lines."""
    script = "import json, sys\nseen = [set(sys.modules)]\n"
    for part in textwrap.dedent(code).split("# --\n"):
        script += part + "seen.append(set(sys.modules))\n"
    script += "print(json.dumps([sorted(b - a) for a, b in zip(seen, seen[1:])]))\n"
    result = run_python(script, **environment)
    assert result.returncode == 0, result.stderr
    return [set(part) for part in json.loads(result.stdout.splitlines()[-1])]


MEDIA_ROUND_TRIP = """
from generated import media
# --
from tests.media_fixture import MEDIA_1_JSON
document = MEDIA_1_JSON.encode()
# --
value = media.MediaContent.from_json(document)
# --
assert value.to_json_bytes() == document
"""


def test_importing_a_generated_module_imports_only_what_its_codecs_use() -> None:
    stdlib = new_modules(RUNTIME_STDLIB)
    imported = new_modules("from generated import media")
    assert {name for name in imported if name.startswith("foryjson")} == MEDIA_RUNTIME
    # The extension of its compiled encoders, where it is built and in use (the
    # fresh interpreter sees the same build and $FORYJSON_PURE as this one).
    compiled = {"generated._media_native"} if media.NATIVE else set()
    assert imported - MEDIA_RUNTIME == stdlib | {"generated", "generated.media"} | (
        compiled
    )
    assert not NEVER & imported


def _media_is_compiled() -> bool:
    """Whether generated.media runs on its compiled codecs here (python -m tests's
    compiled run), as the interpreters these tests start do."""
    from generated import media

    return bool(media.NATIVE)


@pytest.mark.parametrize("backend", ["stdlib", "auto", "orjson"])
def test_the_first_decode_imports_orjson_only_for_a_backend_that_uses_it(
    backend: str,
) -> None:
    imported, _, decoding, encoding = phases(MEDIA_ROUND_TRIP, FORYJSON_BACKEND=backend)
    assert encoding == set()
    if backend == "stdlib":
        assert not NEVER & (imported | decoding)
    elif backend == "auto":  # the first read that may use orjson imports it
        assert not NEVER & imported
        # A compiled decoder reads the document itself: no parser is imported.
        assert ("orjson" in decoding) is not _media_is_compiled()
        assert not {name for name in decoding if name.startswith("foryjson")}
    else:  # named: imported at once, to refuse a missing one
        assert "orjson" in imported
        assert not NEVER & decoding


def test_exact_numbers_orjson_cannot_place_do_not_import_it() -> None:
    # payments.Order keeps values as read and holds decimals: only the standard
    # library reads their exact text.
    _, decoding = phases(
        """
        from foryjson import DecodeError
        from generated import payments
        # --
        try:
            payments.Order.from_json(b"[]")
        except DecodeError as error:
            assert error.message == "expected an object, got an array", error
        """,
        FORYJSON_BACKEND="auto",
    )
    assert "orjson" not in decoding


def test_a_missing_orjson_falls_back_or_is_refused_as_documented() -> None:
    code = """
    import sys
    sys.modules["orjson"] = None  # as if it were not installed
    from generated import media
    from tests.media_fixture import MEDIA_1_JSON
    print(media.MediaContent.from_json(MEDIA_1_JSON).to_json() == MEDIA_1_JSON)
    """
    auto = run_python(code, FORYJSON_BACKEND="auto")
    assert auto.returncode == 0, auto.stderr
    assert auto.stdout.split() == ["True"]
    named = run_python(code, FORYJSON_BACKEND="orjson")
    assert named.returncode == 1
    assert named.stderr.splitlines()[-1] == (
        "ValueError: backend='orjson' needs the orjson package, 3.9 or later (pip install -U orjson)"
    )


def test_the_facade_loads_on_first_lookup_and_streaming_on_first_stream() -> None:
    imported, looked_up, made, encoded, decoded, streamed = phases(
        """
        import io
        import foryjson
        from generated import media
        from tests.media_fixture import media_1
        value = media_1()
        # --
        ForyJson = foryjson.ForyJson
        # --
        fory = ForyJson(media)
        # --
        document = fory.to_json_bytes(value)
        # --
        assert fory.from_json(document, media.MediaContent) == value
        assert fory.backend == "orjson"
        # --
        array = fory.to_json_bytes([value], list[media.MediaContent])
        assert list(fory.iter_json(io.BytesIO(array), media.MediaContent)) == [value]
        """,
        FORYJSON_BACKEND="stdlib",
    )
    assert not {"foryjson.facade", "foryjson.stream", "orjson"} & imported
    assert "foryjson.facade" in looked_up
    assert not {"foryjson.stream", "orjson"} & (looked_up | made)
    # ForyJson's own backend is "auto": its first write goes through orjson, or where
    # the compiled encoders write, its first read.
    assert "orjson" in (decoded if media.NATIVE else encoded)
    assert "foryjson.stream" not in encoded | decoded
    assert "foryjson.stream" in streamed


def test_every_public_import_path_works() -> None:
    assert foryjson.__all__ == [
        *("DecodeError", "EncodeError", "ForyJson"),
        *("MonthDay", "Period", "Year", "YearMonth", "__version__"),
    ]
    assert ForyJson is foryjson.facade.ForyJson
    assert foryjson.Year is foryjson.javatime.Year
    assert (DecodeError, EncodeError) == (
        foryjson.errors.DecodeError,
        foryjson.errors.EncodeError,
    )
    assert __version__ == foryjson.__version__
    assert {"DecodeError", "EncodeError", "ForyJson", "Period"} <= set(dir(foryjson))
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        foryjson.Nothing  # noqa: B018 - the lookup is the test
    code = """
    from foryjson import *
    assert sorted(name for name in dir() if not name.startswith("__")) == [
        "DecodeError", "EncodeError", "ForyJson", "MonthDay", "Period", "Year",
        "YearMonth",
    ]
    import foryjson
    assert foryjson.ForyJson is ForyJson
    assert foryjson.stream.iter_array is __import__("foryjson.stream").stream.iter_array
    from foryjson import ForyJson as again, reader, stream
    assert again is ForyJson and reader.read and stream.iter_ndjson
    import foryjson.facade
    assert foryjson.facade.ForyJson is ForyJson
    print("ok")
    """
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["ok"]


def test_each_runtime_module_is_reachable_as_an_attribute() -> None:
    modules = {path.stem for path in RUNTIME.glob("*.py")} - {"__init__"}
    assert foryjson._SUBMODULES == modules
    names = sorted(modules)
    code = f"""
    import foryjson
    for name in {names!r}:
        module = getattr(foryjson, name)
        assert module.__name__ == "foryjson." + name
        for exported in module.__all__:
            getattr(module, exported)
    print("ok")
    """
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["ok"]


READINGS = """\
models:
  Reading:
    fields:
      count: int
      level: float32
      weight: {type: int32, constraints: {min: 1, max: 100}}
      by_slot: "dict[int32, str]"
"""
PRICES = """\
models:
  Price:
    fields:
      amount: decimal
"""


def test_decimal_loads_only_with_a_module_that_holds_decimals(tmp_path: Path) -> None:
    paths = []
    for name, text in (("readings", READINGS), ("prices", PRICES)):
        paths.append(tmp_path / f"{name}.yaml")
        paths[-1].write_text(text)
    for relative, text in generate(paths).items():
        (tmp_path / relative).write_text(text)
    imported, round_trip, refused, prices = phases(
        """
        import readings
        from foryjson import DecodeError
        # --
        value = readings.Reading(count=10**30, level=0.5, weight=3, by_slot={1: "a"})
        assert readings.Reading.from_json(value.to_json()) == value
        # --
        try:
            readings.Reading.from_json(
                '{"count": 1, "level": 1, "weight": 0, "by_slot": {}}'
            )
        except DecodeError as error:
            assert error.message == "0 is less than the minimum 1", error
        # --
        import prices
        assert prices.Price.from_json('{"amount": 1.50}').to_json() == (
            '{"amount":1.50}'
        )
        """,
        PYTHONPATH=f"{tmp_path}:{os.environ.get('PYTHONPATH', '')}",
        FORYJSON_BACKEND="stdlib",
    )
    assert "foryjson.numbers" in imported
    assert not {"decimal", "foryjson.decimals"} & (imported | round_trip | refused)
    assert {"decimal", "foryjson.decimals"} <= prices
