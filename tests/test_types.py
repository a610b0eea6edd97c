"""Every value type through generated code: exact wire forms, rejections with paths."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
import uuid
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from foryjson import DecodeError, EncodeError
from generated import types as t

REPOSITORY = Path(__file__).resolve().parents[1]
UTC = dt.timezone.utc
PLUS_8 = dt.timezone(dt.timedelta(hours=8))


def numbers(**changes: Any) -> t.Numbers:
    values: dict[str, Any] = {
        "tiny": 0,
        "small": 0,
        "medium": 0,
        "large": 0,
        "byte": 0,
        "word": 0,
        "dword": 0,
        "qword": 0,
        "unbounded": 0,
        "ratio": 0.0,
        "single": 0.0,
        "price": Decimal("0"),
        "quoted_price": Decimal("0"),
    }
    values.update(changes)
    return t.Numbers(**values)


def blobs(**changes: Any) -> t.Blobs:
    values: dict[str, Any] = {
        "standard": b"",
        "url_safe": b"",
        "hex": b"",
        "signed": b"",
        "unsigned": b"",
        "chunks": [],
    }
    values.update(changes)
    return t.Blobs(**values)


def times(**changes: Any) -> t.Times:
    moment = dt.datetime(2026, 6, 21, 1, 2, 3, tzinfo=UTC)
    values: dict[str, Any] = {
        "day": dt.date(2026, 6, 21),
        "clock": dt.time(1, 2, 3),
        "moment": moment,
        "local": dt.datetime(2026, 6, 21, 1, 2, 3),
        "elapsed": dt.timedelta(hours=1, minutes=1, seconds=1, milliseconds=123),
        "created_millis": moment,
        "created_seconds": moment,
        "birthday": dt.date(1999, 12, 31),
        "opening": dt.time(8, 30),
        "logged": dt.datetime(2026, 1, 2, 3, 4, 5),
        "stamped": dt.datetime(2024, 2, 3, 4, 5, 6, 123000, tzinfo=PLUS_8),
        "holidays": [dt.date(2026, 12, 25)],
        "deadlines": {"q3": moment},
    }
    values.update(changes)
    return t.Times(**values)


def member(text: str, name: str) -> str:
    """The JSON text of one member of a compact object, as ``"name":value``."""
    start = text.index(f'"{name}":')
    depth, end = 0, start + len(name) + 3
    in_string = False
    while end < len(text):
        char = text[end]
        if in_string:
            if char == "\\":
                end += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            if depth == 0:
                break
            depth -= 1
        elif char == "," and depth == 0:
            break
        end += 1
    return text[start:end]


# ------------------------------------------------------------------ byte arrays


@pytest.mark.parametrize(
    ("field", "json_name", "expected"),
    [
        ("standard", "standard", '"AH+A/w=="'),
        ("url_safe", "urlSafe", '"AH-A_w=="'),
        ("hex", "hex", '"007f80ff"'),
        ("signed", "signed", "[0,127,-128,-1]"),
        ("unsigned", "unsigned", "[0,127,128,255]"),
    ],
)
def test_byte_array_formats_write_fory_forms(
    field: str, json_name: str, expected: str
) -> None:
    data = bytes([0, 127, 128, 255])
    for given in (data, bytearray(data), memoryview(data)):
        text = blobs(**{field: given}).to_json()
        assert member(text, json_name) == f'"{json_name}":{expected}'
        decoded = t.Blobs.from_json(text)
        assert getattr(decoded, field) == data
        assert type(getattr(decoded, field)) is bytes


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"\x01", '"AQ=="'),
        (b"\x01\x02", '"AQI="'),
        (b"\x01\x02\x03", '"AQID"'),
        (b"", '""'),
    ],
)
def test_base64_padding(data: bytes, expected: str) -> None:
    assert (
        member(blobs(standard=data).to_json(), "standard") == f'"standard":{expected}'
    )


@pytest.mark.parametrize(
    ("member_text", "path", "message"),
    [
        ('"standard":"AH-A"', "$.standard", "not in the standard alphabet"),
        ('"standard":"AQ"', "$.standard", "length 2 is not a multiple of 4"),
        ('"standard":"AQ== "', "$.standard", "invalid base64"),
        ('"standard":"AQID="', "$.standard", "invalid base64"),
        ('"urlSafe":"AH+A"', "$.urlSafe", "invalid base64url"),
        ('"hex":"abc"', "$.hex", "length 3 is odd"),
        ('"hex":"zz"', "$.hex", "invalid base16"),
        ('"hex":"00 11"', "$.hex", "invalid base16"),
        (
            '"signed":[1,128]',
            "$.signed[1]",
            "expected an integer in [-128, 127], got the integer 128",
        ),
        ('"signed":[-129]', "$.signed[0]", "got the integer -129"),
        ('"signed":[null]', "$.signed[0]", "got null"),
        ('"signed":[true]', "$.signed[0]", "got true"),
        (
            '"unsigned":[0,256]',
            "$.unsigned[1]",
            "expected an integer in [0, 255], got the integer 256",
        ),
        ('"unsigned":[-1]', "$.unsigned[0]", "got the integer -1"),
        (
            '"chunks":["AQ==",7]',
            "$.chunks[1]",
            "expected base64 text, got the integer 7",
        ),
    ],
)
def test_byte_array_rejections(member_text: str, path: str, message: str) -> None:
    text = blobs().to_json()
    name = member_text.split(":", 1)[0]
    text = text.replace(member(text, name.strip('"')), member_text)
    with pytest.raises(DecodeError) as raised:
        t.Blobs.from_json(text)
    assert raised.value.path == path
    assert message in raised.value.message


def test_nullable_bytes_accept_null_and_non_bytes_are_encode_errors() -> None:
    assert t.Blobs.from_json(blobs().to_json()).optional is None
    with pytest.raises(EncodeError) as raised:
        blobs(hex="00ff").to_json()
    assert raised.value.path == "$.hex"
    assert raised.value.message == "expected bytes, got the string '00ff'"


# ------------------------------------------------------------------ numbers


def test_integer_bounds_are_exact() -> None:
    value = numbers(
        tiny=-128,
        small=-32768,
        medium=-(2**31),
        large=-(2**63),
        byte=255,
        word=65535,
        dword=2**32 - 1,
        qword=2**64 - 1,
        unbounded=-(10**39),
    )
    text = value.to_json()
    assert '"large":-9223372036854775808' in text
    assert '"qword":18446744073709551615' in text
    assert '"unbounded":-1000000000000000000000000000000000000000' in text
    assert t.Numbers.from_json(text) == value


@pytest.mark.parametrize(
    ("field", "json_name", "bad", "kind"),
    [
        ("tiny", "tiny", 128, "int8"),
        ("small", "small", -32769, "int16"),
        ("medium", "medium", 2**31, "int32"),
        ("large", "large", 2**63, "int64"),
        ("byte", "byte", -1, "uint8"),
        ("word", "word", 65536, "uint16"),
        ("dword", "dword", 2**32, "uint32"),
        ("qword", "qword", 2**64, "uint64"),
    ],
)
def test_integer_ranges_both_ways(
    field: str, json_name: str, bad: int, kind: str
) -> None:
    with pytest.raises(EncodeError) as encoding:
        numbers(**{field: bad}).to_json()
    assert encoding.value.path == f"$.{json_name}"
    assert encoding.value.message == f"expected {kind}, got the integer {bad}"
    text = numbers().to_json().replace(f'"{json_name}":0', f'"{json_name}":{bad}')
    with pytest.raises(DecodeError) as decoding:
        t.Numbers.from_json(text)
    assert decoding.value.path == f"$.{json_name}"
    assert decoding.value.message == f"expected {kind}, got the integer {bad}"


@pytest.mark.parametrize("bad", ["1.5", "1e3", "true", '"1"', "1.0"])
def test_integers_reject_other_json_kinds(bad: str) -> None:
    text = numbers().to_json().replace('"medium":0', f'"medium":{bad}')
    with pytest.raises(DecodeError) as raised:
        t.Numbers.from_json(text)
    assert raised.value.path == "$.medium"


def test_bool_is_not_an_integer_on_encode() -> None:
    with pytest.raises(EncodeError, match="expected int, got true"):
        numbers(unbounded=True).to_json()


def test_unbounded_integers_up_to_the_number_limit() -> None:
    big = 10**9_998
    text = numbers(unbounded=big).to_json()
    assert t.Numbers.from_json(text).unbounded == big
    with pytest.raises(EncodeError) as raised:
        numbers(unbounded=10**10_000).to_json()
    assert raised.value.path == "$.unbounded"
    assert "exceeds the limit of 10000" in raised.value.message


def test_floats_shortest_text_negative_zero_and_specials() -> None:
    for value, text in [
        (0.1, "0.1"),
        (-0.0, "-0.0"),
        (5e-324, "5e-324"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (float("nan"), '"NaN"'),
        (float("inf"), '"Infinity"'),
        (float("-inf"), '"-Infinity"'),
    ]:
        encoded = numbers(ratio=value).to_json()
        assert member(encoded, "ratio") == f'"ratio":{text}'
        decoded = t.Numbers.from_json(encoded).ratio
        assert repr(decoded) == repr(value)


@pytest.mark.parametrize(
    "bad", ['"nan"', '"Inf"', '"infinity"', '"-NaN"', '"1.5"', "null", "[]"]
)
def test_float_special_strings_are_exact(bad: str) -> None:
    text = numbers().to_json().replace('"ratio":0.0', f'"ratio":{bad}')
    with pytest.raises(DecodeError) as raised:
        t.Numbers.from_json(text)
    assert raised.value.path == "$.ratio"


def test_integers_are_accepted_for_floats() -> None:
    text = numbers().to_json().replace('"ratio":0.0', '"ratio":12')
    decoded = t.Numbers.from_json(text).ratio
    assert decoded == 12.0 and type(decoded) is float


def test_float32_rounds_to_nearest_and_checks_range() -> None:
    encoded = numbers(single=0.1).to_json()
    assert member(encoded, "single") == '"single":0.1'
    assert t.Numbers.from_json(encoded).single == 0.10000000149011612
    assert (
        member(numbers(single=16777217.0).to_json(), "single") == '"single":16777216.0'
    )
    with pytest.raises(EncodeError) as raised:
        numbers(single=1e39).to_json()
    assert raised.value.path == "$.single"
    text = numbers().to_json().replace('"single":0.0', '"single":3.5e38')
    with pytest.raises(DecodeError) as decoding:
        t.Numbers.from_json(text)
    assert decoding.value.path == "$.single"


def test_decimals_are_exact_while_floats_stay_floats() -> None:
    text = numbers().to_json()
    text = text.replace('"ratio":0.0', '"ratio":0.30000000000000000001')
    text = text.replace('"price":0', '"price":0.30000000000000000001')
    decoded = t.Numbers.from_json(text)
    assert decoded.price == Decimal("0.30000000000000000001")
    assert str(decoded.price) == "0.30000000000000000001"
    assert decoded.ratio == 0.3 and type(decoded.ratio) is float
    assert t.Numbers.from_json(text.encode()).price == decoded.price


@pytest.mark.parametrize(
    ("price", "written"),
    [
        ("1.50", "1.50"),
        ("-0.00", "-0.00"),
        ("1E+3", "1E+3"),
        ("123456789012345678901234567890.5", "123456789012345678901234567890.5"),
    ],
)
def test_decimal_text_is_kept(price: str, written: str) -> None:
    value = numbers(price=Decimal(price), quoted_price=Decimal(price))
    text = value.to_json()
    assert f'"price":{written},' in text
    assert f'"quotedPrice":"{written}"' in text
    decoded = t.Numbers.from_json(text)
    assert str(decoded.price) == str(decoded.quoted_price) == price


def test_decimal_integer_zero_loses_only_its_sign() -> None:
    # JSON's -0 is an integer token; it reads as Decimal("0"), which equals Decimal("-0").
    decoded = t.Numbers.from_json(numbers(price=Decimal("-0")).to_json())
    assert decoded.price == Decimal("-0") and str(decoded.price) == "0"


def test_decimal_rejections() -> None:
    with pytest.raises(EncodeError, match="decimals must be finite"):
        numbers(price=Decimal("NaN")).to_json()
    with pytest.raises(EncodeError) as raised:
        numbers(price=1.5).to_json()
    assert raised.value.path == "$.price"
    for bad, path in [
        ('"price":"1.5"', "$.price"),
        ('"quotedPrice":1.5', "$.quotedPrice"),
        ('"quotedPrice":"01.5"', "$.quotedPrice"),
        ('"price":1e99999999', "$.price"),
    ]:
        text = numbers().to_json()
        name = bad.split(":")[0].strip('"')
        text = text.replace(member(text, name), bad)
        with pytest.raises(DecodeError) as decoding:
            t.Numbers.from_json(text)
        assert decoding.value.path == path


# ------------------------------------------------------------------ text and ids


def text_value(**changes: Any) -> t.Text:
    values: dict[str, Any] = {
        "text": "x",
        "initial": "J",
        "id": uuid.UUID("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"),
        "color": t.Color.RED,
    }
    values.update(changes)
    return t.Text(**values)


def test_char_and_uuid_forms() -> None:
    text = text_value(initial="\u20ac").to_json()
    assert '"id":"0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"' in text
    upper = text.replace(
        "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"
    )
    assert t.Text.from_json(upper) == text_value(initial="\u20ac")
    # As Java's char: one UTF-16 code unit, so nothing beyond U+FFFF.
    with pytest.raises(EncodeError, match=r"char \(one character of the Basic"):
        text_value(initial="\U0001f600").to_json()
    emoji = text.replace('"initial":"\u20ac"', '"initial":"\\ud83d\\ude00"')
    with pytest.raises(DecodeError) as raised:
        t.Text.from_json(emoji)
    assert raised.value.path == "$.initial"


@pytest.mark.parametrize(
    ("old", "new", "path"),
    [
        ('"initial":"J"', '"initial":"JK"', "$.initial"),
        ('"initial":"J"', '"initial":""', "$.initial"),
        (
            '"id":"0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"',
            '"id":"0f1e2d3c4b5a69788796a5b4c3d2e1f0"',
            "$.id",
        ),
        (
            '"id":"0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"',
            '"id":"{0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0}"',
            "$.id",
        ),
        ('"color":"RED"', '"color":"red"', "$.color"),
    ],
)
def test_text_rejections(old: str, new: str, path: str) -> None:
    text = text_value().to_json()
    assert old in text
    with pytest.raises(DecodeError) as raised:
        t.Text.from_json(text.replace(old, new))
    assert raised.value.path == path


def test_char_and_uuid_encode_errors() -> None:
    with pytest.raises(EncodeError) as raised:
        text_value(initial="ab").to_json()
    assert raised.value.path == "$.initial"
    with pytest.raises(EncodeError) as raised:
        text_value(id="0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0").to_json()
    assert raised.value.path == "$.id"


# ------------------------------------------------------------------ dates and times


def test_time_forms() -> None:
    text = times().to_json()
    expected = {
        "day": '"2026-06-21"',
        "clock": '"01:02:03"',
        "moment": '"2026-06-21T01:02:03Z"',
        "local": '"2026-06-21T01:02:03"',
        "elapsed": '"PT1H1M1.123S"',
        "createdMillis": "1782003723000",
        "createdSeconds": "1782003723",
        "birthday": '"31/12/1999"',
        "opening": '"08:30"',
        "logged": '"2026-01-02 03:04:05"',
        "stamped": '"2024-02-03T04:05:06.123+08:00"',
        "holidays": '["25/12/2026"]',
        "deadlines": '{"q3":1782003723000}',
    }
    for name, written in expected.items():
        assert member(text, name) == f'"{name}":{written}'
    assert t.Times.from_json(text) == times()


def test_durations_in_iso_8601() -> None:
    assert (
        member(times(elapsed=dt.timedelta(days=2, hours=3)).to_json(), "elapsed")
        == '"elapsed":"PT51H"'
    )
    text = times().to_json().replace('"PT1H1M1.123S"', '"P2DT3H"')
    assert t.Times.from_json(text).elapsed == dt.timedelta(days=2, hours=3)


@pytest.mark.parametrize(
    ("name", "bad"),
    [
        ("day", '"2026-02-30"'),
        ("day", '"20260621"'),
        ("day", '"2026-W25-7"'),
        ("day", "20260621"),
        ("clock", '"25:00"'),
        ("clock", '"01:02:03.0000001"'),
        ("moment", '"2026-06-21T01:02:03"'),
        ("moment", '"2026-06-21 01:02:03Z"'),
        ("local", '"2026-06-21T01:02:03Z"'),
        ("elapsed", '"1 hour"'),
        ("elapsed", '"P"'),
        ("createdMillis", "1.5"),
        ("createdMillis", '"1782003723000"'),
        ("createdSeconds", "true"),
        ("birthday", '"1999-12-31"'),
        ("birthday", '"31/02/1999"'),
        ("opening", '"8:30"'),
        ("logged", '"2026-01-02T03:04:05"'),
        ("stamped", '"2024-02-03T04:05:06+08:00"'),
        ("holidays", '["25.12.2026"]'),
        ("deadlines", '{"q3":"soon"}'),
    ],
)
def test_time_rejections_name_the_path(name: str, bad: str) -> None:
    text = times().to_json()
    text = text.replace(member(text, name), f'"{name}":{bad}')
    with pytest.raises(DecodeError) as raised:
        t.Times.from_json(text)
    assert raised.value.path.startswith(f"$.{name}")


def test_time_encode_errors() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"moment": dt.datetime(2026, 1, 1)}, "$.moment"),
        ({"local": dt.datetime(2026, 1, 1, tzinfo=UTC)}, "$.local"),
        ({"day": dt.datetime(2026, 1, 1)}, "$.day"),
        ({"created_millis": dt.datetime(2026, 1, 1)}, "$.createdMillis"),
        ({"birthday": "31/12/1999"}, "$.birthday"),
        ({"holidays": [dt.date(2026, 1, 1), None]}, "$.holidays[1]"),
    ]
    for changes, path in cases:
        with pytest.raises(EncodeError) as raised:
            times(**changes).to_json()
        assert raised.value.path == path


def test_epoch_millis_drop_sub_millisecond_parts_like_java() -> None:
    moment = dt.datetime(2026, 6, 21, 1, 2, 3, 999999, tzinfo=UTC)
    text = times(created_millis=moment).to_json()
    assert member(text, "createdMillis") == '"createdMillis":1782003723999'


# ------------------------------------------------------------------ containers


def containers(**changes: Any) -> t.Containers:
    values: dict[str, Any] = {
        "tags": set(),
        "codes": set(),
        "pair": ("", 0),
        "coordinates": (),
        "by_id": {},
        "by_color": {},
        "by_uuid": {},
        "nested": [],
    }
    values.update(changes)
    return t.Containers(**values)


def test_container_forms() -> None:
    value = containers(
        tags={"pear", "apple", "fig"},
        codes={10, -2, 3},
        pair=("x", -(2**63)),
        coordinates=(1.5, -0.0),
        by_id={7: "seven", -1: "minus"},
        by_color={t.Color.BLUE: [1, 255]},
        by_uuid={uuid.UUID(int=1): dt.date(2020, 2, 29)},
        nested=[{"a": (-128, True), "b": None}, {}],
    )
    text = value.to_json()
    assert member(text, "tags") == '"tags":["apple","fig","pear"]'
    assert member(text, "codes") == '"codes":[-2,10,3]'  # sorted by JSON text
    assert member(text, "pair") == '"pair":["x",-9223372036854775808]'
    assert member(text, "coordinates") == '"coordinates":[1.5,-0.0]'
    assert member(text, "byId") == '"byId":{"7":"seven","-1":"minus"}'
    assert member(text, "byColor") == '"byColor":{"BLUE":[1,255]}'
    assert (
        member(text, "byUuid")
        == '"byUuid":{"00000000-0000-0000-0000-000000000001":"2020-02-29"}'
    )
    assert member(text, "nested") == '"nested":[{"a":[-128,true],"b":null},{}]'
    decoded = t.Containers.from_json(text)
    assert decoded == value
    assert type(decoded.pair) is tuple and type(decoded.tags) is set


def test_set_order_does_not_depend_on_the_hash_seed() -> None:
    script = (
        "from generated import types as t\n"
        "v = t.Containers(tags={'k%d' % i for i in range(50)}, codes=set(), pair=('', 0),"
        " coordinates=(), by_id={}, by_color={}, by_uuid={}, nested=[])\n"
        "print(v.to_json())\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            cwd=REPOSITORY,
            capture_output=True,
            text=True,
            env={
                "PYTHONHASHSEED": seed,
                "PYTHONPATH": f"{REPOSITORY}:{REPOSITORY / 'generator'}",
            },
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outputs) == 1


@pytest.mark.parametrize(
    ("name", "bad", "path"),
    [
        ("pair", '["x"]', "$.pair"),
        ("pair", '["x",1,2]', "$.pair"),
        ("pair", '["x","1"]', "$.pair[1]"),
        ("coordinates", '{"a":1}', "$.coordinates"),
        ("coordinates", '[1,"x"]', "$.coordinates[1]"),
        ("tags", '["a",1]', "$.tags"),
        ("byId", '{"01":"x"}', "$.byId['01']"),
        ("byId", '{"9223372036854775808":"x"}', "$.byId['9223372036854775808']"),
        ("byId", '{" 1":"x"}', "$.byId[' 1']"),
        ("byColor", '{"PINK":[]}', "$.byColor.PINK"),
        ("byColor", '{"RED":[256]}', "$.byColor.RED[0]"),
        ("byUuid", '{"nope":"2020-01-01"}', "$.byUuid.nope"),
        ("nested", '[{"a":[1]}]', "$.nested[0].a"),
    ],
)
def test_container_rejections(name: str, bad: str, path: str) -> None:
    text = containers().to_json()
    text = text.replace(member(text, name), f'"{name}":{bad}')
    with pytest.raises(DecodeError) as raised:
        t.Containers.from_json(text)
    assert raised.value.path == path


def test_container_encode_errors() -> None:
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"tags": ["a"]}, "$.tags", "expected set[str], got an array"),
        ({"pair": ("x",)}, "$.pair", "expected tuple[str, int64]"),
        ({"pair": ["x", 1]}, "$.pair", "expected tuple[str, int64]"),
        (
            {"by_id": {"1": "x"}},
            "$.byId['1']",
            "expected an int64 key, got the string '1'",
        ),
        ({"by_color": {"RED": []}}, "$.byColor.RED", "expected a Color key"),
        (
            {"by_uuid": {None: dt.date(2020, 1, 1)}},
            "$.byUuid.None",
            "expected a uuid key, got null",
        ),
    ]
    for changes, path, message in cases:
        with pytest.raises(EncodeError) as raised:
            containers(**changes).to_json()
        assert raised.value.path == path
        assert message in raised.value.message


# ------------------------------------------------------------------ any


def test_any_values_round_trip_exactly() -> None:
    payload = {"big": 10**40, "list": [1, 2.5, None, True, "s", {"x": []}], "neg": -0.0}
    value = t.Dynamic(payload=payload, extras={"a": [1, {"b": "c"}], "n": None})
    text = value.to_json()
    assert member(text, "payload") == (
        '"payload":{"big":10000000000000000000000000000000000000000,'
        '"list":[1,2.5,null,true,"s",{"x":[]}],"neg":-0.0}'
    )
    assert t.Dynamic.from_json(text) == value


def test_any_rejects_values_json_cannot_hold() -> None:
    with pytest.raises(EncodeError) as raised:
        t.Dynamic(payload={"ok": [1, {2, 3}]}, extras={}).to_json()
    assert raised.value.path == "$.payload.ok[1]"
    with pytest.raises(EncodeError) as raised:
        t.Dynamic(payload={1: 2}, extras={}).to_json()
    assert raised.value.path == "$.payload['1']"


# ------------------------------------------------------------------ defaults and policies


def test_non_default_leaves_out_defaults_and_reads_them_back() -> None:
    value = t.Defaults(zero=0.0, empty=b"")
    assert value.to_json() == "{}"
    assert t.Defaults.from_json("{}") == value
    changed = t.Defaults(
        zero=-0.0,
        empty=b"\x00",
        price=Decimal("9.9"),
        moment=dt.datetime(2026, 6, 20, 17, 2, 3, tzinfo=UTC),
        tags={"a"},
        pair=(1,),
    )
    text = changed.to_json()
    assert text == (
        '{"price":9.9,"moment":"2026-06-20T17:02:03Z","tags":["a"],"pair":[1],'
        '"zero":-0.0,"empty":"AA=="}'
    )
    decoded = t.Defaults.from_json(text)
    assert decoded == changed
    assert str(decoded.price) == "9.9" and decoded.moment.utcoffset() == dt.timedelta(0)
