"""Fixtures shared by test modules."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.native_support import built_package


@pytest.fixture(scope="session")
def native_package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The native test package, generated with --native and built once per run."""
    yield from built_package(tmp_path_factory)
