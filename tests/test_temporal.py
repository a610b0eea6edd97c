"""java.time's JSON forms: exact writer output, strict readers, and round trips."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from foryjson import temporal
from foryjson.errors import DecodeError, EncodeError
from foryjson.temporal import (
    read_date,
    read_datetime,
    read_duration,
    read_epoch_millis,
    read_epoch_seconds,
    read_local_datetime,
    read_time,
    write_date,
    write_datetime,
    write_duration,
    write_epoch_millis,
    write_epoch_seconds,
    write_local_datetime,
    write_time,
)

UTC = timezone.utc


def offset(hours: int = 0, minutes: int = 0, seconds: int = 0) -> timezone:
    sign = -1 if hours < 0 else 1
    return timezone(
        sign * timedelta(hours=abs(hours), minutes=minutes, seconds=seconds)
    )


class NoOffset(tzinfo):
    """A tzinfo that knows no offset: its datetimes count as naive in Python."""

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        return None

    def dst(self, dt: datetime | None) -> timedelta | None:
        return None

    def tzname(self, dt: datetime | None) -> str | None:
        return None


def decode_error(reader: Callable[[Any], object], data: object) -> str:
    with pytest.raises(DecodeError) as raised:
        reader(data)
    assert raised.value.path == "$"  # the runtime adds no path of its own
    return raised.value.message


def encode_error(writer: Callable[[object], str], value: object) -> str:
    with pytest.raises(EncodeError) as raised:
        writer(value)
    assert raised.value.path == "$"
    return raised.value.message


# --- the Java reference for Duration.toString ------------------------------------------


def java_div(a: int, b: int) -> int:
    """Java's ``/`` on longs: rounds toward zero."""
    quotient = abs(a) // abs(b)
    return quotient if (a < 0) == (b < 0) else -quotient


def java_rem(a: int, b: int) -> int:
    """Java's ``%`` on longs: takes the sign of the dividend."""
    return a - b * java_div(a, b)


def java_duration_to_string(seconds: int, nanos: int) -> str:
    """A line-by-line port of OpenJDK's ``Duration.toString()``.

    ``seconds`` is floored and ``0 <= nanos < 10**9``, as inside ``Duration``.
    """
    if seconds == 0 and nanos == 0:
        return "PT0S"
    effective_total_secs = seconds
    if seconds < 0 and nanos > 0:
        effective_total_secs += 1
    hours = java_div(effective_total_secs, 3600)
    minutes = java_div(java_rem(effective_total_secs, 3600), 60)
    secs = java_rem(effective_total_secs, 60)
    buf = "PT"
    if hours != 0:
        buf += f"{hours}H"
    if minutes != 0:
        buf += f"{minutes}M"
    if secs == 0 and nanos == 0 and len(buf) > 2:
        return buf
    if seconds < 0 and nanos > 0:
        buf += "-0" if secs == 0 else str(secs)
    else:
        buf += str(secs)
    if nanos > 0:
        pos = len(buf)
        buf += str(2 * 10**9 - nanos) if seconds < 0 else str(nanos + 10**9)
        buf = buf.rstrip("0")
        buf = buf[:pos] + "." + buf[pos + 1 :]
    return buf + "S"


def java_parts(value: timedelta) -> tuple[int, int]:
    """A timedelta as Java's ``Duration`` holds it: floored seconds and nanoseconds."""
    return value.days * 86400 + value.seconds, value.microseconds * 1000


# --- writers: exact output --------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (date(2026, 6, 21), '"2026-06-21"'),
        (date(1, 1, 1), '"0001-01-01"'),
        (date(999, 12, 31), '"0999-12-31"'),
        (date(9999, 12, 31), '"9999-12-31"'),
    ],
)
def test_write_date(value: date, text: str) -> None:
    assert write_date(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (time(1, 2, 3), '"01:02:03"'),
        (time(0, 0), '"00:00:00"'),
        (time(1, 2), '"01:02:00"'),
        (time(1, 2, 3, 500000), '"01:02:03.5"'),
        (time(1, 2, 3, 123000), '"01:02:03.123"'),
        (time(1, 2, 3, 123456), '"01:02:03.123456"'),
        (time(1, 2, 3, 1), '"01:02:03.000001"'),
        (time(23, 59, 59, 999999), '"23:59:59.999999"'),
    ],
)
def test_write_time(value: time, text: str) -> None:
    assert write_time(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (datetime(2026, 6, 21, 1, 2, 3, tzinfo=UTC), '"2026-06-21T01:02:03Z"'),
        (
            datetime(2024, 2, 3, 4, 5, 6, 123000, tzinfo=offset(8)),
            '"2024-02-03T04:05:06.123+08:00"',
        ),
        # In UTC as Fory writes an OffsetDateTime: seconds only when there are some,
        # or a fraction; the fraction in groups of three digits.
        (datetime(2026, 6, 21, 1, 2, tzinfo=UTC), '"2026-06-21T01:02Z"'),
        (datetime(2026, 6, 21, tzinfo=offset(0)), '"2026-06-21T00:00Z"'),
        (
            datetime(2026, 6, 21, 1, 2, 0, 500000, tzinfo=UTC),
            '"2026-06-21T01:02:00.500Z"',
        ),
        (
            datetime(2026, 6, 21, 1, 2, 3, 120, tzinfo=UTC),
            '"2026-06-21T01:02:03.000120Z"',
        ),
        (
            datetime(2026, 6, 21, 1, 2, 0, 500000, tzinfo=offset(1)),
            '"2026-06-21T01:02:00.5+01:00"',
        ),
        (
            datetime(2026, 6, 21, 1, 2, 3, 1, tzinfo=offset(-5, 30)),
            '"2026-06-21T01:02:03.000001-05:30"',
        ),
        (
            datetime(2026, 6, 21, 1, 2, 3, tzinfo=offset(5, 30, 15)),
            '"2026-06-21T01:02:03+05:30:15"',
        ),
        (
            datetime(2026, 6, 21, 1, 2, 3, tzinfo=timezone(-timedelta(seconds=1))),
            '"2026-06-21T01:02:03-00:00:01"',
        ),
        (datetime(1, 1, 1, tzinfo=offset(18)), '"0001-01-01T00:00:00+18:00"'),
        (
            datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=offset(-18)),
            '"9999-12-31T23:59:59.999999-18:00"',
        ),
    ],
)
def test_write_datetime(value: datetime, text: str) -> None:
    assert write_datetime(value) == text


def test_write_datetime_uses_the_offset_of_a_zone() -> None:
    class Fixed(tzinfo):
        def utcoffset(self, dt: datetime | None) -> timedelta:
            return timedelta(hours=-3)

        def dst(self, dt: datetime | None) -> timedelta:
            return timedelta(0)

        def tzname(self, dt: datetime | None) -> str:
            return "Fixed"

    value = datetime(2026, 1, 2, 3, 4, 5, tzinfo=Fixed())
    assert write_datetime(value) == '"2026-01-02T03:04:05-03:00"'


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (datetime(2026, 6, 21, 1, 2, 3), '"2026-06-21T01:02:03"'),
        (datetime(2026, 6, 21), '"2026-06-21T00:00:00"'),
        (datetime(2026, 6, 21, 1, 2, 3, 450000), '"2026-06-21T01:02:03.45"'),
        (datetime(1, 1, 1), '"0001-01-01T00:00:00"'),
        (datetime.max, '"9999-12-31T23:59:59.999999"'),
    ],
)
def test_write_local_datetime(value: datetime, text: str) -> None:
    assert write_local_datetime(value) == text


# What Java prints, derived step by step from Duration.toString() (see the port above):
# effectiveTotalSecs = seconds + 1 when negative with a fraction; hours, minutes and
# seconds by truncating division (each keeps the sign); the fraction of a negative
# duration is 10**9 - nanos, after "-0" when the whole seconds are zero.
DURATIONS = [
    (timedelta(0), "PT0S"),
    (timedelta(seconds=20.345), "PT20.345S"),
    (timedelta(minutes=15), "PT15M"),
    (timedelta(hours=10), "PT10H"),
    (timedelta(days=2), "PT48H"),
    (timedelta(hours=8, minutes=6, seconds=12.345), "PT8H6M12.345S"),
    (timedelta(hours=1, minutes=1, seconds=1.123), "PT1H1M1.123S"),
    (timedelta(hours=1, seconds=1), "PT1H1S"),
    (timedelta(hours=1, microseconds=1), "PT1H0.000001S"),
    (timedelta(microseconds=1), "PT0.000001S"),
    (timedelta(seconds=0.5), "PT0.5S"),
    # Negative: seconds=-1, nanos=500000000 -> effective 0 -> "-0" + ".5"
    (timedelta(seconds=-0.5), "PT-0.5S"),
    # seconds=-2, nanos=500000000 -> effective -1 -> "-1" + ".5"
    (timedelta(seconds=-1.5), "PT-1.5S"),
    # seconds=-61, nanos=0 -> minutes -1, seconds -1
    (timedelta(seconds=-61), "PT-1M-1S"),
    (timedelta(seconds=-60), "PT-1M"),
    (timedelta(hours=-6), "PT-6H"),
    (timedelta(hours=-6, minutes=3), "PT-5H-57M"),
    (timedelta(days=-2), "PT-48H"),
    # seconds=-3601, nanos=750000000 -> effective -3600 -> "-1H" then "-0.25S"
    (timedelta(seconds=-3600.25), "PT-1H-0.25S"),
    # seconds=-3662, nanos=999999000 -> effective -3661 -> "-1H-1M-1" + ".000001"
    (-timedelta(hours=1, minutes=1, seconds=1, microseconds=1), "PT-1H-1M-1.000001S"),
    (timedelta(microseconds=-1), "PT-0.000001S"),
    (timedelta(seconds=-59, microseconds=-999999), "PT-59.999999S"),
    (timedelta.min, "PT-23999999976H"),
    (timedelta.max, "PT23999999999H59M59.999999S"),
]


@pytest.mark.parametrize(("value", "text"), DURATIONS)
def test_write_duration(value: timedelta, text: str) -> None:
    assert write_duration(value) == f'"{text}"'
    assert java_duration_to_string(*java_parts(value)) == text


@settings(max_examples=500)
@given(st.timedeltas())
def test_write_duration_matches_java_to_string(value: timedelta) -> None:
    assert write_duration(value) == f'"{java_duration_to_string(*java_parts(value))}"'


@pytest.mark.parametrize(
    ("value", "millis", "seconds"),
    [
        (datetime(1970, 1, 1, tzinfo=UTC), "0", "0"),
        (datetime(2026, 6, 21, 1, 2, 3, tzinfo=UTC), "1782003723000", "1782003723"),
        (
            datetime(2026, 6, 21, 9, 2, 3, 456000, offset(8)),
            "1782003723456",
            "1782003723",
        ),
        # Floor, as Java's toEpochMilli and getEpochSecond: toward negative infinity.
        (datetime(1970, 1, 1, 0, 0, 0, 999, UTC), "0", "0"),
        (datetime(1969, 12, 31, 23, 59, 59, 999500, UTC), "-1", "-1"),
        (datetime(1969, 12, 31, 23, 59, 59, tzinfo=UTC), "-1000", "-1"),
        (datetime(1, 1, 1, tzinfo=UTC), "-62135596800000", "-62135596800"),
        (datetime.max.replace(tzinfo=UTC), "253402300799999", "253402300799"),
        # An instant before year 1 in UTC still has its count.
        (datetime(1, 1, 1, tzinfo=offset(1)), "-62135600400000", "-62135600400"),
    ],
)
def test_write_epoch(value: datetime, millis: str, seconds: str) -> None:
    assert write_epoch_millis(value) == millis
    assert write_epoch_seconds(value) == seconds


# --- writers: values of the wrong type ---------------------------------------------------


@pytest.mark.parametrize(
    ("writer", "value", "message"),
    [
        (
            write_date,
            datetime(2026, 6, 21),
            "expected date, got a datetime (a date-time is not a date;"
            " write value.date())",
        ),
        (write_date, "2026-06-21", "expected date, got the string '2026-06-21'"),
        (write_date, None, "expected date, got null"),
        (write_date, time(1, 2), "expected date, got a value of type time"),
        (
            write_time,
            datetime(2026, 6, 21),
            "expected time, got a value of type datetime",
        ),
        (
            write_time,
            time(1, 2, tzinfo=UTC),
            "expected a naive time, got a time with a tzinfo (a local time has no zone)",
        ),
        (
            write_time,
            time(1, 2, tzinfo=NoOffset()),
            "expected a naive time, got a time with a tzinfo (a local time has no zone)",
        ),
        (write_time, 3600, "expected time, got the integer 3600"),
        (
            write_datetime,
            datetime(2026, 6, 21),
            "expected a datetime with an offset, got a naive datetime",
        ),
        (
            write_datetime,
            datetime(2026, 6, 21, tzinfo=NoOffset()),
            "expected a datetime with an offset, got a naive datetime",
        ),
        (
            write_datetime,
            date(2026, 6, 21),
            "expected datetime, got a value of type date",
        ),
        (write_datetime, 0, "expected datetime, got the integer 0"),
        (
            write_datetime,
            datetime(2026, 6, 21, tzinfo=offset(18, 0, 1)),
            "offset +18:00:01 is outside the range -18:00..+18:00",
        ),
        (
            write_datetime,
            datetime(2026, 6, 21, tzinfo=offset(-23, 59)),
            "offset -23:59 is outside the range -18:00..+18:00",
        ),
        (
            write_datetime,
            datetime(2026, 6, 21, tzinfo=timezone(timedelta(microseconds=1))),
            "offset 0:00:00.000001 has a fraction of a second;"
            " Java offsets are whole seconds",
        ),
        (
            write_local_datetime,
            datetime(2026, 6, 21, tzinfo=UTC),
            "expected a naive datetime, got a datetime with a tzinfo"
            " (a local date-time has no zone)",
        ),
        (
            write_local_datetime,
            datetime(2026, 6, 21, tzinfo=NoOffset()),
            "expected a naive datetime, got a datetime with a tzinfo"
            " (a local date-time has no zone)",
        ),
        (
            write_local_datetime,
            date(2026, 6, 21),
            "expected datetime, got a value of type date",
        ),
        (write_duration, 1.5, "expected timedelta, got the number 1.5"),
        (write_duration, "PT1S", "expected timedelta, got the string 'PT1S'"),
        (write_duration, time(0, 1), "expected timedelta, got a value of type time"),
        (write_epoch_millis, 0, "expected datetime, got the integer 0"),
        (
            write_epoch_millis,
            date(2026, 6, 21),
            "expected datetime, got a value of type date",
        ),
        (
            write_epoch_millis,
            datetime(2026, 6, 21),
            "expected a datetime with an offset, got a naive datetime"
            " (an epoch count needs an instant)",
        ),
        (write_epoch_seconds, True, "expected datetime, got true"),
        (
            write_epoch_seconds,
            datetime(2026, 6, 21),
            "expected a datetime with an offset, got a naive datetime"
            " (an epoch count needs an instant)",
        ),
    ],
)
def test_writers_reject_values_of_the_wrong_type(
    writer: Callable[[object], str], value: object, message: str
) -> None:
    assert encode_error(writer, value) == message


def test_subclasses_are_written_with_the_base_format() -> None:
    class Stamp(datetime):
        def isoformat(self, sep: str = "T", timespec: str = "auto") -> str:
            return "not this"

    class Day(date):
        def isoformat(self) -> str:
            return "nor this"

    assert write_datetime(Stamp(2026, 6, 21, tzinfo=UTC)) == '"2026-06-21T00:00Z"'
    assert write_datetime(Stamp(2026, 6, 21, 0, 0, 1, 5000, tzinfo=UTC)) == (
        '"2026-06-21T00:00:01.005Z"'
    )
    assert write_local_datetime(Stamp(2026, 6, 21)) == '"2026-06-21T00:00:00"'
    assert write_date(Day(2026, 6, 21)) == '"2026-06-21"'


def test_offset_texts_are_cached_within_a_bound() -> None:
    for minutes in range(0, 18 * 60, 7):
        write_datetime(
            datetime(2026, 6, 21, tzinfo=timezone(timedelta(minutes=minutes)))
        )
    assert len(temporal._offset_texts) <= temporal._OFFSET_CACHE_LIMIT
    assert temporal._offset_texts[timedelta(0)] == "Z"


# --- readers: accepted input -------------------------------------------------------------


def refuse(text: str) -> Any:
    raise ValueError(f"refused {text!r}")


@pytest.fixture(params=["fromisoformat", "fields", "fallback"])
def conversion(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test on each conversion: fromisoformat; field by field (Python 3.10); and
    the fallback taken when fromisoformat refuses text the strict shape accepted."""
    if request.param == "fields":
        monkeypatch.setattr(temporal, "_time_from_text", temporal._time_fields)
        monkeypatch.setattr(temporal, "_datetime_from_text", temporal._datetime_fields)
    if request.param == "fallback":
        monkeypatch.setattr(temporal, "_date_from_text", refuse)
        monkeypatch.setattr(temporal, "_time_from_text", refuse)
        monkeypatch.setattr(temporal, "_datetime_from_text", refuse)
    return str(request.param)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2026-06-21", date(2026, 6, 21)),
        ("0001-01-01", date(1, 1, 1)),
        ("9999-12-31", date(9999, 12, 31)),
        ("2024-02-29", date(2024, 2, 29)),
    ],
)
def test_read_date(text: str, value: date, conversion: str) -> None:
    assert read_date(text) == value
    assert type(read_date(text)) is date


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("01:02", time(1, 2)),
        ("01:02:03", time(1, 2, 3)),
        ("23:59:59", time(23, 59, 59)),
        ("01:02:03.5", time(1, 2, 3, 500000)),
        ("01:02:03.12", time(1, 2, 3, 120000)),
        ("01:02:03.123", time(1, 2, 3, 123000)),
        ("01:02:03.1234", time(1, 2, 3, 123400)),
        ("01:02:03.12345", time(1, 2, 3, 123450)),
        ("01:02:03.123456", time(1, 2, 3, 123456)),
        ("01:02:03.1234560", time(1, 2, 3, 123456)),
        ("01:02:03.123456000", time(1, 2, 3, 123456)),
        ("01:02:03.000000000", time(1, 2, 3)),
        ("00:00:00.000001", time(0, 0, 0, 1)),
    ],
)
def test_read_time(text: str, value: time, conversion: str) -> None:
    result = read_time(text)
    assert result == value
    assert result.tzinfo is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2026-06-21T01:02:03Z", datetime(2026, 6, 21, 1, 2, 3, tzinfo=UTC)),
        ("2026-06-21t01:02:03z", datetime(2026, 6, 21, 1, 2, 3, tzinfo=UTC)),
        ("2026-06-21T01:02Z", datetime(2026, 6, 21, 1, 2, tzinfo=UTC)),
        (
            "2024-02-03T04:05:06.123+08:00",
            datetime(2024, 2, 3, 4, 5, 6, 123000, offset(8)),
        ),
        ("2024-02-03T04:05+08:00", datetime(2024, 2, 3, 4, 5, tzinfo=offset(8))),
        (
            "2024-02-03T04:05:06.123456000-00:00",
            datetime(2024, 2, 3, 4, 5, 6, 123456, UTC),
        ),
        (
            "2024-02-03T04:05:06-05:30",
            datetime(2024, 2, 3, 4, 5, 6, tzinfo=offset(-5, 30)),
        ),
        (
            "2024-02-03T04:05:06+05:30:15",
            datetime(2024, 2, 3, 4, 5, 6, tzinfo=offset(5, 30, 15)),
        ),
        ("2024-02-03T04:05:06+18:00", datetime(2024, 2, 3, 4, 5, 6, tzinfo=offset(18))),
        (
            "2024-02-03T04:05:06-18:00:00",
            datetime(2024, 2, 3, 4, 5, 6, tzinfo=offset(-18)),
        ),
        ("0001-01-01T00:00:00+01:00", datetime(1, 1, 1, tzinfo=offset(1))),
        (
            "9999-12-31T23:59:59.999999-01:00",
            datetime(9999, 12, 31, 23, 59, 59, 999999, offset(-1)),
        ),
    ],
)
def test_read_datetime(text: str, value: datetime, conversion: str) -> None:
    result = read_datetime(text)
    assert result == value
    assert result.utcoffset() == value.utcoffset()
    assert result.replace(tzinfo=None) == value.replace(tzinfo=None)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2026-06-21T01:02:03", datetime(2026, 6, 21, 1, 2, 3)),
        ("2026-06-21t01:02", datetime(2026, 6, 21, 1, 2)),
        ("2026-06-21T01:02:03.45", datetime(2026, 6, 21, 1, 2, 3, 450000)),
        ("2026-06-21T01:02:03.000000000", datetime(2026, 6, 21, 1, 2, 3)),
        ("0001-01-01T00:00", datetime(1, 1, 1)),
        ("9999-12-31T23:59:59.999999", datetime.max),
    ],
)
def test_read_local_datetime(text: str, value: datetime, conversion: str) -> None:
    result = read_local_datetime(text)
    assert result == value
    assert result.tzinfo is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("PT0S", timedelta(0)),
        ("PT20.345S", timedelta(seconds=20.345)),
        ("PT15M", timedelta(minutes=15)),
        ("PT10H", timedelta(hours=10)),
        ("P2D", timedelta(days=2)),
        ("P2DT3H4M", timedelta(days=2, hours=3, minutes=4)),
        ("P2DT3H", timedelta(days=2, hours=3)),
        ("PT8H6M12.345S", timedelta(hours=8, minutes=6, seconds=12.345)),
        ("PT1H1M1.123S", timedelta(hours=1, minutes=1, seconds=1.123)),
        # Examples of Duration.parse's documentation.
        ("PT-6H3M", timedelta(hours=-6, minutes=3)),
        ("-PT6H3M", -timedelta(hours=6, minutes=3)),
        ("-PT-6H+3M", timedelta(hours=6, minutes=-3)),
        ("+PT1S", timedelta(seconds=1)),
        ("P-2D", timedelta(days=-2)),
        ("-P2D", timedelta(days=-2)),
        ("-P-2D", timedelta(days=2)),
        # The sign of the seconds applies to their fraction.
        ("PT-0.5S", timedelta(seconds=-0.5)),
        ("PT-1.5S", timedelta(seconds=-1.5)),
        ("PT-1H-0.25S", timedelta(seconds=-3600.25)),
        ("-PT-0.5S", timedelta(seconds=0.5)),
        ("PT+0.5S", timedelta(seconds=0.5)),
        # Letters in either case, comma as the decimal separator, 0 to 9 digits.
        ("pt1h2m3.5s", timedelta(hours=1, minutes=2, seconds=3.5)),
        ("p1dT1H", timedelta(days=1, hours=1)),
        ("PT1,5S", timedelta(seconds=1.5)),
        ("PT1.S", timedelta(seconds=1)),
        ("PT0.000001S", timedelta(microseconds=1)),
        ("PT0.000001000S", timedelta(microseconds=1)),
        ("PT1.123456000S", timedelta(seconds=1, microseconds=123456)),
        ("PT100H", timedelta(hours=100)),
        ("PT90M", timedelta(minutes=90)),
        ("PT3600S", timedelta(hours=1)),
        ("PT0001S", timedelta(seconds=1)),
        ("PT-0S", timedelta(0)),
        ("PT" + "0" * 5000 + "1S", timedelta(seconds=1)),
        # The extremes of timedelta.
        ("PT-23999999976H", timedelta.min),
        ("P-999999999D", timedelta.min),
        ("PT23999999999H59M59.999999S", timedelta.max),
        ("P999999999DT23H59M59.999999S", timedelta.max),
        # Parts may exceed the range as long as the total does not (Java's longs hold them).
        ("P1000000000DT-24H", timedelta(days=999999999)),
        ("P-106751991167300DT9223372036854775807S", timedelta(seconds=55807)),
    ],
)
def test_read_duration(text: str, value: timedelta) -> None:
    assert read_duration(text) == value


@pytest.mark.parametrize(
    ("number", "reader", "value"),
    [
        (0, read_epoch_millis, datetime(1970, 1, 1, tzinfo=UTC)),
        (1782003723456, read_epoch_millis, datetime(2026, 6, 21, 1, 2, 3, 456000, UTC)),
        (-1, read_epoch_millis, datetime(1969, 12, 31, 23, 59, 59, 999000, UTC)),
        (-62135596800000, read_epoch_millis, datetime(1, 1, 1, tzinfo=UTC)),
        (
            253402300799999,
            read_epoch_millis,
            datetime(9999, 12, 31, 23, 59, 59, 999000, UTC),
        ),
        (0, read_epoch_seconds, datetime(1970, 1, 1, tzinfo=UTC)),
        (1782003723, read_epoch_seconds, datetime(2026, 6, 21, 1, 2, 3, tzinfo=UTC)),
        (-1, read_epoch_seconds, datetime(1969, 12, 31, 23, 59, 59, tzinfo=UTC)),
        (-62135596800, read_epoch_seconds, datetime(1, 1, 1, tzinfo=UTC)),
        (
            253402300799,
            read_epoch_seconds,
            datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC),
        ),
    ],
)
def test_read_epoch(
    number: int, reader: Callable[[object], datetime], value: datetime
) -> None:
    result = reader(number)
    assert result == value
    assert result.tzinfo is UTC


# --- readers: rejected input --------------------------------------------------------------

EXPECTED_DATE = "expected date (YYYY-MM-DD)"
EXPECTED_TIME = "expected time (HH:mm[:ss[.fraction]])"
EXPECTED_DATETIME = (
    "expected date-time with offset (YYYY-MM-DDTHH:mm[:ss[.fraction]] then Z or +HH:MM)"
)
EXPECTED_LOCAL = "expected local date-time (YYYY-MM-DDTHH:mm[:ss[.fraction]])"
EXPECTED_DURATION = "expected duration (ISO-8601, such as PT8H6M12.345S)"
SUB_MICRO = (
    "sub-microsecond precision cannot be represented (nanos: truncate drops those"
    " digits)"
)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("2026-13-01", f"{EXPECTED_DATE}, got the string '2026-13-01'"),
        ("2026-00-01", f"{EXPECTED_DATE}, got the string '2026-00-01'"),
        ("2026-01-32", f"{EXPECTED_DATE}, got the string '2026-01-32'"),
        ("2026-01-00", f"{EXPECTED_DATE}, got the string '2026-01-00'"),
        ("2026-02-30", "invalid date '2026-02-30': day is out of range for month"),
        ("2025-02-29", "invalid date '2025-02-29': day is out of range for month"),
        ("0000-01-01", "invalid date '0000-01-01': year 0 is out of range"),
        # Forms date.fromisoformat would take.
        ("20260621", f"{EXPECTED_DATE}, got the string '20260621'"),
        ("2026-W25-7", f"{EXPECTED_DATE}, got the string '2026-W25-7'"),
        ("2026W257", f"{EXPECTED_DATE}, got the string '2026W257'"),
        # Not ASCII digits, not exactly the shape.
        (
            "\uff12\uff10\uff12\uff16-06-21",
            f"{EXPECTED_DATE}, got the string '\uff12\uff10\uff12\uff16-06-21'",
        ),
        ("2026-0\u0666-21", f"{EXPECTED_DATE}, got the string '2026-0\u0666-21'"),
        ("+2026-06-21", f"{EXPECTED_DATE}, got the string '+2026-06-21'"),
        ("12026-06-21", f"{EXPECTED_DATE}, got the string '12026-06-21'"),
        ("2026-6-21", f"{EXPECTED_DATE}, got the string '2026-6-21'"),
        ("2026-06-21\n", f"{EXPECTED_DATE}, got the string '2026-06-21\\n'"),
        (" 2026-06-21", f"{EXPECTED_DATE}, got the string ' 2026-06-21'"),
        ("2026-06-21T00:00", f"{EXPECTED_DATE}, got the string '2026-06-21T00:00'"),
        ("", f"{EXPECTED_DATE}, got the string ''"),
        # Other JSON kinds.
        (20260621, f"{EXPECTED_DATE}, got the integer 20260621"),
        (None, f"{EXPECTED_DATE}, got null"),
        (True, f"{EXPECTED_DATE}, got true"),
        (["2026-06-21"], f"{EXPECTED_DATE}, got an array"),
        ({"date": "2026-06-21"}, f"{EXPECTED_DATE}, got an object"),
    ],
)
def test_read_date_rejects(data: object, message: str, conversion: str) -> None:
    assert decode_error(read_date, data) == message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("24:00", f"{EXPECTED_TIME}, got the string '24:00'"),
        ("23:60", f"{EXPECTED_TIME}, got the string '23:60'"),
        ("23:59:60", f"{EXPECTED_TIME}, got the string '23:59:60'"),
        ("1:02:03", f"{EXPECTED_TIME}, got the string '1:02:03'"),
        ("01", f"{EXPECTED_TIME}, got the string '01'"),
        ("010203", f"{EXPECTED_TIME}, got the string '010203'"),
        ("01:02:03.", f"{EXPECTED_TIME}, got the string '01:02:03.'"),
        ("01:02:03,5", f"{EXPECTED_TIME}, got the string '01:02:03,5'"),
        (
            "01:02:03.1234567890",
            f"{EXPECTED_TIME}, got the string '01:02:03.1234567890'",
        ),
        ("01:02.5", f"{EXPECTED_TIME}, got the string '01:02.5'"),
        ("01:02:03Z", f"{EXPECTED_TIME}, got the string '01:02:03Z'"),
        ("01:02:03+01:00", f"{EXPECTED_TIME}, got the string '01:02:03+01:00'"),
        ("T01:02:03", f"{EXPECTED_TIME}, got the string 'T01:02:03'"),
        ("\uff101:02", f"{EXPECTED_TIME}, got the string '\uff101:02'"),
        ("01:02:03.1234567", f"invalid time '01:02:03.1234567': {SUB_MICRO}"),
        ("01:02:03.000000001", f"invalid time '01:02:03.000000001': {SUB_MICRO}"),
        (3723, f"{EXPECTED_TIME}, got the integer 3723"),
        (None, f"{EXPECTED_TIME}, got null"),
        (1.5, f"{EXPECTED_TIME}, got the number 1.5"),
    ],
)
def test_read_time_rejects(data: object, message: str, conversion: str) -> None:
    assert decode_error(read_time, data) == message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            "2026-06-21T01:02:03",
            "invalid date-time '2026-06-21T01:02:03': missing offset"
            " (Z, +HH:MM or +HH:MM:SS)",
        ),
        (
            "2026-02-30T01:02:03Z",
            "invalid date-time '2026-02-30T01:02:03Z': day is out of range for month",
        ),
        (
            "0000-01-01T00:00Z",
            "invalid date-time '0000-01-01T00:00Z': year 0 is out of range",
        ),
        (
            "2026-06-21T01:02:03+19:00",
            "invalid date-time '2026-06-21T01:02:03+19:00':"
            " offset +19:00 is outside the range -18:00..+18:00",
        ),
        (
            "2026-06-21T01:02:03-18:00:01",
            "invalid date-time '2026-06-21T01:02:03-18:00:01':"
            " offset -18:00:01 is outside the range -18:00..+18:00",
        ),
        (
            "2026-06-21T01:02:03.0000001Z",
            f"invalid date-time '2026-06-21T01:02:03.0000001Z': {SUB_MICRO}",
        ),
        (
            "2024-02-03T04:05:06.123456789-00:00",
            f"invalid date-time '2024-02-03T04:05:06.123456789-00:00': {SUB_MICRO}",
        ),
        (
            "2026-06-21T01:02:03.000000001+01:00",
            f"invalid date-time '2026-06-21T01:02:03.000000001+01:00': {SUB_MICRO}",
        ),
        ("2026-06-21T01:02:03+05:99", None),
        ("2026-06-21T01:02:03+0800", None),
        ("2026-06-21T01:02:03+08", None),
        ("2026-06-21T01:02:03+24:00", None),
        ("2026-06-21T01:02:03 Z", None),
        ("2026-06-21 01:02:03Z", None),
        ("2026-06-21T01:02:03UTC", None),
        ("2026-06-21T01:02:03Z[UTC]", None),
        ("2026-06-21T24:00:00Z", None),
        ("2026-13-21T01:02:03Z", None),
        ("20260621T010203Z", None),
        ("2026-06-21T01:02:03.Z", None),
        ("2026-06-21T01:02:03,5Z", None),
        ("2026-06-21T01:02:03.1234567890Z", None),
        ("2026-06-21", None),
        ("+12026-06-21T01:02:03Z", None),
        ("2026-06-21T01:02:03Z\n", None),
        (1782003723000, f"{EXPECTED_DATETIME}, got the integer 1782003723000"),
        (None, f"{EXPECTED_DATETIME}, got null"),
    ],
)
def test_read_datetime_rejects(
    data: object, message: str | None, conversion: str
) -> None:
    if message is None:
        message = f"{EXPECTED_DATETIME}, got the string {data!r}"
    assert decode_error(read_datetime, data) == message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            "2026-06-21T01:02:03Z",
            "invalid local date-time '2026-06-21T01:02:03Z':"
            " a local date-time has no offset",
        ),
        (
            "2026-06-21T01:02:03+08:00",
            "invalid local date-time '2026-06-21T01:02:03+08:00':"
            " a local date-time has no offset",
        ),
        (
            "2026-02-29T01:02:03",
            "invalid local date-time '2026-02-29T01:02:03': day is out of range for month",
        ),
        (
            "2026-06-21T01:02:03.1234567",
            f"invalid local date-time '2026-06-21T01:02:03.1234567': {SUB_MICRO}",
        ),
        (
            "2026-06-21T01:02:03+05:99",
            f"{EXPECTED_LOCAL}, got the string '2026-06-21T01:02:03+05:99'",
        ),
        (
            "2026-06-21 01:02:03",
            f"{EXPECTED_LOCAL}, got the string '2026-06-21 01:02:03'",
        ),
        ("2026-06-21", f"{EXPECTED_LOCAL}, got the string '2026-06-21'"),
        ("2026-06-21T01", f"{EXPECTED_LOCAL}, got the string '2026-06-21T01'"),
        (
            "2026-06-21T01:02:03.",
            f"{EXPECTED_LOCAL}, got the string '2026-06-21T01:02:03.'",
        ),
        (0, f"{EXPECTED_LOCAL}, got the integer 0"),
        (False, f"{EXPECTED_LOCAL}, got false"),
    ],
)
def test_read_local_datetime_rejects(
    data: object, message: str, conversion: str
) -> None:
    assert decode_error(read_local_datetime, data) == message


OUT_OF_RANGE = "outside the range of timedelta (+-999999999 days)"
TOO_LARGE = "a number is too large for Java's Duration"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("P", None),
        ("PT", None),
        ("P1DT", None),
        ("-P", None),
        ("", None),
        ("PT1", None),
        ("PT1H2", None),
        ("1H", None),
        ("T1H", None),
        ("PT1.5H", None),
        ("PT1.5M", None),
        ("P1.5D", None),
        ("PT.5S", None),
        ("PT1.1234567890S", None),
        ("PT1S1M", None),
        ("PT1M1H", None),
        ("P1H", None),
        ("P1W", None),
        ("P1Y", None),
        ("P1M", None),
        ("PT1H ", None),
        (" PT1H", None),
        ("PT1H\n", None),
        ("--PT1H", None),
        ("PT--1H", None),
        ("PT1\u017f", None),  # U+017F folds to "s" under Unicode case-insensitivity
        ("PT\uff11S", None),  # a full-width digit
        ("PT1.5e3S", None),
        ("PT1.0000001S", f"invalid duration 'PT1.0000001S': {SUB_MICRO}"),
        ("PT-0.000000001S", f"invalid duration 'PT-0.000000001S': {SUB_MICRO}"),
        ("P1000000000D", f"invalid duration 'P1000000000D': {OUT_OF_RANGE}"),
        ("P-1000000000D", f"invalid duration 'P-1000000000D': {OUT_OF_RANGE}"),
        (
            "P999999999DT24H",
            f"invalid duration 'P999999999DT24H': {OUT_OF_RANGE}",
        ),
        (
            "PT-23999999976H-0.000001S",
            f"invalid duration 'PT-23999999976H-0.000001S': {OUT_OF_RANGE}",
        ),
        (
            "PT99999999999999999999999S",
            f"invalid duration 'PT99999999999999999999999S': {TOO_LARGE}",
        ),
        (
            "PT9223372036854775808S",
            f"invalid duration 'PT9223372036854775808S': {TOO_LARGE}",
        ),
        # Java overflows on the days part though the total would be in range.
        (
            "P106751991167301DT-2562047788015215H",
            f"invalid duration 'P106751991167301DT-2562047788015215H': {TOO_LARGE}",
        ),
        # ... and on a sum of parts that each fit (minutes plus seconds come first).
        (
            "P-106751991167300DT1M9223372036854775807S",
            f"invalid duration 'P-106751991167300DT1M922337203685477...: {TOO_LARGE}",
        ),
        (3600, f"{EXPECTED_DURATION}, got the integer 3600"),
        (1.5, f"{EXPECTED_DURATION}, got the number 1.5"),
        (None, f"{EXPECTED_DURATION}, got null"),
        ({}, f"{EXPECTED_DURATION}, got an object"),
    ],
)
def test_read_duration_rejects(data: object, message: str | None) -> None:
    if message is None:
        message = f"{EXPECTED_DURATION}, got the string {data!r}"
    assert decode_error(read_duration, data) == message


@pytest.mark.parametrize(
    ("reader", "data", "message"),
    [
        (
            read_epoch_millis,
            1.5,
            "expected epoch milliseconds (an integer), got the number 1.5",
        ),
        (
            read_epoch_millis,
            1782003723000.0,
            "expected epoch milliseconds (an integer), got the number 1782003723000.0",
        ),
        (read_epoch_millis, True, "expected epoch milliseconds (an integer), got true"),
        (
            read_epoch_millis,
            "1782003723000",
            "expected epoch milliseconds (an integer), got the string '1782003723000'",
        ),
        (read_epoch_millis, None, "expected epoch milliseconds (an integer), got null"),
        (
            read_epoch_millis,
            -62135596800001,
            "epoch milliseconds -62135596800001 are outside the range of datetime"
            " (-62135596800000..253402300799999)",
        ),
        (
            read_epoch_millis,
            253402300800000,
            "epoch milliseconds 253402300800000 are outside the range of datetime"
            " (-62135596800000..253402300799999)",
        ),
        (
            read_epoch_seconds,
            1.0,
            "expected epoch seconds (an integer), got the number 1.0",
        ),
        (read_epoch_seconds, False, "expected epoch seconds (an integer), got false"),
        (read_epoch_seconds, [1], "expected epoch seconds (an integer), got an array"),
        (
            read_epoch_seconds,
            -62135596801,
            "epoch seconds -62135596801 are outside the range of datetime"
            " (-62135596800..253402300799)",
        ),
        (
            read_epoch_seconds,
            10**30,
            "epoch seconds 1000000000000000000000000000000 are outside the range of"
            " datetime (-62135596800..253402300799)",
        ),
    ],
)
def test_read_epoch_rejects(
    reader: Callable[[object], datetime], data: object, message: str
) -> None:
    assert decode_error(reader, data) == message


def test_long_input_is_shortened_in_messages() -> None:
    message = decode_error(read_duration, "P" + "1" * 100 + "D")
    assert message == f"invalid duration 'P{'1' * 35}...: {TOO_LARGE}"


# --- round trips -------------------------------------------------------------------------

#: Offsets Java can hold: whole seconds within +-18:00, including ones with seconds.
offsets = st.integers(min_value=-18 * 3600, max_value=18 * 3600).map(
    lambda seconds: timezone(timedelta(seconds=seconds))
)
minute_offsets = st.integers(min_value=-18 * 60, max_value=18 * 60).map(
    lambda minutes: timezone(timedelta(minutes=minutes))
)
aware_datetimes = st.datetimes(
    timezones=st.one_of(offsets, minute_offsets, st.just(UTC))
)


def through_json(text: str) -> Any:
    return json.loads(text)


@given(st.dates())
def test_date_round_trips(value: date) -> None:
    assert read_date(through_json(write_date(value))) == value


@given(st.times())
def test_time_round_trips(value: time) -> None:
    assert read_time(through_json(write_time(value))) == value


@settings(max_examples=300)
@given(aware_datetimes)
def test_datetime_round_trips(value: datetime) -> None:
    result = read_datetime(through_json(write_datetime(value)))
    assert result == value
    assert result.utcoffset() == value.utcoffset()
    assert result.replace(tzinfo=None) == value.replace(tzinfo=None)


@given(st.datetimes())
def test_local_datetime_round_trips(value: datetime) -> None:
    result = read_local_datetime(through_json(write_local_datetime(value)))
    assert result == value
    assert result.tzinfo is None


@settings(max_examples=300)
@given(st.timedeltas())
def test_duration_round_trips(value: timedelta) -> None:
    assert read_duration(through_json(write_duration(value))) == value


@given(
    st.one_of(
        st.timedeltas(min_value=timedelta(days=-1), max_value=timedelta(days=1)),
        st.sampled_from([timedelta.min, timedelta.max, timedelta(0)]),
    )
)
def test_small_and_extreme_durations_round_trip(value: timedelta) -> None:
    assert read_duration(through_json(write_duration(value))) == value


utc_instants = st.datetimes(
    min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31, 23, 59, 59, 999999)
)


@given(utc_instants, st.one_of(offsets, st.just(UTC)))
def test_epoch_millis_round_trip(instant: datetime, zone: timezone) -> None:
    instant = instant.replace(
        microsecond=instant.microsecond // 1000 * 1000, tzinfo=UTC
    )
    try:
        value = instant.astimezone(zone)
    except OverflowError:
        assume(False)
        return
    result = read_epoch_millis(through_json(write_epoch_millis(value)))
    assert result == value
    assert result.tzinfo is UTC


@given(utc_instants, st.one_of(offsets, st.just(UTC)))
def test_epoch_seconds_round_trip(instant: datetime, zone: timezone) -> None:
    instant = instant.replace(microsecond=0, tzinfo=UTC)
    try:
        value = instant.astimezone(zone)
    except OverflowError:
        assume(False)
        return
    assert read_epoch_seconds(through_json(write_epoch_seconds(value))) == value


@given(st.integers(min_value=-62135596800000, max_value=253402300799999))
def test_epoch_millis_numbers_round_trip(number: int) -> None:
    assert write_epoch_millis(read_epoch_millis(number)) == str(number)


@given(st.integers(min_value=-62135596800, max_value=253402300799))
def test_epoch_seconds_numbers_round_trip(number: int) -> None:
    assert write_epoch_seconds(read_epoch_seconds(number)) == str(number)


@given(aware_datetimes)
def test_epoch_writers_floor(value: datetime) -> None:
    delta = value - datetime(1970, 1, 1, tzinfo=UTC)
    micros = (delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds
    assert write_epoch_millis(value) == str(micros // 1000)
    assert write_epoch_seconds(value) == str(micros // 1_000_000)


# --- the field-by-field path (Python 3.10's fromisoformat takes fewer shapes) -----------


@st.composite
def time_texts(draw: st.DrawFn) -> str:
    """Every time shape: with or without seconds, 1 to 9 fraction digits."""
    value = draw(st.times())
    text = f"{value.hour:02d}:{value.minute:02d}"
    if draw(st.booleans()):
        text += f":{value.second:02d}"
        if draw(st.booleans()):
            digits = draw(st.text(alphabet="0123456789", min_size=1, max_size=6))
            text += f".{digits}{'0' * draw(st.integers(0, 3))}"
    return text


@st.composite
def datetime_texts(draw: st.DrawFn) -> str:
    day = draw(st.dates())
    separator = draw(st.sampled_from("Tt"))
    zone = draw(
        st.sampled_from(["", "Z", "z", "+00:00", "-05:30", "+18:00", "-17:59:59"])
    )
    return f"{day.isoformat()}{separator}{draw(time_texts())}{zone}"


@given(time_texts())
def test_time_fields_agree_with_fromisoformat(text: str) -> None:
    assert temporal._time_fields(text) == read_time(text)


@given(datetime_texts())
def test_datetime_fields_agree_with_fromisoformat(text: str) -> None:
    fields = temporal._datetime_fields(text)
    if fields.tzinfo is None:
        assert fields == read_local_datetime(text)
    else:
        parsed = read_datetime(text)
        assert fields == parsed
        assert fields.utcoffset() == parsed.utcoffset()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("2026-02-30T00:00", "day is out of range for month"),
        ("2026-01-01T00:00:00.0000001", SUB_MICRO),
        ("2026-01-01T00:00+18:01", "offset +18:01 is outside the range -18:00..+18:00"),
        ("2026-01-01", "not a date-time"),
    ],
)
def test_datetime_fields_explain_errors(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        temporal._datetime_fields(text)


def test_time_fields_explain_errors() -> None:
    with pytest.raises(ValueError, match="not a time"):
        temporal._time_fields("1:00")
    with pytest.raises(ValueError, match=re.escape(SUB_MICRO)):
        temporal._time_fields("01:00:00.0000001")


@pytest.mark.skipif(sys.version_info < (3, 11), reason="3.10 converts field by field")
def test_fromisoformat_is_used_where_it_takes_every_shape() -> None:
    assert temporal._fromisoformat_takes_all_shapes()
    assert temporal._datetime_from_text == datetime.fromisoformat
    assert temporal._time_from_text == time.fromisoformat


def test_epoch_limits_are_those_of_a_utc_datetime() -> None:
    first = datetime.min.replace(tzinfo=UTC) - datetime(1970, 1, 1, tzinfo=UTC)
    last = datetime.max.replace(tzinfo=UTC) - datetime(1970, 1, 1, tzinfo=UTC)
    assert temporal._MIN_EPOCH_SECONDS == first // timedelta(seconds=1)
    assert temporal._MAX_EPOCH_SECONDS == last // timedelta(seconds=1)
    assert temporal._MAX_EPOCH_MILLIS == last // timedelta(milliseconds=1)
