"""Pretty printing: json.dumps(indent=2) layout, laid over the encoders' exact text."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson import EncodeError, ForyJson
from foryjson.pretty import indent
from generated import media, types
from generated.media import Image, MediaContent, Size
from tests.media_fixture import MEDIA_1_JSON, media_1
from tests.test_types import numbers

FORY = ForyJson(media, types)

IMAGE_PRETTY = """{
  "uri": "http://javaone.com/keynote_large.jpg",
  "title": "Javaone Keynote",
  "width": 1024,
  "height": 768,
  "size": "LARGE"
}"""


def test_a_model_is_written_with_two_space_indentation() -> None:
    image = media_1().images[0]
    assert image.to_json(pretty=True) == IMAGE_PRETTY
    assert image.to_json_bytes(pretty=True) == IMAGE_PRETTY.encode()
    assert FORY.to_json(image, pretty=True) == IMAGE_PRETTY
    assert Image.from_json(IMAGE_PRETTY) == image


def test_media_content_matches_json_dumps_indent_2() -> None:
    expected = json.dumps(json.loads(MEDIA_1_JSON), indent=2, ensure_ascii=False)
    assert media_1().to_json(pretty=True) == expected
    assert FORY.to_json_bytes(media_1(), pretty=True) == expected.encode()
    assert MediaContent.from_json(expected) == media_1()
    assert media_1().to_json() == MEDIA_1_JSON  # compact stays the default


@pytest.mark.parametrize(
    ("compact", "pretty"),
    [
        ("{}", "{}"),
        ("[]", "[]"),
        ("[[]]", "[\n  []\n]"),
        ("[{}]", "[\n  {}\n]"),
        ('{"a":{},"b":[]}', '{\n  "a": {},\n  "b": []\n}'),
        ("[[[1]]]", "[\n  [\n    [\n      1\n    ]\n  ]\n]"),
        (
            '{"a":{"b":{"c":null}}}',
            '{\n  "a": {\n    "b": {\n      "c": null\n    }\n  }\n}',
        ),
        ("[true,false,null]", "[\n  true,\n  false,\n  null\n]"),
        ('"top"', '"top"'),
        ("-12.5e3", "-12.5e3"),
    ],
)
def test_layout_of_nested_and_empty_containers(compact: str, pretty: str) -> None:
    assert indent(compact) == pretty


@pytest.mark.parametrize(
    "text",
    [
        '"{[,:]}"',
        '"a\\"b"',
        '"ends in a backslash\\\\"',
        '"\\\\\\""',
        '"\\u0000\\n\\t\\u001f"',
        '"é€😀\u2028"',
        '"\\ud83d\\ude00"',
        '"  spaces  "',
    ],
)
def test_strings_are_copied_exactly_as_keys_and_values(text: str) -> None:
    document = "{" + text + ":[" + text + "," + text + "]}"
    pretty = indent(document)
    assert pretty == f"{{\n  {text}: [\n    {text},\n    {text}\n  ]\n}}"
    assert json.loads(pretty) == json.loads(document)


def test_numbers_keep_their_exact_text() -> None:
    text = '{"big":123456789012345678901234567890,"dec":1.50,"neg":-0.0,"exp":1E+400}'
    assert indent(text) == (
        "{\n"
        '  "big": 123456789012345678901234567890,\n'
        '  "dec": 1.50,\n'
        '  "neg": -0.0,\n'
        '  "exp": 1E+400\n'
        "}"
    )
    value = numbers(price=Decimal("1.50"), unbounded=-(10**50), ratio=-0.0)
    pretty = value.to_json(pretty=True)
    assert '\n  "price": 1.50,\n' in pretty
    assert '\n  "unbounded": -1' + "0" * 50 + ",\n" in pretty
    assert '\n  "ratio": -0.0,\n' in pretty
    back = types.Numbers.from_json(pretty)
    assert back == value
    assert back.price.as_tuple() == Decimal("1.50").as_tuple()


def test_whitespace_already_in_the_text_is_replaced_by_the_layout() -> None:
    loose = ' { "a" : [ 1 ,\n\t2 ] , "b" : { } , "c" : [\r\n] } '
    assert indent(loose) == indent('{"a":[1,2],"b":{},"c":[]}')


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(value=JSON_VALUES, ascii_only=st.booleans())
def test_layout_is_json_dumps_indent_2_and_reads_back(
    value: Any, ascii_only: bool
) -> None:
    compact = json.dumps(value, ensure_ascii=ascii_only, separators=(",", ":"))
    pretty = indent(compact)
    assert pretty == json.dumps(value, ensure_ascii=ascii_only, indent=2)
    assert indent(pretty) == pretty
    assert json.loads(pretty) == json.loads(compact)


def test_pretty_and_escape_non_ascii_combine() -> None:
    image = Image(uri="é😀", width=1, height=2, size=Size.SMALL)
    text = image.to_json(pretty=True, escape_non_ascii=True)
    assert text.isascii()
    assert text.startswith('{\n  "uri": "\\u00e9\\ud83d\\ude00",\n')
    assert Image.from_json(text) == image


def test_per_call_escape_non_ascii_overrides_the_instance() -> None:
    image = Image(uri="é", width=1, height=2, size=Size.SMALL)
    escaping = ForyJson(media, escape_non_ascii=True)
    assert escaping.to_json(image).startswith('{"uri":"\\u00e9"')
    assert escaping.to_json(image, escape_non_ascii=False) == image.to_json()
    assert FORY.to_json_bytes(image, escape_non_ascii=True) == (
        image.to_json_bytes(escape_non_ascii=True)
    )


def test_write_json_pretty_is_still_one_write() -> None:
    class Recording(io.BytesIO):
        writes = 0

        def write(self, data: Any) -> int:
            self.writes += 1
            return super().write(data)

    target = Recording()
    FORY.write_json(media_1().images, target, list[Image], pretty=True)
    assert target.writes == 1
    assert not target.closed
    assert target.getvalue() == FORY.to_json_bytes(
        media_1().images, list[Image], pretty=True
    )
    assert target.getvalue().startswith(b'[\n  {\n    "uri": ')


def test_lone_surrogates_are_still_encode_errors_when_pretty() -> None:
    image = Image(uri="\ud800", width=1, height=2, size=Size.SMALL)
    for escape in (False, True):
        with pytest.raises(EncodeError, match="lone surrogate"):
            image.to_json(pretty=True, escape_non_ascii=escape)
        with pytest.raises(EncodeError, match="lone surrogate"):
            FORY.to_json_bytes(image, pretty=True, escape_non_ascii=escape)
