"""Every generated model round-trips exactly through its JSON text, for arbitrary values."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson import ForyJson
from foryjson.gen.ir import ModelDef
from tests.schema_strategies import all_models, for_model, python_module

MODELS = all_models()


def same(left: Any, right: Any) -> bool:
    """Equality that also tells -0.0 from 0.0, as an exact round trip must."""
    if isinstance(left, float) and isinstance(right, float):
        return left == right and math.copysign(1.0, left) == math.copysign(1.0, right)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(same, left, right))
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(
            same(left[k], right[k]) for k in left
        )
    generated = type(left).__module__.startswith("generated.")
    if generated and hasattr(left, "__slots__") and type(left) is type(right):
        return all(
            same(getattr(left, name), getattr(right, name)) for name in left.__slots__
        )
    return bool(left == right)


@pytest.mark.parametrize(("module", "model"), MODELS, ids=[m.name for _, m in MODELS])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_model_round_trips(module: str, model: ModelDef, data: st.DataObject) -> None:
    cls = getattr(python_module(module), model.name)
    value = data.draw(for_model(module, model))
    # Bound classes have no methods of ours: they go through the facade.
    fory = ForyJson(python_module(module))
    text = fory.to_json(value, cls)
    json.loads(text)  # valid JSON by the standard library's account too
    decoded = fory.from_json(text, cls)
    assert same(decoded, value)
    assert fory.to_json(decoded, cls) == text
    encoded = fory.to_json_bytes(value, cls)
    assert encoded == text.encode("utf-8")
    assert same(fory.from_json(encoded, cls), value)
    escaped = ForyJson(python_module(module), escape_non_ascii=True).to_json(value, cls)
    assert escaped.isascii()
    assert same(fory.from_json(escaped, cls), value)
    if model.python is None:
        # The class's own methods agree with the facade (a base writes its table's name).
        assert cls.to_json(value) == text
        assert same(cls.from_json(text), value)
