"""Lay out compact JSON text with two-space indentation, without parsing it again.

The layout is that of Python's ``json.dumps(value, indent=2)``::

    {
      "media": {
        "uri": "http://javaone.com/keynote.mpg",
        "persons": [
          "Bill Gates",
          "Steve Jobs"
        ],
        "tags": [],
        "extra": {}
      }
    }

Every member and element starts a line, indented two spaces per level; a colon is
followed by one space; empty containers stay ``{}`` and ``[]``; lines end in ``\\n``
and the text has no trailing newline. Jackson's ``DefaultPrettyPrinter`` writes
``"key" : value`` and keeps arrays on one line (``[ 1, 2 ]``); both are the same JSON
value, and this layout is the one Python tools and diff viewers produce.

Strings, numbers and constants are copied exactly as they are: a big integer, an exact
decimal or ``-0.0`` keep their text, and escapes are left alone. Only whitespace
changes, so the result reads back to the same value.
"""

from __future__ import annotations

import re

__all__ = ["indent"]

# A string, an empty container, one structural character, or a run of anything else
# (a number or a constant). Whitespace between tokens matches nothing and is dropped.
# Strings are matched as quote, non-quotes, quote: escaped backslashes and quotes are
# masked first, since a group repeated over a string's escapes would keep a
# backtracking record per escape (memory in proportion to the string).
_TOKEN = re.compile(
    r'"[^"]*"'
    r"|[,:}\]]|\{(?:[ \t\n\r]*\})?|\[(?:[ \t\n\r]*\])?"
    r'|[^"{}\[\],: \t\n\r]+'
)
# The masks: control characters, which JSON text never holds raw (strings escape them,
# and outside strings only whitespace is allowed), in pairs as wide as the escapes.
_BACKSLASH, _QUOTE = "\x00\x00", "\x01\x01"


def indent(text: str) -> str:
    """Return ``text``, one JSON document, laid out with two-space indentation.

    ``text`` is normally the compact output of an encoder; whitespace it holds outside
    strings (from a raw-value field, say) is replaced by the layout.
    """
    out: list[str] = []
    append = out.append
    breaks = ["\n"]  # breaks[n]: a line break and the indentation of level n
    level = 0
    masked = "\\" in text
    if masked:
        text = text.replace("\\\\", _BACKSLASH).replace('\\"', _QUOTE)
    for piece in _TOKEN.findall(text):
        if piece == ",":
            append(",")
            append(breaks[level])
        elif piece == ":":
            append(": ")
        elif piece == "{" or piece == "[":
            level += 1
            if level == len(breaks):
                breaks.append(breaks[-1] + "  ")
            append(piece)
            append(breaks[level])
        elif piece == "}" or piece == "]":
            if level:
                level -= 1
            append(breaks[level])
            append(piece)
        elif piece[0] == "{" or piece[0] == "[":
            append(piece[0] + piece[-1])  # an empty container, whitespace dropped
        else:
            append(piece)
    result = "".join(out)
    if masked:
        result = result.replace(_BACKSLASH, "\\\\").replace(_QUOTE, '\\"')
    return result
