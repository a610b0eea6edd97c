"""Schema text into generated source: one quoting function per context.

Schemas are semi-trusted: whatever text they hold (JSON names, subtype names and the
subtype property, enum values, docs, defaults, patterns, file names) must reach the
generated module as data, never as code. Every place that puts schema text into
source goes through one of these functions, chosen by where the text lands:

* ``string_literal``: a whole Python string expression;
* ``fstring_text``: literal text inside a single-quoted f-string (or any single-quoted
  string: braces are doubled, which only an f-string undoes, so use it for f-strings);
* ``docstring``: the body of a triple-quoted docstring;
* ``comment``: the rest of a ``#`` comment line;
* ``identifier``: a Python name, which is checked rather than quoted.

Strings are written in ASCII; docstrings and comments keep printable characters and
escape the rest, so no character can end a line or a literal where the tokenizer and
a reader would disagree (``\\u2028``, NUL, a lone surrogate).
"""

from __future__ import annotations

import keyword
import textwrap

__all__ = [
    "comment",
    "docstring",
    "fstring_text",
    "identifier",
    "import_line",
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


def import_line(path: str, alias: str) -> str:
    """``from package.module import name as alias`` for a ``package.module:name`` path."""
    module, _, name = path.partition(":")
    for part in (*module.split("."), name, alias):
        identifier(part)
    return f"from {module} import {name}" + ("" if name == alias else f" as {alias}")


#: The filters templates quote with, by the name templates use.
FILTERS = {
    "string_literal": string_literal,
    "fstring_text": fstring_text,
    "comment": comment,
    "identifier": identifier,
}
