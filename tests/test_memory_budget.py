"""Memory: what a decode may take (``max_graph_bytes``) and what error paths take.

Peaks are tracemalloc's, over the whole call (the input already exists). The memory
estimate is checked at the largest document it accepts for each shape: the peak of
``from_json`` there, plain values and typed objects together, stays within 1.1 times
the budget, with both backends and for ``str`` and ``bytes`` input alike.
"""

from __future__ import annotations

import functools
import gc
import io
import json
import tracemalloc
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, ForyJson
from foryjson.limits import DEFAULT_MAX_GRAPH_BYTES
from foryjson.pretty import indent
from foryjson.reader import MOST_PER_CHAR, estimate_memory, read
from foryjson.stream import iter_array
from generated import media, types
from tests.media_fixture import media_1

BACKENDS = ["stdlib", "orjson"]
FORMS = ["str", "bytes"]


def peak_of(run: Callable[[], object]) -> int:
    """The peak of memory allocated while ``run`` runs, above what was there before."""
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        try:
            run()
        except DecodeError:
            pass
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


def array(unit: str) -> Callable[[int], str]:
    return lambda count: "[" + ",".join([unit] * count) + "]"


def members(count: int) -> str:
    return "{" + ",".join(f'"k{index}":0' for index in range(count)) + "}"


def images(count: int) -> str:
    content = media_1()
    content.images = content.images[:1] * count
    return content.to_json()


# Shapes of documents, by the number of repeated parts; each is decoded as the payload
# of a types.Dynamic (an ``any`` value, whose containers of containers are copied),
# except "images", a MediaContent of that many images (typed objects).
SHAPES: dict[str, Callable[[int], str]] = {
    "ones": array("1"),
    "numbers": array("1000"),
    "negatives": array("-6"),
    "halves": array("0.5"),
    "trues": array("true"),
    "arrays": array("[]"),
    "arrays of one": array("[1]"),
    "objects": array("{}"),
    "object in object": array('{"a":{}}'),
    "one member": array('{"a":1}'),
    "empty strings": array('""'),
    "short strings": array('"ab"'),
    "long strings": array('"' + "a" * 1000 + '"'),
    "escapes": array('"' + "\\n" * 500 + '"'),
    "unicode escapes": array('"' + "\\u4e2d" * 100 + '"'),
    "emoji escapes": array('"\\ud83d\\ude00' + "a" * 200 + '"'),
    "emoji": array('"\U0001f600' + "a" * 200 + '"'),
    "cjk": array('"\u4e2d' + "a" * 200 + '"'),
    "many short keys": members,
    "images": images,
}


def document(shape: str, count: int) -> str:
    text = SHAPES[shape](count)
    if shape == "images":
        return text
    return '{"payload":' + text + ',"extras":{}}'


def largest_accepted(
    shape: str, form: str, budget: int
) -> tuple[str | bytes, str | bytes]:
    """The largest document of ``shape`` the estimate accepts, and the next one."""

    def make(count: int) -> str | bytes:
        text = document(shape, count)
        return text if form == "str" else text.encode()

    def estimate(count: int) -> int:
        return estimate_memory(make(count), orjson=False)

    low, high = estimate(10), estimate(20)
    count = 10 + int((budget - low) * 10 / (high - low))
    while estimate(count) > budget:
        count -= 1
    while estimate(count + 1) <= budget:
        count += 1
    return make(count), make(count + 1)


def check_budget(shape: str, backend: str, form: str, budget: int) -> None:
    fory = ForyJson(types, media, backend=backend, max_graph_bytes=budget)
    type_ = media.MediaContent if shape == "images" else types.Dynamic
    # The same documents are accepted whichever backend is asked for: where orjson's
    # buffers would not fit too, the standard library reads the document instead.
    accepted, refused = largest_accepted(shape, form, budget)
    peak = peak_of(lambda: fory.from_json(accepted, type_))
    assert fory.from_json(accepted, type_) is not None  # accepted, and decodes
    assert peak <= 1.1 * budget, f"{shape}: peak {peak} over budget {budget}"
    with pytest.raises(DecodeError) as raised:
        fory.from_json(refused, type_)
    assert raised.value.message.startswith("the document would take about ")
    assert raised.value.message.endswith(
        f" bytes of memory, over the limit of {budget}"
        " (raise max_graph_bytes for trusted data)"
    )
    assert raised.value.path == "$"


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("shape", list(SHAPES))
def test_decoding_the_largest_accepted_document_stays_within_the_budget(
    shape: str, backend: str, form: str
) -> None:
    check_budget(shape, backend, form, 3 * 1024 * 1024)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_default_budget_bounds_the_costliest_shape(backend: str) -> None:
    # Long strings come closest to the budget. orjson's parser holds about 12 bytes
    # per input byte while it builds the values: at this size the standard library
    # reads the document instead, so the orjson backend accepts it too.
    check_budget("long strings", backend, "str", DEFAULT_MAX_GRAPH_BYTES)


def test_documents_too_small_to_estimate_are_within_any_budget() -> None:
    # Documents up to max_graph_bytes / MOST_PER_CHAR are never counted: no valid
    # document may be estimated at more per character.
    for shape in SHAPES:
        text = document(shape, 200)
        for data in (text, text.encode()):
            estimate = estimate_memory(data, exact=True, orjson=True)
            assert estimate <= MOST_PER_CHAR * len(data), shape
    assert DEFAULT_MAX_GRAPH_BYTES // MOST_PER_CHAR > 512 * 1024


def test_the_estimate_counts_exact_numbers_and_orjson() -> None:
    text = array("0.5")(1000)
    plain = estimate_memory(text, orjson=False)
    assert estimate_memory(text, exact=True, orjson=False) > plain
    assert estimate_memory(text, orjson=True) > plain
    assert estimate_memory(text, orjson=False) == estimate_memory(
        text.encode(), orjson=False
    )


@pytest.mark.parametrize("unit", ["0.5", "1", "-6.25e-3"])
def test_exact_numbers_stay_within_the_budget(unit: str) -> None:
    # Types holding decimals keep each number's text, and their decoders make a
    # Decimal of it: both count.
    budget = 3 * 1024 * 1024
    make = array(unit)
    count = 1000
    while estimate_memory(make(count * 2), exact=True, orjson=False) <= budget:
        count *= 2
    while estimate_memory(make(count + 1000), exact=True, orjson=False) <= budget:
        count += 1000
    text = make(count)

    def decode() -> list[Decimal]:
        return [
            Decimal(number) for number in read(text, exact=True, max_graph_bytes=budget)
        ]

    assert len(decode()) == count
    assert peak_of(decode) <= 1.1 * budget


# --- Error paths and regular expressions ------------------------------------------


def plain(value: Any) -> Any:
    return value


SIZE = 3 * 1024 * 1024  # characters of the long string in each document


def long_strings() -> dict[str, str]:
    return {
        "letters": "a" * SIZE,
        "newline escapes": "\\n" * (SIZE // 2),
        "backslash escapes": "\\\\" * (SIZE // 2),
        "quote escapes": '\\"' * (SIZE // 2),
    }


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("content", list(long_strings()))
def test_a_bare_constant_after_a_long_string_is_found_in_constant_memory(
    content: str, backend: str, form: str
) -> None:
    text = '["' + long_strings()[content] + '",NaN]'
    data: str | bytes = text if form == "str" else text.encode()
    with pytest.raises(DecodeError) as raised:
        read(data, max_graph_bytes=2**40, fast=backend == "orjson")
    assert raised.value.message == "NaN is not valid JSON (write it as a string)"
    assert raised.value.position == len(text) - 4
    # The parser's own work: the string (1 byte a character), the text, and orjson's
    # buffers (about 12 bytes an input byte); a record per character would be 120.
    allowed = 16 if backend == "orjson" else 4
    peak = peak_of(lambda: read(data, max_graph_bytes=2**40, fast=backend == "orjson"))
    assert peak <= allowed * len(text), f"{peak / len(text):.1f} bytes a character"


def test_a_bare_constant_inside_strings_is_skipped() -> None:
    text = '["NaN", "a\\"NaN", "\\\\", {"NaN": [Infinity]}]'
    with pytest.raises(DecodeError) as raised:
        read(text)
    assert raised.value.message == "Infinity is not valid JSON (write it as a string)"
    assert raised.value.position == text.index("[Infinity]") + 1


json_strings = st.lists(
    st.sampled_from(['"', "\\", "N", "a", "NaN", "-Infinity", "\n", "é"]), max_size=8
).map("".join)


@settings(max_examples=200, deadline=None)
@given(
    before=st.lists(json_strings, max_size=5),
    after=st.lists(json_strings, max_size=3),
    constant=st.sampled_from(["NaN", "Infinity", "-Infinity"]),
)
def test_a_bare_constant_is_found_after_any_strings(
    before: list[str], after: list[str], constant: str
) -> None:
    head = "[" + "".join(json.dumps(item) + "," for item in before)
    text = head + constant + "".join("," + json.dumps(item) for item in after) + "]"
    with pytest.raises(DecodeError) as raised:
        read(text)
    assert (
        raised.value.message == f"{constant} is not valid JSON (write it as a string)"
    )
    assert raised.value.position == len(head)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("content", list(long_strings()))
def test_a_long_value_spanning_reads_is_scanned_in_constant_memory(
    backend: str, content: str
) -> None:
    # One element of 3 MiB, read 1 MiB at a time: where it ends is found by the
    # resumable scanner, across reads.
    text = '[["' + long_strings()[content] + '"]]'
    parse = functools.partial(read, fast=backend == "orjson")

    def run() -> list[Any]:
        values = iter_array(
            io.BytesIO(text.encode()), plain, chunk_size=2**20, parse=parse
        )
        return list(values)

    assert run() == [json.loads(text)[0]]
    peak = peak_of(run)
    # The input and the value, a few copies each (orjson: its buffers too).
    allowed = 24 if backend == "orjson" else 8
    assert peak <= allowed * len(text), f"{peak / len(text):.1f} bytes a character"


def test_many_strings_with_escapes_spanning_reads_are_scanned() -> None:
    values = ["a\\n" * index for index in range(40)] * 2000
    text = json.dumps([values])
    got = list(iter_array(io.BytesIO(text.encode()), plain, chunk_size=4096))
    assert got == [values]


@pytest.mark.parametrize("content", ["\n", "\\", '"', "a"])
def test_pretty_printing_long_escaped_strings_takes_constant_extra_memory(
    content: str,
) -> None:
    value = types.Dynamic(payload=[content * (SIZE // 2)], extras={"k": content})
    text = value.to_json(pretty=True)
    assert json.loads(text) == {
        "payload": [content * (SIZE // 2)],
        "extras": {"k": content},
    }
    assert text.startswith('{\n  "payload": [\n    "')
    peak = peak_of(lambda: value.to_json(pretty=True))
    # The compact text, its masked copy, the pieces and the result: a few bytes each.
    assert peak <= 6 * len(text), f"{peak / len(text):.1f} bytes a character"


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(
        st.text(st.sampled_from(['"', "\\", "\x00", "\x01", "a", "\n", "é"])),
        lambda inner: st.lists(inner, max_size=3)
        | st.dictionaries(
            st.text(st.sampled_from(['"', "\\", "k"])), inner, max_size=3
        ),
        max_leaves=8,
    )
)
def test_pretty_printing_keeps_every_escape(value: Any) -> None:
    compact = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    assert indent(compact) == json.dumps(value, indent=2, ensure_ascii=False)
