"""What every entry point takes as input, and what it says about anything else.

A wrong argument (``None``, a number, an already parsed ``dict``, a released
``memoryview``, a text-mode or non-blocking stream, a path given instead of a file) is
a programming error: ``TypeError``, naming what is accepted. Everything about a
document's content is a ``DecodeError``, whatever form the bytes arrive in.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest

from foryjson import DecodeError, ForyJson
from foryjson import stream as foryjson_stream
from foryjson.reader import document, read
from generated import media
from tests.media_fixture import media_1

BACKENDS = ["stdlib", "orjson"]
DOCUMENT = media_1().to_json_bytes()
ACCEPTED = "takes str, bytes, bytearray or memoryview"
IMAGE = next(codec for codec in media.CODECS if codec.type is media.Image)


def released_view() -> memoryview:
    view = memoryview(DOCUMENT)
    view.release()
    return view


# (argument, the type name the message ends with)
NOT_DOCUMENTS: list[tuple[Callable[[], object], str]] = [
    (lambda: None, "not NoneType"),
    (lambda: 1, "not int"),
    (lambda: 1.5, "not float"),
    (lambda: [DOCUMENT], "not list"),
    (lambda: {"media": {}}, "not dict"),
    (lambda: media_1(), "not MediaContent"),
]


def entry_points(backend: str) -> dict[str, Callable[[Any], object]]:
    """Every way a document can be decoded, as one-argument callables."""
    fory = ForyJson(media, backend=backend)
    return {
        "generated from_json": media.MediaContent.from_json,
        "ForyJson.from_json": lambda data: fory.from_json(data, media.MediaContent),
        "ForyJson.from_json list": lambda data: fory.from_json(data, list[media.Image]),
        "reader.read": lambda data: read(data, fast=backend == "orjson"),
    }


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("make", "ending"), NOT_DOCUMENTS)
def test_a_wrong_argument_is_a_type_error_naming_what_is_accepted(
    backend: str, make: Callable[[], object], ending: str
) -> None:
    for name, decode in entry_points(backend).items():
        with pytest.raises(TypeError) as raised:
            decode(make())
        assert str(raised.value) == f"from_json {ACCEPTED}, {ending}", name


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_released_memoryview_is_a_type_error(backend: str) -> None:
    for name, decode in entry_points(backend).items():
        with pytest.raises(TypeError) as raised:
            decode(released_view())
        assert str(raised.value) == "from_json was given a released memoryview", name


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_form_of_a_document_decodes_alike(backend: str) -> None:
    expected = media_1()
    padded = DOCUMENT + b" " * (-len(DOCUMENT) % 8)
    forms: list[object] = [
        DOCUMENT.decode(),
        DOCUMENT,
        bytearray(DOCUMENT),
        memoryview(DOCUMENT),
        memoryview(padded).cast("B", shape=[8, len(padded) // 8]),  # 2-D
        memoryview(padded).cast("Q"),  # eight bytes an item
        memoryview(DOCUMENT)[::1],
    ]
    fory = ForyJson(media, backend=backend)
    for form in forms:
        assert media.MediaContent.from_json(form) == expected  # type: ignore[arg-type]
        assert fory.from_json(form, media.MediaContent) == expected  # type: ignore[call-overload]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_two_dimensional_view_is_measured_in_bytes_not_rows(backend: str) -> None:
    # len() of a 2-D memoryview counts its rows: 8 here, far under any limit.
    padded = DOCUMENT + b" " * (-len(DOCUMENT) % 8)
    view = memoryview(padded).cast("B", shape=[8, len(padded) // 8])
    assert len(view) == 8
    fory = ForyJson(media, backend=backend, max_input_bytes=100)
    with pytest.raises(DecodeError) as raised:
        fory.from_json(view, media.MediaContent)
    assert raised.value.message == (
        f"input of {len(padded)} bytes exceeds the limit of 100"
        " (raise max_input_bytes for trusted data)"
    )
    assert raised.value.path == "$"
    # The memory estimate sees every byte too.
    tight = ForyJson(media, backend=backend, max_graph_bytes=1000)
    with pytest.raises(DecodeError, match="the document would take about"):
        tight.from_json(view, media.MediaContent)


def test_documents_are_normalised_once() -> None:
    text = DOCUMENT.decode()
    assert document(text) is text
    assert document(DOCUMENT) is DOCUMENT
    array = bytearray(DOCUMENT)
    assert document(array) is array
    assert document(memoryview(DOCUMENT)) == DOCUMENT
    assert type(document(memoryview(DOCUMENT))) is bytes


@pytest.mark.parametrize("backend", BACKENDS)
def test_content_faults_stay_decode_errors_in_every_form(backend: str) -> None:
    for form in (b"", "", bytearray(b"[1,"), memoryview(b"\xff"), " "):
        with pytest.raises(DecodeError):
            media.MediaContent.from_json(form)
        with pytest.raises(DecodeError):
            ForyJson(media, backend=backend).from_json(form, media.MediaContent)


# --- Streams ----------------------------------------------------------------------


class NonBlocking:
    """A non-blocking binary stream with no data ready: ``read`` returns None."""

    def read(self, size: int, /) -> bytes | None:
        return None


class Returns:
    """A file-like object whose ``read`` returns a fixed value."""

    def __init__(self, value: object) -> None:
        self.value = value

    def read(self, size: int, /) -> object:
        return self.value


class Wrapping:
    """A binary stream whose ``read`` returns another bytes-like type."""

    def __init__(self, data: bytes, wrap: Callable[[bytes], object]) -> None:
        self.file = io.BytesIO(data)
        self.wrap = wrap

    def read(self, size: int, /) -> object:
        return self.wrap(self.file.read(size))


def stream_entry_points(
    backend: str,
) -> dict[str, Callable[[Any], object]]:
    fory = ForyJson(media, backend=backend)
    return {
        "iter_json": lambda fp: fory.iter_json(fp, media.Image),
        "iter_json ndjson": lambda fp: fory.iter_json(fp, media.Image, ndjson=True),
        "iter_array": lambda fp: foryjson_stream.iter_array(fp, IMAGE.decode),
        "iter_ndjson": lambda fp: foryjson_stream.iter_ndjson(fp, IMAGE.decode),
    }


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("argument", "name"),
    [("images.json", "str"), (b"[]", "bytes"), (None, "NoneType"), (3, "int")],
)
def test_a_stream_argument_that_is_no_file_is_a_type_error_at_once(
    backend: str, argument: object, name: str
) -> None:
    for label, iterate in stream_entry_points(backend).items():
        with pytest.raises(TypeError) as raised:
            iterate(argument)  # not even iterated: the call itself refuses it
        assert str(raised.value) == (
            "streams are read from a binary file object (open(path, 'rb'),"
            f" io.BytesIO(data)), not {name}"
        ), label


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("fp", "message"),
    [
        (
            io.StringIO("[]"),
            "streams are read from binary file objects (open them 'rb'):"
            " read() returned str",
        ),
        (
            NonBlocking(),
            "streams are read from blocking binary file objects: read() returned"
            " None (a non-blocking stream with no data ready)",
        ),
        (
            Returns(42),
            "streams are read from binary file objects whose read() returns bytes,"
            " not int",
        ),
    ],
    ids=["text mode", "non-blocking", "int"],
)
def test_a_stream_that_does_not_return_bytes_is_a_type_error(
    backend: str, fp: object, message: str
) -> None:
    for label, iterate in stream_entry_points(backend).items():
        with pytest.raises(TypeError) as raised:
            list(iterate(fp))  # type: ignore[call-overload]
        assert str(raised.value) == message, label


@pytest.mark.parametrize("backend", BACKENDS)
def test_streams_may_return_any_bytes_like_object(backend: str) -> None:
    image = media_1().images[0]
    text = image.to_json_bytes()
    for wrap in (bytearray, memoryview):
        for label, iterate in stream_entry_points(backend).items():
            data = text + b"\n" if "ndjson" in label else b"[" + text + b"]"
            assert list(iterate(Wrapping(data, wrap))) == [image], label  # type: ignore[call-overload]
