"""Date and time values in Fory JSON's wire format, as java.time writes and reads them.

Generated encoders call ``write_X(value)``, which returns complete JSON text: a quoted
ISO-8601 string, or a bare integer for the epoch forms. Generated decoders call
``read_X(data)`` on the plain value the JSON reader produced. Errors carry no path; the
generated callers add it.

=================================  ===============================  =====================
function pair                      Python value                     JSON form
=================================  ===============================  =====================
``write_date``/``read_date``       ``date`` (not a ``datetime``)    ``"2026-06-21"``
``write_time``/``read_time``       naive ``time``                   ``"01:02:03.5"``
``write_datetime``/...             aware ``datetime``               ``"2026-06-21T01:02:03+08:00"``
``write_local_datetime``/...       naive ``datetime``               ``"2026-06-21T01:02:03"``
``write_duration``/...             ``timedelta``                    ``"PT1H1M1.123S"``
``write_epoch_millis``/...         aware ``datetime``               ``1782003723000``
``write_epoch_seconds``/...        aware ``datetime``               ``1782003723``
=================================  ===============================  =====================

Decisions, each mirroring Java where Python can:

- Times are written as Java's ``ISO_LOCAL_TIME`` formatter writes them: seconds always,
  then a fraction only when it is not zero, trailing zeros trimmed (``01:02:03``,
  ``01:02:03.5``, ``01:02:03.123456``). Date-times use the same time text, but for
  one case: a date-time whose offset is zero is written as Fory JSON's writers write
  an ``OffsetDateTime`` in UTC, as ``LocalDateTime.toString()`` and ``Z``: seconds
  only when the time has seconds or a fraction, and the fraction in groups of three
  digits (``2026-06-21T01:02Z``, ``2026-06-21T01:02:03.500Z``).
- Offsets are written as Java's ``ZoneOffset`` ids: ``Z`` for zero, else ``+08:00``, with
  ``:ss`` only when the offset has seconds. Java's offsets are whole seconds within
  ``-18:00..+18:00``; Python allows more (sub-second offsets, up to 24 hours), and such
  an offset is an ``EncodeError`` on write and a ``DecodeError`` on read, since a Java
  peer could not read or have written it.
- Reading is strict, with only the shapes Java's ISO formatters accept: a date is
  exactly ``YYYY-MM-DD`` in ASCII digits (no basic or week forms, which
  ``date.fromisoformat`` would take); a time is ``HH:mm``, ``HH:mm:ss`` or
  ``HH:mm:ss.f`` with 1 to 9 fraction digits and ``.`` as the separator; date-times put
  ``T`` between the two; ``T`` and ``Z`` may be lower case. A date-time with offset
  needs one (``Z``, ``+HH:MM``, ``+HH:MM:SS``); a local date-time must not have one.
- Text whose fields leave their fixed ranges (month 13, hour 24, minute 60) does not
  have the shape and reads as ``expected date (YYYY-MM-DD), got the string '...'``;
  text with the shape that names no real value (February 30, year 0000, an offset
  beyond 18 hours) reads as ``invalid date '2026-02-30': day is out of range for month``.
- Python holds microseconds and Java nanoseconds: fraction digits past the sixth must be
  zeros, otherwise the value is a ``DecodeError`` ("sub-microsecond precision cannot be
  represented"); precision is never dropped silently. The ``_truncating`` readers, which
  a schema's ``nanos: truncate`` option picks, drop those digits instead (toward the
  earlier time). Years are 1..9999 (Python's range).
- Durations are written exactly as Java's ``Duration.toString()``: ``PT0S`` for zero,
  hours rather than days (``PT48H``), each non-zero part signed for a negative duration
  (``PT-1M-1S``), and the fraction of a negative duration written as Java does
  (``PT-0.5S`` for minus half a second, ``PT-1.5S`` for minus one and a half).
- Durations are read as Java's ``Duration.parse`` reads them:
  ``[-+]P[nD][T[nH][nM][n[.,]fS]]`` with optionally signed parts, letters in either case,
  at least one part, and a sign on the seconds that also applies to their fraction
  (``PT-0.5S``). As in Java the fraction may have 0 to 9 digits (``PT1.S`` is one
  second) and each part must fit Java's 64-bit arithmetic; the total must also lie in
  ``timedelta``'s range (+-999,999,999 days).
- Epoch forms (Java's legacy ``Date``, Jackson's default for it) write an aware
  ``datetime`` as an integer count since 1970-01-01T00:00Z, rounded toward negative
  infinity as Java's ``Instant.toEpochMilli`` does: the sub-millisecond (or sub-second)
  part is dropped, so 1969-12-31T23:59:59.9995Z is ``-1`` millisecond. Reading takes
  JSON integers only (not booleans, not floats) and returns a UTC ``datetime``. An
  instant before 0001-01-01T00:00Z or after 9999-12-31T23:59:59.999999Z (an early or late
  local time with an offset) writes fine but cannot be read back into a UTC ``datetime``.
- ``date`` writers refuse a ``datetime`` (it is a ``date`` subclass, but a date-time is
  not a date here). Local writers (time, local date-time) refuse any value carrying a
  ``tzinfo``, even one whose ``utcoffset()`` is None, rather than drop it silently;
  offset writers need ``utcoffset()`` to return a value.
- Subclasses (third-party datetime types) are written with the base class's
  ``isoformat``, so their own formatting does not leak into the wire format.
- Already validated text is handed to ``fromisoformat`` (C, fast) where the running
  Python accepts every shape validated here (3.11+); otherwise, and to explain an
  error, the fields are converted one by one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, time, timedelta, timezone

from .errors import DecodeError, EncodeError, decode_mismatch, encode_mismatch

__all__ = [
    "read_date",
    "read_datetime",
    "read_datetime_truncating",
    "read_duration",
    "read_epoch_millis",
    "read_epoch_seconds",
    "read_local_datetime",
    "read_local_datetime_truncating",
    "read_time",
    "read_time_truncating",
    "write_date",
    "write_datetime",
    "write_duration",
    "write_epoch_millis",
    "write_epoch_seconds",
    "write_local_datetime",
    "write_time",
]

_EXPECTED_DATE = "date (YYYY-MM-DD)"
_EXPECTED_TIME = "time (HH:mm[:ss[.fraction]])"
_EXPECTED_DATETIME = (
    "date-time with offset (YYYY-MM-DDTHH:mm[:ss[.fraction]] then Z or +HH:MM)"
)
_EXPECTED_LOCAL_DATETIME = "local date-time (YYYY-MM-DDTHH:mm[:ss[.fraction]])"
_EXPECTED_DURATION = "duration (ISO-8601, such as PT8H6M12.345S)"
_EXPECTED_EPOCH_MILLIS = "epoch milliseconds (an integer)"
_EXPECTED_EPOCH_SECONDS = "epoch seconds (an integer)"

_SUB_MICROSECOND = (
    "sub-microsecond precision cannot be represented (nanos: truncate drops those"
    " digits)"
)

# Strict shapes, the fast path. Field ranges that never depend on other fields are part
# of the shape; the fraction may go past microseconds only with zeros. re.ASCII keeps
# \d to the ten ASCII digits.
_DATE_SHAPE = r"\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])"
_TIME_SHAPE = r"(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6}0{0,3})?)?"
_OFFSET_SHAPE = r"(?:[Zz]|[+-](?:(?:0\d|1[0-7]):[0-5]\d(?::[0-5]\d)?|18:00(?::00)?))"
_DATE = re.compile(_DATE_SHAPE, re.ASCII)
_TIME = re.compile(_TIME_SHAPE, re.ASCII)
_LOCAL_DATETIME = re.compile(f"{_DATE_SHAPE}[Tt]{_TIME_SHAPE}", re.ASCII)
_OFFSET_DATETIME = re.compile(
    f"{_DATE_SHAPE}[Tt]{_TIME_SHAPE}{_OFFSET_SHAPE}", re.ASCII
)

# The same shapes with groups, any fraction digits and an optional, wider offset: for
# converting field by field and for telling what is wrong with a value.
_TIME_FIELDS = r"([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,9}))?)?"
_TIME_PARTS = re.compile(_TIME_FIELDS, re.ASCII)
_DATETIME_PARTS = re.compile(
    r"(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]"
    + _TIME_FIELDS
    + r"([Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?)?",
    re.ASCII,
)

# Java's Duration.parse pattern; explicit letter classes, because re.IGNORECASE would
# also let non-ASCII letters such as U+017F (long s) match "s".
_DURATION = re.compile(
    r"([-+]?)[Pp](?:([-+]?\d+)[Dd])?"
    r"(?:([Tt])(?:([-+]?\d+)[Hh])?(?:([-+]?\d+)[Mm])?"
    r"(?:([-+]?\d+)(?:[.,](\d{0,9}))?[Ss])?)?",
    re.ASCII,
)

# Fraction digits past microseconds, which the truncating readers drop (at most nine
# digits in all; a longer fraction stays and fails to read).
_NANO_DIGITS = re.compile(r"(\.\d{6})\d{1,3}(?!\d)", re.ASCII)

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MILLISECOND = timedelta(milliseconds=1)
_ZERO = timedelta(0)

_MICROS_PER_DAY = 86_400_000_000
_MIN_TIMEDELTA_MICROS = timedelta.min.days * _MICROS_PER_DAY
_MAX_TIMEDELTA_MICROS = (timedelta.max.days + 1) * _MICROS_PER_DAY - 1
_LONG_MIN = -(2**63)
_LONG_MAX = 2**63 - 1

# The instants a UTC datetime can hold (0001-01-01T00:00Z to 9999-12-31T23:59:59.999999Z),
# as epoch counts.
_MIN_EPOCH_SECONDS = -62_135_596_800
_MAX_EPOCH_SECONDS = 253_402_300_799
_MIN_EPOCH_MILLIS = _MIN_EPOCH_SECONDS * 1000
_MAX_EPOCH_MILLIS = _MAX_EPOCH_SECONDS * 1000 + 999

_datetime_isoformat = datetime.isoformat
_date_isoformat = date.isoformat
_time_isoformat = time.isoformat
# The fields of a timedelta as CPython stores them: a subclass may override the
# attributes, never these descriptors.
_delta_days = timedelta.days.__get__
_delta_seconds = timedelta.seconds.__get__
_delta_microseconds = timedelta.microseconds.__get__
_datetime_minus = datetime.__sub__
_date_from_text = date.fromisoformat

# Offset texts already written, by offset; bounded, since offsets come from values.
_offset_texts: dict[timedelta, str] = {_ZERO: "Z"}
_OFFSET_CACHE_LIMIT = 1024


def _quoted(text: str, limit: int = 40) -> str:
    """``repr`` of a string for a message, shortened when long."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def _invalid(what: str, text: str, reason: str) -> DecodeError:
    return DecodeError(f"invalid {what} {_quoted(text)}: {reason}")


# --- dates ----------------------------------------------------------------------------


def write_date(value: object) -> str:
    """Write a ``date`` as ``"YYYY-MM-DD"``; a ``datetime`` is an ``EncodeError``."""
    if type(value) is date or (
        isinstance(value, date) and not isinstance(value, datetime)
    ):
        return f'"{_date_isoformat(value)}"'
    if isinstance(value, datetime):
        raise EncodeError(
            "expected date, got a datetime (a date-time is not a date; write value.date())"
        )
    raise encode_mismatch(value, "date")


def read_date(data: object) -> date:
    """Read ``"YYYY-MM-DD"`` (ASCII digits, nothing else) as a ``date``."""
    if type(data) is str and _DATE.fullmatch(data) is not None:
        try:
            return _date_from_text(data)
        except ValueError:
            pass
        try:  # field by field, to tell what is wrong
            return date(int(data[:4]), int(data[5:7]), int(data[8:]))
        except ValueError as error:
            raise _invalid("date", data, str(error)) from None
    raise decode_mismatch(data, _EXPECTED_DATE)


# --- shared field conversions ---------------------------------------------------------


def _micros(fraction: str | None) -> int:
    """Microseconds of 1 to 9 fraction digits; ValueError if nanoseconds would be lost."""
    if not fraction:
        return 0
    if len(fraction) > 6:
        if fraction[6:].strip("0"):
            raise ValueError(_SUB_MICROSECOND)
        fraction = fraction[:6]
    return int(fraction) * _SCALE[len(fraction)]


_SCALE = (0, 100_000, 10_000, 1000, 100, 10, 1)


def _zone(text: str) -> timezone:
    """The ``timezone`` of ``Z``, ``+HH:MM`` or ``+HH:MM:SS``; ValueError past 18 hours."""
    if len(text) == 1:  # Z or z
        return timezone.utc
    seconds = int(text[1:3]) * 3600 + int(text[4:6]) * 60
    if len(text) > 6:
        seconds += int(text[7:9])
    if seconds > 18 * 3600:
        raise ValueError(f"offset {text} is outside the range -18:00..+18:00")
    return timezone(timedelta(seconds=-seconds if text[0] == "-" else seconds))


def _time_fields(text: str) -> time:
    """Convert an ``HH:mm[:ss[.f]]`` text field by field (any Python version)."""
    match = _TIME_PARTS.fullmatch(text)
    if match is None:
        raise ValueError("not a time")
    hour, minute, second, fraction = match.groups()
    return time(int(hour), int(minute), int(second or 0), _micros(fraction))


def _datetime_parts(match: re.Match[str]) -> datetime:
    """Convert a ``_DATETIME_PARTS`` match field by field; ValueError says what is wrong."""
    year, month, day, hour, minute, second, fraction, zone = match.groups()
    return datetime(
        int(year),
        int(month),
        int(day),
        int(hour),
        int(minute),
        int(second or 0),
        _micros(fraction),
        None if zone is None else _zone(zone),
    )


def _datetime_fields(text: str) -> datetime:
    """Convert a date-time text field by field (any Python version)."""
    match = _DATETIME_PARTS.fullmatch(text)
    if match is None:
        raise ValueError("not a date-time")
    return _datetime_parts(match)


def _fromisoformat_takes_all_shapes() -> bool:
    """Whether ``fromisoformat`` reads every shape validated here (Python 3.11+)."""
    try:
        parsed = datetime.fromisoformat("2000-01-02t03:04:05.1234560Z")
        short = time.fromisoformat("03:04:05.1")
    except ValueError:
        return False
    expected = datetime(2000, 1, 2, 3, 4, 5, 123456, timezone.utc)
    return parsed == expected and short == time(3, 4, 5, 100000)


_time_from_text: Callable[[str], time]
_datetime_from_text: Callable[[str], datetime]
if _fromisoformat_takes_all_shapes():
    _time_from_text = time.fromisoformat
    _datetime_from_text = datetime.fromisoformat
else:  # Python 3.10: only 3- or 6-digit fractions, no "Z"
    _time_from_text = _time_fields
    _datetime_from_text = _datetime_fields


# --- times ----------------------------------------------------------------------------


def write_time(value: object) -> str:
    """Write a naive ``time`` as ``"HH:mm:ss"`` plus a trimmed fraction when non-zero."""
    if not isinstance(value, time):
        raise encode_mismatch(value, "time")
    if value.tzinfo is not None:
        raise EncodeError(
            "expected a naive time, got a time with a tzinfo (a local time has no zone)"
        )
    if value.microsecond:
        return f'"{_time_isoformat(value).rstrip("0")}"'
    return f'"{_time_isoformat(value)}"'


def read_time(data: object) -> time:
    """Read ``HH:mm``, ``HH:mm:ss`` or ``HH:mm:ss.f`` (1 to 9 digits) as a naive ``time``."""
    if type(data) is not str:
        raise decode_mismatch(data, _EXPECTED_TIME)
    if _TIME.fullmatch(data) is not None:
        try:
            return _time_from_text(data)
        except ValueError:
            pass
    try:  # field by field, to tell what is wrong
        return _time_fields(data)
    except ValueError as error:
        if str(error) == _SUB_MICROSECOND:
            raise _invalid("time", data, _SUB_MICROSECOND) from None
    raise decode_mismatch(data, _EXPECTED_TIME)


def read_time_truncating(data: object) -> time:
    """``read_time``, with fraction digits past microseconds dropped (``nanos: truncate``)."""
    if type(data) is str and len(data) > 15:
        data = _NANO_DIGITS.sub(r"\1", data, 1)
    return read_time(data)


# --- date-times -----------------------------------------------------------------------


def _exact_delta(value: timedelta) -> timedelta:
    """``value`` as a plain ``timedelta``, made from the fields CPython stores.

    A subclass's overridden attributes, comparisons or formatting then never reach
    the text written, nor the cache of offset texts shared by every later write.
    """
    if type(value) is timedelta:
        return value
    return timedelta(
        _delta_days(value), _delta_seconds(value), _delta_microseconds(value)
    )


def _offset_text(offset: timedelta) -> str:
    """Java's ``ZoneOffset`` id of an offset other than zero, checked against Java's range."""
    if offset.microseconds:
        raise EncodeError(
            f"offset {offset} has a fraction of a second; Java offsets are whole seconds"
        )
    seconds = offset.days * 86400 + offset.seconds
    sign = "-" if seconds < 0 else "+"
    hours, rest = divmod(abs(seconds), 3600)
    minutes, seconds = divmod(rest, 60)
    text = f"{sign}{hours:02d}:{minutes:02d}"
    if seconds:
        text += f":{seconds:02d}"
    if hours > 18 or (hours == 18 and rest):
        raise EncodeError(f"offset {text} is outside the range -18:00..+18:00")
    if len(_offset_texts) < _OFFSET_CACHE_LIMIT:
        _offset_texts[offset] = text
    return text


def _utcoffset(value: datetime) -> timedelta | None:
    """``value.utcoffset()``, with a ``tzinfo`` that fails or gives no offset Python
    allows (24 hours or more) refused as an ``EncodeError``."""
    try:
        offset = datetime.utcoffset(value)  # datetime's own, not a subclass's
    except MemoryError:
        raise
    except Exception as error:
        raise EncodeError(
            f"the tzinfo of the datetime gives no valid UTC offset ({error});"
            " offsets are within -18:00..+18:00"
        ) from None
    return None if offset is None else _exact_delta(offset)


def write_datetime(value: object) -> str:
    """Write an aware ``datetime`` as ``"YYYY-MM-DDTHH:mm:ss[.fraction]"`` plus offset;
    in UTC as Fory writes it, ``"YYYY-MM-DDTHH:mm[:ss[.fraction]]Z"`` (see above)."""
    if not isinstance(value, datetime):
        raise encode_mismatch(value, "datetime")
    offset = _utcoffset(value)
    if offset is None:
        raise EncodeError("expected a datetime with an offset, got a naive datetime")
    if offset == _ZERO:
        return f'"{_java_datetime_text(value)}Z"'
    suffix = _offset_texts.get(offset) or _offset_text(offset)
    text = _datetime_isoformat(value)
    if value.microsecond:
        return f'"{text[:26].rstrip("0")}{suffix}"'
    return f'"{text[:19]}{suffix}"'


def _java_datetime_text(value: datetime, seconds: bool = False) -> str:
    """The local date-time of ``value`` as ``LocalDateTime.toString()`` writes it:
    ``YYYY-MM-DDTHH:mm``, then ``:ss`` when there are seconds or a fraction (always
    with ``seconds``), then the fraction in groups of three digits.

    Made from ``datetime.isoformat``'s text, so a subclass's attributes never reach it.
    """
    text = _datetime_isoformat(value)
    fraction = text[20:26] if text[19:20] == "." else ""
    if not (seconds or fraction or text[17:19] != "00"):
        return text[:16]
    if fraction.endswith("000"):
        fraction = fraction[:3]
    return text[:19] + ("." + fraction if fraction else "")


def read_datetime(data: object) -> datetime:
    """Read a date-time with an offset (``Z``, ``+HH:MM``, ``+HH:MM:SS``) as an aware ``datetime``."""
    if type(data) is str and _OFFSET_DATETIME.fullmatch(data) is not None:
        try:
            return _datetime_from_text(data if data[-1] != "z" else data[:-1] + "Z")
        except ValueError:
            pass
    return _datetime_fields_or_error(data, True)


def write_local_datetime(value: object) -> str:
    """Write a naive ``datetime`` as ``"YYYY-MM-DDTHH:mm:ss[.fraction]"``."""
    if not isinstance(value, datetime):
        raise encode_mismatch(value, "datetime")
    if value.tzinfo is not None:
        raise EncodeError(
            "expected a naive datetime, got a datetime with a tzinfo"
            " (a local date-time has no zone)"
        )
    if value.microsecond:
        return f'"{_datetime_isoformat(value).rstrip("0")}"'
    return f'"{_datetime_isoformat(value)}"'


def read_local_datetime(data: object) -> datetime:
    """Read a date-time without an offset as a naive ``datetime``."""
    if type(data) is str and _LOCAL_DATETIME.fullmatch(data) is not None:
        try:
            return _datetime_from_text(data)
        except ValueError:
            pass
    return _datetime_fields_or_error(data, False)


def read_datetime_truncating(data: object) -> datetime:
    """``read_datetime``, with fraction digits past microseconds dropped."""
    if type(data) is str and len(data) > 26:
        data = _NANO_DIGITS.sub(r"\1", data, 1)
    return read_datetime(data)


def read_local_datetime_truncating(data: object) -> datetime:
    """``read_local_datetime``, with fraction digits past microseconds dropped."""
    if type(data) is str and len(data) > 26:
        data = _NANO_DIGITS.sub(r"\1", data, 1)
    return read_local_datetime(data)


def _datetime_fields_or_error(data: object, with_offset: bool) -> datetime:
    """Convert a date-time field by field, or raise the error that says what is wrong."""
    what = "date-time" if with_offset else "local date-time"
    match = _DATETIME_PARTS.fullmatch(data) if type(data) is str else None
    if match is None:
        expected = _EXPECTED_DATETIME if with_offset else _EXPECTED_LOCAL_DATETIME
        raise decode_mismatch(data, expected)
    text: str = match.string
    has_offset = match.group(8) is not None
    if with_offset and not has_offset:
        raise _invalid(what, text, "missing offset (Z, +HH:MM or +HH:MM:SS)")
    if has_offset and not with_offset:
        raise _invalid(what, text, "a local date-time has no offset")
    try:
        return _datetime_parts(match)
    except ValueError as error:
        raise _invalid(what, text, str(error)) from None


# --- durations ------------------------------------------------------------------------


def write_duration(value: object) -> str:
    """Write a ``timedelta`` exactly as Java's ``Duration.toString()`` does.

    Java keeps whole seconds floored plus a non-negative nano part, which is what
    ``timedelta`` normalises to as well. A negative duration with a fraction borrows one
    second back, so every part carries the minus sign: ``-0.5 s`` is ``PT-0.5S``.
    """
    if not isinstance(value, timedelta):
        raise encode_mismatch(value, "timedelta")
    value = _exact_delta(value)
    seconds = value.days * 86400 + value.seconds
    micros = value.microseconds
    if seconds >= 0:
        if not seconds and not micros:
            return '"PT0S"'
        sign = ""
        fraction = f".{micros:06d}".rstrip("0") if micros else ""
    else:
        sign = "-"
        if micros:
            seconds += 1
            fraction = f".{1_000_000 - micros:06d}".rstrip("0")
        else:
            fraction = ""
        seconds = -seconds
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    text = '"PT'
    if hours:
        text += f"{sign}{hours}H"
    if minutes:
        text += f"{sign}{minutes}M"
    if seconds or fraction or not (hours or minutes):
        text += f"{sign}{seconds}{fraction}S"
    return text + '"'


def read_duration(data: object) -> timedelta:
    """Read an ISO-8601 duration as Java's ``Duration.parse`` does, into a ``timedelta``."""
    match = _DURATION.fullmatch(data) if type(data) is str else None
    if match is None:
        raise decode_mismatch(data, _EXPECTED_DURATION)
    sign, days, has_t, hours, minutes, seconds, fraction = match.groups()
    if hours is None and minutes is None and seconds is None:
        if has_t is not None or days is None:  # "T" with nothing after it, or "P" alone
            raise decode_mismatch(data, _EXPECTED_DURATION)
    text: str = match.string
    if len(text) <= 20:  # every number is short: plain int() and no overflow
        total = int(seconds) if seconds else 0
        if minutes:
            total += int(minutes) * 60
        if hours:
            total += int(hours) * 3600
        if days:
            total += int(days) * 86400
    else:
        total = _long_duration_seconds(text, days, hours, minutes, seconds)
    total *= 1_000_000
    if fraction:
        try:
            micros = _micros(fraction)
        except ValueError as error:
            raise _invalid("duration", text, str(error)) from None
        total += -micros if seconds[0] == "-" else micros  # a fraction has seconds
    if sign == "-":
        total = -total
    if not _MIN_TIMEDELTA_MICROS <= total <= _MAX_TIMEDELTA_MICROS:
        raise _invalid(
            "duration", text, "outside the range of timedelta (+-999999999 days)"
        )
    days_part, rest = divmod(total, _MICROS_PER_DAY)
    seconds_part, micros_part = divmod(rest, 1_000_000)
    return timedelta(days_part, seconds_part, micros_part)


def _long_duration_seconds(
    text: str,
    days: str | None,
    hours: str | None,
    minutes: str | None,
    seconds: str | None,
) -> int:
    """The whole seconds of a long duration text, with Java's limits on its numbers."""
    try:
        counts = [_duration_number(part) for part in (days, hours, minutes, seconds)]
    except ValueError as error:
        raise _invalid("duration", text, str(error)) from None
    _check_java_limits(text, *counts)
    day_count, hour_count, minute_count, second_count = counts
    return day_count * 86400 + hour_count * 3600 + minute_count * 60 + second_count


def _duration_number(text: str | None) -> int:
    """A signed part of a duration; leading zeros are fine, as in ``Long.parseLong``."""
    if text is None:
        return 0
    if len(text) <= 20:
        return int(text)
    digits = text.lstrip("+-").lstrip("0")
    if len(digits) > 20:
        raise ValueError("a number is too large for Java's Duration")
    number = int(digits or "0")
    return -number if text[0] == "-" else number


def _check_java_limits(
    text: str, days: int, hours: int, minutes: int, seconds: int
) -> None:
    """Reject what overflows ``Duration.parse``'s 64-bit arithmetic, as Java does.

    Java parses each number as a ``long``, multiplies it into seconds and adds the parts
    up (minutes and seconds first), failing on any overflow on the way.
    """
    numbers = (seconds, minutes, hours, days)
    parts = (seconds, minutes * 60, hours * 3600, days * 86400)
    overflow = not all(_LONG_MIN <= n <= _LONG_MAX for n in (*numbers, *parts))
    total = 0
    for part in parts:
        total += part
        overflow = overflow or not _LONG_MIN <= total <= _LONG_MAX
    if overflow:
        raise _invalid("duration", text, "a number is too large for Java's Duration")


# --- epoch counts ---------------------------------------------------------------------


def _since_epoch(value: object, expected: str) -> timedelta:
    if not isinstance(value, datetime):
        raise encode_mismatch(value, expected)
    if _utcoffset(value) is None:
        raise EncodeError(
            "expected a datetime with an offset, got a naive datetime"
            " (an epoch count needs an instant)"
        )
    return _datetime_minus(value, _EPOCH)  # datetime's own, whatever a subclass says


def write_epoch_millis(value: object) -> str:
    """Write an aware ``datetime`` as integer milliseconds since 1970-01-01T00:00Z.

    Like Java's ``toEpochMilli``, the count is rounded toward negative infinity: the
    sub-millisecond part is dropped (1969-12-31T23:59:59.9995Z is ``-1``).
    """
    if type(value) is datetime:
        # Floor division of timedeltas rounds as toEpochMilli does; a naive value
        # fails the subtraction and takes the path below, which explains why.
        try:
            return str((value - _EPOCH) // _MILLISECOND)
        except (TypeError, ValueError):
            pass  # naive, or a tzinfo that fails: _since_epoch says which
    delta = _since_epoch(value, "datetime")
    return str((delta.days * 86400 + delta.seconds) * 1000 + delta.microseconds // 1000)


def write_epoch_seconds(value: object) -> str:
    """Write an aware ``datetime`` as integer seconds since 1970-01-01T00:00Z.

    The fraction of a second is dropped toward negative infinity, as Java's
    ``getEpochSecond`` does.
    """
    delta = _since_epoch(value, "datetime")
    return str(delta.days * 86400 + delta.seconds)


def _integer_text(value: int) -> str:
    """An integer for a message; one too long to print (or convert) is summarized."""
    return int.__repr__(value) if value.bit_length() < 1000 else "(a very long integer)"


def read_epoch_millis(data: object) -> datetime:
    """Read a JSON integer of milliseconds since 1970-01-01T00:00Z as a UTC ``datetime``."""
    if type(data) is not int:
        raise decode_mismatch(data, _EXPECTED_EPOCH_MILLIS)
    if not _MIN_EPOCH_MILLIS <= data <= _MAX_EPOCH_MILLIS:
        raise DecodeError(
            f"epoch milliseconds {_integer_text(data)} are outside the range of datetime"
            f" ({_MIN_EPOCH_MILLIS}..{_MAX_EPOCH_MILLIS})"
        )
    return _EPOCH + timedelta(0, 0, 0, data)


def read_epoch_seconds(data: object) -> datetime:
    """Read a JSON integer of seconds since 1970-01-01T00:00Z as a UTC ``datetime``."""
    if type(data) is not int:
        raise decode_mismatch(data, _EXPECTED_EPOCH_SECONDS)
    if not _MIN_EPOCH_SECONDS <= data <= _MAX_EPOCH_SECONDS:
        raise DecodeError(
            f"epoch seconds {_integer_text(data)} are outside the range of datetime"
            f" ({_MIN_EPOCH_SECONDS}..{_MAX_EPOCH_SECONDS})"
        )
    return _EPOCH + timedelta(0, data)
