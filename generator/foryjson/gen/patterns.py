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
=========== ======================================================================

Any character that is not an ASCII letter stands for itself; ``'text'`` quotes
letters and ``''`` is a single quote. Everything else Java reserves or defines (optional
sections, text fields, week fields, zone names...) is a ``PatternError`` at generation
time, as is a field the kind has no use for, a field given twice, or a kind's missing
field.
"""

from __future__ import annotations

from dataclasses import dataclass

from .code import INDENT, Function

__all__ = ["KINDS", "CompiledPattern", "PatternError", "compile_pattern"]

#: The kinds of value a pattern can describe, by the name the schema uses.
KINDS = ("date", "time", "local_datetime", "datetime")

_KIND_WORDS = {
    "date": "date",
    "time": "time",
    "local_datetime": "local datetime",
    "datetime": "datetime",
}

#: The Python class of each kind, as generated code names it.
_CLASSES = {
    "date": "date",
    "time": "time",
    "local_datetime": "datetime",
    "datetime": "datetime",
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


@dataclass(frozen=True)
class CompiledPattern:
    """The generated code for one pattern.

    ``format_function`` takes any value and returns its JSON string, quotes included;
    ``parse_function`` takes the plain value the reader produced. ``constants`` are
    module-level assignments the functions use and ``imports`` the names the module
    must import (``re``, ``date``, ``time``, ``datetime``, ``timedelta``,
    ``timezone``, ``encode_mismatch``, ``decode_mismatch``, ``DecodeError``).
    """

    format_function: Function
    parse_function: Function
    constants: list[str]
    imports: set[str]


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
    "V": "time-zone ID",
    "v": "generic time-zone name",
    "z": "time-zone name",
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
}


@dataclass(frozen=True)
class _Field:
    """One checked letter run: how it is written and matched."""

    name: str
    run: _Run
    piece: str
    """The text inside the format function's f-string, replacement fields included."""
    regex: str
    groups: tuple[str, ...]
    """The local names the parse function gives the regex's groups, in order."""


def _check_run(run: _Run, kind: str) -> str:
    """The field name of a run, once its letter, length and kind are checked."""
    letter, text = run.letter, run.text
    if letter in _UNSUPPORTED:
        raise PatternError(
            f"pattern letter '{letter}' ({_UNSUPPORTED[letter]}) is not supported",
            run.offset,
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
            hint = "; only kind datetime has an offset"
        raise PatternError(
            f"'{text}' ({meaning}) does not belong in a {_KIND_WORDS[kind]}"
            f" pattern{hint}",
            run.offset,
        )
    return name


def _field(name: str, run: _Run) -> _Field:
    """The writing and matching of a checked run."""
    letter, count = run.letter, run.count
    if name == "year":
        if count == 2:
            return _Field(name, run, "{value.year % 100:02d}", "([0-9]{2})", ("year",))
        if count == 1:
            return _Field(name, run, "{value.year}", "([0-9]{1,9})", ("year",))
        if count == 3:
            return _Field(name, run, "{value.year:03d}", "([0-9]{3,9})", ("year",))
        return _Field(
            name, run, f"{{value.year:0{count}d}}", f"([0-9]{{{count}}})", ("year",)
        )
    if name in ("month", "day", "hour", "minute", "second"):
        attribute = name
        if letter == "h":
            attribute = "hour % 12 or 12"
        regex = "([0-9]{1,2})" if count == 1 else "([0-9]{2})"
        spec = "" if count == 1 else ":02d"
        return _Field(name, run, f"{{value.{attribute}{spec}}}", regex, (name,))
    if name == "marker":
        return _Field(name, run, "{marker}", "(AM|PM)", ("marker",))
    if name == "fraction":
        return _fraction(run)
    return _offset(run)


def _fraction(run: _Run) -> _Field:
    count = run.count
    if count < 6:
        divisor = 10 ** (6 - count)
        spec = "" if count == 1 else f":0{count}d"
        piece = f"{{value.microsecond // {divisor}{spec}}}"
        regex = "([0-9])" if count == 1 else f"([0-9]{{{count}}})"
        return _Field("fraction", run, piece, regex, ("fraction",))
    if count == 6:
        return _Field(
            "fraction", run, "{value.microsecond:06d}", "([0-9]{6})", ("fraction",)
        )
    extra = count - 6
    return _Field(
        "fraction",
        run,
        "{value.microsecond:06d}" + "0" * extra,
        f"([0-9]{{6}})([0-9]{{{extra}}})",
        ("fraction", "nanos"),
    )


def _offset(run: _Run) -> _Field:
    letter, count = run.letter, run.count
    colon = ":" if count == 3 and letter != "Z" else ""
    minutes = "([0-5][0-9])?" if count == 1 and letter != "Z" else "([0-5][0-9])"
    regex = f"([+-])([0-9]{{2}}){colon}{minutes}"
    if letter == "X":
        regex = f"(?:Z|{regex})"
    groups = ("sign", "offset_hours", "offset_minutes")
    if letter == "X" or (letter == "x" and count == 1):
        return _Field("offset", run, "{zone}", regex, groups)
    return _Field(
        "offset", run, f"{{sign}}{{hours:02d}}{colon}{{minutes:02d}}", regex, groups
    )


# --------------------------------------------------------------------- escaping


def _char_escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _python_string(text: str) -> str:
    """A double-quoted Python literal for text, ASCII only."""
    out = []
    for char in text:
        if char in '\\"':
            out.append("\\" + char)
        elif " " <= char <= "~":
            out.append(char)
        else:
            out.append(_char_escape(char))
    return '"' + "".join(out) + '"'


def _json_in_fstring(text: str) -> str:
    """Literal text as it appears inside a JSON string inside a single-quoted f-string."""
    out = []
    for char in text:
        if char == '"':
            out.append('\\\\"')  # the JSON escape \", its backslash escaped for Python
        elif char == "\\":
            out.append("\\" * 4)  # the JSON escape \\, both backslashes escaped
        elif char in _SHORT_ESCAPES:
            out.append("\\\\" + _SHORT_ESCAPES[char])
        elif char < " ":
            out.append(f"\\\\u{ord(char):04x}")
        elif char in "{}":
            out.append(char * 2)
        elif char == "'":
            out.append("\\'")
        elif char <= "~":
            out.append(char)
        else:
            out.append(_char_escape(char))
    return "".join(out)


_SHORT_ESCAPES = {"\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t"}

_REGEX_SPECIAL = frozenset(".^$*+?{}[]\\|()")


def _regex_literal(text: str) -> str:
    """Literal text in a regular expression written as a raw double-quoted string."""
    out = []
    for char in text:
        if char in _REGEX_SPECIAL:
            out.append("\\" + char)
        elif " " <= char <= "~" and char != '"':
            out.append(char)
        else:
            out.append(_char_escape(char))
    return "".join(out)


# --------------------------------------------------------------------- compiling


def compile_pattern(pattern: str, kind: str, name: str) -> CompiledPattern:
    """Compile a Java DateTimeFormatter pattern for one kind of value.

    ``kind`` is ``"date"``, ``"time"`` (naive), ``"local_datetime"`` (naive) or
    ``"datetime"`` (aware; the pattern must hold an offset field). ``name`` is the
    suffix of the generated names: ``_format_{name}``, ``_parse_{name}`` and
    ``_PATTERN_{name}``. Raises ``PatternError`` for anything the pattern asks that the
    generator does not support or the kind cannot hold.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown pattern kind {kind!r}; expected one of {KINDS}")
    if not f"_{name}".isidentifier():
        raise ValueError(f"{name!r} cannot be part of a Python name")

    tokens = _tokenize(pattern)
    fields: dict[str, _Field] = {}
    for token in tokens:
        if isinstance(token, str):
            for char in token:
                if "\ud800" <= char <= "\udfff":
                    raise PatternError(
                        "a lone surrogate cannot be written as UTF-8",
                        pattern.index(char),
                    )
            continue
        field_name = _check_run(token, kind)
        first = fields.get(field_name)
        if first is not None:
            raise PatternError(
                f"'{token.text}' gives the {_NAMES[field_name]} a second time (first"
                f" as '{first.run.text}' at offset {first.run.offset})",
                token.offset,
            )
        fields[field_name] = _field(field_name, token)
    _check_fields(pattern, kind, fields)

    piece_of: dict[int, _Field] = {field.run.offset: field for field in fields.values()}
    pieces = []
    regex = []
    for token in tokens:
        if isinstance(token, str):
            pieces.append(_json_in_fstring(token))
            regex.append(_regex_literal(token))
        else:
            field = piece_of[token.offset]
            pieces.append(field.piece)
            regex.append(field.regex)

    constant = f"_PATTERN_{name}"
    class_name = _CLASSES[kind]
    imports = {
        "re",
        class_name,
        "encode_mismatch",
        "decode_mismatch",
        "DecodeError",
    }
    if kind == "datetime":
        imports |= {"timedelta", "timezone"}
    format_body = [
        *_type_check(kind),
        *_format_locals(fields),
        "return f'\"" + "".join(pieces) + "\"'",
    ]
    parse_body = _parse_body(pattern, kind, constant, fields)
    return CompiledPattern(
        format_function=Function(
            f"_format_{name}", "value: object", "str", format_body
        ),
        parse_function=Function(
            f"_parse_{name}", "data: object", class_name, parse_body
        ),
        constants=[f'{constant} = re.compile(r"{"".join(regex)}")'],
        imports=imports,
    )


def _check_fields(pattern: str, kind: str, fields: dict[str, _Field]) -> None:
    """Check the fields together: the kind's required ones, and pairs that go together."""
    end = len(pattern)
    word = _KIND_WORDS[kind]
    if kind != "time":
        for needed, example in (("year", "uuuu"), ("month", "MM"), ("day", "dd")):
            if needed not in fields:
                raise PatternError(
                    f"a {word} pattern needs a {needed} ('{example}')", end
                )
    if kind != "date" and "hour" not in fields:
        raise PatternError(
            f"a {word} pattern needs an hour ('HH', or 'hh' with 'a')", end
        )
    if kind == "datetime" and "offset" not in fields:
        raise PatternError(
            "a datetime pattern needs an offset ('XXX', 'xx', 'Z'...); use kind"
            " local_datetime for a datetime without one",
            end,
        )
    hour = fields.get("hour")
    marker = fields.get("marker")
    if hour is not None and hour.run.letter == "h" and marker is None:
        raise PatternError(
            f"the clock hour '{hour.run.text}' needs an AM/PM marker 'a'",
            hour.run.offset,
        )
    if marker is not None and (hour is None or hour.run.letter != "h"):
        raise PatternError(
            "the AM/PM marker 'a' needs a clock hour 'hh' or 'h' (a 24-hour 'HH'"
            " needs no marker)",
            marker.run.offset,
        )
    for inner, outer, example in (
        ("second", "minute", "mm"),
        ("fraction", "second", "ss"),
    ):
        if inner in fields and outer not in fields:
            run = fields[inner].run
            raise PatternError(
                f"'{run.text}' ({_NAMES[inner]}) needs the {_NAMES[outer]} ('{example}')",
                run.offset,
            )


def _type_check(kind: str) -> list[str]:
    """The format function's opening lines: reject values of the wrong type."""
    if kind == "date":
        return [
            "if type(value) is not date:",
            f'{INDENT}raise encode_mismatch(value, "a date")',
        ]
    if kind in ("time", "local_datetime"):
        class_name = _CLASSES[kind]
        return [
            f"if type(value) is not {class_name} or value.tzinfo is not None:",
            f'{INDENT}raise encode_mismatch(value, "a naive {class_name}")',
        ]
    return [
        "if type(value) is not datetime:",
        f'{INDENT}raise encode_mismatch(value, "an aware datetime")',
        "offset = value.utcoffset()",
        "if offset is None:",
        f'{INDENT}raise encode_mismatch(value, "an aware datetime")',
        "seconds = offset.days * 86400 + offset.seconds",
        "if offset.microseconds or seconds % 60 or not -64800 <= seconds <= 64800:",
        f"{INDENT}raise encode_mismatch(",
        f'{INDENT * 2}value, "a datetime whose UTC offset is whole minutes, within 18'
        ' hours"',
        f"{INDENT})",
        'sign = "-" if seconds < 0 else "+"',
        "hours, minutes = divmod(abs(seconds) // 60, 60)",
    ]


def _format_locals(fields: dict[str, _Field]) -> list[str]:
    """Lines that compute the locals the f-string uses besides ``value``."""
    lines = []
    if "marker" in fields:
        lines.append('marker = "PM" if value.hour >= 12 else "AM"')
    offset = fields.get("offset")
    if offset is None or offset.piece != "{zone}":
        return lines
    letter, count = offset.run.letter, offset.run.count
    colon = ":" if count == 3 else ""
    full = f'f"{{sign}}{{hours:02d}}{colon}{{minutes:02d}}"'
    short = 'f"{sign}{hours:02d}"'
    if letter == "x":  # x: the hour alone unless the minutes are not zero
        lines.append(f"zone = {full} if minutes else {short}")
    elif count > 1:
        lines.append(f'zone = {full} if seconds else "Z"')
    else:
        lines += [
            "if not seconds:",
            f'{INDENT}zone = "Z"',
            "elif minutes:",
            f"{INDENT}zone = {full}",
            "else:",
            f"{INDENT}zone = {short}",
        ]
    return lines


def _parse_body(
    pattern: str, kind: str, constant: str, fields: dict[str, _Field]
) -> list[str]:
    word = _KIND_WORDS[kind] if kind != "local_datetime" else "datetime"
    article = "an" if word[0] in "aeiou" else "a"
    expected = _python_string(f"{article} {word} in the form {pattern!r}")
    ordered = sorted(fields.values(), key=lambda field: field.run.offset)
    groups = [group for field in ordered for group in field.groups]
    lines = [
        f"match = {constant}.fullmatch(data) if type(data) is str else None",
        "if match is None:",
        f"{INDENT}raise decode_mismatch(data, {expected})",
    ]
    if len(groups) == 1:
        lines.append(f"{groups[0]} = match[1]")
    else:
        lines.append(f"{', '.join(groups)} = match.groups()")

    def invalid(reason: str) -> str:
        return f'{INDENT}raise DecodeError(f"invalid {word} {{data!r}}: {reason}")'

    arguments = []
    if kind != "time":
        year = "int(year)"
        if fields["year"].run.count == 2:
            year = "2000 + int(year)"  # Java's base year for two-digit years
        arguments += [year, "int(month)", "int(day)"]
    if kind != "date":
        hour = fields["hour"]
        if hour.run.letter == "h":
            lines += [
                "clock_hour = int(hour)",
                "if not 1 <= clock_hour <= 12:",
                invalid("clock hour must be in 1..12"),
            ]
            arguments.append('clock_hour % 12 + (12 if marker == "PM" else 0)')
        else:
            arguments.append("int(hour)")
        arguments += [f"int({name})" for name in ("minute", "second") if name in fields]
    fraction = fields.get("fraction")
    if fraction is not None:
        count = fraction.run.count
        if count > 6:
            lines += [
                "if int(nanos):",
                invalid("a fraction of second finer than microseconds"),
            ]
        scale = f" * {10 ** (6 - count)}" if count < 6 else ""
        arguments.append(f"int(fraction){scale}")
    offset = fields.get("offset")
    if offset is not None:
        minutes = "int(offset_minutes)"
        if offset.run.count == 1 and offset.run.letter != "Z":
            minutes = "int(offset_minutes or 0)"
        zone = [
            f"offset = int(offset_hours) * 60 + {minutes}",
            "if offset > 1080:",
            invalid("UTC offset beyond 18 hours"),
            'zone = timezone(timedelta(minutes=-offset if sign == "-" else offset))',
        ]
        if offset.run.letter == "X":
            lines += [
                "if sign is None:",
                f"{INDENT}zone = timezone.utc",
                "else:",
                *(INDENT + line for line in zone),
            ]
        else:
            lines += zone
        arguments.append("tzinfo=zone")
    lines += [
        "try:",
        f"{INDENT}return {_CLASSES[kind]}({', '.join(arguments)})",
        "except ValueError as error:",
        invalid("{error}") + " from None",
    ]
    return lines
