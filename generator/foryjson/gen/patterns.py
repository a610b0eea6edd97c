"""Compile Java DateTimeFormatter patterns into straight-line generated code.

A schema field such as ``{type: date, format: "dd/MM/uuuu"}`` gets a pair of
module-level functions: one writes the value's JSON string with a single f-string, the
other matches a precompiled regular expression and builds the value from its groups.
Nothing parses a pattern, calls ``strptime``/``strftime`` or builds code at run time.

Supported pattern letters, with Java's meaning (a single letter is unpadded on write
and reads one or two digits; two letters are exactly two digits):

=========== ======================================================================
``y``/``u`` year: ``y`` as many digits as needed (reads 1-9), ``yy`` the last two
            digits (read as 2000-2099), ``yyy`` at least three digits (reads 3-9),
            ``yyyy`` to ``yyyyyyyyy`` exactly that many digits, zero-padded
``M``       month number, ``M`` or ``MM`` (text months ``MMM`` depend on the locale
            and are rejected)
``d``       day of month, ``d`` or ``dd``
``H``       hour of day 0-23, ``H`` or ``HH``
``h``       clock hour 1-12, ``h`` or ``hh``; needs ``a``
``a``       ``AM`` or ``PM`` (read case-sensitively, as Java does by default)
``m``       minute, ``m`` or ``mm``
``s``       second, ``s`` or ``ss``
``S``       fraction of a second, ``S`` to ``SSSSSSSSS``: exactly that many digits,
            truncated on write; digits beyond microseconds are written as zeros and
            must be zeros on read
``X``       offset, ``Z`` for zero: ``X`` ``+08`` (``+0530`` when the minutes are not
            zero), ``XX`` ``+0800``, ``XXX`` ``+08:00``
``x``       offset without the ``Z`` form: ``x`` ``+08``, ``xx`` ``+0800``, ``xxx``
            ``+08:00``
``Z``       offset ``+0800``, ``Z`` to ``ZZZ``
``VV``      zone id (zoned date-times only): a region such as ``Europe/Paris``, or
            ``Z``, ``+02:00``, ``UTC``, ``GMT+02:00`` for a fixed zone
=========== ======================================================================

Any character that is not an ASCII letter stands for itself; ``'text'`` quotes
letters and ``''`` is a single quote. Everything else Java reserves or defines (optional
sections, text fields, week fields, zone names...) is a ``PatternError`` at generation
time, as is a field the kind has no use for, a field given twice, or a kind's missing
field.

How a pattern becomes code: ``plan_pattern`` checks the pattern and decides everything
the two functions and their table do into a frozen ``PatternPlan`` (the literal text and
the fields in order, each field with the parameters its code needs: padding, digits
read, groups, offset style...). The plan holds raw schema text and no source. The
macros of ``templates/patterns.jinja`` lay the plan out as code: ``format_body``,
``parse_body`` and ``table``; the pattern's literal text reaches the source only
through the quoting filters of ``quoting`` (``json_fstring_text``, ``regex_text``,
``string_literal``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

__all__ = [
    "KINDS",
    "BaseField",
    "Field",
    "FractionField",
    "MarkerField",
    "NumberField",
    "OffsetField",
    "PatternError",
    "PatternPlan",
    "Piece",
    "Text",
    "ZoneField",
    "plan_pattern",
]


#: The kinds of value a pattern can describe, by the name the schema uses.
KINDS = (
    "date",
    "time",
    "local_datetime",
    "datetime",
    "year_month",
    "month_day",
    "offset_time",
    "zoned_datetime",
)

_KIND_WORDS = {
    "date": "date",
    "time": "time",
    "local_datetime": "local datetime",
    "datetime": "datetime",
    "year_month": "year-month",
    "month_day": "month-day",
    "offset_time": "offset time",
    "zoned_datetime": "zoned date-time",
}

#: The Python class of each kind, as generated code names it (the value classes of
#: foryjson.javatime through the runtime module's alias).
_CLASSES = {
    "date": "date",
    "time": "time",
    "local_datetime": "datetime",
    "datetime": "datetime",
    "year_month": "_javatime.YearMonth",
    "month_day": "_javatime.MonthDay",
    "offset_time": "time",
    "zoned_datetime": "datetime",
}

#: The date fields each kind needs, with an example of each.
_NEEDED_DATE_FIELDS = {
    "date": (("year", "uuuu"), ("month", "MM"), ("day", "dd")),
    "local_datetime": (("year", "uuuu"), ("month", "MM"), ("day", "dd")),
    "datetime": (("year", "uuuu"), ("month", "MM"), ("day", "dd")),
    "year_month": (("year", "uuuu"), ("month", "MM")),
    "month_day": (("month", "MM"), ("day", "dd")),
    "time": (),
    "offset_time": (),
    "zoned_datetime": (("year", "uuuu"), ("month", "MM"), ("day", "dd")),
}


class PatternError(ValueError):
    """A pattern the generator cannot compile; ``offset`` indexes the fault in it.

    The offset is that of the first letter of the offending run (or of the opening
    quote of an unterminated literal); a field the kind needs but the pattern lacks is
    reported at the end of the pattern.
    """

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


# --------------------------------------------------------------------- the plan


@dataclass(frozen=True)
class Text:
    """Literal text of the pattern, written and matched as itself.

    ``text`` is raw schema text: the template quotes it for wherever it lands.
    ``kind``, on every piece, tells the template which layout the piece takes.
    """

    kind: ClassVar[str] = "text"
    text: str


@dataclass(frozen=True)
class BaseField:
    """What every field records: which value, and which groups read it.

    ``groups`` are the local names the parse function gives the regular expression's
    groups that read the field, in order.
    """

    kind: ClassVar[str]
    name: str
    """``year``, ``month``, ``day``, ``hour``, ``minute``, ``second``, ``marker``,
    ``fraction`` or ``offset``."""
    groups: tuple[str, ...]


@dataclass(frozen=True)
class NumberField(BaseField):
    """A field written and read as decimal digits: the year, a date or a time field.

    The value's attribute of the same name is written zero-padded to ``pad`` digits
    (unpadded when ``pad`` is 0), after taking it ``% modulo`` (a two-digit year) or on
    a 12-hour ``clock``; reading accepts ``least`` to ``most`` digits.
    """

    kind: ClassVar[str] = "number"
    pad: int
    least: int
    most: int
    modulo: int | None
    clock: bool


@dataclass(frozen=True)
class MarkerField(BaseField):
    """The AM/PM marker, written from the hour and read as ``AM`` or ``PM``."""

    kind: ClassVar[str] = "marker"


@dataclass(frozen=True)
class FractionField(BaseField):
    """The fraction of a second: ``digits`` digits of the microseconds.

    Written as ``microsecond // divisor`` zero-padded to ``pad`` digits (unpadded when
    ``pad`` is 0), then ``zeros`` zeros for the digits finer than microseconds, which
    reading requires to be zeros; read digits are scaled back by ``divisor``.
    """

    kind: ClassVar[str] = "fraction"
    digits: int
    divisor: int
    pad: int
    zeros: int


@dataclass(frozen=True)
class OffsetField(BaseField):
    """The UTC offset: a sign, two digits of hours, then the minutes.

    ``zulu``: a zero offset is ``Z`` (letter ``X``); ``colon``: the minutes follow a
    colon; ``short``: the minutes are left out when zero and optional when read.
    """

    kind: ClassVar[str] = "offset"
    zulu: bool
    colon: bool
    short: bool

    @property
    def zone(self) -> bool:
        """Whether the format function works the text out into a local ``zone``.

        It does when the form depends on the value (``Z``, or the hours alone);
        otherwise the f-string writes the sign, hours and minutes itself.
        """
        return self.zulu or self.short


@dataclass(frozen=True)
class ZoneField(BaseField):
    """The zone id (``VV``): a region such as ``Europe/Paris`` or a fixed zone.

    Written as ``ZoneId.getId()``; read in the forms Java's ``VV`` parser takes and
    resolved as ``ZoneId.of`` resolves them, into a ``ZoneInfo`` or a ``timezone``.
    """

    kind: ClassVar[str] = "zone"


#: A field of a pattern, of any kind.
Field = NumberField | MarkerField | FractionField | OffsetField | ZoneField

#: One piece of a pattern: literal text or a field.
Piece = Text | Field


@dataclass(frozen=True)
class PatternPlan:
    """What the functions of one checked pattern do; the template writes their code.

    ``pieces`` are the literal text and fields in pattern order, ``groups`` the local
    names of all the regular expression's groups in order. The parse function builds a
    ``class_name`` from the date fields (``has_date``; a two-digit year is read as
    ``base_year`` plus its digits), the time fields (``has_time``; a clock hour and its
    ``marker``), the ``fraction`` and the ``offset``, then sees it in the ``zone`` if
    there is one; its messages name the value
    ``article`` + ``word`` and quote the pattern ``text``.
    """

    name: str
    text: str
    kind: str
    class_name: str
    word: str
    article: str
    pieces: tuple[Piece, ...]
    groups: tuple[str, ...]
    has_date: bool
    has_time: bool
    marker: bool
    base_year: int | None
    fraction: FractionField | None
    offset: OffsetField | None
    zone: ZoneField | None

    @property
    def fields(self) -> tuple[Field, ...]:
        """The fields, in pattern order."""
        return tuple(piece for piece in self.pieces if not isinstance(piece, Text))

    @property
    def field_names(self) -> tuple[str, ...]:
        """The names of the fields, in pattern order."""
        return tuple(field.name for field in self.fields)

    @property
    def format_name(self) -> str:
        """The name of the function that writes a value."""
        return f"_format_{self.name}"

    @property
    def parse_name(self) -> str:
        """The name of the function that reads a value."""
        return f"_parse_{self.name}"

    @property
    def table_name(self) -> str:
        """The name of the module-level compiled regular expression."""
        return f"_PATTERN_{self.name}"

    @property
    def imports(self) -> frozenset[str]:
        """The names the functions use: ``re``, classes, and errors of the runtime."""
        module, _, _ = self.class_name.rpartition(".")
        names = {"re", module or self.class_name, "decode_mismatch", "DecodeError"}
        if self.kind != "zoned_datetime" or self.offset is not None:
            names.add("encode_mismatch")  # a zone id alone is checked by the runtime
        if self.kind == "year_month":
            names.add("EncodeError")
        if self.offset is not None or self.kind == "offset_time":
            names |= {"timedelta", "timezone"}
        if self.kind == "zoned_datetime":
            names.add("_javatime")
        return frozenset(names)


# --------------------------------------------------------------------- tokens


@dataclass(frozen=True)
class _Run:
    """A run of one repeated pattern letter, such as ``yyyy``."""

    letter: str
    count: int
    offset: int

    @property
    def text(self) -> str:
        return self.letter * self.count


def _tokenize(pattern: str) -> list[str | _Run]:
    """Split a pattern into literal text and letter runs, as Java's builder does."""
    tokens: list[str | _Run] = []
    literal: list[str] = []

    def flush() -> None:
        if literal:
            tokens.append("".join(literal))
            literal.clear()

    position = 0
    while position < len(pattern):
        char = pattern[position]
        if _is_letter(char):
            end = position
            while end < len(pattern) and pattern[end] == char:
                end += 1
            flush()
            tokens.append(_Run(char, end - position, position))
            position = end
        elif char == "'":
            start = position
            position += 1
            quoted: list[str] = []
            while True:
                if position >= len(pattern):
                    raise PatternError(
                        "unterminated quote: a literal opened with ' must be closed"
                        " with ' (write '' for a single quote)",
                        start,
                    )
                if pattern[position] == "'":
                    if pattern[position + 1 : position + 2] == "'":
                        quoted.append("'")
                        position += 2
                        continue
                    break
                quoted.append(pattern[position])
                position += 1
            position += 1
            literal.extend(quoted or ["'"])
        elif char in "[]":
            raise PatternError(
                f"optional sections ('{char}') are not supported; quote the bracket"
                f" to write it: '{char}'",
                position,
            )
        elif char in "#{}":
            raise PatternError(
                f"'{char}' is reserved in patterns; quote it to write it: '{char}'",
                position,
            )
        else:
            literal.append(char)
            position += 1
    flush()
    return tokens


def _a(word: str) -> str:
    """A word with its indefinite article."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _is_letter(char: str) -> bool:
    return "a" <= char <= "z" or "A" <= char <= "Z"


# --------------------------------------------------------------------- fields

# letter -> (field, what it is); fields sharing a name may appear only once.
_LETTERS = {
    "y": ("year", "year of era"),
    "u": ("year", "year"),
    "M": ("month", "month"),
    "d": ("day", "day of month"),
    "H": ("hour", "hour of day"),
    "h": ("hour", "clock hour of AM/PM"),
    "a": ("marker", "AM/PM marker"),
    "m": ("minute", "minute"),
    "s": ("second", "second"),
    "S": ("fraction", "fraction of second"),
    "X": ("offset", "offset"),
    "x": ("offset", "offset"),
    "Z": ("offset", "offset"),
    "V": ("zone", "time-zone ID"),
}

# How error messages name each field.
_NAMES = {
    "year": "year",
    "month": "month",
    "day": "day",
    "hour": "hour",
    "marker": "AM/PM marker",
    "minute": "minute",
    "second": "second",
    "fraction": "fraction of second",
    "offset": "offset",
    "zone": "zone id",
}

_MAX_COUNT = {
    "y": 9,  # a longer year cannot be a Python year and would overflow its constructor
    "u": 9,
    "M": 2,
    "d": 2,
    "H": 2,
    "h": 2,
    "a": 1,
    "m": 2,
    "s": 2,
    "S": 9,
    "X": 3,
    "x": 3,
    "Z": 3,
    "V": 2,
}

# Java pattern letters this generator does not support, and what they mean.
_UNSUPPORTED = {
    "G": "era",
    "D": "day of year",
    "L": "stand-alone month",
    "g": "modified Julian day",
    "Q": "quarter of year",
    "q": "stand-alone quarter of year",
    "Y": "week-based year",
    "w": "week of week-based year",
    "W": "week of month",
    "E": "day of week",
    "e": "localized day of week",
    "c": "stand-alone localized day of week",
    "F": "day of week in month",
    "B": "period of day",
    "K": "hour of AM/PM (0-11)",
    "k": "clock hour of day (1-24)",
    "A": "milli of day",
    "n": "nano of second",
    "N": "nano of day",
    "v": "generic time-zone name",
    "O": "localized offset",
    "p": "pad modifier",
}

_DATE_FIELDS = frozenset({"year", "month", "day"})
_TIME_FIELDS = frozenset({"hour", "marker", "minute", "second", "fraction"})
_ALLOWED = {
    "date": _DATE_FIELDS,
    "time": _TIME_FIELDS,
    "local_datetime": _DATE_FIELDS | _TIME_FIELDS,
    "datetime": _DATE_FIELDS | _TIME_FIELDS | {"offset"},
    "year_month": frozenset({"year", "month"}),
    "month_day": frozenset({"month", "day"}),
    "offset_time": _TIME_FIELDS | {"offset"},
    "zoned_datetime": _DATE_FIELDS | _TIME_FIELDS | {"offset", "zone"},
}


def _check_run(run: _Run, kind: str) -> str:
    """The field name of a run, once its letter, length and kind are checked."""
    letter, text = run.letter, run.text
    if letter == "z":
        raise PatternError(
            "pattern letter 'z' (time-zone name) is not supported: zone names such as"
            " 'CET' or 'Central European Time' depend on the locale and are ambiguous"
            " to read; use 'VV' for the zone id or an offset ('XXX')",
            run.offset,
        )
    if letter in _UNSUPPORTED:
        raise PatternError(
            f"pattern letter '{letter}' ({_UNSUPPORTED[letter]}) is not supported",
            run.offset,
        )
    if letter == "V" and run.count != 2:
        raise PatternError(
            f"'{text}': the time-zone ID takes exactly two letters, 'VV'", run.offset
        )
    if letter not in _LETTERS:
        raise PatternError(
            f"unknown pattern letter '{letter}'; put letters meant as text in quotes:"
            f" '{text}'",
            run.offset,
        )
    name, meaning = _LETTERS[letter]
    if letter == "M" and 3 <= run.count <= 5:
        raise PatternError(
            f"text months ('{text}') depend on the locale and are not supported;"
            " use 'MM' or 'M'",
            run.offset,
        )
    if letter in "Xx" and run.count in (4, 5):
        raise PatternError(
            f"offsets with seconds ('{text}') are not supported; use"
            f" '{letter * 3}' or '{letter * 2}'",
            run.offset,
        )
    if letter == "Z" and run.count in (4, 5):
        raise PatternError(
            f"'{text}' (localized or seconds offset) is not supported; use 'Z' or"
            " 'XXX'",
            run.offset,
        )
    if run.count > _MAX_COUNT[letter]:
        most = letter * _MAX_COUNT[letter]
        raise PatternError(
            f"too many pattern letters: '{text}' ({meaning}; at most '{most}')",
            run.offset,
        )
    if name not in _ALLOWED[kind]:
        hint = ""
        if name == "offset":
            hint = (
                "; only kinds datetime, offset_time and zoned_datetime have an offset"
            )
        elif name == "zone":
            hint = "; only kind zoned_datetime has a zone id"
        raise PatternError(
            f"'{text}' ({meaning}) does not belong in {_a(_KIND_WORDS[kind])}"
            f" pattern{hint}",
            run.offset,
        )
    return name


def _field(name: str, run: _Run) -> Field:
    """How a checked run is written and read."""
    letter, count = run.letter, run.count
    if name == "year":
        # y reads 1-9 digits, yy two, yyy 3-9, and a longer run exactly that many
        least, most = {1: (1, 9), 2: (2, 2), 3: (3, 9)}.get(count, (count, count))
        return NumberField(
            name=name,
            groups=(name,),
            pad=0 if count == 1 else count,
            least=least,
            most=most,
            modulo=100 if count == 2 else None,  # yy: the last two digits
            clock=False,
        )
    if name in ("month", "day", "hour", "minute", "second"):
        return NumberField(
            name=name,
            groups=(name,),
            pad=0 if count == 1 else 2,
            least=1 if count == 1 else 2,
            most=2,
            modulo=None,
            clock=letter == "h",
        )
    if name == "marker":
        return MarkerField(name=name, groups=(name,))
    if name == "zone":
        return ZoneField(name=name, groups=("zone_id",))
    if name == "fraction":
        digits = min(count, 6)
        return FractionField(
            name=name,
            groups=("fraction", "nanos") if count > 6 else ("fraction",),
            digits=digits,
            divisor=10 ** (6 - digits),
            pad=0 if count == 1 else digits,
            zeros=max(count - 6, 0),
        )
    return OffsetField(
        name=name,
        groups=("sign", "offset_hours", "offset_minutes"),
        zulu=letter == "X",
        colon=count == 3 and letter != "Z",
        short=count == 1 and letter != "Z",
    )


# --------------------------------------------------------------------- planning


def plan_pattern(pattern: str, kind: str, name: str) -> PatternPlan:
    """Check a Java DateTimeFormatter pattern for one kind of value, and plan its code.

    ``kind`` is ``"date"``, ``"time"`` (naive), ``"local_datetime"`` (naive),
    ``"datetime"`` (aware; the pattern must hold an offset field), ``"year_month"`` or
    ``"month_day"`` (foryjson.javatime's ``YearMonth`` and ``MonthDay``; a year-month
    pattern writes and reads years 1 to 9999, as a date pattern does),
    ``"offset_time"`` (a ``time`` with a ``timezone``; the pattern must hold an offset
    field) or ``"zoned_datetime"`` (an aware ``datetime``; the pattern must hold a zone
    id ``VV``, an offset field or both). ``name`` is the suffix of the generated names:
    ``_format_{name}``, ``_parse_{name}`` and ``_PATTERN_{name}``. Raises ``PatternError`` for anything the pattern asks that the
    generator does not support or the kind cannot hold.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown pattern kind {kind!r}; expected one of {KINDS}")
    if not f"_{name}".isidentifier():
        raise ValueError(f"{name!r} cannot be part of a Python name")

    runs: dict[str, _Run] = {}
    pieces: list[Piece] = []
    for token in _tokenize(pattern):
        if isinstance(token, str):
            for char in token:
                if "\ud800" <= char <= "\udfff":
                    raise PatternError(
                        "a lone surrogate cannot be written as UTF-8",
                        pattern.index(char),
                    )
            pieces.append(Text(token))
            continue
        field_name = _check_run(token, kind)
        first = runs.get(field_name)
        if first is not None:
            raise PatternError(
                f"'{token.text}' gives the {_NAMES[field_name]} a second time (first"
                f" as '{first.text}' at offset {first.offset})",
                token.offset,
            )
        runs[field_name] = token
        pieces.append(_field(field_name, token))
    _check_fields(pattern, kind, runs)

    fields = [piece for piece in pieces if not isinstance(piece, Text)]
    word = _KIND_WORDS[kind] if kind != "local_datetime" else "datetime"
    year = runs.get("year")
    return PatternPlan(
        name=name,
        text=pattern,
        kind=kind,
        class_name=_CLASSES[kind],
        word=word,
        article="an" if word[0] in "aeiou" else "a",
        pieces=tuple(pieces),
        groups=tuple(group for field in fields for group in field.groups),
        has_date=kind not in ("time", "offset_time"),
        has_time=kind not in ("date", "year_month", "month_day"),
        marker=any(isinstance(field, MarkerField) for field in fields),
        # Java's base year for two-digit years
        base_year=2000 if year is not None and year.count == 2 else None,
        fraction=next((f for f in fields if isinstance(f, FractionField)), None),
        offset=next((f for f in fields if isinstance(f, OffsetField)), None),
        zone=next((f for f in fields if isinstance(f, ZoneField)), None),
    )


def _check_fields(pattern: str, kind: str, runs: dict[str, _Run]) -> None:
    """Check the fields together: the kind's required ones, and pairs that go together."""
    end = len(pattern)
    word = _a(_KIND_WORDS[kind])
    for needed, example in _NEEDED_DATE_FIELDS[kind]:
        if needed not in runs:
            raise PatternError(f"{word} pattern needs a {needed} ('{example}')", end)
    if kind not in ("date", "year_month", "month_day") and "hour" not in runs:
        raise PatternError(
            f"{word} pattern needs an hour ('HH', or 'hh' with 'a')", end
        )
    if kind == "datetime" and "offset" not in runs:
        raise PatternError(
            "a datetime pattern needs an offset ('XXX', 'xx', 'Z'...); use kind"
            " local_datetime for a datetime without one",
            end,
        )
    if kind == "offset_time" and "offset" not in runs:
        raise PatternError(
            "an offset time pattern needs an offset ('XXX', 'xx', 'Z'...); use kind"
            " time for a time without one",
            end,
        )
    if kind == "zoned_datetime" and "offset" not in runs and "zone" not in runs:
        raise PatternError(
            "a zoned date-time pattern needs a zone id ('VV') or an offset ('XXX',"
            " 'xx', 'Z'...); use kind local_datetime for a datetime without either",
            end,
        )
    hour = runs.get("hour")
    marker = runs.get("marker")
    if hour is not None and hour.letter == "h" and marker is None:
        raise PatternError(
            f"the clock hour '{hour.text}' needs an AM/PM marker 'a'", hour.offset
        )
    if marker is not None and (hour is None or hour.letter != "h"):
        raise PatternError(
            "the AM/PM marker 'a' needs a clock hour 'hh' or 'h' (a 24-hour 'HH'"
            " needs no marker)",
            marker.offset,
        )
    for inner, outer, example in (
        ("second", "minute", "mm"),
        ("fraction", "second", "ss"),
    ):
        if inner in runs and outer not in runs:
            run = runs[inner]
            raise PatternError(
                f"'{run.text}' ({_NAMES[inner]}) needs the {_NAMES[outer]} ('{example}')",
                run.offset,
            )
