"""Importing spring-petclinic-rest's OpenAPI document: a real Spring service's API.

The imported schema generates, the module imports, and documents written the way the
service writes them decode and encode back byte for byte.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from foryjson import DecodeError
from foryjson.gen.cli import main
from foryjson.gen.importing import import_documents
from foryjson.gen.source import load_data
from tests.schema_modules import generated_module

CORPUS = Path(__file__).resolve().parent / "import_corpus" / "spring-petclinic-rest"
SOURCE = CORPUS / "openapi.yml"

OWNER = (
    '{"firstName":"George","lastName":"Franklin","address":"110 W. Liberty St.",'
    '"city":"Madison","telephone":"6085551023","id":1,"pets":[{"name":"Leo",'
    '"birthDate":"2010-09-07","type":{"name":"cat","id":1},"id":1,"ownerId":1,'
    '"visits":[{"date":"2013-01-01","description":"rabies shot","id":1,"petId":1}]}]}'
)
DOCUMENTS = {
    "Owner": [
        OWNER,
        '{"firstName":"Betty","lastName":"Davis","address":"638 Cardinal Ave.",'
        '"city":"Sun Prairie","telephone":"6085551749","id":2,"pets":[]}',
    ],
    "OwnerFields": [
        '{"firstName":"Jean","lastName":"Coleman","address":"105 N. Lake St.",'
        '"city":"Monona","telephone":"6085552654"}'
    ],
    "Vet": [
        '{"firstName":"Helen","lastName":"Leary","specialties":[{"id":1,'
        '"name":"radiology"}],"id":2}',
        '{"firstName":"James","lastName":"Carter","specialties":[],"id":1}',
    ],
    "Pet": [
        '{"name":"Basil","birthDate":"2012-08-06","type":{"name":"hamster","id":6},'
        '"id":2,"ownerId":2,"visits":[]}'
    ],
    "Visit": ['{"description":"neutered","id":4,"petId":8}'],
    "RestError": [
        '{"status":400,"error":"Bad Request","path":"/api/owners",'
        '"timestamp":"2019-08-21T21:41:46.158Z","message":"Request failed schema'
        ' validation","schemaValidationErrors":[{"message":"[Path \'/lastName\']'
        ' Instance type (null) does not match","level":"ERROR"}]}'
    ],
    "User": [
        '{"username":"admin","password":"admin","enabled":true,'
        '"roles":[{"name":"OWNER_ADMIN"},{"name":"VET_ADMIN"}]}',
        '{"username":"guest"}',
    ],
}


@pytest.fixture(scope="module")
def petclinic(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    result = import_documents([(SOURCE.name, load_data(SOURCE, SOURCE.name))])
    folder = tmp_path_factory.mktemp("petclinic")
    yield from generated_module(folder, "petclinic", result.text)


def test_the_only_warning_is_the_unchecked_uri_format() -> None:
    result = import_documents([(SOURCE.name, load_data(SOURCE, SOURCE.name))])
    assert [str(warning) for warning in result.warnings] == [
        "openapi.yml:/components/schemas/RestError/properties/path/format: warning:"
        " the format 'uri' is not checked; read as str"
    ]
    assert "# warning: the format 'uri' is not checked" in result.text


def test_models_extend_their_editable_fields(petclinic: ModuleType) -> None:
    assert issubclass(petclinic.Owner, petclinic.OwnerFields)
    assert issubclass(petclinic.Pet, petclinic.PetFields)
    owner = petclinic.Owner.from_json(OWNER)
    assert owner.first_name == "George"
    assert owner.pets[0].visits[0].description == "rabies shot"
    assert str(owner.pets[0].birth_date) == "2010-09-07"


@pytest.mark.parametrize(
    ("model", "text"),
    [(model, text) for model, texts in DOCUMENTS.items() for text in texts],
)
def test_documents_decode_and_encode_byte_for_byte(
    petclinic: ModuleType, model: str, text: str
) -> None:
    codec = getattr(petclinic, model)
    assert codec.from_json(text).to_json() == text


@pytest.mark.parametrize(
    ("model", "text"),
    [
        (
            "OwnerFields",
            '{"firstName":"Ge0rge","lastName":"F","address":"a",'
            '"city":"b","telephone":"1"}',
        ),
        (
            "OwnerFields",
            '{"firstName":"","lastName":"F","address":"a",'
            '"city":"b","telephone":"1"}',
        ),
        ("OwnerFields", '{"lastName":"F","address":"a","city":"b","telephone":"1"}'),
        (
            "Pet",
            '{"name":"Basil","birthDate":"2012-13-06","type":{"name":"cat",'
            '"id":1},"id":2,"visits":[]}',
        ),
        (
            "Pet",
            '{"name":"Basil","birthDate":"2012-08-06","type":{"name":"cat",'
            '"id":-1},"id":2,"visits":[]}',
        ),
        (
            "Vet",
            '{"firstName":"Helen","lastName":"Leary","specialties":[{"id":1,'
            '"name":""}],"id":2}',
        ),
    ],
)
def test_documents_the_schema_rules_out_do_not_decode(
    petclinic: ModuleType, model: str, text: str
) -> None:
    with pytest.raises(DecodeError):
        getattr(petclinic, model).from_json(text)


def test_command_writes_a_file_foryjson_gen_generates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import", str(SOURCE), "-o", str(tmp_path / "schemas")]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("warning:") == 1
    assert (tmp_path / "schemas" / "openapi.yaml").is_file()
    assert main([str(tmp_path / "schemas"), "-o", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "openapi.py").is_file()
