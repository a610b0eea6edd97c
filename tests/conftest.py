"""Fixtures shared by test modules, and what the two runs of ``python -m tests`` need
of the whole suite.

``native_package`` is the package tests/native_support.py generates with
``--native`` and compiles, once per run. With ``FORYJSON_PURE`` set (the pure run),
every generated module uses its Python codecs, that package's too: the tests that
use it compare the compiled codecs with the Python ones, so there they skip, saying
why; the compiled run runs them. Tests about one mode of ``generated/`` check the
module's ``NATIVE`` themselves (see tests/native_mode.py).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import generated
from foryjson.native import ENVIRONMENT_VARIABLE, pure
from tests.native_support import built_package

# A generated module takes its mode (compiled or pure) as it is first imported.
# Importing generated/'s modules here, in the run's mode, keeps the modules that
# import them with the compiled codecs ruled out (the benchmark suite's foryjson
# contender, which tests/test_fast_writer.py uses) from choosing it for the whole
# process, whatever order the test files are collected in.
for _module in pkgutil.walk_packages(generated.__path__, "generated."):
    if not _module.name.rpartition(".")[2].startswith("_"):  # not the extensions
        importlib.import_module(_module.name)


@pytest.fixture(scope="session")
def native_package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The native test package, generated with --native and built once per run."""
    yield from built_package(tmp_path_factory)


def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    if not pure():
        return
    skip = pytest.mark.skip(
        reason=f"${ENVIRONMENT_VARIABLE} is set: the compiled codecs are not used"
        " (python -m tests runs this in its compiled run)"
    )
    for item in items:
        if "native_package" in getattr(item, "fixturenames", ()):
            item.add_marker(skip)
