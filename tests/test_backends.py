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
        "backend='orjson' needs the orjson package (pip install orjson)",
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
