"""Every typed document in ``tests/hostile_documents.py`` keeps its promise.

With both backends, as ``str`` and as bytes: the exact ``DecodeError`` (message and
path), or, for a document that must be accepted, a value whose ``repr`` works and
that re-encodes and decodes back equal.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from foryjson import DecodeError, ForyJson
from tests.hostile_documents import HOSTILE, Hostile


def _decode(case: Hostile, backend: str, data: str | bytes) -> tuple[Any, ForyJson]:
    module_name, type_name = case.target.split(".")
    module = importlib.import_module(f"generated.{module_name}")
    fory = ForyJson(module, backend=backend)
    return fory.from_json(data, getattr(module, type_name)), fory


@pytest.mark.parametrize("form", ["str", "bytes"])
@pytest.mark.parametrize("backend", ["stdlib", "orjson"])
@pytest.mark.parametrize("case", HOSTILE, ids=[case.name for case in HOSTILE])
def test_a_hostile_document_keeps_its_promise(
    case: Hostile, backend: str, form: str
) -> None:
    data = case.document if form == "str" else case.document.encode()
    if case.message is None:
        value, fory = _decode(case, backend, data)
        assert repr(value)
        assert fory.from_json(value.to_json(), type(value)) == value
        return
    with pytest.raises(DecodeError) as raised:
        _decode(case, backend, data)
    assert (raised.value.message, raised.value.path) == (case.message, case.path)
