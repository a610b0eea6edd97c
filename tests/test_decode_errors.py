"""Bad input: only DecodeError, with the path of the value and the position of syntax errors."""

from __future__ import annotations

import pytest

from foryjson import DecodeError
from foryjson.reader import read
from generated import catalog
from generated.media import Image, MediaContent
from generated.shop import events
from tests.media_fixture import MEDIA_1_JSON

IMAGE = '{"uri":"u","title":null,"width":1,"height":2,"size":"SMALL"}'


def decode_error(data: str | bytes) -> DecodeError:
    with pytest.raises(DecodeError) as raised:
        MediaContent.from_json(data)
    return raised.value


@pytest.mark.parametrize(
    ("old", "new", "path", "message"),
    [
        (
            '"width":640',
            '"width":"640"',
            "$.media.width",
            "expected int32, got the string '640'",
        ),
        (
            '"width":640',
            '"width":6.4e2',
            "$.media.width",
            "expected int32, got the number 640.0",
        ),
        ('"width":640', '"width":true', "$.media.width", "expected int32, got true"),
        (
            '"width":640',
            '"width":2147483648',
            "$.media.width",
            "expected int32, got the integer 2147483648",
        ),
        ('"width":640', '"width":null', "$.media.width", "expected int32, got null"),
        (
            '"duration":18000000',
            '"duration":9223372036854775808',
            "$.media.duration",
            "expected int64, got the integer 9223372036854775808",
        ),
        (
            '"title":"Javaone Keynote"',
            '"title":7',
            "$.media.title",
            "expected str, got the integer 7",
        ),
        (
            '"player":"JAVA"',
            '"player":"java"',
            "$.media.player",
            "expected Player (one of JAVA, FLASH), got the string 'java'",
        ),
        (
            '"player":"JAVA"',
            '"player":0',
            "$.media.player",
            "expected Player (one of JAVA, FLASH), got the integer 0",
        ),
        (
            '"persons":["Bill Gates",',
            '"persons":[["Bill Gates"],',
            "$.media.persons[0]",
            "expected str, got an array",
        ),
        (
            '"persons":["Bill Gates","Steve Jobs\uc2a4"]',
            '"persons":{"a":1}',
            "$.media.persons",
            "expected an array, got an object",
        ),
        (
            '"size":"SMALL"',
            '"size":{}',
            "$.images[1].size",
            "expected Size (one of SMALL, LARGE), got an object",
        ),
        (
            '"height":240',
            '"height":-2147483649',
            "$.images[1].height",
            "expected int32, got the integer -2147483649",
        ),
        ('{"media":{', '{"media":[{', "$.media", "expected an object, got an array"),
    ],
)
def test_type_mismatch_names_the_path_and_the_value(
    old: str, new: str, path: str, message: str
) -> None:
    document = MEDIA_1_JSON.replace(old, new, 1)
    if new.startswith('{"media":['):
        document = document.replace('"copyright":null},', '"copyright":null}],', 1)
    assert document != MEDIA_1_JSON
    error = decode_error(document)
    assert error.path == path
    assert error.message == message
    assert str(error) == f"{message} at {path}"
    assert error.position is None


def test_missing_required_property_names_the_object() -> None:
    error = decode_error(MEDIA_1_JSON.replace('"width":320,', "", 1))
    assert error.path == "$.images[1]"
    assert error.message == "missing required property 'width'"


def test_missing_nullable_property_decodes_to_none() -> None:
    image = Image.from_json('{"uri":"u","width":1,"height":2,"size":"SMALL"}')
    assert image.title is None


def test_unknown_properties_are_ignored_by_default() -> None:
    image = Image.from_json(IMAGE[:-1] + ',"extra":{"deep":[1,2]}}')
    assert image.uri == "u"


def test_unknown_properties_are_rejected_where_the_schema_says_so() -> None:
    document = '{"total":{"minorUnits":1},"order-id":"a","surprise":1}'
    with pytest.raises(DecodeError) as raised:
        events.OrderPlaced.from_json(document)
    assert raised.value.message == "unknown property 'surprise'"
    assert raised.value.path == "$.surprise"


def test_keys_that_are_not_identifiers_render_quoted_in_paths() -> None:
    document = '{"order-id":"a","total":{"minorUnits":1},"labels":{"x.y\'z":[1,300]}}'
    with pytest.raises(DecodeError) as raised:
        events.OrderPlaced.from_json(document)
    assert raised.value.path == "$.labels['x.y\\'z'][1]"
    assert raised.value.message == "expected int8, got the integer 300"


def test_recursive_models_report_deep_paths() -> None:
    document = '{"id":3,"name":"c","parent":{"id":2,"name":"b","parent":{"id":"1","name":"a"}}}'
    with pytest.raises(DecodeError) as raised:
        catalog.Category.from_json(document)
    assert raised.value.path == "$.parent.parent.id"


@pytest.mark.parametrize(
    ("document", "message", "position", "line", "column"),
    [
        ("", "unexpected end of input, expecting a value", 0, 1, 1),
        ("   ", "unexpected end of input, expecting a value", 3, 1, 4),
        ("{", "expecting a property name in double quotes", 1, 1, 2),
        ('{"a":1,}', "expecting a property name in double quotes", 7, 1, 8),
        ("[1,]", "expecting a value", 3, 1, 4),
        # Python 3.13's scanner words trailing commas apart; the message stays.
        ("[1, ]", "expecting a value", 4, 1, 5),
        ('{"a":1,\n }', "expecting a property name in double quotes", 9, 2, 2),
        ("[1 2]", "expecting ',' or the end of the container", 3, 1, 4),
        ('{"a" 1}', "expecting ':'", 5, 1, 6),
        ("{'a':1}", "expecting a property name in double quotes", 1, 1, 2),
        ("01", "unexpected content after the JSON value", 1, 1, 2),
        ("{} {}", "unexpected content after the JSON value", 3, 1, 4),
        ("[1,\n NaN]", "NaN is not valid JSON (write it as a string)", 5, 2, 2),
        ("-Infinity", "-Infinity is not valid JSON (write it as a string)", 0, 1, 1),
        (
            '["NaN", Infinity]',
            "Infinity is not valid JSON (write it as a string)",
            8,
            1,
            9,
        ),
        ('"a\tb"', "invalid control character", 2, 1, 3),
        ('"abc', "unterminated string starting", 0, 1, 1),
        ('"\\x"', "invalid \\escape", 1, 1, 2),
        ("/* c */ 1", "expecting a value", 0, 1, 1),
        ("\ufeff{}", "a byte-order mark is not allowed", 0, 1, 1),
        ("tru", "expecting a value", 0, 1, 1),
    ],
)
def test_syntax_errors_carry_the_position(
    document: str, message: str, position: int, line: int, column: int
) -> None:
    with pytest.raises(DecodeError) as raised:
        read(document)
    error = raised.value
    assert error.message == message
    assert (error.position, error.line, error.column) == (position, line, column)
    assert (
        str(error)
        == f"{message} at JSON position {position} (line {line}, column {column})"
    )
    assert error.path == "$"


def test_positions_of_binary_input_count_bytes() -> None:
    with pytest.raises(DecodeError) as raised:
        read('["\uc2a4\uc2a4", x]'.encode())
    assert raised.value.position == 11  # two 3-byte characters before the fault
    assert raised.value.column == 8  # columns count characters


@pytest.mark.parametrize(
    ("data", "message", "position"),
    [
        (b'"\xff"', "invalid UTF-8 byte 0xff", 1),
        (b'["a", "\xc3\x28"]', "invalid UTF-8 byte 0xc3", 7),
        (b'"\xed\xa0\x80"', "invalid UTF-8 byte 0xed", 1),  # an encoded surrogate
        (b'"\xc0\xaf"', "invalid UTF-8 byte 0xc0", 1),  # an overlong form
        (b"\xef\xbb\xbf{}", "a byte-order mark is not allowed", 0),
    ],
)
def test_invalid_utf8_is_a_decode_error(
    data: bytes, message: str, position: int
) -> None:
    with pytest.raises(DecodeError) as raised:
        read(data)
    assert raised.value.message == message
    assert raised.value.position == position


def test_deep_nesting_is_a_decode_error_not_a_recursion_error() -> None:
    with pytest.raises(DecodeError, match="nesting deeper than the limit of 512"):
        read("[" * 100_000 + "]" * 100_000)
    deep = '{"id":1,"name":"n","parent":' * 5000 + "null" + "}" * 5000
    with pytest.raises(DecodeError, match="nesting deeper than the limit of 32"):
        catalog.Category.from_json(deep)


def test_numbers_up_to_10000_characters_read_exactly() -> None:
    assert read("[" + "7" * 9_999 + "]") == [7 * (10**9_999 - 1) // 9]
    assert read("-" + "9" * 9_999) == -(10**9_999 - 1)


def test_longer_numbers_are_a_decode_error() -> None:
    with pytest.raises(DecodeError) as raised:
        read("[1, " + "1" * 20_000 + "]")
    assert (
        raised.value.message == "number of 20000 characters exceeds the limit of 10000"
    )


def test_input_size_limit() -> None:
    with pytest.raises(DecodeError, match="input of 22 bytes exceeds the limit of 10 "):
        read(b"[" + b" " * 20 + b"]", max_input_bytes=10)


@pytest.mark.parametrize(
    "document",
    ["1", "true", "null", '"x"', "[]", "[{}]", '{"media":null,"images":[]}'],
)
def test_wrong_shapes_at_the_root_are_decode_errors(document: str) -> None:
    with pytest.raises(DecodeError):
        MediaContent.from_json(document)
