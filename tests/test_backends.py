"""The standard-library backend passes the decoding tests too, and ``auto`` degrades.

The main test run reads with orjson (``auto``, with orjson in the test extra); here the
tests that decode documents run again in a fresh interpreter with
``FORYJSON_BACKEND=stdlib``, the process-wide default of generated ``from_json``
methods. Where orjson is missing, ``auto`` falls back to the standard library and
``backend="orjson"`` says what to install.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

DECODING_TESTS = [
    "tests/test_roundtrip.py",
    "tests/test_decode_errors.py",
    "tests/test_types.py",
    "tests/test_binary.py",
    "tests/test_temporal.py",
    "tests/test_object_mapping.py",
    "tests/test_media.py",
    "tests/test_orders.py",
    "tests/test_stream.py",
]


def run_python(code: str, **environment: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=os.environ | environment,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_environment_picks_the_default_backend() -> None:
    code = "import foryjson.reader as r; print(r.default_backend(), r._DEFAULT_ORJSON)"
    assert run_python(code, FORYJSON_BACKEND="stdlib").stdout.split() == [
        "stdlib",
        "False",
    ]
    assert run_python(code, FORYJSON_BACKEND="orjson").stdout.split() == [
        "orjson",
        "True",
    ]


def test_without_orjson_auto_uses_the_standard_library() -> None:
    code = """
import sys
sys.modules["orjson"] = None  # as if it were not installed
from foryjson import ForyJson
from generated import media
print(ForyJson(media).backend)
try:
    ForyJson(media, backend="orjson")
except ValueError as error:
    print(error)
"""
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "stdlib",
        "backend='orjson' needs the orjson package, 3.9 or later (pip install -U orjson)",
    ]


def test_an_orjson_too_old_is_set_aside_with_one_warning() -> None:
    """orjson before 3.9 has no Fragment: the standard library writes and reads, and
    one RuntimeWarning says why, instead of an AttributeError from every to_json."""
    code = """
import sys, types, warnings
old = types.ModuleType("orjson")
old.__version__ = "3.8.3"
old.loads = old.dumps = lambda *args, **kwargs: 1 / 0
old.JSONDecodeError = ValueError
sys.modules["orjson"] = old
warnings.simplefilter("always")
from foryjson import ForyJson
from generated import media
from tests.media_fixture import MEDIA_1_JSON
with warnings.catch_warnings(record=True) as caught:
    value = media.MediaContent.from_json(MEDIA_1_JSON)
    print(value.to_json() == MEDIA_1_JSON, value.to_json_bytes() == MEDIA_1_JSON.encode())
    print(ForyJson(media).backend, ForyJson(media).to_json(value) == MEDIA_1_JSON)
for warning in caught:
    print(warning.category.__name__, warning.message)
try:
    ForyJson(media, backend="orjson")
except ValueError as error:
    print(error)
"""
    result = run_python(code, FORYJSON_BACKEND="auto", FORYJSON_PURE="1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "True True",
        "stdlib True",
        "RuntimeWarning foryjson: orjson 3.8.3 is older than 3.9, which foryjson's"
        " orjson backend needs (for orjson.Fragment); reading and writing with the"
        " standard library instead (pip install -U orjson)",
        "backend='orjson' needs the orjson package, 3.9 or later (pip install -U"
        " orjson)",
    ]


def test_decoding_tests_pass_with_the_standard_library_backend() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-x",
            *DECODING_TESTS,
        ],
        cwd=ROOT,
        env=os.environ | {"FORYJSON_BACKEND": "stdlib"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout.splitlines()[-1]
