"""RFC 8259 conformance of ``read``: the corpus in ``tests/conformance/cases.py``.

628 cases: 246 accepted, 382 rejected; 1210 runs (str and bytes).

Each case runs as ``str`` and as UTF-8 ``bytes`` where both exist, and with both
backends (the standard library's scanner and orjson), which must agree exactly. Accepted documents
must give the expected value with the expected types (``1`` is not ``1.0`` nor
``True``; ``-0.0`` keeps its sign; object key order is the document's, first
occurrence, with the last duplicate's value). Rejected documents must raise
``DecodeError`` and nothing else, with a position, line and column for syntax errors.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

import pytest

from foryjson import DecodeError
from foryjson.reader import read
from tests.conformance.cases import CASES, Case


def _variants() -> Iterator[object]:
    for case in CASES:
        if isinstance(case.document, bytes):
            yield pytest.param(case, case.document, id=f"{case.name}[bytes]")
            continue
        yield pytest.param(case, case.document, id=f"{case.name}[str]")
        try:
            encoded = case.document.encode("utf-8")
        except UnicodeEncodeError:
            continue  # raw lone surrogates have no UTF-8 form
        yield pytest.param(case, encoded, id=f"{case.name}[bytes]")


def _same(actual: object, expected: object) -> bool:
    """Equal values of the same types, all the way down (without recursion)."""
    pairs = [(actual, expected)]
    while pairs:
        got, want = pairs.pop()
        if type(got) is not type(want):
            return False
        if isinstance(got, float) and isinstance(want, float):
            if math.isnan(want):
                if not math.isnan(got):
                    return False
            elif got != want or math.copysign(1, got) != math.copysign(1, want):
                return False
        elif isinstance(got, list) and isinstance(want, list):
            if len(got) != len(want):
                return False
            pairs.extend(zip(got, want, strict=True))
        elif isinstance(got, dict) and isinstance(want, dict):
            if list(got) != list(want):
                return False
            pairs.extend((got[key], want[key]) for key in want)
        elif got != want:
            return False
    return True


@pytest.mark.parametrize("fast", [False, True], ids=["stdlib", "orjson"])
@pytest.mark.parametrize(("case", "document"), list(_variants()))
def test_conformance(case: Case, document: str | bytes, fast: bool) -> None:
    if case.accepted:
        # Not assert ==: a failure's repr of a 10,000-digit int would itself fail.
        value = read(document, fast=fast)
        assert _same(value, case.expected), f"{case.name}: unexpected value"
        return
    with pytest.raises(DecodeError) as raised:
        read(document, fast=fast)
    error = raised.value
    # The orjson backend hands every document it refuses to the standard library,
    # so both backends name the same fault at the same place.
    with pytest.raises(DecodeError) as other_backend:
        read(document, fast=not fast)
    other = other_backend.value
    assert (str(error), error.path) == (str(other), other.path)
    if case.syntax:
        assert error.position is not None, f"{case.name}: no position"
        assert 0 <= error.position <= len(document)
        assert error.line is not None and error.line >= 1
        assert error.column is not None and error.column >= 1


def _summary() -> tuple[int, int, int, int]:
    accepted = sum(case.accepted for case in CASES)
    runs = sum(1 for _ in _variants())
    return len(CASES), accepted, len(CASES) - accepted, runs


def test_docstring_states_the_counts() -> None:
    cases, accepted, rejected, runs = _summary()
    expected = (
        f"{cases} cases: {accepted} accepted, {rejected} rejected;"
        f" {runs} runs (str and bytes)."
    )
    assert __doc__ is not None
    assert expected in re.sub(r"\s+", " ", __doc__)


def test_corpus_names_are_unique_and_large_enough() -> None:
    names = [case.name for case in CASES]
    assert len(names) == len(set(names))
    assert len(CASES) >= 300
