"""Byte arrays in every JSON form: exact texts, the 512-byte workload, strict reading."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import sys
from array import array
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, EncodeError, binary
from foryjson.binary import (
    a2b_base64_strict_fallback,
    read_array,
    read_base16,
    read_base64,
    read_base64url,
    read_uint8_array,
    write_array,
    write_base16,
    write_base64,
    write_base64url,
    write_uint8_array,
)

Writer = Callable[[object], str]
Reader = Callable[[object], bytes]

FORMATS: dict[str, tuple[Writer, Reader]] = {
    "base64": (write_base64, read_base64),
    "base64url": (write_base64url, read_base64url),
    "base16": (write_base16, read_base16),
    "array": (write_array, read_array),
    "uint8_array": (write_uint8_array, read_uint8_array),
}
WRITERS = [writer for writer, _ in FORMATS.values()]

JAVA_BYTES = bytes([0, 127, 128, 255])  # {0, 127, -128, -1} as Java bytes
HAS_STRICT_MODE = sys.version_info >= (3, 11)


@pytest.fixture(params=["native", "fallback"])
def strict_decoder(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run a base64 test with the running Python's decoder, then with the 3.10 one."""
    if request.param == "fallback":
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(binary, "_decode_strict", a2b_base64_strict_fallback)
            yield request.param
    else:
        yield request.param


@pytest.mark.parametrize(
    ("name", "value", "text"),
    [
        ("base64", JAVA_BYTES, '"AH+A/w=="'),
        ("base64", b"\x01\x02\x03", '"AQID"'),
        ("base64", b"\x01", '"AQ=="'),
        ("base64", b"\x01\x02", '"AQI="'),
        ("base64", b"", '""'),
        ("base64", b"\xfb\xff", '"+/8="'),
        ("base64url", JAVA_BYTES, '"AH-A_w=="'),
        ("base64url", b"\x01\x02\x03", '"AQID"'),
        ("base64url", b"\x01", '"AQ=="'),
        ("base64url", b"\x01\x02", '"AQI="'),
        ("base64url", b"", '""'),
        ("base64url", b"\xfb\xff", '"-_8="'),
        ("base16", JAVA_BYTES, '"007f80ff"'),
        ("base16", b"\xab\xcd", '"abcd"'),
        ("base16", b"", '""'),
        ("array", JAVA_BYTES, "[0,127,-128,-1]"),
        ("array", b"\x01", "[1]"),
        ("array", b"", "[]"),
        ("uint8_array", JAVA_BYTES, "[0,127,128,255]"),
        ("uint8_array", b"\x01", "[1]"),
        ("uint8_array", b"", "[]"),
    ],
)
def test_golden_texts(name: str, value: bytes, text: str) -> None:
    writer, reader = FORMATS[name]
    assert writer(value) == text
    result = reader(json.loads(text))
    assert type(result) is bytes
    assert result == value


@pytest.mark.parametrize(
    ("reader", "text", "value"),
    [
        (read_base64, '"A\\u0051I="', b"\x01\x02"),  # JSON escapes are the parser's
        (read_base64url, '"AH-A_w"', JAVA_BYTES),
        (read_base64url, '"AQ"', b"\x01"),
        (read_base64url, '"AQI"', b"\x01\x02"),
        (read_base64url, '"AQID"', b"\x01\x02\x03"),
        (read_base64url, '"-_8"', b"\xfb\xff"),
        (read_base16, '"007F80FF"', JAVA_BYTES),
        (read_base16, '"aBcD"', b"\xab\xcd"),
        (read_array, "[-128,127]", b"\x80\x7f"),
        (read_uint8_array, "[255,0]", b"\xff\x00"),
    ],
)
def test_other_accepted_forms(reader: Reader, text: str, value: bytes) -> None:
    assert reader(json.loads(text)) == value


WORKLOAD = bytes(i & 0xFF for i in range(1, 513))


@pytest.mark.parametrize(
    ("writer", "reader", "size", "sha256"),
    [
        (
            write_array,
            read_array,
            1869,
            "7ca0dff9083a50de79d03067b020bb2fb7c6001fc595a922027c6bef47fe86e8",
        ),
        (
            write_base16,
            read_base16,
            1026,
            "2d4fe7c75106a24881c8821b7016ca7e0d516feba1305d0aee226e07495f5b64",
        ),
        (
            write_base64,
            read_base64,
            686,
            "6cd546816c5b8ba97829adfcf4502231f2c969316e290b8d96db2d26c9d00a81",
        ),
    ],
)
def test_512_byte_workload(
    writer: Writer, reader: Reader, size: int, sha256: str
) -> None:
    text = writer(WORKLOAD)
    assert len(text) == size
    assert hashlib.sha256(text.encode()).hexdigest() == sha256
    assert reader(json.loads(text)) == WORKLOAD


def test_512_byte_workload_array_is_java_signed_bytes() -> None:
    java = [((i & 0xFF) ^ 0x80) - 0x80 for i in range(1, 513)]  # (byte) i in Java
    assert java[126:129] == [127, -128, -127] and java[254:257] == [-1, 0, 1]
    assert write_array(WORKLOAD) == "[" + ",".join(map(str, java)) + "]"


BASE64_REJECTS = [
    ("AQ=", "invalid base64: length 3 is not a multiple of 4"),
    ("AQI", "invalid base64: length 3 is not a multiple of 4"),
    ("AQ", "invalid base64: length 2 is not a multiple of 4"),
    ("A", "invalid base64: length 1 is not a multiple of 4"),
    ("AQIDA", "invalid base64: length 5 is not a multiple of 4"),
    ("AQ===", "invalid base64: length 5 is not a multiple of 4"),
    ("AQID=", "invalid base64: length 5 is not a multiple of 4"),
    (
        "A===",
        "invalid base64: misplaced padding '=' at offset 1"
        " (only the last one or two characters may be '=')",
    ),
    (
        "====",
        "invalid base64: misplaced padding '=' at offset 0"
        " (only the last one or two characters may be '=')",
    ),
    (
        "AQ==AQ==",
        "invalid base64: misplaced padding '=' at offset 2"
        " (only the last one or two characters may be '=')",
    ),
    (
        "AQ=A",
        "invalid base64: misplaced padding '=' at offset 2"
        " (only the last one or two characters may be '=')",
    ),
    (
        "AQID====",
        "invalid base64: misplaced padding '=' at offset 4"
        " (only the last one or two characters may be '=')",
    ),
    (
        "AH-A_w==",
        "invalid base64: character '-' at offset 2 is not in the standard alphabet",
    ),
    (
        "AQI_",
        "invalid base64: character '_' at offset 3 is not in the standard alphabet",
    ),
    (
        "AQ I",
        "invalid base64: character ' ' at offset 2 is not in the standard alphabet",
    ),
    (
        "AQI=\n",
        "invalid base64: character '\\n' at offset 4 is not in the standard alphabet",
    ),
    (
        "AQ\r\n==",
        "invalid base64: character '\\r' at offset 2 is not in the standard alphabet",
    ),
    (
        "\tAQI=",
        "invalid base64: character '\\t' at offset 0 is not in the standard alphabet",
    ),
    (
        "AQIé",
        "invalid base64: character 'é' at offset 3 is not in the standard alphabet",
    ),
    (
        "AQI\x00",
        "invalid base64: character '\\x00' at offset 3 is not in the standard alphabet",
    ),
    (
        "AQI\uff21",  # a fullwidth A: a letter to str.isalnum, not to base64
        "invalid base64: character '\uff21' at offset 3 is not in the standard alphabet",
    ),
]

BASE64URL_REJECTS = [
    ("A", "invalid base64url: length 1 is 1 more than a multiple of 4"),
    ("AQIDA", "invalid base64url: length 5 is 1 more than a multiple of 4"),
    (
        "AH+A",
        "invalid base64url: character '+' at offset 2 is not in the URL-safe alphabet",
    ),
    (
        "AH/A_w==",
        "invalid base64url: character '/' at offset 2 is not in the URL-safe alphabet",
    ),
    (
        "AQ I",
        "invalid base64url: character ' ' at offset 2 is not in the URL-safe alphabet",
    ),
    (
        "AQé",
        "invalid base64url: character 'é' at offset 2 is not in the URL-safe alphabet",
    ),
    ("AQ=", "invalid base64url: padded text of length 3 is not a multiple of 4"),
    ("AQI=A", "invalid base64url: padded text of length 5 is not a multiple of 4"),
    ("AQ==AQ", "invalid base64url: padded text of length 6 is not a multiple of 4"),
    ("A=", "invalid base64url: padded text of length 2 is not a multiple of 4"),
    ("AQID=", "invalid base64url: padded text of length 5 is not a multiple of 4"),
    (
        "AQID====",
        "invalid base64url: misplaced padding '=' at offset 4"
        " (only the last one or two characters may be '=')",
    ),
    (
        "A===",
        "invalid base64url: misplaced padding '=' at offset 1"
        " (only the last one or two characters may be '=')",
    ),
    (
        "AQ==AQ==",
        "invalid base64url: misplaced padding '=' at offset 2"
        " (only the last one or two characters may be '=')",
    ),
    (
        "AQ=A",
        "invalid base64url: misplaced padding '=' at offset 2"
        " (only the last one or two characters may be '=')",
    ),
]

BASE16_REJECTS = [
    ("abc", "invalid base16: length 3 is odd"),
    ("0", "invalid base16: length 1 is odd"),
    ("0g", "invalid base16: character 'g' at offset 1 is not a hex digit"),
    ("00 11", "invalid base16: character ' ' at offset 2 is not a hex digit"),
    (" 00", "invalid base16: character ' ' at offset 0 is not a hex digit"),
    ("00\n", "invalid base16: character '\\n' at offset 2 is not a hex digit"),
    ("0x00", "invalid base16: character 'x' at offset 1 is not a hex digit"),
    ("00:11", "invalid base16: character ':' at offset 2 is not a hex digit"),
    ("éé", "invalid base16: character 'é' at offset 0 is not a hex digit"),
    (
        "\uff10\uff10",
        "invalid base16: character '\uff10' at offset 0 is not a hex digit",
    ),
]


@pytest.mark.usefixtures("strict_decoder")
@pytest.mark.parametrize(("text", "message"), BASE64_REJECTS)
def test_base64_rejects(text: str, message: str) -> None:
    assert_rejected(read_base64, text, message, "$")


@pytest.mark.usefixtures("strict_decoder")
@pytest.mark.parametrize(("text", "message"), BASE64URL_REJECTS)
def test_base64url_rejects(text: str, message: str) -> None:
    assert_rejected(read_base64url, text, message, "$")


@pytest.mark.parametrize(("text", "message"), BASE16_REJECTS)
def test_base16_rejects(text: str, message: str) -> None:
    assert_rejected(read_base16, text, message, "$")


SIGNED = "expected an integer in [-128, 127], got"
UNSIGNED = "expected an integer in [0, 255], got"


@pytest.mark.parametrize(
    ("reader", "data", "path", "message"),
    [
        (read_array, [0, 1, 2, 128], "$[3]", f"{SIGNED} the integer 128"),
        (read_array, [-129], "$[0]", f"{SIGNED} the integer -129"),
        (read_array, [0, None], "$[1]", f"{SIGNED} null"),
        (read_array, [True], "$[0]", f"{SIGNED} true"),
        (read_array, [5, 6, False], "$[2]", f"{SIGNED} false"),
        (read_array, [1.0], "$[0]", f"{SIGNED} the number 1.0"),
        (read_array, [0, "1"], "$[1]", f"{SIGNED} the string '1'"),
        (read_array, [[1]], "$[0]", f"{SIGNED} an array"),
        (read_array, [{}], "$[0]", f"{SIGNED} an object"),
        (read_array, [10**30], "$[0]", f"{SIGNED} the integer {10**30}"),
        (read_array, [1, 300, None], "$[1]", f"{SIGNED} the integer 300"),
        (read_array, [True, 200], "$[0]", f"{SIGNED} true"),  # first fault wins
        (read_uint8_array, [0, 256], "$[1]", f"{UNSIGNED} the integer 256"),
        (read_uint8_array, [-1], "$[0]", f"{UNSIGNED} the integer -1"),
        (read_uint8_array, [None], "$[0]", f"{UNSIGNED} null"),
        (read_uint8_array, [1, True], "$[1]", f"{UNSIGNED} true"),
        (read_uint8_array, [False, 1], "$[0]", f"{UNSIGNED} false"),
        (read_uint8_array, [0.0], "$[0]", f"{UNSIGNED} the number 0.0"),
        (read_uint8_array, ["a"], "$[0]", f"{UNSIGNED} the string 'a'"),
        (read_uint8_array, [-(10**30)], "$[0]", f"{UNSIGNED} the integer {-(10**30)}"),
    ],
)
def test_array_element_rejects(
    reader: Reader, data: list[object], path: str, message: str
) -> None:
    assert_rejected(reader, data, message, path)
    assert_rejected(reader, json.loads(json.dumps(data)), message, path)


@pytest.mark.parametrize(("reader", "low"), [(read_array, -128), (read_uint8_array, 0)])
@pytest.mark.parametrize("fill", [0, 1, 7])
@pytest.mark.parametrize("where", [0, 1, 255, 510, 511])
@pytest.mark.parametrize("culprit", [True, False])
def test_a_bool_is_found_among_many_or_few_zeros_and_ones(
    reader: Reader, low: int, fill: int, where: int, culprit: bool
) -> None:
    data: list[object] = [fill] * 512
    data[where] = culprit
    message = f"expected an integer in [{low}, {low + 255}], got {json.dumps(culprit)}"
    assert_rejected(reader, data, message, f"$[{where}]")
    data[where] = int(culprit)
    assert reader(data) == bytes(
        [fill] * where + [int(culprit)] + [fill] * (511 - where)
    )


ELEMENTS: st.SearchStrategy[object] = st.one_of(
    st.integers(-128, 255),
    st.sampled_from([0, 1, True, False]),
    st.integers(-1000, 1000),
    st.sampled_from([None, 1.0, 0.0, "1", [], {}, 10**30]),
)


@settings(max_examples=500, deadline=None)
@given(
    data=st.lists(ELEMENTS, max_size=80)
    | st.lists(st.integers(-128, 127), max_size=80).flatmap(
        lambda values: st.lists(st.sampled_from([*values, True, False]), max_size=80)
    )
)
def test_array_readers_match_a_plain_definition(data: list[object]) -> None:
    for reader, low in ((read_array, -128), (read_uint8_array, 0)):
        faults = [
            index
            for index, item in enumerate(data)
            if type(item) is not int or not low <= item <= low + 255
        ]
        if faults:
            with pytest.raises(DecodeError) as raised:
                reader(data)
            assert raised.value.path == f"$[{faults[0]}]"
        else:
            assert reader(data) == bytes(item & 0xFF for item in data)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("reader", "data", "message"),
    [
        (read_base64, None, "expected base64 text, got null"),
        (read_base64, 7, "expected base64 text, got the integer 7"),
        (read_base64, [1], "expected base64 text, got an array"),
        (read_base64, b"AQID", "expected base64 text, got a value of type bytes"),
        (read_base64url, {}, "expected base64url text, got an object"),
        (read_base16, True, "expected base16 text, got true"),
        (
            read_array,
            "AQID",
            "expected an array of integers in [-128, 127], got the string 'AQID'",
        ),
        (read_array, None, "expected an array of integers in [-128, 127], got null"),
        (
            read_array,
            (1, 2),
            "expected an array of integers in [-128, 127],"
            " got a value of type tuple",
        ),
        (
            read_uint8_array,
            1,
            "expected an array of integers in [0, 255], got the integer 1",
        ),
        (
            read_uint8_array,
            b"\x01",
            "expected an array of integers in [0, 255], got a value of type bytes",
        ),
    ],
)
def test_wrong_json_kinds(reader: Reader, data: object, message: str) -> None:
    assert_rejected(reader, data, message, "$")


def assert_rejected(reader: Reader, data: object, message: str, path: str) -> None:
    with pytest.raises(DecodeError) as raised:
        reader(data)
    assert (raised.value.message, raised.value.path) == (message, path)


class Bytes(bytes):
    pass


def _value_id(value: object) -> str:
    """A test id that is the same in every process (a memoryview's repr has its
    address, and pytest-xdist's workers must collect the same ids)."""
    if not isinstance(value, memoryview):
        return repr(value)
    layout = "" if value.c_contiguous else ",strided"
    return (
        f"memoryview({type(value.obj).__name__},{value.format},{list(value.shape or ())},"
        f"{value.tobytes().hex()}{layout})"
    )


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize(
    "value",
    [
        bytearray(JAVA_BYTES),
        memoryview(JAVA_BYTES),
        memoryview(bytearray(JAVA_BYTES)),
        memoryview(b"\xff" + JAVA_BYTES)[1:],
        memoryview(bytes([0, 9, 127, 9, 128, 9, 255]))[::2],  # not contiguous
        memoryview(bytes([255, 128, 127, 0]))[::-1],
        memoryview(JAVA_BYTES).cast("B", shape=[2, 2]),
        memoryview(JAVA_BYTES).cast("b"),
        memoryview(JAVA_BYTES).cast("H"),
        Bytes(JAVA_BYTES),
    ],
    ids=_value_id,
)
def test_bytes_like_values_are_written_as_their_bytes(
    writer: Writer, value: object
) -> None:
    assert writer(value) == writer(JAVA_BYTES)


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize(
    "view",
    [
        memoryview(array("i", [1, -2])),
        memoryview(array("d", [1.5])),
        memoryview(array("i", [1, 2, 3, 4]))[::2],
        memoryview(array("i")),
    ],
    ids=_value_id,
)
def test_a_memoryview_of_any_format_is_its_raw_bytes(
    writer: Writer, view: memoryview
) -> None:
    assert writer(view) == writer(view.tobytes())


def test_a_memoryview_of_ints_as_base64() -> None:
    view = memoryview(array("i", [1, 2]))
    little = sys.byteorder == "little"
    assert write_base64(view) == ('"AQAAAAIAAAA="' if little else '"AAAAAQAAAAI="')
    assert read_base64(json.loads(write_base64(view))) == view.tobytes()


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("AQID", "expected bytes, got the string 'AQID'"),
        ([1, 2], "expected bytes, got an array"),
        (None, "expected bytes, got null"),
        (3, "expected bytes, got the integer 3"),
        ((1, 2), "expected bytes, got a value of type tuple"),
        (array("B", [1]), "expected bytes, got a value of type array"),
    ],
)
def test_other_values_are_encode_errors(
    writer: Writer, value: object, message: str
) -> None:
    with pytest.raises(EncodeError) as raised:
        writer(value)
    assert (raised.value.message, raised.value.path) == (message, "$")


@pytest.mark.parametrize("writer", WRITERS)
def test_a_released_memoryview_is_an_encode_error(writer: Writer) -> None:
    view = memoryview(b"\x01")
    view.release()
    with pytest.raises(EncodeError, match="the memoryview has been released"):
        writer(view)


@pytest.mark.usefixtures("strict_decoder")
@pytest.mark.parametrize("name", list(FORMATS))
@settings(max_examples=200, deadline=None)
@given(value=st.binary(max_size=300))
def test_round_trips(name: str, value: bytes) -> None:
    writer, reader = FORMATS[name]
    for form in (value, bytearray(value), memoryview(value)):
        text = writer(form)
        assert text == writer(value)
        result = reader(json.loads(text))
        assert type(result) is bytes
        assert result == value


@settings(max_examples=200, deadline=None)
@given(value=st.binary(max_size=300))
def test_texts_match_the_standard_library(value: bytes) -> None:
    assert write_base64(value) == json.dumps(base64.b64encode(value).decode())
    assert write_base64url(value) == json.dumps(
        base64.urlsafe_b64encode(value).decode()
    )
    assert write_base16(value) == json.dumps(value.hex())
    signed = memoryview(value).cast("b").tolist()
    assert write_array(value) == json.dumps(signed, separators=(",", ":"))
    assert write_uint8_array(value) == json.dumps(list(value), separators=(",", ":"))


@pytest.mark.usefixtures("strict_decoder")
@settings(max_examples=200, deadline=None)
@given(value=st.binary(max_size=300))
def test_base64url_reads_unpadded_text(value: bytes) -> None:
    unpadded = base64.urlsafe_b64encode(value).decode().rstrip("=")
    assert read_base64url(unpadded) == value


@pytest.mark.usefixtures("strict_decoder")
@settings(max_examples=200, deadline=None)
@given(value=st.binary(max_size=300))
def test_base16_reads_upper_case(value: bytes) -> None:
    assert read_base16(value.hex().upper()) == value


# The strict grammar, written out independently of both implementations.
STRICT_BASE64 = re.compile(
    r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?"
)
STRANGERS = "=-_ \n\t\r*.é\x00\uff21"


def strict_outcome(
    decode: Callable[[str | bytes], bytes], data: str | bytes
) -> bytes | None:
    """What a strict decoder makes of ``data``: the bytes, or None for a rejection."""
    try:
        return decode(data)
    except ValueError:
        return None


def native_strict(data: str | bytes) -> bytes:
    """The running Python's own ``strict_mode`` (3.11+), without foryjson's repair."""
    return binascii.a2b_base64(data, strict_mode=True)  # type: ignore[call-arg,unused-ignore]


def as_text(data: str | bytes) -> str:
    return data if isinstance(data, str) else data.decode("latin-1")


def oracle(data: str | bytes) -> bytes | None:
    text = as_text(data)
    if STRICT_BASE64.fullmatch(text) is None:
        return None
    return base64.b64decode(text)


def has_excess_padding(data: str | bytes) -> bool:
    """Valid unpadded base64 with "=" after it: strict mode let it pass before 3.13."""
    text = as_text(data)
    body = text.rstrip("=")
    return body != text and body != "" and "=" not in body and oracle(body) is not None


@st.composite
def base64_candidates(draw: st.DrawFn) -> str:
    """Texts near valid base64: random, or a valid encoding with a few mutations."""
    alphabet = "ABCDQZaz09+/" + STRANGERS
    if draw(st.booleans()):
        return draw(st.text(alphabet=alphabet, max_size=16))
    chars = list(base64.b64encode(draw(st.binary(max_size=12))).decode())
    for _ in range(draw(st.integers(0, 3))):
        where = draw(st.integers(0, len(chars)))
        how = draw(st.sampled_from(["insert", "replace", "delete"]))
        if how != "insert" and where < len(chars):
            del chars[where]
        if how != "delete":
            chars.insert(where, draw(st.sampled_from(alphabet)))
    return "".join(chars)


CANDIDATES = base64_candidates() | st.binary(max_size=16)


@settings(max_examples=2000, deadline=None)
@given(data=CANDIDATES)
def test_the_fallback_follows_the_strict_grammar(data: str | bytes) -> None:
    assert strict_outcome(a2b_base64_strict_fallback, data) == oracle(data)


@pytest.mark.skipif(not HAS_STRICT_MODE, reason="strict_mode needs Python 3.11")
@settings(max_examples=2000, deadline=None)
@given(data=CANDIDATES)
def test_the_fallback_agrees_with_strict_mode(data: str | bytes) -> None:
    fallback = strict_outcome(a2b_base64_strict_fallback, data)
    assert strict_outcome(binary._decode_strict, data) == fallback
    native = strict_outcome(native_strict, data)
    if native != fallback:  # only CPython's excess padding gap, fixed in 3.13
        assert sys.version_info < (3, 13)
        assert fallback is None
        assert has_excess_padding(data)


@pytest.mark.parametrize(
    "text", ["AQID=", "AQID==", "AQID===", "AQID====", "AQIDAQID="]
)
def test_excess_padding_after_a_complete_group_is_rejected(text: str) -> None:
    assert has_excess_padding(text)
    assert strict_outcome(a2b_base64_strict_fallback, text) is None
    assert strict_outcome(binary._decode_strict, text) is None
    if HAS_STRICT_MODE:
        gap = sys.version_info < (3, 13)
        accepted = base64.b64decode(text.rstrip("=")) if gap else None
        assert strict_outcome(native_strict, text) == accepted
    with pytest.raises(DecodeError):
        read_base64(text)
    with pytest.raises(DecodeError):
        read_base64url(text.replace("Q", "_"))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("", b""),
        ("AQ==", b"\x01"),
        ("AQI=", b"\x01\x02"),
        ("AQID", b"\x01\x02\x03"),
        ("AR==", b"\x01"),  # non-zero unused bits: accepted, as Java and strict mode do
        ("AQJ=", b"\x01\x02"),
        ("A===", None),
        ("AQ=", None),
        ("=AQI", None),
        ("AQ==AQ==", None),
        ("AQ=A", None),
        ("AQ-_", None),
        ("AQI=\n", None),
        ("AQIé", None),
    ],
)
def test_the_strict_decoders_table(text: str, value: bytes | None) -> None:
    assert strict_outcome(a2b_base64_strict_fallback, text) == value
    assert strict_outcome(binary._decode_strict, text) == value
    if HAS_STRICT_MODE:
        assert strict_outcome(native_strict, text) == value


def test_the_running_python_uses_strict_mode_when_it_has_it() -> None:
    uses_fallback = binary._decode_strict is a2b_base64_strict_fallback
    assert uses_fallback == (not HAS_STRICT_MODE)
