"""``foryjson-gen import``: the mapping, warnings, hostile text and the command."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from foryjson import DecodeError
from foryjson.gen.cli import main
from foryjson.gen.importing import import_documents
from foryjson.gen.schema import SchemaFile, load_modules
from tests.schema_modules import generated_module

API: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Shop", "version": "1"},
    "components": {
        "schemas": {
            "Color": {"type": "string", "enum": ["RED", "GREEN"]},
            "Pet": {
                "type": "object",
                "required": ["petType"],
                "properties": {"petType": {"type": "string"}},
                "discriminator": {
                    "propertyName": "petType",
                    "mapping": {"cat": "#/components/schemas/Cat", "dog": "Dog"},
                },
                "oneOf": [
                    {"$ref": "#/components/schemas/Cat"},
                    {"$ref": "#/components/schemas/Dog"},
                ],
            },
            "Cat": {
                "type": "object",
                "required": ["petType", "lives"],
                "properties": {
                    "petType": {"type": "string"},
                    "lives": {"type": "integer", "format": "int32", "minimum": 0},
                },
            },
            "Dog": {
                "type": "object",
                "required": ["petType"],
                "properties": {
                    "petType": {"type": "string"},
                    "color": {"$ref": "#/components/schemas/Color"},
                },
            },
            "Base": {
                "type": "object",
                "required": ["id"],
                "properties": {"id": {"type": "string", "format": "uuid"}},
            },
            "Order": {
                "description": "An order.",
                "allOf": [
                    {"$ref": "#/components/schemas/Base"},
                    {
                        "type": "object",
                        "required": ["price", "tags", "pet"],
                        "properties": {
                            "price": {
                                "type": "number",
                                "format": "decimal",
                                "exclusiveMinimum": True,
                                "minimum": 0,
                            },
                            "quoted": {"type": "string", "format": "decimal"},
                            "tags": {
                                "type": "array",
                                "items": {"type": "string"},
                                "uniqueItems": True,
                                "maxItems": 3,
                            },
                            "note": {"type": "string", "nullable": True},
                            "placed": {"type": "string", "format": "date-time"},
                            "counts": {
                                "type": "object",
                                "additionalProperties": {"type": "integer"},
                            },
                            "pet": {"$ref": "#/components/schemas/Pet"},
                            "status": {
                                "type": "string",
                                "enum": ["OPEN", "DONE"],
                                "default": "OPEN",
                            },
                            "blob": {"type": "string", "format": "byte"},
                            "ratio": {"type": "number", "default": 0.5},
                        },
                    },
                ],
            },
        }
    },
}


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    result = import_documents([("api.yaml", API)])
    assert result.warnings == []
    yield from generated_module(tmp_path_factory.mktemp("shop"), "shop", result.text)


def test_openapi_constructs_map_to_their_schema_language_forms() -> None:
    data = yaml.safe_load(import_documents([("api.yaml", API)]).text)
    assert data["options"] == {"naming": "camelCase"}
    assert data["enums"]["Color"] == {"values": ["RED", "GREEN"]}
    assert data["enums"]["OrderStatus"] == {"values": ["OPEN", "DONE"]}
    assert data["models"]["Pet"]["subtypes"] == {
        "property": "petType",
        "types": {"cat": "Cat", "dog": "Dog"},
    }
    assert data["models"]["Cat"]["fields"] == {
        "lives": {"type": "int32", "constraints": {"min": 0}}
    }
    order = data["models"]["Order"]
    assert order["extends"] == "Base"
    assert order["doc"] == "An order."
    fields = order["fields"]
    assert fields["price"] == {
        "type": "decimal",
        "constraints": {"exclusive_min": 0},
    }
    assert fields["quoted"] == {"type": "decimal?", "format": "string"}
    assert fields["tags"] == {
        "type": "list[str]",
        "constraints": {"unique": True, "max_length": 3},
    }
    # The source says null is a value of note: it is written when None, too.
    assert fields["note"] == {"type": "str?", "include": "always"}
    assert fields["placed"] == {"type": "datetime?"}
    assert fields["counts"] == {"type": "dict[str, int]?"}
    assert fields["status"] == {"type": "OrderStatus", "default": "OPEN"}
    assert fields["blob"] == {"type": "bytes?"}
    assert fields["ratio"] == {"type": "float", "default": 0.5}


def test_imported_codecs_read_and_write_the_documents(shop: ModuleType) -> None:
    text = (
        '{"id":"12345678-1234-5678-1234-567812345678","price":9.90,'
        '"tags":["a","b"],"note":null,"pet":{"petType":"cat","lives":9},'
        '"status":"DONE","ratio":0.25}'
    )
    order = shop.Order.from_json(text)
    assert isinstance(order.pet, shop.Cat) and isinstance(order, shop.Base)
    assert order.to_json() == text
    for bad in (
        text.replace("9.90", "0"),
        text.replace('"b"', '"a"'),
        text.replace('"cat"', '"cow"'),
        text.replace('"lives":9', '"lives":-1'),
    ):
        with pytest.raises(DecodeError):
            shop.Order.from_json(bad)


def test_json_schema_2020_12_and_draft_07_forms() -> None:
    document = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Reading",
        "type": "object",
        "required": ["value"],
        "properties": {
            "value": {"type": ["number", "null"], "exclusiveMaximum": 100},
            "unit": {"oneOf": [{"$ref": "#/$defs/Unit"}, {"type": "null"}]},
            "old": {"$ref": "#/definitions/Old"},
        },
        "$defs": {"Unit": {"enum": ["C", "F"]}},
        "definitions": {"Old": {"type": "integer", "minimum": 0, "maximum": 255}},
    }
    result = import_documents([("reading.json", document)])
    assert result.warnings == []
    data = yaml.safe_load(result.text)
    assert data["models"]["Reading"]["fields"] == {
        "value": {
            "type": "float?",
            "include": "always",
            "constraints": {"exclusive_max": 100},
        },
        "unit": {"type": "Unit?", "include": "always"},
        "old": {"type": "uint8?"},
    }


EVIL_DOC = 'a "doc"\n  - with: [yaml]\n# and a comment\x85\u2028'
HOSTILE: dict[str, Any] = {
    "$defs": {
        "evil: {x}\n#": {
            "type": "object",
            "description": EVIL_DOC,
            "properties": {
                "class": {"type": "string"},
                "foo-bar": {"type": "string", "pattern": "^a'\"\n$"},
                "to_json": {"type": "string", "default": "{{ x }}\n"},
                "2fa": {"type": "boolean"},
                "__import__('os')": {"type": "string"},
                "": {"type": "string"},
                "a\nb": {"type": "string", "format": "ev\nil"},
            },
            "required": ["class"],
        },
        "Decimal": {"type": "object", "properties": {"x": {"enum": ["x y"]}}},
    }
}


def test_hostile_names_and_text_stay_data(tmp_path: Path) -> None:
    result = import_documents([("evil.json", HOSTILE)])
    for line in result.text.splitlines():
        assert "\n" not in line and "\x85" not in line and "\u2028" not in line
    data = yaml.safe_load(result.text)
    (name,) = (key for key in data["models"] if key != "DecimalModel")
    assert name.isidentifier() and name[0].isupper()
    fields = data["models"][name]["fields"]
    assert {item.get("json", key) for key, item in fields.items()} == set(
        HOSTILE["$defs"]["evil: {x}\n#"]["properties"]
    ) - {""}
    assert all(key.isidentifier() and key.isascii() for key in fields)
    assert data["models"][name]["doc"] == EVIL_DOC
    shown = [str(warning) for warning in result.warnings]
    assert all("\n" not in line for line in shown)
    assert any("/a\\nb/format: warning: the format 'ev\\nil'" in line for line in shown)
    path = tmp_path / "evil.yaml"
    path.write_text(result.text, encoding="utf-8")
    (module,) = load_modules([SchemaFile(path, "evil", "evil.yaml", "evil.yaml")])
    assert {model.name for model in module.models} == {name, "DecimalModel"}
    assert "x y" not in result.text.replace('"x y"', "")


def test_warnings_name_the_file_and_json_pointer() -> None:
    document = {
        "components": {
            "schemas": {
                "A/b~c": {
                    "type": "object",
                    "properties": {
                        "tags": {
                            "type": "array",
                            "items": {"type": "string", "maxLength": 3},
                        },
                        "either": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
                    },
                }
            }
        },
        "openapi": "3.1.0",
    }
    result = import_documents([("api.yaml", document)])
    assert [str(warning) for warning in result.warnings] == [
        "api.yaml:/components/schemas/A~1b~0c/properties/tags/items: warning:"
        " constraints here are not kept (max_length)",
        "api.yaml:/components/schemas/A~1b~0c/properties/either/oneOf: warning:"
        " 'oneOf' here is read as any value: untagged unions are not mapped, only"
        " tables of subtypes told apart by a discriminator or a constant property",
    ]
    assert "# warning: constraints here are not kept (max_length)" in result.text


def test_command_writes_one_file_per_source_or_one_module(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "shop-api.json").write_text(json.dumps(API), encoding="utf-8")
    (tmp_path / "reading.yaml").write_text(
        yaml.safe_dump({"$defs": {"R": {"type": "object", "properties": {}}}}),
        encoding="utf-8",
    )
    out = tmp_path / "schemas"
    sources = [str(tmp_path / "shop-api.json"), str(tmp_path / "reading.yaml")]
    assert main(["import", *sources, "-o", str(out)]) == 0
    assert sorted(path.name for path in out.iterdir()) == [
        "reading.yaml",
        "shop_api.yaml",
    ]
    assert main(["import", *sources, "-o", str(out), "--module", "a.merged"]) == 0
    assert (out / "a" / "merged.yaml").is_file()
    assert main([str(out), "-o", str(tmp_path / "gen")]) == 0
    (out / "reading.yaml").write_text("models: {}\n", encoding="utf-8")
    assert main(["import", *sources, "-o", str(out)]) == 2
    assert "was not written by foryjson-gen import" in capsys.readouterr().err


def test_directions_map_read_only_and_write_only() -> None:
    document = {
        "$defs": {
            "A": {
                "type": "object",
                "required": ["id"],
                "properties": {
                    "id": {"type": "integer", "readOnly": True},
                    "secret": {"type": "string", "writeOnly": True},
                },
            }
        }
    }
    plain = yaml.safe_load(import_documents([("a.json", document)]).text)
    assert plain["models"]["A"]["fields"]["id"] == {
        "type": "int",
        "doc": "The source marks it read-only.",
    }
    kept = yaml.safe_load(
        import_documents([("a.json", document)], directions=True).text
    )
    assert kept["models"]["A"]["fields"] == {
        "id": {"type": "int?", "read_only": True},
        "secret": {"type": "str?", "write_only": True},
    }


SHAPES = """\
doc: "Shapes, with a value model and a tuple."
options:
  naming: camelCase
  include: always
enums:
  Color: [RED, GREEN]
models:
  Shape:
    subtypes:
      representation: wrapper_array
      types: {circle: Circle, square: Square}
  Circle:
    fields:
      radius: {type: float, constraints: {min: 0.10}}
      fill: {type: "Color?", json: fill-color}
  Square:
    fields:
      corner: "tuple[int32, int32]"
  Code:
    value: true
    fields:
      text: str
roots:
  Shapes: "list[Shape]"
"""


def test_an_export_imports_back_through_its_annotations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "schemas" / "art").mkdir(parents=True)
    (tmp_path / "schemas" / "art" / "shapes.yaml").write_text(SHAPES, encoding="utf-8")
    exported = tmp_path / "jsonschema"
    assert main([str(tmp_path / "schemas"), "--jsonschema", str(exported)]) == 0
    files = sorted(str(path) for path in (exported / "art" / "shapes").iterdir())
    out = tmp_path / "imported"
    assert main(["import", *files, "-o", str(out), "--module", "art.shapes"]) == 0
    assert "warning" not in capsys.readouterr().err
    text = (out / "art" / "shapes.yaml").read_text(encoding="utf-8")
    assert yaml.safe_load(text) == yaml.safe_load(SHAPES)
    assert "min: 0.10\n" in text  # the digits as written
    original = main([str(tmp_path / "schemas"), "-o", str(tmp_path / "a")])
    again = main([str(out), "-o", str(tmp_path / "b")])
    assert original == again == 0
    first, second = (
        (tmp_path / name / "art" / "shapes.py").read_text(encoding="utf-8")
        for name in "ab"
    )
    assert first.partition("\n")[2] == second.partition("\n")[2]


def test_annotations_are_used_only_for_a_whole_module(tmp_path: Path) -> None:
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "shapes.yaml").write_text(SHAPES, encoding="utf-8")
    exported = tmp_path / "jsonschema"
    assert main([str(tmp_path / "schemas"), "--jsonschema", str(exported)]) == 0
    documents = [
        (path.name, json.loads(path.read_text(encoding="utf-8")))
        for path in sorted((exported / "shapes").iterdir())
    ]
    whole = import_documents(documents)
    assert whole.warnings == [] and "raw" not in whole.text
    # Without Square's file, its definition is missing: the standard keywords apply.
    partial = import_documents(
        [item for item in documents if item[0] != "Square.schema.json"]
    )
    assert 'include: "always"' not in partial.text
    assert 'json: "fill-color"' in partial.text


def test_annotation_text_stays_quoted_data(tmp_path: Path) -> None:
    evil = 'x"\n: {y: 1}\n#\u2028'
    document = {
        "x-foryjson": {
            "module": "m",
            "file": {"doc": evil, "models": ["A"], evil: [evil, 1.5e300, None]},
        },
        "$defs": {"m.A": {"x-foryjson": {"fields": {"y": {"type": evil}}}}},
    }
    result = import_documents([("a.json", document)])
    assert result.warnings == []
    data = yaml.safe_load(result.text)
    assert data["doc"] == evil
    assert data[evil] == [evil, 1.5e300, None]
    assert data["models"] == {"A": {"fields": {"y": {"type": evil}}}}
    for line in result.text.splitlines():
        assert "\n" not in line and "\u2028" not in line


def test_code_references_of_an_export_are_kept_only_when_trusted() -> None:
    document = {
        "x-foryjson": {"module": "m", "file": {"models": ["A"]}},
        "$defs": {
            "m.A": {
                "x-foryjson": {
                    "validator": "os:system",
                    "python": "subprocess:Popen",
                    "fields": {"y": {"type": "str", "codec": "shutil:rmtree"}},
                }
            }
        },
    }
    result = import_documents([("evil.json", document)])
    assert [str(warning) for warning in result.warnings] == [
        "evil.json:/$defs/m.A/x-foryjson/validator: warning: validator 'os:system'"
        " names Python code; left out (pass --trust-code to keep the code references"
        " of documents you trust)",
        "evil.json:/$defs/m.A/x-foryjson/python: warning: python 'subprocess:Popen'"
        " names Python code; left out (pass --trust-code to keep the code references"
        " of documents you trust)",
        "evil.json:/$defs/m.A/x-foryjson/fields/y/codec: warning: codec"
        " 'shutil:rmtree' names Python code; left out (pass --trust-code to keep the"
        " code references of documents you trust)",
    ]
    data = yaml.safe_load(result.text)
    assert data["models"] == {"A": {"fields": {"y": {"type": "str"}}}}
    assert "# left out: A: validator 'os:system'" in result.text
    trusted = yaml.safe_load(
        import_documents([("a.json", document)], trust_code=True).text
    )
    assert trusted["models"]["A"]["validator"] == "os:system"
