"""Schema mistakes: each one is ``file:line:col: error: message``, exit 2, nothing written.

Every case writes schema files into a temporary folder, runs the command in-process and
checks the exact location of the mistake and the words of the message that tell the
user what is wrong and how to fix it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from foryjson.gen.cli import main


def run(tmp_path: Path, files: dict[str, str | bytes]) -> int:
    """Write schema files (YAML text is dedented) and generate into ``tmp_path/out``."""
    schemas = tmp_path / "schemas"
    for name, content in files.items():
        path = schemas / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(textwrap.dedent(content), encoding="utf-8")
    return main([str(schemas), "-o", str(tmp_path / "out")])


def schema_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], files: dict[str, str | bytes]
) -> tuple[str, str]:
    """The location (relative to the schema folder) and message of the one error."""
    status = run(tmp_path, files)
    captured = capsys.readouterr()
    assert status == 2, captured.err
    assert captured.out == ""
    assert not (tmp_path / "out").exists()
    error, summary = captured.err.splitlines()
    assert summary == "foryjson-gen: 1 error, nothing written"
    location, separator, message = error.partition(": error: ")
    assert separator, error
    prefix = (tmp_path / "schemas").as_posix() + "/"
    assert location.startswith(prefix), location
    return location.removeprefix(prefix), message


def field(type_text: str) -> str:
    """A schema whose one field has ``type_text`` at line 4, column 10."""
    return f"models:\n  A:\n    fields:\n      x: {type_text}\n"


IMAGE = """\
models:
  Image:
    fields:
      uri: str
  A:
    fields:
      x: {}
"""

COMMON = """\
models:
  Address:
    fields:
      street: str
"""

# (schema, location, words the message must hold)
CASES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    # ---------------------------------------------------------------- types
    "unknown type with a suggestion": (
        field("int23"),
        "m.yaml:4:10",
        ("unknown type 'int23'", "did you mean 'int32'?"),
    ),
    "unknown type without a suggestion": (
        field("Zebra"),
        "m.yaml:4:10",
        (
            "unknown type 'Zebra'",
            "use a built-in type (",
            "int32",
            "module.Name",
        ),
    ),
    "unknown model name": (
        IMAGE.format("Imag"),
        "m.yaml:7:10",
        ("unknown type 'Imag'", "did you mean 'Image'?"),
    ),
    "unknown type inside a long expression": (
        IMAGE.format('"dict[str, list[dict[str, Imagee]?]]"'),
        "m.yaml:7:36",
        ("unknown type 'Imagee'", "did you mean 'Image'?"),
    ),
    "list without arguments": (
        field("list"),
        "m.yaml:4:10",
        ("'list' needs type arguments", "list[T]"),
    ),
    "unclosed bracket": (
        field("list["),
        "m.yaml:4:15",
        ("expected a type name", "'list['", "found the end"),
    ),
    "unclosed bracket, quoted": (
        field('"list[int"'),
        "m.yaml:4:19",
        ("expected ']'", "found the end"),
    ),
    "dict with one argument": (
        field("dict[str]"),
        "m.yaml:4:10",
        ("'dict' takes 2 type arguments, got 1", "dict[K, V]"),
    ),
    "extra closing bracket": (
        field('"list[int]]"'),
        "m.yaml:4:20",
        ("unexpected ']'", "'list[int]]'"),
    ),
    "nullable twice": (
        field('"int??"'),
        "m.yaml:4:15",
        ("nullable once", "'T?'"),
    ),
    "angle brackets": (
        field("str<x>"),
        "m.yaml:4:13",
        ("unexpected '<'", "square brackets"),
    ),
    "arguments on a scalar": (
        field("int[str]"),
        "m.yaml:4:10",
        ("'int' takes no type arguments", "only list, set, dict and tuple do"),
    ),
    "dict with float keys": (
        field('"dict[float, str]"'),
        "m.yaml:4:16",
        (
            "dict keys must be str, an integer type, uuid or an enum, not float",
            "JSON object keys are strings",
        ),
    ),
    "dict with nullable str keys": (
        field("dict[str?, int]"),
        "m.yaml:4:15",
        ("dict keys must be", "not str?"),
    ),
    "type given as a list": (
        field("[int]"),
        "m.yaml:4:10",
        ("a type must be a string, not a list",),
    ),
    "field without a type": (
        "models:\n  A:\n    fields:\n      x:\n",
        "m.yaml:4:9",
        ("field x needs a type", "'x: str'"),
    ),
    # ------------------------------------------------------------ JSON names
    "same JSON name from the naming strategy": (
        """\
        options: {naming: camelCase}
        models:
          A:
            fields:
              has_bitrate: bool
              hasBitrate: bool
        """,
        "m.yaml:6:7",
        (
            "fields 'has_bitrate' and 'hasBitrate' of A both have the JSON name"
            " 'hasBitrate'",
            "naming: camelCase",
            "'json:'",
        ),
    ),
    "same JSON name from a model's naming strategy": (
        """\
        models:
          A:
            naming: kebab-case
            fields:
              item_count: int
              itemCount: int
        """,
        "m.yaml:6:7",
        ("'item-count'", "naming: kebab-case"),
    ),
    "same JSON name from naming non-ASCII words": (
        """\
        options: {naming: camelCase}
        models:
          A:
            fields:
              größe_wert: int
              größeWert: int
        """,
        "m.yaml:6:7",
        ("both have the JSON name 'größeWert'",),
    ),
    "same JSON name from json:": (
        """\
        models:
          A:
            fields:
              uri: str
              link: {type: str, json: uri}
        """,
        "m.yaml:5:7",
        ("fields 'uri' and 'link' of A both have the JSON name 'uri'",),
    ),
    "empty JSON name": (
        "models:\n  A:\n    fields:\n      x: {type: str, json: ''}\n",
        "m.yaml:4:28",
        ("json must not be empty",),
    ),
    # -------------------------------------------------------- YAML structure
    "duplicate field": (
        "models:\n  A:\n    fields:\n      x: int\n      x: str\n",
        "m.yaml:5:7",
        ("duplicate key 'x' in the fields of A",),
    ),
    "duplicate top-level key": (
        "models:\n  A: {fields: {}}\nmodels:\n  B: {fields: {}}\n",
        "m.yaml:3:1",
        ("duplicate key 'models' in a schema file",),
    ),
    "duplicate key in a field": (
        "models:\n  A:\n    fields:\n      x: {type: int, type: str}\n",
        "m.yaml:4:22",
        ("duplicate key 'type' in field x",),
    ),
    "enum and model of one name": (
        "enums:\n  A: [X]\nmodels:\n  A: {fields: {}}\n",
        "m.yaml:4:3",
        ("'A' is declared twice in this file",),
    ),
    "schema file that is a list": (
        "- models\n",
        "m.yaml:1:1",
        ("a schema file must be a mapping",),
    ),
    "models as a list": (
        "models: [A]\n",
        "m.yaml:1:9",
        ("models must be a mapping",),
    ),
    "empty model": (
        "models:\n  A:\n",
        "m.yaml:2:5",
        ("model A must be a mapping, but it is empty",),
    ),
    "missing fields": (
        "models:\n  A: {doc: An A.}\n",
        "m.yaml:2:6",
        ("model A needs 'fields'",),
    ),
    "missing type": (
        "models:\n  A:\n    fields:\n      x: {json: y}\n",
        "m.yaml:4:10",
        ("field x needs 'type'",),
    ),
    # ---------------------------------------------------------- option values
    "naming strategy": (
        "options:\n  naming: camelcase\n",
        "m.yaml:2:11",
        (
            "unknown naming strategy 'camelcase'",
            "did you mean 'camelCase'?",
            "identity, camelCase, snake_case, PascalCase, kebab-case",
        ),
    ),
    "include policy": (
        "options:\n  include: nonnull\n",
        "m.yaml:2:12",
        (
            "include must be one of always, non_null, non_empty, non_default,"
            " not 'nonnull'",
            "did you mean 'non_null'?",
        ),
    ),
    "unknown_properties policy": (
        "options:\n  unknown_properties: rejected\n",
        "m.yaml:2:23",
        ("unknown_properties must be one of ignore, reject", "did you mean 'reject'?"),
    ),
    "naming strategy of a model": (
        "models:\n  A:\n    naming: snake\n    fields: {}\n",
        "m.yaml:3:13",
        ("unknown naming strategy 'snake'", "did you mean 'snake_case'?"),
    ),
    "include policy of a field": (
        "models:\n  A:\n    fields:\n      x: {type: str, include: allways}\n",
        "m.yaml:4:31",
        ("include must be one of", "did you mean 'always'?"),
    ),
    "option value that is not text": (
        "options:\n  naming: [camelCase]\n",
        "m.yaml:2:11",
        ("naming must be a string, not a list",),
    ),
    # ----------------------------------------------------------- unknown keys
    "unknown key in a schema file": (
        "option: {}\n",
        "m.yaml:1:1",
        ("unknown key 'option' in a schema file", "did you mean 'options'?"),
    ),
    "unknown key in options": (
        "options:\n  namign: camelCase\n",
        "m.yaml:2:3",
        ("unknown key 'namign' in options", "did you mean 'naming'?"),
    ),
    "unknown key in a model": (
        "models:\n  A:\n    feilds: {}\n",
        "m.yaml:3:5",
        ("unknown key 'feilds' in model A", "did you mean 'fields'?"),
    ),
    "unknown key in a field": (
        "models:\n  A:\n    fields:\n      x: {tpye: int}\n",
        "m.yaml:4:11",
        ("unknown key 'tpye' in field x", "did you mean 'type'?"),
    ),
    "unknown key in an enum": (
        "enums:\n  E: {valeus: [A]}\n",
        "m.yaml:2:7",
        ("unknown key 'valeus' in enum E", "did you mean 'values'?"),
    ),
    # ------------------------------------------------------------------ names
    "field name that is a keyword": (
        field("int").replace("x:", "class:"),
        "m.yaml:4:7",
        ("field name 'class' is a Python keyword", "set 'json: class'"),
    ),
    "field name with a leading underscore": (
        field("int").replace("x:", "_x:"),
        "m.yaml:4:7",
        ("field name '_x' starts with '_'", "set 'json: _x'"),
    ),
    "field name that is not an identifier": (
        field("int").replace("x:", "x-y:"),
        "m.yaml:4:7",
        ("field name 'x-y' is not a Python identifier", "set 'json: x-y'"),
    ),
    "field name of a generated method": (
        field("int").replace("x:", "to_json:"),
        "m.yaml:4:7",
        ("field name 'to_json' is taken by a generated method",),
    ),
    "field name self": (
        field("int").replace("x:", "self:"),
        "m.yaml:4:7",
        ("field name 'self' is the first parameter of the generated methods",),
    ),
    "field name YAML reads as a boolean": (
        field("int").replace("x:", "on:"),
        "m.yaml:4:7",
        ("a key of the fields of A must be a string", "YAML reads on as a boolean"),
    ),
    "model name in lower case": (
        "models:\n  media: {fields: {}}\n",
        "m.yaml:2:3",
        ("model name 'media' must start with an upper-case letter", "PascalCase"),
    ),
    "model name with an underscore": (
        "models:\n  Media_Item: {fields: {}}\n",
        "m.yaml:2:3",
        ("model name 'Media_Item'",),
    ),
    "model name the generated module uses": (
        "models:\n  Codec: {fields: {}}\n",
        "m.yaml:2:3",
        ("model name 'Codec' is taken by a name generated modules define",),
    ),
    "enum name in lower case": (
        "enums:\n  player: [JAVA]\n",
        "m.yaml:2:3",
        ("enum name 'player' must start with an upper-case letter",),
    ),
    # ------------------------------------------------------------------ enums
    "duplicate enum value": (
        "enums:\n  Player: [JAVA, FLASH, JAVA]\n",
        "m.yaml:2:25",
        ("enum value 'JAVA' appears twice in Player",),
    ),
    "empty enum": (
        "enums:\n  Player: []\n",
        "m.yaml:2:11",
        ("enum Player needs at least one value",),
    ),
    "empty enum values": (
        "enums:\n  Player: {values: []}\n",
        "m.yaml:2:20",
        ("enum Player needs at least one value",),
    ),
    "enum without a list": (
        "enums:\n  Player:\n",
        "m.yaml:2:10",
        ("the values of enum Player must be a list, but it is empty",),
    ),
    "enum value that is a keyword": (
        "enums:\n  Kind: [A, class]\n",
        "m.yaml:2:13",
        ("enum value 'class' is a Python keyword",),
    ),
    "enum value Enum does not allow": (
        "enums:\n  Kind: [mro]\n",
        "m.yaml:2:10",
        ("enum value 'mro' is taken by enum.Enum",),
    ),
    "enum value YAML reads as a boolean": (
        "enums:\n  Answer: [YES, NO]\n",
        "m.yaml:2:12",
        ("a value of enum Answer must be a string", "YAML reads YES as a boolean"),
    ),
    # --------------------------------------------------------------- defaults
    "int8 default out of range": (
        field("{type: int8, default: 128}"),
        "m.yaml:4:32",
        ("default 128 is out of range for int8 (-128 to 127)",),
    ),
    "uint16 default below zero": (
        field("{type: uint16, default: -1}"),
        "m.yaml:4:34",
        ("default -1 is out of range for uint16 (0 to 65535)",),
    ),
    "text default for an int": (
        field('{type: int32, default: "5"}'),
        "m.yaml:4:33",
        ("default '5' does not fit the type int32",),
    ),
    "boolean default for an int": (
        field("{type: int, default: true}"),
        "m.yaml:4:31",
        ("default true does not fit the type int",),
    ),
    "float default for an int": (
        field("{type: int64, default: 1.5}"),
        "m.yaml:4:33",
        ("default 1.5 does not fit the type int64",),
    ),
    "number default for a str": (
        field("{type: str, default: 5}"),
        "m.yaml:4:31",
        ("default 5 does not fit the type str", "YAML reads 5 as a number", "'5'"),
    ),
    "NaN default": (
        field("{type: float, default: .nan}"),
        "m.yaml:4:33",
        ("a float default must be finite",),
    ),
    "null default for a non-nullable type": (
        field("{type: str, default: null}"),
        "m.yaml:4:31",
        ("default null does not fit the type str", "write 'str?'"),
    ),
    "non-empty list default": (
        field('{type: "list[int]", default: [1]}'),
        "m.yaml:4:39",
        ("a list default must be empty: write []",),
    ),
    "non-empty dict default": (
        field('{type: "dict[str, int]", default: {a: 1}}'),
        "m.yaml:4:44",
        ("a dict default must be empty: write {}",),
    ),
    "dict default for a list": (
        field('{type: "list[int]", default: {}}'),
        "m.yaml:4:39",
        ("a dict default does not fit the type list[int]",),
    ),
    "unknown enum member default": (
        """\
        enums:
          Size: [SMALL, LARGE]
        models:
          A:
            fields:
              size: {type: Size, default: SMAL}
        """,
        "m.yaml:6:35",
        ("default 'SMAL' is not a value of Size", "did you mean 'SMALL'?"),
    ),
    "enum default far from every member": (
        """\
        enums:
          Size: [SMALL, LARGE]
        models:
          A:
            fields:
              size: {type: "Size?", default: HUGE}
        """,
        "m.yaml:6:38",
        ("default 'HUGE' is not a value of Size", "choose one of SMALL, LARGE"),
    ),
    "default for a model field": (
        IMAGE.format("{type: Image, default: {}}"),
        "m.yaml:7:33",
        ("a field of model type Image can have no default but null", "'Image?'"),
    ),
    # ------------------------------------------------------------------ order
    "order names a missing field": (
        """\
        models:
          A:
            order: [name, sku]
            fields:
              name: str
              skus: str
        """,
        "m.yaml:3:19",
        ("order names 'sku', which is not a field of A", "did you mean 'skus'?"),
    ),
    "order names a field twice": (
        """\
        models:
          A:
            order: [name, name]
            fields:
              name: str
        """,
        "m.yaml:3:19",
        ("order names 'name' twice",),
    ),
    # ----------------------------------------------------------------- cycles
    "a model that needs itself": (
        "models:\n  Node:\n    fields:\n      next: Node\n",
        "m.yaml:4:7",
        ("no Node can ever be built", "Node.next -> Node", "nullable (add '?')"),
    ),
    "two models that need each other": (
        """\
        models:
          Start:
            fields:
              a: A
          A:
            fields:
              b: B
          B:
            fields:
              count: int
              a: A
        """,
        "m.yaml:11:7",
        ("required fields form a cycle", "A.b -> B.a -> A;", "or give it a default"),
    ),
    # ------------------------------------------------------------------- YAML
    "unquoted list type in a flow mapping": (
        field("{type: list[int]}"),
        "m.yaml:4:21",
        ("invalid YAML", "got '['", "quote type expressions", '{type: "list[int]"}'),
    ),
    "unquoted nullable type in a flow mapping": (
        field("{type: str?, json: y}"),
        "m.yaml:4:20",
        ("invalid YAML", "got '?'", '{type: "list[int]"}'),
    ),
    "colon in flow text": (
        field("{type: str, doc: Note: this}"),
        "m.yaml:4:31",
        ("invalid YAML", "quote text that holds ': '"),
    ),
    "tab indentation": (
        "models:\n\tA: {fields: {}}\n",
        "m.yaml:2:1",
        ("invalid YAML", "indent with spaces, not tabs"),
    ),
    "two documents": (
        "enums: {E: [A]}\n---\nenums: {F: [B]}\n",
        "m.yaml:2:1",
        ("invalid YAML", "expected a single document", "but found another document"),
    ),
    "limit of zero": (
        "limits:\n  max_depth: 0\nmodels: {A: {fields: {x: int}}}\n",
        "m.yaml:2:14",
        ("max_depth must be a positive integer, not 0",),
    ),
    "limit as text": (
        "limits:\n  max_input_bytes: 1MB\n",
        "m.yaml:2:20",
        ("max_input_bytes must be a positive integer, not 1MB",),
    ),
    "unknown limit": (
        "limits:\n  max_dept: 5\n",
        "m.yaml:2:3",
        ("max_dept", "did you mean 'max_depth'?"),
    ),
    "empty file": ("", "m.yaml:1:1", ("the schema file is empty",)),
    "only comments": ("# nothing yet\n\n", "m.yaml:1:1", ("the schema file is empty",)),
    "only a document marker": ("---\n", "m.yaml:1:1", ("the schema file is empty",)),
}


@pytest.mark.parametrize(
    ("schema", "location", "words"), list(CASES.values()), ids=list(CASES)
)
def test_schema_error(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    schema: str,
    location: str,
    words: tuple[str, ...],
) -> None:
    found, message = schema_error(tmp_path, capsys, {"m.yaml": schema})
    assert found == location, message
    for word in words:
        assert word in message


# Mistakes that need more than one file.
MULTI_FILE_CASES: dict[str, tuple[dict[str, str], str, tuple[str, ...]]] = {
    "unknown module": (
        {"m.yaml": field("comon.Address"), "common.yaml": COMMON},
        "m.yaml:4:10",
        (
            "unknown module 'comon' in type 'comon.Address'",
            "did you mean 'common'?",
            "the modules common, m",
        ),
    ),
    "unknown type in another module": (
        {"m.yaml": field('"list[common.Adress]"'), "common.yaml": COMMON},
        "m.yaml:4:23",
        ("unknown type 'Adress' in module 'common'", "did you mean 'Address'?"),
    ),
    "unknown type in a sub-package module": (
        {"m.yaml": field("shop.events.Placed"), "shop/events.yaml": COMMON},
        "m.yaml:4:22",
        ("unknown type 'Placed' in module 'shop.events'", "it declares Address"),
    ),
    "a cycle across two files": (
        {
            "a.yaml": "models:\n  A:\n    fields:\n      b: b.B\n",
            "b.yaml": "models:\n  B:\n    fields:\n      id: int\n      a: a.A\n",
        },
        "b.yaml:5:7",
        ("no a.A can ever be built", "a.A.b -> B.a -> a.A"),
    ),
}


@pytest.mark.parametrize(
    ("files", "location", "words"),
    list(MULTI_FILE_CASES.values()),
    ids=list(MULTI_FILE_CASES),
)
def test_schema_error_across_files(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    files: dict[str, str | bytes],
    location: str,
    words: tuple[str, ...],
) -> None:
    found, message = schema_error(tmp_path, capsys, files)
    assert found == location, message
    for word in words:
        assert word in message


def test_non_utf8_file_points_at_the_bad_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    schema = "models:\n  A:\n    fields:\n      caf\xe9: str\n".encode("latin-1")
    location, message = schema_error(tmp_path, capsys, {"m.yaml": schema})
    assert location == "m.yaml:4:10"
    assert "not valid UTF-8 (byte 0xe9)" in message
    assert "save it as UTF-8" in message


def test_control_character_is_a_located_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    location, message = schema_error(tmp_path, capsys, {"m.yaml": field("str\x01")})
    assert location == "m.yaml:4:13"
    assert "U+0001 is not allowed" in message


@pytest.mark.parametrize(
    "link",
    ["A?", '"list[A]"', '"dict[str, A]"', '{type: "A?", default: null}'],
)
def test_a_nullable_or_container_link_breaks_a_cycle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], link: str
) -> None:
    schema = f"""\
    models:
      A:
        fields:
          b: B
      B:
        fields:
          a: {link}
    """
    assert run(tmp_path, {"m.yaml": schema}) == 0, capsys.readouterr().err
    assert (tmp_path / "out" / "m.py").is_file()


def test_a_nullable_link_breaks_a_cycle_across_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files: dict[str, str | bytes] = {
        "a.yaml": "models:\n  A:\n    fields:\n      b: b.B\n",
        "b.yaml": 'models:\n  B:\n    fields:\n      a: "a.A?"\n',
    }
    assert run(tmp_path, files) == 0, capsys.readouterr().err


@pytest.mark.parametrize(
    "default",
    [
        '{type: "list[int]?", default: []}',
        "{type: float, default: 1e3}",
        "{type: float, default: 2}",
        "{type: int64, default: -9223372036854775808}",
        "{type: str, default: ''}",
        "{type: int, default: 12345678901234567890123}",
    ],
)
def test_defaults_that_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], default: str
) -> None:
    assert run(tmp_path, {"m.yaml": field(default)}) == 0, capsys.readouterr().err


def test_naming_strategies_keep_every_letter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    schema = """\
    options: {naming: PascalCase}
    models:
      A:
        fields:
          maß: int
          maö: int
    """
    assert run(tmp_path, {"m.yaml": schema}) == 0, capsys.readouterr().err
    # Generated source spells non-ASCII names with escapes; the JSON keeps them.
    module = (tmp_path / "out" / "m.py").read_text(encoding="utf-8")
    assert module.isascii() or "Ma\\xdf" in module
    probe = "import m; a = m.A(maß=1, maö=2); print(a.to_json()); print(m.A.from_json(a.to_json()) == a)"
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path / "out",
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert result.stdout.splitlines() == ['{"Maß":1,"Maö":2}', "True"], result.stderr


def test_an_error_leaves_an_existing_output_folder_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(tmp_path, {"m.yaml": field("int"), "n.yaml": field("str")}) == 0
    out = tmp_path / "out"
    before = {path: path.read_bytes() for path in out.rglob("*")}
    capsys.readouterr()

    status = run(tmp_path, {"m.yaml": field("str"), "n.yaml": field("int23")})

    assert status == 2
    assert "n.yaml:4:10: error: unknown type 'int23'" in capsys.readouterr().err
    assert {path: path.read_bytes() for path in out.rglob("*")} == before
