"""Cases of the JSON Schema Test Suite, imported and checked against the codecs.

Each case's schema is imported as the schema of the one required property ``value`` of
an object, and each document as that property's value, since a root type takes no
constraints. For each case whose schema imports without warnings (other than that it names no
``type``: then only documents of the JSON type its keywords constrain are read), the
documents the suite marks valid decode and those it marks invalid raise DecodeError.
Cases and documents that do not apply are counted, so that a change in what imports
shows up here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from foryjson import DecodeError
from foryjson.gen.importing import import_documents
from tests.schema_modules import generated_module

SUITE = Path(__file__).resolve().parent / "import_corpus" / "json-schema-test-suite"
UNTYPED = re.compile(r"no 'type': read as (\w+) only")
JSON_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "number": (int, float),
}

#: (file, number of the case) -> (documents checked, documents of another JSON type).
EXPECTED = {
    ("exclusiveMinimum.json", 0): (3, 1),
    ("exclusiveMinimum.json", 1): (6, 1),
    ("exclusiveMinimum.json", 2): (6, 0),
    ("maxLength.json", 0): (4, 1),
    ("maxLength.json", 1): (2, 0),
    ("pattern.json", 0): (2, 6),
    ("pattern.json", 1): (1, 0),
    ("pattern.json", 2): (3, 0),
    ("required.json", 0): (2, 4),
    ("required.json", 1): (1, 0),
    ("required.json", 2): (1, 0),
    ("required.json", 3): (2, 0),
    ("required.json", 4): (5, 2),
}
#: Cases that import with warnings, and why they do not apply.
SKIPPED = {
    # Python's re has no \p{...}: the pattern is not kept, with a warning.
    ("pattern.json", 3),
}


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    found = []
    for path in sorted(SUITE.glob("*.json")):
        for number, case in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            found.append((path.name, number, case))
    return found


def test_a_pattern_python_cannot_read_is_reported() -> None:
    (case,) = (case for file, number, case in cases() if (file, number) in SKIPPED)
    result = import_documents([("case.json", case["schema"])])
    assert [warning.message for warning in result.warnings] == [
        "the pattern is not a regular expression Python reads; not kept"
    ]


def test_every_case_is_counted() -> None:
    assert {(file, number) for file, number, _ in cases()} == set(EXPECTED) | SKIPPED


@pytest.mark.parametrize(
    ("file", "number", "case"),
    [case for case in cases() if case[:2] not in SKIPPED],
    ids=[
        f"{file}:{number}"
        for file, number, _ in cases()
        if (file, number) not in SKIPPED
    ],
)
def test_valid_documents_decode_and_invalid_ones_do_not(
    tmp_path: Path, file: str, number: int, case: dict[str, Any]
) -> None:
    wrapper = {
        "type": "object",
        "properties": {"value": case["schema"]},
        "required": ["value"],
    }
    result = import_documents([("case.json", wrapper)])
    kinds = set()
    for warning in result.warnings:
        match = UNTYPED.search(warning.message)
        assert match, f"{warning} (the case should be in SKIPPED)"
        kinds.add(match.group(1))
    assert len(kinds) <= 1
    allowed = JSON_TYPES[kinds.pop()] if kinds else (object,)
    module = next(generated_module(tmp_path, "case", result.text))
    root = module.Case
    checked = other = 0
    for test in case["tests"]:
        data = test["data"]
        if not isinstance(data, allowed) or isinstance(data, bool):
            other += 1
            continue
        checked += 1
        text = json.dumps({"value": data})
        if test["valid"]:
            root.from_json(text)
        else:
            with pytest.raises(DecodeError):
                root.from_json(text)
    assert (checked, other) == EXPECTED[(file, number)]
