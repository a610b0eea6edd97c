"""Schemas are semi-trusted: nothing a schema holds ever runs as code.

Each case generates a module from a hostile schema into a fresh package, imports it and
uses it under an audit hook that refuses (and records) processes, files outside the
package, and any compile or exec of code that is not the generated module itself.
"""

from __future__ import annotations

import ast
import datetime
import importlib
import itertools
import json
import sys
import textwrap
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

import foryjson
from foryjson import DecodeError, EncodeError, ForyJson, fastwriter
from foryjson.gen.generate import generate
from foryjson.gen.source import SchemaError
from foryjson.numbers import write_int

# Everything a generated module may import, loaded before any watching starts.
for _name in (
    "datetime",
    "decimal",
    "enum",
    "math",
    "re",
    "typing",
    "uuid",
    "foryjson.binary",
    "foryjson.codec",
    "foryjson.dynamic",
    "foryjson.errors",
    "foryjson.identifiers",
    "foryjson.limits",
    "foryjson.numbers",
    "foryjson.reader",
    "foryjson.represent",
    "foryjson.temporal",
    "foryjson.writer",
):
    importlib.import_module(_name)

_PACKAGES = itertools.count()
# Events that start processes, load libraries or reach the network.
_FORBIDDEN_PREFIXES = (
    "os.system",
    "os.exec",
    "os.posix_spawn",
    "os.spawn",
    "os.fork",
    "os.kill",
    "os.remove",
    "os.rename",
    "os.mkdir",
    "subprocess.",
    "socket.",
    "ctypes.",
    "shutil.",
    "builtins.input",
    "webbrowser.",
)


class _Watch:
    """What the audit hook refuses while a generated package is imported and used."""

    def __init__(self) -> None:
        self.folder: str | None = None
        self.events: list[str] = []

    def allowed(self, path: object) -> bool:
        return self.folder is not None and str(path).startswith(self.folder)

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if self.folder is None:
            return
        problem = None
        if event.startswith(_FORBIDDEN_PREFIXES):
            problem = f"{event} {args!r}"
        elif event == "open" and not self.allowed(args[0]):
            problem = f"open {args[0]!r}"
        elif event == "compile" and not self.allowed(args[1]):
            problem = f"compile {args[1]!r}"
        elif event == "exec" and not self.allowed(
            getattr(args[0], "co_filename", None)
        ):
            problem = f"exec {args[0]!r}"
        if problem is not None:
            self.events.append(problem)
            # Raising stops the operation itself: a payload never gets to run.
            raise RuntimeError(f"audit: {problem}")


WATCH = _Watch()
sys.addaudithook(WATCH)
# Generated modules import the runtime modules they use, and the runtime imports
# orjson at the first read or write that may use it: load them all now, outside the
# windows the hook watches, so that each test can also run alone.
for _runtime_module in sorted(foryjson._SUBMODULES):
    importlib.import_module(f"foryjson.{_runtime_module}")
fastwriter.orjson_module()


@contextmanager
def watched(folder: Path) -> Iterator[list[str]]:
    """Watch the window where generated code runs; yields the events refused."""
    WATCH.folder, WATCH.events = str(folder), []
    bytecode = sys.dont_write_bytecode
    sys.dont_write_bytecode = True
    try:
        yield WATCH.events
    finally:
        WATCH.folder = None
        sys.dont_write_bytecode = bytecode


def generate_package(root: Path, schemas: dict[str, str]) -> tuple[str, Path]:
    """Generate schema files (name -> YAML) into a fresh package under ``root``."""
    folder = root / f"schemas_{next(_PACKAGES)}"
    for name, text in schemas.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    package = f"hostile_pkg_{next(_PACKAGES)}"
    out = root / package
    for relative, text in generate([folder]).items():
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return package, out


def load(root: Path, schemas: dict[str, str], module: str = "m") -> ModuleType:
    """Generate, then import the module under the audit hook."""
    package, out = generate_package(root, schemas)
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    with watched(out) as events:
        loaded = importlib.import_module(f"{package}.{module}")
    assert events == []
    return loaded


def run_watched(module: ModuleType, action: Callable[..., Any], *args: Any) -> Any:
    """Run code that uses a generated module under the audit hook."""
    assert module.__file__ is not None
    with watched(Path(module.__file__).parent) as events:
        try:
            return action(*args)
        finally:
            assert events == []


def decode_error(module: ModuleType, cls: Any, document: str) -> DecodeError:
    def decode() -> DecodeError:
        with pytest.raises(DecodeError) as caught:
            cls.from_json(document)
        return caught.value

    result: DecodeError = run_watched(module, decode)
    return result


def string_constants(module: ModuleType) -> set[str]:
    assert module.__file__ is not None
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


# ---------------------------------------------------------------- subtypes

PAYLOAD = "__import__('os').system('touch pwned')"

SUBTYPE_NAME_SCHEMA = """\
models:
  Shape:
    subtypes:
      property: kind
      types: {circle: Circle, "{__import__('os').system('touch pwned')}": Square}
  Circle:
    fields:
      r: int
  Square:
    fields:
      side: int
"""


def test_subtype_name_with_a_replacement_field_stays_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    module = load(tmp_path, {"m.yaml": SUBTYPE_NAME_SCHEMA})
    error = decode_error(module, module.Shape, '{"kind":"triangle"}')
    assert error.path == "$.kind"
    assert error.message == (
        "unknown subtype name 'triangle'; expected one of circle, {" + PAYLOAD + "}"
    )
    square = module.Square(side=2)
    text = run_watched(module, lambda: ForyJson(module).to_json(square, module.Shape))
    assert json.loads(text) == {"kind": "{" + PAYLOAD + "}", "side": 2}
    assert run_watched(module, lambda: module.Shape.from_json(text)) == square
    assert "{" + PAYLOAD + "}" in string_constants(module)
    assert not (tmp_path / "pwned").exists()


@pytest.mark.parametrize(
    "representation", ["property", "wrapper_object", "wrapper_array"]
)
def test_subtype_names_of_every_representation_stay_text(
    tmp_path: Path, representation: str
) -> None:
    names = ['a"b', "c'd", "{e}", "f\\g", "h\ni", "j\u2028k", "'''", '"""']
    table = ", ".join(
        f"{json.dumps(name)}: Sub{index}" for index, name in enumerate(names)
    )
    prop = "property: kind, " if representation == "property" else ""
    models = "".join(
        f"  Sub{index}:\n    fields: {{n: int}}\n" for index in range(len(names))
    )
    schema = (
        "models:\n  Base:\n"
        f"    subtypes: {{{prop}representation: {representation}, types: {{{table}}}}}\n"
        + models
    )
    module = load(tmp_path, {"m.yaml": schema})
    for index, name in enumerate(names):
        value = getattr(module, f"Sub{index}")(n=index)
        text = run_watched(module, ForyJson(module).to_json, value, module.Base)
        assert run_watched(module, module.Base.from_json, text) == value
        assert name in string_constants(module)
    error = decode_error(
        module,
        module.Base,
        {
            "property": '{"kind":"x","n":1}',
            "wrapper_object": '{"x":{"n":1}}',
            "wrapper_array": '["x",{"n":1}]',
        }[representation],
    )
    assert error.message == (
        f"unknown subtype name 'x'; expected one of {', '.join(names)}"
    )


@pytest.mark.parametrize(
    "prop",
    [
        "k\" + str(__import__('os').system('touch pwned')) + \"",
        "k' + str(__import__('os').system('touch pwned')) + '",
        'a"b',
        "{kind}",
        "back\\slash",
    ],
)
def test_subtype_property_name_stays_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, prop: str
) -> None:
    monkeypatch.chdir(tmp_path)
    schema = (
        "models:\n  Shape:\n    subtypes:\n"
        f"      property: {json.dumps(prop)}\n"
        "      types: {circle: Circle}\n"
        "  Circle:\n    fields: {r: int}\n"
    )
    module = load(tmp_path, {"m.yaml": schema})
    error = decode_error(module, module.Shape, '{"r":1}')
    assert error.message == f"missing the subtype property {prop}"
    assert error.path == "$"
    circle = module.Circle(r=1)
    text = run_watched(module, lambda: ForyJson(module).to_json(circle, module.Shape))
    assert json.loads(text) == {prop: "circle", "r": 1}
    assert run_watched(module, lambda: module.Shape.from_json(text)) == circle
    # Read as itself, the subtype needs no name (the decoder's branch for that).
    assert run_watched(module, lambda: module.Circle.from_json('{"r":1}')) == circle
    assert prop in string_constants(module)
    assert not (tmp_path / "pwned").exists()


# ---------------------------------------------------------------- other schema text

JSON_NAME = 'it\'s "quoted" {a} \\ \n \u2028 \x00 \U0001f600'
PAYLOAD_DEFAULT = '\'+__import__("os").system("touch pwned")+\''
TEXT_SCHEMA = {
    "doc": 'Module """ doc \\ with \'quotes\' and {braces}"',
    "enums": {"Color": {"doc": 'ends with a quote"', "values": ["RED", "GREEN"]}},
    "models": {
        "Thing": {
            "doc": "''' \"\"\" \\ \u2028 \x00 {x} end\\",
            "fields": {
                "a": {"type": "str", "json": JSON_NAME, "doc": '"""x'},
                "b": {"type": "str", "default": PAYLOAD_DEFAULT},
                "c": {
                    "type": "str",
                    "default": "{b}",
                    "constraints": {"pattern": "[{}'\"\\\\a-z]+"},
                },
                "color": {"type": "Color", "default": "GREEN", "json": '"color"'},
            },
        }
    },
}


def test_json_names_docs_defaults_and_patterns_stay_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    module = load(tmp_path, {"m.yaml": yaml.safe_dump(TEXT_SCHEMA)})
    json_name = JSON_NAME
    thing = module.Thing(a="x")
    assert thing.b == PAYLOAD_DEFAULT
    assert thing.c == "{b}" and thing.color is module.Color.GREEN
    text = run_watched(module, thing.to_json)
    assert json.loads(text) == {
        json_name: "x",
        "b": thing.b,
        "c": "{b}",
        '"color"': "GREEN",
    }
    assert run_watched(module, lambda: module.Thing.from_json(text)) == thing
    # black strips a docstring's outer whitespace and pads a quote at either end.
    assert (
        module.__doc__ or ""
    ).strip() == 'Module """ doc \\ with \'quotes\' and {braces}"'
    assert module.Color.__doc__.strip() == 'ends with a quote"'
    assert module.Thing.__doc__ is not None and "''' \"\"\" \\" in module.Thing.__doc__
    constants = string_constants(module)
    assert {json_name, '"color"', thing.b, "{b}", "RED", "GREEN"} <= constants
    error = decode_error(module, module.Thing, json.dumps({json_name: "x", "c": "a b"}))
    assert error.message == "'a b' does not match the pattern [{}'\"\\\\a-z]+"
    assert error.path == "$.c"
    assert not (tmp_path / "pwned").exists()


def test_the_header_comment_escapes_the_schema_folder_name(tmp_path: Path) -> None:
    folder = tmp_path / "x\nimport os; os.system('touch pwned')\n#"
    folder.mkdir()
    (folder / "m.yaml").write_text("models:\n  A:\n    fields: {n: int}\n")
    source = generate([folder])[Path("m.py")]
    tree = ast.parse(source)
    assert not any(isinstance(node, ast.Import) for node in tree.body)
    assert source.splitlines()[0] == (
        "# Code generated by foryjson-gen from"
        " x\\nimport os; os.system('touch pwned')\\n#/m.yaml. DO NOT EDIT."
    )


@pytest.mark.parametrize(
    ("key", "path"),
    [
        ("validator", "class.checks:check"),
        ("validator", "checks:def"),
        ("validator", "a..b:check"),
        ("python", "pkg.:Thing"),
    ],
)
def test_import_paths_must_be_python_names(tmp_path: Path, key: str, path: str) -> None:
    schema = f"models:\n  A:\n    {key}: '{path}'\n    fields: {{n: int}}\n"
    with pytest.raises(SchemaError) as caught:
        generate_package(tmp_path, {"m.yaml": schema})
    assert caught.value.location.line == 3
    assert caught.value.message == (
        f"{key} must be written package.module:name, each part a Python name that is"
        f" not a keyword, not {path!r}"
    )


# ---------------------------------------------------------------- names that clash

IMPORTED = [
    "date",
    "time",
    "datetime",
    "timedelta",
    "timezone",
    "Decimal",
    "UUID",
    "Any",
]
OTHER_MODULE_NAMES = ["re", "enum", "copysign", "Limits", "Codec", "DecodeError"]


@pytest.mark.parametrize("name", IMPORTED + OTHER_MODULE_NAMES)
def test_a_field_may_take_any_name_the_module_imports(
    tmp_path: Path, name: str
) -> None:
    schema = f"""\
        limits: {{max_depth: 30}}
        enums:
          Color: [RED]
        models:
          Holder:
            include: non_default
            fields:
              {name}: {{type: "list[int]", default: []}}
              day: {{type: date, default: "2020-01-02"}}
              clock: {{type: "time?", default: "10:00"}}
              stamp: {{type: datetime, default: "2020-01-02T10:00:00+01:00"}}
              span: {{type: duration, default: PT1H}}
              price: {{type: decimal, default: "1.50"}}
              id: {{type: uuid, default: "12345678-1234-1234-1234-123456789abc"}}
              anything: {{type: "any?", default: null}}
              ratio: {{type: float, default: -0.0}}
              color: {{type: Color, default: RED}}
              code: {{type: str, default: abc, constraints: {{pattern: "[a-z]+"}}}}
    """
    module = load(tmp_path, {"m.yaml": schema})
    holder = module.Holder(**{name: [10**5000]})
    text = run_watched(module, holder.to_json)
    assert run_watched(module, lambda: module.Holder.from_json(text)) == holder
    assert run_watched(module, lambda: module.Holder.from_json("{}")) == module.Holder()
    assert run_watched(module, holder.__repr__).startswith(f"Holder({name}=[1000")


@pytest.mark.parametrize("name", ["Date", "Time", "Datetime", "Timedelta", "Timezone"])
def test_models_and_enums_named_like_imports_in_another_case_round_trip(
    tmp_path: Path, name: str
) -> None:
    schema = f"""\
        enums:
          {name}Kind: [A]
          {name}: [B]
        models:
          {name}Box:
            fields:
              when: {{type: date, default: "2020-01-02"}}
              kind: {name}
          {name}s:
            fields:
              box: {name}Box
    """
    module = load(tmp_path, {"m.yaml": schema})
    value = getattr(module, f"{name}s")(
        box=getattr(module, f"{name}Box")(kind=getattr(module, name).B)
    )
    text = run_watched(module, value.to_json)
    assert run_watched(module, lambda: type(value).from_json(text)) == value


@pytest.mark.parametrize(
    "name",
    [
        "Decimal",
        "UUID",
        "Any",
        "Limits",
        "Codec",
        "DecodeError",
        "MISSING",
        "CODECS",
    ],
)
@pytest.mark.parametrize("kind", ["enum", "model"])
def test_model_and_enum_names_the_module_imports_are_schema_errors(
    tmp_path: Path, name: str, kind: str
) -> None:
    body = "[A]" if kind == "enum" else "{fields: {n: int}}"
    section = "enums" if kind == "enum" else "models"
    with pytest.raises(SchemaError) as caught:
        generate_package(tmp_path, {"m.yaml": f"{section}:\n  {name}: {body}\n"})
    assert caught.value.location.line == 2
    assert caught.value.message == (
        f"{kind} name '{name}' is taken by a name generated modules define or import;"
        " choose another name"
    )


@pytest.mark.parametrize("name", ["date", "time", "datetime", "timedelta"])
def test_lower_case_model_names_are_schema_errors(tmp_path: Path, name: str) -> None:
    with pytest.raises(SchemaError) as caught:
        generate_package(
            tmp_path, {"m.yaml": f"models:\n  {name}: {{fields: {{n: int}}}}\n"}
        )
    assert "must start with an upper-case letter" in caught.value.message


# ---------------------------------------------------------------- patterns


@pytest.mark.parametrize(
    "pattern", ["^[A-Z]{3}$", "[A-Z]{3}", r"\A[A-Z]{3}\Z", "^[A-Z]{3}"]
)
def test_a_pattern_must_match_the_whole_string(tmp_path: Path, pattern: str) -> None:
    schema = (
        "models:\n  Amount:\n    fields:\n"
        f"      currency: {{type: str, constraints: {{pattern: {json.dumps(pattern)}}}}}\n"
    )
    module = load(tmp_path, {"m.yaml": schema})
    assert module.Amount.from_json('{"currency":"EUR"}').currency == "EUR"
    for bad in ("EUR\n", "xEUR", "EURx", "EUR\nEUR"):
        error = decode_error(module, module.Amount, json.dumps({"currency": bad}))
        assert error.message == f"{bad!r} does not match the pattern {pattern}"
        assert error.path == "$.currency"


def test_the_example_currency_refuses_a_trailing_newline() -> None:
    from generated import payments

    with pytest.raises(DecodeError) as caught:
        payments.Amount.from_json('{"value":1,"currency":"EUR\\n"}')
    assert caught.value.path == "$.currency"
    assert caught.value.message == "'EUR\\n' does not match the pattern [A-Z]{3}"


def test_a_default_must_match_its_whole_pattern(tmp_path: Path) -> None:
    schema = (
        "models:\n  A:\n    fields:\n"
        "      c: {type: str, default: xEURx, constraints: {pattern: '[A-Z]{3}'}}\n"
    )
    with pytest.raises(SchemaError) as caught:
        generate_package(tmp_path, {"m.yaml": schema})
    assert caught.value.message == (
        "the default of c breaks its own constraints (pattern [A-Z]{3}), so decoded"
        " objects would fail them"
    )


@pytest.mark.parametrize(
    ("field", "bound", "message"),
    [
        ("n: {type: int, constraints: {min: 'NaN'}}", "NaN", None),
        ("n: {type: int, constraints: {max: '-Infinity'}}", "-Infinity", None),
        ("n: {type: int, constraints: {min: '1e5000'}}", "1e5000", None),
        ("n: {type: int, constraints: {min: '1e999999999'}}", "1e999999999", None),
        ("n: {type: decimal, constraints: {multiple_of: '1e-5000'}}", "", None),
        (
            "f: {type: float, constraints: {max: 1e400}}",
            "",
            "max 1E+400 is beyond the range of float",
        ),
    ],
)
def test_numeric_bounds_must_be_literals_the_module_can_hold(
    tmp_path: Path, field: str, bound: str, message: str | None
) -> None:
    with pytest.raises(SchemaError) as caught:
        generate_package(
            tmp_path, {"m.yaml": f"models:\n  A:\n    fields:\n      {field}\n"}
        )
    assert caught.value.location.line == 4
    key = field.split("{")[2].split(":")[0]
    expected = message or (
        f"{key} must be a finite number of magnitude between 1e-4000 and 1e4000, or 0"
    )
    assert caught.value.message == expected


def test_a_zero_bound_with_any_exponent_is_zero(tmp_path: Path) -> None:
    schema = "models:\n  A:\n    fields:\n      n: {type: int, constraints: {min: '0E-99999'}}\n"
    module = load(tmp_path, {"m.yaml": schema})
    error = decode_error(module, module.A, '{"n":-1}')
    assert error.path == "$.n"
    assert error.message.startswith("-1 is less than the minimum 0")


# ---------------------------------------------------------------- repr of long ints

LONG = 7 * 10**5000 + 1


def test_repr_works_for_every_long_int_the_decoder_accepts(tmp_path: Path) -> None:
    schema = """\
        models:
          Big:
            fields:
              n: int
              maybe: "int?"
              anything: any
              keyed: "dict[int, str]"
              pair: "tuple[int, str]"
              many: {type: "list[int]", constraints: {unique: true}}
    """
    module = load(tmp_path, {"m.yaml": schema})
    digits = write_int(LONG)
    document = (
        f'{{"n":{digits},"maybe":-{digits},"anything":[1,{{"k":[{digits}]}}],'
        f'"keyed":{{"{digits}":"v"}},"pair":[{digits},"s"],"many":[{digits}]}}'
    )
    big = run_watched(module, lambda: module.Big.from_json(document))
    assert big.n == LONG and big.anything == [1, {"k": [LONG]}]
    text = run_watched(module, big.__repr__)
    assert text == (
        f"Big(n={digits}, maybe=-{digits}, anything=[1, {{'k': [{digits}]}}],"
        f" keyed={{{digits}: 'v'}}, pair=({digits}, 's'), many=[{digits}])"
    )
    error = decode_error(
        module,
        module.Big,
        document.replace(f'"many":[{digits}]', f'"many":[{digits},{digits}]'),
    )
    assert error.path == "$.many"
    assert (
        error.message
        == f"{digits} appears more than once; each item may appear only once"
    )


def test_the_example_any_fields_repr_long_ints() -> None:
    from generated import types

    value = types.Dynamic.from_json(
        f'{{"payload":{{"a":[{write_int(LONG)}]}},"extras":{{}}}}'
    )
    assert repr(value) == f"Dynamic(payload={{'a': [{write_int(LONG)}]}}, extras={{}})"


def test_fields_named_like_the_depth_counters_parameters_stay_fields(
    tmp_path: Path,
) -> None:
    # The plain encoders of recursive types take `room`; a field of that name (and
    # one named TYPE_CHECKING) must not shadow it.
    module = load(
        tmp_path,
        {"m.yaml": """
            limits: {max_depth: 5}
            models:
              Floor:
                fields:
                  room: int32
                  TYPE_CHECKING: bool
                  above: Floor?
            """},
    )
    floor = None
    for number in range(5):
        floor = module.Floor(room=number, TYPE_CHECKING=True, above=floor)
    assert floor is not None
    text = run_watched(module, floor.to_json)
    assert json.loads(text)["room"] == 4
    assert run_watched(module, lambda: module.Floor.from_json(text)) == floor
    too_deep = module.Floor(room=9, TYPE_CHECKING=False, above=floor)
    with pytest.raises(EncodeError) as caught:
        run_watched(module, too_deep.to_json_bytes)
    assert caught.value.message == (
        "nesting deeper than the limit of 5 (raise max_depth for trusted data)"
    )
    assert caught.value.path == "$"


def test_fields_named_like_the_classes_plain_encoders_check_stay_fields(
    tmp_path: Path,
) -> None:
    # UUIDs and dates go to orjson after a `type(...) is UUID` check, and `Any` is
    # imported for type checkers only: fields hiding those names must not break them.
    module = load(
        tmp_path,
        {"m.yaml": """
            models:
              Hidden:
                fields:
                  UUID: uuid
                  date: date
                  Any: any
            """},
    )
    value = module.Hidden(
        UUID=uuid.UUID(int=1), date=datetime.date(2026, 12, 1), Any=[1]
    )
    text = run_watched(module, value.to_json)
    assert text == (
        '{"UUID":"00000000-0000-0000-0000-000000000001","date":"2026-12-01","Any":[1]}'
    )
    assert run_watched(module, lambda: module.Hidden.from_json(text)) == value
    assert module.__file__ is not None
    source = Path(module.__file__).read_text(encoding="utf-8")
    # Locals take the suffix; the module's own imports keep their names.
    assert "type(UUID_) is not UUID\n" in source
    assert "type(UUID_.int) is not int" in source
    assert "or type(date_) is not date\n" in source
    assert "if TYPE_CHECKING:\n    from typing import Any\n\n    _Any = Any\n" in source
