"""The JSON Schema of the schema language agrees with what the generator accepts.

Editors use it to complete and check schema files; it must accept every schema the
generator accepts, and reject the mistakes that JSON Schema can see.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from foryjson.gen import naming, objects, schema
from foryjson.gen.cli import main
from foryjson.gen.ir import BYTE_FORMATS, Include, UnknownProperties
from foryjson.gen.jsonschema import LANGUAGE_SCHEMA
from foryjson.gen.schema import SchemaFile, load_modules
from foryjson.gen.source import SchemaError
from tests.test_docs import PAGES

REPOSITORY = Path(__file__).resolve().parents[1]
LANGUAGE = json.loads(LANGUAGE_SCHEMA.read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(LANGUAGE)
SCHEMA_FILES = sorted((REPOSITORY / "schemas").rglob("*.yaml"))


def problems(text: str) -> list[str]:
    return [
        f"{error.json_path}: {error.message}"
        for error in VALIDATOR.iter_errors(yaml.safe_load(text))
    ]


def generator_error(tmp_path: Path, text: str) -> str | None:
    """The generator's message for a one-file schema, or None if it is accepted."""
    path = tmp_path / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        load_modules([SchemaFile(path, "probe", "probe.yaml", "probe.yaml")])
    except SchemaError as error:
        return str(error)
    return None


def test_the_language_schema_is_a_valid_2020_12_schema() -> None:
    Draft202012Validator.check_schema(LANGUAGE)
    assert LANGUAGE["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda path: path.name)
def test_repository_schemas_validate_and_point_at_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert problems(text) == []
    first = text.partition("\n")[0]
    prefix = "# yaml-language-server: $schema="
    assert first.startswith(prefix)
    target = path.parent / first.removeprefix(prefix)
    assert target.resolve() == LANGUAGE_SCHEMA.resolve()
    relative = os.path.relpath(
        REPOSITORY / "generator/foryjson/gen/foryjson-schema.json", path.parent
    )
    assert first.removeprefix(prefix) == Path(relative).as_posix()


def test_the_editor_comment_changes_no_generated_code() -> None:
    generated = (REPOSITORY / "generated" / "media.py").read_text(encoding="utf-8")
    assert "yaml-language-server" not in generated
    assert (
        main(
            [
                str(REPOSITORY / "schemas"),
                "-o",
                str(REPOSITORY / "generated"),
                "--check",
            ]
        )
        == 0
    )


DOC_SCHEMAS = [
    (f"{page.path.name}:{name}", text)
    for page in PAGES
    for name, text in page.schemas.items()
]


@pytest.mark.parametrize(("name", "text"), DOC_SCHEMAS, ids=[n for n, _ in DOC_SCHEMAS])
def test_every_documented_schema_validates(name: str, text: str) -> None:
    assert problems(text) == [], name


def test_the_keys_and_choices_are_the_generators() -> None:
    defs = LANGUAGE["$defs"]
    assert set(LANGUAGE["properties"]) == set(schema._MODULE_KEYS)
    assert set(LANGUAGE["properties"]["options"]["properties"]) == set(
        schema._OPTION_KEYS
    )
    assert set(defs["model"]["properties"]) == set(schema._MODEL_KEYS)
    assert set(defs["field"]["anyOf"][1]["properties"]) == set(schema._FIELD_KEYS)
    assert set(defs["constraints"]["properties"]) == set(objects.CONSTRAINT_KEYS)
    assert set(defs["subtypes"]["properties"]["representation"]["enum"]) == set(
        objects.REPRESENTATIONS
    )
    assert defs["naming"]["enum"] == list(naming.STRATEGIES)
    assert defs["include"]["enum"] == [policy.value for policy in Include]
    assert defs["unknownProperties"]["enum"] == [
        policy.value for policy in UnknownProperties
    ]
    assert defs["byteArrayFormat"]["enum"] == list(BYTE_FORMATS)


# Schemas the generator accepts, which an editor must not flag either.
ACCEPTED = [
    "{}\n",
    "doc: Empty.\nmodels: {}\n",
    "enums:\n  Color: [RED, grün, Two_words]\n",
    "enums:\n  Color: {values: [RED], doc: A colour.}\n",
    "models:\n  A:\n    fields:\n      größe: int32\n      b: 'list[dict[str, tuple[int8?, ...]]]?'\n",
    "models:\n  A:\n    naming: kebab-case\n    include: non_default\n"
    "    unknown_properties: reject\n    byte_array_format: uint8_array\n"
    "    order: [b]\n    fields:\n      a: str\n      b: {type: bytes, format: base16}\n",
    "models:\n  A:\n    fields:\n      at: {type: date, format: dd/MM/uuuu, default: 2026-01-02}\n",
    "models:\n  A:\n    fields:\n"
    "      x: {type: decimal, constraints: {min: '0.5', multiple_of: 0.25}}\n"
    "      y: {type: 'list[str]', constraints: {unique: true, min_length: 0}}\n"
    "      z: {type: str, json: 'the z', doc: Zed, include: always, default: ''}\n",
    "models:\n  Base:\n    subtypes: {property: kind, types: {a: A}}\n    fields: {}\n"
    "  A:\n    fields: {x: int}\n",
    "models:\n  Base:\n    subtypes: {representation: wrapper_array, types: {'1': A}}\n"
    "  A:\n    fields: {x: int}\n",
    "models:\n  A:\n    value: true\n    validator: pkg.checks:check\n    fields: {text: str}\n",
    "models:\n  Base:\n    subtypes: {property: kind, types: {a: A, b: B}}\n"
    "    order: [y]\n    fields: {x: int, y: str}\n"
    "  A:\n    fields: {z: int}\n  B:\n    extends: A\n"
    "  C:\n    extends: D\n    naming: camelCase\n    fields: {long_name: int}\n"
    "  D:\n    fields: {id: str}\n",
    "models:\n  A:\n    fields:\n      b: {type: 'B?', unwrapped: {prefix: b_}}\n"
    "      c: {type: B, unwrapped: true}\n"
    "      rest: {type: 'dict[str, any]', any_properties: true}\n"
    "      raw: {type: 'str?', raw: true, read_only: true}\n"
    "      w: {type: 'str?', write_only: true, read_only: false}\n"
    "  B:\n    fields: {x: int}\n",
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_what_the_generator_accepts_validates(tmp_path: Path, text: str) -> None:
    assert generator_error(tmp_path, text) is None
    assert problems(text) == []


# Mistakes both the generator and the language schema catch: (schema, the path of the
# JSON Schema error, words of the generator's message).
REJECTED = [
    ("model:\n  A: {fields: {x: int}}\n", "$", "unknown key 'model'"),
    ("options: {naming: camel}\n", "$.options.naming", "unknown naming strategy"),
    ("options: {include: never}\n", "$.options.include", "include must be one of"),
    (
        "options: {unknown_properties: fail}\n",
        "$.options.unknown_properties",
        "unknown_properties must be one of",
    ),
    (
        "options: {byte_array_format: hex}\n",
        "$.options.byte_array_format",
        "unknown byte_array_format",
    ),
    ("options: {nameing: camelCase}\n", "$.options", "unknown key 'nameing'"),
    ("enums:\n  color: [RED]\n", "$.enums", "must start with an upper-case letter"),
    ("enums:\n  Color: []\n", "$.enums.Color", "needs at least one value"),
    ("enums:\n  Color: [RED, RED]\n", "$.enums.Color", "appears twice"),
    ("enums:\n  Color: [_RED]\n", "$.enums.Color", "starts with '_'"),
    ("enums:\n  Color: {doc: x}\n", "$.enums.Color", "needs 'values'"),
    ("models:\n  A: {}\n", "$.models.A", "needs 'fields'"),
    (
        "models:\n  A: {fields: {x: int}, extra: 1}\n",
        "$.models.A",
        "unknown key 'extra'",
    ),
    ("models:\n  A: {fields: [x, y]}\n", "$.models.A.fields", "must be a mapping"),
    ("models:\n  A: {fields: {x: }}\n", "$.models.A.fields.x", "needs a type"),
    ("models:\n  A: {fields: {x: 3}}\n", "$.models.A.fields.x", "must be a string"),
    (
        "models:\n  A: {fields: {x: 'list<int>'}}\n",
        "$.models.A.fields.x",
        "needs type arguments",
    ),
    ("models:\n  A: {fields: {x: {json: y}}}\n", "$.models.A.fields.x", "needs 'type'"),
    (
        "models:\n  A: {fields: {x: {type: int, nullable: true}}}\n",
        "$.models.A.fields.x",
        "unknown key 'nullable'",
    ),
    (
        "models:\n  A: {fields: {x: {type: int, read_only: yes please}}}\n",
        "$.models.A.fields.x",
        "takes true or false",
    ),
    (
        "models:\n  A: {fields: {x: {type: str, include: sometimes}}}\n",
        "$.models.A.fields.x",
        "include must be one of",
    ),
    (
        "models:\n  A: {fields: {x: {type: str, json: ''}}}\n",
        "$.models.A.fields.x",
        "json must not be empty",
    ),
    ("models:\n  A: {fields: {_x: int}}\n", "$.models.A.fields", "starts with '_'"),
    (
        "models:\n  A: {fields: {x: {type: 'str?', read_only: true, write_only: true}}}\n",
        "$.models.A.fields.x",
        "both read_only and write_only",
    ),
    (
        "models:\n  A: {fields: {x: {type: int, constraints: {minimum: 1}}}}\n",
        "$.models.A.fields.x",
        "unknown key 'minimum'",
    ),
    (
        "models:\n  A: {fields: {x: {type: str, constraints: {min_length: -1}}}}\n",
        "$.models.A.fields.x",
        "whole number",
    ),
    (
        "models:\n  A: {fields: {x: {type: B, unwrapped: false}}}\n  B: {fields: {y: int}}\n",
        "$.models.A.fields.x",
        "unwrapped takes true",
    ),
    (
        "models:\n  A: {fields: {x: int}, validator: check}\n",
        "$.models.A.validator",
        "package.module:name",
    ),
    (
        "models:\n  A: {fields: {x: str}, value: 'true'}\n",
        "$.models.A.value",
        "value takes true",
    ),
    (
        "models:\n  A: {subtypes: {types: {b: B}}}\n  B: {fields: {y: int}}\n",
        "$.models.A.subtypes",
        "need 'property'",
    ),
    (
        "models:\n  A: {subtypes: {representation: wrapper_object, property: kind, types: {b: B}}}\n  B: {fields: {y: int}}\n",
        "$.models.A.subtypes",
        "'property' names the discriminator",
    ),
    (
        "models:\n  A: {subtypes: {property: kind, types: {}}}\n",
        "$.models.A.subtypes.types",
        "is empty",
    ),
    (
        "models:\n  A: {subtypes: {representation: tagged, types: {b: B}}}\n  B: {fields: {y: int}}\n",
        "$.models.A.subtypes.representation",
        "unknown representation",
    ),
    (
        "models:\n  A: {extends: 'list[int]', fields: {x: int}}\n",
        "$.models.A.extends",
        "A extends list[int]; a model extends a model",
    ),
    (
        "models:\n  A: {subtypes: {property: kind, types: {b: B}}, value: true}\n  B: {fields: {y: int}}\n",
        "$.models.A",
        "takes no 'value'",
    ),
]


@pytest.mark.parametrize(("text", "path", "message"), REJECTED)
def test_mistakes_are_rejected_by_both(
    tmp_path: Path, text: str, path: str, message: str
) -> None:
    problem = generator_error(tmp_path, text)
    assert problem is not None and message in problem, problem
    errors = list(VALIDATOR.iter_errors(yaml.safe_load(text)))
    assert errors, text
    assert path in {error.json_path for error in errors}, [
        (error.json_path, error.message) for error in errors
    ]


def test_command_writes_the_language_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "foryjson-schema.json"
    assert main(["--language-schema", str(target)]) == 0
    assert target.read_bytes() == LANGUAGE_SCHEMA.read_bytes()
    assert str(target) in capsys.readouterr().out
    assert main(["--language-schema", "-"]) == 0
    assert capsys.readouterr().out == LANGUAGE_SCHEMA.read_text(encoding="utf-8")
    assert main(["--language-schema", str(tmp_path / "missing" / "x.json")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_the_language_schema_file_is_sorted_json() -> None:
    text = LANGUAGE_SCHEMA.read_text(encoding="utf-8")
    data: Any = json.loads(text)
    assert text == json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
