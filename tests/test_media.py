"""MediaContent: the exact Jackson document, both directions, and the facade."""

from __future__ import annotations

import io

import pytest

from foryjson import DecodeError, EncodeError, ForyJson
from generated import media
from generated.media import Image, MediaContent, Player, Size
from tests.media_fixture import MEDIA_1_JSON, media_1


def test_encoding_media_1_gives_the_488_byte_jackson_document() -> None:
    encoded = media_1().to_json_bytes()
    assert encoded == MEDIA_1_JSON.encode("utf-8")
    assert len(encoded) == 488
    assert media_1().to_json() == MEDIA_1_JSON


def test_decoding_the_jackson_document_gives_an_equal_object() -> None:
    assert MediaContent.from_json(MEDIA_1_JSON) == media_1()
    assert MediaContent.from_json(MEDIA_1_JSON.encode()) == media_1()
    assert MediaContent.from_json(bytearray(MEDIA_1_JSON.encode())) == media_1()
    assert MediaContent.from_json(memoryview(MEDIA_1_JSON.encode())) == media_1()


def test_escape_non_ascii_writes_u_escapes_and_reads_back() -> None:
    text = media_1().to_json(escape_non_ascii=True)
    assert text.isascii()
    assert '"Steve Jobs\\uc2a4"' in text
    assert media_1().to_json_bytes(escape_non_ascii=True) == text.encode("ascii")
    assert MediaContent.from_json(text) == media_1()


def test_non_bmp_characters_escape_as_surrogate_pairs() -> None:
    image = Image(uri="\U0001f600", width=1, height=2, size=Size.SMALL)
    assert image.to_json(escape_non_ascii=True).startswith('{"uri":"\\ud83d\\ude00"')
    assert image.to_json_bytes().startswith('{"uri":"\U0001f600"'.encode())
    assert Image.from_json(image.to_json(escape_non_ascii=True)) == image


def test_equality_and_repr() -> None:
    first, second = media_1(), media_1()
    assert first == second
    second.images[0].width += 1
    assert first != second
    assert first != "not a model"
    assert repr(first.images[1]) == (
        "Image(uri='http://javaone.com/keynote_small.jpg', title='Javaone Keynote', "
        "width=320, height=240, size=<Size.SMALL: 'SMALL'>)"
    )


def test_constructor_is_keyword_only_and_nullable_fields_default_to_none() -> None:
    image = Image(uri="u", width=1, height=2, size=Size.LARGE)
    assert image.title is None
    with pytest.raises(TypeError):
        Image("u", None, 1, 2, Size.LARGE)  # type: ignore[call-arg]
    with pytest.raises(AttributeError):
        image.extra = 1  # type: ignore[attr-defined]


def test_facade_encodes_and_decodes_models_and_generic_roots() -> None:
    fory = ForyJson(media)
    images = media_1().images
    text = fory.to_json(images, list[Image])
    assert text == "[" + ",".join(image.to_json() for image in images) + "]"
    assert fory.from_json(text, list[Image]) == images
    by_name = {"large": images[0], "small": images[1]}
    mapped = fory.to_json_bytes(by_name, dict[str, Image])
    assert fory.from_json(mapped, dict[str, Image]) == by_name
    nested = fory.to_json([[Player.JAVA], []], list[list[Player]])
    assert nested == '[["JAVA"],[]]'
    assert fory.to_json(media_1()) == MEDIA_1_JSON
    assert fory.from_json(MEDIA_1_JSON, MediaContent) == media_1()


def test_facade_paths_cover_generic_roots() -> None:
    fory = ForyJson(media)
    with pytest.raises(DecodeError) as raised:
        fory.from_json(
            '{"a":[{"uri":"x","width":1,"height":1,"size":"HUGE"}]}',
            dict[str, list[Image]],
        )
    assert raised.value.path == "$.a[0].size"
    with pytest.raises(EncodeError) as encode_raised:
        fory.to_json([media_1().images[0], "nope"], list[Image])
    assert encode_raised.value.path == "$[1]"


def test_facade_needs_a_type_for_values_it_does_not_know() -> None:
    fory = ForyJson(media)
    with pytest.raises(EncodeError, match="pass type="):
        fory.to_json([1, 2])
    with pytest.raises(TypeError, match="not a type of the modules"):
        fory.from_json("[]", list[int])
    with pytest.raises(TypeError, match="not a module generated"):
        ForyJson(io)


def test_write_json_writes_utf8_once_and_leaves_the_file_open() -> None:
    class Recording(io.BytesIO):
        writes = 0

        def write(self, data: object) -> int:
            self.writes += 1
            return super().write(data)  # type: ignore[arg-type]

    target = Recording()
    ForyJson(media).write_json(media_1(), target)
    assert not target.closed
    assert target.writes == 1
    assert target.getvalue() == MEDIA_1_JSON.encode("utf-8")


def test_facade_limits_input_size() -> None:
    fory = ForyJson(media, max_input_bytes=100)
    with pytest.raises(
        DecodeError, match="input of 486 characters exceeds the limit of 100 "
    ):
        fory.from_json(MEDIA_1_JSON, MediaContent)


def test_facade_escape_non_ascii_option() -> None:
    text = ForyJson(media, escape_non_ascii=True).to_json(media_1())
    assert text.isascii() and "\\uc2a4" in text
