"""Date/time patterns: generation-time errors, and the behaviour of the generated code.

The generated functions are written into a module file the way a generated module lays
them out, imported through importlib, and exercised directly; the same file is checked
with ruff and mypy --strict.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import string
import subprocess
import sys
from collections.abc import Callable, Iterable
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from pathlib import Path
from types import ModuleType
from typing import Any
from zoneinfo import ZoneInfo

import black
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson.errors import DecodeError, EncodeError
from foryjson.gen.patterns import (
    KINDS,
    NumberField,
    OffsetField,
    PatternError,
    PatternPlan,
    Text,
    plan_pattern,
)
from foryjson.gen.templating import render_macro

REPOSITORY = Path(__file__).resolve().parents[1]

# name -> (pattern, kind): every pattern the behaviour tests use, in one module.
CASES: dict[str, tuple[str, str]] = {
    "dmy": ("dd/MM/uuuu", "date"),
    "stamp": ("yyyy-MM-dd HH:mm:ss", "local_datetime"),
    "hm": ("HH:mm", "time"),
    "iso": ("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "datetime"),
    "short": ("d.M.yy", "date"),
    "clock": ("hh:mm a", "time"),
    "oclock": ("'at' HH 'o''clock'", "time"),
    "escapes": ("'{'uuuu'}' \"MM\" \\dd 'it''s' ''", "date"),
    "controls": ("dd\tMM\x01é😀 uuuu\n", "date"),
    "trailing": ('dd/MM/uuuu "\\', "date"),
    "basic": ("uuuuMMdd", "date"),
    "loose": ("y-M-d", "date"),
    "wide": ("yyyyyy/MM/dd", "date"),
    "hour": ("H", "time"),
    "tenths": ("HH:mm:ss.S", "time"),
    "micro": ("HH:mm:ss.SSSSSS", "time"),
    "nano": ("HH:mm:ss.SSSSSSSSS", "time"),
    "clock_s": ("h:mm:ss a", "time"),
    "local_iso": ("uuuu-MM-dd'T'HH:mm:ss.SSSSSS", "local_datetime"),
    "local_hour": ("yyyyMMddHH", "local_datetime"),
    "off_X": ("uuuu-MM-dd'T'HH:mmX", "datetime"),
    "off_XX": ("uuuu-MM-dd'T'HH:mmXX", "datetime"),
    "off_XXX": ("uuuu-MM-dd'T'HH:mmXXX", "datetime"),
    "off_x": ("uuuu-MM-dd'T'HH:mmx", "datetime"),
    "off_xx": ("uuuu-MM-dd'T'HH:mmxx", "datetime"),
    "off_xxx": ("uuuu-MM-dd'T'HH:mmxxx", "datetime"),
    "off_Z": ("uuuu-MM-dd'T'HH:mm Z", "datetime"),
    "aware_micro": ("yyyy-MM-dd HH:mm:ss.SSSSSSxxx", "datetime"),
    "aware_nano": ("yyyyMMddHHmmssSSSSSSSSSX", "datetime"),
    "ot": ("HH:mm:ssXXX", "offset_time"),
    "ot_clock": ("hh:mm a xx", "offset_time"),
    "ot_micro": ("HH:mm:ss.SSSSSSZ", "offset_time"),
    "zoned": ("uuuu-MM-dd HH:mm:ss VV", "zoned_datetime"),
    "zoned_both": ("uuuu-MM-dd'T'HH:mmXXX'['VV']'", "zoned_datetime"),
    "zoned_offset": ("dd/MM/uuuu HH:mm X", "zoned_datetime"),
    "zone_first": ("VV uuuu-MM-dd HH:mm", "zoned_datetime"),
}

_DATETIME_NAMES = frozenset({"date", "time", "datetime", "timedelta", "timezone"})
_ERROR_NAMES = frozenset({"DecodeError", "decode_mismatch", "encode_mismatch"})


def module_source(cases: dict[str, tuple[str, str]]) -> str:
    """The patterns' code laid out as a generated module, formatted by black."""
    planned: list[PatternPlan] = [
        plan_pattern(pattern, kind, name) for name, (pattern, kind) in cases.items()
    ]
    imports: set[str] = set().union(*(item.imports for item in planned))
    assert imports <= {"re", "_javatime"} | _DATETIME_NAMES | _ERROR_NAMES
    lines = ['"""Pattern codecs, laid out as in a generated module."""', ""]
    lines += ["from __future__ import annotations", ""]
    if "re" in imports:
        lines.append("import re")
    if imports & _DATETIME_NAMES:
        lines.append(
            f"from datetime import {', '.join(sorted(imports & _DATETIME_NAMES))}"
        )
    errors = sorted(imports & _ERROR_NAMES, key=lambda name: (name.islower(), name))
    lines += [""]
    if "_javatime" in imports:
        lines.append("from foryjson import javatime as _javatime")
    lines += [f"from foryjson.errors import {', '.join(errors)}", ""]
    for item in planned:
        lines.append(render_macro("patterns.jinja", "table", item))
    for item in planned:
        lines += ["", "", render_macro("functions.jinja", "pattern_functions", item)]
    mode = black.Mode(target_versions={black.mode.TargetVersion.PY310})
    return black.format_str("\n".join(lines) + "\n", mode=mode)


def load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    path = tmp_path_factory.mktemp("patterns") / "pattern_probe.py"
    path.write_text(module_source(CASES), encoding="utf-8")
    return load(path)


def write(module: ModuleType, name: str, value: object) -> str:
    function: Callable[[object], str] = getattr(module, f"_format_{name}")
    return function(value)


def read(module: ModuleType, name: str, data: object) -> Any:
    function: Callable[[object], Any] = getattr(module, f"_parse_{name}")
    return function(data)


def zone(hours: int = 0, minutes: int = 0) -> timezone:
    return timezone(timedelta(hours=hours, minutes=minutes))


def same_instant_and_offset(left: datetime, right: datetime) -> bool:
    return left == right and left.utcoffset() == right.utcoffset()


# ----------------------------------------------------------- generation-time errors

ERRORS = [
    # pattern, kind, offset, part of the message
    ("yyyy-MM-ddTHH:mm", "local_datetime", 10, "unknown pattern letter 'T'"),
    ("yyyy-MM-ddTHH:mm", "local_datetime", 10, "in quotes: 'T'"),
    ("EEE, dd/MM/uuuu", "date", 0, "pattern letter 'E' (day of week) is not supported"),
    ("G uuuu-MM-dd", "date", 0, "'G' (era)"),
    ("uuuu-QQ-dd", "date", 5, "'Q' (quarter of year)"),
    ("YYYY-ww", "date", 0, "'Y' (week-based year)"),
    ("uuuu-LL-dd", "date", 5, "'L' (stand-alone month)"),
    ("kk:mm", "time", 0, "'k' (clock hour of day (1-24))"),
    ("KK:mm a", "time", 0, "'K' (hour of AM/PM (0-11))"),
    ("HH:mm:ss.n", "time", 9, "'n' (nano of second)"),
    ("uuuu-MM-dd HH:mm z", "datetime", 17, "'z' (time-zone name)"),
    (
        "uuuu-MM-dd HH:mm VV",
        "datetime",
        17,
        "'VV' (time-zone ID) does not belong in a datetime pattern; only kind"
        " zoned_datetime has a zone id",
    ),
    ("uuuu-MM-dd HH:mm z", "zoned_datetime", 17, "zone names such as 'CET'"),
    ("uuuu-MM-dd HH:mm zzzz", "zoned_datetime", 17, "use 'VV' for the zone id"),
    ("uuuu-MM-dd HH:mm V", "zoned_datetime", 17, "exactly two letters, 'VV'"),
    ("uuuu-MM-dd HH:mm VVV", "zoned_datetime", 17, "'VVV': the time-zone ID"),
    ("uuuu-MM-dd HH:mm vvvv", "zoned_datetime", 17, "'v' (generic time-zone name)"),
    ("uuuu-MM-dd HH:mm", "zoned_datetime", 16, "needs a zone id ('VV') or an offset"),
    ("uuuu-MM HH:mm VV", "zoned_datetime", 16, "a zoned date-time pattern needs a day"),
    ("uuuu-MM-dd VV", "zoned_datetime", 13, "a zoned date-time pattern needs an hour"),
    ("uuuu-MM-dd HH:mm VV VV", "zoned_datetime", 20, "gives the zone id a second"),
    ("HH:mm", "offset_time", 5, "an offset time pattern needs an offset ('XXX'"),
    ("mm:ssX", "offset_time", 6, "an offset time pattern needs an hour"),
    (
        "uuuu-MM-dd HH:mmXXX",
        "offset_time",
        0,
        "'uuuu' (year) does not belong in an offset time pattern",
    ),
    ("HH:mmX VV", "offset_time", 7, "only kind zoned_datetime has a zone id"),
    ("HH:mm z", "offset_time", 6, "'z' (time-zone name) is not supported"),
    ("dd MMM uuuu", "date", 3, "text months ('MMM') depend on the locale"),
    ("dd MMMM uuuu", "date", 3, "text months ('MMMM')"),
    ("dd MMMMMM uuuu", "date", 3, "too many pattern letters: 'MMMMMM'"),
    (
        "ddd/MM/uuuu",
        "date",
        0,
        "too many pattern letters: 'ddd' (day of month; at most 'dd')",
    ),
    ("HHH:mm", "time", 0, "too many pattern letters: 'HHH'"),
    ("HH:mmm", "time", 3, "too many pattern letters: 'mmm'"),
    ("HH:mm:sss", "time", 6, "too many pattern letters: 'sss'"),
    ("hh:mm aa", "time", 6, "too many pattern letters: 'aa'"),
    ("HH:mm:ss.SSSSSSSSSS", "time", 9, "at most 'SSSSSSSSS'"),
    ("uuuuuuuuuu-MM-dd", "date", 0, "at most 'uuuuuuuuu'"),
    ("uuuu-MM-dd HH:mmXXXX", "datetime", 16, "offsets with seconds ('XXXX')"),
    ("uuuu-MM-dd HH:mmxxxxx", "datetime", 16, "offsets with seconds ('xxxxx')"),
    ("uuuu-MM-dd HH:mmXXXXXX", "datetime", 16, "too many pattern letters: 'XXXXXX'"),
    ("uuuu-MM-dd HH:mmZZZZ", "datetime", 16, "'ZZZZ' (localized or seconds offset)"),
    (
        "uuuu-MM-dd HH",
        "date",
        11,
        "'HH' (hour of day) does not belong in a date pattern",
    ),
    ("HH:mm dd", "time", 6, "'dd' (day of month) does not belong in a time pattern"),
    ("HH:mm XXX", "time", 6, "does not belong in a time pattern"),
    (
        "uuuu-MM-dd HH:mm XXX",
        "local_datetime",
        17,
        "'XXX' (offset) does not belong in a local datetime pattern; only kinds"
        " datetime, offset_time and zoned_datetime have an offset",
    ),
    ("MM/dd", "date", 5, "a date pattern needs a year ('uuuu')"),
    ("uuuu-dd", "date", 7, "a date pattern needs a month ('MM')"),
    ("uuuu-MM", "date", 7, "a date pattern needs a day ('dd')"),
    ("", "date", 0, "needs a year"),
    ("MM", "year_month", 2, "a year-month pattern needs a year ('uuuu')"),
    (
        "dd.MM.uuuu",
        "year_month",
        0,
        "'dd' (day of month) does not belong in a year-month",
    ),
    ("dd", "month_day", 2, "a month-day pattern needs a month ('MM')"),
    ("dd.MM.uuuu", "month_day", 6, "'uuuu' (year) does not belong in a month-day"),
    ("MM HH", "month_day", 3, "'HH' (hour of day) does not belong in a month-day"),
    ("mm:ss", "time", 5, "a time pattern needs an hour ('HH', or 'hh' with 'a')"),
    ("uuuu-MM-dd", "local_datetime", 10, "a local datetime pattern needs an hour"),
    ("uuuu-MM-dd HH:mm", "datetime", 16, "a datetime pattern needs an offset"),
    (
        "uuuu-MM-dd-yyyy",
        "date",
        11,
        "'yyyy' gives the year a second time (first as 'uuuu' at offset 0)",
    ),
    ("uuuu-MM-dd-uu", "date", 11, "gives the year a second time"),
    ("HH:mm hh a", "time", 6, "'hh' gives the hour a second time"),
    ("uuuu-MM-dd HH:mmX Z", "datetime", 18, "'Z' gives the offset a second time"),
    ("HH:mm:ss.SSS SS", "time", 13, "gives the fraction of second a second time"),
    ("hh:mm", "time", 0, "the clock hour 'hh' needs an AM/PM marker 'a'"),
    ("HH:mm a", "time", 6, "the AM/PM marker 'a' needs a clock hour"),
    ("mm a", "time", 4, "needs an hour"),
    ("HH:ss", "time", 3, "'ss' (second) needs the minute ('mm')"),
    ("HH:mm.SSS", "time", 6, "'SSS' (fraction of second) needs the second ('ss')"),
    (
        "uuuu-MM-dd [HH:mm]",
        "local_datetime",
        11,
        "optional sections ('[') are not supported",
    ),
    ("uuuu-MM-dd]", "date", 10, "optional sections (']')"),
    ("uuuu#MM-dd", "date", 4, "'#' is reserved in patterns; quote it"),
    ("{uuuu-MM-dd", "date", 0, "'{' is reserved"),
    ("uuuu-MM-dd}", "date", 10, "'}' is reserved"),
    ("uuuu-MM-dd 'at HH", "local_datetime", 11, "unterminated quote"),
    ("uuuu-MM-dd'''", "date", 10, "unterminated quote"),
    ("uuuu-MM-dd\ud800", "date", 10, "lone surrogate"),
]


@pytest.mark.parametrize(("pattern", "kind", "offset", "message"), ERRORS)
def test_pattern_errors_name_the_fault_and_its_offset(
    pattern: str, kind: str, offset: int, message: str
) -> None:
    with pytest.raises(PatternError) as caught:
        plan_pattern(pattern, kind, "bad")
    assert message in caught.value.message
    assert str(caught.value) == caught.value.message
    assert caught.value.offset == offset
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("letter", string.ascii_letters)
def test_every_letter_after_a_complete_date_is_an_error(letter: str) -> None:
    """Unknown, unsupported, wrong-kind and repeated letters all stop generation."""
    with pytest.raises(PatternError) as caught:
        plan_pattern(f"uuuu-MM-dd {letter}", "date", "bad")
    assert caught.value.offset == 11


@pytest.mark.parametrize(
    "pattern",
    ["uuuu-MM-dd 'T#[]{}'", "uuuu-MM-dd''", "''''uuuu-MM-dd", "uuuu-MM-dd 'it''s'"],
)
def test_quoted_letters_and_reserved_characters_are_text(pattern: str) -> None:
    plan_pattern(pattern, "date", "ok")


def test_kind_and_name_mistakes_are_programming_errors() -> None:
    with pytest.raises(ValueError, match="unknown pattern kind 'instant'") as caught:
        plan_pattern("uuuu", "instant", "n")
    assert not isinstance(caught.value, PatternError)
    with pytest.raises(ValueError, match="cannot be part of a Python name"):
        plan_pattern("uuuu-MM-dd", "date", "a-b")


def test_planned_pattern_names_imports_and_code() -> None:
    planned = plan_pattern("dd/MM/uuuu", "date", "day")
    assert (planned.format_name, planned.parse_name, planned.table_name) == (
        "_format_day",
        "_parse_day",
        "_PATTERN_day",
    )
    assert render_macro("patterns.jinja", "table", planned).strip() == (
        '_PATTERN_day = re.compile(r"([0-9]{2})/([0-9]{2})/([0-9]{4})")'
    )
    functions = render_macro("functions.jinja", "pattern_functions", planned)
    assert functions.startswith("def _format_day(value: object) -> str:\n")
    assert "\n\n\ndef _parse_day(data: object) -> date:\n" in functions
    format_body = render_macro("patterns.jinja", "format_body", planned).strip()
    assert format_body.splitlines()[-1] == (
        "return f'\"{value.day:02d}/{value.month:02d}/{value.year:04d}\"'"
    )
    assert planned.imports == {
        "re",
        "date",
        "encode_mismatch",
        "decode_mismatch",
        "DecodeError",
    }
    returns = {kind: plan_pattern(*KIND_EXAMPLES[kind], "k") for kind in KINDS}
    assert returns["time"].class_name == "time"
    assert returns["local_datetime"].class_name == "datetime"
    assert returns["datetime"].imports >= {"datetime", "timedelta", "timezone"}
    assert "timedelta" not in returns["local_datetime"].imports
    assert returns["year_month"].class_name == "_javatime.YearMonth"
    assert returns["year_month"].imports >= {"_javatime", "EncodeError"}
    assert "_javatime" in returns["month_day"].imports
    assert returns["offset_time"].class_name == "time"
    assert returns["offset_time"].imports >= {"time", "timedelta", "timezone"}
    assert returns["zoned_datetime"].class_name == "datetime"
    assert returns["zoned_datetime"].imports >= {"_javatime", "datetime"}
    assert "timezone" not in returns["zoned_datetime"].imports  # VV alone
    assert {"_javatime", "timezone"} <= plan_pattern(
        "uuuu-MM-dd HH:mmX VV", "zoned_datetime", "k"
    ).imports


def test_the_plan_holds_decisions_and_raw_text_and_the_template_quotes() -> None:
    pattern = "'{'uuuu\"\\MM'}'dd'T'HH:mmX"
    plan = plan_pattern(pattern, "datetime", "q")
    texts = [piece.text for piece in plan.pieces if isinstance(piece, Text)]
    assert texts == ["{", '"\\', "}", "T", ":"]  # raw: no quoting in the plan
    assert plan.field_names == ("year", "month", "day", "hour", "minute", "offset")
    assert plan.groups[-3:] == ("sign", "offset_hours", "offset_minutes")
    year, offset = plan.fields[0], plan.offset
    assert isinstance(year, NumberField) and isinstance(offset, OffsetField)
    assert (year.pad, year.least, year.most) == (4, 4, 4)
    assert (offset.zulu, offset.colon, offset.short) == (True, False, True)
    assert plan.base_year is None and plan.fraction is None and not plan.marker
    assert plan_pattern("yy-MM-dd", "date", "s").base_year == 2000
    format_body = render_macro("patterns.jinja", "format_body", plan).strip()
    assert format_body.splitlines()[-1].startswith("return f'\"{{")


KIND_EXAMPLES = {
    "date": ("dd/MM/uuuu", "date"),
    "time": ("HH:mm", "time"),
    "local_datetime": ("yyyy-MM-dd HH:mm:ss", "local_datetime"),
    "datetime": ("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "datetime"),
    "year_month": ("MM/uuuu", "year_month"),
    "month_day": ("dd.MM", "month_day"),
    "offset_time": ("HH:mmXXX", "offset_time"),
    "zoned_datetime": ("uuuu-MM-dd HH:mm VV", "zoned_datetime"),
}


# ----------------------------------------------------------------------- writing

EXACT: list[tuple[str, object, str]] = [
    ("dmy", date(2024, 3, 5), '"05/03/2024"'),
    ("dmy", date(7, 1, 2), '"02/01/0007"'),
    ("stamp", datetime(2024, 1, 2, 3, 4, 5), '"2024-01-02 03:04:05"'),
    ("hm", time(9, 5), '"09:05"'),
    ("hm", time(0, 0), '"00:00"'),
    ("hm", time(23, 59), '"23:59"'),
    (
        "iso",
        datetime(2024, 2, 3, 4, 5, 6, 123000, tzinfo=zone(8)),
        '"2024-02-03T04:05:06.123+08:00"',
    ),
    (
        "iso",
        datetime(2026, 6, 21, 1, 2, 3, tzinfo=timezone.utc),
        '"2026-06-21T01:02:03.000Z"',
    ),
    (
        "iso",
        datetime(2024, 1, 1, 0, 0, 0, 7000, tzinfo=zone(-5, -30)),
        '"2024-01-01T00:00:00.007-05:30"',
    ),
    ("short", date(2024, 3, 5), '"5.3.24"'),
    ("short", date(2009, 12, 31), '"31.12.09"'),
    ("clock", time(0, 5), '"12:05 AM"'),
    ("clock", time(11, 59), '"11:59 AM"'),
    ("clock", time(12, 0), '"12:00 PM"'),
    ("clock", time(13, 30), '"01:30 PM"'),
    ("clock", time(23, 59), '"11:59 PM"'),
    ("clock_s", time(9, 5, 7), '"9:05:07 AM"'),
    ("oclock", time(7), '"at 07 o\'clock"'),
    ("escapes", date(2024, 3, 5), json.dumps("{2024} \"03\" \\05 it's '")),
    (
        "controls",
        date(2024, 3, 5),
        json.dumps("05\t03\x01é😀 2024\n", ensure_ascii=False),
    ),
    ("trailing", date(2024, 3, 5), '"05/03/2024 \\"\\\\"'),
    ("basic", date(987, 6, 5), '"09870605"'),
    ("loose", date(987, 6, 5), '"987-6-5"'),
    ("wide", date(2024, 6, 5), '"002024/06/05"'),
    ("hour", time(7, 59), '"7"'),
    ("tenths", time(1, 2, 3, 987654), '"01:02:03.9"'),
    ("micro", time(1, 2, 3, 4), '"01:02:03.000004"'),
    ("nano", time(1, 2, 3, 123456), '"01:02:03.123456000"'),
    ("local_iso", datetime(1, 1, 1), '"0001-01-01T00:00:00.000000"'),
    ("local_hour", datetime(2024, 5, 6, 7, 8), '"2024050607"'),
    (
        "aware_micro",
        datetime(2024, 5, 6, 7, 8, 9, 10, tzinfo=timezone.utc),
        '"2024-05-06 07:08:09.000010+00:00"',
    ),
    (
        "aware_nano",
        datetime(2024, 5, 6, 7, 8, 9, 10, tzinfo=zone(-3)),
        '"20240506070809000010000-03"',
    ),
]


@pytest.mark.parametrize(("name", "value", "text"), EXACT)
def test_writes_exactly_what_java_writes(
    probe: ModuleType, name: str, value: object, text: str
) -> None:
    assert write(probe, name, value) == text


OFFSETS: list[tuple[str, timezone, str]] = [
    ("off_X", timezone.utc, "Z"),
    ("off_X", zone(8), "+08"),
    ("off_X", zone(5, 30), "+0530"),  # Java adds the minutes when they are not zero
    ("off_X", zone(-3), "-03"),
    ("off_X", zone(0, -30), "-0030"),
    ("off_XX", timezone.utc, "Z"),
    ("off_XX", zone(8), "+0800"),
    ("off_XX", zone(-18), "-1800"),
    ("off_XXX", timezone.utc, "Z"),
    ("off_XXX", zone(8), "+08:00"),
    ("off_XXX", zone(-9, -45), "-09:45"),
    ("off_x", timezone.utc, "+00"),
    ("off_x", zone(8), "+08"),
    ("off_x", zone(5, 30), "+0530"),
    ("off_xx", timezone.utc, "+0000"),
    ("off_xx", zone(-8), "-0800"),
    ("off_xxx", timezone.utc, "+00:00"),
    ("off_xxx", zone(18), "+18:00"),
    ("off_Z", timezone.utc, " +0000"),
    ("off_Z", zone(-5, -30), " -0530"),
]


@pytest.mark.parametrize(("name", "offset", "suffix"), OFFSETS)
def test_offsets_are_written_and_read_in_each_form(
    probe: ModuleType, name: str, offset: timezone, suffix: str
) -> None:
    value = datetime(2024, 5, 6, 7, 8, tzinfo=offset)
    text = write(probe, name, value)
    assert text == f'"2024-05-06T07:08{suffix}"'
    decoded = read(probe, name, json.loads(text))
    assert same_instant_and_offset(decoded, value)


def test_writing_keeps_only_what_the_pattern_shows(probe: ModuleType) -> None:
    """Like Java: fields the pattern lacks are dropped, fractions are truncated."""
    assert write(probe, "hm", time(9, 5, 59, 999999)) == '"09:05"'
    assert write(probe, "stamp", datetime(2024, 1, 2, 3, 4, 5, 6)) == (
        '"2024-01-02 03:04:05"'
    )
    moment = datetime(2024, 1, 2, 3, 4, 5, 123999, tzinfo=timezone.utc)
    assert write(probe, "iso", moment) == '"2024-01-02T03:04:05.123Z"'
    assert write(probe, "short", date(1999, 1, 2)) == '"2.1.99"'  # reads back as 2099


ENCODE_MISMATCHES: list[tuple[str, object, str]] = [
    ("dmy", datetime(2024, 3, 5), "expected a date, got a value of type datetime"),
    ("dmy", "2024-03-05", "expected a date, got the string '2024-03-05'"),
    ("dmy", None, "expected a date, got null"),
    ("hm", time(9, 5, tzinfo=timezone.utc), "expected a naive time"),
    ("hm", datetime(2024, 1, 1, 9, 5), "expected a naive time"),
    ("stamp", datetime(2024, 1, 1, tzinfo=timezone.utc), "expected a naive datetime"),
    ("stamp", date(2024, 1, 1), "expected a naive datetime, got a value of type date"),
    ("iso", datetime(2024, 1, 1), "expected an aware datetime"),
    ("iso", date(2024, 1, 1), "expected an aware datetime"),
    (
        "iso",
        datetime(2024, 1, 1, tzinfo=timezone(timedelta(seconds=30))),
        "UTC offset is whole minutes, within 18 hours",
    ),
    (
        "iso",
        datetime(2024, 1, 1, tzinfo=timezone(timedelta(minutes=1, microseconds=1))),
        "UTC offset is whole minutes",
    ),
    ("iso", datetime(2024, 1, 1, tzinfo=zone(18, 1)), "within 18 hours"),
    ("iso", datetime(2024, 1, 1, tzinfo=zone(-19)), "within 18 hours"),
]


class _NoOffset(tzinfo):
    """A time zone that does not know its offset: a datetime with it is naive."""

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        return None

    def dst(self, dt: datetime | None) -> timedelta | None:
        return None

    def tzname(self, dt: datetime | None) -> str | None:
        return None


@pytest.mark.parametrize(("name", "value", "message"), ENCODE_MISMATCHES)
def test_writing_rejects_values_of_the_wrong_kind(
    probe: ModuleType, name: str, value: object, message: str
) -> None:
    with pytest.raises(EncodeError) as caught:
        write(probe, name, value)
    assert message in caught.value.message


def test_a_tzinfo_without_an_offset_is_not_aware(probe: ModuleType) -> None:
    with pytest.raises(EncodeError, match="an aware datetime"):
        write(probe, "iso", datetime(2024, 1, 1, tzinfo=_NoOffset()))
    assert write(probe, "stamp", datetime(2024, 1, 1)) == '"2024-01-01 00:00:00"'


# ----------------------------------------------------------------------- reading

ACCEPTED: list[tuple[str, str, object]] = [
    ("dmy", "05/03/2024", date(2024, 3, 5)),
    ("dmy", "29/02/2024", date(2024, 2, 29)),
    ("short", "5.3.24", date(2024, 3, 5)),
    ("short", "05.03.24", date(2024, 3, 5)),  # one letter reads one or two digits
    ("short", "31.12.99", date(2099, 12, 31)),  # two-digit years are 2000-2099
    ("short", "1.1.00", date(2000, 1, 1)),
    ("loose", "987-06-05", date(987, 6, 5)),
    ("basic", "20240305", date(2024, 3, 5)),
    ("wide", "002024/03/05", date(2024, 3, 5)),
    ("stamp", "2024-01-02 03:04:05", datetime(2024, 1, 2, 3, 4, 5)),
    ("hm", "09:05", time(9, 5)),
    ("hour", "7", time(7)),
    ("hour", "07", time(7)),
    ("hour", "23", time(23)),
    ("clock", "12:00 AM", time(0, 0)),
    ("clock", "12:30 PM", time(12, 30)),
    ("clock", "01:30 PM", time(13, 30)),
    ("clock", "11:59 PM", time(23, 59)),
    ("clock_s", "9:05:07 AM", time(9, 5, 7)),
    ("clock_s", "09:05:07 AM", time(9, 5, 7)),
    ("oclock", "at 07 o'clock", time(7)),
    ("tenths", "01:02:03.9", time(1, 2, 3, 900000)),
    ("nano", "01:02:03.123456000", time(1, 2, 3, 123456)),
    ("local_hour", "2024050607", datetime(2024, 5, 6, 7)),
    ("escapes", "{2024} \"03\" \\05 it's '", date(2024, 3, 5)),
    ("controls", "05\t03\x01é😀 2024\n", date(2024, 3, 5)),
]


@pytest.mark.parametrize(("name", "text", "value"), ACCEPTED)
def test_reads_what_java_reads(
    probe: ModuleType, name: str, text: str, value: object
) -> None:
    decoded = read(probe, name, text)
    assert decoded == value
    assert type(decoded) is type(value)


@pytest.mark.parametrize(
    ("text", "offset"),
    [
        ("2024-05-06T07:08:09.123Z", timedelta(0)),
        ("2024-05-06T07:08:09.123+00:00", timedelta(0)),
        ("2024-05-06T07:08:09.123-00:00", timedelta(0)),
        ("2024-05-06T07:08:09.123+18:00", timedelta(hours=18)),
        ("2024-05-06T07:08:09.123-18:00", timedelta(hours=-18)),
        ("2024-05-06T07:08:09.123-01:59", -timedelta(hours=1, minutes=59)),
    ],
)
def test_reads_offsets(probe: ModuleType, text: str, offset: timedelta) -> None:
    decoded = read(probe, "iso", text)
    assert decoded.utcoffset() == offset
    assert decoded.replace(tzinfo=None) == datetime(2024, 5, 6, 7, 8, 9, 123000)


REJECTED: list[tuple[str, object]] = [
    ("dmy", "5/03/2024"),
    ("dmy", "05/03/24"),
    ("dmy", "05-03-2024"),
    ("dmy", " 05/03/2024"),
    ("dmy", "05/03/2024\n"),
    ("dmy", "05/03/+2024"),
    (
        "dmy",
        "\u0660\u0665/\u0660\u0663/2024",
    ),  # Arabic-Indic digits are not ASCII digits
    ("dmy", "\uff10\uff15/03/2024"),  # nor are full-width ones
    ("dmy", ""),
    ("dmy", 20240305),
    ("dmy", None),
    ("dmy", b"05/03/2024"),
    ("dmy", ["05/03/2024"]),
    ("short", "5.3.2024"),
    ("short", "005.3.24"),
    ("hm", "9:05"),
    ("hm", "09:05:00"),
    ("hour", "123"),
    ("clock", "1:30 PM"),
    ("clock", "01:30 pm"),
    ("clock", "01:30PM"),
    ("clock", "13:30"),
    ("oclock", "at 07 oclock"),
    ("oclock", "'at' 07 'o''clock'"),
    ("tenths", "01:02:03.98"),
    ("micro", "01:02:03.12345"),
    ("iso", "2024-05-06T07:08:09.123"),
    ("iso", "2024-05-06T07:08:09.123z"),
    ("iso", "2024-05-06T07:08:09.123+0800"),
    ("iso", "2024-05-06T07:08:09.123+08"),
    ("iso", "2024-05-06T07:08:09.123+08:60"),
    ("iso", "2024-05-06 07:08:09.123Z"),
    ("off_X", "2024-05-06T07:08+08:00"),
    ("off_X", "2024-05-06T07:08+8"),
    ("off_XX", "2024-05-06T07:08+08"),
    ("off_xxx", "2024-05-06T07:08Z"),
    ("off_xx", "2024-05-06T07:08Z"),
    ("off_x", "2024-05-06T07:08Z"),
    ("off_Z", "2024-05-06T07:08 Z"),
    ("off_Z", "2024-05-06T07:08 +08:00"),
]


@pytest.mark.parametrize(("name", "data"), REJECTED)
def test_reading_rejects_other_forms(
    probe: ModuleType, name: str, data: object
) -> None:
    pattern, kind = CASES[name]
    word = "date" if kind == "date" else "time" if kind == "time" else "datetime"
    with pytest.raises(DecodeError) as caught:
        read(probe, name, data)
    assert caught.value.message.startswith(
        f"expected a {word} in the form {pattern!r}, got "
    )


def test_mismatch_message_describes_the_value(probe: ModuleType) -> None:
    with pytest.raises(DecodeError) as caught:
        read(probe, "dmy", 5)
    assert caught.value.message == (
        "expected a date in the form 'dd/MM/uuuu', got the integer 5"
    )
    with pytest.raises(DecodeError) as caught:
        read(probe, "oclock", "at 7")
    assert caught.value.message == (
        "expected a time in the form \"'at' HH 'o''clock'\", got the string 'at 7'"
    )


OUT_OF_RANGE: list[tuple[str, str, str]] = [
    ("dmy", "31/02/2024", "invalid date '31/02/2024': day is out of range for month"),
    ("dmy", "29/02/2023", "day is out of range for month"),
    ("dmy", "00/01/2024", "day is out of range for month"),
    ("dmy", "05/13/2024", "invalid date '05/13/2024': month must be in 1..12"),
    ("dmy", "05/00/2024", "month must be in 1..12"),
    ("dmy", "01/01/0000", "year 0 is out of range"),
    ("loose", "12345-6-7", "year 12345 is out of range"),
    ("loose", "999999999-1-1", "year 999999999 is out of range"),
    ("hm", "24:00", "invalid time '24:00': hour must be in 0..23"),
    ("hm", "23:60", "minute must be in 0..59"),
    ("hour", "99", "hour must be in 0..23"),
    ("micro", "01:02:60.000000", "second must be in 0..59"),
    ("clock", "00:30 AM", "invalid time '00:30 AM': clock hour must be in 1..12"),
    ("clock", "13:00 PM", "clock hour must be in 1..12"),
    ("clock_s", "0:00:00 PM", "clock hour must be in 1..12"),
    ("stamp", "2024-02-30 00:00:00", "invalid datetime '2024-02-30 00:00:00': day is"),
    ("local_hour", "2024050624", "hour must be in 0..23"),
    (
        "nano",
        "01:02:03.123456789",
        "invalid time '01:02:03.123456789': a fraction of second finer than"
        " microseconds",
    ),
    ("nano", "01:02:03.000000001", "finer than microseconds"),
    ("aware_nano", "20240506070809123456100Z", "finer than microseconds"),
    (
        "iso",
        "2024-05-06T07:08:09.123+18:01",
        "invalid datetime '2024-05-06T07:08:09.123+18:01': UTC offset beyond 18 hours",
    ),
    ("iso", "2024-05-06T07:08:09.123-23:59", "UTC offset beyond 18 hours"),
    ("off_X", "2024-05-06T07:08+19", "UTC offset beyond 18 hours"),
    ("off_Z", "2024-05-06T07:08 +9900", "UTC offset beyond 18 hours"),
    ("iso", "2024-05-06T24:08:09.123Z", "hour must be in 0..23"),
]


@pytest.mark.parametrize(("name", "text", "message"), OUT_OF_RANGE)
def test_fields_out_of_range_are_decode_errors(
    probe: ModuleType, name: str, text: str, message: str
) -> None:
    with pytest.raises(DecodeError) as caught:
        read(probe, name, text)
    assert message in caught.value.message
    error = caught.value  # no chained ValueError in the traceback
    assert error.__cause__ is None
    assert error.__context__ is None or error.__suppress_context__


# ------------------------------------------------------------------- round trips


def round_trips(module: ModuleType, name: str, value: Any) -> None:
    text = write(module, name, value)
    plain = json.loads(text)
    assert isinstance(plain, str)
    decoded = read(module, name, plain)
    assert type(decoded) is type(value)
    assert decoded == value
    if isinstance(value, datetime | time):
        assert decoded.utcoffset() == value.utcoffset()
    assert write(module, name, decoded) == text


def whole(value: Any, unit: int) -> Any:
    """The value with its microseconds truncated to a multiple of ``unit``."""
    return value.replace(microsecond=value.microsecond // unit * unit)


OFFSET_ZONES = st.integers(min_value=-1080, max_value=1080).map(
    lambda minutes: timezone(timedelta(minutes=minutes))
)
WHOLE_HOUR_ZONES = st.integers(min_value=-18, max_value=18).map(zone)


@settings(max_examples=200, deadline=None)
@given(value=st.dates())
def test_dates_round_trip(probe: ModuleType, value: date) -> None:
    for name in ("dmy", "basic", "loose", "wide", "escapes", "controls", "trailing"):
        round_trips(probe, name, value)


@settings(max_examples=100, deadline=None)
@given(value=st.dates(min_value=date(2000, 1, 1), max_value=date(2099, 12, 31)))
def test_two_digit_years_round_trip_in_their_century(
    probe: ModuleType, value: date
) -> None:
    round_trips(probe, "short", value)


@settings(max_examples=200, deadline=None)
@given(value=st.times())
def test_times_round_trip(probe: ModuleType, value: time) -> None:
    round_trips(probe, "micro", value)
    round_trips(probe, "nano", value)
    round_trips(probe, "tenths", whole(value, 100000))
    round_trips(probe, "clock_s", whole(value, 1000000))
    round_trips(probe, "hm", value.replace(second=0, microsecond=0))
    round_trips(probe, "clock", value.replace(second=0, microsecond=0))
    round_trips(probe, "oclock", value.replace(minute=0, second=0, microsecond=0))
    round_trips(probe, "hour", value.replace(minute=0, second=0, microsecond=0))


@settings(max_examples=200, deadline=None)
@given(value=st.datetimes())
def test_local_datetimes_round_trip(probe: ModuleType, value: datetime) -> None:
    round_trips(probe, "local_iso", value)
    round_trips(probe, "stamp", whole(value, 1000000))
    round_trips(probe, "local_hour", value.replace(minute=0, second=0, microsecond=0))


@settings(max_examples=200, deadline=None)
@given(
    value=st.datetimes(timezones=OFFSET_ZONES),
    hours=st.datetimes(timezones=WHOLE_HOUR_ZONES),
)
def test_aware_datetimes_round_trip(
    probe: ModuleType, value: datetime, hours: datetime
) -> None:
    round_trips(probe, "aware_micro", value)
    round_trips(probe, "aware_nano", value)
    round_trips(probe, "iso", whole(value, 1000))
    minutes = value.replace(second=0, microsecond=0)
    for name in ("off_X", "off_XX", "off_XXX", "off_x", "off_xx", "off_xxx", "off_Z"):
        round_trips(probe, name, minutes)
    round_trips(probe, "off_X", hours.replace(second=0, microsecond=0))


NEAR_MISSES = st.text(
    alphabet="0123456789:-+./ TZAPMamp'\"\\{}\u0660\uff10\n", max_size=40
)


@settings(max_examples=300, deadline=None)
@given(data=st.one_of(NEAR_MISSES, st.text(max_size=40), st.from_type(object)))
def test_reading_raises_only_decode_errors(probe: ModuleType, data: object) -> None:
    for name in CASES:
        try:
            read(probe, name, data)
        except DecodeError:
            pass


@settings(max_examples=100, deadline=None)
@given(
    text=st.from_regex(
        r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}"
        r"(Z|[+-][0-9]{2}:[0-9]{2})",
        fullmatch=True,
    )
)
def test_matching_text_is_a_value_or_a_range_error(
    probe: ModuleType, text: str
) -> None:
    try:
        value = read(probe, "iso", text)
    except DecodeError as error:
        assert error.message.startswith(("invalid datetime", "expected a datetime"))
    else:
        zero = text.endswith(("+00:00", "-00:00"))
        assert json.loads(write(probe, "iso", value)) == (
            text[:-6] + "Z" if zero else text
        )


# --------------------------------------------------------------- code quality


def test_generated_code_uses_no_runtime_parsing_or_code_generation() -> None:
    tree = ast.parse(module_source(CASES))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            assert node.id not in {"exec", "eval", "compile", "__import__"}
        if isinstance(node, ast.Attribute):
            assert node.attr not in {"strptime", "strftime", "fromisoformat"}
            if node.attr == "compile":
                assert isinstance(node.value, ast.Name) and node.value.id == "re"
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    assert len(functions) == 2 * len(CASES)
    for function in functions:  # straight-line: no loops, no nested functions
        for node in ast.walk(function):
            assert not isinstance(node, ast.For | ast.While | ast.Lambda)
            assert node is function or not isinstance(node, ast.FunctionDef)


def single_pattern_modules(folder: Path) -> Iterable[Path]:
    """One module per kind and offset form, so each imports only what it uses."""
    singles = {
        "only_date": CASES["short"],
        "only_time": CASES["clock"],
        "only_local": CASES["local_iso"],
        "only_aware_x": CASES["off_x"],
        "only_aware_xx": CASES["off_xx"],
        "only_offset_time": CASES["ot_clock"],
        "only_zoned": CASES["zoned"],
        "only_zoned_offset": CASES["zoned_offset"],
        "only_zoned_both": CASES["zoned_both"],
    }
    for name, case in singles.items():
        path = folder / f"{name}.py"
        path.write_text(module_source({name: case}), encoding="utf-8")
        yield path


def run_tool(folder: Path, *command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "MYPYPATH": str(REPOSITORY / "generator")},
    )


def test_generated_code_passes_ruff_and_mypy_strict(tmp_path: Path) -> None:
    (tmp_path / "pattern_module.py").write_text(module_source(CASES), encoding="utf-8")
    files = [tmp_path / "pattern_module.py", *single_pattern_modules(tmp_path)]
    for path in files:
        load(path)  # every module imports: nothing is missing
    names = [path.name for path in files]
    config = str(REPOSITORY / "pyproject.toml")
    ruff = run_tool(tmp_path, "ruff", "check", "--no-cache", "--config", config, *names)
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr
    mypy = run_tool(tmp_path, "mypy", "--strict", "--config-file", config, *names)
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr


# ------------------------------------------------ offset times and zoned date-times

PARIS = ZoneInfo("Europe/Paris")
NEW_YORK = ZoneInfo("America/New_York")

ZONED_EXACT: list[tuple[str, object, str]] = [
    ("ot", time(10, 15, 30, 999, tzinfo=zone(1)), '"10:15:30+01:00"'),
    ("ot", time(0, 0, tzinfo=timezone.utc), '"00:00:00Z"'),
    ("ot_clock", time(22, 5, tzinfo=zone(-5, -30)), '"10:05 PM -0530"'),
    ("ot_clock", time(0, 5, tzinfo=timezone.utc), '"12:05 AM +0000"'),
    ("ot_micro", time(1, 2, 3, 4, tzinfo=zone(18)), '"01:02:03.000004+1800"'),
    (
        "zoned",
        datetime(2026, 6, 1, 12, 0, 5, tzinfo=PARIS),
        '"2026-06-01 12:00:05 Europe/Paris"',
    ),
    # a local time in a gap is written moved forward, as ZonedDateTime.of does
    (
        "zoned",
        datetime(2026, 3, 29, 2, 30, tzinfo=PARIS),
        '"2026-03-29 03:30:00 Europe/Paris"',
    ),
    ("zoned", datetime(2026, 6, 1, 12, tzinfo=zone(2)), '"2026-06-01 12:00:00 +02:00"'),
    ("zoned", datetime(2026, 6, 1, 12, tzinfo=timezone.utc), '"2026-06-01 12:00:00 Z"'),
    (
        "zoned",
        datetime(2026, 6, 1, 12, tzinfo=timezone(timedelta(0), "UTC")),
        '"2026-06-01 12:00:00 UTC"',
    ),
    (
        "zoned",
        datetime(2026, 6, 1, 12, tzinfo=timezone(timedelta(hours=2), "GMT+02:00")),
        '"2026-06-01 12:00:00 GMT+02:00"',
    ),
    (
        "zoned_both",
        datetime(2026, 10, 25, 2, 30, tzinfo=PARIS),
        '"2026-10-25T02:30+02:00[Europe/Paris]"',
    ),
    (
        "zoned_both",
        datetime(2026, 10, 25, 2, 30, tzinfo=PARIS, fold=1),
        '"2026-10-25T02:30+01:00[Europe/Paris]"',
    ),
    (
        "zoned_offset",
        datetime(2026, 1, 2, 3, 4, tzinfo=PARIS),
        '"02/01/2026 03:04 +01"',
    ),
    (
        "zoned_offset",
        datetime(2026, 1, 2, 3, 4, tzinfo=timezone.utc),
        '"02/01/2026 03:04 Z"',
    ),
    (
        "zone_first",
        datetime(2026, 1, 2, 3, 4, tzinfo=NEW_YORK),
        '"America/New_York 2026-01-02 03:04"',
    ),
]


@pytest.mark.parametrize(("name", "value", "text"), ZONED_EXACT)
def test_offset_times_and_zoned_date_times_are_written_as_java_writes(
    probe: ModuleType, name: str, value: object, text: str
) -> None:
    assert write(probe, name, value) == text


def same_zoned(left: datetime, right: datetime) -> bool:
    """The same instant, local time, offset and zone."""
    return (
        left == right
        and left.replace(tzinfo=None) == right.replace(tzinfo=None)
        and left.utcoffset() == right.utcoffset()
        and left.tzinfo == right.tzinfo
    )


ZONED_READ: list[tuple[str, str, Any]] = [
    ("ot", "10:15:30Z", time(10, 15, 30, tzinfo=timezone.utc)),
    ("ot", "10:15:30-09:45", time(10, 15, 30, tzinfo=zone(-9, -45))),
    ("ot_clock", "12:05 AM +0530", time(0, 5, tzinfo=zone(5, 30))),
    ("ot_micro", "23:59:59.999999-1800", time(23, 59, 59, 999999, tzinfo=zone(-18))),
    (
        "zoned",
        "2026-06-01 12:00:05 Europe/Paris",
        datetime(2026, 6, 1, 12, 0, 5, tzinfo=PARIS),
    ),
    # a gap moves forward; an overlap takes the earlier offset
    (
        "zoned",
        "2026-03-29 02:30:00 Europe/Paris",
        datetime(2026, 3, 29, 3, 30, tzinfo=PARIS),
    ),
    (
        "zoned",
        "2026-10-25 02:30:00 Europe/Paris",
        datetime(2026, 10, 25, 2, 30, tzinfo=PARIS),
    ),
    ("zoned", "2026-06-01 12:00:00 +02:00", datetime(2026, 6, 1, 12, tzinfo=zone(2))),
    (
        "zoned",
        "2026-06-01 12:00:00 -00:00",
        datetime(2026, 6, 1, 12, tzinfo=timezone.utc),
    ),
    ("zoned", "2026-06-01 12:00:00 Z", datetime(2026, 6, 1, 12, tzinfo=timezone.utc)),
    (
        "zoned",
        "2026-06-01 12:00:00 UTC",
        datetime(2026, 6, 1, 12, tzinfo=timezone(timedelta(0), "UTC")),
    ),
    (
        "zoned",
        "2026-06-01 12:00:00 UT+01:00",
        datetime(2026, 6, 1, 12, tzinfo=timezone(timedelta(hours=1), "UT+01:00")),
    ),
    # an offset the zone has is kept; another one moves the local time
    (
        "zoned_both",
        "2026-10-25T02:30+01:00[Europe/Paris]",
        datetime(2026, 10, 25, 2, 30, tzinfo=PARIS, fold=1),
    ),
    (
        "zoned_both",
        "2026-10-25T02:30+05:00[Europe/Paris]",
        datetime(2026, 10, 24, 23, 30, tzinfo=PARIS),
    ),
    (
        "zoned_both",
        "2026-03-29T02:30+01:00[Europe/Paris]",
        datetime(2026, 3, 29, 3, 30, tzinfo=PARIS),
    ),
    (
        "zoned_offset",
        "02/01/2026 03:04 -0330",
        datetime(2026, 1, 2, 3, 4, tzinfo=zone(-3, -30)),
    ),
    (
        "zone_first",
        "Etc/GMT+2 2026-01-02 03:04",
        datetime(2026, 1, 2, 3, 4, tzinfo=ZoneInfo("Etc/GMT+2")),
    ),
]


@pytest.mark.parametrize(("name", "text", "value"), ZONED_READ)
def test_offset_times_and_zoned_date_times_are_read_as_java_reads(
    probe: ModuleType, name: str, text: str, value: Any
) -> None:
    decoded = read(probe, name, text)
    assert type(decoded) is type(value)
    if isinstance(value, datetime):
        assert same_zoned(decoded, value)
        assert decoded.fold == value.fold
    else:
        assert decoded == value and decoded.tzinfo == value.tzinfo


ZONED_REFUSED: list[tuple[str, object, str]] = [
    (
        "ot",
        "10:15:30",
        "expected an offset time in the form 'HH:mm:ssXXX', got the string '10:15:30'",
    ),
    (
        "ot",
        1015,
        "expected an offset time in the form 'HH:mm:ssXXX', got the integer 1015",
    ),
    ("ot", "25:15:30Z", "invalid offset time '25:15:30Z': hour must be in 0..23"),
    (
        "ot",
        "10:15:30+18:01",
        "invalid offset time '10:15:30+18:01': UTC offset beyond 18 hours",
    ),
    (
        "ot_clock",
        "13:05 PM +0100",
        "invalid offset time '13:05 PM +0100': clock hour must be in 1..12",
    ),
    (
        "zoned",
        "2026-06-01 12:00:00 europe/paris",
        "invalid zoned date-time '2026-06-01 12:00:00 europe/paris': unknown time zone region 'europe/paris'",
    ),
    (
        "zoned",
        "2026-06-01 12:00:00 Mars/Olympus",
        "unknown time zone region 'Mars/Olympus'",
    ),
    (
        "zoned",
        "2026-06-01 12:00:00 +19:00",
        "offset +19:00 is outside the range -18:00..+18:00",
    ),
    (
        "zoned",
        "2026-06-01 12:00:00 UTC+2",
        "expected a zoned date-time in the form 'uuuu-MM-dd HH:mm:ss VV'",
    ),
    ("zoned", "2026-06-01 12:00:00 +02", "expected a zoned date-time"),
    ("zoned", "2026-06-01 12:00:00 z", "expected a zoned date-time"),
    (
        "zoned",
        "2026-02-30 12:00:00 Europe/Paris",
        "invalid zoned date-time '2026-02-30 12:00:00 Europe/Paris': day is out of range for month",
    ),
    (
        "zoned_both",
        "9999-12-31T23:30-05:00[Europe/Paris]",
        "invalid zoned date-time '9999-12-31T23:30-05:00[Europe/Paris]': the instant in the zone is outside years 1..9999",
    ),
    (
        "zoned_offset",
        "02/01/2026 03:04",
        "expected a zoned date-time in the form 'dd/MM/uuuu HH:mm X'",
    ),
]


@pytest.mark.parametrize(("name", "data", "message"), ZONED_REFUSED)
def test_offset_times_and_zoned_date_times_refuse_with_a_reason(
    probe: ModuleType, name: str, data: object, message: str
) -> None:
    with pytest.raises(DecodeError) as caught:
        read(probe, name, data)
    assert message in caught.value.message
    assert caught.value.path == "$"


ZONED_UNWRITABLE: list[tuple[str, object, str]] = [
    (
        "ot",
        time(10),
        "expected a time with a datetime.timezone, got a value of type time",
    ),
    ("ot", time(10, tzinfo=PARIS), "expected a time with a datetime.timezone"),
    (
        "ot",
        datetime(2026, 1, 1, tzinfo=timezone.utc),
        "expected a time with a datetime.timezone",
    ),
    (
        "ot",
        time(10, tzinfo=timezone(timedelta(seconds=30))),
        "expected an offset time whose UTC offset is whole minutes, within 18 hours",
    ),
    (
        "zoned",
        datetime(2026, 1, 1),
        "expected a datetime with a zone, got a naive datetime",
    ),
    ("zoned", date(2026, 1, 1), "expected datetime, got a value of type date"),
    (
        "zoned",
        datetime(2026, 1, 1, tzinfo=timezone(timedelta(0), "Mars")),
        "a zoned datetime's tzinfo named 'Mars' is no Java zone",
    ),
    (
        "zoned_offset",
        datetime(1900, 1, 1, tzinfo=PARIS),  # Paris mean time: +00:09:21
        "expected a zoned date-time whose UTC offset is whole minutes, within 18 hours",
    ),
]


@pytest.mark.parametrize(("name", "value", "message"), ZONED_UNWRITABLE)
def test_unwritable_offset_times_and_zoned_date_times_say_why(
    probe: ModuleType, name: str, value: object, message: str
) -> None:
    with pytest.raises(EncodeError) as caught:
        write(probe, name, value)
    assert message in caught.value.message


ZONES = st.sampled_from(
    [PARIS, NEW_YORK, ZoneInfo("Australia/Lord_Howe"), timezone(timedelta(0), "UTC")]
) | st.integers(min_value=-1080, max_value=1080).map(lambda minutes: zone(0, minutes))


@given(st.times(), OFFSET_ZONES)
def test_offset_times_round_trip(
    probe: ModuleType, value: time, offset: timezone
) -> None:
    value = value.replace(tzinfo=offset)
    decoded = read(probe, "ot_micro", json.loads(write(probe, "ot_micro", value)))
    assert decoded == value and decoded.utcoffset() == value.utcoffset()


@given(st.datetimes(datetime(1950, 1, 1), datetime(2100, 1, 1)), ZONES)
def test_zoned_date_times_round_trip(
    probe: ModuleType, value: datetime, place: tzinfo
) -> None:
    """Any instant seen in a zone: the offset and zone id bring back both sides of an
    overlap; the zone id alone brings back all but the later one."""
    value = value.replace(second=0, microsecond=0, tzinfo=timezone.utc).astimezone(
        place
    )
    both = read(probe, "zoned_both", json.loads(write(probe, "zoned_both", value)))
    assert same_zoned(both, value)
    alone = read(probe, "zone_first", json.loads(write(probe, "zone_first", value)))
    assert alone.tzinfo == value.tzinfo
    assert alone.replace(tzinfo=None) == value.replace(tzinfo=None)
    if value.fold == 0 or isinstance(place, timezone):
        assert same_zoned(alone, value)
