"""Dates, date-times, UUIDs and decimals in the compiled decoders: the common forms
are made in C, every other value goes to the runtime function the Python decoder
calls, so a compiled decoder reads exactly the documents the Python decoder reads,
to the same values, and refuses the same (by giving up, for the Python decoder to
raise).

The package is the one ``tests/native_support.py`` builds; without a C compiler or
Python's headers these tests skip.
"""

from __future__ import annotations

import base64
import importlib
import json
import sys
import uuid
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from foryjson import DecodeError
from tests.native_support import PACKAGE, check_decode, pure_decode

SETTINGS = settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def _kitchen() -> Any:
    return importlib.import_module(f"{PACKAGE}.kitchen")


def _two(low: int, high: int) -> st.SearchStrategy[str]:
    return st.integers(low, high).map(lambda n: f"{n:02d}")


#: Dates near and past the calendar's edges: month 00 to 13, day 00 to 32, years
#: 0000 to 9999, leap days of leap and common years.
DATES = st.builds(
    lambda y, m, d: f"{y:04d}-{m}-{d}",
    st.integers(0, 9999) | st.sampled_from([1900, 2000, 2023, 2024, 9999, 1]),
    _two(0, 13),
    _two(0, 32),
)
TIMES = st.builds(lambda h, m, s: f"{h}:{m}:{s}", _two(0, 24), _two(0, 60), _two(0, 60))
FRACTIONS = st.just("") | st.text("0123456789", min_size=0, max_size=10).map(
    lambda digits: "." + digits
)
OFFSETS = st.sampled_from(
    ["Z", "z", "+00:00", "-00:00", "+05:30", "-18:00", "+18:01", "+00:00:00", "", "Zz"]
)
DATETIMES = st.builds(
    lambda day, t, time, fraction, offset: f"{day}{t}{time}{fraction}{offset}",
    DATES,
    st.sampled_from(["T", "t", " "]),
    TIMES,
    FRACTIONS,
    OFFSETS,
)


def _document(
    at: str, day: str | None, id_: str | None = None, amount: str = "null"
) -> bytes:
    members = json.dumps({"at": at, "day": day, "id": id_})[:-1]
    return f'{members}, "amount": {amount}}}'.encode()


def _same_scalars(native: Any, pure: Any) -> None:
    """What the objects' equality does not tell: a decimal's digits, a UUID's
    is_safe."""
    assert str(native.amount) == str(pure.amount)
    assert type(native.id) is type(pure.id)
    if native.id is not None:
        assert native.id.int == pure.id.int and native.id.is_safe is pure.id.is_safe


@SETTINGS
@given(at=DATETIMES, day=st.none() | DATES)
@example(at="2024-02-29T23:59:59.999999Z", day="2024-02-29")
@example(at="2023-02-29T00:00:00Z", day="2023-02-29")
@example(at="0001-01-01T00:00:00.1+00:00", day="0001-01-01")
@example(at="9999-12-31T23:59:59.0000009Z", day="0000-01-01")
@example(at="2020-01-01T00:00:00.Z", day=None)
def test_date_times_read_as_python_reads_them(
    native_package: Path, at: str, day: str | None
) -> None:
    kitchen = _kitchen()
    document = _document(at, day)
    native = check_decode(kitchen, "Moment", document)
    # A string the C code does not make goes to the Python function: the compiled
    # decoder gives up only where the Python decoder refuses.
    accepted = not isinstance(pure_decode(kitchen, "Moment", document), DecodeError)
    assert (native is not None) is accepted


def test_the_common_forms_are_made_in_utc(native_package: Path) -> None:
    kitchen = _kitchen()
    moment = kitchen._native_read_Moment(
        b'{"at":"2024-02-29t01:02:03.45-00:00","day":"2024-02-29"}'
    )
    assert type(moment.at) is datetime and type(moment.day) is date
    assert moment.at == datetime(2024, 2, 29, 1, 2, 3, 450000, tzinfo=timezone.utc)
    assert moment.at.tzinfo is timezone.utc
    escaped = kitchen._native_read_Moment(b'{"at":"2024-01-01T00:00:00\\u005a"}')
    assert escaped.at == datetime(2024, 1, 1, tzinfo=timezone.utc)
    offset = kitchen._native_read_Moment(b'{"at":"2024-01-01T00:00:00+05:30"}')
    assert offset.at.utcoffset().total_seconds() == 5.5 * 3600


def test_wrong_json_types_give_up(native_package: Path) -> None:
    kitchen = _kitchen()
    for document in (b'{"at":20240101}', b'{"at":null}', b'{"at":"x","day":1}'):
        assert check_decode(kitchen, "Moment", document) is None


def test_reading_dates_keeps_references_flat(native_package: Path) -> None:
    kitchen = _kitchen()
    documents = [
        _document("2024-01-01T00:00:00Z", "2024-01-01"),
        _document("2024-01-01T00:00:00+01:00", None),
        _document("2024-13-01T00:00:00Z", None),
    ]
    for document in documents:
        kitchen._native_read_Moment(document)
    before = sys.getrefcount(timezone.utc)
    for _ in range(20_000):
        for document in documents:
            kitchen._native_read_Moment(document)
    # A leak would be one reference per decode; a cache may keep a few.
    assert sys.getrefcount(timezone.utc) - before < 10


HEX = "0123456789abcdefABCDEF"
UUIDS = (
    st.uuids().map(str)
    | st.uuids().map(lambda u: str(u).upper())
    | st.text(HEX + "-g{} ", min_size=30, max_size=40)
    | st.builds(
        lambda u, i, c: str(u)[:i] + c + str(u)[i + 1 :],
        st.uuids(),
        st.integers(0, 35),
        st.sampled_from("-gG0 xA\u00e9"),
    )
)
NUMBERS = st.one_of(
    st.decimals(allow_nan=False, allow_infinity=False).map(str),
    st.from_regex(
        r"-?(0|[1-9][0-9]{0,120})(\.[0-9]{1,120})?([eE][+-]?[0-9]{1,8})?",
        fullmatch=True,
    ),
    st.sampled_from(["-0", "-0.0", "0.10", "1e5", "1E-7", "100", '"1.5"', "true"]),
)


@SETTINGS
@given(id_=st.none() | UUIDS, amount=st.just("null") | NUMBERS)
@example(id_="00000000-0000-0000-0000-000000000000", amount="0.000")
@example(id_="FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", amount="-0.0")
@example(id_="{12345678-1234-5678-1234-567812345678}", amount="1" + "0" * 99 + ".5")
@example(id_="urn:uuid:12345678-1234-5678-1234-567812345678", amount="1.5e3")
def test_uuids_and_decimals_read_as_python_reads_them(
    native_package: Path, id_: str | None, amount: str
) -> None:
    kitchen = _kitchen()
    document = _document("2024-01-01T00:00:00Z", None, id_, amount)
    native = check_decode(kitchen, "Moment", document)
    pure = pure_decode(kitchen, "Moment", document)
    assert (native is not None) is (not isinstance(pure, DecodeError))
    if native is not None:
        _same_scalars(native, pure)


def test_uuids_and_decimals_are_made_as_python_makes_them(native_package: Path) -> None:
    kitchen = _kitchen()
    text = "12345678-9ABC-def0-1234-56789abcdef0"
    moment = kitchen._native_read_Moment(
        _document("2024-01-01T00:00:00Z", None, text, "-0.10")
    )
    assert type(moment.id) is uuid.UUID and moment.id == uuid.UUID(text)
    assert moment.id.is_safe is uuid.SafeUUID.unknown
    assert type(moment.amount) is Decimal and str(moment.amount) == "-0.10"
    before = sys.getrefcount(uuid.SafeUUID.unknown)
    for _ in range(20_000):
        kitchen._native_read_Moment(
            _document("2024-01-01T00:00:00Z", None, text, "2.5")
        )
    assert sys.getrefcount(uuid.SafeUUID.unknown) - before < 10


def _amount(kitchen: Any, text: str) -> Decimal:
    moment = kitchen._native_read_Moment(
        _document("2024-01-01T00:00:00Z", None, None, text)
    )
    assert type(moment.amount) is Decimal
    amount: Decimal = moment.amount
    return amount


def test_decimals_read_again_keep_their_own_digits(native_package: Path) -> None:
    # Short decimals are kept in a table of 512 slots: 6,000 texts (with signs,
    # zeros and places that make equal values of other digits) fill every slot
    # many times over; each reading, first and later, still has its text's digits.
    kitchen = _kitchen()
    texts = [
        f"{sign}{whole}.{fraction}"
        for sign in ("", "-")
        for whole in ("0", "1", "10", "12345678901234567")
        for fraction in ("0", "00", "5", "50", "0001")
    ]
    texts += [f"{n // 100}.{n % 100:02d}" for n in range(6_000)]
    for _ in range(3):
        for text in texts:
            amount = _amount(kitchen, text)
            assert str(amount) == text


def test_reading_the_same_decimal_keeps_references_flat(native_package: Path) -> None:
    kitchen = _kitchen()
    first = _amount(kitchen, "19.99")
    before = sys.getrefcount(first)
    for _ in range(20_000):
        assert _amount(kitchen, "19.99") == first
        _amount(kitchen, "-0.00")
    # The table may keep the object it made; a leak would be one per reading.
    assert sys.getrefcount(first) - before < 10


BASE64 = st.one_of(
    st.binary(max_size=40).map(lambda b: base64.b64encode(b).decode()),
    st.binary(max_size=40).map(lambda b: base64.urlsafe_b64encode(b).decode()),
    st.text("ABCab+/=-_ \n", max_size=12),
    st.builds(
        lambda b, i, c: (lambda t: t[:i] + c + t[i + 1 :])(
            base64.b64encode(b).decode()
        ),
        st.binary(min_size=1, max_size=12),
        st.integers(0, 16),
        st.sampled_from("=A/+-_ \u00e9"),
    ),
)
BASE16 = st.one_of(
    st.binary(max_size=40).map(bytes.hex),
    st.binary(max_size=40).map(lambda b: b.hex().upper()),
    st.text("0123456789abcdefABCDEFgG ", max_size=9),
)


@SETTINGS
@given(blob=st.none() | BASE64, hex_=st.none() | BASE16)
@example(blob="", hex_="")
@example(blob="AR==", hex_="0")
@example(blob="AQID=", hex_="zz")
@example(blob="====", hex_=None)
@example(blob="AQ=A", hex_=None)
def test_bytes_read_as_python_reads_them(
    native_package: Path, blob: str | None, hex_: str | None
) -> None:
    kitchen = _kitchen()
    document = json.dumps(
        {"at": "2024-01-01T00:00:00Z", "blob": blob, "hex": hex_}
    ).encode()
    native = check_decode(kitchen, "Moment", document)
    pure = pure_decode(kitchen, "Moment", document)
    assert (native is not None) is (not isinstance(pure, DecodeError))
    if native is not None:
        assert type(native.blob) is type(pure.blob) and native.blob == pure.blob
        assert type(native.hex) is type(pure.hex) and native.hex == pure.hex


#: JSON texts around arrays of bytes: integers in and out of both ranges, and the
#: values and spellings neither reader takes as a byte.
BYTE_ITEMS = st.one_of(
    st.integers(-130, 260).map(str),
    st.sampled_from(
        ["-0", "01", "-01", "1.0", "1e1", "0E0", "true", "false", "null", '"1"', "[]"]
    ),
    st.sampled_from(["-", "--1", "+1", "0x1", "1000", "-1000", "255 ", " -128"]),
)
BYTE_ARRAYS = st.one_of(
    st.lists(st.integers(-128, 255), max_size=70).map(
        lambda items: json.dumps(items, separators=(",", ":"))
    ),
    st.lists(BYTE_ITEMS, max_size=8).map(lambda items: "[" + ",".join(items) + "]"),
    st.sampled_from(
        ["[", "[1", "[1,", "[,1]", "[1,]", "[ ]", "[\n1 ,\t2 ]", "{}", '""']
    ),
)


def _moments(**members: str) -> tuple[Any, Any]:
    """A kitchen Moment document with these members' JSON texts, read by the compiled
    decoder (None where it gives up) and by the Python one (its DecodeError where it
    refuses); the compiled decoder gives up exactly where the Python one refuses."""
    kitchen = _kitchen()
    fields = "".join(f", {json.dumps(name)}: {text}" for name, text in members.items())
    document = f'{{"at": "2024-01-01T00:00:00Z"{fields}}}'.encode()
    native = check_decode(kitchen, "Moment", document)
    pure = pure_decode(kitchen, "Moment", document)
    assert (native is not None) is (not isinstance(pure, DecodeError))
    return native, pure


@SETTINGS
@given(signed=st.none().map(lambda _: "null") | BYTE_ARRAYS, unsigned=BYTE_ARRAYS)
@example(signed="[0,127,-128,-1]", unsigned="[0,127,128,255]")
@example(signed="[-129]", unsigned="[256]")
@example(signed="[128]", unsigned="[-1]")
@example(signed="[-0]", unsigned="[-0]")
@example(signed="[true]", unsigned="[false]")
def test_byte_arrays_read_as_python_reads_them(
    native_package: Path, signed: str, unsigned: str
) -> None:
    native, pure = _moments(signed=signed, unsigned=unsigned)
    if native is not None:
        assert type(native.signed) is type(pure.signed)
        assert native.signed == pure.signed
        assert type(native.unsigned) is bytes and native.unsigned == pure.unsigned


def test_long_byte_arrays_grow_their_bytes(native_package: Path) -> None:
    kitchen = _kitchen()
    raw = bytes(i & 0xFF for i in range(1, 4100))
    signed = json.dumps(list(memoryview(raw).cast("b")))
    document = f'{{"at": "2024-01-01T00:00:00Z", "signed": {signed}, "unsigned": []}}'
    moment = kitchen._native_read_Moment(document.encode())
    assert moment.signed == raw and moment.unsigned == b""


MIN_SECONDS, MAX_SECONDS = -62_135_596_800, 253_402_300_799
#: Epoch counts across datetime's range and just past it, and JSON values that are
#: no such count.
EPOCH_COUNTS = st.one_of(
    st.integers(MIN_SECONDS * 1000 - 2, MAX_SECONDS * 1000 + 1001).map(str),
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from(
        [
            str(MIN_SECONDS * 1000),
            str(MAX_SECONDS * 1000 + 999),
            str(MIN_SECONDS),
            str(MAX_SECONDS),
            str(MAX_SECONDS + 1),
            "-0",
            "0",
            "-1",
            "86399999",
            "1.0",
            "1e3",
            '"0"',
            "true",
            "null",
            "9223372036854775807",
            "-9223372036854775808",
            "99999999999999999999",
        ]
    ),
)


@SETTINGS
@given(millis=EPOCH_COUNTS, seconds=EPOCH_COUNTS)
def test_epoch_counts_read_as_python_reads_them(
    native_package: Path, millis: str, seconds: str
) -> None:
    native, pure = _moments(millis=millis, seconds=seconds)
    if native is not None:
        for name in ("millis", "seconds"):
            got, expected = getattr(native, name), getattr(pure, name)
            assert got == expected and type(got) is type(expected)
            assert got is None or got.tzinfo is expected.tzinfo is timezone.utc


def test_days_across_the_calendar_are_read_from_their_epoch_counts(
    native_package: Path,
) -> None:
    """Every day of the years around the calendar's edges and its century leap
    rules, and a day every five weeks or so between, at varying times of day."""
    kitchen = _kitchen()
    read = kitchen._native_read_Moment
    epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
    day = 86_400_000
    counts = list(range(MIN_SECONDS * 1000, MAX_SECONDS * 1000, day * 37 + 3_601_001))
    for year in (1, 1899, 1968, 1999, 2099, 9997):
        start = datetime(year, 1, 1, tzinfo=timezone.utc) - epoch
        first = start // timedelta(milliseconds=1)
        counts += range(first + 999, first + 2 * 366 * day, day + 1)
    for count in counts:
        document = f'{{"at": "2024-01-01T00:00:00Z", "millis": {count}}}'.encode()
        assert read(document).millis == epoch + timedelta(milliseconds=count)
