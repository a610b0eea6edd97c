"""Generate a module from schema text inside a test, and import it."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from foryjson.gen.generate import generate


def generated_module(folder: Path, name: str, schema: str) -> Iterator[ModuleType]:
    """Generate ``schema`` (YAML text) as ``folder/name.py`` and import it.

    A generator for module-scoped fixtures (``yield from``): the module is imported
    as ``name_probe`` and leaves ``sys.modules`` when the fixture ends.
    """
    path = folder / f"{name}.yaml"
    path.write_text(schema)
    for relative, text in generate([path]).items():
        (folder / relative).write_text(text)
    spec = importlib.util.spec_from_file_location(
        f"{name}_probe", folder / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]
