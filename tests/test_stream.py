"""Streaming input (one large array, or NDJSON) and NDJSON output."""

from __future__ import annotations

import io
import json
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, EncodeError, ForyJson, reader, stream
from generated import media, types
from generated.media import Image, Player, Size
from tests.media_fixture import media_1
from tests.test_types import numbers

FORY = ForyJson(media, types)
IMAGES = media_1().images
CHUNK_SIZES = (1, 2, 3, 7, 64, stream.DEFAULT_CHUNK_SIZE)


def plain(value: Any) -> Any:
    return value


class Pieces:
    """A binary file whose reads return pieces of the given sizes, in turn."""

    def __init__(self, data: bytes, sizes: Sequence[int]) -> None:
        self.data = data
        self.sizes = sizes
        self.offset = 0
        self.reads = 0
        self.closed = False

    def read(self, size: int = -1) -> bytes:
        piece = self.sizes[self.reads % len(self.sizes)]
        self.reads += 1
        if size >= 0:
            piece = min(piece, size)
        out = self.data[self.offset : self.offset + piece]
        self.offset += len(out)
        return out


class Generated:
    """A binary file whose content comes from a generator, never held whole."""

    def __init__(self, parts: Iterator[bytes]) -> None:
        self.parts = parts
        self.rest = b""
        self.bytes_read = 0

    def read(self, size: int) -> bytes:
        held, have = [self.rest], len(self.rest)
        while have < size:
            part = next(self.parts, None)
            if part is None:
                break
            held.append(part)
            have += len(part)
        data = b"".join(held)
        self.rest = data[size:]
        self.bytes_read += min(size, len(data))
        return data[:size]


Outcome = tuple[list[Any], tuple[str, str, int | None, int | None, int | None] | None]


def outcome(values: Iterator[Any]) -> Outcome:
    """The values a stream yields, and the error that ends it, as comparable data."""
    seen: list[Any] = []
    try:
        for value in values:
            seen.append(value)
    except DecodeError as error:
        return seen, (
            error.message,
            error.path,
            error.position,
            error.line,
            error.column,
        )
    return seen, None


def array_outcome(data: bytes, chunk_size: int = 65536, **options: Any) -> Outcome:
    return outcome(
        stream.iter_array(io.BytesIO(data), plain, chunk_size=chunk_size, **options)
    )


def ndjson_outcome(data: bytes, chunk_size: int = 65536, **options: Any) -> Outcome:
    return outcome(
        stream.iter_ndjson(io.BytesIO(data), plain, chunk_size=chunk_size, **options)
    )


# Exact values -------------------------------------------------------------------------


@pytest.mark.parametrize("chunk_size", CHUNK_SIZES)
def test_array_elements_decode_one_by_one_at_every_chunk_size(chunk_size: int) -> None:
    images = IMAGES * 3
    data = FORY.to_json_bytes(images, list[Image])
    values = FORY.iter_json(io.BytesIO(data), Image, chunk_size=chunk_size)
    assert next(values) == images[0]
    assert list(values) == images[1:]


@pytest.mark.parametrize("chunk_size", CHUNK_SIZES)
def test_ndjson_decodes_line_by_line_at_every_chunk_size(chunk_size: int) -> None:
    lines = [image.to_json_bytes() for image in IMAGES]
    data = b"\r\n".join(lines) + b"\n\n  \t\n" + lines[0]  # no final line break
    values = FORY.iter_json(io.BytesIO(data), Image, ndjson=True, chunk_size=chunk_size)
    assert list(values) == [*IMAGES, IMAGES[0]]


def test_streams_match_one_shot_decoding_of_the_same_array() -> None:
    text = (
        '[ {"a" : [1, -0.0, 1e400, 12345678901234567890123]} ,\n"\\u00e9\\"" , null ]'
    )
    assert array_outcome(text.encode()) == (reader.read(text), None)
    nested = [[Player.JAVA], [], [Player.FLASH, Player.JAVA]]
    data = FORY.to_json_bytes(nested, list[list[Player]])
    assert list(FORY.iter_json(io.BytesIO(data), list[Player], chunk_size=2)) == nested


def test_exact_types_keep_decimals_exact_when_streamed() -> None:
    values = [numbers(price=Decimal("1.50")), numbers(price=Decimal("-0.000"))]
    data = FORY.to_json_bytes(values, list[types.Numbers])
    streamed = list(FORY.iter_json(io.BytesIO(data), types.Numbers, chunk_size=5))
    assert [value.price.as_tuple() for value in streamed] == [
        Decimal("1.50").as_tuple(),
        Decimal("-0.000").as_tuple(),
    ]


@pytest.mark.parametrize("chunk_size", (1, 2, 3, 5))
def test_characters_split_between_chunks_are_joined(chunk_size: int) -> None:
    words = ["é", "€", "😀", "a€b😀c", "\u2028"]
    data = json.dumps(words, ensure_ascii=False).encode()
    assert array_outcome(data, chunk_size) == (words, None)
    ndjson = b"\n".join(json.dumps(w, ensure_ascii=False).encode() for w in words)
    assert ndjson_outcome(ndjson, chunk_size) == (words, None)


def test_empty_arrays_and_empty_ndjson() -> None:
    for data in (b"[]", b" \r\n[ \t]\n "):
        assert array_outcome(data, 1) == ([], None)
    for data in (b"", b"\n", b"\r\n \n\t\n"):
        assert ndjson_outcome(data, 1) == ([], None)


def test_values_arrive_before_the_stream_is_read_to_its_end() -> None:
    source = Pieces(b"[1,2,3," + b" " * 10_000 + b"4]", [4])
    values = stream.iter_array(source, plain, chunk_size=4)
    assert next(values) == 1
    assert source.offset <= 8
    assert list(values) == [2, 3, 4]


# Random chunkings -----------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=12,
)


def dump(value: Any, ascii_only: bool, indent: int | None) -> bytes:
    return json.dumps(value, ensure_ascii=ascii_only, indent=indent).encode()


@settings(max_examples=300, deadline=None)
@given(
    values=st.lists(JSON_VALUES, max_size=6),
    ascii_only=st.booleans(),
    indent=st.sampled_from([None, 0, 2]),
    sizes=st.lists(st.integers(1, 40), min_size=1, max_size=8),
)
def test_random_chunkings_give_the_one_shot_values(
    values: list[Any], ascii_only: bool, indent: int | None, sizes: list[int]
) -> None:
    data = dump(values, ascii_only, indent)
    expected = reader.read(data)
    source = Pieces(data, sizes)
    assert list(stream.iter_array(source, plain)) == expected
    lines = b"\n".join(dump(value, ascii_only, None) for value in values)
    assert list(stream.iter_ndjson(Pieces(lines, sizes), plain)) == expected


MUTATION_BYTES = b' ,[]{}":\\0e.-tnu\xc3\xa9\xff\n\r'


@settings(max_examples=300, deadline=None)
@given(
    values=st.lists(JSON_VALUES, max_size=5),
    ndjson=st.booleans(),
    edits=st.lists(
        st.tuples(
            st.integers(0, 2), st.integers(0, 10**6), st.sampled_from(MUTATION_BYTES)
        ),
        max_size=3,
    ),
    sizes=st.lists(st.integers(1, 9), min_size=1, max_size=5),
)
def test_damaged_input_fails_the_same_way_whatever_the_chunking(
    values: list[Any],
    ndjson: bool,
    edits: list[tuple[int, int, int]],
    sizes: list[int],
) -> None:
    if ndjson:
        document = b"\n".join(dump(value, False, None) for value in values)
    else:
        document = dump(values, False, 1)
    damaged = bytearray(document)
    for kind, where, byte in edits:
        where %= len(damaged) + 1
        if kind == 0:
            del damaged[where : where + 1]
        elif kind == 1:
            damaged[where:where] = bytes([byte])
        else:
            damaged[where : where + 1] = bytes([byte])
    data = bytes(damaged)
    read = stream.iter_ndjson if ndjson else stream.iter_array
    results = {
        repr(outcome(read(Pieces(data, chunking), plain, chunk_size=4096)))
        for chunking in ([1], [2], [3], [4096], sizes)
    }
    assert len(results) == 1
    if not ndjson:
        # Exactly the arrays the one-shot reader accepts are accepted.
        streamed = array_outcome(data)
        try:
            whole = reader.read(data)
        except DecodeError:
            assert streamed[1] is not None
        else:
            if isinstance(whole, list):
                assert streamed == (whole, None)


# Errors ---------------------------------------------------------------------------

ARRAY_ERRORS = [
    # input, values yielded first, message, path, position, line, column
    (b"", [], "unexpected end of input, expecting '['", "$", 0, 1, 1),
    (b"  \n ", [], "unexpected end of input, expecting '['", "$", 4, 2, 2),
    (b"\xef\xbb\xbf[1]", [], "a byte-order mark is not allowed", "$", 0, 1, 1),
    (
        b'{"a":1}',
        [],
        "expecting '[' (the stream must hold one JSON array)",
        "$",
        0,
        1,
        1,
    ),
    (b"[", [], "unexpected end of input, expecting a value", "$", 1, 1, 2),
    (b"[1,2", [1, 2], "unexpected end of input, expecting ',' or ']'", "$", 4, 1, 5),
    (b"[1,", [1], "unexpected end of input, expecting a value", "$[1]", 3, 1, 4),
    (b"[1,]", [1], "expecting a value", "$[1]", 3, 1, 4),
    (b"[,1]", [], "expecting a value", "$[0]", 1, 1, 2),
    (b"[1,,2]", [1], "expecting a value", "$[1]", 3, 1, 4),
    (b"[1 2]", [1], "expecting ',' or ']'", "$", 3, 1, 4),
    (b"[1}", [1], "expecting ',' or ']'", "$", 2, 1, 3),
    (b"[1]x", [1], "unexpected content after the JSON array", "$", 3, 1, 4),
    (b"[1] [2]", [1], "unexpected content after the JSON array", "$", 4, 1, 5),
    (b"[1,\xff]", [1], "invalid UTF-8 byte 0xff", "$[1]", 3, 1, 4),
    (b"[1\xff]", [], "invalid UTF-8 byte 0xff", "$[0]", 2, 1, 3),
    (b'[1,"\xe2\x82"]', [1], "invalid UTF-8 byte 0xe2", "$[1]", 4, 1, 5),
    (b"[1]\xe2", [1], "invalid UTF-8 byte 0xe2", "$", 3, 1, 4),
    (
        b"[NaN]",
        [],
        "NaN is not valid JSON (write it as a string)",
        "$[0]",
        1,
        1,
        2,
    ),
    (b"[01]", [], "unexpected content after the JSON value", "$[0]", 2, 1, 3),
    (b'[1,"abc', [1], "unterminated string starting", "$[1]", 3, 1, 4),
    (
        b'[1,{"a":',
        [1],
        "unexpected end of input, expecting a value",
        "$[1]",
        8,
        1,
        9,
    ),
    (b"[\n  1,\n  tru\n]", [1], "expecting a value", "$[1]", 9, 3, 3),
    (b'["a\tb"]', [], "invalid control character", "$[0]", 3, 1, 4),
    (b'["\xc3\xa9", 1, x]', ["é", 1], "expecting a value", "$[2]", 10, 1, 11),
    (
        b'[{"a":1,}]',
        [],
        "expecting a property name in double quotes",
        "$[0]",
        8,
        1,
        9,
    ),
]


@pytest.mark.parametrize(
    ("data", "before", "message", "path", "position", "line", "column"),
    ARRAY_ERRORS,
)
@pytest.mark.parametrize("chunk_size", (1, 2, 5, 65536))
def test_array_errors_name_path_and_stream_position(
    data: bytes,
    before: list[Any],
    message: str,
    path: str,
    position: int,
    line: int,
    column: int,
    chunk_size: int,
) -> None:
    assert array_outcome(data, chunk_size) == (
        before,
        (message, path, position, line, column),
    )


NDJSON_ERRORS = [
    (
        b'1\n{"a":\n',
        [1],
        "unexpected end of input, expecting a value",
        "$[1]",
        7,
        2,
        6,
    ),
    (b"1\n\n2 3\n", [1], "unexpected content after the JSON value", "$[1]", 5, 3, 3),
    (b"\xef\xbb\xbf1\n", [], "a byte-order mark is not allowed", "$[0]", 0, 1, 1),
    (b"1\r2\n", [], "unexpected content after the JSON value", "$[0]", 2, 1, 3),
    (b'1\n"\xff"\n', [1], "invalid UTF-8 byte 0xff", "$[1]", 3, 2, 2),
    (b"[1,\n2]\n", [], "unexpected end of input, expecting a value", "$[0]", 3, 1, 4),
    (b"NaN\n", [], "NaN is not valid JSON (write it as a string)", "$[0]", 0, 1, 1),
    (b"1,2\n", [], "unexpected content after the JSON value", "$[0]", 1, 1, 2),
    (b'1\n  "x\\u00"  \n', [1], "invalid \\uXXXX escape", "$[1]", 7, 2, 6),
]


@pytest.mark.parametrize(
    ("data", "before", "message", "path", "position", "line", "column"),
    NDJSON_ERRORS,
)
@pytest.mark.parametrize("chunk_size", (1, 2, 5, 65536))
def test_ndjson_errors_name_value_index_line_and_position(
    data: bytes,
    before: list[Any],
    message: str,
    path: str,
    position: int,
    line: int,
    column: int,
    chunk_size: int,
) -> None:
    assert ndjson_outcome(data, chunk_size) == (
        before,
        (message, path, position, line, column),
    )


def bad_images(bad_index: int) -> list[dict[str, Any]]:
    images: list[dict[str, Any]] = [
        json.loads(image.to_json()) for image in IMAGES + IMAGES
    ]
    images[bad_index]["width"] = "wide"
    return images


def test_type_errors_in_arrays_carry_the_element_path() -> None:
    data = json.dumps(bad_images(3)).encode()
    values = FORY.iter_json(io.BytesIO(data), Image, chunk_size=16)
    assert [next(values) for _ in range(3)] == IMAGES + IMAGES[:1]
    with pytest.raises(DecodeError) as raised:
        next(values)
    assert raised.value.path == "$[3].width"
    assert raised.value.position is None
    assert str(raised.value) == "expected int32, got the string 'wide' at $[3].width"


def test_type_errors_in_ndjson_carry_value_path_and_line_number() -> None:
    lines = [json.dumps(image).encode() for image in bad_images(1)[:2]]
    data = lines[0] + b"\n\n" + lines[1] + b"\n"
    values = FORY.iter_json(io.BytesIO(data), Image, ndjson=True)
    assert next(values) == IMAGES[0]
    with pytest.raises(DecodeError) as raised:
        next(values)
    assert raised.value.path == "$[1].width"
    assert raised.value.line == 3
    assert str(raised.value) == (
        "line 3: expected int32, got the string 'wide' at $[1].width"
    )


def test_a_non_array_element_type_mismatch_is_a_decode_error() -> None:
    values = FORY.iter_json(io.BytesIO(b'["SMALL","HUGE"]'), Size)
    assert next(values) is Size.SMALL
    with pytest.raises(DecodeError, match=r"expected Size .* at \$\[1\]"):
        next(values)


def test_every_error_is_a_decode_error_even_for_deep_nesting() -> None:
    deep = b"[" + b"[" * 100_000 + b"]" * 100_000 + b"]"
    with pytest.raises(
        DecodeError, match="nesting deeper than the limit of 512"
    ) as raised:
        list(stream.iter_array(io.BytesIO(deep), plain))
    assert raised.value.path == "$[0]" + "[0]" * 512
    with pytest.raises(DecodeError, match="nesting deeper than the limit of 512"):
        list(stream.iter_ndjson(io.BytesIO(deep[1:-1]), plain))


# Limits -----------------------------------------------------------------------------


@pytest.mark.parametrize("chunk_size", (1, 3, 65536))
def test_value_limit_counts_utf8_bytes_of_each_element(chunk_size: int) -> None:
    data = '[1, "éé", {"k": [1]}]'.encode()
    # The largest element, {"k": [1]}, has 10 bytes; "éé" has 6.
    assert array_outcome(data, chunk_size, max_value_bytes=10) == (
        [1, "éé", {"k": [1]}],
        None,
    )
    message = (
        "value exceeds the limit of 9 bytes (raise max_value_bytes for trusted data)"
    )
    assert array_outcome(data, chunk_size, max_value_bytes=9) == (
        [1, "éé"],
        (message, "$[2]", 12, 1, 13),
    )
    assert array_outcome(data, chunk_size, max_value_bytes=5)[1] == (
        message.replace(" 9 ", " 5 "),
        "$[1]",
        4,
        1,
        5,
    )


@pytest.mark.parametrize("chunk_size", (1, 3, 65536))
def test_ndjson_limit_counts_each_line_without_its_line_break(chunk_size: int) -> None:
    data = b'1\r\n"abcd"\r\n\n[1,2]\n'
    assert ndjson_outcome(data, chunk_size, max_value_bytes=6) == (
        [1, "abcd", [1, 2]],
        None,
    )
    message = (
        "line longer than the limit of 5 bytes (raise max_value_bytes for trusted data)"
    )
    assert ndjson_outcome(data, chunk_size, max_value_bytes=5) == (
        [1],
        (message, "$[1]", 3, 2, 1),
    )


def endless(head: bytes, body: bytes) -> Generated:
    def parts() -> Iterator[bytes]:
        yield head
        while True:
            yield body

    return Generated(parts())


@pytest.mark.parametrize("head", [b"[", b'["', b"[[", b"[1", b'[{"a":"'])
def test_an_endless_array_element_stops_at_the_limit(head: bytes) -> None:
    source = endless(head, b"1" * 1000 if head == b"[1" else b"x" * 1000)
    with pytest.raises(DecodeError, match="limit of 100000 bytes") as raised:
        list(stream.iter_array(source, plain, chunk_size=4096, max_value_bytes=100_000))
    assert raised.value.path == "$[0]"
    assert raised.value.position == 1
    assert source.bytes_read < 100_000 + 2 * 4096


def test_an_endless_ndjson_line_stops_at_the_limit() -> None:
    source = endless(b"1\n", b" " * 1000)
    values = stream.iter_ndjson(source, plain, chunk_size=4096, max_value_bytes=50_000)
    assert next(values) == 1
    with pytest.raises(DecodeError, match="limit of 50000 bytes") as raised:
        next(values)
    assert (raised.value.path, raised.value.position, raised.value.line) == (
        "$[1]",
        2,
        2,
    )
    assert source.bytes_read < 50_000 + 2 * 4096


@pytest.mark.parametrize(("chunk_size", "max_value_bytes"), [(0, 1), (1, 0)])
def test_sizes_must_be_positive_and_are_checked_at_once(
    chunk_size: int, max_value_bytes: int
) -> None:
    with pytest.raises(ValueError, match="must be positive"):
        FORY.iter_json(
            io.BytesIO(b"[]"),
            Image,
            chunk_size=chunk_size,
            max_value_bytes=max_value_bytes,
        )
    with pytest.raises(ValueError, match="must be positive"):
        stream.iter_ndjson(
            io.BytesIO(b""),
            plain,
            chunk_size=chunk_size,
            max_value_bytes=max_value_bytes,
        )


# Memory and file handling ----------------------------------------------------------


def image_lines(count: int) -> Iterator[bytes]:
    line = IMAGES[0].to_json_bytes()
    for _ in range(count):
        yield line


def array_parts(count: int) -> Iterator[bytes]:
    yield b"["
    for index, line in enumerate(image_lines(count)):
        yield line if index == 0 else b"," + line
    yield b"]"


def ndjson_parts(count: int) -> Iterator[bytes]:
    for line in image_lines(count):
        yield line + b"\n"


@pytest.mark.parametrize(
    ("parts", "ndjson"), [(array_parts, False), (ndjson_parts, True)]
)
def test_memory_stays_bounded_by_a_value_and_a_chunk(
    parts: Callable[[int], Iterator[bytes]], ndjson: bool
) -> None:
    count = 100_000
    total = count * (len(IMAGES[0].to_json_bytes()) + 1)
    source = Generated(parts(count))
    seen = 0
    tracemalloc.start()
    try:
        for image in FORY.iter_json(source, Image, ndjson=ndjson):
            seen += image.width == IMAGES[0].width
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert seen == count
    assert total > 11_000_000
    assert peak < 2_000_000, f"peak {peak} bytes for {total} bytes of input"


def test_files_are_read_but_not_closed() -> None:
    array = io.BytesIO(FORY.to_json_bytes(IMAGES, list[Image]))
    assert list(FORY.iter_json(array, Image)) == IMAGES
    ndjson = io.BytesIO(b"".join(image.to_json_bytes() + b"\n" for image in IMAGES))
    assert list(FORY.iter_json(ndjson, Image, ndjson=True)) == IMAGES
    assert not array.closed and not ndjson.closed
    assert array.read() == b"" and ndjson.read() == b""


def test_text_files_are_refused() -> None:
    with pytest.raises(TypeError, match="binary file objects"):
        list(stream.iter_array(io.StringIO("[1]"), plain))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="binary file objects"):
        list(stream.iter_ndjson(io.StringIO("1"), plain))  # type: ignore[arg-type]


def test_unknown_element_types_are_refused() -> None:
    with pytest.raises(TypeError, match="not a type of the modules"):
        FORY.iter_json(io.BytesIO(b"[]"), int)


# NDJSON output -------------------------------------------------------------------


class Recording(io.BytesIO):
    def __init__(self) -> None:
        super().__init__()
        self.writes = 0
        self.flushes = 0

    def write(self, data: Any) -> int:
        self.writes += 1
        return super().write(data)

    def flush(self) -> None:
        self.flushes += 1
        super().flush()


def test_write_ndjson_writes_one_compact_document_per_line() -> None:
    target = Recording()
    FORY.write_ndjson([IMAGES[0], media_1(), IMAGES[1]], target)
    expected = b"".join(
        value.to_json_bytes() + b"\n" for value in (IMAGES[0], media_1(), IMAGES[1])
    )
    assert target.getvalue() == expected
    assert (target.writes, target.flushes, target.closed) == (1, 0, False)


def test_write_ndjson_round_trips_through_iter_json_and_batches_writes() -> None:
    values = IMAGES * 2000
    target = Recording()
    FORY.write_ndjson(iter(values), target, Image)
    assert target.getvalue().count(b"\n") == len(values)
    assert 1 < target.writes < 10
    target.seek(0)
    assert list(FORY.iter_json(target, Image, ndjson=True, chunk_size=1000)) == values


def test_write_ndjson_of_nothing_writes_nothing() -> None:
    target = Recording()
    FORY.write_ndjson([], target, Image)
    assert (target.getvalue(), target.writes) == (b"", 0)


def test_write_ndjson_escape_non_ascii_follows_the_instance_unless_overridden() -> None:
    image = Image(uri="é", width=1, height=2, size=Size.SMALL)
    escaped, raw, overridden = io.BytesIO(), io.BytesIO(), io.BytesIO()
    ForyJson(media, escape_non_ascii=True).write_ndjson([image], escaped)
    FORY.write_ndjson([image], raw)
    ForyJson(media, escape_non_ascii=True).write_ndjson(
        [image], overridden, escape_non_ascii=False
    )
    assert escaped.getvalue().startswith(b'{"uri":"\\u00e9"')
    assert raw.getvalue() == overridden.getvalue() == image.to_json_bytes() + b"\n"


def test_write_ndjson_encode_errors_name_the_index_after_writing_the_lines_before() -> (
    None
):
    target = io.BytesIO()
    bad = Image(uri="u", width="wide", height=1, size=Size.SMALL)  # type: ignore[arg-type]
    with pytest.raises(EncodeError) as raised:
        FORY.write_ndjson([IMAGES[0], bad, IMAGES[1]], target, Image)
    assert raised.value.path == "$[1].width"
    assert target.getvalue() == IMAGES[0].to_json_bytes() + b"\n"
    with pytest.raises(EncodeError, match=r"no codec .* at \$\[1\]"):
        FORY.write_ndjson([IMAGES[0], object()], io.BytesIO())
