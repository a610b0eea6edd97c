"""The code base, generated modules included, passes ruff, mypy --strict and black."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=REPOSITORY, capture_output=True, text=True, check=False
    )


def test_ruff_finds_nothing() -> None:
    result = run(sys.executable, "-m", "ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing() -> None:
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_black_formatting_holds() -> None:
    result = run(
        sys.executable, "-m", "black", "--check", "--quiet", "generator", "tests"
    )
    assert result.returncode == 0, result.stdout + result.stderr
