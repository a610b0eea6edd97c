"""Schema mistakes a Java or Python user makes get the spelling they meant."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from foryjson.gen import spellings
from foryjson.gen.cli import main

DOCS = Path(__file__).resolve().parent.parent / "docs"


def generator_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> str:
    (tmp_path / "m.yaml").write_text(text)
    assert main([str(tmp_path / "m.yaml"), "-o", str(tmp_path / "out")]) == 2
    return capsys.readouterr().err


def field_of(type_text: str) -> str:
    return f"models:\n  A:\n    fields:\n      x: {{type: '{type_text}'}}\n"


@pytest.mark.parametrize(
    ("type_text", "message"),
    [
        ("List[int]", "'List' is written list[T] here (lower case)"),
        ("Optional[str]", "'Optional[T]' is written T? here, as in str?"),
        (
            "str | None",
            "unexpected '|' in type 'str | None'; a nullable type is written T?",
        ),
        ("byte[]", "'byte[]' is a Java byte array: write bytes"),
        ("String[]", "'String[]' is a Java array: write list[str]"),
        ("map[str, str]", "'map' is written dict[K, V] here (lower case)"),
        ("Map[String, Integer]", "'Map' is written dict[K, V] here (lower case)"),
        ("long", "unknown type 'long'; write int64, the schema type for long"),
        ("String", "unknown type 'String'; write str, the schema type for String"),
        ("Integer", "unknown type 'Integer'; write int32, the schema type for Integer"),
        (
            "Instant",
            "unknown type 'Instant'; write instant, the schema type for Instant",
        ),
        (
            "URI",
            "unknown type 'URI'; write uri, the schema type for URI",
        ),
        (
            "Currency",
            "unknown type 'Currency'; write currency, the schema type for Currency",
        ),
        (
            "OffsetDateTime",
            "unknown type 'OffsetDateTime'; write datetime, the schema type for"
            " OffsetDateTime",
        ),
        ("BigDecimal", "write decimal, the schema type for BigDecimal"),
    ],
)
def test_foreign_spellings_get_the_schema_spelling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], type_text: str, message: str
) -> None:
    assert message in generator_error(tmp_path, capsys, field_of(type_text))


def test_a_type_of_another_file_needs_its_module(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "payments.yaml").write_text("models:\n  Payment: {fields: {x: int}}\n")
    (tmp_path / "wallet.yaml").write_text("models:\n  W: {fields: {p: Payment}}\n")
    assert main([str(tmp_path), "-o", str(tmp_path / "out")]) == 2
    assert (
        "unknown type 'Payment' in this file; did you mean 'payments.Payment'? Types"
        " of another file take its module name" in capsys.readouterr().err
    )


@pytest.mark.parametrize("written", ["None", "none", "nil"])
def test_a_python_none_default_is_not_the_text_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str
) -> None:
    text = (
        f"models:\n  A:\n    fields:\n      x: {{type: 'str?', default: {written}}}\n"
    )
    assert (
        f"default: {written} is the text '{written}' in YAML; write null (or ~) for"
        f" no value, or quote it ('{written}') for the text"
    ) in generator_error(tmp_path, capsys, text)
    quoted = (
        f"models:\n  A:\n    fields:\n      x: {{type: str, default: '{written}'}}\n"
    )
    (tmp_path / "q.yaml").write_text(quoted)
    assert main([str(tmp_path / "q.yaml"), "-o", str(tmp_path / "q")]) == 0


def test_the_schema_reference_lists_every_spelling() -> None:
    reference = (DOCS / "schema-reference.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `([^`]+)` \| `([^`]+)` \|", reference, re.MULTILINE))
    for name, meant in spellings.NAMES.items():
        assert rows.get(name) == meant, name
    for name, constructor in spellings.CONSTRUCTORS.items():
        assert rows.get(f"{name}[...]") == f"{constructor}[...]", name
    for name in spellings.NULLABLE:
        assert rows.get(f"{name}[T]") == "T?", name


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "models:\n  Item:\n    sku: str\n    qty: int\n",
            "unknown key 'sku' in model Item; if it is a field, a model's fields go"
            " under 'fields:' (fields: {sku: ...})",
        ),
        (
            "models:\n  Item:\n    fields:\n      sku: str\n    qty: int\n",
            "unknown key 'qty' in model Item; if it is a field, indent it one level"
            " deeper, under 'fields:'",
        ),
        (
            "models:\n  Item:\n    fields:\n      sku: str\n  qty: int\n",
            "model name 'qty' must start with an upper-case letter and hold only"
            " letters and digits, as in PascalCase; if 'qty' is a field, indent it"
            " under its model's 'fields:'",
        ),
        (
            "models:\n  Item:\n    fields:\n      sku: str\n     qty: int\n",
            "check this line's indentation: a key lines up with the keys beside it",
        ),
        ("models:\n  A:\n    feilds: {x: int}\n", "did you mean 'fields'?"),
    ],
)
def test_misplaced_fields_are_told_where_fields_go(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    assert message in generator_error(tmp_path, capsys, text)


def test_a_missing_member_spelled_another_way_hints_at_naming() -> None:
    from foryjson import DecodeError
    from generated import payments

    with pytest.raises(DecodeError) as raised:
        payments.CardPayment.from_json('{"kind":"card","last_four":"1234"}')
    assert raised.value.path == "$"
    assert raised.value.message == (
        "missing required property 'lastFour'; the object has 'last_four': does the"
        " schema's naming option match the document's (naming: camelCase, say)?"
    )
    with pytest.raises(DecodeError) as plain:
        payments.CardPayment.from_json('{"kind":"card","four":"1234"}')
    assert plain.value.message == "missing required property 'lastFour'"
