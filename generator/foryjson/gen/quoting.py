"""Schema text into generated source: one quoting function per context.

Schemas are semi-trusted: whatever text they hold (JSON names, subtype names and the
subtype property, enum values, docs, defaults, patterns, file names) must reach the
generated module as data, never as code. Every place that puts schema text into
source goes through one of these functions, chosen by where the text lands:

* ``string_literal``: a whole Python string expression;
* ``fstring_text``: literal text inside a single-quoted f-string (or any single-quoted
  string: braces are doubled, which only an f-string undoes, so use it for f-strings);
* ``json_fstring_text``: literal text inside a JSON string that a single-quoted
  f-string writes (a date/time pattern's literal text, quotes included);
* ``regex_text``: literal text inside a regular expression written as a raw,
  double-quoted string;
* ``docstring``: the body of a triple-quoted docstring;
* ``comment``: the rest of a ``#`` comment line;
* ``identifier``: a Python name, which is checked rather than quoted;
* ``module_path``: a module an import names (``reference`` splits a schema's
  ``package.module:name`` into its module and name, checked);
* ``python_literal``: a value (a default, a bound) as the expression that builds it;
* ``json_string``: text as a JSON string, which then goes through a Python filter;
* ``c_string``: a C string literal (the native target's C source), and ``c_length``
  the number of bytes it holds;
* ``c_comment``: text inside a C ``/* */`` comment;
* ``c_identifier`` and ``c_integer``: a C name, checked, and an integer bound.

Strings are written in ASCII; docstrings and comments keep printable characters and
escape the rest, so no character can end a line or a literal where the tokenizer and
a reader would disagree (``\\u2028``, NUL, a lone surrogate).
"""

from __future__ import annotations

import datetime as dt
import json
import keyword
import textwrap
import uuid
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .plan import Value

__all__ = [
    "builtin_literal",
    "c_comment",
    "c_identifier",
    "c_integer",
    "c_string",
    "comment",
    "docstring",
    "fstring_text",
    "identifier",
    "json_fstring_text",
    "json_string",
    "module_path",
    "python_literal",
    "reference",
    "regex_text",
    "string_literal",
]


def _escape(char: str) -> str:
    """The escape of one character: ``\\n``, ``\\x00``, ``\\u2028``, ``\\U0001f600``."""
    if char.isascii():
        return repr(char)[1:-1]
    code = ord(char)
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def string_literal(text: str) -> str:
    """A Python string literal, ASCII only, that evaluates to exactly ``text``.

    black settles the quotes afterwards; it only swaps them when that adds no escape.
    """
    return repr(text).encode("ascii", "backslashreplace").decode("ascii")


def fstring_text(text: str) -> str:
    """``text`` as literal characters inside a single-quoted f-string.

    Braces are doubled so that no replacement field can start; quotes, backslashes
    and every character that is not printable ASCII are escaped.
    """
    out = []
    for char in text:
        if char in "{}":
            out.append(char * 2)
        elif char in "\\'":
            out.append("\\" + char)
        elif char.isprintable() and char.isascii():
            out.append(char)
        else:
            out.append(_escape(char))
    return "".join(out)


def _code_escape(char: str) -> str:
    """The numeric escape of one character: ``\\x0a``, ``\\u2028``, ``\\U0001f600``.

    Unlike ``_escape``, ASCII controls and Latin-1 characters get ``\\xNN`` too (never
    ``\\n``), an escape Python strings and ``re`` both read the same way.
    """
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


_JSON_SHORT_ESCAPES = {"\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t"}


def json_fstring_text(text: str) -> str:
    """``text`` as it appears inside a JSON string inside a single-quoted f-string.

    Two levels of quoting: the JSON escape of each character (``\\"``, ``\\\\``,
    ``\\n``, ``\\u0001``), whose backslashes are then escaped for Python; braces
    are doubled so that no replacement field can start, single quotes are escaped and
    every character beyond ASCII gets its numeric escape (the f-string's own, which
    writes the character itself into the JSON text).
    """
    out = []
    for char in text:
        if char == '"':
            out.append('\\\\"')  # the JSON escape \", its backslash escaped for Python
        elif char == "\\":
            out.append("\\" * 4)  # the JSON escape \\, both backslashes escaped
        elif char in _JSON_SHORT_ESCAPES:
            out.append("\\\\" + _JSON_SHORT_ESCAPES[char])
        elif char < " ":
            out.append(f"\\\\u{ord(char):04x}")
        elif char in "{}":
            out.append(char * 2)
        elif char == "'":
            out.append("\\'")
        elif char <= "~":
            out.append(char)
        else:
            out.append(_code_escape(char))
    return "".join(out)


_REGEX_SPECIAL = frozenset(".^$*+?{}[]\\|()")


def regex_text(text: str) -> str:
    """``text`` as literal characters in a regular expression, in a raw ``r"..."`` string.

    Characters special to ``re`` get a backslash; the double quote and every character
    that is not printable ASCII get a numeric escape, which ``re`` reads (a raw string
    cannot escape them itself).
    """
    out = []
    for char in text:
        if char in _REGEX_SPECIAL:
            out.append("\\" + char)
        elif " " <= char <= "~" and char != '"':
            out.append(char)
        else:
            out.append(_code_escape(char))
    return "".join(out)


def docstring(text: str, width: int = 84) -> str:
    """A triple-quoted docstring literal for text, paragraphs wrapped to ``width``.

    Paragraphs that look laid out already (lists, indented blocks) keep their lines.
    """
    paragraphs = text.strip().split("\n\n")
    wrapped = []
    for paragraph in paragraphs:
        if (
            paragraph.lstrip().startswith(("Attributes:", "-", "*"))
            or "\n    " in paragraph
        ):
            wrapped.append(paragraph)  # already laid out
        else:
            wrapped.append(textwrap.fill(" ".join(paragraph.split()), width))
    body = "\n\n".join(wrapped).replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    # What is left are runs of at most two quotes; one at the very end would merge
    # with the closing quotes, so a space keeps it apart (black would add one anyway).
    body = "".join(
        char if char.isprintable() or char in "\n\t" else _escape(char) for char in body
    )
    if body.endswith('"'):
        body += " "
    return f'"""{body}\n"""' if "\n" in body else f'"""{body}"""'


def comment(text: str) -> str:
    """``text`` for the rest of a comment line: every line break or control escaped."""
    return "".join(char if char.isprintable() else _escape(char) for char in text)


def identifier(name: str) -> str:
    """``name`` itself, once it is checked to be a Python name that is no keyword.

    The schema loader refuses such names with a located error; this is the last
    check before the text becomes code, so a name that slipped through fails
    generation instead of changing what the module does.
    """
    if not name.isidentifier() or keyword.iskeyword(name):
        raise ValueError(f"{name!r} cannot be a Python name in generated code")
    return name


def module_path(path: str) -> str:
    """``path`` itself, once checked to be a module path: dotted names, maybe relative."""
    names = path.lstrip(".")
    if names or path == names:
        for part in names.split("."):
            identifier(part)
    return path


def reference(path: str) -> tuple[str, str]:
    """The module and name of a schema's ``package.module:name`` reference, checked."""
    module, _, name = path.partition(":")
    return module_path(module), identifier(name)


def json_string(text: str) -> str:
    """``text`` as a JSON string, quotes included, as the encoders write it.

    The result is JSON, not Python: it still goes through a Python quoting filter
    (``fstring_text`` or ``string_literal``) on its way into the source.
    """
    return json.dumps(text, ensure_ascii=False)


def _same(name: str) -> str:
    return name


def builtin_literal(value: object, spell: Callable[[str], str] = _same) -> str:
    """Python source that builds a value of a built-in type: a default or a bound.

    ``spell`` gives the name an imported class goes by where the literal stands.
    """
    if isinstance(value, Decimal):
        return f"{spell('Decimal')}({string_literal(str(value))})"
    if isinstance(value, uuid.UUID):
        return f"{spell('UUID')}({string_literal(str(value))})"
    if isinstance(value, dt.datetime):
        parts = [value.year, value.month, value.day, value.hour, value.minute]
        extra = (
            [value.second, value.microsecond]
            if value.second or value.microsecond
            else []
        )
        text = ", ".join(str(part) for part in [*parts, *extra])
        if value.tzinfo is None:
            return f"{spell('datetime')}({text})"
        offset = value.utcoffset()
        assert offset is not None
        timezone = spell("timezone")
        zone = (
            f"{timezone}.utc"
            if not offset
            else f"{timezone}({builtin_literal(offset, spell)})"
        )
        return f"{spell('datetime')}({text}, tzinfo={zone})"
    if isinstance(value, dt.date):
        return f"{spell('date')}({value.year}, {value.month}, {value.day})"
    if isinstance(value, dt.time):
        fields = [value.hour, value.minute, value.second, value.microsecond]
        while len(fields) > 2 and not fields[-1]:
            fields.pop()
        return f"{spell('time')}({', '.join(str(part) for part in fields)})"
    if isinstance(value, dt.timedelta):
        arguments = [
            f"{name}={amount}"
            for name, amount in (
                ("days", value.days),
                ("seconds", value.seconds),
                ("microseconds", value.microseconds),
            )
            if amount
        ]
        return f"{spell('timedelta')}({', '.join(arguments)})"
    if isinstance(value, str):
        return string_literal(value)
    if isinstance(value, bool | int | float | bytes | None):
        return repr(value)
    if isinstance(value, list | dict | set | tuple) and not value:
        return "set()" if isinstance(value, set) else repr(value)
    raise TypeError(f"no literal for a default of type {type(value).__name__}")


def python_literal(value: Value) -> str:
    """A planned value as Python source: an enum member, or ``builtin_literal``."""
    if value.enum_class is not None:
        assert isinstance(value.value, str)
        return f"{value.enum_class}.{identifier(value.value)}"
    spellings = dict(value.spellings)
    return builtin_literal(value.value, lambda name: spellings.get(name, name))


def c_string(text: str) -> str:
    """A C string literal, ASCII only, holding exactly ``text``'s UTF-8 bytes.

    Letters, digits and safe punctuation stay, quotes and backslashes get their
    escapes, and every other byte is a three-digit octal escape, which no following
    character can extend: no trigraph (``??/``), line break or byte beyond ASCII
    reaches the source as itself. A lone surrogate has no UTF-8 form: the planner
    leaves such text to Python.
    """
    return (
        '"'
        + "".join(_C_SAFE.get(byte) or f"\\{byte:03o}" for byte in text.encode("utf-8"))
        + '"'
    )


_C_SAFE = {ord('"'): '\\"', ord("\\"): "\\\\"} | {
    byte: chr(byte)
    for byte in b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ .,:;-+=<>!@#$%^&*()[]{}|~`'/"
}


def c_length(text: str) -> int:
    """The number of bytes in ``c_string(text)``'s literal, its final NUL aside."""
    return len(text.encode("utf-8"))


def c_comment(text: str) -> str:
    """``text`` inside a C block comment: printable ASCII, ``*/`` broken up, the
    rest escaped as in Python source."""
    out = "".join(char if " " <= char <= "~" else _escape(char) for char in text)
    return out.replace("*/", "* /").replace("/*", "/ *")


def c_identifier(name: str) -> str:
    """``name`` itself, once checked to be an ASCII C identifier."""
    if not (name.isascii() and name.isidentifier()):
        raise ValueError(f"not an ASCII identifier: {name!r}")
    return name


def c_integer(value: int) -> str:
    """A C ``long long`` constant; the smallest one is spelled as C needs it."""
    if value == -(2**63):
        return "(-9223372036854775807LL - 1)"
    if not -(2**63) < value < 2**63:
        raise ValueError(f"not a 64-bit integer: {value}")
    return f"{value}LL"


#: The filters templates quote with, by the name templates use.
FILTERS = {
    "string_literal": string_literal,
    "fstring_text": fstring_text,
    "comment": comment,
    "identifier": identifier,
    "module_path": module_path,
    "json_string": json_string,
    "json_fstring_text": json_fstring_text,
    "regex_text": regex_text,
    "python_literal": python_literal,
    "c_string": c_string,
    "c_length": c_length,
    "c_comment": c_comment,
    "c_identifier": c_identifier,
    "c_integer": c_integer,
}
