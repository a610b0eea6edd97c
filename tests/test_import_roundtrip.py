"""Export every schema of ``schemas/`` to JSON Schema, import it back, compare codecs.

Each module's exported files are imported together (``--directions``, so that
``readOnly`` and ``writeOnly`` come back as ``read_only`` and ``write_only``) and
generated. For every model, values drawn for the original model are written by the
original codec; the imported codec must read that document, and what it writes back
must read, with the original codec, as the same value. A JSON Schema cannot say everything a schema file says, so the generated
modules differ in text (see docs/import.md, "Round trip"); the models listed in
``DIFFERENT`` are those whose wire behaviour differs too, each with the reason.
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
from tests.schema_strategies import all_models, for_model, modules, python_module

PACKAGE = "imported_roundtrip"

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


@cache
def imported() -> dict[str, ImportResult]:
    """The import of each module's exported files, by module name."""
    files = jsonschema.export(list(modules().values()))
    results = {}
    for name in modules():
        folder = Path(*name.split("."))
        documents = [
            (path.name, json.loads(text))
            for path, text in files.items()
            if path.parent == folder
        ]
        results[name] = import_documents(documents, directions=True)
    return results


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("roundtrip")
    schemas = root / "schemas"
    for name, result in imported().items():
        path = schemas.joinpath(*name.split(".")).with_suffix(".yaml")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(result.text, encoding="utf-8")
    for relative, text in generate([schemas]).items():
        target = root / PACKAGE / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(root))
    yield root
    sys.path.remove(str(root))
    for name in list(sys.modules):
        if name.split(".")[0] == PACKAGE:
            del sys.modules[name]


def imported_module(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.{name}")


def load(text: str) -> Any:
    return json.loads(text, parse_float=Decimal)


MODELS = [
    (module, model)
    for module, model in all_models()
    if (module, model.name) not in DIFFERENT and model.value_field is None
]


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
