"""Hypothesis-drawn schemas full of hostile text: the generated module treats it as data.

Each example draws names, JSON names, docs, enum values, subtype names, the subtype
property, defaults and patterns from the whole of Unicode (plus a list of known
troublemakers), generates a module, imports and uses it under the audit hook of
``test_hostile_schemas`` (no process, no foreign file, no compile or exec but the
module's own import), and reads the module back with ``ast`` to check that every JSON
name, enum value and subtype name is exactly one of its string constants. A second
test does the same, deterministically, for each known troublemaker in every slot.
"""

from __future__ import annotations

import ast
import importlib
import json
import keyword
import re
import sys
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, ForyJson
from foryjson.gen.generate import generate
from foryjson.gen.scalars import MODULE_LEVEL_NAMES
from foryjson.gen.source import SchemaError
from tests.test_hostile_schemas import run_watched, watched

TRICKY_TEXT = [
    '"',
    "'",
    '"""',
    "'''",
    "\\",
    "\\'",
    '\\"',
    "{",
    "}",
    "{value}",
    "{{}}",
    "{name!r}",
    "\n",
    "\r\n",
    "\u2028",
    "\u2029",
    "\x85",
    "\x00",
    "\x0c",
    "\t",
    "\ufeff",
    "#",
    '\'+__import__("os").system("touch pwned")+\'',
    "\"+__import__('os').system('touch pwned')+\"",
    "{__import__('os').system('touch pwned')}",
    "\\N{BULLET}",
    "\\x41",
    "\U0001f600",
    "é",
]
# Names generated code uses: helpers, locals, parameters, imports and builtins.
TRICKY_FIELDS = sorted(
    {
        "date",
        "time",
        "datetime",
        "timedelta",
        "timezone",
        "Decimal",
        "UUID",
        "Any",
        "re",
        "enum",
        "copysign",
        "data",
        "value",
        "result",
        "error",
        "item",
        "key",
        "name",
        "text",
        "members",
        "parts",
        "inner",
        "match",
        "cls",
        "other",
        "pretty",
        "escape_non_ascii",
        "len",
        "type",
        "isinstance",
        "print",
        "open",
        "exec",
        "eval",
        "compile",
        "Limits",
        "Codec",
        "DecodeError",
        "EncodeError",
        "decode_mismatch",
        "encode_mismatch",
        "missing_property",
        "key_segment",
        "index_of",
        "CODECS",
        "TYPE_CHECKING",
        "room",
        "value_json",
        "data_members",
    }
)
TRICKY_MODELS = ["Date", "Time", "Datetime", "Timedelta", "Shape", "Circle", "Value"]

TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
HOSTILE = (
    st.sampled_from(TRICKY_TEXT)
    | TEXT
    | st.lists(st.sampled_from(TRICKY_TEXT), min_size=1, max_size=4).map("".join)
)
NAME_TEXT = HOSTILE.filter(bool)


def _python_name(name: str) -> bool:
    return (
        name.isidentifier()
        and not keyword.iskeyword(name)
        and not name.startswith("_")
        and unicodedata.normalize("NFKC", name) == name
    )


FIELD_NAMES = st.sampled_from(TRICKY_FIELDS) | st.text(
    st.characters(categories=["Ll", "Lu", "Lo", "Nd"]) | st.just("_"),
    min_size=1,
    max_size=8,
).filter(_python_name)
MODEL_NAMES = (
    st.sampled_from(TRICKY_MODELS)
    | st.from_regex(r"[A-Z][A-Za-z0-9]{0,8}", fullmatch=True)
).filter(lambda name: name not in MODULE_LEVEL_NAMES and name not in dir(__builtins__))
ENUM_VALUES = FIELD_NAMES.filter(lambda name: name != "mro")

_FORBIDDEN_NAMES = {"__import__", "eval", "exec", "compile", "open", "globals", "vars"}


@st.composite
def schemas(draw: st.DrawFn) -> dict[str, Any]:
    """A schema of one enum, a base with two subtypes and hostile text everywhere."""
    names = draw(st.lists(MODEL_NAMES, min_size=4, max_size=4, unique=True))
    enum_name, base, first, second = names
    values = draw(st.lists(ENUM_VALUES, min_size=1, max_size=3, unique=True))
    fields = draw(st.lists(FIELD_NAMES, min_size=4, max_size=4, unique=True))
    json_names = draw(st.lists(NAME_TEXT, min_size=4, max_size=4, unique=True))
    subtype_names = draw(st.lists(NAME_TEXT, min_size=2, max_size=2, unique=True))
    representation = draw(
        st.sampled_from(["property", "wrapper_object", "wrapper_array"])
    )
    prop = draw(NAME_TEXT)
    assume(prop not in json_names)
    default = draw(HOSTILE)
    subtypes: dict[str, Any] = {
        "representation": representation,
        "types": dict(zip(subtype_names, (first, second), strict=True)),
    }
    if representation == "property":
        subtypes["property"] = prop
    return {
        "doc": draw(HOSTILE),
        "enums": {enum_name: {"doc": draw(HOSTILE), "values": values}},
        "models": {
            base: {"doc": draw(HOSTILE), "subtypes": subtypes},
            first: {
                "doc": draw(HOSTILE),
                "fields": {
                    fields[0]: {
                        "type": "str",
                        "json": json_names[0],
                        "default": default,
                        "doc": draw(HOSTILE),
                        # The default is the one string the pattern matches whole.
                        "constraints": {"pattern": re.escape(default)},
                    },
                    fields[1]: {
                        "type": enum_name,
                        "json": json_names[1],
                        "default": values[-1],
                    },
                    fields[2]: {"type": "any?", "json": json_names[2], "default": None},
                },
            },
            second: {"fields": {fields[3]: {"type": "int", "json": json_names[3]}}},
        },
    }


def _check_source(source: str, schema: dict[str, Any]) -> None:
    """Every name the schema gives the wire is exactly a string constant; no tricks."""
    tree = ast.parse(source)
    constants = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    models = schema["models"]
    (enum,) = schema["enums"].values()
    base = next(model for model in models.values() if "subtypes" in model)
    wire = [
        *enum["values"],
        *base["subtypes"]["types"],
        *(
            item["json"]
            for model in models.values()
            for item in model.get("fields", {}).values()
        ),
    ]
    if "property" in base["subtypes"]:
        wire.append(base["subtypes"]["property"])
    missing = [text for text in wire if text not in constants]
    assert missing == [], missing
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in _FORBIDDEN_NAMES, node.func.id
        if isinstance(node, ast.Attribute):
            assert node.attr not in ("system", "popen", "__globals__"), node.attr


def _exercise(module: Any, schema: dict[str, Any]) -> None:
    """Round-trip both subtypes through the base, and take the error paths."""
    models = schema["models"]
    base_name = next(name for name, model in models.items() if "subtypes" in model)
    subtypes = models[base_name]["subtypes"]
    first, second = subtypes["types"].values()
    base = getattr(module, base_name)
    (int_field,) = models[second]["fields"]
    fory = ForyJson(module)
    values = [
        getattr(module, first)(),
        getattr(module, second)(**{int_field: -(10**4400)}),
    ]
    for value in values:
        text = fory.to_json(value, base)
        assert base.from_json(text) == value
        assert type(value).from_json(value.to_json()) == value
        assert repr(value).startswith(f"{type(value).__name__}(")
    names = ", ".join(subtypes["types"])
    document = {
        "property": json.dumps({subtypes.get("property", ""): "\x00nope"}),
        "wrapper_object": '{"\\u0000nope":{}}',
        "wrapper_array": '["\\u0000nope",{}]',
    }[subtypes["representation"]]
    try:
        base.from_json(document)
    except DecodeError as error:
        assert error.message == (
            f"unknown subtype name '\\x00nope'; expected one of {names}"
        )
    else:  # pragma: no cover - the assertion below reports it
        raise AssertionError("an unknown subtype name was accepted")


def _generate_and_check(schema: dict[str, Any]) -> None:
    """Generate the schema's module, read it with ``ast``, import and use it, watched."""
    text = yaml.safe_dump(schema, allow_unicode=False, sort_keys=False)
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        folder = root / "schemas"
        folder.mkdir()
        (folder / "m.yaml").write_text(text, encoding="utf-8")
        try:
            files = generate([folder])
        except SchemaError as error:
            # Refusing is allowed, with a located message; crashing is not.
            assert re.match(r".+:\d+:\d+: error: ", str(error)), str(error)
            return
        package = f"fuzzed_{abs(hash(text))}"
        out = root / package
        for relative, source in files.items():
            (out / relative).parent.mkdir(parents=True, exist_ok=True)
            (out / relative).write_text(source, encoding="utf-8")
        _check_source(files[Path("m.py")], schema)
        sys.path.insert(0, str(root))
        try:
            with watched(out) as events:
                module = importlib.import_module(f"{package}.m")
            assert events == []
            run_watched(module, _exercise, module, schema)
        finally:
            sys.path.remove(str(root))
            for name in [name for name in sys.modules if name.startswith(package)]:
                del sys.modules[name]


@settings(
    max_examples=30,
    deadline=None,
    # Generating runs black: shrinking a failure would take minutes, and the
    # failing schema is readable as drawn.
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(schema=schemas())
def test_hostile_schema_text_never_becomes_code(schema: dict[str, Any]) -> None:
    text = yaml.safe_dump(schema, allow_unicode=False, sort_keys=False)
    assume(yaml.safe_load(text) == schema)  # what the generator will see
    _generate_and_check(schema)


_REPRESENTATIONS = ("property", "wrapper_object", "wrapper_array")


def tricky_schema(index: int) -> dict[str, Any]:
    """``TRICKY_TEXT[index]`` in every text slot of a schema, clashing names around it.

    Field names take four of the names generated code uses (helpers, locals,
    builtins, imports), in turn; each case uses the next representation.
    """
    text = TRICKY_TEXT[index]
    fields = [
        TRICKY_FIELDS[(4 * index + step) % len(TRICKY_FIELDS)] for step in range(4)
    ]
    values = [TRICKY_FIELDS[(4 * index + 4) % len(TRICKY_FIELDS)], "member"]
    representation = _REPRESENTATIONS[index % len(_REPRESENTATIONS)]
    subtypes: dict[str, Any] = {
        "representation": representation,
        "types": {text: "Circle", text + "2": "Value"},
    }
    if representation == "property":
        subtypes["property"] = text + "p"
    return {
        "doc": text,
        "enums": {"Shade": {"doc": text, "values": values}},
        "models": {
            "Shape": {"doc": text, "subtypes": subtypes},
            "Circle": {
                "doc": text,
                "fields": {
                    fields[0]: {
                        "type": "str",
                        "json": text,
                        "default": text,
                        "doc": text,
                        "constraints": {"pattern": re.escape(text)},
                    },
                    fields[1]: {
                        "type": "Shade",
                        "json": text + "1",
                        "default": "member",
                    },
                    fields[2]: {"type": "any?", "json": text + "3", "default": None},
                },
            },
            "Value": {"fields": {fields[3]: {"type": "int", "json": text + "4"}}},
        },
    }


@pytest.mark.parametrize(
    "index", range(len(TRICKY_TEXT)), ids=[ascii(text) for text in TRICKY_TEXT]
)
def test_each_tricky_text_in_every_slot_stays_text(index: int) -> None:
    schema = tricky_schema(index)
    text = yaml.safe_dump(schema, allow_unicode=False, sort_keys=False)
    assert yaml.safe_load(text) == schema
    _generate_and_check(schema)
