"""More of java.time: years, months of a year, days of a month, periods and zones.

The value classes ``Year``, ``YearMonth``, ``MonthDay`` and ``Period`` stand for the
java.time types that Python's standard library has no class for; the others are read
into standard types. As in ``foryjson.temporal``, generated encoders call
``write_X(value)``, which returns complete JSON text, and generated decoders call
``read_X(data)`` on the plain value the JSON reader produced.

=================================  ===============================  ======================
function pair                      Python value                     JSON form
=================================  ===============================  ======================
``write_year``/``read_year``       ``Year``                         ``"2026"``
``write_year_month``/...           ``YearMonth``                    ``"2026-03"``
``write_month_day``/...            ``MonthDay``                     ``"--03-29"``
``write_period``/...               ``Period``                       ``"P1Y2M3D"``
``write_zone_offset``/...          ``timezone``                     ``"+02:00"``
``write_zone_id``/...              ``ZoneInfo`` or ``timezone``     ``"Europe/Paris"``
``write_offset_time``/...          ``time`` with a ``timezone``     ``"10:15:30+01:00"``
``write_zoned_datetime``/...       ``datetime`` with a zone         ``"2026-03-29T03:30:00+02:00[Europe/Paris]"``
``write_instant``/...              aware ``datetime``, read in UTC  ``"2026-03-29T01:30:00.120Z"``
=================================  ===============================  ======================

Each is written as Fory JSON's writers write the java.time type: ``toString()`` for
most, the formatters ``ISO_OFFSET_TIME`` for an ``OffsetTime`` and
``ISO_ZONED_DATE_TIME`` for a ``ZonedDateTime`` (Jackson's with
``WRITE_DATES_WITH_ZONE_ID``), the pattern ``uuuu-MM`` for a ``YearMonth`` and
``ISO_INSTANT`` (``Instant.toString()``) for an ``Instant``. Each is read as Fory and
Jackson read it (``Year.of(int)``, ``YearMonth.parse``, ``MonthDay.parse``,
``Period.parse``, ``ZoneOffset.of``, ``ZoneId.of``, ``OffsetTime.parse``,
``ZonedDateTime.parse``, ``Instant.parse``). Decisions where Java and Python differ:

- Years: ``Year`` and ``YearMonth`` take Java's whole range (-999,999,999 to
  999,999,999). A year past 9999 is written with the ``+`` that ``YearMonth.parse``
  needs (``+12026-01``), as Fory writes it; ``YearMonth.toString()``, which Jackson
  writes, leaves it out (``12026-01``), and both spellings are read. A ``Year`` is
  also read from a JSON integer, as Jackson does.
- Offset times, zoned date-times and instants hold Python's microseconds and years
  1..9999: a text beyond them is a ``DecodeError`` (with the ``nanos: truncate``
  option, digits past the sixth are dropped instead; see
  ``read_offset_time_truncating``).
- Instants are aware ``datetime`` values: written in UTC whatever their offset, read
  from any offset (as ``Instant.parse`` does since JDK 12) into UTC.
- Zones: a region id (``Europe/Paris``) is a ``zoneinfo.ZoneInfo`` from the running
  Python's time zone database; an offset id (``Z``, ``+02:00``) is a ``timezone``; the
  fixed ids Java keeps by name (``UTC``, ``GMT``, ``UT`` and ``GMT+02:00``,
  ``UTC-05:00``, ``UT+01:00``) are a ``timezone`` with that name, so they are written
  back unchanged. Any other tzinfo, or a ``timezone`` with another name, is an
  ``EncodeError``.
- Zoned date-times are read as ``ZonedDateTime.parse`` reads them: the local date-time
  and the offset give an instant, which is then seen in the zone; an offset the zone
  has at that time is therefore kept (both sides of an overlap), and any other one
  moves the local time. Written values keep their own offset (``fold`` picks one in an
  overlap), except a local time in a gap, which does not exist: it is written as
  ``ZonedDateTime.of`` resolves it, moved forward by the length of the gap.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, timezone, tzinfo

from .errors import DecodeError, EncodeError, decode_mismatch, encode_mismatch
from .temporal import (
    _EPOCH,
    _NANO_DIGITS,
    _TIME_FIELDS,
    _datetime_minus,
    _integer_text,
    _invalid,
    _java_datetime_text,
    _micros,
    _offset_text,
    _offset_texts,
    _utcoffset,
)

__all__ = [
    "MonthDay",
    "Period",
    "Year",
    "YearMonth",
    "read_instant",
    "read_instant_truncating",
    "read_month_day",
    "read_offset_time",
    "read_offset_time_truncating",
    "read_period",
    "read_year",
    "read_year_month",
    "read_zone_id",
    "read_zone_offset",
    "read_zoned_datetime",
    "read_zoned_datetime_truncating",
    "write_instant",
    "write_month_day",
    "write_offset_time",
    "write_period",
    "write_year",
    "write_year_month",
    "write_zone_id",
    "write_zone_offset",
    "write_zoned_datetime",
    "zoned_for_pattern",
    "zoned_from_pattern",
]

MIN_YEAR = -999_999_999
MAX_YEAR = 999_999_999
_INT_MIN = -(2**31)
_INT_MAX = 2**31 - 1

# Days in each month, February with its leap day (as MonthDay allows).
_MONTH_DAYS = (0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_year(year: object) -> int:
    if not _is_int(year):
        raise TypeError(f"a year is an int, not {type(year).__name__}")
    assert isinstance(year, int)
    if not MIN_YEAR <= year <= MAX_YEAR:
        raise ValueError(f"year {year} is outside Java's range {MIN_YEAR}..{MAX_YEAR}")
    return int(year)


def _check_month(month: object) -> int:
    if not _is_int(month):
        raise TypeError(f"a month is an int, not {type(month).__name__}")
    assert isinstance(month, int)
    if not 1 <= month <= 12:
        raise ValueError(f"month {month} is outside 1..12")
    return int(month)


def _is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


class _Value:
    """Immutable value objects: set once in ``__init__``, then read only."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _key(self) -> tuple[int, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Value)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._key()))

    def __reduce__(self) -> tuple[type, tuple[int, ...]]:
        return type(self), self._key()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(map(str, self._key()))})"


class _Ordered(_Value):
    """Values that Java's types order (``Comparable``): by their fields, in order."""

    __slots__ = ()

    def __lt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Value)
        return self._key() < other._key()

    def __le__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Value)
        return self._key() <= other._key()

    def __gt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Value)
        return self._key() > other._key()

    def __ge__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Value)
        return self._key() >= other._key()


class Year(_Ordered):
    """A year, as java.time's ``Year``: any of -999,999,999 to 999,999,999.

    >>> Year(2026), str(Year(2026)), Year(2026).is_leap()
    (Year(2026), '2026', False)
    """

    __slots__ = ("_year",)
    _year: int

    def __init__(self, year: int) -> None:
        object.__setattr__(self, "_year", _check_year(year))

    @property
    def value(self) -> int:
        return self._year

    def _key(self) -> tuple[int, ...]:
        return (self._year,)

    def __str__(self) -> str:
        return str(self._year)

    def is_leap(self) -> bool:
        return _is_leap(self._year)

    @classmethod
    def from_date(cls, value: date) -> Year:
        return cls(value.year)

    def at_month(self, month: int) -> YearMonth:
        return YearMonth(self._year, month)


class YearMonth(_Ordered):
    """A month of a year, as java.time's ``YearMonth``.

    >>> YearMonth(2026, 3), str(YearMonth(2026, 3)), YearMonth(2026, 2).length()
    (YearMonth(2026, 3), '2026-03', 28)
    """

    __slots__ = ("_year", "_month")
    _year: int
    _month: int

    def __init__(self, year: int, month: int) -> None:
        object.__setattr__(self, "_year", _check_year(year))
        object.__setattr__(self, "_month", _check_month(month))

    @property
    def year(self) -> int:
        return self._year

    @property
    def month(self) -> int:
        return self._month

    def _key(self) -> tuple[int, ...]:
        return (self._year, self._month)

    def __str__(self) -> str:
        """``YearMonth.toString()``: four digits at least, no ``+`` past 9999."""
        year = self._year
        if -1000 < year < 0:
            return f"-{-year:04d}-{self._month:02d}"
        return f"{year:04d}-{self._month:02d}"

    def length(self) -> int:
        """The number of days in the month."""
        if self._month == 2 and not _is_leap(self._year):
            return 28
        return _MONTH_DAYS[self._month]

    @classmethod
    def from_date(cls, value: date) -> YearMonth:
        return cls(value.year, value.month)

    def first_day(self) -> date:
        """The month's first ``date``; ValueError for a year outside 1..9999."""
        return date(self._year, self._month, 1)

    def last_day(self) -> date:
        """The month's last ``date``; ValueError for a year outside 1..9999."""
        return date(self._year, self._month, self.length())


class MonthDay(_Ordered):
    """A day of a month in no particular year, as java.time's ``MonthDay``.

    February 29 is allowed. ``at_year`` moves it to February 28 in a common year, as
    Java's ``atYear`` does.

    >>> MonthDay(3, 29), str(MonthDay(3, 29)), MonthDay(2, 29).at_year(2026)
    (MonthDay(3, 29), '--03-29', datetime.date(2026, 2, 28))
    """

    __slots__ = ("_month", "_day")
    _month: int
    _day: int

    def __init__(self, month: int, day: int) -> None:
        month = _check_month(month)
        if not _is_int(day):
            raise TypeError(f"a day is an int, not {type(day).__name__}")
        if not 1 <= day <= _MONTH_DAYS[month]:
            raise ValueError(
                f"day {day} is outside 1..{_MONTH_DAYS[month]} for month {month}"
            )
        object.__setattr__(self, "_month", month)
        object.__setattr__(self, "_day", int(day))

    @property
    def month(self) -> int:
        return self._month

    @property
    def day(self) -> int:
        return self._day

    def _key(self) -> tuple[int, ...]:
        return (self._month, self._day)

    def __str__(self) -> str:
        return f"--{self._month:02d}-{self._day:02d}"

    @classmethod
    def from_date(cls, value: date) -> MonthDay:
        return cls(value.month, value.day)

    def at_year(self, year: int) -> date:
        day = self._day
        if self._month == 2 and day == 29 and not _is_leap(year):
            day = 28
        return date(year, self._month, day)


class Period(_Value):
    """An amount of years, months and days, as java.time's ``Period``.

    Each part is a 32-bit signed integer, kept as given: ``Period(months=12)`` is not
    ``Period(years=1)``, as in Java. A period has no fixed length, so it does not order
    and converts to a ``timedelta`` only when it has days alone; ``add_to`` adds it to
    a date as Java's ``Period.addTo`` does (months first, then days).

    >>> str(Period(1, 2, 3)), str(Period()), str(Period(years=-1, months=2))
    ('P1Y2M3D', 'P0D', 'P-1Y2M')
    >>> Period(months=1).add_to(date(2026, 1, 31))
    datetime.date(2026, 2, 28)
    """

    __slots__ = ("_years", "_months", "_days")
    _years: int
    _months: int
    _days: int

    def __init__(self, years: int = 0, months: int = 0, days: int = 0) -> None:
        for name, part in (("years", years), ("months", months), ("days", days)):
            if not _is_int(part):
                raise TypeError(f"{name} is an int, not {type(part).__name__}")
            if not _INT_MIN <= part <= _INT_MAX:
                raise ValueError(f"{name} {part} is outside Java's 32-bit int range")
            object.__setattr__(self, f"_{name}", int(part))

    @property
    def years(self) -> int:
        return self._years

    @property
    def months(self) -> int:
        return self._months

    @property
    def days(self) -> int:
        return self._days

    def _key(self) -> tuple[int, ...]:
        return (self._years, self._months, self._days)

    def __repr__(self) -> str:
        return f"Period(years={self._years}, months={self._months}, days={self._days})"

    def __str__(self) -> str:
        """``Period.toString()``: ``P0D`` when zero, else each non-zero part."""
        if not (self._years or self._months or self._days):
            return "P0D"
        text = "P"
        if self._years:
            text += f"{self._years}Y"
        if self._months:
            text += f"{self._months}M"
        if self._days:
            text += f"{self._days}D"
        return text

    def __bool__(self) -> bool:
        return bool(self._years or self._months or self._days)

    def to_timedelta(self) -> timedelta:
        """The period as a ``timedelta``; ValueError when it has years or months."""
        if self._years or self._months:
            raise ValueError(
                f"{self} has years or months, which have no fixed number of days"
            )
        return timedelta(days=self._days)

    @classmethod
    def from_timedelta(cls, value: timedelta) -> Period:
        """The whole days of a ``timedelta``; ValueError when it has a time part."""
        if value.seconds or value.microseconds:
            raise ValueError(f"{value!r} is not a whole number of days")
        return cls(days=value.days)

    def add_to(self, value: date) -> date:
        """``value`` plus the months (the day clamped to the month's end), then days."""
        months = value.year * 12 + value.month - 1 + self._years * 12 + self._months
        year, month = divmod(months, 12)
        length = YearMonth(year, month + 1).length()
        moved = date(year, month + 1, min(value.day, length))
        return moved + timedelta(days=self._days)


# --- years and months -----------------------------------------------------------------

_EXPECTED_YEAR = "year (such as 2026)"
_EXPECTED_YEAR_MONTH = "year-month (YYYY-MM)"
_EXPECTED_MONTH_DAY = "month-day (--MM-DD)"
_EXPECTED_PERIOD = "period (ISO-8601, such as P1Y2M3D)"
_EXPECTED_ZONE_OFFSET = "zone offset (Z, +HH:MM or +HH:MM:SS)"
_EXPECTED_ZONE_ID = "zone id (such as Europe/Paris, Z or +02:00)"
_EXPECTED_OFFSET_TIME = "time with offset (HH:mm[:ss[.fraction]] then Z or +HH:MM)"
_EXPECTED_INSTANT = "instant (YYYY-MM-DDTHH:mm:ss[.fraction] then Z or +HH:MM)"
_EXPECTED_ZONED_DATETIME = (
    "zoned date-time (YYYY-MM-DDTHH:mm[:ss[.fraction]], an offset, then [zone])"
)

_YEAR_TEXT = re.compile(r"[+-]?\d{1,20}", re.ASCII)
_YEAR_MONTH = re.compile(r"([+-]?)(\d{4,10})-(\d\d)", re.ASCII)
_MONTH_DAY = re.compile(r"--(\d\d)-(\d\d)", re.ASCII)
_PERIOD = re.compile(
    r"([-+]?)[Pp](?:([-+]?\d+)[Yy])?(?:([-+]?\d+)[Mm])?"
    r"(?:([-+]?\d+)[Ww])?(?:([-+]?\d+)[Dd])?",
    re.ASCII,
)


def write_year(value: object) -> str:
    """Write a ``Year`` as ``Year.toString()`` does: the number (``"2026"``, ``"-1"``)."""
    if type(value) is not Year:
        raise encode_mismatch(value, "Year")
    return f'"{value._year}"'


def read_year(data: object) -> Year:
    """Read a year from a string of digits (optionally signed) or a JSON integer."""
    if type(data) is str and _YEAR_TEXT.fullmatch(data) is not None:
        number = int(data)
    elif type(data) is int:
        number = data
    else:
        raise decode_mismatch(data, _EXPECTED_YEAR)
    if not MIN_YEAR <= number <= MAX_YEAR:
        shown = repr(data) if type(data) is str else _integer_text(number)
        raise DecodeError(
            f"invalid year {shown}: outside Java's range {MIN_YEAR}..{MAX_YEAR}"
        )
    return Year(number)


def write_year_month(value: object) -> str:
    """Write a ``YearMonth`` as Fory does, with the pattern ``uuuu-MM``: ``"2026-03"``,
    and a ``+`` before a year past 9999 (``"+12026-01"``), which ``YearMonth.toString()``
    leaves out."""
    if type(value) is not YearMonth:
        raise encode_mismatch(value, "YearMonth")
    return f'"+{value}"' if value.year > 9999 else f'"{value}"'


def read_year_month(data: object) -> YearMonth:
    """Read ``YYYY-MM`` as ``YearMonth.parse`` does, and ``toString()``'s long years."""
    match = _YEAR_MONTH.fullmatch(data) if type(data) is str else None
    if match is None:
        raise decode_mismatch(data, _EXPECTED_YEAR_MONTH)
    sign, digits, month = match.groups()
    text: str = match.string
    if sign == "+" and len(digits) == 4:
        raise _invalid("year-month", text, "a four-digit year takes no '+'")
    if sign == "-" and not digits.strip("0"):
        raise _invalid("year-month", text, "year -0 does not exist")
    if not 1 <= int(month) <= 12:
        raise _invalid("year-month", text, f"month {month} is outside 01..12")
    return YearMonth(int(sign + digits), int(month))


def write_month_day(value: object) -> str:
    """Write a ``MonthDay`` as ``MonthDay.toString()`` does (``"--03-29"``)."""
    if type(value) is not MonthDay:
        raise encode_mismatch(value, "MonthDay")
    return f'"{value}"'


def read_month_day(data: object) -> MonthDay:
    """Read ``--MM-DD`` as ``MonthDay.parse`` does (February 29 included)."""
    match = _MONTH_DAY.fullmatch(data) if type(data) is str else None
    if match is None:
        raise decode_mismatch(data, _EXPECTED_MONTH_DAY)
    month, day = int(match.group(1)), int(match.group(2))
    if not 1 <= month <= 12:
        raise _invalid("month-day", match.string, f"month {month} is outside 01..12")
    if not 1 <= day <= _MONTH_DAYS[month]:
        raise _invalid(
            "month-day",
            match.string,
            f"day {day} is outside 01..{_MONTH_DAYS[month]} for month {month}",
        )
    return MonthDay(month, day)


def write_period(value: object) -> str:
    """Write a ``Period`` as ``Period.toString()`` does (``"P1Y2M3D"``, ``"P0D"``)."""
    if type(value) is not Period:
        raise encode_mismatch(value, "Period")
    return f'"{value}"'


def read_period(data: object) -> Period:
    """Read ``[-+]P[nY][nM][nW][nD]`` as ``Period.parse`` does.

    Letters in either case, each part optionally signed and a 32-bit integer, at least
    one part; weeks are added to days as seven each; a leading ``-`` negates every part.
    """
    match = _PERIOD.fullmatch(data) if type(data) is str else None
    if match is None or match.group(2, 3, 4, 5) == (None, None, None, None):
        raise decode_mismatch(data, _EXPECTED_PERIOD)
    sign = -1 if match.group(1) == "-" else 1
    parts = []
    for part in match.group(2, 3, 4, 5):
        number = 0 if part is None else int(part) if len(part) < 30 else _INT_MAX + 1
        if not _INT_MIN <= number <= _INT_MAX or not (
            _INT_MIN <= number * sign <= _INT_MAX
        ):
            raise _invalid("period", match.string, "a part is outside Java's int range")
        parts.append(number * sign)
    years, months, weeks, days = parts
    days += weeks * 7
    if not _INT_MIN <= weeks * 7 <= _INT_MAX or not _INT_MIN <= days <= _INT_MAX:
        raise _invalid("period", match.string, "the days are outside Java's int range")
    return Period(years, months, days)


# --- zones ----------------------------------------------------------------------------

_ZONE_CACHE_LIMIT = 1024
_offsets: dict[int, timezone] = {}
_REGION = re.compile(r"[A-Za-z][A-Za-z0-9~/._+-]{1,99}", re.ASCII)
# Names in a time zone database that are no zones of Java's.
_NOT_REGIONS = frozenset({"Factory", "localtime", "posixrules"})
_FIXED_PREFIXES = ("UTC", "GMT", "UT")


def _offset(seconds: int) -> timezone:
    """The ``timezone`` of a whole number of seconds, shared while few are in use."""
    zone = _offsets.get(seconds)
    if zone is None:
        zone = timezone(timedelta(seconds=seconds))
        if len(_offsets) < _ZONE_CACHE_LIMIT:
            _offsets[seconds] = zone
    return zone


def _offset_seconds(text: str) -> int:
    """Seconds of an offset as ``ZoneOffset.of`` reads it; ValueError says why not.

    ``Z``, or a sign and ``h``, ``hh``, ``hhmm``, ``hh:mm``, ``hhmmss`` or ``hh:mm:ss``.
    """
    if text == "Z":
        return 0
    sign, body = text[:1], text[1:]
    if sign not in ("+", "-") or not body.isascii():
        raise ValueError("not an offset")
    size = len(body)
    if size in (1, 2) and body.isdigit():
        hours, minutes, seconds = int(body), 0, 0
    elif size == 4 and body.isdigit():
        hours, minutes, seconds = int(body[:2]), int(body[2:]), 0
    elif size == 5 and body[2] == ":" and (body[:2] + body[3:]).isdigit():
        hours, minutes, seconds = int(body[:2]), int(body[3:]), 0
    elif size == 6 and body.isdigit():
        hours, minutes, seconds = int(body[:2]), int(body[2:4]), int(body[4:])
    elif (
        size == 8
        and body[2] == ":"
        and body[5] == ":"
        and (body[:2] + body[3:5] + body[6:]).isdigit()
    ):
        hours, minutes, seconds = int(body[:2]), int(body[3:5]), int(body[6:])
    else:
        raise ValueError("not an offset")
    if minutes > 59 or seconds > 59:
        raise ValueError(f"offset {text} has minutes or seconds above 59")
    total = hours * 3600 + minutes * 60 + seconds
    if total > 18 * 3600:
        raise ValueError(f"offset {text} is outside the range -18:00..+18:00")
    return -total if sign == "-" else total


def _offset_id(seconds: int) -> str:
    """``ZoneOffset.getId()`` of a whole number of seconds."""
    return _offset_texts.get(timedelta(seconds=seconds)) or _offset_text(
        timedelta(seconds=seconds)
    )


def _zone_from_id(text: str) -> tzinfo:
    """The zone of a Java zone id, read as ``ZoneId.of`` reads it; ValueError says why."""
    if text == "Z" or text[:1] in ("+", "-"):
        return _offset(_offset_seconds(text))
    if text in _FIXED_PREFIXES:
        return timezone(timedelta(0), text)
    for prefix in _FIXED_PREFIXES:
        size = len(prefix)
        if text.startswith(prefix) and text[size : size + 1] in ("+", "-"):
            seconds = _offset_seconds(text[size:])
            if not seconds:
                return timezone(timedelta(0), prefix)
            return timezone(timedelta(seconds=seconds), prefix + _offset_id(seconds))
    if _REGION.fullmatch(text) is None:
        raise ValueError("not a zone id")
    if text in _NOT_REGIONS or text.startswith(("posix/", "right/")):
        raise ValueError(f"unknown time zone region {text!r}")
    from zoneinfo import ZoneInfo  # only when zones are read

    try:
        return ZoneInfo(text)
    except (KeyError, ValueError, OSError):  # ZoneInfoNotFoundError is a KeyError
        pass
    raise ValueError(f"unknown time zone region {text!r}")


def _zone_text(zone: object, what: str) -> str | None:
    """The Java id of a zone, or None for an offset (a ``ZoneOffset``) without a name."""
    if type(zone) is timezone:
        arguments = zone.__getinitargs__()  # type: ignore[attr-defined]
        if len(arguments) == 1:
            return None
        name = arguments[1]
        try:
            same = _zone_from_id(name) if name[:1] not in ("Z", "+", "-") else None
        except ValueError:
            same = None
        if (
            type(same) is not timezone
            or same.__getinitargs__() != arguments  # type: ignore[attr-defined]
        ):
            raise EncodeError(
                f"a {what} named {name!r} is no Java zone: name a fixed timezone UTC,"
                " GMT, UT or as GMT+02:00, or use zoneinfo.ZoneInfo or an unnamed"
                " timezone"
            )
        return str(name)
    key = getattr(zone, "key", None) if _is_zoneinfo(zone) else None
    if type(key) is str and _REGION.fullmatch(key) and key not in _NOT_REGIONS:
        return key
    raise EncodeError(
        f"expected a {what} of a zoneinfo.ZoneInfo (with a key) or a datetime.timezone,"
        f" got {type(zone).__name__}"
    )


def _is_zoneinfo(zone: object) -> bool:
    import sys

    module = sys.modules.get("zoneinfo")
    return module is not None and isinstance(zone, module.ZoneInfo)


def _whole_offset(offset: timedelta) -> str:
    """The id of an offset, checked to be Java's (whole seconds, within 18 hours)."""
    return _offset_texts.get(offset) or _offset_text(offset)


def write_zone_offset(value: object) -> str:
    """Write a ``timezone`` as ``ZoneOffset.toString()`` does: ``Z`` or ``+02:00``."""
    if type(value) is not timezone:
        raise encode_mismatch(value, "timezone")
    return f'"{_whole_offset(value.utcoffset(None))}"'


def read_zone_offset(data: object) -> timezone:
    """Read an offset as ``ZoneOffset.of`` does (``Z``, ``+2``, ``+0200``, ``+02:00``...)."""
    if type(data) is not str:
        raise decode_mismatch(data, _EXPECTED_ZONE_OFFSET)
    try:
        return _offset(_offset_seconds(data))
    except ValueError as error:
        if str(error) == "not an offset":
            raise decode_mismatch(data, _EXPECTED_ZONE_OFFSET) from None
        raise _invalid("zone offset", data, str(error)) from None


def write_zone_id(value: object) -> str:
    """Write a zone as ``ZoneId.toString()`` does: its region id, name or offset id."""
    if not isinstance(value, tzinfo):
        raise encode_mismatch(value, "zone (zoneinfo.ZoneInfo or datetime.timezone)")
    text = _zone_text(value, "zone")
    if text is None:
        assert isinstance(value, timezone)
        text = _whole_offset(value.utcoffset(None))
    return f'"{text}"'


def read_zone_id(data: object) -> tzinfo:
    """Read a zone id as ``ZoneId.of`` does, into a ``ZoneInfo`` or ``timezone``."""
    if type(data) is not str:
        raise decode_mismatch(data, _EXPECTED_ZONE_ID)
    try:
        return _zone_from_id(data)
    except ValueError as error:
        if str(error) in ("not a zone id", "not an offset"):
            raise decode_mismatch(data, _EXPECTED_ZONE_ID) from None
        raise _invalid("zone id", data, str(error)) from None


# --- offset times and zoned date-times ------------------------------------------------

_ISO_OFFSET = r"([Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?)"
_OFFSET_TIME = re.compile(_TIME_FIELDS + _ISO_OFFSET, re.ASCII)
_ZONED_DATETIME = re.compile(
    r"(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]"
    + _TIME_FIELDS
    + _ISO_OFFSET
    + r"(?:\[([^\]]{1,100})\])?",
    re.ASCII,
)
_LONG_YEAR = re.compile(r"[+-]\d{4,}-", re.ASCII)
_UTC = timezone.utc


def _iso_offset(text: str) -> timezone:
    """The ``timezone`` of an ISO offset (``Z``, ``+HH:MM``, ``+HH:MM:SS``)."""
    if text in ("Z", "z"):
        return _UTC
    return _offset(_offset_seconds(text))


def write_offset_time(value: object) -> str:
    """Write a ``time`` with a ``timezone`` as Fory writes an ``OffsetTime``, with
    ``ISO_OFFSET_TIME``: seconds always, a trimmed fraction, the offset."""
    if not isinstance(value, time):
        raise encode_mismatch(value, "time")
    zone = value.tzinfo
    if type(zone) is not timezone:
        raise EncodeError(
            "expected a time with a datetime.timezone (an offset time has a fixed"
            " offset), got "
            + ("a naive time" if zone is None else f"a time with {type(zone).__name__}")
        )
    offset = _whole_offset(zone.utcoffset(None))
    local = time.isoformat(time.replace(value, tzinfo=None))
    return f'"{local.rstrip("0") if "." in local else local}{offset}"'


def read_offset_time(data: object) -> time:
    """Read ``HH:mm[:ss[.f]]`` and an offset as ``OffsetTime.parse`` does."""
    match = _OFFSET_TIME.fullmatch(data) if type(data) is str else None
    if match is None:
        raise decode_mismatch(data, _EXPECTED_OFFSET_TIME)
    hour, minute, second, fraction, offset = match.groups()
    try:
        return time(
            int(hour),
            int(minute),
            int(second or 0),
            _micros(fraction),
            _iso_offset(offset),
        )
    except ValueError as error:
        raise _invalid("offset time", match.string, str(error)) from None


def read_offset_time_truncating(data: object) -> time:
    """``read_offset_time``, with fraction digits past microseconds dropped."""
    if type(data) is str and len(data) > 16:
        data = _NANO_DIGITS.sub(r"\1", data, 1)
    return read_offset_time(data)


def write_zoned_datetime(value: object) -> str:
    """Write a ``datetime`` with a zone as Jackson writes a ``ZonedDateTime``.

    ``ISO_ZONED_DATE_TIME``: the local date-time with seconds always and a trimmed
    fraction, the offset, then the zone id in brackets unless the zone is an offset.
    """
    if not isinstance(value, datetime):
        raise encode_mismatch(value, "datetime")
    zone = value.tzinfo
    if zone is None:
        raise EncodeError("expected a datetime with a zone, got a naive datetime")
    region = _zone_text(zone, "zoned datetime's tzinfo")
    if type(zone) is not timezone:
        value = _resolve_gap(value, zone)
    offset = datetime.utcoffset(value)
    if offset is None:
        raise EncodeError("the zone of the datetime gives no UTC offset")
    text = datetime.isoformat(value)
    local = text[:26].rstrip("0") if value.microsecond else text[:19]
    suffix = f"[{region}]" if region is not None else ""
    return f'"{local}{_whole_offset(offset)}{suffix}"'


def _resolve_gap(value: datetime, zone: tzinfo) -> datetime:
    """A local time the zone skips (a gap) moved forward by the gap's length, as
    ``ZonedDateTime.of`` does; any other value as it is (``fold`` picks the offset of
    a local time that happens twice)."""
    try:
        seen = datetime.astimezone(datetime.astimezone(value, _UTC), zone)
        if datetime.replace(seen, tzinfo=None) == datetime.replace(value, tzinfo=None):
            return value
        earlier = datetime.replace(value, fold=0)
        return datetime.astimezone(datetime.astimezone(earlier, _UTC), zone)
    except (OverflowError, ValueError):
        return value  # at the ends of datetime's range, where zones have no gaps


def _not_matched(data: object, what: str, expected: str) -> DecodeError:
    """The error for text without a zoned date-time's or an instant's shape."""
    if type(data) is str and _LONG_YEAR.match(data):
        return _invalid(what, data, "years outside 1..9999 cannot be represented")
    return decode_mismatch(data, expected)


def _with_offset(match: re.Match[str], what: str) -> datetime:
    """The aware ``datetime`` of the first eight groups of a zoned date-time's or an
    instant's match: date, time fields and offset."""
    year, month, day, hour, minute, second, fraction, offset = match.groups()[:8]
    try:
        return datetime(
            int(year),
            int(month),
            int(day),
            int(hour),
            int(minute),
            int(second or 0),
            _micros(fraction),
            _iso_offset(offset),
        )
    except ValueError as error:
        raise _invalid(what, match.string, str(error)) from None


def read_zoned_datetime(data: object) -> datetime:
    """Read a zoned date-time as ``ZonedDateTime.parse`` does, into an aware ``datetime``.

    The date-time and its offset make an instant; with a ``[zone]``, the result is that
    instant in the zone (a ``ZoneInfo``, or a named ``timezone`` for ``UTC``,
    ``GMT+02:00``...); without one, the offset is the zone.
    """
    match = _ZONED_DATETIME.fullmatch(data) if type(data) is str else None
    if match is None:
        raise _not_matched(data, "zoned date-time", _EXPECTED_ZONED_DATETIME)
    text: str = match.string
    value = _with_offset(match, "zoned date-time")
    region = match.group(9)
    if region is None:
        return value
    try:
        zone = _zone_from_id(region)
    except ValueError as error:
        reason = str(error)
        if reason in ("not a zone id", "not an offset"):
            reason = f"{region!r} is not a zone id"
        raise _invalid("zoned date-time", text, reason) from None
    if zone is value.tzinfo:
        return value
    try:
        return value.astimezone(zone)
    except OverflowError:
        raise _invalid(
            "zoned date-time", text, "the instant in the zone is outside years 1..9999"
        ) from None


def read_zoned_datetime_truncating(data: object) -> datetime:
    """``read_zoned_datetime``, with fraction digits past microseconds dropped."""
    if type(data) is str and len(data) > 26:
        data = _NANO_DIGITS.sub(r"\1", data, 1)
    return read_zoned_datetime(data)


# --- instants -------------------------------------------------------------------------

_INSTANT = re.compile(
    r"(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]"
    r"([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\.(\d{1,9}))?" + _ISO_OFFSET,
    re.ASCII,
)


def write_instant(value: object) -> str:
    """Write an aware ``datetime`` as ``Instant.toString()`` does, which Fory writes:
    the instant in UTC, seconds always, the fraction in groups of three digits, ``Z``
    (``"2024-03-05T14:07:09.120Z"``)."""
    if not isinstance(value, datetime):
        raise encode_mismatch(value, "datetime")
    if _utcoffset(value) is None:
        raise EncodeError(
            "expected a datetime with an offset (an instant), got a naive datetime"
        )
    try:
        # The epoch plus the difference: an exact datetime, which astimezone would
        # make through a subclass's own constructor.
        utc = _EPOCH + _datetime_minus(value, _EPOCH)
    except OverflowError:
        raise EncodeError(
            f"the instant {datetime.isoformat(value)} in UTC is outside years 1..9999"
        ) from None
    except MemoryError:
        raise
    except Exception as error:  # a tzinfo that fails the second time it is asked
        raise EncodeError(
            f"the tzinfo of the datetime gives no valid UTC offset ({error})"
        ) from None
    return f'"{_java_datetime_text(utc, seconds=True)}Z"'


def read_instant(data: object) -> datetime:
    """Read an instant as ``Instant.parse`` does (JDK 12+): a date-time with seconds
    and an offset (``Z``, ``+HH:MM`` or ``+HH:MM:SS``), as an aware ``datetime`` in
    UTC."""
    match = _INSTANT.fullmatch(data) if type(data) is str else None
    if match is None:
        raise _not_matched(data, "instant", _EXPECTED_INSTANT)
    value = _with_offset(match, "instant")
    if value.tzinfo is _UTC:
        return value
    try:
        return datetime.astimezone(value, _UTC)
    except OverflowError:
        raise _invalid(
            "instant", match.string, "the instant in UTC is outside years 1..9999"
        ) from None


def read_instant_truncating(data: object) -> datetime:
    """``read_instant``, with fraction digits past microseconds dropped."""
    if type(data) is str and len(data) > 26:
        data = _NANO_DIGITS.sub(r"\1", data, 1)
    return read_instant(data)


# --- zoned date-times of a pattern ----------------------------------------------------


def zoned_for_pattern(value: object) -> tuple[datetime, timedelta, str]:
    """A zoned date-time as a pattern writes it: the value, its offset and zone id.

    The value is checked as ``write_zoned_datetime`` checks it, and a local time in a
    gap is moved forward past the gap, as ``ZonedDateTime.of`` does. The zone id is
    what ``VV`` writes: the region or fixed zone's name, or the offset's id.
    """
    if not isinstance(value, datetime):
        raise encode_mismatch(value, "datetime")
    zone = value.tzinfo
    if zone is None:
        raise EncodeError("expected a datetime with a zone, got a naive datetime")
    region = _zone_text(zone, "zoned datetime's tzinfo")
    if type(zone) is not timezone:
        value = _resolve_gap(value, zone)
    offset = datetime.utcoffset(value)
    if offset is None:
        raise EncodeError("the zone of the datetime gives no UTC offset")
    return value, offset, region if region is not None else _whole_offset(offset)


def zoned_from_pattern(value: datetime, zone_id: str) -> datetime:
    """The value a pattern with a zone id (``VV``) reads, as Java's parser resolves it.

    ``value`` is the local date-time read, aware when the pattern has an offset too.
    With an offset, the instant it gives is seen in the zone: an offset the zone has
    at that time is kept, any other moves the local time. Without one, the local time
    is placed in the zone as ``ZonedDateTime.of`` places it (a time in a gap moves
    forward by the gap's length; in an overlap the earlier offset is taken). Raises
    ``ValueError`` saying why when the id is no zone or the instant leaves the years.
    """
    try:
        zone = _zone_from_id(zone_id)
    except ValueError as error:
        reason = str(error)
        if reason in ("not a zone id", "not an offset"):
            reason = f"{zone_id!r} is not a zone id"
        raise ValueError(reason) from None
    if value.tzinfo is None:
        value = datetime.replace(value, tzinfo=zone)
        return value if type(zone) is timezone else _resolve_gap(value, zone)
    if zone is value.tzinfo:
        return value
    try:
        return datetime.astimezone(value, zone)
    except OverflowError:
        raise ValueError("the instant in the zone is outside years 1..9999") from None
