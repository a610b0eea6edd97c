"""The compiled codecs of ``generated/`` against the Python ones, in one process.

For every model of every module of ``generated/`` that has a C source, hypothesis
draws values and documents, and the compiled route (the model's ``to_json_bytes``
and ``from_json``, and ``ForyJson``) must give what the pure route gives: the
module's Python encoder and decoder, called through its ``CODECS`` with no compiled
encoder, the way ``foryjson.fastwriter`` and ``foryjson.reader`` run them. Values
with a field made wrong (a wrong type, a number out of range, a lone surrogate, an
unset attribute) and documents with a member changed, added or removed, or cut
short, must raise the same error, with the same message and path.

The tests need the compiled modules: ``python -m tests`` builds them and runs the
suite once with them (where they skip if a module is not in use, with the reason)
and once with ``FORYJSON_PURE=1``, where they all skip.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, EncodeError, ForyJson, fastwriter, writer
from foryjson.codec import Codec
from foryjson.gen.ir import ModelDef
from foryjson.native import ENVIRONMENT_VARIABLE
from tests.schema_strategies import (
    JSON_VALUES,
    TEXT,
    all_models,
    for_model,
    python_module,
)

REPOSITORY = Path(__file__).resolve().parents[1]
GENERATED = REPOSITORY / "generated"

#: Set by ``python -m tests`` for its compiled run: the modules must be in use.
EXPECT_NATIVE = os.environ.get("FORYJSON_TESTS_NATIVE", "") == "1"


def _has_c_source(module: str) -> bool:
    *folders, name = module.split(".")
    return GENERATED.joinpath(*folders, f"_{name}_native.c").is_file()


MODELS = [(module, model) for module, model in all_models() if _has_c_source(module)]
COMPILED_MODULES = sorted({module for module, _ in MODELS})
IDS = [f"{module}.{model.name}" for module, model in MODELS]

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Values that a field of some other type must refuse, and the edge cases the
#: compiled encoders hand to the Python ones (see docs/native.md).
WRONG_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([2**63, -(2**63) - 1, 2**64, 2**31, -(2**31) - 1, 256, -129]),
    st.floats(),
    TEXT,
    st.text(st.characters(categories=["Cs"]), min_size=1, max_size=2),
    st.lists(st.integers(-3, 3) | TEXT, max_size=2),
    st.tuples(st.integers()),
    st.dictionaries(TEXT, st.integers(), max_size=1),
    st.builds(object),
    st.builds(bytes, st.binary(max_size=3)),
)


class _Unset:
    """Stands for deleting an attribute."""


def _compiled(module_name: str) -> Any:
    """The module of ``generated/``, or a skip naming why it is not compiled."""
    module = python_module(module_name)
    if not module.NATIVE:
        if EXPECT_NATIVE:
            pytest.fail(f"generated.{module_name} is not compiled (NATIVE is False)")
        reason = (
            f"${ENVIRONMENT_VARIABLE} is set"
            if os.environ.get(ENVIRONMENT_VARIABLE, "") not in ("", "0")
            else "its extension is not built (foryjson-gen build generated/)"
        )
        pytest.skip(f"generated.{module_name} is not compiled: {reason}")
    return module


def _codec(module: Any, cls: type) -> Codec[Any]:
    codecs: tuple[Codec[Any], ...] = module.CODECS
    return next(codec for codec in codecs if codec.type is cls)


def _own_codec(module: Any, value: Any, cls: type) -> Codec[Any]:
    """The codec of ``value``'s own class (a subtype's, for a base), else ``cls``'s."""
    codecs: tuple[Codec[Any], ...] = module.CODECS
    return next((codec for codec in codecs if codec.type is type(value)), None) or (
        _codec(module, cls)
    )


def _outcome(call: Any) -> Any:
    """What ``call()`` gives: its result, or the error it raises, as comparable data."""
    try:
        return ("value", call())
    except (EncodeError, DecodeError) as error:
        return (
            "error",
            type(error),
            str(error),
            error.message,
            error.path,
            getattr(error, "position", None),
            getattr(error, "line", None),
            getattr(error, "column", None),
        )


def _pure_bytes(codec: Codec[Any], value: Any) -> bytes:
    """The Python encoders' document: what ``to_json_bytes`` writes without the
    compiled encoder."""
    if codec.plain is None:
        return writer.encode_bytes(
            codec.encode, value, False, False, codec.limits, codec.depth
        )
    return fastwriter.encode_bytes(
        codec.plain,
        codec.encode,
        value,
        False,
        False,
        codec.limits,
        depth=codec.depth,
        counts_depth=codec.counts_depth,
    )


def _pure_decode(codec: Codec[Any], data: bytes | str) -> Any:
    """The Python decoders' value: what ``from_json`` gives without compiled code."""
    return codec.decode_document(data)


def _same(left: Any, right: Any) -> bool:
    """Equality that tells -0.0 from 0.0 and lets NaN equal NaN, through the
    generated classes' fields."""
    if type(left) is not type(right):
        return False
    if isinstance(left, float):
        if math.isnan(left):
            return math.isnan(right)
        return left == right and math.copysign(1.0, left) == math.copysign(1.0, right)
    if isinstance(left, list | tuple):
        return len(left) == len(right) and all(map(_same, left, right))
    if isinstance(left, dict):
        return list(left) == list(right) and all(_same(left[k], right[k]) for k in left)
    if type(left).__module__.startswith("generated.") and hasattr(left, "__slots__"):
        names = [
            name for cls in type(left).__mro__ for name in getattr(cls, "__slots__", ())
        ]
        return all(
            _same(getattr(left, name, _Unset), getattr(right, name, _Unset))
            for name in names
        )
    return bool(left == right) or repr(left) == repr(right)


def _same_outcome(compiled: Any, pure: Any) -> None:
    if compiled[0] == "value" and pure[0] == "value":
        assert _same(compiled[1], pure[1]), (compiled[1], pure[1])
    else:
        assert compiled == pure


def _fields(value: Any) -> list[tuple[Any, str]]:
    """Every (object, attribute) of the generated objects in ``value``."""
    found: list[tuple[Any, str]] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif type(item).__module__.startswith("generated.") and hasattr(
            item, "__slots__"
        ):
            for cls in type(item).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    found.append((item, name))
                    stack.append(getattr(item, name, None))
    return found


def _check_encoding(module: Any, model: ModelDef, value: Any) -> None:
    """The facade (as ``model``) and the value's own methods write what the Python
    encoders write, or raise the same error."""
    cls = getattr(module, model.name)
    pure = _outcome(lambda: _pure_bytes(_codec(module, cls), value))
    assert _outcome(lambda: ForyJson(module).to_json_bytes(value, cls)) == pure
    if model.python is not None:
        return  # a bound class has no methods of ours
    pure = _outcome(lambda: _pure_bytes(_own_codec(module, value, cls), value))
    assert _outcome(value.to_json_bytes) == pure
    if pure[0] == "value":
        assert _outcome(value.to_json) == ("value", pure[1].decode())
        assert _outcome(value.validate) == ("value", None)
    else:
        assert _outcome(value.to_json) == pure
        assert _outcome(value.validate) == pure


def _check_decoding(module: Any, model: ModelDef, data: bytes | str) -> None:
    cls = getattr(module, model.name)
    codec = _codec(module, cls)
    pure = _outcome(lambda: _pure_decode(codec, data))
    fory = ForyJson(module)
    _same_outcome(_outcome(lambda: fory.from_json(data, cls)), pure)
    if model.python is None:
        _same_outcome(_outcome(lambda: cls.from_json(data)), pure)


def test_the_compiled_run_compiles_every_module_with_a_c_source() -> None:
    if not EXPECT_NATIVE:
        pytest.skip("only in the compiled run of python -m tests")
    assert COMPILED_MODULES
    for name in COMPILED_MODULES:
        assert python_module(name).NATIVE is True, name


@pytest.mark.parametrize(("module", "model"), MODELS, ids=IDS)
@SETTINGS
@given(data=st.data())
def test_valid_values_encode_alike(
    module: str, model: ModelDef, data: st.DataObject
) -> None:
    compiled = _compiled(module)
    value = data.draw(for_model(module, model))
    _check_encoding(compiled, model, value)


@pytest.mark.parametrize(("module", "model"), MODELS, ids=IDS)
@SETTINGS
@given(data=st.data())
def test_wrong_values_fail_alike(
    module: str, model: ModelDef, data: st.DataObject
) -> None:
    compiled = _compiled(module)
    value = data.draw(for_model(module, model))
    fields = _fields(value)
    if fields:
        target, name = data.draw(st.sampled_from(fields))
        wrong = data.draw(WRONG_VALUES | st.just(_Unset))
        if wrong is _Unset:
            object.__delattr__(target, name)
        else:
            object.__setattr__(target, name, wrong)
    _check_encoding(compiled, model, value)


def _json_paths(document: Any) -> list[tuple[Any, str | int]]:
    """Every (container, key or index) of a parsed document."""
    found: list[tuple[Any, str | int]] = []
    stack = [document]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, member in item.items():
                found.append((item, key))
                stack.append(member)
        elif isinstance(item, list):
            for index, member in enumerate(item):
                found.append((item, index))
                stack.append(member)
    return found


#: JSON values at the edges of the numeric types.
WRONG_JSON = st.sampled_from(
    [
        2**63,
        -(2**63) - 1,
        2**64,
        2**31,
        -(2**31) - 1,
        256,
        -129,
        1.5,
        1e400,
        -0.0,
        "NaN",
        "Infinity",
        "",
        "\u00e9",
        True,
    ]
)


@st.composite
def _mutated(draw: st.DrawFn, text: str) -> bytes | str:
    """``text`` with one change: a value replaced, a member added or removed, the
    bytes cut short, or a character put in."""
    kind = draw(st.sampled_from(["replace", "add", "remove", "cut", "insert", "root"]))
    if kind == "cut":
        return text.encode()[: draw(st.integers(0, max(len(text.encode()) - 1, 0)))]
    if kind == "insert":
        at = draw(st.integers(0, len(text)))
        return text[:at] + draw(st.sampled_from(list(',:[]{}"\\x0 -1e'))) + text[at:]
    if kind == "root":
        return json.dumps(draw(JSON_VALUES))
    document = json.loads(text)
    places = _json_paths(document)
    if not places:
        return json.dumps(draw(JSON_VALUES))
    container, key = draw(st.sampled_from(places))
    if kind == "replace":
        container[key] = draw(JSON_VALUES | WRONG_JSON)
    elif kind == "remove":
        del container[key]
    elif isinstance(container, dict):
        container[draw(TEXT)] = draw(JSON_VALUES)
    else:
        container.append(draw(JSON_VALUES))
    return json.dumps(document, ensure_ascii=draw(st.booleans()))


@pytest.mark.parametrize(("module", "model"), MODELS, ids=IDS)
@SETTINGS
@given(data=st.data())
def test_documents_decode_alike(
    module: str, model: ModelDef, data: st.DataObject
) -> None:
    compiled = _compiled(module)
    cls = getattr(compiled, model.name)
    value = data.draw(for_model(module, model))
    try:
        text = ForyJson(compiled).to_json(value, cls)
    except EncodeError:
        return  # a value the draw cannot encode (a constraint across fields)
    _check_decoding(compiled, model, text)
    _check_decoding(compiled, model, text.encode())
    _check_decoding(compiled, model, data.draw(_mutated(text)))
