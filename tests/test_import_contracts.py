"""``foryjson-gen import`` on the idioms of real contracts: every file it writes generates."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from foryjson import ForyJson
from foryjson.gen.cli import main
from foryjson.gen.importing import import_documents
from tests.schema_modules import generated_module


def _openapi(schemas: dict[str, Any]) -> dict[str, Any]:
    return {"openapi": "3.0.0", "components": {"schemas": schemas}}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(**properties: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties}


CONTRACT = _openapi(
    {
        "Name": {"type": "string"},
        "Label": {"type": "string"},
        "Address": _object(city={"type": "string"}),
        "checkout.session": _object(
            object={"type": "string", "enum": ["checkout.session"]},
            created={"type": "integer", "format": "unix-time"},
            locale={"type": "string", "enum": ["en-GB", "zh-HK"]},
            shipping={
                "nullable": True,
                "description": "Where it goes.",
                "allOf": [_ref("Address")],
            },
            billing={"description": "Where bills go.", "anyOf": [_ref("Address")]},
        ),
        "issuing.card": _object(
            object={"type": "string", "enum": ["issuing.card"]},
            kind={"type": "string", "enum": ["list", "set"]},
        ),
        "card": _object(object={"type": "string", "enum": ["card"]}),
        "bank_account": _object(object={"type": "string", "enum": ["bank_account"]}),
        "external_account": {"anyOf": [_ref("bank_account"), _ref("card")]},
        "Cat": _object(meow={"type": "string"}),
        "Dog": _object(bark={"type": "string"}),
        "Pet": {"anyOf": [_ref("Cat"), _ref("Dog")]},
        "Holder": {
            "type": "object",
            "required": ["pet"],
            "properties": {
                "pet": _ref("Pet"),
                "accounts": {
                    "type": "array",
                    "items": {"anyOf": [_ref("bank_account"), _ref("card")]},
                },
                "name": _ref("Label"),
            },
        },
    }
)


@pytest.fixture(scope="module")
def imported() -> dict[str, Any]:
    result = import_documents([("stripe.json", CONTRACT)])
    data: dict[str, Any] = yaml.safe_load(result.text)
    data["_text"] = result.text
    data["_warnings"] = [str(warning) for warning in result.warnings]
    return data


@pytest.fixture(scope="module")
def contract(
    tmp_path_factory: pytest.TempPathFactory, imported: dict[str, Any]
) -> Iterator[ModuleType]:
    folder = tmp_path_factory.mktemp("contract")
    yield from generated_module(folder, "contract", imported["_text"])


def test_dotted_names_keep_their_prefix_and_the_file_maps_them(
    imported: dict[str, Any],
) -> None:
    assert {"CheckoutSession", "IssuingCard", "Card", "BankAccount"} <= set(
        imported["models"]
    )
    text = imported["_text"]
    assert "#   checkout.session -> CheckoutSession\n" in text
    assert "#   issuing.card -> IssuingCard\n" in text
    assert "#   bank_account -> BankAccount\n" in text


def test_scalar_definitions_of_one_type_share_one_root(
    imported: dict[str, Any], contract: ModuleType
) -> None:
    assert imported["roots"] == {"Name": {"type": "str"}, "Pet": {"type": "any"}}
    assert "#   Label -> str, as root Name\n" in imported["_text"]
    assert imported["models"]["Holder"]["fields"]["name"]["type"] == "str?"
    assert ForyJson(contract).from_json('"x"', contract.Name) == "x"


def test_nullable_and_described_references_keep_their_type_and_doc(
    imported: dict[str, Any],
) -> None:
    fields = imported["models"]["CheckoutSession"]["fields"]
    assert fields["shipping"] == {
        "type": "Address?",
        "include": "always",
        "doc": "Where it goes.",
    }
    assert fields["billing"] == {"type": "Address?", "doc": "Where bills go."}


def test_unix_time_and_enums_that_are_no_python_names(
    imported: dict[str, Any], contract: ModuleType
) -> None:
    fields = imported["models"]["CheckoutSession"]["fields"]
    assert fields["created"] == {"type": "datetime?", "format": "epoch_seconds"}
    assert fields["locale"] == {
        "type": "str?",
        "constraints": {"pattern": "en\\-GB|zh\\-HK"},
    }
    # 'list' is a fine enum value: only field names avoid it.
    assert imported["enums"]["IssuingCardKind"] == {"values": ["list", "set"]}
    text = '{"object":"checkout.session","created":1700000000,"locale":"zh-HK"}'
    session = contract.CheckoutSession.from_json(text)
    assert session.created.year == 2023
    assert session.to_json() == text.replace("}", ',"shipping":null}')
    with pytest.raises(Exception, match=r"\$\.locale"):
        contract.CheckoutSession.from_json('{"locale":"fr"}')


def test_a_union_told_apart_by_a_constant_property_is_a_table_of_subtypes(
    imported: dict[str, Any], contract: ModuleType
) -> None:
    assert imported["models"]["ExternalAccount"]["subtypes"] == {
        "property": "object",
        "types": {"bank_account": "BankAccount", "card": "Card"},
    }
    # The same union written inline is the same table.
    accounts = imported["models"]["Holder"]["fields"]["accounts"]
    assert accounts["type"] == "list[ExternalAccount]?"
    text = '{"pet":{},"accounts":[{"object":"card"},{"object":"bank_account"}]}'
    holder = contract.Holder.from_json(text)
    assert [type(item).__name__ for item in holder.accounts] == [
        "Card",
        "BankAccount",
    ]
    assert holder.to_json() == text


def test_a_union_nothing_tells_apart_is_any_value_with_a_warning_never_empty(
    imported: dict[str, Any], contract: ModuleType
) -> None:
    assert "Pet" not in imported["models"]
    assert (
        "stripe.json:/components/schemas/Pet/anyOf: warning: 'anyOf' here is read"
        " as any value: untagged unions are not mapped, only tables of subtypes"
        " told apart by a discriminator or a constant property"
    ) in imported["_warnings"]
    assert imported["models"]["Holder"]["fields"]["pet"]["type"] == "any"
    text = '{"pet":{"meow":"purr"}}'
    holder = contract.Holder.from_json(text)
    assert holder.pet == {"meow": "purr"}
    assert holder.to_json() == text


def test_a_self_extending_all_of_is_refused_and_the_file_generates(
    tmp_path: Path,
) -> None:
    document = {
        "$defs": {
            "E": {"allOf": [{"$ref": "#/$defs/E"}], "properties": {"a": {}}},
            "F": {"allOf": [{"$ref": "#/$defs/G"}], "properties": {"f": {}}},
            "G": {"allOf": [{"$ref": "#/$defs/F"}], "properties": {"g": {}}},
        }
    }
    result = import_documents([("cycle.json", document)])
    warnings = [str(warning) for warning in result.warnings]
    assert (
        "cycle.json:/$defs/E: warning: allOf makes E extend itself (E -> E); the"
        " reference to E is refused and E extends nothing"
    ) in warnings
    assert any("(F -> G -> F)" in warning for warning in warnings)
    module = next(generated_module(tmp_path, "cycle", result.text))
    assert module.E.from_json('{"a":1}').a == 1


def test_swagger_2_definitions_are_imported(tmp_path: Path) -> None:
    source = tmp_path / "petstore.json"
    source.write_text(
        '{"swagger": "2.0", "definitions": {"Pet": {"type": "object",'
        ' "properties": {"tag": {"type": "string", "x-nullable": true}}}}}'
    )
    assert main(["import", str(source), "-o", str(tmp_path / "out")]) == 0
    data = yaml.safe_load((tmp_path / "out" / "petstore.yaml").read_text())
    assert data["models"]["Pet"]["fields"]["tag"] == {
        "type": "str?",
        "include": "always",
    }


def test_a_document_with_nothing_to_import_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "empty.json"
    source.write_text('{"openapi": "3.0.0", "info": {"title": "x"}}')
    assert main(["import", str(source), "-o", str(tmp_path / "out")]) == 1
    assert "empty.json: nothing to import" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_yaml_tag_is_an_error_at_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "tagged.yaml"
    source.write_text("openapi: 3.0.0\ncomponents:\n  schemas:\n    A: !foo {}\n")
    assert main(["import", str(source), "-o", str(tmp_path / "out")]) == 2
    error = capsys.readouterr().err
    assert (
        "tagged.yaml:4:8: error: invalid YAML: could not determine a constructor"
        " for the tag '!foo'"
    ) in error


def test_enum_warnings_say_why(imported: dict[str, Any]) -> None:
    document = _openapi(
        {"A": _object(flag={"type": "boolean", "enum": [True]}, n={"enum": [1, 2]})}
    )
    warnings = [str(w) for w in import_documents([("a.json", document)]).warnings]
    assert (
        "a.json:/components/schemas/A/properties/flag/enum: warning: 'enum' is not"
        " checked for bool: enums of the schema language hold strings only"
    ) in warnings


def test_java_contracts_get_java_floats_and_uris(tmp_path: Path) -> None:
    source = tmp_path / "svc.json"
    source.write_text(
        '{"openapi": "3.0.0", "components": {"schemas": {"Link": {"type": "object",'
        ' "properties": {"href": {"type": "string", "format": "uri"}}}}}}'
    )
    assert main(["import", str(source), "--java", "-o", str(tmp_path / "j")]) == 0
    assert main(["import", str(source), "-o", str(tmp_path / "p")]) == 0
    java = yaml.safe_load((tmp_path / "j" / "svc.yaml").read_text())
    plain = yaml.safe_load((tmp_path / "p" / "svc.yaml").read_text())
    assert java["options"]["float_style"] == "java"
    assert java["models"]["Link"]["fields"]["href"]["type"] == "uri?"
    assert "float_style" not in plain.get("options", {})
    assert plain["models"]["Link"]["fields"]["href"]["type"] == "str?"
