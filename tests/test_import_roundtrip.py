"""Export every schema of ``schemas/`` to JSON Schema, import it back, compare codecs.

Each module's exported files are imported together, as ``foryjson-gen import
jsonschema/payments/*.schema.json --module payments`` does, into a file named after
the module (``shop/events.yaml`` for ``shop.events``), so that the imported files
refer to each other as the originals do.

**Identical codecs.** The export's ``x-foryjson`` annotations carry what JSON Schema
cannot say, so the import of a module's files generates the same module as its
schema file: for every schema file, the generated Python source of the original and
of the import must be byte for byte the same once the first line, the header that
names the schema file, is removed. Nothing else is left out or normalised.

**Standard keywords.** The same files with every ``x-foryjson`` annotation removed
are what other tools read. Imported (with ``--directions``, so that ``readOnly`` and
``writeOnly`` come back as ``read_only`` and ``write_only``), they generate codecs that
are not identical (see docs/import.md, "Round trip"), but for values drawn for every
model, the imported codec reads what the original writes, and the original reads what
the imported codec writes back as the value it started from. The models listed in
``DIFFERENT`` are those whose wire behaviour differs, each with the reason.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from decimal import Decimal
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from foryjson import ForyJson
from foryjson.gen import jsonschema
from foryjson.gen.generate import generate
from foryjson.gen.importing import ImportResult, import_documents
from foryjson.gen.ir import ModelDef
from tests.schema_strategies import (
    REPOSITORY,
    all_models,
    for_model,
    modules,
    python_module,
)

PACKAGE = "imported_roundtrip"
ANNOTATION = "x-foryjson"

#: Models whose imported codec writes a different JSON value, and why.
DIFFERENT = {
    # A subtype of a subtype is named in the one table of its hierarchy; the export
    # says which models a field of the middle type holds, but the import makes every
    # model a direct subtype, so a CardCharge field cannot hold a PremiumCardCharge.
    ("ledger", "CardCharge"): "subtype of a subtype",
    ("ledger", "Statement"): "subtype of a subtype",
    # wrapper_object and wrapper_array tables are exported as oneOf branches that no
    # discriminator names; they import as any values (with a warning).
    ("payments", "Shipment"): "wrapper_object table",
    ("payments", "Parcel"): "wrapper_object table",
    ("payments", "Pickup"): "wrapper_object table",
    ("payments", "Event"): "wrapper_array table",
    ("payments", "Opened"): "wrapper_array table",
    ("payments", "Closed"): "wrapper_array table",
    ("payments", "Order"): "wrapper tables",
}


def _strip(data: Any) -> Any:
    """A document without its ``x-foryjson`` annotations: what other tools use."""
    if isinstance(data, dict):
        return {key: _strip(value) for key, value in data.items() if key != ANNOTATION}
    if isinstance(data, list):
        return [_strip(value) for value in data]
    return data


def _documents(name: str) -> list[tuple[str, Any]]:
    """The exported files of one module, as the import reads them."""
    folder = Path(*name.split("."))
    return [
        (path.name, json.loads(text))
        for path, text in exported().items()
        if path.parent == folder
    ]


@cache
def exported() -> dict[Path, str]:
    return jsonschema.export(list(modules().values()))


@cache
def imported() -> dict[str, ImportResult]:
    """The import of each module's exported files, without annotations, by module."""
    return {
        name: import_documents(
            [(file, _strip(data)) for file, data in _documents(name)],
            directions=True,
        )
        for name in modules()
    }


@cache
def annotated() -> dict[str, ImportResult]:
    """The import of each module's exported files as written, by module name; the
    repository's own export, so its code references (validators, bindings, codecs)
    are trusted."""
    return {
        name: import_documents(_documents(name), trust_code=True) for name in modules()
    }


def _generate(results: dict[str, ImportResult], root: Path) -> dict[Path, str]:
    """Write imported schema files under ``root/schemas``; generate them."""
    schemas = root / "schemas"
    for name, result in results.items():
        path = schemas.joinpath(*name.split(".")).with_suffix(".yaml")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(result.text, encoding="utf-8")
    return generate([schemas])


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("roundtrip")
    for relative, text in _generate(imported(), root).items():
        target = root / PACKAGE / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(root))
    yield root
    sys.path.remove(str(root))
    for name in list(sys.modules):
        if name.split(".")[0] == PACKAGE:
            del sys.modules[name]


@pytest.fixture(scope="module")
def codecs(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[dict[Path, str], dict[Path, str]]:
    """The generated modules of ``schemas/`` and of their annotated import."""
    original = generate([REPOSITORY / "schemas"])
    root = tmp_path_factory.mktemp("identical")
    return original, _generate(annotated(), root)


def _without_header(text: str) -> str:
    """Generated source without its first line, which names the schema file."""
    first, _, rest = text.partition("\n")
    assert first.startswith("# Code generated by foryjson-gen from "), first
    return rest


def imported_module(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.{name}")


def load(text: str) -> Any:
    return json.loads(text, parse_float=Decimal)


MODELS = [
    (module, model)
    for module, model in all_models()
    if (module, model.name) not in DIFFERENT and model.value_field is None
]


def _module_path(name: str) -> Path:
    return Path(*name.split(".")).with_suffix(".py")


@pytest.mark.parametrize("module", sorted(modules()))
def test_annotated_import_generates_identical_codecs(
    codecs: tuple[dict[Path, str], dict[Path, str]], module: str
) -> None:
    original, imported_files = codecs
    assert annotated()[module].warnings == []
    path = _module_path(module)
    assert _without_header(imported_files[path]) == _without_header(original[path])


def test_annotated_import_generates_the_same_files(
    codecs: tuple[dict[Path, str], dict[Path, str]],
) -> None:
    original, imported_files = codecs
    assert sorted(imported_files) == sorted(original)
    modules_generated = {path for path in original if path.name != "__init__.py"}
    assert modules_generated == {_module_path(name) for name in modules()}
    for path in set(original) - modules_generated:
        assert imported_files[path] == original[path]


def test_every_module_imports_and_counts_hold(package: Path) -> None:
    counts = {name: len(result.warnings) for name, result in imported().items()}
    assert sum(counts.values()) == 21, counts
    value_models = [model for _, model in all_models() if model.value_field]
    assert len(all_models()) == len(MODELS) + len(DIFFERENT) + len(value_models)


@pytest.mark.parametrize(
    ("module", "model"), MODELS, ids=[f"{m}.{d.name}" for m, d in MODELS]
)
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_imported_codecs_read_and_write_what_the_originals_write(
    package: Path, module: str, model: ModelDef, data: st.DataObject
) -> None:
    value = data.draw(for_model(module, model))
    original = ForyJson(python_module(module))
    cls = getattr(python_module(module), model.name)
    text = original.to_json(value, cls)
    codec = getattr(imported_module(module), model.name)
    written = codec.to_json(codec.from_json(text))
    assert original.from_json(written, cls) == value
